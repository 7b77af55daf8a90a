"""The SFX Component Table and SFX TNs, against the book's examples."""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.sfx import (
    SFX_COMPONENTS,
    SFX_RANKS,
    casting_time,
    sfx_action_tn,
    sfx_momentum_tn,
    sfx_rank,
    sfx_rounds,
)


def test_sfx_table() -> None:
    assert set(SFX_COMPONENTS) == {"reach", "duration", "area", "energy"}
    assert all(len(labels) == len(SFX_RANKS) == 7 for labels in SFX_COMPONENTS.values())
    assert sfx_rank("reach", "Close") is Rank.GOOD
    assert sfx_rank("energy", "adult") is Rank.AVERAGE
    assert sfx_rank("area", "village/500") is Rank.EXCEPTIONAL  # 5 people in a village
    assert sfx_rank("area", "room") is Rank.GOOD
    assert sfx_rank("duration", "instantaneous") is Rank.BASIC
    assert [sfx_rounds(r) for r in SFX_RANKS] == [0, 1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError):
        sfx_rank("reach", "the moon")
    with pytest.raises(ValueError):
        sfx_rank("colour", "red")
    with pytest.raises(ValueError):
        sfx_rounds(Rank.POOR)


def test_hypnotism_action_tn() -> None:
    reach = sfx_rank("reach", "close")
    duration = sfx_rank("duration", "minute")
    area = sfx_rank("area", "personal")
    energy = sfx_rank("energy", "adult")
    assert sfx_action_tn(reach, duration, area, energy) == 19
    # L713, L738: the rule names the SFX Component Table, so by default the goon's
    # Average Charisma adds the table's +1 (total 20) ...
    assert sfx_action_tn(reach, duration, area, energy, [Rank.AVERAGE]) == 20
    # ... and the ladder reading (table rule) adds +0, the example's total of 19
    assert sfx_action_tn(reach, duration, area, energy, [Rank.AVERAGE],
                         target_reading="ladder") == 19
    # below Basic the table's slope goes on: a Poor Trait eases the TN by 1
    assert sfx_action_tn(reach, duration, area, energy, [Rank.POOR]) == 18
    assert sfx_action_tn(reach, duration, area, energy, [3]) == 22
    # a tie at the top: one sets the base, the other adds its modifier
    assert sfx_action_tn(Rank.GOOD, Rank.GOOD, Rank.BASIC, Rank.BASIC) == 19


def test_sfx_momentum_tn() -> None:
    # a lightning blast at a giant: Area Average, Energy Great
    assert sfx_momentum_tn(Rank.AVERAGE, Rank.GREAT) == 15
    assert sfx_momentum_tn(Rank.AVERAGE, Rank.GREAT, reading="example") == 8 + 4
    assert sfx_momentum_tn(Rank.AVERAGE, Rank.GREAT, [Rank.GOOD]) == 17


def test_casting_time_teleport() -> None:
    assert casting_time(sfx_rank("reach", "close"), sfx_rank("duration", "instantaneous"),
                        sfx_rank("area", "personal"), sfx_rank("energy", "adult")) == 3
