"""Undefended characters and what a defender's success earns (book: *Undefended*,
*Seize the Momentum*, *Levels of Success*)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from seforge.systems.swords_edge.dice import (
    DIE_FACES,
    LEVELS,
    OUTCOMES,
    level_for_margin,
)
from seforge.systems.swords_edge.kinds import Level

# ---------------------------------------------------------------------- Undefended


UNDEFENDED_TN = 5
"""The TN an attacker rolls against when the defender is Undefended."""

UNDEFENDED_PC_TN = 17
"""The mark an Undefended PC's roll is measured from (book: *Undefended*)."""


UndefendedBands = Literal["seven", "printed"]
"""How an Undefended PC's roll is read: 7-point bands (default) or as printed (L557)."""

UNDEFENDED_PRINTED_FLOORS: tuple[tuple[int, Level], ...] = (
    (11, Level.AVERAGE), (5, Level.GOOD), (3, Level.GREAT), (-4, Level.EXCEPTIONAL),
)
"""The printed bands (11-17 Average, 5-10 Good, 3-4 Great). Results under 3 need
Penalty Ranks; the book prints nothing there, so we go on in 7-point steps."""


def undefended_pc_level(
    result: int, natural_two: bool, *, natural_twenty: bool = False,
    bands: UndefendedBands = "seven",
) -> Level | None:
    """The Level of the attack that hits an Undefended PC, from the PC's own roll.

    The PC rolls 2d10 changed only by Penalty Ranks; how far the result falls
    short of 17 is the attacker's margin, read on the usual 7-point bands:
    17 - result of 0..6 is Average, 7..13 Good, 14..20 Great, and so on. A
    natural 2 is a Legendary hit. Book: *Undefended*.

    Readings we chose:

    * A result of 17 is still an Average hit: the book lists 11-17 as Average.
    * A result of 18 or more means the attack does no Stress (None). The book
      lists no band above 17, and the bands work as a mirror of an attacker's
      roll against TN 5 (``5 + (17 - result)``), under which 18 and up would be
      a miss. For the same reason we let a natural 20 (``natural_twenty``) avoid
      the hit even when Penalty Ranks pull the result under 18, as any Critical
      Success on a Test succeeds.
    * A result of 4 is a Good hit (shortfall 13). The book's bands put 5-10 at
      Good and 3-4 at Great, which breaks its own 7-point rule (its Good band
      holds six results); we follow the rule, so only 3 and below reach Great.
      ``bands="printed"`` (table rule *Undefended bands as printed*) reads the
      printed bands instead: 4 is then Great (:data:`UNDEFENDED_PRINTED_FLOORS`).
    """
    if natural_two:
        return Level.LEGENDARY
    if natural_twenty:
        return None
    shortfall = UNDEFENDED_PC_TN - result
    if shortfall < 0:
        return None
    if bands == "printed":
        for floor, level in UNDEFENDED_PRINTED_FLOORS:
            if result >= floor:
                return level
        return Level.LEGENDARY
    return level_for_margin(shortfall)


def seize_failure_level(nc_action_tn: int) -> Level:
    """The Level of the hit a PC takes after failing to Seize the Momentum.

    The NC side's Action TN stands in for an attack roll against the Undefended
    TN of 5: 5 is Average, 12 Good, 19 Great, 26 Exceptional, 33 Legendary.
    Book: *Seize the Momentum* (TN 27 against 5 gives Exceptional). A TN under 5
    (only a Weak NC sets one) still lands an Average hit: the PC did fail.
    """
    return level_for_margin(max(nc_action_tn - UNDEFENDED_TN, 0))


# ---------------------------------------------------------------- defender benefits


@dataclass(frozen=True)
class DefenderBenefit:
    """What a defender's success at some Level earns (book: *Levels of Success*).

    ``bonus_next_round``: added to the defender's next-round Action.
    ``free_seize``: a Seize the Momentum attempt that costs nothing and, if it
    fails, does not leave the defender Undefended.
    ``riposte`` / ``riposte_bonus``: a counterattack, with a bonus to it.
    ``immediate_momentum``: the defender takes the Momentum without a roll.
    """

    bonus_next_round: int = 0
    free_seize: bool = False
    riposte: bool = False
    riposte_bonus: int = 0
    immediate_momentum: bool = False
    text: str = "No extra benefit."


_GOOD_BENEFIT = DefenderBenefit(
    bonus_next_round=2, text="+2 to this defender's Action next round."
)


def defender_benefits(
    level: Level | str | None, lost_momentum_by_critical: bool
) -> DefenderBenefit:
    """The benefit of a defender's success at ``level``, as data.

    Good: +2 next round. Great: a free, risk-free attempt to Seize the Momentum.
    Exceptional: that attempt plus a riposte. Legendary: the Momentum at once and
    a riposte at +2. A defender who lost the Momentum to a Critical Failure gets
    only the Good benefit from a Great or Exceptional success; Legendary is not
    reduced. Average or no success: nothing.
    """
    if level is None or Level.parse(level) is Level.AVERAGE:
        return DefenderBenefit()
    name = Level.parse(level)
    if name is Level.GOOD:
        return _GOOD_BENEFIT
    if name in (Level.GREAT, Level.EXCEPTIONAL) and lost_momentum_by_critical:
        return _GOOD_BENEFIT
    if name is Level.GREAT:
        return DefenderBenefit(
            free_seize=True,
            text="A free try at Seizing the Momentum; failing it costs nothing.",
        )
    if name is Level.EXCEPTIONAL:
        return DefenderBenefit(
            free_seize=True,
            riposte=True,
            text="A free try at Seizing the Momentum (no risk) and a counterattack.",
        )
    return DefenderBenefit(
        riposte=True,
        riposte_bonus=2,
        immediate_momentum=True,
        text="Takes the Momentum at once, no roll, and counterattacks at +2.",
    )


def defender_benefit(level: Level | str | None, lost_momentum_by_critical: bool) -> str:
    """A short description of :func:`defender_benefits` for the GM screen."""
    return defender_benefits(level, lost_momentum_by_critical).text


def undefended_pc_odds(
    modifier: int, bands: UndefendedBands = "seven"
) -> dict[Level | None, Fraction]:
    """Chance of each hit Level on an Undefended PC rolling 2d10 + ``modifier``
    (its Penalty Ranks); the ``None`` entry is the chance of no hit. ``bands``
    follows the table rule *Undefended bands as printed*."""
    counts: dict[Level | None, int] = {None: 0, **dict.fromkeys(LEVELS, 0)}
    for d1 in range(1, DIE_FACES + 1):
        for d2 in range(1, DIE_FACES + 1):
            level = undefended_pc_level(d1 + d2 + modifier, d1 == d2 == 1,
                                        natural_twenty=d1 == d2 == DIE_FACES, bands=bands)
            counts[level] += 1
    return {k: Fraction(v, OUTCOMES) for k, v in counts.items()}
