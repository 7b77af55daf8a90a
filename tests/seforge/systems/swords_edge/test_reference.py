"""The reference tables match the core's numbers, and search finds rows; plus the
test_flow helpers the GM screen relies on."""

from __future__ import annotations

from fractions import Fraction

import pytest

from seforge.systems.swords_edge.dice import LEVELS, odds
from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import NCType, Trait
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.reference import TABLES, search, table
from seforge.systems.swords_edge.test_flow import (
    Opponent,
    default_applied,
    format_chance,
    joint_action_tn,
    judge,
    judge_recovery,
    judge_undefended_pc,
    momentum_tn,
    nc_spent_by_momentum,
    parse_quick_qualities,
    pc_choices,
    quick_nc,
    selection_luck,
    selection_modifier,
    selection_problems,
    undefended_pc_odds,
)
from seforge.systems.swords_edge.testmath import (
    RANGES,
    SFX_RANKS,
    available_for_action,
    group_action_tn,
    group_momentum_tn,
    range_penalty_ranks,
    recovery_removed,
    sfx_modifier,
    sfx_rounds,
    stress_result,
)


def test_every_table_is_well_formed() -> None:
    ids = [t.id for t in TABLES]
    assert len(set(ids)) == len(ids)
    for entry in TABLES:
        assert entry.rows and entry.title
        assert all(len(row) == len(entry.columns) for row in entry.rows)
    assert set(ids) >= {"ranks", "levels", "stress", "nc_types", "recovery", "range", "sfx",
                        "luck", "advancement", "test"}


def test_ranks_table_numbers() -> None:
    rows = table("ranks").rows
    assert [r[0] for r in rows] == [r.label for r in Rank]
    for rank, row in zip(Rank, rows, strict=True):
        assert row[2] == str(rank.target_number)
        if rank is not Rank.MYTHIC:
            assert row[1] == format_modifier(rank.modifier)
        assert row[3] and row[4]


def test_stress_recovery_range_sfx_numbers() -> None:
    for level, row in zip(LEVELS, table("stress").rows, strict=True):
        assert row[1] == str(stress_result(level).penalty_ranks)
    for level, row in zip(LEVELS, table("recovery").rows, strict=True):
        assert row[1:] == (str(recovery_removed(level, False)),
                           str(recovery_removed(level, True)))
    for band, row in zip(RANGES, table("range").rows, strict=True):
        assert row[1] == str(range_penalty_ranks(band))
    for rank, row in zip(SFX_RANKS, table("sfx").rows, strict=True):
        assert row[-1] == str(sfx_rounds(rank))
        assert row[-2] in ("—", format_modifier(sfx_modifier(rank)))
    assert [r[1] for r in table("levels").rows] == ["0–6", "7–13", "14–20", "21–27", "28+"]


def test_nc_types_table() -> None:
    rows = {r[0]: r for r in table("nc_types").rows}
    assert "+2" in rows["Minion"][1]
    assert "+2, +0 and -2" in rows["Regular"][1]
    assert "+4" in rows["Hero"][1] and "+6" in rows["Hero"][1]


def test_search() -> None:
    assert len(search(TABLES, "")) == len(TABLES)
    found = dict((t.id, rows) for t, rows in search(TABLES, "UNDEFENDED"))
    assert "test" in found and "ranks" not in found
    assert all("ndefended" in " ".join(table("test").rows[i]) for i in found["test"])
    by_title = dict((t.id, rows) for t, rows in search(TABLES, "sfx components"))
    assert by_title["sfx"] == list(range(len(table("sfx").rows)))
    assert search(TABLES, "qwertyuiop") == []
    with pytest.raises(KeyError):
        table("nope")


# ------------------------------------------------------------------ test_flow


def _minions(rank: Rank, n: int, qualities: str = "") -> list[Opponent]:
    nc = quick_nc("", NCType.MINION, rank, parse_quick_qualities(qualities))
    return [Opponent(nc, frozenset(default_applied(nc, "seize", None))) for _ in range(n)]


def test_group_tns_match_the_core() -> None:
    three = _minions(Rank.POOR, 3)
    assert momentum_tn(three).total == 9 == group_momentum_tn([(Rank.POOR, 0)] * 3)
    mixed = [Opponent(quick_nc("W", NCType.REGULAR, Rank.AVERAGE)), *_minions(Rank.BASIC, 2)]
    assert momentum_tn(mixed).total == 16
    bureaucrats = _minions(Rank.BASIC, 3, "Bureaucrat +2")
    assert joint_action_tn(bureaucrats).total == 14
    assert joint_action_tn(bureaucrats, "printed").total == 16
    assert joint_action_tn(bureaucrats, "printed").total == group_action_tn(
        [(Rank.BASIC, 2)] * 3, reading="printed")
    for breakdown in (momentum_tn(three), momentum_tn(mixed), joint_action_tn(bureaucrats)):
        assert sum(p.value for p in breakdown.parts) == breakdown.total


