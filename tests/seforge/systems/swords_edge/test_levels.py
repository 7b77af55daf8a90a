"""Levels of Success as an enum: the book's order, saved by name."""

from __future__ import annotations

import json

import pytest

from seforge.systems.swords_edge.dice import LEVELS, level_for_margin, level_index, roll_outcome
from seforge.systems.swords_edge.kinds import Level, level_order
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.pending import PendingTest, pending_from_json, pending_to_json


def test_levels_in_the_books_order_compare_by_it() -> None:
    assert LEVELS == (Level.AVERAGE, Level.GOOD, Level.GREAT, Level.EXCEPTIONAL, Level.LEGENDARY)
    assert Level.AVERAGE < Level.GOOD < Level.GREAT < Level.EXCEPTIONAL < Level.LEGENDARY
    assert not Level.GREAT > Level.EXCEPTIONAL  # alphabetically it would be
    assert Level.EXCEPTIONAL >= Level.GREAT and Level.GOOD <= Level.GOOD
    assert max(Level.GREAT, Level.EXCEPTIONAL, Level.GOOD) is Level.EXCEPTIONAL
    assert [level.step for level in LEVELS] == [0, 1, 2, 3, 4]
    assert sorted([None, "Legendary", "Average"], key=level_order) == [
        None, "Average", "Legendary"]  # Failure < Average < ... < Legendary


def test_a_level_is_its_name() -> None:
    assert Level.GOOD == "Good" and f"{Level.GOOD}" == "Good" and str(Level.GOOD) == "Good"
    assert "Great" in LEVELS and LEVELS.index("Great") == 2
    assert json.dumps({Level.GOOD: [Level.GREAT]}) == '{"Good": ["Great"]}'
    assert level_for_margin(7) is Level.GOOD and level_for_margin(99) is Level.LEGENDARY
    assert roll_outcome(6, 6, 0, 5).level is Level.GOOD


def test_parsing_names() -> None:
    assert Level.parse(" great ") is Level.GREAT and level_index("legendary") == 4
    assert Level.named("Great") is Level.GREAT
    with pytest.raises(ValueError, match="unknown Level of Success 'great'"):
        Level.named("great")
    with pytest.raises(ValueError, match="unknown Level of Success 'Superb'"):
        Level.parse("Superb")


def test_a_test_in_progress_saves_its_level_by_name() -> None:
    test = PendingTest(trait=Trait.CUNNING, momentum_level="Great")
    assert test.momentum_level is Level.GREAT
    text = pending_to_json(test)
    assert '"momentum_level":"Great"' in text.replace(" ", "")
    assert pending_from_json(text).momentum_level is Level.GREAT
