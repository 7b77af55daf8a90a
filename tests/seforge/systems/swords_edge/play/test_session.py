"""Sessions and scenes: starting, ending, and what needs a session."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.play.advancement import (
    critical_success_stunt,
)
from seforge.systems.swords_edge.play.luck import (
    gain_luck,
    spend_luck,
)
from seforge.systems.swords_edge.play.pivots import (
    earn_pivot_advancement,
)
from seforge.systems.swords_edge.play.session import end_scene, end_session, start_session
from seforge.systems.swords_edge.play.stress import (
    take_stress,
)

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


def test_start_session_sets_luck_and_scene(sarah: Character) -> None:
    start_session(sarah)
    assert (sarah.play.session, sarah.play.scene, sarah.play.luck) == (1, 1, 3)
    assert sarah.play.session_running
    assert sarah.history[-1].kind == "start_session"


def test_start_session_resets_luck_and_gm_can_choose(playing: Character) -> None:
    gain_luck(playing, "Weakness invoked")
    end_session(playing)
    assert playing.play.luck == 0  # unspent Luck does not carry over
    start_session(playing, luck=5)
    assert playing.play.luck == 5
    assert playing.play.session == 2


def test_cannot_start_a_running_session(playing: Character) -> None:
    with pytest.raises(RefusedError, match="already running"):
        start_session(playing)


def test_play_needs_a_session(sarah: Character) -> None:
    for action in (
        lambda: spend_luck(sarah, "reroll"),
        lambda: gain_luck(sarah, "x"),
        lambda: take_stress(sarah, P, 1),
        lambda: end_scene(sarah),
        lambda: end_session(sarah),
        lambda: earn_pivot_advancement(sarah, "goal"),
        lambda: critical_success_stunt(sarah, "Cliff Climbing", CU),
    ):
        with pytest.raises(RefusedError, match="no session is running"):
            action()
    assert sarah.history == []


def test_end_scene_luck_overspend_refused(playing: Character) -> None:
    take_stress(playing, P, 3)
    with pytest.raises(RefusedError, match="not enough Luck"):
        end_scene(playing, luck_for_penalties=4)
