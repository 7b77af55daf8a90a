"""What a Blades roll reads as, its position and effect: the facts the odds need, apart
from :mod:`seforge.systems.blades.facts` (which holds pydantic models), so that
``seforge odds --system blades`` starts without pydantic. ``facts`` re-exports them.
"""

from __future__ import annotations

from enum import StrEnum


class ResultLevel(StrEnum):
    """What a roll reads as (SRD, Rolling the Dice, lines 62-68)."""

    CRITICAL = "critical"
    SUCCESS = "success"
    PARTIAL = "partial"
    FAILURE = "failure"


RESULT_ORDER: tuple[ResultLevel, ...] = (
    ResultLevel.FAILURE, ResultLevel.PARTIAL, ResultLevel.SUCCESS, ResultLevel.CRITICAL,
)
"""Worst to best, for comparing two fortune rolls."""


class Position(StrEnum):
    """How dangerous an action is; risky is the default (SRD, Action Roll, line 104)."""

    CONTROLLED = "controlled"
    RISKY = "risky"
    DESPERATE = "desperate"


class Effect(StrEnum):
    """How much an action achieves; standard is the default (SRD, 4. The GM Sets the Effect Level,
    line 218). Zero and extreme lie beyond limited and great."""

    ZERO = "zero"
    LIMITED = "limited"
    STANDARD = "standard"
    GREAT = "great"
    EXTREME = "extreme"


EFFECT_ORDER: tuple[Effect, ...] = tuple(Effect)


def effect_step(effect: Effect, steps: int) -> Effect:
    """The effect moved ``steps`` levels up (or down), kept within zero..extreme."""
    index = EFFECT_ORDER.index(effect) + steps
    return EFFECT_ORDER[max(0, min(len(EFFECT_ORDER) - 1, index))]


DEFAULT_TICKS_BY_EFFECT: dict[str, int] = {
    "zero": 0, "limited": 1, "standard": 2, "great": 3, "extreme": 5,
}
"""Clock segments one roll fills at each effect. EXTERNAL default (the effect table is a
@TODO in the text; notes §6)."""
