"""The Blades odds against brute force over every face, and the notes' exact numbers."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from seforge.core import odds as core
from seforge.core.odds import Contest
from seforge.systems.blades import odds
from seforge.systems.blades.facts import Effect, ResultLevel

R = ResultLevel


def _faces(dice: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, 7), repeat=max(dice, 2) if dice <= 0 else dice))


def _brute_level(roll: tuple[int, ...], dice: int) -> ResultLevel:
    if dice <= 0:
        low = min(roll)
        return R.SUCCESS if low == 6 else R.PARTIAL if low >= 4 else R.FAILURE
    sixes = roll.count(6)
    if sixes >= 2:
        return R.CRITICAL
    if sixes == 1:
        return R.SUCCESS
    return R.PARTIAL if max(roll) >= 4 else R.FAILURE


def _brute_stress(roll: tuple[int, ...], dice: int) -> int:
    if dice <= 0:
        return 6 - min(roll)
    return -1 if roll.count(6) >= 2 else 6 - max(roll)


def _brute(dice: int, read: object) -> dict[object, Fraction]:
    rolls = _faces(dice)
    counts = Counter(read(roll, dice) for roll in rolls)  # type: ignore[operator]
    return {key: Fraction(n, len(rolls)) for key, n in counts.items()}


@pytest.mark.parametrize("dice", [-2, -1, 0, 1, 2, 3, 4, 5, 6])
def test_action_roll_matches_every_face(dice: int) -> None:
    assert odds.action_roll(dice).as_dict() == _brute(dice, _brute_level)


@pytest.mark.parametrize("dice", [-1, 0, 1, 2, 3, 4, 5, 6])
def test_resistance_matches_every_face(dice: int) -> None:
    assert odds.resistance_stress(dice).as_dict() == _brute(dice, _brute_stress)


NOTES_ACTION = {  # blades.md §2.1: crit, one six, partial, bad
    0: ("0", "1/36", "2/9", "3/4"),
    1: ("0", "1/6", "1/3", "1/2"),
    2: ("1/36", "5/18", "4/9", "1/4"),
    3: ("2/27", "25/72", "49/108", "1/8"),
    4: ("19/144", "125/324", "34/81", "1/16"),
    5: ("763/3888", "3125/7776", "1441/3888", "1/32"),
    6: ("12281/46656", "3125/7776", "931/2916", "1/64"),
}


@pytest.mark.parametrize("dice", sorted(NOTES_ACTION))
def test_action_roll_matches_the_notes_table(dice: int) -> None:
    result = odds.action_roll(dice)
    crit, six, partial, bad = (Fraction(v) for v in NOTES_ACTION[dice])
    assert (result[R.CRITICAL], result[R.SUCCESS], result[R.PARTIAL], result[R.FAILURE]) == (
        crit, six, partial, bad)


def test_resistance_matches_the_notes_worked_checks() -> None:
    assert odds.resistance_stress(2).mean() == Fraction(3, 2)
    assert odds.resistance_stress(3).mean() == Fraction(209, 216)
    assert odds.resistance_stress(0).mean() == Fraction(125, 36)
    assert odds.resistance_stress(4)[-1] == Fraction(19, 144)
    assert odds.resistance_stress(4)[5] == Fraction(1, 1296)
    assert -1 not in odds.resistance_stress(0)
    assert odds.resistance_stress(1).as_dict() == {k: Fraction(1, 6) for k in range(6)}


def test_worked_checks() -> None:
    four = odds.action_roll(4)
    assert four[R.FAILURE] == Fraction(1, 16)
    assert four[R.SUCCESS] + four[R.CRITICAL] == Fraction(671, 1296)
    assert odds.action_roll(1).p(lambda lv: lv is not R.FAILURE) == Fraction(1, 2)


def test_fortune_reads_like_an_action_roll_and_opposed_is_brute_force() -> None:
    assert odds.fortune_roll(3) == odds.action_roll(3)
    order = [R.FAILURE, R.PARTIAL, R.SUCCESS, R.CRITICAL]
    wins = ties = 0
    for a in _faces(1):
        for b in _faces(2):
            la, lb = order.index(_brute_level(a, 1)), order.index(_brute_level(b, 2))
            wins += la > lb
            ties += la == lb
    contest = odds.opposed_fortune(1, 2)
    assert contest[Contest.WIN] == Fraction(wins, 216)
    assert contest[Contest.TIE] == Fraction(ties, 216)


def test_bonus_dice_and_their_stress() -> None:
    bonus = odds.BonusDice(assist=True, push=True)
    assert (bonus.dice, bonus.roller_stress, bonus.helper_stress) == (2, 2, 1)
    result = odds.action_odds(1, bonus)
    assert result.dice == 3 and result.results == odds.action_roll(3)
    bargain = odds.BonusDice(bargain=True, ability_dice=1)
    assert (bargain.dice, bargain.roller_stress) == (2, 0)
    with pytest.raises(ValueError, match="not both"):
        odds.action_odds(1, odds.BonusDice(push=True, bargain=True))
    assert odds.action_odds(0).results == odds.action_roll(0)
    both = odds.action_odds(2, odds.BonusDice(push=True, push_effect=True),
                            effect=Effect.STANDARD)
    assert both.bonus.roller_stress == 4 and both.dice == 3
    assert both.final_effect is Effect.GREAT and both.clock_ticks == 3
    assert both.results == odds.action_roll(3)


def _brute_clock(segments: int, dice: int, effect: Effect, rolls: int) -> Fraction:
    ticks = {R.FAILURE: 0, R.PARTIAL: 2, R.SUCCESS: 2, R.CRITICAL: 3}
    assert effect is Effect.STANDARD
    per_roll = _faces(dice)
    full = 0
    total = 0
    for sequence in itertools.product(per_roll, repeat=rolls):
        filled = sum(ticks[_brute_level(roll, dice)] for roll in sequence)
        full += filled >= segments
        total += 1
    return Fraction(full, total)


@pytest.mark.parametrize(("segments", "dice", "rolls"), [(4, 1, 3), (6, 2, 2), (4, 0, 2),
                                                        (8, 2, 3)])
def test_clock_fill_matches_every_sequence_of_faces(segments: int, dice: int, rolls: int) -> None:
    assert odds.clock_fill_odds(segments, dice, Effect.STANDARD, rolls) == _brute_clock(
        segments, dice, Effect.STANDARD, rolls)


def test_clock_expected_rolls_and_the_notes_check() -> None:
    two_of_three = core.Distribution({2: 3, 0: 1})
    assert core.expected_rolls_to_fill(4, two_of_three) == Fraction(8, 3)
    assert odds.clock_expected_rolls(4, 1, Effect.ZERO) is None  # no critical at 1 die
    assert odds.clock_expected_rolls(4, 2, Effect.ZERO) == Fraction(144)  # 4 criticals of 1/36
    expected = odds.clock_expected_rolls(4, 1, Effect.STANDARD)
    assert expected == Fraction(4)  # half the rolls tick 2: two ticking rolls, 2 rolls each
    assert odds.ticks_per_roll(2, Effect.GREAT)[5] == Fraction(1, 36)  # critical: extreme


def test_limits_are_refused_with_reasons() -> None:
    with pytest.raises(ValueError, match="more than"):
        odds.action_roll(odds.MAX_DICE + 1)
    with pytest.raises(ValueError, match="rolls run"):
        odds.clock_fill_odds(4, 2, Effect.STANDARD, 0)
    with pytest.raises(ValueError, match="rating"):
        odds.action_odds(-1)


def test_group_action_is_the_best_of_every_face() -> None:
    order = [R.FAILURE, R.PARTIAL, R.SUCCESS, R.CRITICAL]
    counts: Counter[ResultLevel] = Counter()
    failures = 0
    rolls = list(itertools.product(_faces(2), _faces(1), _faces(0)))
    for a, b, c in rolls:
        levels = [_brute_level(a, 2), _brute_level(b, 1), _brute_level(c, 0)]
        counts[max(levels, key=order.index)] += 1
        failures += sum(level is R.FAILURE for level in levels)
    best, stress = odds.group_action([2, 1, 0])
    assert best.as_dict() == {k: Fraction(n, len(rolls)) for k, n in counts.items()}
    assert stress == Fraction(failures, len(rolls))
    with pytest.raises(ValueError):
        odds.group_action([])
