"""What a scene did to a PC, replayed over the PC's file (issue 23)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import scene_changes
from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.play.luck import gain_luck
from seforge.systems.swords_edge.play.session import start_session

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=3))
json_data = st.recursive(
    json_leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from("abcd"), inner, max_size=3)),
    max_leaves=12,
)


@given(st.dictionaries(st.sampled_from("abcd"), json_data, max_size=4),
       st.dictionaries(st.sampled_from("abcd"), json_data, max_size=4))
def test_a_diff_replayed_over_its_start_gives_its_end(
        before: dict[str, Any], after: dict[str, Any]) -> None:
    assert scene_changes.apply(before, [scene_changes.diff(before, after)]) == after
    assert scene_changes.diff(before, before) == []


def test_replay_keeps_what_the_scene_did_and_not_other_edits() -> None:
    on_file = load_pc("the-rogue")
    in_scene = on_file.model_copy(deep=True)
    in_scene.campaign = "XYZ"  # typed in the builder, never saved
    joined = in_scene.model_copy(deep=True)
    start_session(in_scene, 3)
    gain_luck(in_scene, "the GM's reward")
    patch = scene_changes.character_changes(joined, in_scene)
    replayed = scene_changes.replay(on_file, [patch])
    assert replayed.campaign == on_file.campaign
    assert replayed.play == in_scene.play
    assert replayed.history == in_scene.history


def test_replay_that_breaks_the_character_is_refused() -> None:
    pc = load_pc("the-rogue")
    with pytest.raises(RefusedError, match="no longer fit"):
        scene_changes.replay(pc, [[{"path": ["play", "luck"], "value": -3}]])
