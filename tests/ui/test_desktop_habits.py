"""After an export, printing, copying the sheet as text, and Help (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QPushButton

import ui.systems.swords_edge.exports
import ui.systems.swords_edge.printing
from seforge import __version__
from seforge.systems.swords_edge import library
from tests.ui.helpers import se_part
from ui.shell.help import HelpWindow
from ui.shell.window import MainWindow
from ui.systems.swords_edge.printing import PrintJob, cards_job, sheets_job


def _text(page: object) -> str:
    """A page's text with runs of white space (Qt's PDFs use tabs) as one space."""
    return " ".join(page.extract_text().split())  # type: ignore[attr-defined]


def _export_box(window: MainWindow) -> QMessageBox:
    boxes = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, QMessageBox) and w.objectName() == "exportDone" and w.isVisible()]
    assert len(boxes) == 1
    return boxes[0]


def _pdf_printer(path: Path) -> object:
    """make_printer, but printing into a PDF file instead of a real printer."""
    real = ui.systems.swords_edge.printing.make_printer

    def make(job: PrintJob) -> QPrinter:
        printer = real(job)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(path))
        return printer
    return make


class _Accepting:
    """A print dialog the user accepts at once."""

    def __init__(self, *_a: object) -> None: ...
    def setWindowTitle(self, _t: str) -> None: ...
    def exec(self) -> int:
        from PySide6.QtPrintSupport import QPrintDialog

        return int(QPrintDialog.DialogCode.Accepted.value)


def test_export_offers_to_open_the_pdf(window: MainWindow, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path] = []
    exports = ui.systems.swords_edge.exports
    monkeypatch.setattr(exports, "open_file", lambda p: opened.append(p) or True)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(tmp_path / "sarah.pdf"), "")))
    se_part(window).open_book_character(library.load_pc("sarah-x"))
    path = se_part(window).export_sheet()
    assert path == tmp_path / "sarah.pdf"
    box = _export_box(window)
    assert box.text() == "Wrote sarah.pdf"
    open_button = box.findChild(QPushButton, "openPdf")
    assert open_button is not None and box.defaultButton() is open_button
    assert box.findChild(QPushButton, "printPdf") is not None
    open_button.click()
    assert opened == [path]
    assert not box.isVisible()


def test_export_print_button_prints_the_same_pages(window: MainWindow, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    printed = tmp_path / "printed.pdf"
    monkeypatch.setattr(ui.systems.swords_edge.printing, "make_printer", _pdf_printer(printed))
    monkeypatch.setattr(ui.systems.swords_edge.printing, "print_dialog", _Accepting)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(tmp_path / "party.pdf"), "")))
    se_part(window).open_book_character(library.load_pc("sarah-x"))
    se_part(window).open_book_character(library.load_pc("the-rogue"))
    exported = se_part(window).export_party()
    assert exported is not None
    _export_box(window).findChild(QPushButton, "printPdf").click()
    pages = PdfReader(str(printed)).pages
    assert len(pages) == len(PdfReader(str(exported)).pages) == 2
    assert "Sarah X" in _text(pages[0])
    assert "The Rogue" in _text(pages[1])


def test_file_print_sheet_follows_the_paper_size(window: MainWindow, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    printed = tmp_path / "printed.pdf"
    monkeypatch.setattr(ui.systems.swords_edge.printing, "make_printer", _pdf_printer(printed))
    monkeypatch.setattr(ui.systems.swords_edge.printing, "print_dialog", _Accepting)
    assert not se_part(window).print_action.isEnabled()
    se_part(window).open_book_character(library.load_pc("sarah-x"))
    window.set_paper("letter")
    assert se_part(window).print_action.isEnabled()
    se_part(window).print_action.trigger()
    page = PdfReader(str(printed)).pages[0]
    assert round(float(page.mediabox.width)) == 612  # Letter, as chosen
    text = _text(page)
    assert "Sarah X" in text and "Bounty Hunter" in text


def test_print_preview_shows_every_page(qtbot: object) -> None:
    ncs = [library.load_nc(e.id) for e in library.list_entries("nc")][:9]
    dialog = ui.systems.swords_edge.printing.preview_dialog(None, cards_job(ncs, "a4"))
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.open()
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    preview.updatePreview()
    assert preview.pageCount() == 2  # eight cards to a page
    dialog.close()


def test_painter_canvas_draws_what_the_pdf_draws(qapp: QApplication, tmp_path: Path) -> None:
    """The printout and the exported PDF are the same pages, text included."""
    import base64
    import io

    from PIL import Image
    from PySide6.QtGui import QImage

    from seforge.systems.swords_edge.sheet import PaperSize, export_sheets

    sarah = library.load_pc("sarah-x")
    buffer = io.BytesIO()
    Image.new("RGB", (60, 80), (20, 90, 200)).save(buffer, "PNG")
    sarah.portrait = base64.b64encode(buffer.getvalue()).decode("ascii")
    out = tmp_path / "printed.pdf"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    job = sheets_job([sarah], "a4")
    job.setup(printer)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    assert job.paint(printer) == 1
    exported = tmp_path / "exported.pdf"
    export_sheets([sarah], exported, PaperSize.A4)
    printed_words = set(PdfReader(str(out)).pages[0].extract_text().split())
    exported_words = set(PdfReader(str(exported)).pages[0].extract_text().split())
    assert {"Sarah", "Bounty", "Hunter", "Sharp", "Eyes", "Momentum!"} <= printed_words
    # Nearly every word of the PDF is in the printout (text extraction splits a few
    # differently), and the page is the same size.
    assert len(exported_words & printed_words) >= 0.9 * len(exported_words)
    assert round(float(PdfReader(str(out)).pages[0].mediabox.height)) == 842
    # The portrait is drawn too: render the page on an image and find its blue.
    image = QImage(595, 842, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFF)
    job.paint(image)
    blues = sum(1 for x in range(0, 595, 5) for y in range(0, 842, 5)
                if image.pixelColor(x, y).name() == "#145ac8")
    assert blues > 50


@pytest.mark.parametrize("markdown", [False, True])
def test_copy_sheet_as_text(window: MainWindow, markdown: bool) -> None:
    from seforge.systems.swords_edge.sheet_text import character_text

    assert not se_part(window).copy_text_action.isEnabled()
    document = se_part(window).open_book_character(library.load_pc("sarah-x"))
    action = se_part(window).copy_markdown_action if markdown else se_part(window).copy_text_action
    action.trigger()
    text = QGuiApplication.clipboard().text()
    assert text == character_text(document.character, markdown=markdown)
    assert text.startswith("## Sarah X" if markdown else "Sarah X\n")
    assert action in window.menuBar().actions()[1].menu().actions()  # the Edit menu


def test_user_guide_opens_and_follows_links(window: MainWindow) -> None:
    window.guide_action.trigger()
    guide = window.help_window
    assert isinstance(guide, HelpWindow) and guide.isVisible()
    assert guide.current_key == "start"
    titles = guide.page_titles()  # General, then a heading per installed game
    assert titles[:3] == ["General", "Getting started", "File formats"]
    assert titles[3:5] == ["Sword's Edge", "Sword's Edge"]  # the heading, its page
    assert "Blades in the Dark" in titles and "How a Blades roll works" in titles
    assert guide.pages.item(0).flags() == Qt.ItemFlag.NoItemFlags  # a heading is no page
    guide.pages.setCurrentRow(4)
    assert "Player Character Creation" in guide.browser.toPlainText()  # the book's section
    guide.browser.anchorClicked.emit(QUrl("help:formats"))
    assert guide.current_key == "formats" and ".sechar" in guide.browser.toPlainText()
    guide.browser.anchorClicked.emit(QUrl("blades.md"))  # a link between the Markdown pages
    assert guide.current_key == "blades" and "scoundrel" in guide.browser.toPlainText()
    guide.filter_edit.setText("Devil's Bargain")
    shown = [guide.pages.item(i).text().strip() for i in range(guide.pages.count())
             if not guide.pages.item(i).isHidden()]
    assert shown == ["Blades in the Dark", "Blades in the Dark", "How a Blades roll works"]
    guide.filter_edit.setText("Seize the Momentum")
    assert guide.current_key == "swords-edge"
    assert window.show_guide("swords-edge") is guide  # one window, raised again


def test_about_names_version_credits_and_formats(window: MainWindow) -> None:
    from ui.shell.help import AboutDialog

    help_menu = window.menuBar().actions()[-1].menu()
    about = next(a for a in help_menu.actions() if a.text() == "&About SEForge")
    about.trigger()
    dialog = window.findChild(AboutDialog)
    assert dialog is not None and dialog.isVisible()
    text = dialog.text.text()
    assert f"SEForge {__version__}" in text
    assert "Fraser Ronald" in text and "Sword's Edge\nPublishing" in text.replace(
        "Sword's Edge Publishing", "Sword's Edge\nPublishing")
    assert "DejaVu" in text and "Apache License 2.0" in text and "Bitstream Vera" in text
    dialog.text.linkActivated.emit("help:formats")
    assert window.help_window is not None and window.help_window.current_key == "formats"


def test_opponent_cards_print_from_the_library(qtbot: object, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.systems.swords_edge.gm_table.opponents import OpponentLibrary

    printed = tmp_path / "cards.pdf"
    monkeypatch.setattr(ui.systems.swords_edge.printing, "make_printer", _pdf_printer(printed))
    monkeypatch.setattr(ui.systems.swords_edge.printing, "print_dialog", _Accepting)
    paper = {"now": "a4"}
    lib = OpponentLibrary(paper=lambda: paper["now"])
    qtbot.addWidget(lib)  # type: ignore[attr-defined]
    assert not lib.print_direct_action.isEnabled()
    assert lib.print_direct_action in lib.tree.actions()  # the list's right-click menu
    names = lib.shown_titles()[:9]
    lib.select(*names)
    assert lib.print_direct_action.isEnabled() and lib.preview_cards_action.isEnabled()
    paper["now"] = "letter"  # read when printing, not when the library was built
    lib.print_direct_action.trigger()
    pages = PdfReader(str(printed)).pages
    assert len(pages) == 2  # eight cards to a page
    assert round(float(pages[0].mediabox.width)) == 612
    assert names[0] in _text(pages[0]) and names[8] in _text(pages[1])


def test_copy_shortcuts_are_unique_and_work_from_the_keyboard(window: MainWindow,
                                                              qtbot: object) -> None:
    from collections import Counter

    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction

    se_part(window).open_book_character(library.load_pc("sarah-x"))
    keys = Counter(s.toString() for a in window.findChildren(QAction) for s in a.shortcuts()
                   if not s.isEmpty())
    part = se_part(window)
    for action in (part.copy_text_action, part.copy_markdown_action, window.guide_action):
        assert keys[action.shortcut().toString()] == 1, action.text()
    QGuiApplication.clipboard().clear()
    editor = window.current_editor()
    assert editor is not None
    editor.name_edit.setFocus()
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_M,  # type: ignore[attr-defined]
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert QGuiApplication.clipboard().text().startswith("## Sarah X")


def test_user_guide_keys(window: MainWindow, qtbot: object) -> None:
    from PySide6.QtCore import Qt

    guide = window.show_guide()
    qtbot.waitExposed(guide)  # type: ignore[attr-defined]
    guide.activateWindow()
    qtbot.waitUntil(guide.isActiveWindow)  # type: ignore[attr-defined]
    guide.browser.setFocus()
    qtbot.keyClick(guide.browser, Qt.Key.Key_F,  # type: ignore[attr-defined]
                   Qt.KeyboardModifier.ControlModifier)
    assert guide.filter_edit.hasFocus()
    qtbot.keyClick(guide.filter_edit, Qt.Key.Key_Escape)  # type: ignore[attr-defined]
    assert not guide.isVisible()


def test_party_tab_prints_the_campaigns_sheets(qtbot: object, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from seforge.systems.swords_edge.fileformat import save_character
    from ui.systems.swords_edge.gm_table import GMTableWidget

    printed = tmp_path / "party.pdf"
    monkeypatch.setattr(ui.systems.swords_edge.printing, "make_printer", _pdf_printer(printed))
    monkeypatch.setattr(ui.systems.swords_edge.printing, "print_dialog", _Accepting)
    table = GMTableWidget(paper="letter", restore_scene=False)
    qtbot.addWidget(table)  # type: ignore[attr-defined]
    assert table.party_print_action in table.party.actions()  # its right-click menu
    assert not table.party_print_action.isEnabled()  # nobody in the party yet
    paths = []
    for entry_id in ("sarah-x", "the-rogue"):
        path = tmp_path / f"{entry_id}.sechar"
        save_character(library.load_pc(entry_id), path)
        paths.append(path)
    table.party.add_characters(paths)
    assert table.party_print_action.isEnabled()
    table.party_print_action.trigger()
    pages = PdfReader(str(printed)).pages
    assert len(pages) == 2 and round(float(pages[0].mediabox.width)) == 612
    assert "Sarah X" in _text(pages[0]) and "The Rogue" in _text(pages[1])
