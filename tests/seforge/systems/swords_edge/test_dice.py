"""Exact 2d10 odds: properties, brute-force cross-checks and worked numbers."""

from __future__ import annotations

import itertools
import timeit
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seforge.systems.swords_edge.dice import (
    LEVELS,
    Odds,
    level_for_margin,
    needed_roll,
    needs_text,
    odds,
    odds_json,
    roll_outcome,
)

modifiers = st.integers(min_value=-30, max_value=40)
tns = st.integers(min_value=0, max_value=60)
lucks = st.integers(min_value=0, max_value=4)
PAIRS = list(itertools.product(range(1, 11), repeat=2))


# ------------------------------------------------------------- independent oracle


def brute_force(modifier: int, tn: int) -> tuple[Fraction, Fraction, dict[str, Fraction]]:
    """Success, failure and per-Level chances, written from the rules, not the module."""
    bands = [(0, 6), (7, 13), (14, 20), (21, 27), (28, 10**6)]
    wins = losses = 0
    per = dict.fromkeys(LEVELS, 0)
    for a, b in PAIRS:
        total = a + b + modifier
        if (a, b) == (1, 1):
            losses += 1
            continue
        if total >= tn or (a, b) == (10, 10):
            wins += 1
            margin = max(total - tn, 0)
            for name, (lo, hi) in zip(LEVELS, bands, strict=True):
                if lo <= margin <= hi:
                    per[name] += 1
        else:
            losses += 1
    return (
        Fraction(wins, 100),
        Fraction(losses, 100),
        {k: Fraction(v, 100) for k, v in per.items()},
    )


def brute_force_one_reroll(modifier: int, tn: int, criticals: str = "first") -> Fraction:
    """With one Luck: list all 1000 (first roll, reroll) triples.

    ``first``: a natural 2 stands (no reroll saves it); a rerolled pair counts by its
    total. ``final``: criticals are judged on the dice after the reroll."""
    wins = 0
    for (a, b), r in itertools.product(PAIRS, range(1, 11)):
        if (a, b) == (10, 10):
            wins += 1
            continue
        if (a, b) == (1, 1) and criticals == "first":
            continue
        if (a, b) != (1, 1) and a + b + modifier >= tn:
            wins += 1
            continue
        low, high = min(a, b), max(a, b)
        kept = max(low, r)
        if criticals == "final" and kept == high == 10:
            wins += 1
        elif criticals == "final" and kept == high == 1:
            continue
        elif kept + high + modifier >= tn:
            wins += 1
    return Fraction(wins, 1000)


# -------------------------------------------------------------------- properties


@given(modifiers, tns, lucks)
def test_levels_add_up_to_success(modifier: int, tn: int, luck: int) -> None:
    o = odds(modifier, tn, luck)
    assert sum(o.levels.values()) == o.success
    assert list(o.levels) == list(LEVELS)


@given(modifiers, tns)
def test_success_and_failure_cover_everything(modifier: int, tn: int) -> None:
    o = odds(modifier, tn)
    _, failure, _ = brute_force(modifier, tn)
    assert o.success + failure == 1
    assert o.success + o.failure == 1


@given(modifiers, tns)
def test_matches_brute_force(modifier: int, tn: int) -> None:
    success, _, per = brute_force(modifier, tn)
    o = odds(modifier, tn)
    assert o.success == success
    assert o.levels == per


@given(modifiers, tns)
def test_monotone_in_modifier_and_tn(modifier: int, tn: int) -> None:
    here = odds(modifier, tn).success
    assert odds(modifier + 1, tn).success >= here
    assert odds(modifier, tn + 1).success <= here


@given(modifiers, tns, lucks)
def test_luck_never_hurts(modifier: int, tn: int, luck: int) -> None:
    o = odds(modifier, tn, luck)
    assert len(o.with_luck) == luck + 1
    assert o.with_luck[0] == o.success
    assert all(a <= b for a, b in itertools.pairwise(o.with_luck))
    assert all(0 <= p <= 1 for p in o.with_luck)


