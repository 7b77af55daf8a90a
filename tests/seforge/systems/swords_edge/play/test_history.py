"""The play history: snapshots, past states, restore; play state in files."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.fileformat import character_from_data, character_to_data
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.play.history import full_dump, restore, state_at
from seforge.systems.swords_edge.play.session import end_scene, start_session
from seforge.systems.swords_edge.play.stress import (
    take_stress,
)

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


def test_every_change_is_in_history_with_a_snapshot(playing: Character) -> None:
    take_stress(playing, P, 1, why="a tavern brawl")
    end_scene(playing, "Average")
    entries = playing.history
    assert [e.kind for e in entries] == ["start_session", "take_stress", "end_scene"]
    assert entries[1].why == "a tavern brawl"
    assert (entries[2].session, entries[2].scene) == (1, 1)
    assert all(e.at and e.snapshot is not None for e in entries)
    assert "portrait" not in entries[1].snapshot  # type: ignore[operator]


def test_state_at_shows_an_earlier_point(playing: Character) -> None:
    playing.portrait = "cG9ydHJhaXQ="
    take_stress(playing, P, 2)
    end_scene(playing, "Great")
    past = state_at(playing, 1)
    assert past.play.penalty_ranks == {P: 2}
    assert past.play.scene == 1
    assert past.portrait == playing.portrait
    assert len(past.history) == 2
    assert state_at(playing, -1).play.penalty_ranks == {}
    with pytest.raises(RefusedError, match="no history entry"):
        state_at(playing, 5)


def test_restore_in_place(playing: Character) -> None:
    before = full_dump(playing)
    take_stress(playing, P, 2)
    same_object = playing
    restore(playing, before)
    assert same_object.play.penalty_ranks == {}
    assert full_dump(same_object) == before


def test_refusal_changes_nothing(playing: Character) -> None:
    before = full_dump(playing)
    with pytest.raises(RefusedError):
        end_scene(playing, "Good", luck_for_penalties=1)
    assert full_dump(playing) == before


def test_version_1_file_without_play_fields_loads() -> None:
    data = {
        "format": "seforge.character",
        "version": 1,
        "name": "Old Timer",
        "concept": {"name": "Friar", "rank": "Good"},
        "play": {"luck": 2, "penalty_ranks": {"physique": 1}},
        "history": [{"what": "Created", "session": 0}],
    }
    c = character_from_data(data)
    assert c.play.penalty_ranks == {P: 1}
    assert not c.play.session_running
    assert c.play.doom_trait is None
    assert c.history[0].snapshot is None
    with pytest.raises(RefusedError, match="did not keep"):
        state_at(c, 0)
    start_session(c)
    assert c.play.luck == 3


def test_minimal_version_1_file_loads() -> None:
    c = character_from_data({"format": "seforge.character", "version": 1})
    assert c.play.scene_penalty_ranks == {} and c.play.advancements == []


def test_play_state_round_trips(playing: Character) -> None:
    take_stress(playing, P, 5, legendary=True)
    data = character_to_data(playing)
    again = character_from_data(data)
    assert again.play == playing.play
    assert again.history == playing.history
