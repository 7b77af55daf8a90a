"""Blades in the Dark's :class:`ui.shell.system_uis.SystemUi`: File › New choices, the
scoundrel and crew editors, and the GM Screen page."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from ui.shell.system_uis import DocumentEditor, NewDocumentChoice, SystemUiBase

if TYPE_CHECKING:
    from ui.shell.document_owner import DocumentOwner

SCOUNDREL_FORMAT = "blades.character"
CREW_FORMAT = "blades.crew"
"""The format ids of the core's SCOUNDREL and CREW kinds (named here so that listing the
system's New choices imports none of its models)."""


class BladesSystemUi(SystemUiBase):
    system_id = "blades"
    title = "Blades in the Dark"

    @property
    def clock_sizes(self) -> Sequence[int]:
        """The clocks a Blades campaign offers (the shell's campaign tab)."""
        from seforge.systems.blades.crew import BLADES_CLOCK_SIZES

        return BLADES_CLOCK_SIZES

    @property
    def clock_kinds(self) -> Sequence[str]:
        from seforge.systems.blades.crew import CLOCK_KINDS

        return CLOCK_KINDS

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        return (
            NewDocumentChoice("Blades in the Dark scoundrel", SCOUNDREL_FORMAT,
                              "Build a scoundrel: playbook, seven action dots, vice"),
            NewDocumentChoice("Blades in the Dark crew", CREW_FORMAT,
                              "A crew with its faction game and the GM's clocks"),
        )

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> DocumentEditor:
        return self._editor(self._new_owner(format_id), parent)

    def open_editor(self, path: Path, parent: QWidget | None = None) -> DocumentEditor:
        from seforge.core.documents import DocumentFileError, peek_format
        from seforge.systems.blades.documents import CREW, SCOUNDREL
        from ui.shell.document_owner import DocumentOwner

        fmt = peek_format(path)
        if CREW.accepts(fmt):
            return self._editor(DocumentOwner.load(CREW, Path(path)), parent)
        if SCOUNDREL.accepts(fmt):
            return self._editor(DocumentOwner.load(SCOUNDREL, Path(path)), parent)
        raise DocumentFileError(Path(path).name, f"is a {fmt!r} file, not a Blades document",
                                field="format")

    def export_pdf(self, owner: DocumentOwner[Any], out: Path, paper: str = "") -> int:
        """File › Export PDF…: the document as it is now, printed by the system's own
        export, on ``paper`` ("a4", "letter"; empty: the locale's); a kind it
        cannot print is refused with one line."""
        from seforge.core.pdf.geometry import PaperSize
        from seforge.systems.blades.sheet import export
        from ui.shell.pdf_export import export_owner

        return export_owner(owner, export, out, PaperSize(paper) if paper else None)

    def window_part(self, window: Any) -> Any:
        """The GM page follows the current tab, so rolls write to the open document."""
        from ui.systems.blades.window_part import BladesWindowPart

        return BladesWindowPart(window)

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        from ui.systems.blades.gm_screen import BladesGmScreen

        return BladesGmScreen(parent)

    @staticmethod
    def _new_owner(format_id: str) -> DocumentOwner[Any]:
        from seforge.systems.blades.documents import CREW, SCOUNDREL
        from ui.shell.document_owner import DocumentOwner

        if CREW.accepts(format_id):
            return DocumentOwner(CREW, CREW.model())
        if SCOUNDREL.accepts(format_id):
            return DocumentOwner(SCOUNDREL, SCOUNDREL.model())
        raise ValueError(f"Blades in the Dark has no document {format_id!r}")

    @staticmethod
    def _editor(owner: DocumentOwner[Any], parent: QWidget | None) -> DocumentEditor:
        from seforge.systems.blades.documents import CREW

        if owner.kind is CREW:
            from ui.systems.blades.crew_editor import CrewEditor

            return CrewEditor(owner, parent)
        from ui.systems.blades.builder import ScoundrelEditor

        return ScoundrelEditor(owner, parent)


SYSTEM_UI = BladesSystemUi()
