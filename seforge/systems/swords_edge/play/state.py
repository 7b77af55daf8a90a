"""Reading a character in play: the Rank a Trait or SFX works at, Penalty Ranks."""

from __future__ import annotations

from seforge.systems.swords_edge.models import (
    Character,
    Element,
    ElementKind,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank


def effective_trait(character: Character, trait: Trait) -> Rank:
    """The Rank the Trait works at after its Penalty Ranks: never below Weak, and
    never above Legendary (a Mythic Trait is a problem ``check`` reports; play
    treats it as Legendary so every number stays on the ladder)."""
    rank = min(character.trait_rank(trait), Rank.LEGENDARY)
    penalty = max(0, character.play.penalty_ranks.get(trait, 0))
    return Rank(max(int(Rank.WEAK), int(rank) - penalty))


def penalty_room(character: Character, trait: Trait) -> int:
    """How many more Penalty Ranks the Trait can take before it is Weak."""
    return int(effective_trait(character, trait)) - int(Rank.WEAK)


def sfx_elements(character: Character) -> list[Element]:
    return [e for e in character.elements if e.kind is ElementKind.SFX]


def effective_sfx(character: Character, element: Element) -> Rank:
    """The Rank an SFX Quality works at after its own Penalty Ranks."""
    penalty = max(0, character.play.sfx_penalty_ranks.get(element.name, 0))
    rank = min(element.rank, Rank.LEGENDARY)
    return Rank(max(int(Rank.WEAK), int(rank) - penalty))


def has_penalties(character: Character) -> bool:
    play = character.play
    return any(v > 0 for v in play.penalty_ranks.values()) or any(
        v > 0 for v in play.sfx_penalty_ranks.values()
    )


def scene_penalty_total(character: Character) -> int:
    """Penalty Ranks taken in the current scene (what scene Recovery and Luck can touch)."""
    play = character.play
    return sum(play.scene_penalty_ranks.values()) + sum(play.scene_sfx_penalty_ranks.values())


def penalty_total(character: Character) -> int:
    play = character.play
    return sum(play.penalty_ranks.values()) + sum(play.sfx_penalty_ranks.values())

