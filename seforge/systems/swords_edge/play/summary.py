"""A plain read-only description of a character in play."""

from __future__ import annotations

from seforge.systems.swords_edge.models import (
    TRAITS,
    Character,
    ElementKind,
)
from seforge.systems.swords_edge.play.keys import describe_key
from seforge.systems.swords_edge.play.state import effective_trait
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.wording import plural


def summary_lines(character: Character) -> list[str]:
    """A plain read-only description of the character's state in play."""
    play = character.play
    lines = [character.name or "(unnamed)"]
    if play.session:
        status = "running" if play.session_running else "ended"
        lines.append(f"Session {play.session} ({status}), scene {play.scene}")
    lines.append(f"Luck {play.luck}; {plural(len(play.advancements), 'Advancement')} held")
    lines.append(f'Concept "{character.concept.name}" {character.concept.rank.display()}')
    lines.append(f'Background "{character.background.name}" {character.background.rank.display()}')
    lines.append(f'Faculty "{character.faculty.name}" {character.faculty.rank.display()}')
    for trait in TRAITS:
        rank = character.trait_rank(trait)
        penalty = play.penalty_ranks.get(trait, 0)
        text = f"{trait.value} {rank.display()}"
        if penalty:
            working = effective_trait(character, trait).display()
            text += f", {plural(penalty, 'Penalty Rank')}: works at {working}"
        lines.append(text)
    for index, element in enumerate(character.elements):
        link = element.trait.value if element.trait else "no Trait"
        name = describe_key(character, QualityKey.of_element(index))
        text = f"{name} {element.rank.display()} ({link})"
        penalty = play.sfx_penalty_ranks.get(element.name, 0)
        if element.kind is ElementKind.SFX and penalty:
            text += f", {plural(penalty, 'Penalty Rank')}"
        lines.append(text)
    if play.doom_trait is not None:
        lines.append(f"Doom pending on {play.doom_trait.value}")
    if play.removed_from_scene:
        lines.append("Out of the current scene")
    if play.out_of_play:
        lines.append("Out of the game")
    return lines

