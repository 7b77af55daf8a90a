"""What a scene did to a PC, replayed over the PC's file (issue 23)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import scene_changes
from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.play.history import state_at
from seforge.systems.swords_edge.play.luck import gain_luck, spend_luck
from seforge.systems.swords_edge.play.session import end_scene, start_session
from seforge.systems.swords_edge.play.stress import take_stress

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
    # the same entries, each keeping the PC as the file had it (not the unsaved campaign)
    assert [e.model_copy(update={"snapshot": None}) for e in replayed.history] == \
        [e.model_copy(update={"snapshot": None}) for e in in_scene.history]
    assert all(state_at(replayed, i).campaign == on_file.campaign
               for i in range(len(replayed.history)))
    _agrees(replayed)


def test_replay_that_breaks_the_character_is_refused() -> None:
    pc = load_pc("the-rogue")
    with pytest.raises(RefusedError, match="no longer fit"):
        scene_changes.replay(pc, [[{"path": ["play", "luck"], "value": -3}]])


def _step(character: Any, operation: Any) -> list[dict[str, Any]]:
    """Run a play operation on ``character`` as a scene step: its patch."""
    before = character.model_copy(deep=True)
    operation(character)
    return scene_changes.character_changes(before, character)


def test_a_pc_that_already_holds_the_scenes_changes_keeps_its_later_edits() -> None:
    """Found in a real session: the PC's autosave (or file) written after the scene's
    step, with a Luck gained since, came back with the scene's Luck and history."""
    pc = load_pc("the-rogue")
    start_session(pc, 2)
    patch = _step(pc, lambda c: gain_luck(c, "the GM's reward"))
    gain_luck(pc, "a Play dock edit")  # the PC's own, after the step
    later = pc.model_copy(deep=True)
    assert scene_changes.already_applied(pc, [patch])
    assert scene_changes.unapplied(pc, [patch]) == []
    assert scene_changes.replay(pc, [patch]) == later


def test_only_the_steps_a_pc_missed_are_replayed() -> None:
    """The file was saved after the first step and a Play dock edit; a second step came
    after: only the second is replayed, so the edit's Luck is kept."""
    pc = load_pc("the-rogue")
    start_session(pc, 2)
    first = _step(pc, lambda c: gain_luck(c, "first step"))
    gain_luck(pc, "a Play dock edit")
    saved = pc.model_copy(deep=True)
    second = _step(pc, lambda c: spend_luck(c, "reroll", 1, "second step"))
    assert not scene_changes.already_applied(saved, [first, second])
    assert scene_changes.unapplied(saved, [first, second]) == [second]
    replayed = scene_changes.replay(saved, [first, second])
    assert replayed.play == pc.play and replayed.history == pc.history


def test_a_pc_older_than_the_scene_gets_every_step() -> None:
    on_file = load_pc("the-rogue")
    pc = on_file.model_copy(deep=True)
    started = _step(pc, lambda c: start_session(c, 2))
    luck = _step(pc, lambda c: gain_luck(c, "a step"))
    assert scene_changes.unapplied(on_file, [started, luck]) == [started, luck]
    assert scene_changes.replay(on_file, [started, luck]) == pc


def _agrees(character: Any) -> None:
    """The character's play state is what its last history entry says it became."""
    last = state_at(character, len(character.history) - 1)
    assert last.play == character.play


def test_only_the_scenes_changes_leave_out_an_edit_made_between_its_steps() -> None:
    """End scene keeping the other edits unsaved: a Luck gained in the Play dock
    between two scene steps reaches the file neither as Luck nor as a history entry,
    and the file's history agrees with its play state."""
    on_file = load_pc("the-rogue")
    pc = on_file.model_copy(deep=True)
    steps = [_step(pc, lambda c: start_session(c, 2)),
             _step(pc, lambda c: gain_luck(c, "the GM's reward"))]
    scene_only = [e.what for e in pc.history]
    gain_luck(pc, "a Play dock edit")  # the PC's own, not the scene's
    steps.append(_step(pc, lambda c: take_stress(c, Trait.CUNNING, 1)))
    steps.append(_step(pc, lambda c: end_scene(c)))
    written = scene_changes.replay(on_file, steps)
    assert [e.what for e in written.history] == [
        *scene_only, pc.history[-2].what, pc.history[-1].what]
    assert written.play.luck == 3 and pc.play.luck == 4
    assert written.play.scene == pc.play.scene
    _agrees(written)
    assert scene_changes.replay(written, steps) == written  # every step held


def test_a_step_after_the_pcs_autosave_brings_back_only_its_own_changes() -> None:
    """After a crash: the PC's autosave was written before a Play dock edit; a scene
    step came after the edit. Replaying the step over the autosave gives the step's
    Luck and entry, not the edit's entry."""
    pc = load_pc("the-rogue")
    first = _step(pc, lambda c: start_session(c, 2))
    autosaved = pc.model_copy(deep=True)
    gain_luck(pc, "a Play dock edit")
    second = _step(pc, lambda c: gain_luck(c, "the GM's reward"))
    assert scene_changes.unapplied(autosaved, [first, second]) == [second]
    back = scene_changes.replay(autosaved, [first, second])
    assert [e.what for e in back.history] == [
        autosaved.history[0].what, pc.history[-1].what]
    assert back.play.luck == autosaved.play.luck + 1
    _agrees(back)


def test_spent_luck_is_the_steps_own_change() -> None:
    on_file = load_pc("the-rogue")
    pc = on_file.model_copy(deep=True)
    steps = [_step(pc, lambda c: start_session(c, 2))]
    gain_luck(pc, "a Play dock edit")
    steps.append(_step(pc, lambda c: spend_luck(c, "reroll", 1, "a step")))
    back = scene_changes.replay(on_file, steps)
    assert back.play.luck == 1 and pc.play.luck == 2
    _agrees(back)


def test_an_old_autosaves_whole_value_patches_read_as_before() -> None:
    """Autosaves written before the patches kept appended entries and the steps' own
    changes set Luck and the whole history: replayed as they say."""
    on_file = load_pc("the-rogue")
    pc = on_file.model_copy(deep=True)
    old = []
    for operation in (partial(start_session, luck=2), partial(gain_luck, reason="a step")):
        before = scene_changes.data_of(pc)
        operation(pc)
        old.append(scene_changes.diff(before, scene_changes.data_of(pc)))
    assert [c.get("value") for c in old[1] if c["path"] == ["play", "luck"]] == [3]
    assert scene_changes.unapplied(on_file, old) == old
    assert scene_changes.replay(on_file, old) == pc
    assert scene_changes.already_applied(pc, old)
    saved = pc.model_copy(deep=True)
    later = _step(pc, lambda c: gain_luck(c, "a new step after the restore"))
    assert scene_changes.unapplied(saved, [*old, later]) == [later]
    assert scene_changes.replay(on_file, [*old, later]) == pc


@given(st.dictionaries(st.sampled_from("abcd"), json_data, max_size=4),
       st.dictionaries(st.sampled_from("abcd"), json_data, max_size=4))
def test_a_steps_changes_replayed_over_its_start_give_its_end(
        before: dict[str, Any], after: dict[str, Any]) -> None:
    assert scene_changes.apply(before, [scene_changes.step_changes(before, after)]) == after
    assert scene_changes.step_changes(before, before) == []
