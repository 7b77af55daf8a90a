"""Verdicts: what a roll did, in words; and chances as the screen prints them."""

from __future__ import annotations

from fractions import Fraction

from seforge.systems.swords_edge.resolution.recovery import judge_recovery
from seforge.systems.swords_edge.resolution.verdicts import (
    format_chance,
    judge,
    judge_undefended_pc,
)


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


def test_format_chance() -> None:
    assert format_chance(Fraction(99, 100)) == "99%"
    assert format_chance(Fraction(785, 1000)) == "78.5%"
    assert format_chance(Fraction(1, 10000)) == "<0.1%"
    assert format_chance(Fraction(0)) == "0%"
    assert format_chance(Fraction(1)) == "100%"
