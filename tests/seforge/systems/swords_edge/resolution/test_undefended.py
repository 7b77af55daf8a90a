"""Undefended characters (and the odds of each hit), a failed Seize and defender
benefits."""

from __future__ import annotations

from seforge.systems.swords_edge.dice import odds
from seforge.systems.swords_edge.resolution.undefended import (
    UNDEFENDED_PC_TN,
    UNDEFENDED_TN,
    defender_benefit,
    defender_benefits,
    seize_failure_level,
    undefended_pc_level,
    undefended_pc_odds,
)


def test_undefended_constants() -> None:
    assert (UNDEFENDED_TN, UNDEFENDED_PC_TN) == (5, 17)


def test_undefended_pc_bands() -> None:
    for result in range(11, 18):
        assert undefended_pc_level(result, False) == "Average"
    for result in range(5, 11):
        assert undefended_pc_level(result, False) == "Good"
    assert undefended_pc_level(3, False) == "Great"
    assert undefended_pc_level(4, False) == "Good"  # book prints 3-4 Great; 17-4 = 13
    assert undefended_pc_level(-3, False) == "Great"
    assert undefended_pc_level(-4, False) == "Exceptional"  # Penalty Ranks can go this low
    assert undefended_pc_level(2, True) == "Legendary"
    assert undefended_pc_level(18, False) is None
    assert undefended_pc_level(20, False) is None
    assert undefended_pc_level(14, False, natural_twenty=True) is None


def test_undefended_printed_bands_table_rule() -> None:
    # L557 as printed: 11-17 Average, 5-10 Good, 3-4 Great.
    def printed(result: int) -> str | None:
        return undefended_pc_level(result, False, bands="printed")

    assert [printed(r) for r in (17, 11, 10, 5, 4, 3)] == [
        "Average", "Average", "Good", "Good", "Great", "Great"]
    assert printed(18) is None
    assert printed(-4) == "Exceptional" and printed(-5) == "Legendary"
    assert undefended_pc_level(2, True, bands="printed") == "Legendary"


def test_seize_failure_level() -> None:
    assert seize_failure_level(27) == "Exceptional"
    assert [seize_failure_level(t) for t in (5, 12, 19, 26, 33)] == [
        "Average", "Good", "Great", "Exceptional", "Legendary",
    ]
    assert seize_failure_level(11) == "Average"
    assert seize_failure_level(3) == "Average"


def test_defender_benefits() -> None:
    assert defender_benefits(None, False).bonus_next_round == 0
    assert defender_benefits("Average", False).text == "No extra benefit."
    assert defender_benefits("Good", False).bonus_next_round == 2
    great = defender_benefits("Great", False)
    assert great.free_seize and not great.riposte
    exceptional = defender_benefits("Exceptional", False)
    assert exceptional.free_seize and exceptional.riposte
    legendary = defender_benefits("Legendary", True)
    assert legendary.immediate_momentum and legendary.riposte and legendary.riposte_bonus == 2
    for name in ("Great", "Exceptional"):
        assert defender_benefits(name, True) == defender_benefits("Good", False)
    assert defender_benefits("Legendary", True) == defender_benefits("Legendary", False)
    assert "+2" in defender_benefit("Good", False)


def test_undefended_odds_sum_to_one() -> None:
    chances = undefended_pc_odds(0)
    assert sum(chances.values()) == 1
    assert chances[None] == odds(0, 18).success