@given(modifiers, tns)
def test_criticals_and_bounds(modifier: int, tn: int) -> None:
    o = odds(modifier, tn)
    assert o.critical_failure == Fraction(1, 100) == o.critical_success
    assert Fraction(1, 100) <= o.success <= Fraction(99, 100)


@settings(max_examples=40)
@given(modifiers, tns)
def test_one_reroll_matches_brute_force(modifier: int, tn: int) -> None:
    assert odds(modifier, tn, 1).with_luck[1] == brute_force_one_reroll(modifier, tn)
    assert odds(modifier, tn, 1, "final").with_luck[1] == brute_force_one_reroll(
        modifier, tn, "final"
    )


@given(modifiers, tns, lucks)
def test_criticals_readings_differ_only_after_rerolls(modifier: int, tn: int, luck: int) -> None:
    first = odds(modifier, tn, luck).with_luck
    final = odds(modifier, tn, luck, "final").with_luck
    assert first[0] == final[0]  # no reroll, no difference
    assert all(a <= b for a, b in itertools.pairwise(final))
    if 3 <= tn - modifier <= 20:
        # Only the natural 2's rescue (first roll 1+1, at most 1%) and rerolled 1+1 or
        # 10+10 pairs separate the readings while the total can decide.
        assert all(abs(a - b) <= Fraction(2, 100) for a, b in zip(first, final, strict=True))


