"""A change a view made to a document, followed by the exact undo step it pushed.

A roller that writes a roll's result to a sheet, or a conflict that writes a lost Grip
back to a character, must know later whether that write still stands: undone in the
document's own history, it may be written again; redone, it may not. :class:`WrittenStep`
holds the document's owner and the step weakly (a closed document, or a step its history
dropped, is let go) and reads the answer from the history each time it is asked, so the
view keeps no copy of the document.

A history started afresh (File › Revert, or the file read again after another program
changed it) holds the file as last saved: the write stands when that file was saved with
it, and is gone, as if undone, when it was saved without it. What the history looked like
just before it started afresh decides, so a view must look (:meth:`WrittenStep.state` or
:meth:`WrittenStep.stands`) at every ``indexChanged`` and ``cleanChanged`` of the history:
a save moves only the clean index.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtGui import QUndoCommand, QUndoStack

from ui.shell.document_owner import DocumentOwner


def last_step(stack: QUndoStack) -> QUndoCommand | None:
    """The step ``stack`` would undo next (None: nothing to undo)."""
    return stack.command(stack.index() - 1) if stack.index() else None


@dataclass(eq=False)
class WrittenStep:
    """An undo step pushed on a document's history; the owner and the step held weakly."""

    owner: weakref.ref[DocumentOwner[Any]]
    step: weakref.ref[QUndoCommand]
    was_done: bool = True
    """Whether the step was done when last looked at (a step dropped while done went with
    a fresh history, the file read again; one dropped while undone, with an edit made in
    its place)."""
    was_saved: bool = False
    """Whether the file as last saved holds the write, as of the last look: the step was
    among the steps before its history's clean index (or, dropped since, no save has
    been made after it)."""
    restarted: bool | None = None
    """None while the step is in its history (or its document closed first); once the
    history let it go: True when the history started afresh (the file read again), False
    when the step was undone and replaced by another edit."""

    @classmethod
    def pushed(cls, owner: DocumentOwner[Any],
               before: QUndoCommand | None) -> WrittenStep | None:
        """The step ``owner``'s history gained since its last step was ``before`` (None
        when the change pushed none: it changed nothing)."""
        step = last_step(owner.undo_stack)
        return None if step is None or step is before else cls(weakref.ref(owner),
                                                                 weakref.ref(step))

    def _history(self) -> QUndoStack | None:
        owner = self.owner()
        if owner is None or not shiboken6.isValid(owner):
            return None
        try:
            stack = owner.undo_stack
        except RuntimeError:  # the history went with its tab
            return None
        return stack if shiboken6.isValid(stack) else None

    def _reach(self) -> tuple[QUndoStack, QUndoCommand] | None:
        stack, step = self._history(), self.step()
        if stack is None or step is None or not shiboken6.isValid(step):
            return None
        return stack, step

    def state(self) -> str:
        """"done" while the step is among its history's done steps, "undone" once undone
        there, "gone" when the history let it go (undone and then replaced by another
        edit, or the history started afresh: :attr:`restarted` says which; gone stays
        gone), "closed" when the document is (closed while the step was in its history).
        Each look reads, too, whether the file as last saved holds the write."""
        if self.restarted is True:
            return "gone"
        stack = self._history()
        if stack is None:
            return "closed" if self.restarted is None else "gone"
        step = self.step()
        if step is None or not shiboken6.isValid(step):
            if self.restarted is None:
                self.restarted = self.was_done or stack.count() == 0
            elif self.was_saved:  # undone and dropped, but still in the file as saved
                if stack.count() == 0:
                    self.restarted = True  # read again: the write is back
                elif stack.cleanIndex() >= 0:
                    self.was_saved = False  # saved since without it
            return "gone"
        self.was_done = any(stack.command(i) is step for i in range(stack.index()))
        self.was_saved = any(stack.command(i) is step for i in range(stack.cleanIndex()))
        return "done" if self.was_done else "undone"

    def stands(self) -> bool | None:
        """Whether the write stands: True while its step is done; False once undone (or
        undone and then dropped by another edit); after a fresh history, whether the file
        read again holds it; None when out of reach (its document closed while the step
        was in its history)."""
        state = self.state()
        if state == "closed":
            return None
        if state == "gone":
            return self.was_saved if self.restarted else False
        return state == "done"

    def settled(self) -> bool:
        """Whether :meth:`stands` will say the same from now on: the history let the step
        go for good (started afresh, or the step undone and dropped when the file as saved
        does not hold it), or the document closed."""
        state = self.state()
        return state == "closed" or (state == "gone" and (self.restarted is True
                                                          or not self.was_saved))

    def undo(self) -> bool:
        """Undo the step when it is its history's last done step (True: undone)."""
        reach = self._reach()
        if reach is None or last_step(reach[0]) is not reach[1]:
            return False
        reach[0].undo()
        return True

    def redo(self) -> bool:
        """Redo the step when it is its history's next step to redo (True: redone)."""
        reach = self._reach()
        if reach is None:
            return False
        stack, step = reach
        if stack.index() >= stack.count() or stack.command(stack.index()) is not step:
            return False
        stack.redo()
        return True
