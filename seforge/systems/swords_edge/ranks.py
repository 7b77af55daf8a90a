"""The rank ladder: every Quality and every difficulty is measured on it.

Weak..Legendary carry a modifier (-6..+8, two per step) and a Target Number.
Mythic exists only as a Target Number (51): no Quality may reach it.
"""

from __future__ import annotations

from enum import IntEnum


class Rank(IntEnum):
    """A step on the ladder; the integer value is the step index (Weak = 0)."""

    WEAK = 0
    POOR = 1
    BASIC = 2
    AVERAGE = 3
    GOOD = 4
    GREAT = 5
    EXCEPTIONAL = 6
    LEGENDARY = 7
    MYTHIC = 8

    @property
    def label(self) -> str:
        """The name as the book prints it: ``"Good"``."""
        return self.name.capitalize()

    @property
    def modifier(self) -> int:
        """The modifier a Quality at this Rank adds to a roll.

        Mythic has no modifier in the book; asking for one is a programming error.
        """
        if self is Rank.MYTHIC:
            raise ValueError("Mythic exists only as a Target Number")
        return (int(self) - Rank.AVERAGE) * 2

    @property
    def play_modifier(self) -> int:
        """The modifier a Quality at this Rank adds in a Test. A Quality at Mythic
        breaks the rules (``check`` reports it); in play it counts as Legendary, so
        no screen fails on a file the core has accepted."""
        return min(self, Rank.LEGENDARY).modifier

    @property
    def target_number(self) -> int:
        """The Target Number a task or NC of this Rank sets."""
        return TARGET_NUMBERS[self]

    @property
    def is_quality_rank(self) -> bool:
        """True for Weak..Legendary, the Ranks a Quality may hold."""
        return self <= Rank.LEGENDARY

    def shifted(self, steps: int) -> Rank | None:
        """The Rank ``steps`` away, or None when that falls off the ladder."""
        value = int(self) + steps
        if 0 <= value <= int(Rank.MYTHIC):
            return Rank(value)
        return None

    def display(self) -> str:
        """Name and modifier together, as the builder shows them: ``"Great +4"``."""
        if self is Rank.MYTHIC:
            return "Mythic (TN 51)"
        return f"{self.label} {format_modifier(self.modifier)}"

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A Rank from its name, any case: ``"good"`` -> ``Rank.GOOD``.

        Raises ValueError naming the known Ranks when the text is none of them.
        """
        key = text.strip().upper()
        try:
            return cls[key]
        except KeyError:
            known = ", ".join(r.label for r in cls)
            raise ValueError(f"unknown Rank {text!r} (known: {known})") from None

    @classmethod
    def from_modifier(cls, modifier: int) -> Rank:
        """The Quality Rank whose modifier is ``modifier`` (-6..+8, even)."""
        if modifier % 2 or not -6 <= modifier <= 8:
            raise ValueError(f"no Rank has the modifier {modifier:+d}")
        return cls(modifier // 2 + Rank.AVERAGE)


TARGET_NUMBERS: dict[Rank, int] = {
    Rank.WEAK: 3,
    Rank.POOR: 5,
    Rank.BASIC: 8,
    Rank.AVERAGE: 12,
    Rank.GOOD: 17,
    Rank.GREAT: 23,
    Rank.EXCEPTIONAL: 31,
    Rank.LEGENDARY: 40,
    Rank.MYTHIC: 51,
}

QUALITY_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r.is_quality_rank)
"""Weak..Legendary, lowest first."""


def format_modifier(modifier: int) -> str:
    """``+2``, ``-4``, ``+0``: the sign is always shown."""
    return f"{modifier:+d}"