def test_shock_troopers_example() -> None:
    trooper = load_nc("shock-troopers")
    momentum = [Opponent(trooper, frozenset(default_applied(trooper, "momentum",
                                                            Trait.PHYSIQUE)))] * 2
    assert momentum_tn(momentum).total == 7
    action = [Opponent(trooper, frozenset(default_applied(trooper, "action", None)))] * 2
    assert joint_action_tn(action).total == 9
    verdict = judge("action", 3, 3, 16, 9, opponents=action)
    assert verdict.level == "Good" and verdict.stress == 2 and verdict.total == 22
    assert any("removed" in line for line in verdict.lines)


def test_pc_choices_and_luck() -> None:
    jyrell = load_pc("jyrell")
    choices = pc_choices(jyrell, Trait.PHYSIQUE)
    keys = {c.key for c in choices}
    free_for_action = {o.key for o in available_for_action(jyrell, Trait.PHYSIQUE, set())}
    assert free_for_action <= keys
    assert selection_modifier(jyrell, choices, {"trait:Physique", "element:1"}) == 6
    assert selection_luck(choices, {"trait:Physique", "element:0", "element:1"}) == 1
    assert selection_luck(choices, {"trait:Physique", "trait:Cunning", "element:2"}) == 1
    assert selection_problems(choices, {"element:2"})
    spent = pc_choices(jyrell, Trait.PHYSIQUE, {"element:1"})
    assert next(c for c in spent if c.key == "element:1").spent
    assert not next(c for c in spent if c.key == "trait:Physique").spent


def test_verdicts() -> None:
    won = judge("momentum", 4, 4, 6, 7)
    assert won.level == "Good" and won.next_steps[0].momentum_level == "Good"
    lost = judge("momentum", 1, 1, 30, 7)
    assert not lost.success and all(n.step != "seize" for n in lost.next_steps)
    seize = judge("seize", 1, 2, 0, 27)
    assert "Exceptional" in " ".join(seize.lines)
    defended = judge("action", 5, 5, 6, 9, role="defend")  # 16 vs 9: Good
    assert defended.success and "+2" in defended.lines[0]
    crit = judge("action", 10, 10, -20, 40)
    assert crit.success and any("Stunt" in line for line in crit.lines)
    assert judge_undefended_pc(1, 1, 0).level == "Legendary"
    assert judge_undefended_pc(10, 9, 0).level is None
    rec = judge_recovery(10, 9, 0, daily=False, luck=2, scene_penalties=2)
    assert rec.by_test == 1 and rec.removed == 2


def test_undefended_odds_sum_to_one() -> None:
    chances = undefended_pc_odds(0)
    assert sum(chances.values()) == 1
    assert chances[None] == odds(0, 18).success


def test_format_chance() -> None:
    assert format_chance(Fraction(99, 100)) == "99%"
    assert format_chance(Fraction(785, 1000)) == "78.5%"
    assert format_chance(Fraction(1, 10000)) == "<0.1%"
    assert format_chance(Fraction(0)) == "0%"
    assert format_chance(Fraction(1)) == "100%"


def test_parse_quick_qualities() -> None:
    assert parse_quick_qualities("Bureaucrat +2, Tough +4") == [("Bureaucrat", Rank.GOOD),
                                                               ("Tough", Rank.GREAT)]
    assert parse_quick_qualities("") == []
    with pytest.raises(ValueError):
        parse_quick_qualities("Bureaucrat")
    with pytest.raises(ValueError):
        parse_quick_qualities("Odd +3")


def test_nc_spent_by_momentum() -> None:
    gorgon = load_nc("gorgon")
    # Stone Gaze (an Element) and Charisma (a Trait) went into the Momentum:
    # only the Trait may modify the following Action.
    assert nc_spent_by_momentum(gorgon, {"element:0", "trait:Charisma"}) == {"element:0"}
    assert nc_spent_by_momentum(gorgon, {"concept", "element:1", "flaw:9"}) == {
        "concept", "element:1"}
    assert nc_spent_by_momentum(gorgon, default_applied(gorgon, "momentum",
                                                        Trait.CHARISMA)) == set()
    assert nc_spent_by_momentum(gorgon, ()) == set()
    typed = quick_nc("Clerk", NCType.MINION, Rank.BASIC, parse_quick_qualities("Bureaucrat +2"))
    assert nc_spent_by_momentum(typed, default_applied(typed, "momentum", None)) == set()
