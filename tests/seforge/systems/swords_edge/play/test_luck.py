"""Luck during a session, and rolls kept in the history."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.luck import (
    gain_luck,
    record_roll,
    spend_luck,
    spend_luck_on_roll,
)
from seforge.systems.swords_edge.play.session import start_session


def test_spend_and_gain_luck(playing: Character) -> None:
    spend_luck(playing, "exertion")
    spend_luck(playing, "reroll", 2)
    assert playing.play.luck == 0
    gain_luck(playing, "her Weakness was invoked")
    assert playing.play.luck == 1
    assert playing.history[-1].why == "her Weakness was invoked"


def test_luck_overspend_refused(playing: Character) -> None:
    with pytest.raises(RefusedError, match="not enough Luck: 4 needed, 3 held"):
        spend_luck(playing, "reroll", 4)
    assert playing.play.luck == 3
    with pytest.raises(RefusedError, match="unknown use of Luck"):
        spend_luck(playing, "bribe")
    with pytest.raises(RefusedError, match="ending the scene"):
        spend_luck(playing, "remove_stress")


def test_rolls_are_kept_in_the_history_and_a_reroll_spends_luck() -> None:
    character = Character(name="Roller")
    record_roll(character, "Roller · Action · rolled 3 and 9 · Success")
    assert character.history[-1].kind == "roll"
    assert character.history[-1].what == "Rolled: Roller · Action · rolled 3 and 9 · Success"
    with pytest.raises(RefusedError):
        record_roll(character, "  ")
    with pytest.raises(RefusedError, match="session"):
        spend_luck_on_roll(character, "reroll line")
    start_session(character, luck=1)
    spend_luck_on_roll(character, "Roller · Action · Luck reroll 7 and 9 · Success")
    assert character.play.luck == 0
    assert [e.kind for e in character.history[-2:]] == ["spend_luck", "roll"]
    with pytest.raises(RefusedError, match="not enough Luck"):
        spend_luck_on_roll(character, "again")
    assert character.history[-1].kind == "roll" and len(character.history) == 4
