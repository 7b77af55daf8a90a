"""Edit › Undo and Edit › Redo say beforehand which other steps they take along.

Undoing half of a linked scene step undoes its other halves too, each history down to
it, and redoing it redoes them, each history up to it
(:mod:`~ui.systems.swords_edge.gm_table.scene_commands`); the status line names what
went along afterwards. The window's Undo action says it before: "Undo Scene: Luck reroll
(Jyrell) (and 2 later scene steps)", its tooltip naming them; its Redo action likewise:
"Redo Scene: Luck reroll (Tella of Jost) (and 1 earlier scene step)". The window's own
undo group keeps setting each action's text; this adds the warning after it, from the
same signals, and whenever a history the scene links to moves.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QUndoGroup

from ui.systems.swords_edge.gm_table.scene_commands import (
    along_sentence,
    steps_along,
    undo_warning,
)


class UndoWarning(QObject):
    """Keeps one window's Undo (or Redo) action warning of the other steps it takes
    along (a child of the action: one per action, gone with it)."""

    def __init__(self, action: QAction, group: QUndoGroup, undo: bool = True) -> None:
        super().__init__(action)
        self.action = action
        self.group = group
        self.undo = undo
        self._suffix = ""
        """What this added to the action's text last ("" when nothing)."""
        # Connected after the group's own connection (made with the action), so each
        # signal sets the plain text first and the warning goes on it here.
        text_changed = group.undoTextChanged if undo else group.redoTextChanged
        text_changed.connect(self.update)
        group.indexChanged.connect(self.update)
        group.activeStackChanged.connect(self.update)
        self.update()

    @classmethod
    def of(cls, action: QAction, group: QUndoGroup, undo: bool = True) -> UndoWarning:
        """The action's warning (made the first time it is asked for): ``undo`` for the
        window's Undo action, False for its Redo action."""
        found = action.findChild(UndoWarning)
        return found if isinstance(found, UndoWarning) else cls(action, group, undo)

    def update(self, *_args: object) -> None:
        if not (shiboken6.isValid(self.action) and shiboken6.isValid(self.group)):
            return
        text = self.action.text()
        if self._suffix and text.endswith(self._suffix):
            text = text.removesuffix(self._suffix)
        stack = self.group.activeStack()
        along = steps_along(stack, self.undo) if stack is not None else []
        warning = undo_warning(along, self.undo)
        self._suffix = f" {warning}" if warning else ""
        self.action.setText(text + self._suffix)
        self.action.setToolTip(
            f"{text.replace('&', '')}. "
            f"{along_sentence(along, undo=self.undo, ahead=True)}"
            if warning else "")
