"""Opening files from outside: drops on the window and the portrait, files handed
over on the command line or by the system, each opened where its kind belongs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QFileOpenEvent, QImage
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.campaign import Campaign, save_campaign
from seforge.systems.swords_edge.fileformat import save_character, save_nc
from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import se_part, shown_windows
from ui import app as app_module
from ui.shell.file_open import FileOpenFilter
from ui.shell.window import MainWindow


def files_mime(*paths: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def drag_enter(widget: QWidget, mime: QMimeData) -> bool:
    event = QDragEnterEvent(QPoint(5, 5), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    event.ignore()
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def drop(widget: QWidget, mime: QMimeData) -> bool:
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    event.ignore()
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


@pytest.fixture
def documents(tmp_path: Path) -> dict[str, Path]:
    char = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), char)
    nc = tmp_path / "wolf.senc"
    save_nc(library.load_nc("dire-wolf"), nc)
    campaign = tmp_path / "march.secampaign"
    save_campaign(Campaign(name="The Long March", characters=[str(char)]), campaign)
    return {"char": char, "nc": nc, "campaign": campaign}


def test_dropping_documents_opens_each_where_it_belongs(
        qtbot: QtBot, window: MainWindow, documents: dict[str, Path]) -> None:
    mime = files_mime(documents["char"], documents["nc"], documents["campaign"])
    assert drag_enter(window, mime)
    assert drop(window, mime)
    qtbot.waitUntil(lambda: len(window.documents()) == 1, timeout=3000)
    assert window.documents()[0].path == documents["char"]
    table = se_part(window).gm_table
    assert table is not None and se_part(window).gm_table_dock.isVisible()
    qtbot.waitUntil(lambda: table.party.path == documents["campaign"], timeout=3000)
    assert table.party.campaign.name == "The Long March"
    assert table.opponents.editing_path == documents["nc"]
    assert table.opponents.editor.nc().name == library.load_nc("dire-wolf").name
    # it is saved where it came from, and the button says so
    assert table.opponents.save_button.text() == "&Save"
    assert str(documents["nc"]) in table.opponents.save_button.toolTip()


def test_other_drops_are_refused(window: MainWindow, tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello", encoding="utf-8")
    assert not drag_enter(window, files_mime(text))
    web = QMimeData()
    web.setUrls([QUrl("https://example.org/x.sechar")])
    assert not drag_enter(window, web)


def test_a_bad_dropped_file_gets_one_message(
        qtbot: QtBot, window: MainWindow, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "broken.sechar"
    bad.write_text("{", encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda parent, title, text, *a: shown.append(text)))
    mime = files_mime(bad)
    assert drag_enter(window, mime)
    assert drop(window, mime)
    qtbot.waitUntil(lambda: len(shown) == 1, timeout=3000)
    assert "broken.sechar" in shown[0] and "\n" not in shown[0]
    assert window.documents() == []


def test_an_image_dropped_on_the_portrait_becomes_the_portrait(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    se_part(window).open_book_character(load_pc("jyrell"))
    editor = window.current_editor()
    assert editor is not None
    editor.document.character.portrait = None
    image = QImage(64, 80, QImage.Format.Format_RGB32)
    image.fill(QColor("darkred"))
    path = tmp_path / "face.png"
    assert image.save(str(path))
    portrait = editor.portrait
    assert drag_enter(portrait, files_mime(path))
    assert drop(portrait, files_mime(path))
    assert editor.document.character.portrait
    editor.document.undo_stack.undo()  # an ordinary undoable edit
    assert not editor.document.character.portrait
    # a character file dropped on the portrait is not an image: the window opens it
    sheet = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), sheet)
    mime = files_mime(sheet)
    assert drag_enter(portrait, mime) and drop(portrait, mime)
    qtbot.waitUntil(lambda: len(window.documents()) == 2, timeout=3000)
    assert editor.document.character.portrait is None


def test_file_open_event_opens_the_file(qtbot: QtBot, window: MainWindow,
                                        documents: dict[str, Path]) -> None:
    opener = FileOpenFilter(window)
    event = QFileOpenEvent(str(documents["char"]))
    assert event.type() == QEvent.Type.FileOpen
    assert opener.eventFilter(QApplication.instance(), event)
    assert [d.path for d in window.documents()] == [documents["char"]]


def test_second_launch_files_bring_the_window_forward(
        qtbot: QtBot, window: MainWindow, documents: dict[str, Path]) -> None:
    window.showMinimized()
    window.receive_from_other_launch([str(documents["char"]), str(documents["char"])])
    assert not window.isMinimized()
    assert len(window.documents()) == 1  # the second copy switches to its tab


def test_main_opens_every_kind_given(qapp: QApplication, documents: dict[str, Path]) -> None:
    seen: list[tuple[int, str | None]] = []

    def close_when_ready() -> None:
        windows = shown_windows()
        table = se_part(windows[0]).gm_table if windows else None
        if not windows or not windows[0].documents() or table is None or table.party.path is None:
            QTimer.singleShot(10, close_when_ready)
            return
        seen.append((len(windows[0].documents()), table.party.campaign.name))
        windows[0].close()

    QTimer.singleShot(0, close_when_ready)
    args = [str(documents["char"]), str(documents["campaign"])]
    assert app_module.main(args) == 0
    assert seen == [(1, "The Long March")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_dropped_on_the_portrait_is_refused_at_once(
        qtbot: QtBot, window: MainWindow, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11, item 7: a FIFO chosen as a portrait hung the GUI."""
    se_part(window).open_book_character(load_pc("jyrell"))
    editor = window.current_editor()
    assert editor is not None
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda parent, title, text, *a: shown.append(text)))
    mime = files_mime(fifo)
    assert drag_enter(editor.portrait, mime) and drop(editor.portrait, mime)
    assert len(shown) == 1 and "pipe.png" in shown[0] and "\n" not in shown[0]
    assert not editor.document.character.portrait


def test_a_document_dropped_on_a_text_field_opens_instead_of_pasting_its_path(
        qtbot: QtBot, window: MainWindow, documents: dict[str, Path]) -> None:
    se_part(window).open_book_character(load_pc("jyrell"))
    editor = window.current_editor()
    assert editor is not None
    field = editor.name_edit
    before = field.text()
    mime = files_mime(documents["char"])
    mime.setText(str(documents["char"]))  # as file managers do
    assert drag_enter(field, mime) and drop(field, mime)
    qtbot.waitUntil(lambda: len(window.documents()) == 2, timeout=3000)
    assert field.text() == before
    # plain text still drops into the field
    text = QMimeData()
    text.setText("Jyrell the Bold")
    assert drag_enter(field, text)


def test_a_document_dropped_on_the_gm_table_search_field_opens(
        qtbot: QtBot, window: MainWindow, documents: dict[str, Path]) -> None:
    table = se_part(window).show_gm_table()
    assert table is not None
    search = table.findChildren(QLineEdit)[0]
    mime = files_mime(documents["char"])
    mime.setText(str(documents["char"]))
    assert drag_enter(search, mime) and drop(search, mime)
    qtbot.waitUntil(lambda: len(window.documents()) == 1, timeout=3000)
    assert str(documents["char"]) not in search.text()
