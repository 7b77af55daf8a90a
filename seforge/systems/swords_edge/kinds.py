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


class Level(StrEnum):
    """A Level of Success, lowest first (book: *Levels of Success*: every 7 points
    over the TN is one Level more).

    A member is its name (``Level.GOOD == "Good"``, saved as ``"Good"``), but two
    Levels compare by their order, not alphabetically: ``Level.AVERAGE <
    Level.GOOD < ... < Level.LEGENDARY``. A failed Test has no Level (None), which
    :func:`level_order` puts below Average.
    """

    AVERAGE = "Average"
    GOOD = "Good"
    GREAT = "Great"
    EXCEPTIONAL = "Exceptional"
    LEGENDARY = "Legendary"

    @property
    def step(self) -> int:
        """Levels above Average: Average 0, Good 1 ... Legendary 4."""
        return _LEVEL_STEPS[self]

    @classmethod
    def parse(cls, text: str) -> Level:
        """The Level named ``text`` in any case; ValueError names the known ones."""
        if isinstance(text, Level):
            return text
        wanted = text.strip().lower()
        for level in cls:
            if level.value.lower() == wanted:
                return level
        raise _unknown_level(text)

    @classmethod
    def named(cls, text: str) -> Level:
        """The Level whose name is exactly ``text``; ValueError names the known ones."""
        for level in cls:
            if level.value == text:
                return level
        raise _unknown_level(text)

    def __lt__(self, other: str) -> bool:
        if isinstance(other, Level):
            return self.step < other.step
        return str.__lt__(self, other)

    def __le__(self, other: str) -> bool:
        if isinstance(other, Level):
            return self.step <= other.step
        return str.__le__(self, other)

    def __gt__(self, other: str) -> bool:
        if isinstance(other, Level):
            return self.step > other.step
        return str.__gt__(self, other)

    def __ge__(self, other: str) -> bool:
        if isinstance(other, Level):
            return self.step >= other.step
        return str.__ge__(self, other)


def _unknown_level(text: object) -> ValueError:
    known = ", ".join(level.value for level in Level)
    return ValueError(f"unknown Level of Success {text!r} (known: {known})")


_LEVEL_STEPS: dict[Level, int] = {level: step for step, level in enumerate(Level)}


def level_order(level: str | None) -> int:
    """Where a result stands: -1 for a failure (None), else the Level's step
    (Average 0 ... Legendary 4), so results sort Failure < Average < ... <
    Legendary."""
    return -1 if level is None else Level.parse(level).step
