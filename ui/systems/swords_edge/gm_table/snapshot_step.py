"""One undo step of a GM's-table owner (the campaign's, the opponent's): the data before
and after, typing in one field merging into one step."""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand


class Restores(Protocol):
    def _restore(self, data: dict[str, Any]) -> None: ...


class SnapshotStep(QUndoCommand):
    """One change as its data before and after. ``merge_id`` tells one owner's steps
    from another's; ``done`` says the change was already made before the push (so the
    push's redo does nothing)."""

    def __init__(self, owner: Restores, before: dict[str, Any], after: dict[str, Any],
                 text: str, field: str | None, merge_id: int, done: bool = False) -> None:
        super().__init__(text)
        self.owner = owner
        self.before = before
        self.after = after
        self.field = field
        self.merge_id = merge_id
        self._skip_redo = done

    def id(self) -> int:
        return self.merge_id if self.field else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (isinstance(other, SnapshotStep) and other.merge_id == self.merge_id
                and other.field == self.field):
            self.after = other.after
            return True
        return False

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        self.owner._restore(self.after)

    def undo(self) -> None:
        self.owner._restore(self.before)
