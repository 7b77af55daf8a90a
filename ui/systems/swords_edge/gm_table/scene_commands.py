"""Undo for the scene tracker: one step on the scene, one on each PC it changed.

A scene step (Stress, Momentum, Luck, the end of the scene...) may change the
scene (NC Stress, pairings, the log) and PCs. The scene's part is a
:class:`SceneStep` on the tracker's undo stack; each PC's part is a
:class:`ScenePCCommand` on that PC's owner (so the builder tab shows it modified
and its Undo takes it back). The two halves are linked: undoing or redoing one
also undoes or redoes the others while they are still the latest step of their
own stacks. An undo in the scene always takes its PCs along: when a PC's own history
has later steps on top of the scene's (Luck gained in the Play dock, a name typed in
the tab), those are undone first, down to the scene's, so the scene and its PCs
never disagree about a step (redo in the tab brings them back). Each command
restores JSON snapshots through one core call (``Scene`` data, ``play.restore``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from seforge.systems.swords_edge.models import Character
from ui.systems.swords_edge.play.commands import PlaySnapshotCommand

if TYPE_CHECKING:
    from ui.systems.swords_edge.document import CharacterDocument


class _Link:
    """Shared by the halves of one step: who started a linked undo/redo."""

    def __init__(self) -> None:
        self.origin: object | None = None


def _is_top(stack: QUndoStack, command: QUndoCommand) -> bool:
    """Whether ``command`` is the step ``stack`` would undo next."""
    index = stack.index()
    return index > 0 and stack.command(index - 1) is command


def _undo_through(stack: QUndoStack, command: QUndoCommand) -> list[str]:
    """Undo ``stack`` down to and including ``command`` when it is done; the names of
    the later steps undone on the way (empty when ``command`` was on top, or is not
    done on ``stack``)."""
    position = next((i for i in range(stack.index()) if stack.command(i) is command), None)
    if position is None:
        return []
    later: list[str] = []
    while stack.index() > position + 1:
        later.append(stack.undoText())
        stack.undo()
    stack.undo()
    return later


def _is_next(stack: QUndoStack, command: QUndoCommand) -> bool:
    """Whether ``command`` is the step ``stack`` would redo next."""
    index = stack.index()
    return index < stack.count() and stack.command(index) is command


class ScenePCCommand(PlaySnapshotCommand):
    """What a scene step did to one PC, on the PC's owner."""

    def __init__(self, character: Character, before: dict[str, Any], after: dict[str, Any],
                 text: str, after_change: Callable[[], None]) -> None:
        super().__init__(character, before, after, text, after_change)
        self.step: SceneStep | None = None

    def undo(self) -> None:
        super().undo()
        if self.step is not None:
            self.step.follow(self, undo=True)

    def redo(self) -> None:
        super().redo()
        if self.step is not None:  # None while it is pushed: the step is not linked yet
            self.step.follow(self, undo=False)


class SceneStep(QUndoCommand):
    """The scene's half of a step: the scene's data before and after."""

    def __init__(self, restore: Callable[[dict[str, Any]], None], before: dict[str, Any],
                 after: dict[str, Any], text: str, stack: QUndoStack,
                 partners: list[tuple[CharacterDocument, ScenePCCommand]]) -> None:
        super().__init__(text)
        self._restore = restore
        self.before = before
        self.after = after
        self.stack = stack
        self.partners = partners
        self.link = _Link()
        self.changes: dict[str, list[dict[str, Any]]] = {}
        """What this step did to each PC (by scene id), as a scene_changes patch."""
        self.notify: Callable[[list[str]], None] | None = None
        """Told the names of a PC's later steps an undo in the scene undid first."""
        for _document, command in partners:
            command.step = self

    def added_lines(self) -> list[str]:
        """The lines this step added to the scene's log (its own words for what it did)."""
        before = list(self.before.get("log", []))
        after = list(self.after.get("log", []))
        return [str(line) for line in after[len(before):]] if after[:len(before)] == before \
            else []

    def undo(self) -> None:
        self._restore(self.before)
        self.follow(self, undo=True)

    def redo(self) -> None:
        self._restore(self.after)
        self.follow(self, undo=False)

    def unlink(self) -> None:
        """Part from the PCs' halves (the scene's history is being cleared)."""
        for _document, command in self.partners:
            command.step = None
        self.partners = []

    def follow(self, origin: object, undo: bool) -> None:
        """Undo (redo) the other halves of this step that are still next in line; an
        undo started in the scene undoes each PC's half through the PC's later steps."""
        if self.link.origin is not None:
            return
        self.link.origin = origin
        later: list[str] = []
        try:
            halves: list[tuple[QUndoStack, QUndoCommand]] = [(self.stack, self)]
            halves += [(d.undo_stack, c) for d, c in self.partners]
            for stack, command in halves:
                if command is origin:
                    continue
                if undo and origin is self:
                    later += _undo_through(stack, command)
                elif undo and _is_top(stack, command):
                    stack.undo()
                elif not undo and _is_next(stack, command):
                    stack.redo()
        finally:
            self.link.origin = None
        if later and self.notify is not None:
            self.notify(later)
