"""TN breakdowns for one NC and for groups, against the core's sums and the book."""

from __future__ import annotations

from seforge.systems.swords_edge.library import load_nc
from seforge.systems.swords_edge.models import NCType, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.breakdown import joint_action_tn, momentum_tn
from seforge.systems.swords_edge.resolution.opponents import (
    Opponent,
    default_applied,
    parse_quick_qualities,
    quick_nc,
)
from seforge.systems.swords_edge.resolution.tns import group_action_tn, group_momentum_tn
from seforge.systems.swords_edge.resolution.verdicts import (
    judge,
)


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
    assert any("out of the scene" in line for line in verdict.lines)
