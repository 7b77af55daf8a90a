"""Edit › Undo says beforehand which later steps it takes along.

Undoing half of a linked scene step undoes its other halves too, each history down to
it (:mod:`~ui.systems.swords_edge.gm_table.scene_commands`); the status line names what
went along afterwards. The window's Undo action says it before: "Undo Scene: Luck reroll
(Jyrell) (and 2 later scene steps)", its tooltip naming them. The window's own undo
group keeps setting the action's text; this adds the warning after it, from the same
signals, and whenever a history the scene links to moves.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QUndoGroup

from ui.systems.swords_edge.gm_table.scene_commands import (
    along_sentence,
    undo_along,
    undo_warning,
)


class UndoWarning(QObject):
    """Keeps one window's Undo action warning of the later steps it takes along (a child
    of the action: one per window, gone with it)."""

    def __init__(self, action: QAction, group: QUndoGroup) -> None:
        super().__init__(action)
        self.action = action
        self.group = group
        self._suffix = ""
        """What this added to the action's text last ("" when nothing)."""
        # Connected after the group's own connection (made with the action), so each
        # signal sets the plain text first and the warning goes on it here.
        group.undoTextChanged.connect(self.update)
        group.indexChanged.connect(self.update)
        group.activeStackChanged.connect(self.update)
        self.update()

    @classmethod
    def of(cls, action: QAction, group: QUndoGroup) -> UndoWarning:
        """The window's warning (made the first time it is asked for)."""
        found = action.findChild(UndoWarning)
        return found if isinstance(found, UndoWarning) else cls(action, group)

    def update(self, *_args: object) -> None:
        if not (shiboken6.isValid(self.action) and shiboken6.isValid(self.group)):
            return
        text = self.action.text()
        if self._suffix and text.endswith(self._suffix):
            text = text.removesuffix(self._suffix)
        stack = self.group.activeStack()
        along = undo_along(stack) if stack is not None else []
        warning = undo_warning(along)
        self._suffix = f" {warning}" if warning else ""
        self.action.setText(text + self._suffix)
        self.action.setToolTip(
            f"{text.replace('&', '')}. {along_sentence(along, undo=True, ahead=True)}"
            if warning else "")
