"""What Blades adds to the window: its GM Screen page follows the current tab, so the
dice roller writes to the scoundrel or crew being edited (through that tab's owner)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from ui.shell.window_part import WindowPart

if TYPE_CHECKING:  # the page, the rules and the models load when first needed, not at start
    from ui.shell.document_owner import DocumentOwner
    from ui.systems.blades.gm_screen import BladesGmScreen


def blades_owner(document: Any) -> DocumentOwner[Any] | None:
    """``document`` when it is the owner of an open scoundrel or crew."""
    from seforge.systems.blades.documents import CREW, SCOUNDREL
    from ui.shell.document_owner import DocumentOwner

    if isinstance(document, DocumentOwner) and document.kind in (SCOUNDREL, CREW):
        return document
    return None


class BladesWindowPart(WindowPart):
    system_id = "blades"

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.screen: BladesGmScreen | None = None
        self._current: DocumentOwner[Any] | None = None
        self._crews: list[DocumentOwner[Any]] = []
        """The crews open in tabs, which the roller names when another tab is in front."""
        self._scoundrels: list[DocumentOwner[Any]] = []
        """The scoundrels open in tabs, one of which leads a group action."""

    def gm_screen(self, parent: QWidget | None = None) -> QWidget | None:
        from ui.systems.blades.gm_screen import BladesGmScreen

        self.screen = BladesGmScreen(parent)
        self.screen.set_target(self._current)
        self.screen.set_crews(self._crews)
        self.screen.set_scoundrels(self._scoundrels)
        return self.screen

    def adopt(self, document: Any) -> None:
        from seforge.systems.blades.documents import CREW, SCOUNDREL

        owner = blades_owner(document)
        if owner is not None and owner.kind is CREW and owner not in self._crews:
            self._crews.append(owner)
            if self.screen is not None:
                self.screen.set_crews(self._crews)
        if owner is not None and owner.kind is SCOUNDREL and owner not in self._scoundrels:
            self._scoundrels.append(owner)
            if self.screen is not None:
                self.screen.set_scoundrels(self._scoundrels)

    def current_changed(self, document: Any, widget: QWidget | None) -> None:
        owner = blades_owner(document)
        if owner is None and document is not None:
            return  # another system's tab: the roller keeps writing where it did
        self._current = owner
        if self.screen is not None:
            self.screen.set_target(owner)

    def released(self, document: Any) -> bool:
        if document in self._crews:
            self._crews.remove(document)
            if self.screen is not None:
                self.screen.set_crews(self._crews)
        if document in self._scoundrels:
            self._scoundrels.remove(document)
            if self.screen is not None:
                self.screen.set_scoundrels(self._scoundrels)
        if document is self._current:
            self._current = None
            if self.screen is not None:
                self.screen.set_target(None)
        return True
