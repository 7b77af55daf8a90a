"""PDF exports from the app: a character's sheet, the party, a blank sheet, NC cards.

The PDFs come from ``seforge.systems.swords_edge.sheet`` and ``seforge.systems.swords_edge.cards``
(imported when first
used: ReportLab is not needed to show the window). The paper size is a preference;
empty means "follow the system locale".
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

if TYPE_CHECKING:
    from seforge.systems.swords_edge.models import Character, NarrativeCharacter
    from ui.systems.swords_edge.printing import PrintJob

PDF_FILTER = "PDF documents (*.pdf);;All files (*)"


def effective_paper(preference: str) -> str:
    """``"a4"`` or ``"letter"``: the preference, or the locale's when it is empty."""
    if preference in ("a4", "letter"):
        return preference
    from seforge.systems.swords_edge.sheet import default_paper_for_locale

    return default_paper_for_locale().value


def _safe_name(text: str, fallback: str) -> str:
    cleaned = "".join(c for c in text.strip() if c.isalnum() or c in " -_.").strip()
    return cleaned or fallback


def ask_pdf_path(parent: QWidget, title: str, folder: str, name: str) -> Path | None:
    """A save dialog for a PDF; the chosen path with ``.pdf`` added when missing."""
    chosen, _ = QFileDialog.getSaveFileName(parent, title, str(Path(folder) / name), PDF_FILTER)
    if not chosen:
        return None
    path = Path(chosen)
    return path if path.suffix.lower() == ".pdf" else path.with_name(path.name + ".pdf")


def _report(parent: QWidget, path: Path, error: Exception) -> None:
    detail = getattr(error, "strerror", None) or str(error)
    QMessageBox.critical(parent, "Cannot write the PDF", f"{path.name}: {detail}")


def export_character_sheets(
    parent: QWidget, characters: Sequence[Character], paper: str, folder: str,
    *, title: str = "Export Sheet", party_summary: bool = False,
) -> Path | None:
    """Ask where, then write one sheet per character into one PDF (``party_summary``:
    the GM's one-page summary of the party first)."""
    from seforge.systems.swords_edge.sheet import PaperSize, SheetOptions, export_sheets

    if not characters:
        return None
    if len(characters) == 1:
        name = _safe_name(characters[0].name, "character") + ".pdf"
    else:
        name = "party.pdf"
    path = ask_pdf_path(parent, title, folder, name)
    if path is None:
        return None
    try:
        export_sheets(list(characters), path, PaperSize(effective_paper(paper)),
                      options=SheetOptions(party_summary=party_summary))
    except (OSError, ValueError) as exc:
        _report(parent, path, exc)
        return None
    return path


def export_blank_sheet(parent: QWidget, paper: str, folder: str) -> Path | None:
    from seforge.systems.swords_edge.sheet import PaperSize, export_blank

    path = ask_pdf_path(parent, "Blank Sword's Edge Sheet", folder, "blank-sheet.pdf")
    if path is None:
        return None
    try:
        export_blank(path, PaperSize(effective_paper(paper)))
    except (OSError, ValueError) as exc:
        _report(parent, path, exc)
        return None
    return path


def export_nc_cards(
    parent: QWidget, ncs: Sequence[NarrativeCharacter], paper: str, folder: str,
    *, size: str = "grid", blank: int = 0,
) -> Path | None:
    """Ask where, then write the NCs' cards (``size``: grid, index or a6; ``blank``
    empty cards after them)."""
    from seforge.systems.swords_edge.cards import export_cards

    if not ncs and blank < 1:
        return None
    path = ask_pdf_path(parent, "Print NC Cards", folder, "opponents.pdf")
    if path is None:
        return None
    try:
        export_cards(list(ncs), path, effective_paper(paper), size=size, blank=blank)
    except (OSError, ValueError) as exc:
        _report(parent, path, exc)
        return None
    return path


# -- after an export ---------------------------------------------------------------------
def open_file(path: Path) -> bool:
    """Open ``path`` in the system's viewer; False when nothing could open it."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


def _open_or_warn(parent: QWidget | None, path: Path) -> None:
    if not open_file(path):
        QMessageBox.warning(parent, "Cannot open the PDF",
                            f"{path.name}: no application on this computer opens PDF files.")


def _print(parent: QWidget | None, job: PrintJob, preview: bool) -> None:
    from ui.systems.swords_edge.printing import print_direct, print_preview

    if preview:
        print_preview(parent, job)
    else:
        print_direct(parent, job)


def announce_export(parent: QWidget | None, path: Path,
                    job: PrintJob | None = None) -> QMessageBox:
    """Say where the PDF went and offer to open it (and to print the same pages).

    The message is window-modal but does not block: it is returned already shown.
    """
    box = QMessageBox(parent)
    box.setObjectName("exportDone")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle("PDF written")
    box.setText(f"Wrote {path.name}")
    box.setInformativeText(f"In {path.parent}")
    open_button = box.addButton("&Open the PDF", QMessageBox.ButtonRole.AcceptRole)
    open_button.setObjectName("openPdf")
    open_button.setToolTip("Show the PDF in your PDF viewer")
    open_button.clicked.connect(lambda: _open_or_warn(parent, path))
    if job is not None:
        preview_button = box.addButton("Print Pre&view…", QMessageBox.ButtonRole.ActionRole)
        preview_button.setObjectName("previewPdf")
        preview_button.setToolTip("See the pages as they will print, then print them")
        preview_button.clicked.connect(lambda: _print(parent, job, True))
        print_button = box.addButton("&Print…", QMessageBox.ButtonRole.ActionRole)
        print_button.setObjectName("printPdf")
        print_button.setToolTip("Send the same pages to a printer")
        print_button.clicked.connect(lambda: _print(parent, job, False))
    box.addButton(QMessageBox.StandardButton.Close)
    box.setDefaultButton(open_button)
    box.open()
    return box
