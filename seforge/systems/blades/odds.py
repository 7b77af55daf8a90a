"""Exact odds of every Blades in the Dark roll, built on :mod:`seforge.core.odds`.

- the action (and fortune, downtime) roll: read the single highest die; two or more sixes
  are a critical; with zero or fewer dice roll two and read the lowest, with no critical
  (SRD, Rolling the Dice, lines 62-68);
- the resistance roll: the stress it costs is 6 minus the highest die, and a critical
  clears one stress instead (SRD, Stress, line 143; notes §1.6);
- opposed fortune rolls: each side's result level, compared (notes §2);
- the bonus dice of an action roll and the stress each costs: assistance +1d (the helper
  takes 1 stress), push +1d (2 stress) or a Devil's Bargain +1d, never both
  (SRD, 5. Add Bonus Dice, lines 220-236);
- clocks: the chance a clock fills within N rolls at a chosen effect, through
  :func:`seforge.core.odds.p_clock_full`.
"""

from __future__ import annotations

from fractions import Fraction

from seforge.core import odds as core
from seforge.core.frozen import FrozenRecord
from seforge.core.odds import Contest, Distribution
from seforge.systems.blades.levels import (
    DEFAULT_TICKS_BY_EFFECT,
    RESULT_ORDER,
    Effect,
    Position,
    ResultLevel,
    effect_step,
)

MAX_DICE = 30
"""The largest pool the calculators accept (a real pool is 0 to 6 or so)."""

MAX_ROLLS = 100
"""The most rolls a clock calculator looks ahead."""

MAX_ABILITY_DICE = 3
"""Bonus dice from special abilities the calculator offers (the text: 'usually' two bonus
dice, abilities may add more)."""

MAX_TRAIT_DICE = 6
"""The largest trait a fortune roll or group member is offered (Tier, quality, magnitude
and ratings run 0 to 6 at most in the text)."""

_D6 = core.die(6)


def _check_dice(dice: int) -> None:
    if dice > MAX_DICE:
        raise ValueError(f"a pool of {dice} dice is more than the {MAX_DICE} this calculator rolls")


def read_pool(dice: int) -> Distribution[tuple[int, int]]:
    """(die read, number of sixes) of a pool; ``dice <= 0`` reads the lowest of two
    (and counts no six, since no critical is possible)."""
    _check_dice(dice)
    if dice <= 0:
        return core.lowest(_D6, 2).map(lambda face: (face, 0))
    return core.pool_fold(
        _D6, dice, (0, 0), lambda state, face: (max(state[0], face), state[1] + (face == 6))
    )


def result_of(read: int, sixes: int) -> ResultLevel:
    """The result level of a die read with a count of sixes (rule ``blades.result``)."""
    if read == 6:
        return ResultLevel.CRITICAL if sixes >= 2 else ResultLevel.SUCCESS
    if read >= 4:
        return ResultLevel.PARTIAL
    return ResultLevel.FAILURE


def action_roll(dice: int) -> Distribution[ResultLevel]:
    """The result level of an action, fortune or downtime roll of ``dice`` dice."""
    return read_pool(dice).map(lambda state: result_of(*state))


fortune_roll = action_roll
"""A fortune roll reads its pool exactly like an action roll (SRD, Rolling the Dice)."""


def resistance_stress(dice: int) -> Distribution[int]:
    """The stress a resistance roll of ``dice`` dice costs: 6 minus the die read, or -1
    on a critical (one stress cleared). Rule ``blades.resistance``."""

    def stress(state: tuple[int, int]) -> int:
        read, sixes = state
        return -1 if read == 6 and sixes >= 2 else 6 - read

    return read_pool(dice).map(stress)


def opposed_fortune(first: int, second: int) -> Distribution[Contest]:
    """Two fortune rolls compared by result level (crit > 6 > 4/5 > 1-3)."""
    return core.contest(action_roll(first), action_roll(second),
                        key=lambda level: RESULT_ORDER.index(level))


def group_action(pools: list[int]) -> tuple[Distribution[ResultLevel], Fraction]:
    """A group action: each member rolls their pool and the best result counts; the leader
    takes 1 stress for each member who rolls a 1-3. Returns the best result and the
    expected stress of the leader (notes §6, beyond the truncation: an EXTERNAL rule)."""
    if not pools:
        raise ValueError("a group action needs at least one member")
    best: Distribution[ResultLevel] | None = None
    for dice in pools:
        roll = action_roll(dice)
        best = roll if best is None else best.combine(
            roll, lambda a, b: max(a, b, key=RESULT_ORDER.index))
    assert best is not None
    stress = sum((action_roll(dice)[ResultLevel.FAILURE] for dice in pools), Fraction(0))
    return best, stress


