from __future__ import annotations

import pytest

from seforge.systems.swords_edge.ranks import QUALITY_RANKS, Rank, format_modifier


def test_ladder_matches_the_book() -> None:
    assert [r.modifier for r in QUALITY_RANKS] == [-6, -4, -2, 0, 2, 4, 6, 8]
    assert [r.target_number for r in Rank] == [3, 5, 8, 12, 17, 23, 31, 40, 51]


def test_mythic_is_a_target_number_only() -> None:
    assert not Rank.MYTHIC.is_quality_rank
    assert Rank.MYTHIC not in QUALITY_RANKS
    with pytest.raises(ValueError):
        _ = Rank.MYTHIC.modifier


def test_display_and_parse() -> None:
    assert Rank.GREAT.display() == "Great +4"
    assert Rank.WEAK.display() == "Weak -6"
    assert Rank.AVERAGE.display() == "Average +0"
    assert Rank.parse(" exceptional ") is Rank.EXCEPTIONAL
    with pytest.raises(ValueError, match="unknown Rank"):
        Rank.parse("Superb")
    assert Rank.from_modifier(-2) is Rank.BASIC
    with pytest.raises(ValueError):
        Rank.from_modifier(3)
    assert format_modifier(0) == "+0"


def test_shifted_stays_on_the_ladder() -> None:
    assert Rank.GOOD.shifted(2) is Rank.EXCEPTIONAL
    assert Rank.WEAK.shifted(-1) is None
    assert Rank.MYTHIC.shifted(1) is None


def test_play_modifier_counts_mythic_as_legendary() -> None:
    # A Mythic Quality is a problem check reports; screens must still work with it.
    assert Rank.MYTHIC.play_modifier == Rank.LEGENDARY.modifier == 8
    assert Rank.WEAK.play_modifier == -6
