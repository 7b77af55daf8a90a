"""What every part of the crew editor shares: the crew it edits (through its owner), one
undoable step per change, and the small helpers that run them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QPushButton, QScrollArea, QTableWidget

from seforge.systems.blades.models import Crew
from ui.shell.document_owner import DocumentOwner
from ui.shell.refusal import apply_or_refuse as apply

Mutator = Callable[[Crew], None]


class CrewBase(QScrollArea):
    """The crew editor's common ground; :class:`ui.systems.blades.crew_editor.CrewWidget`
    sets these up and redraws every part in :meth:`refresh`."""

    owner: DocumentOwner[Crew]
    status: QLabel
    """The status line that shows a refusal or what an advance gave."""

    @property
    def crew(self) -> Crew:
        return self.owner.document

    def do(self, text: str, mutate: Mutator) -> bool:
        return apply(self.owner, text, mutate, self.status)

    def _button(self, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(text)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    def _selected(self, table: QTableWidget) -> int:
        rows = table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def refresh(self) -> None:
        """Redraw every part from the crew."""
        raise NotImplementedError
