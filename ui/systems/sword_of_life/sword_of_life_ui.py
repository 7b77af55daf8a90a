"""Sword of Life's UI for the shell: File › New choices, editors and the GM Screen page."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from ui.shell.system_uis import DocumentEditor, NewDocumentChoice, SystemUiBase

if TYPE_CHECKING:
    from ui.shell.document_owner import DocumentOwner

CHARACTER_FORMAT = "sword-of-life.character"
CONFLICT_FORMAT = "sword-of-life.conflict"
"""The core's format ids (named here so that listing the New choices imports no model)."""


class SwordOfLifeUi(SystemUiBase):
    system_id = "sword-of-life"
    title = "Sword of Life"

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        return (
            NewDocumentChoice("Sword of Life character", CHARACTER_FORMAT,
                              "Four characteristics from 20 points, a career and specialties"),
            NewDocumentChoice("Sword of Life conflict", CONFLICT_FORMAT,
                              "A combat, debate or problem with exact odds and a virtual deck"),
        )

    def _editor(self, owner: DocumentOwner[Any], parent: QWidget | None) -> DocumentEditor:
        from seforge.systems.sword_of_life.documents import CHARACTER

        if owner.kind is CHARACTER:
            from ui.systems.sword_of_life.builder import CharacterEditor

            return CharacterEditor(owner, parent)
        from ui.systems.sword_of_life.conflict_view import ConflictEditor

        return ConflictEditor(owner, parent)

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> DocumentEditor:
        from seforge.systems.sword_of_life.documents import KINDS
        from ui.shell.document_owner import DocumentOwner

        kind = KINDS.get(format_id)
        if kind is None:
            raise ValueError(f"Sword of Life has no document {format_id!r}")
        owner: DocumentOwner[Any] = DocumentOwner(kind, kind.model())
        return self._editor(owner, parent)

    def open_editor(self, path: Path, parent: QWidget | None = None) -> DocumentEditor:
        from seforge.core.documents import peek_format
        from seforge.systems.sword_of_life.documents import CHARACTER, CONFLICT
        from ui.shell.document_owner import DocumentOwner

        format_id = peek_format(path)
        kind = CONFLICT if CONFLICT.accepts(format_id) else CHARACTER
        owner: DocumentOwner[Any] = DocumentOwner.load(kind, path)
        return self._editor(owner, parent)

    def export_pdf(self, owner: DocumentOwner[Any], out: Path, paper: str = "") -> int:
        """File › Export PDF…: the document as it is now, printed by the system's own
        export, on ``paper`` ("a4", "letter"; empty: the locale's); a kind it
        cannot print is refused with one line."""
        from seforge.core.pdf.geometry import PaperSize
        from seforge.systems.sword_of_life.sheet import export_sheets
        from ui.shell.pdf_export import export_owner

        return export_owner(owner, export_sheets, out, PaperSize(paper) if paper else None)

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        from ui.systems.sword_of_life.gm_screen import SolGmScreen

        return SolGmScreen(parent)


SYSTEM_UI = SwordOfLifeUi()
