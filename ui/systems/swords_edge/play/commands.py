"""The undo command for play: the character before and after, as JSON data.

Play operations touch many fields at once (Luck, Penalty Ranks, Advancements,
Elements, history), so each step keeps two full snapshots and restores one of them
in place (every view holding the owner's Character sees it). The change is worked out
on a copy; the push's ``redo`` is what makes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand

from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import restore


class PlaySnapshotCommand(QUndoCommand):
    """Undo/redo one play step by restoring the character's JSON snapshot."""

    def __init__(
        self,
        character: Character,
        before: dict[str, Any],
        after: dict[str, Any],
        text: str,
        after_change: Callable[[], None],
    ) -> None:
        super().__init__(text)
        self._character = character
        self._before = before
        self._after = after
        self._after_change = after_change

    def redo(self) -> None:
        restore(self._character, self._after)
        self._after_change()

    def undo(self) -> None:
        restore(self._character, self._before)
        self._after_change()
