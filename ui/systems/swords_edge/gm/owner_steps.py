"""Play steps the GM screen makes on a PC, as undo commands on the PC's owner.

The calculator's dice roller keeps its rolls (and spends a Luck reroll's Luck) in the
acting PC's history; :func:`owner_step` gives it a
:data:`~ui.systems.swords_edge.gm.calculator.PCStep`
that runs the :mod:`seforge.systems.swords_edge.play` operation and pushes one
:class:`~ui.systems.swords_edge.play.commands.PlaySnapshotCommand` on that PC's document, so the tab
shows it modified, autosave keeps it and Undo takes it back.
"""

from __future__ import annotations

from collections.abc import Callable

from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import full_dump, restore
from ui.systems.swords_edge.owners import Changes, DocumentRegistry
from ui.systems.swords_edge.play.commands import PlaySnapshotCommand


def owner_step(registry: DocumentRegistry
               ) -> Callable[[Character, str, Callable[[], object]], bool]:
    """A step runner over ``registry``'s owners (False for a PC no owner holds)."""

    def step(character: Character, title: str, operation: Callable[[], object]) -> bool:
        document = registry.find_character(character)
        if document is None:
            return False
        before = full_dump(character)
        operation()  # a RefusedError leaves the character as it was
        after = full_dump(character)
        if after == before:
            return True
        restore(character, before)  # the step's redo makes the change
        name = character.name.strip() or document.title()
        document.push(PlaySnapshotCommand(
            character, before, after, f"Calculator: {title} ({name})",
            lambda: document.notify_changed(Changes.PLAY)))
        return True

    return step
