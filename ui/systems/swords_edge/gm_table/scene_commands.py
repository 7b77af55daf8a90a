"""Undo for the scene tracker: one step on the scene, one on each PC it changed.

A scene step (Stress, Momentum, Luck, the end of the scene...) may change the
scene (NC Stress, pairings, the log) and PCs. The scene's part is a
:class:`SceneStep` on the tracker's undo stack; each PC's part is a
:class:`ScenePCCommand` on that PC's owner (so the builder tab shows it modified
and its Undo takes it back). The halves are linked: undoing or redoing one, from
whichever view, undoes or redoes all the others, so the scene and its PCs never
disagree about a step. Each history is one line, so a half with later steps on top
of it on its own stack (a later scene step, Luck gained in the Play dock, a name typed
in the tab) has those undone first, down to the step, and a half with earlier steps
still undone has those redone first; the user is told which went along
(:attr:`SceneStep.notify`). A half that can never be redone (a new edit on another
history threw its partner away) is thrown away from its own history too, with what was
undone after it (:func:`drop_broken_redo`). Each command restores JSON snapshots through
one core call (``Scene`` data, ``play.restore``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtGui import QUndoCommand, QUndoStack

from seforge.systems.swords_edge.models import Character
from ui.systems.swords_edge.play.commands import PlaySnapshotCommand

if TYPE_CHECKING:
    from ui.systems.swords_edge.document import CharacterDocument


class _Link:
    """Shared by the halves of one step: who started a linked undo/redo."""

    def __init__(self) -> None:
        self.origin: object | None = None


_Along = list[tuple[QUndoCommand, "CharacterDocument | None"]]
"""The steps a linked undo/redo took along: (the step, whose history: None for the
scene's). They are named once all have moved, as the PCs are named then (an undone
rename in a PC's tab is the name the GM sees everywhere after the undo)."""
_along: list[_Along] = []
"""While a linked undo/redo runs: where the steps it takes along are noted (one list for
the outermost, so the user is told once, however far the steps reach)."""


def _commands(command: QUndoCommand) -> Iterator[QUndoCommand]:
    """``command`` and every command inside it (a macro holds several)."""
    yield command
    for index in range(command.childCount()):
        yield from _commands(command.child(index))


def scene_steps(command: QUndoCommand) -> list[SceneStep]:
    """The scene steps in one command of the scene's stack (a macro holds several)."""
    return [c for c in _commands(command) if isinstance(c, SceneStep)]


def _holds(top: QUndoCommand, command: QUndoCommand) -> bool:
    """Whether the step ``top`` is ``command`` or holds it (a macro)."""
    return any(c is command for c in _commands(top))


def _is_on(stack: QUndoStack, command: QUndoCommand) -> bool:
    """Whether ``command`` is still in ``stack``'s history (done or to redo)."""
    return any(_holds(stack.command(i), command) for i in range(stack.count()))


def _undo_through(stack: QUndoStack, command: QUndoCommand,
                  where: CharacterDocument | None) -> _Along:
    """Undo ``stack`` down to and including the step holding ``command`` when it is
    done; the later steps undone on the way (none when it was on top, or is not done)."""
    if not any(_holds(stack.command(i), command) for i in range(stack.index())):
        return []
    later: _Along = []
    while stack.canUndo():
        top = stack.command(stack.index() - 1)
        reached = _holds(top, command)
        if not reached:
            later.append((top, where))
        stack.undo()
        if reached:
            break
    return later


def _redo_through(stack: QUndoStack, command: QUndoCommand,
                  where: CharacterDocument | None) -> _Along:
    """Redo ``stack`` up to and including the step holding ``command`` when it is still
    to redo; the earlier steps redone on the way."""
    if not any(_holds(stack.command(i), command)
               for i in range(stack.index(), stack.count())):
        return []
    earlier: _Along = []
    while stack.canRedo():
        top = stack.command(stack.index())
        reached = _holds(top, command)
        if not reached:
            earlier.append((top, where))
        stack.redo()
        if reached:
            break
    return earlier


def _what(command: QUndoCommand) -> str:
    """A step as the user is told of it: a scene step names the PCs it changed."""
    text = command.text().removeprefix("Scene: ")
    names: list[str] = []
    for step in scene_steps(command):
        for document, _half in step._live_partners():
            name = _name(document)
            if name not in names:
                names.append(name)
    return f"{text} ({', '.join(names)})" if names and not text.endswith(")") else text


def _name(document: CharacterDocument) -> str:
    return document.character.name or document.title()


def along_sentence(along: _Along, undo: bool, ahead: bool = False) -> str:
    """One line telling which other steps a linked undo (redo) took along (``ahead``:
    will take along, said before it is made)."""
    places: dict[str, list[str]] = {}
    for command, document in along:
        where = "the scene" if document is None else f"{_name(document)}'s history"
        places.setdefault(where, []).append(_what(command))
    listed = "; ".join(f"in {where}, {', '.join(whats)}" for where, whats in places.items())
    verb = {(True, True): "undoes", (False, True): "redoes",
            (True, False): "undone", (False, False): "redone"}[undo, ahead]
    return f"Also {verb}, so that the scene and its PCs agree: {listed}."


def steps_along(stack: QUndoStack, undo: bool) -> _Along:
    """The other steps an Undo (Redo) on ``stack`` would take along, as
    :meth:`SceneStep.follow` would move them, worked out without moving any history:
    each other half of a linked step is undone down to it, the steps on top of it first
    (redone up to it, the undone steps under it first), and those may be linked steps
    in turn."""
    if not shiboken6.isValid(stack) or not (stack.canUndo() if undo else stack.canRedo()):
        return []
    at: dict[int, int] = {}
    """Each history's index as the Undo (Redo) would leave it (by the stack's id)."""
    handled: set[int] = set()
    """The linked steps whose other halves are already followed."""
    along: _Along = []

    def index(of: QUndoStack) -> int:
        return at.get(id(of), of.index())

    def next_index(of: QUndoStack) -> int | None:
        """The index of the step ``of`` would move next (None: none left)."""
        if undo:
            return index(of) - 1 if index(of) > 0 else None
        return index(of) if index(of) < of.count() else None

    def moved(command: QUndoCommand) -> None:
        for part in _commands(command):
            step = part.step if isinstance(part, ScenePCCommand) else part
            if not isinstance(step, SceneStep) or id(step) in handled:
                continue
            handled.add(id(step))
            halves: list[tuple[QUndoStack, QUndoCommand, CharacterDocument | None]] = [
                (step.stack, step, None)]
            halves += [(d.undo_stack, c, d) for d, c in step._live_partners()]
            for other, half, whose in halves:
                if half is not part:
                    through(other, half, whose)

    def through(other: QUndoStack, half: QUndoCommand,
                whose: CharacterDocument | None) -> None:
        ahead = range(index(other)) if undo else range(index(other), other.count())
        if not any(_holds(other.command(i), half) for i in ahead):
            return
        while (i := next_index(other)) is not None:
            top = other.command(i)
            reached = _holds(top, half)
            if not reached:
                along.append((top, whose))
            at[id(other)] = i if undo else i + 1
            moved(top)
            if reached:
                break

    first = next_index(stack)
    if first is None:
        return []
    at[id(stack)] = first if undo else first + 1
    moved(stack.command(first))
    return along


def undo_warning(along: _Along, undo: bool = True) -> str:
    """What Edit › Undo (Redo) adds to its text when it takes other steps along:
    "(and 2 later scene steps)" ("(and 1 earlier step)" for Redo; "" when it takes
    none)."""
    if not along:
        return ""
    scene = "scene " if all(document is None for _c, document in along) else ""
    when = "later" if undo else "earlier"
    return f"(and {len(along)} {when} {scene}step{'s' if len(along) != 1 else ''})"


def drop_broken_redo(stack: QUndoStack) -> bool:
    """If the step ``stack`` would redo next is half of a scene step whose other half is
    gone (thrown away by a new edit on its own history), throw away this history's redo
    too, from that step on (the later steps were made on top of it); True if it did."""
    if not shiboken6.isValid(stack):
        return False
    index = stack.index()
    if index >= stack.count() or not _broken(stack.command(index)):
        return False
    blank = QUndoCommand()
    blank.setObsolete(True)
    stack.push(blank)  # an obsolete command is not kept: only the redo is thrown away
    stack.canRedoChanged.emit(stack.canRedo())
    stack.redoTextChanged.emit(stack.redoText())
    return True


def _broken(command: QUndoCommand) -> bool:
    for part in _commands(command):
        step = part.step if isinstance(part, ScenePCCommand) else part
        if isinstance(step, SceneStep) and not step.whole():
            return True
    return False


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
        self.notify: Callable[[str], None] | None = None
        """Told, in one line, which other steps a linked undo or redo took along."""
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

    def whole(self) -> bool:
        """Whether every half of this step is still in its history."""
        return _is_on(self.stack, self) and all(
            _is_on(d.undo_stack, c) for d, c in self._live_partners())

    def _live_partners(self) -> list[tuple[CharacterDocument, ScenePCCommand]]:
        """The partners whose owner is still there (a closed window's are gone)."""
        return [(d, c) for d, c in self.partners
                if shiboken6.isValid(d) and shiboken6.isValid(d.undo_stack)]

    def follow(self, origin: object, undo: bool) -> None:
        """Undo (redo) the other halves of this step, wherever the undo (redo) started:
        each through the later (earlier) steps of its own history, which go along and
        are told of once, by the outermost linked step."""
        if self.link.origin is not None:
            return
        self.link.origin = origin
        outermost = not _along
        if outermost:
            _along.append([])
        try:
            halves: list[tuple[QUndoStack, QUndoCommand, CharacterDocument | None]] = [
                (self.stack, self, None)]
            halves += [(d.undo_stack, c, d) for d, c in self._live_partners()]
            for stack, command, where in halves:
                if command is origin:
                    continue
                move = _undo_through if undo else _redo_through
                _along[0].extend(move(stack, command, where))
        finally:
            self.link.origin = None
            along = _along.pop() if outermost else []
        if along and self.notify is not None:
            self.notify(along_sentence(along, undo))
