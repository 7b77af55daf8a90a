"""PDF exports from the app: a character's sheet, the party, a blank sheet, NC cards.

The PDFs come from ``seforge.sheet`` and ``seforge.cards`` (imported when first
used: ReportLab is not needed to show the window). The paper size is a preference;
empty means "follow the system locale".
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

if TYPE_CHECKING:
    from seforge.models import Character, NarrativeCharacter

PDF_FILTER = "PDF documents (*.pdf);;All files (*)"


def effective_paper(preference: str) -> str:
    """``"a4"`` or ``"letter"``: the preference, or the locale's when it is empty."""
    if preference in ("a4", "letter"):
        return preference
    from seforge.sheet import default_paper_for_locale

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
    from seforge.sheet import PaperSize, SheetOptions, export_sheets

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
    from seforge.sheet import PaperSize, export_blank

    path = ask_pdf_path(parent, "Print Blank Sheet", folder, "blank-sheet.pdf")
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
    from seforge.cards import export_cards

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
