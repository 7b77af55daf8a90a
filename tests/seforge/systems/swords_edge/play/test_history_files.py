"""A character file with a play history, written before the history moved into
seforge.core, still opens and shows the same state at every entry."""

from __future__ import annotations

import json
from pathlib import Path

from seforge.systems.swords_edge.fileformat import load_character, save_character
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.play.history import full_dump, snapshot, state_at

DATA = Path(__file__).parent.parent / "data"
OLD = DATA / "played_before_core_history.sechar"


def test_old_file_shows_the_same_state_at_every_entry() -> None:
    character = load_character(OLD)
    expected = json.loads((DATA / "played_before_core_history.states.json").read_text())
    assert len(character.history) == len(expected) == 10
    for index, state in enumerate(expected):
        past = state_at(character, index)
        assert snapshot(past) == state
        assert past.portrait == character.portrait
        assert len(past.history) == index + 1
    assert state_at(character, 1).play.penalty_ranks == {Trait.PHYSIQUE: 2}
    assert state_at(character, -1).play.penalty_ranks == {}


def test_old_file_saves_back_unchanged(tmp_path: Path) -> None:
    character = load_character(OLD)
    copy = tmp_path / "again.sechar"
    save_character(character, copy)
    before = json.loads(OLD.read_text())
    assert before["format"] == "seforge.character"  # the id written before game systems
    assert json.loads(copy.read_text()) == {**before, "format": "swords-edge.character"}
    assert full_dump(load_character(copy)) == full_dump(character)