@given(st.integers(min_value=0, max_value=200))
def test_level_bands(margin: int) -> None:
    assert level_for_margin(margin) == LEVELS[min(margin // 7, 4)]


# --------------------------------------------------------------- worked numbers


def test_level_band_edges() -> None:
    edges = {0: "Average", 6: "Average", 7: "Good", 13: "Good", 14: "Great", 20: "Great",
             21: "Exceptional", 27: "Exceptional", 28: "Legendary", 99: "Legendary"}
    for margin, name in edges.items():
        assert level_for_margin(margin) == name
    with pytest.raises(ValueError):
        level_for_margin(-1)


def test_kyle_plus_16_against_15() -> None:
    o = odds(16, 15)
    assert o.success == Fraction(99, 100)  # only the natural 2 fails
    # dice 3-5 make margins 4-6 (Average): 2+3+4 = 9 pairs
    assert o.levels["Average"] == Fraction(9, 100)
    # L529: by default the natural 2 stands, so Luck cannot rescue it
    assert odds(16, 15, 1).with_luck == (Fraction(99, 100), Fraction(99, 100))
    # judged on the final dice, a reroll saves it unless it leaves 1+1 (another natural 2)
    assert odds(16, 15, 1, "final").with_luck == (Fraction(99, 100), Fraction(999, 1000))
    with pytest.raises(ValueError):
        odds(16, 15, 1, "last")  # type: ignore[arg-type]


def test_small_cases_by_hand() -> None:
    # needs 7: totals 2..6 fail = 1+2+3+4+5 = 15 pairs
    assert odds(0, 7).success == Fraction(85, 100)
    # needs 11: totals 11..20 come from 10+9+...+1 = 55 pairs
    assert odds(1, 12).success == Fraction(55, 100)
    # needs 25: only the natural 20
    assert odds(0, 25).success == Fraction(1, 100)
    assert odds(0, 25).levels["Average"] == Fraction(1, 100)
    # needs -10: everything but the natural 2; totals 18-20 reach margin 28+
    o = odds(10, 0)
    assert o.success == Fraction(99, 100)
    assert o.levels["Legendary"] == Fraction(3 + 2 + 1, 100)


def test_reroll_by_hand_modifier_0_tn_20() -> None:
    # First roll: only 10+10 reaches 20. With one Luck, a failing pair can reach 20
    # only if its higher die is already a 10 and the lower die rerolls to 10:
    # 18 ordered pairs (10,x) and (x,10) with x in 1..9, each 1 in 10.
    o = odds(0, 20, 1)
    assert o.with_luck == (Fraction(1, 100), Fraction(1, 100) + Fraction(18, 1000))
    assert o.with_luck[1] == Fraction(7, 250)


def test_two_tens_after_a_reroll_are_no_critical() -> None:
    # Needs 21: no total reaches it, so rerolls never help; a natural 20 only
    # counts on the first roll.
    assert odds(0, 21, 3).with_luck == (Fraction(1, 100),) * 4


def test_reroll_two_rerolls_by_hand() -> None:
    # Needs 20 with two Luck. Failing pairs with a 10 in them (18): two tries at
    # a 10 -> 1 - (9/10)^2 = 19/100. Pairs without a 10 (81): the first reroll
    # must turn the lower die into a 10 (1/10) and then the other die, now the
    # lower, into a 10 (1/10) -> 1/100.
    # By default the natural 2 (one of the 81) stands; judged on the final dice it
    # is rerolled like the rest.
    expected = Fraction(1, 100) + Fraction(18, 100) * Fraction(19, 100) + Fraction(
        81, 100
    ) * Fraction(1, 100)
    assert odds(0, 20, 2, "final").with_luck[2] == expected
    assert odds(0, 20, 2).with_luck[2] == expected - Fraction(1, 100) * Fraction(1, 100)


def test_roll_outcome() -> None:
    crit_fail = roll_outcome(1, 1, 30, 5)
    assert (crit_fail.success, crit_fail.level, crit_fail.critical) == (False, None, "failure")
    assert crit_fail.total == 32
    crit = roll_outcome(10, 10, 0, 40)
    assert (crit.success, crit.level, crit.critical, crit.margin) == (
        True, "Average", "success", -20,
    )
    plain = roll_outcome(6, 7, 4, 7)
    assert (plain.success, plain.total, plain.margin, plain.level) == (True, 17, 10, "Good")
    miss = roll_outcome(2, 4, 6, 14)
    assert (miss.success, miss.total, miss.margin, miss.level, miss.critical) == (
        False, 12, -2, None, None,
    )
    with pytest.raises(ValueError):
        roll_outcome(0, 5, 0, 10)
    with pytest.raises(ValueError):
        roll_outcome(5, 11, 0, 10)


def test_needed_roll() -> None:
    assert needed_roll(2, 8) == 6  # Ambassador Holloway vs a Basic minion
    assert needed_roll(6, 14) == 8  # ... and vs the Competitive General
    assert needed_roll(8, 14) == 6  # the Viking's Action
    assert needed_roll(16, 15) == 3  # anything but a natural 2
    assert needed_roll(0, 3) == 3
    assert needed_roll(0, 20) == 20
    assert needed_roll(0, 51) == 20  # only a natural 20


def test_needs_text_says_the_ends_in_words() -> None:
    assert needs_text(2, 8) == "6+ on 2d10"
    assert needs_text(0, 20) == "a natural 20 on 2d10"  # not "20+"
    assert needs_text(0, 51) == "a natural 20 on 2d10"
    assert needs_text(16, 15) == "3+ on 2d10 (anything but a natural 2)"
    assert needs_text(0, 4) == "4+ on 2d10"


def test_odds_json_shape() -> None:
    data = odds_json(odds(4, 12, 2))
    assert list(data) == ["success", "critical_failure", "critical_success", "levels",
                          "with_luck"]
    levels = data["levels"]
    assert isinstance(levels, dict)
    assert list(levels) == list(LEVELS)
    with_luck = data["with_luck"]
    assert isinstance(with_luck, list)
    assert len(with_luck) == 3
    assert all(isinstance(v, float) for v in [data["success"], *levels.values(), *with_luck])


def test_odds_is_frozen_and_levels_are_private_copies() -> None:
    o = odds(3, 12)
    assert isinstance(o, Odds)
    o.levels["Average"] = Fraction(0)
    assert odds(3, 12).levels["Average"] != 0
    with pytest.raises(AttributeError):
        o.success = Fraction(0)  # type: ignore[misc]


def test_negative_luck_rejected() -> None:
    with pytest.raises(ValueError):
        odds(0, 10, -1)


def test_fast_when_warm() -> None:
    odds(10, 17, 3)
    per_call = timeit.timeit(lambda: odds(10, 17, 3), number=2000) / 2000
    assert per_call < 1e-3
