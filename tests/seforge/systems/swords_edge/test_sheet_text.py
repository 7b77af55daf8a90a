"""A character as plain text and Markdown (Edit › Copy Sheet as Text / Markdown)."""

from __future__ import annotations

from seforge.systems.swords_edge.models import Character, Element, ElementKind, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet_text import character_text


def test_plain_text_of_sarah(sarah: Character) -> None:
    text = character_text(sarah)
    lines = text.splitlines()
    assert lines[:2] == ["Sarah X", "======="]
    assert "Concept: Bounty Hunter (Exceptional +6)" in lines
    assert "Background: Military (Good +2)" in lines
    assert "Faculty: Hunting (Good +2, Cunning)" in lines
    assert "  Cunning   Exceptional +6" in lines
    assert "  Physique  Average +0" in lines
    assert "  Sharp Eyes: Good +2, Cunning" in lines
    assert "  Goal: Make amends for her father's actions." in lines
    assert "**" not in text and "#" not in text
    assert text.endswith("\n") and not text.endswith("\n\n")
    # Nothing about play before the character has played.
    assert "In play" not in text


def test_markdown_of_sarah(sarah: Character) -> None:
    text = character_text(sarah, markdown=True)
    lines = text.splitlines()
    assert lines[0] == "## Sarah X"
    assert "**Concept:** Bounty Hunter (Exceptional +6)  " in lines
    assert "### Traits" in lines and "### Elements" in lines and "### Pivots" in lines
    assert "- **Cunning** Exceptional +6" in lines
    assert "- **Sharp Eyes**: Good +2, Cunning" in lines
    assert "- **Quirk:** That's some fine dirt." in lines


def test_markdown_escapes_what_the_player_typed(sarah: Character) -> None:
    sarah.name = "Sarah *the* [X]"
    sarah.notes = "# not a heading\n1. not a list\n<b>not html</b>"
    text = character_text(sarah, markdown=True)
    assert text.splitlines()[0] == r"## Sarah \*the\* \[X\]"
    assert r"\# not a heading" in text
    assert r"1\. not a list" in text
    assert r"\<b\>not html\</b\>" in text
    plain = character_text(sarah)
    assert "Sarah *the* [X]" in plain and "# not a heading" in plain


def test_kinds_penalties_and_play_state(sarah: Character) -> None:
    sarah.elements.append(Element(name="Lucky Coin", rank=Rank.GOOD, trait=Trait.CUNNING,
                                  kind=ElementKind.ITEM))
    sarah.play.penalty_ranks = {Trait.CUNNING: 2}
    sarah.play.luck = 3
    sarah.play.session = 2
    sarah.play.scene = 1
    text = character_text(sarah)
    assert "  Cunning   Exceptional +6, now Good +2" in text
    assert "  Lucky Coin: Good +2, Item, Cunning" in text
    assert "  Luck: 3 (session 2, scene 1)" in text
    assert "  Penalty Ranks: Cunning 2" in text


def test_empty_character_reads_well() -> None:
    text = character_text(Character())
    assert text.startswith("Unnamed character\n")
    assert "Concept: — (Good +2)" in text
    assert "Elements" not in text and "Pivots" not in text
