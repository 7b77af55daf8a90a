"""The 2d20 test engine against brute force over every face and the notes' worked numbers."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from seforge.systems.twod20.dice import (
    Helper,
    SkillTest,
    SkillTestError,
    assisted_odds,
    judge,
    opposed_odds,
    skill_odds,
    why_not,
)
from seforge.systems.twod20.settings import AssistGate, OpposedTieRule, TableSettings

F = Fraction


def brute(spec: SkillTest, natural_one: bool = False) -> tuple[F, F, F, dict[int, F]]:
    """Every face combination, counted one by one (the oracle)."""
    wins = comps = total_s = 0
    momentum: dict[int, int] = {}
    count = 0
    fortune_each = (1 if spec.tn >= 1 else 0) + (1 if min(spec.focus, spec.tn) >= 1 else 0)
    if natural_one and spec.tn >= 1:
        fortune_each = 2
    for faces in itertools.product(range(1, 21), repeat=spec.dice):
        count += 1
        s = spec.fortune * fortune_each
        k = 0
        for f in faces:
            if f <= spec.tn:
                s += 2 if (f <= spec.focus or (natural_one and f == 1)) else 1
            if f >= 21 - spec.complication_range:
                k += 1
        total_s += s
        comps += k >= 1
        if s >= spec.difficulty:
            wins += 1
            momentum[s - spec.difficulty] = momentum.get(s - spec.difficulty, 0) + 1
    return (F(wins, count), F(comps, count), F(total_s, count),
            {m: F(n, count) for m, n in momentum.items()})


CASES = [
    SkillTest(10, 1), SkillTest(10, 2, 3), SkillTest(7, 0), SkillTest(15, 3, 4, 3),
    SkillTest(20, 2, 20, 2, 0, 3), SkillTest(25, 4, 5, 3, 1, 2), SkillTest(0, 0),
    SkillTest(9, 3, 1, 2, 1), SkillTest(12, 5, 2, 4), SkillTest(14, 3, 0, 3, 2, 5),
    SkillTest(11, 2, 11, 4, 1, 20),
]


@pytest.mark.parametrize("spec", CASES, ids=str)
def test_engine_matches_every_face_combination(spec: SkillTest) -> None:
    odds = skill_odds(spec)
    success, complication, expected, momentum = brute(spec)
    assert odds.success == success
    assert odds.complication == complication
    assert odds.expected_successes == expected
    assert {k: p for k, p in odds.momentum.items() if p} == momentum
    assert sum(odds.momentum.values()) == odds.success


def test_natural_one_setting_matches_brute_force() -> None:
    settings = TableSettings(natural_one_doubles=True)
    spec = SkillTest(10, 3, 0, 3, 1)
    assert skill_odds(spec, settings).success == brute(spec, natural_one=True)[0]
    assert skill_odds(spec, settings).success > skill_odds(spec).success


@pytest.mark.parametrize(("spec", "field", "exact"), [
    (SkillTest(10, 1), "success", F(3, 4)),                          # notes §2.5 #1
    (SkillTest(10, 1), "complication", F(39, 400)),                  # #2
    (SkillTest(10, 2, 3), "success", F(2, 5)),                       # #3
    (SkillTest(10, 1, 0, 2, 0, 2), "complication", F(19, 100)),      # #4
    (SkillTest(9, 3, 1, 2, 1), "success", F(279, 400)),              # #5
    (SkillTest(9, 3, 0, 2, 1), "success", F(81, 400)),               # #6
    (SkillTest(12, 5, 2, 5), "success", F(5939, 25000)),             # #7
])
def test_worked_numbers_of_the_notes(spec: SkillTest, field: str, exact: F) -> None:
    assert getattr(skill_odds(spec), field) == exact


@pytest.mark.parametrize(("dice", "ranges"), [
    (2, ["39/400", "19/100", "111/400"]),
    (3, ["1141/8000", "271/1000", "3087/8000"]),
    (4, ["29679/160000", "3439/10000", "76479/160000"]),
    (5, ["723901/3200000", "40951/100000", "1780143/3200000"]),
])
def test_complication_table_of_the_notes(dice: int, ranges: list[str]) -> None:
    for crange, text in enumerate(ranges, start=1):
        assert skill_odds(SkillTest(10, 1, 0, dice, 0, crange)).complication == F(text)


@pytest.mark.parametrize(("tn", "row"), [(7, [0.578, 0.253, 0.060, 0.010]),
                                         (12, [0.840, 0.440, 0.110, 0.010]),
                                         (16, [0.960, 0.680, 0.150, 0.010])])
def test_quick_reference_rows_focus_two(tn: int, row: list[float]) -> None:
    for d, expected in enumerate(row, start=1):
        assert float(skill_odds(SkillTest(tn, d, 2)).success) == pytest.approx(expected, abs=6e-4)


def test_fortune_die_never_causes_a_complication() -> None:
    assert skill_odds(SkillTest(10, 1, 0, 2, 2, 20)).complication == 1 - F(0) ** 2
    assert skill_odds(SkillTest(10, 1, 0, 2, 0, 1)).complication == \
        skill_odds(SkillTest(10, 1, 0, 2, 3, 1)).complication


@pytest.mark.parametrize(("spec", "words"), [
    (SkillTest(10, 1, 0, 6), "at most 5 d20s"),
    (SkillTest(10, 1, 0, 4, 2), "Fortune dice included"),
    (SkillTest(10, 1, 11), "cannot be above the target number"),
    (SkillTest(10, 11), "Difficulty must be 0 to 10"),
    (SkillTest(10, 1, 0, 1), "at least 2"),
    (SkillTest(10, 1, 0, 2, 0, 21), "complication range"),
    (SkillTest(41, 1), "target number"),
    (SkillTest(10, 1, 0, 2, -1), "negative"),
])
def test_illegal_tests_are_refused_with_a_reason(spec: SkillTest, words: str) -> None:
    assert words in (why_not(spec) or "")
    with pytest.raises(SkillTestError, match=words):
        skill_odds(spec)


def test_pool_cap_is_a_setting() -> None:
    assert why_not(SkillTest(10, 1, 0, 6), TableSettings(pool_cap=6)) is None


def brute_opposed(a: SkillTest, b: SkillTest) -> dict[str, F]:
    def counts(spec: SkillTest) -> dict[int, int]:
        out: dict[int, int] = {}
        for faces in itertools.product(range(1, 21), repeat=spec.dice):
            s = sum(2 if f <= spec.focus else 1 for f in faces if f <= spec.tn)
            out[s] = out.get(s, 0) + 1
        return out

    ca, cb = counts(a), counts(b)
    total = 20 ** (a.dice + b.dice)
    cats: dict[str, int] = {}
    for sa, na in ca.items():
        for sb, nb in cb.items():
            oa, ob = sa >= a.difficulty, sb >= b.difficulty
            if oa and ob:
                ma, mb = sa - a.difficulty, sb - b.difficulty
                key = "a_more" if ma > mb else "b_more" if mb > ma else "equal"
            else:
                key = "a" if oa else "b" if ob else "fail"
            cats[key] = cats.get(key, 0) + na * nb
    return {k: F(v, total) for k, v in cats.items()}


@pytest.mark.parametrize(("a", "b"), [(SkillTest(10, 1), SkillTest(10, 1)),
                                      (SkillTest(13, 1, 3, 3), SkillTest(9, 2, 1, 2))])
def test_opposed_categories_match_brute_force(a: SkillTest, b: SkillTest) -> None:
    odds = opposed_odds(a, b)
    cats = brute_opposed(a, b)
    assert odds.only_a == cats.get("a", 0)
    assert odds.only_b == cats.get("b", 0)
    assert odds.both_fail == cats.get("fail", 0)
    assert odds.both_a_more == cats.get("a_more", 0)
    assert odds.both_b_more == cats.get("b_more", 0)
    assert odds.both_equal == cats.get("equal", 0)


def test_opposed_worked_example_and_tie_rules() -> None:
    a = b = SkillTest(10, 1)
    odds = opposed_odds(a, b)
    assert (odds.only_a, odds.only_b, odds.both_fail) == (F(3, 16), F(3, 16), F(1, 16))
    assert (odds.both_a_more, odds.both_b_more, odds.both_equal) == (F(1, 8), F(1, 8), F(5, 16))
    assert (odds.a_wins, odds.b_wins, odds.draw) == (F(5, 16), F(5, 8), F(1, 16))
    attacker = opposed_odds(a, b, TableSettings(opposed_tie_rule=OpposedTieRule.MOMENTUM_ATTACKER))
    assert (attacker.a_wins, attacker.b_wins) == (F(5, 8), F(5, 16))
    draw = opposed_odds(a, b, TableSettings(opposed_tie_rule=OpposedTieRule.MOMENTUM_DRAW))
    assert draw.draw == F(1, 16) + F(5, 16)


def test_assistance_gate_matches_brute_force() -> None:
    leader = SkillTest(10, 2, 2, 2)
    helper = Helper(12, 1, 1)

    def oracle(gate_on: bool) -> F:
        wins = 0
        for faces in itertools.product(range(1, 21), repeat=3):
            ls = sum(2 if f <= 2 else 1 for f in faces[:2] if f <= 10)
            hs = sum(2 if f <= 1 else 1 for f in faces[2:] if f <= 12)
            total = ls + (hs if (ls >= 1 or not gate_on) else 0)
            wins += total >= 2
        return F(wins, 8000)

    assert assisted_odds(leader, [helper]).success == oracle(True)
    always = TableSettings(assist_gate=AssistGate.ALWAYS)
    assert assisted_odds(leader, [helper], always).success == oracle(False)
    assert assisted_odds(leader, []).success == skill_odds(leader).success


def test_judging_dice_on_the_table() -> None:
    spec = SkillTest(12, 2, 3, 3, 0, 2)
    verdict = judge([2, 11, 19], spec)
    assert (verdict.successes, verdict.complications) == (3, 1)
    assert verdict.success and verdict.momentum == 1
    assert "1 Momentum" in verdict.next_steps[0]
    assert "complication" in verdict.next_steps[1]
    miss = judge([15, 20], SkillTest(12, 1, 0, 2, 1))
    assert miss.successes == 1 and miss.momentum == 0 and miss.complications == 1
    fail = judge([15, 16], SkillTest(12, 2))
    assert not fail.success and fail.short_by == 2
    with pytest.raises(SkillTestError, match="1 to 20"):
        judge([0, 5], SkillTest(12, 1))


def test_limits_and_complication_range_for_forms() -> None:
    from seforge.systems.twod20.dice import complication_range, limits

    found = limits(SkillTest(7, 1, 0, 3, 1))
    assert (found.focus_max, found.dice_max, found.fortune_max) == (7, 4, 2)
    assert "Fortune dice included" in found.pool_reason
    assert limits(SkillTest(7, 1, 0, 2, 0), TableSettings(pool_cap=6)).fortune_max == 4
    assert complication_range(False) == 1 and complication_range(True) == 2
    assert complication_range(True, 3) == 5 and complication_range(False, 40) == 20
    with pytest.raises(SkillTestError):
        complication_range(False, -1)


def test_engine_matches_brute_force_over_a_grid_of_two_dice_tests() -> None:
    for tn in (0, 1, 5, 19, 20, 25):
        for focus in {0, min(tn, 1), min(tn, 6), tn}:
            for fortune in (0, 1, 3):
                for crange in (1, 2, 20):
                    for difficulty in range(0, 9):
                        spec = SkillTest(tn, difficulty, focus, 2, fortune, crange)
                        odds = skill_odds(spec)
                        success, complication, expected, momentum = brute(spec)
                        assert (odds.success, odds.complication, odds.expected_successes) == (
                            success, complication, expected), spec
                        assert {k: p for k, p in odds.momentum.items() if p} == momentum, spec


def test_the_dice_default_rules_are_the_default_table_settings() -> None:
    from seforge.systems.twod20.dice_rules import DEFAULT_DICE_RULES, DiceRules

    default = TableSettings()
    for name in [n for n in vars(DiceRules) if not n.startswith("_")]:
        assert getattr(DEFAULT_DICE_RULES, name) == getattr(default, name), name
    spec = SkillTest(10, 1)
    assert skill_odds(spec) == skill_odds(spec, default)
