"""Dice Pool's system UI, the target of the ``seforge.ui_systems`` entry point: File › New
and the start page's choice, the character builder, the GM Screen page and the PDF export.

Cheap to import: the widgets are imported when a page is first built.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget
from seforge.core.documents import DocumentFileError, peek_format
from ui.shell.document_owner import DocumentOwner
from ui.shell.system_uis import DocumentEditor, NewDocumentChoice, SystemUiBase

from dice_pool.formats import (
    CHARACTER_FORMAT,
    CHARACTER_SUFFIX,
    CHARACTER_TITLE,
    SYSTEM_ID,
    TITLE,
)


class DicePoolSystemUi(SystemUiBase):
    """What the SEForge window needs from Dice Pool (the shell's base class declares
    the rest: no campaign clocks, no window part of its own)."""

    system_id = SYSTEM_ID
    title = TITLE
    suffixes: Sequence[str] | None = (CHARACTER_SUFFIX,)
    format_ids: Sequence[str] | None = (CHARACTER_FORMAT,)
    file_filter = "Dice Pool characters"

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        return (NewDocumentChoice(CHARACTER_TITLE, CHARACTER_FORMAT,
                                  "A character with traits and the dice each one rolls"),)

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> DocumentEditor:
        from dice_pool.documents import CHARACTER
        from dice_pool.rules import new_character

        if not CHARACTER.accepts(format_id):
            raise ValueError(f"Dice Pool has no document {format_id!r}")
        return self._editor(DocumentOwner(CHARACTER, new_character()), parent)

    def open_editor(self, path: Path, parent: QWidget | None = None) -> DocumentEditor:
        from dice_pool.documents import CHARACTER

        fmt = peek_format(path)
        if not CHARACTER.accepts(fmt):
            raise DocumentFileError(Path(path).name, f"is a {fmt!r} file, not a Dice Pool "
                                    "character", field="format")
        return self._editor(DocumentOwner.load(CHARACTER, Path(path)), parent)

    def export_pdf(self, owner: DocumentOwner[Any], out: Path, paper: str = "") -> int:
        """File › Export PDF…: the character as it is now, on ``paper`` ("a4", "letter";
        empty: the locale's)."""
        from ui.shell.pdf_export import export_owner

        from dice_pool.sheet import export

        return export_owner(owner, export, out, paper or None)

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        from dice_pool_ui.gm_screen import DicePoolGmScreen

        return DicePoolGmScreen(parent)

    @staticmethod
    def _editor(owner: DocumentOwner[Any], parent: QWidget | None) -> DocumentEditor:
        from dice_pool_ui.builder import DicePoolEditor

        return DicePoolEditor(owner, parent)


SYSTEM_UI = DicePoolSystemUi()
