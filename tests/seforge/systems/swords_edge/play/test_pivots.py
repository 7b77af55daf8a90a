"""Pivots: when they may change."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.luck import (
    gain_luck,
)
from seforge.systems.swords_edge.play.pivots import (
    change_pivot,
    pivot_change_reason,
)
from seforge.systems.swords_edge.play.session import end_scene, end_session, start_session


def test_pivots_change_only_at_start_or_end(sarah: Character) -> None:
    change_pivot(sarah, "goal", "Find her sister")  # between sessions
    start_session(sarah)
    change_pivot(sarah, "quirk", "Hums when nervous")  # nothing has happened yet
    gain_luck(sarah, "a fine speech")
    with pytest.raises(RefusedError, match="start or the end of a session"):
        change_pivot(sarah, "style", "Brash")
    end_session(sarah)
    change_pivot(sarah, "style", "")
    assert sarah.pivots.model_dump() == {
        "goal": "Find her sister", "quirk": "Hums when nervous", "style": None,
    }


def test_pivots_locked_from_scene_two(playing: Character) -> None:
    end_scene(playing)
    assert pivot_change_reason(playing)
