"""Exact odds of a Dice Pool roll: N dice with S sides, each die at or above T a success.

The number of successes is binomial; it is computed by SEForge's exact engine
(:func:`seforge.core.odds.count_matching`) over fractions, never simulated. The plug-in's
tests check it against every one of the S**N rolls for small pools.
"""

from __future__ import annotations

from fractions import Fraction

from seforge.core.odds import count_matching, die

DEFAULT_SIDES = 6
MIN_DICE = 0
MAX_DICE = 40
"""The largest pool the calculator takes (far beyond a character's, still instant)."""
MIN_SIDES = 2
MAX_SIDES = 100


def why_not_roll(dice: int, target: int, sides: int = DEFAULT_SIDES) -> str | None:
    """Why ``dice`` dice of ``sides`` sides against ``target`` is not a roll (None: it is)."""
    if not MIN_SIDES <= sides <= MAX_SIDES:
        return f"a die has {MIN_SIDES} to {MAX_SIDES} sides, not {sides}"
    if not MIN_DICE <= dice <= MAX_DICE:
        return f"a pool has {MIN_DICE} to {MAX_DICE} dice, not {dice}"
    if not 1 <= target <= sides:
        return f"the target is a face of the die, 1 to {sides}, not {target}"
    return None


def success_chance(target: int, sides: int = DEFAULT_SIDES) -> Fraction:
    """The chance one die shows ``target`` or more."""
    return Fraction(sides - target + 1, sides)


def successes(dice: int, target: int, sides: int = DEFAULT_SIDES) -> list[Fraction]:
    """P(exactly k successes) for k = 0..dice (ValueError with a one-line reason for a
    roll that is not one)."""
    reason = why_not_roll(dice, target, sides)
    if reason is not None:
        raise ValueError(reason)
    found = count_matching(die(sides), dice, lambda face: face >= target)
    return [found[k] for k in range(dice + 1)]


def at_least(exactly: list[Fraction]) -> list[Fraction]:
    """P(k or more successes) for k = 0..len-1, from the exact chances."""
    found: list[Fraction] = []
    running = Fraction(0)
    for chance in reversed(exactly):
        running += chance
        found.append(running)
    return found[::-1]

