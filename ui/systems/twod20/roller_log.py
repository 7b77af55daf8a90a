"""The 2d20 dice roller's log of what it wrote: each write's step on its document's history,
followed weakly, so the log says when a write is undone, redone or reverted away, and a roll
is written once while its write stands."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from ui.shell.document_owner import DocumentOwner
from ui.shell.written_step import WrittenStep
from ui.systems.twod20.roller_part import RollerPart

LOGGED_WRITES = 40
"""How many of the latest writes the log follows on their documents' histories."""


@dataclass
class _Write:
    """A result the roller wrote: which roll's ``what`` ("test", "damage"), the step the
    write pushed on its document's history (followed weakly: :class:`WrittenStep`, which
    says whether the write stands, after an undo or a File › Revert), how the log names
    it, and whether the write stood when the log last looked (what the log last said of
    it)."""

    what: str
    roll: int
    written: WrittenStep
    text: str
    where: str
    done: bool = True


class LogPart(RollerPart):
    """The writes the roller's log follows (:meth:`_wrote`, :meth:`_step_moved`) and whether
    the last roll may be written again (:meth:`_why_written`)."""

    _writes: list[_Write]
    _followed: list[weakref.ref[QUndoStack]]

    def _why_written(self, what: str, noun: str) -> str | None:
        """Why the last roll's ``what`` ("test", "damage"; ``noun`` names it) may not be
        written again: a write of it stands (written, or undone and redone), or it went to
        a document whose tab has closed since (saved or not, its step can no longer be
        undone: reopening the file must not let the same roll be written twice). None when
        it may be written."""
        for write in self._writes:
            if write.what != what or write.roll != self._rolls[what]:
                continue
            stands = write.written.stands()
            if stands is None:
                return f"{noun} went to a document that is closed now (roll again)"
            if stands and write.written.restarted:
                return (f"{noun} is written already: {write.where} was read again from a "
                        "file saved with it (roll again)")
            if stands:
                return (f"{noun} is written already (undo it to write it again, or roll "
                        "again)")
        return None

    @staticmethod
    def _top(stack: QUndoStack) -> QUndoCommand | None:
        """The step the history would undo next."""
        return stack.command(stack.index() - 1) if stack.index() else None

    def _wrote(self, what: str, owner: DocumentOwner[Any], top: QUndoCommand | None,
               text: str, where: str) -> None:
        """Follow the step the last roll's ``what`` just pushed on ``owner``'s history
        (``top`` was its last step before: a roll that changed nothing pushed none)."""
        stack = owner.undo_stack
        step = self._top(stack)
        if step is None or step is top:
            return
        written = WrittenStep(weakref.ref(owner), weakref.ref(step))
        written.state()  # looked at from the first move of the history on
        self._writes.insert(0, _Write(what, self._rolls[what], written, text, where))
        del self._writes[LOGGED_WRITES:]
        self._followed = [ref for ref in self._followed if ref() is not None]
        if not any(ref() is stack for ref in self._followed):
            self._followed.append(weakref.ref(stack))
            stack.indexChanged.connect(self._step_moved)
            # a save moves the clean index only: whether File › Revert keeps a write
            stack.cleanChanged.connect(self._step_moved)

    def _step_moved(self, _moved: int | bool) -> None:
        """A history written to moved: the log says which writes were undone or redone,
        reverted away (the file read again was saved without them) or brought back by a
        revert (saved with them)."""
        if not self._alive():
            return
        moved = False
        for write in reversed(self._writes):  # the oldest first, as they were written
            stands = write.written.stands()
            if stands is None or stands == write.done:
                continue
            write.done, moved = stands, True
            restarted = bool(write.written.restarted)
            if write.done:
                twice = next((other.where for other in self._writes if other is not write
                              and (other.what, other.roll) == (write.what, write.roll)
                              and other.written.stands()), None)
                also = f"; the same roll stands in {twice} too" if twice else ""
                word = "Back with the saved file" if restarted else "Redone"
                self._log(f"{word}: {write.text}{also}.")
            else:
                self._log(f"{'Reverted' if restarted else 'Undone'}: {write.text}.")
        if moved:
            self.refresh()