class BonusDice(FrozenRecord):
    """What an action roll adds to the rating (SRD, 5. Add Bonus Dice)."""

    _FIELDS = ("assist", "push", "bargain", "ability_dice", "push_effect", "harm_dice")
    __slots__ = _FIELDS
    assist: bool
    push: bool
    bargain: bool
    ability_dice: int
    push_effect: bool
    """Push yourself for +1 effect instead of a die (2 stress; SRD, Pushing Yourself)."""
    harm_dice: int
    """The dice the roller's harm takes off when it applies (0 or less; see
    :func:`seforge.systems.blades.rules.harm_dice`)."""

    def __init__(self, assist: bool = False, push: bool = False, bargain: bool = False,
                 ability_dice: int = 0, push_effect: bool = False,
                 harm_dice: int = 0) -> None:
        self._init(assist, push, bargain, ability_dice, push_effect, harm_dice)

    def why_not(self) -> str | None:
        """Why these bonuses cannot go together (None when they can). Rule
        ``blades.push-or-bargain``: push and a Devil's Bargain are one or the other."""
        if self.push and self.bargain:
            return "push yourself or take a Devil's Bargain for the extra die, not both"
        if self.ability_dice < 0:
            return "ability dice cannot be negative"
        if self.harm_dice > 0:
            return "harm takes dice off, it adds none"
        return None

    @property
    def dice(self) -> int:
        return (int(self.assist) + int(self.push) + int(self.bargain) + self.ability_dice
                + self.harm_dice)

    @property
    def roller_stress(self) -> int:
        """Each push (for a die, for effect) costs the roller 2 stress."""
        return 2 * (int(self.push) + int(self.push_effect))

    @property
    def helper_stress(self) -> int:
        """Assisting costs the helper 1 stress."""
        return 1 if self.assist else 0


class ActionOdds(FrozenRecord):
    """One action roll's odds with what the table carries alongside (position, effect)."""

    _FIELDS = ("rating", "bonus", "position", "effect", "results")
    __slots__ = _FIELDS
    rating: int
    bonus: BonusDice
    position: Position
    effect: Effect
    results: Distribution[ResultLevel]

    def __init__(self, rating: int, bonus: BonusDice, position: Position, effect: Effect,
                 results: Distribution[ResultLevel]) -> None:
        self._init(rating, bonus, position, effect, results)

    @property
    def dice(self) -> int:
        return self.rating + self.bonus.dice

    @property
    def final_effect(self) -> Effect:
        """The effect after a push for +1 effect (position and effect change no odds)."""
        return effect_step(self.effect, 1) if self.bonus.push_effect else self.effect

    @property
    def clock_ticks(self) -> int:
        """Segments this roll ticks on a clock at its final effect (EXTERNAL default)."""
        return DEFAULT_TICKS_BY_EFFECT[self.final_effect.value]

    def p(self, level: ResultLevel) -> Fraction:
        return self.results[level]


def action_odds(rating: int, bonus: BonusDice | None = None,
                position: Position = Position.RISKY,
                effect: Effect = Effect.STANDARD) -> ActionOdds:
    """The odds of an action roll at ``rating`` plus ``bonus`` (refused bonuses raise
    ValueError with the reason). Position and effect change no odds."""
    bonus = bonus or BonusDice()
    reason = bonus.why_not()
    if reason is not None:
        raise ValueError(reason)
    if rating < 0:
        raise ValueError(f"an action rating is 0 or more, not {rating}")
    return ActionOdds(rating, bonus, position, effect, action_roll(rating + bonus.dice))


def ticks_per_roll(dice: int, effect: Effect,
                   ticks_by_effect: dict[str, int] | None = None,
                   *, critical_raises_effect: bool = True) -> Distribution[int]:
    """The clock segments one action roll fills: its effect's ticks on a 6 or a 4/5, none on
    a 1-3, and (by the EXTERNAL default) a critical one effect level higher."""
    table = ticks_by_effect or DEFAULT_TICKS_BY_EFFECT

    def ticks(level: ResultLevel) -> int:
        if level is ResultLevel.FAILURE:
            return 0
        if level is ResultLevel.CRITICAL and critical_raises_effect:
            return table[effect_step(effect, 1).value]
        return table[effect.value]

    return action_roll(dice).map(ticks)


def clock_fill_odds(segments: int, dice: int, effect: Effect, rolls: int, *, filled: int = 0,
                    ticks_by_effect: dict[str, int] | None = None) -> Fraction:
    """P(a clock of ``segments`` with ``filled`` already is full within ``rolls`` rolls)."""
    if not 1 <= rolls <= MAX_ROLLS:
        raise ValueError(f"the rolls run from 1 to {MAX_ROLLS}, not {rolls}")
    return core.p_clock_full(segments, ticks_per_roll(dice, effect, ticks_by_effect), rolls,
                             filled=filled)


def clock_expected_rolls(segments: int, dice: int, effect: Effect, *, filled: int = 0,
                         ticks_by_effect: dict[str, int] | None = None) -> Fraction | None:
    """The expected number of rolls to fill the clock (None when it can never fill)."""
    try:
        return core.expected_rolls_to_fill(
            segments, ticks_per_roll(dice, effect, ticks_by_effect), filled=filled)
    except ValueError:
        return None


