"""The owner of the calculator's Test in progress: the model, its undo stack and
its change signal. Views change the Test only through :meth:`PendingTestOwner.apply`
(an undoable command over a :mod:`seforge.systems.swords_edge.pending` mutator) and redraw on
``changed``."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand

from seforge.core.documents import DocumentKind
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.pending import PendingTest, set_actor
from ui.shell.document_owner import DocumentOwner

T = TypeVar("T")
UNDO_LIMIT = 300
"""Undo steps kept per calculator (each holds two copies of the Test)."""
PENDING_TEST_KIND: DocumentKind[PendingTest] = DocumentKind(
    format_id="swords-edge.pending-test",
    model=PendingTest,
    suffix=".setest",
    title="Sword's Edge Test in progress",
)
"""The calculator's Test in progress as a document kind, so its owner is the shell's
document owner like every other (never written to a file, so not a format of the app's:
it lives here, not in the core)."""


class _TestCommand(QUndoCommand):
    """Swap the owner's Test (and acting Character) between two snapshots."""

    def __init__(self, owner: PendingTestOwner, text: str,
                 before: tuple[PendingTest, Character | None],
                 after: tuple[PendingTest, Character | None], merge: str = "") -> None:
        super().__init__(text)
        self._owner: PendingTestOwner | None = owner
        self._before = before
        self._after = after
        self._merge = merge

    def id(self) -> int:
        """Changes with the same merge key in a row (dice, a spin box) undo as one."""
        return zlib.crc32(self._merge.encode("utf-8")) & 0x7FFFFFFF if self._merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, _TestCommand) or other._merge != self._merge \
                or not self._merge:
            return False
        self._after = other._after
        return True

    def redo(self) -> None:
        if self._owner is not None:
            self._owner._set(*self._after)

    def undo(self) -> None:
        if self._owner is not None:
            self._owner._set(*self._before)

    def detach(self) -> None:
        """Stop reaching the calculator (the step stays on another document's stack,
        whose other halves still undo)."""
        self._owner = None


class PendingTestOwner(DocumentOwner[PendingTest]):
    """Holds one :class:`PendingTest` (the shell owner's document, with the undo stack
    the owner creates) and the Character behind its ``actor``.

    The Character is a reference to the PC's own document, never a copy: the
    Test only reads it (its Qualities and Penalty Ranks).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        test = PendingTest()
        set_actor(test, None)
        super().__init__(PENDING_TEST_KIND, test, title="Test", parent=parent)
        self._character: Character | None = None
        self.undo_stack.setUndoLimit(UNDO_LIMIT)
        self._route: Callable[[QUndoCommand], None] | None = None
        self._routed: list[_TestCommand] = []

    @property
    def test(self) -> PendingTest:
        """The current Test. Read it; change it only through :meth:`apply`."""
        return self.document

    @property
    def _test(self) -> PendingTest:
        return self.document

    @property
    def character(self) -> Character | None:
        return self._character

    def _set(self, test: PendingTest, character: Character | None) -> None:
        self.document = test.model_copy(deep=True)
        self._character = character
        self.revision += 1
        self.changed.emit()

    def apply(self, text: str, mutate: Callable[[PendingTest], T],  # type: ignore[override]
              character: Character | bool | None = False, merge: str = "") -> T:
        """Run ``mutate`` on a copy of the Test and push the change as one undo step.

        ``character`` (when not False) is the new acting Character. The mutator's
        RefusedError propagates and nothing changes; a change that changes
        nothing pushes no undo step; consecutive changes with the same ``merge`` key
        become one. Returns what the mutator returned.
        """
        work = self._test.model_copy(deep=True)
        result = mutate(work)
        new_character = self._character if character is False else character
        assert new_character is None or isinstance(new_character, Character)
        self._push(text, work, new_character, merge)
        return result

    def _push(self, text: str, work: PendingTest, new_character: Character | None,
              merge: str = "") -> None:
        """One undo step from the Test now to ``work`` (nothing when nothing changes)."""
        if work == self._test and new_character is self._character:
            return
        if self._route is not None and new_character is not self._character:
            self.route_steps(None)  # another actor: the Test is no longer the pairing's
        command = _TestCommand(self, text, (self._test, self._character),
                               (work, new_character), merge)
        if self._route is not None:
            self._routed.append(command)
            self._route(command)
        else:
            self.undo_stack.push(command)

    def route_steps(self, push: Callable[[QUndoCommand], None] | None) -> None:
        """Hand each later step to ``push`` (which puts it on the undo stack of the
        document the Test belongs to, e.g. a scene pairing's) instead of :attr:`undo_stack`.

        ``None`` ends that: the steps handed over stop changing this owner's Test (the
        scene's Undo then reverts the scene alone, never a Test the GM moved on to)."""
        if push is None:
            for command in self._routed:
                command.detach()
            self._routed = []
        self._route = push

    @property
    def routed(self) -> bool:
        """Whether the steps go to another document's undo stack just now."""
        return self._route is not None

    def replace(self, test: PendingTest, character: Character | None, text: str) -> None:
        """Put a whole Test in place (a scene pairing, a restored state), undoably: a
        copy of ``test`` itself (a PendingTest already checked by its model)."""
        self._push(text, test.model_copy(deep=True), character)
