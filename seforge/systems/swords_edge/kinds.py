"""The named kinds of the rules, without pydantic: cheap to import.

``seforge.systems.swords_edge.models`` re-exports all of these; the app's first window imports this
module alone so that it can appear before the models are built.
"""

from __future__ import annotations

from enum import StrEnum


class Trait(StrEnum):
    PHYSIQUE = "Physique"
    CHARISMA = "Charisma"
    CUNNING = "Cunning"


TRAITS: tuple[Trait, ...] = (Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING)


class ElementKind(StrEnum):
    """What an Element is; the kind changes how it is bought and shown."""

    QUALITY = "quality"
    ITEM = "item"
    SFX = "sfx"
    WEAKNESS = "weakness"
    FETISH = "fetish"
    STUNT = "stunt"


class Acquired(StrEnum):
    """When a Quality entered the character: bought at creation or gained in play."""

    CREATION = "creation"
    PLAY = "play"


class NCType(StrEnum):
    """How an NC takes Stress: a minion falls to one, a regular to three, a hero
    loses a Rank per Stress."""

    MINION = "minion"
    REGULAR = "regular"
    HERO = "hero"
