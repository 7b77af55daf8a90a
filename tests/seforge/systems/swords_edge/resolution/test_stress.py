"""Penalty Ranks, Stress per Level, Doom and Stress on NCs."""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge.models import (
    NCType,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.stress import (
    StressResult,
    apply_stress_to_nc,
    doom_from_penalty,
    effective_trait_rank,
    penalty_modifier,
    stress_for_level,
    stress_result,
)


def test_penalties_and_doom() -> None:
    assert penalty_modifier(0) == 0
    assert penalty_modifier(3) == -6
    assert effective_trait_rank(Rank.GREAT, 2) is Rank.AVERAGE
    assert effective_trait_rank(Rank.POOR, 1) is Rank.WEAK
    assert effective_trait_rank(Rank.POOR, 2) is None
    assert doom_from_penalty(Rank.WEAK, 1)
    assert not doom_from_penalty(Rank.WEAK, 0)
    assert not doom_from_penalty(Rank.POOR, 1)
    assert doom_from_penalty(Rank.AVERAGE, 4)  # an Exceptional hit on an Average Trait
    assert not doom_from_penalty(Rank.AVERAGE, 3)
    with pytest.raises(ValueError):
        penalty_modifier(-1)


def test_stress_by_level() -> None:
    assert [stress_for_level(x) for x in ("Average", "Good", "Great", "Exceptional",
                                          "Legendary")] == [1, 2, 3, 4, 5]
    assert stress_result("Great") == StressResult(3, False, False, None)
    assert stress_result("Exceptional") == StressResult(4, True, False, None)
    assert stress_result("Legendary") == StressResult(5, False, True, Rank.BASIC)


def test_nc_removal_by_type() -> None:
    assert apply_stress_to_nc(NCType.MINION, Rank.GOOD, 0, 0).removed is False
    minion = apply_stress_to_nc(NCType.MINION, Rank.GOOD, 0, 1)
    assert (minion.removed, minion.rank) == (True, None)
    regular = apply_stress_to_nc(NCType.REGULAR, Rank.AVERAGE, 0, 2)
    assert (regular.removed, regular.rank, regular.stress_total) == (False, Rank.AVERAGE, 2)
    regular = apply_stress_to_nc(NCType.REGULAR, Rank.AVERAGE, 2, 1)
    assert (regular.removed, regular.stress_total) == (True, 3)
    assert apply_stress_to_nc(NCType.REGULAR, Rank.GOOD, 0, 3).removed  # a Great hit


def test_hero_walks_down_the_ladder() -> None:
    # An Exceptional hero (TN 31) takes one Stress: Great, TN 23
    hit = apply_stress_to_nc(NCType.HERO, Rank.EXCEPTIONAL, 0, 1)
    assert (hit.removed, hit.rank, hit.stress_total) == (False, Rank.GREAT, 1)
    assert hit.rank is not None and hit.rank.target_number == 23
    seen = []
    taken = 0
    while True:
        result = apply_stress_to_nc(NCType.HERO, Rank.EXCEPTIONAL, taken, 1)
        taken = result.stress_total
        if result.removed:
            break
        assert result.rank is not None
        seen.append(result.rank)
    assert seen == [Rank.GREAT, Rank.GOOD, Rank.AVERAGE, Rank.BASIC, Rank.POOR, Rank.WEAK]
    assert taken == 7  # the seventh Stress lands on the Weak hero
    weak = apply_stress_to_nc(NCType.HERO, Rank.WEAK, 0, 1)
    assert (weak.removed, weak.rank) == (True, None)
    with pytest.raises(ValueError):
        apply_stress_to_nc(NCType.HERO, Rank.WEAK, 0, -1)
