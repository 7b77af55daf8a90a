"""Play steps the GM screen makes on a PC, through the PC's owner.

The calculator's dice roller keeps its rolls (and spends a Luck reroll's Luck) in the
acting PC's history; :func:`owner_step` gives it a
:data:`~ui.systems.swords_edge.gm.calculator.PCStep` that runs the
:mod:`seforge.systems.swords_edge.play` operation as the PC owner's ``apply`` (on a copy,
one undo step), so the tab shows it modified, autosave keeps it and Undo takes it back.
"""

from __future__ import annotations

from collections.abc import Callable

from seforge.systems.swords_edge.models import Character
from ui.systems.swords_edge.document_registry import DocumentRegistry


def owner_step(registry: DocumentRegistry
               ) -> Callable[[Character, str, Callable[[Character], object]], bool]:
    """A step runner over ``registry``'s owners (False for a PC no owner holds)."""

    def step(character: Character, title: str,
             operation: Callable[[Character], object]) -> bool:
        document = registry.find_character(character)
        if document is None:
            return False
        name = character.name.strip() or document.title()

        def mutate(pc: Character) -> None:
            operation(pc)  # a RefusedError leaves the character as it was

        document.apply(f"Calculator: {title} ({name})", mutate)
        return True

    return step
