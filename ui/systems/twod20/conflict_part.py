"""What every part of the conflict tracker's view shares: the document's owner, the table
whose selection says whom a control acts on, the line that says what happened, and one
undoable change through the owner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLabel, QPushButton, QTableWidget, QWidget

from seforge.core.trackers import RefusedError
from seforge.systems.twod20.conflict import Conflict
from ui.shell.document_owner import DocumentOwner
from ui.shell.refusal import show_refusal


class ConflictPart(QWidget):
    """The base of the tracker's view and of each of its parts (:mod:`.conflict_round`,
    :mod:`.conflict_character`, :mod:`.conflict_effects`), which the view puts together."""

    owner: DocumentOwner[Conflict]
    table: QTableWidget
    """One row a character; the row selected is whom the character panel acts on."""
    message: QLabel
    """The last change made, or why it was refused, in one line."""

    @property
    def doc(self) -> Conflict:
        return self.owner.document

    def run(self, text: str, change: Callable[[Conflict], Conflict]) -> bool:
        """Apply one change through the owner; a refusal is shown, nothing changes. The
        message names the change only when there was one (leaving the bought-dice prices
        unchanged is none)."""
        before = self.owner.document
        try:
            self.owner.apply(text, change)
        except RefusedError as exc:
            show_refusal(self.message, exc)
            return False
        if self.owner.document is not before:
            self.message.setText(text + ".")
        return True

    def selected(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return item.text() if item is not None else None

    def select(self, name: str) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.text() == name:
                self.table.selectRow(row)
                return

    def _button(self, text: str, tip: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.clicked.connect(slot)
        return button

