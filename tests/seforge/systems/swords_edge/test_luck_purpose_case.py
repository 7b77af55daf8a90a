"""The Spend Luck choices keep the book's capitals: "the GM", "Trait", "Element",
"Test" (they read "a use the gm agreed to", "add another trait or element to a test")."""

from __future__ import annotations

from seforge.systems.swords_edge.scene_text import luck_purposes


def test_luck_choices_keep_their_capitals() -> None:
    choices = luck_purposes()
    assert choices["gm"] == "A use the GM agreed to"
    assert choices["exertion"] == "Add another Trait or Element to a Test"
    assert choices["reroll"] == "Reroll one of the two dice"
    assert "remove_stress" not in choices
    assert luck_purposes(spendable_only=False)["remove_stress"] == (
        "Remove this scene's Penalty Ranks")
