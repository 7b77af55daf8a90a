"""The odds of each hit on an Undefended PC."""

from __future__ import annotations

from seforge.systems.swords_edge.dice import odds
from seforge.systems.swords_edge.resolution.undefended import undefended_pc_odds


def test_undefended_odds_sum_to_one() -> None:
    chances = undefended_pc_odds(0)
    assert sum(chances.values()) == 1
    assert chances[None] == odds(0, 18).success
