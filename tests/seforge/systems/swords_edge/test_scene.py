"""The scene tracker, run through the book's Example of Play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.dice import level_for_margin
from seforge.systems.swords_edge.fileformat import load_character, save_character
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.play.advancement import critical_success_stunt
from seforge.systems.swords_edge.play.history import full_dump
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.resolution.stress import stress_for_level
from seforge.systems.swords_edge.scene import (
    Scene,
    load_scene,
    save_scene,
    scene_to_data,
)


def _pcs() -> tuple[Character, Character, Character]:
    pcs = (library.load_pc("jyrell"), library.load_pc("kyle-devos"),
           library.load_pc("tella-of-jost"))
    for pc in pcs:
        start_session(pc)
    return pcs


def _scene() -> tuple[Scene, Character, Character, Character]:
    jyrell, kyle, tella = _pcs()
    scene = Scene(name="The cavern gate")
    for pc in (jyrell, kyle, tella):
        scene.add_pc(pc)
    return scene, jyrell, kyle, tella


def _action_total(scene: Scene, pc: Character, trait: Trait, keys: list[str], dice: int) -> int:
    options = {o.key: o.modifier for o in scene.available_for_action(pc, trait)}
    return dice + sum(options[k] for k in keys) + scene.first_action_bonus(pc)


def test_example_of_play(tmp_path: Path) -> None:
    scene, jyrell, kyle, tella = _scene()
    assert [p.id for p in scene.pcs] == ["jyrell", "kyle-devos", "tella-of-jost"]
    troopers = library.load_nc("shock-troopers")

    # Two Troopers at the gate: two Poor minions, Momentum TN 5 + 2 = 7.
    first = scene.add_nc(troopers, 2).ids
    assert [scene.nc(i).name for i in first] == ["Shock Troopers 1", "Shock Troopers 2"]
    scene.pair(jyrell, first)
    assert scene.momentum_tn_for(jyrell) == 7
    # Physique +4 and "Fist and Feet" +2; she rolls 8: 14, seven over: Good.
    momentum = 8 + 4 + 2
    level = level_for_margin(momentum - 7)
    assert level == "Good"
    event = scene.record_momentum(jyrell, True, level, ["trait:Physique", "element:1"])
    assert "+2 on the first Action" in event.text
    assert scene.pc(jyrell).spent_on_momentum == ["element:1"]
    assert scene.first_action_bonus(jyrell) == 2
    # "Fist and Feet" is spent for the scene; the rest of her Physique kit is not.
    keys = {o.key for o in scene.available_for_action(jyrell, Trait.PHYSIQUE)}
    assert "element:1" not in keys and {"concept", "background", "faculty", "element:0"} <= keys

    # Both Troopers defend with "Fearless Soldier" (Good): 5 + 2 + 2 = 9.
    action_tn = scene.group_action_tn_for(jyrell, {i: ["concept"] for i in first})
    assert action_tn == 9
    total = _action_total(
        scene, jyrell, Trait.PHYSIQUE,
        ["concept", "background", "faculty", "trait:Physique", "element:0"], 6,
    )
    assert total == 22
    level = level_for_margin(total - action_tn)
    assert level == "Good" and stress_for_level(level) == 2
    # The GM spreads the two Stress: one on each minion, which removes both.
    for nc_id in first:
        assert "out of the scene" in scene.nc_takes_stress(nc_id, 1, "the GM's call").text
    assert all(scene.nc(i).removed for i in first)
    with pytest.raises(RefusedError, match="faces no NC"):
        scene.momentum_tn_for(jyrell)
    scene.give_luck(jyrell, "a gladiator's flourish")
    assert jyrell.play.luck == 4

    # Three more surge in: 5 + 2 + 2 = 9 for Momentum.
    second = scene.add_nc(troopers, 3).ids
    assert scene.nc(second[0]).name == "Shock Troopers 3"
    scene.pair(jyrell, second)
    assert scene.momentum_tn_for(jyrell) == 9
    with pytest.raises(RefusedError, match="already put into Momentum"):
        scene.record_momentum(jyrell, True, "Good", ["trait:Physique", "element:1"])
    scene.record_momentum(jyrell, True, "Good", ["trait:Physique", "background"])
    action_tn = scene.group_action_tn_for(jyrell, {i: ["concept"] for i in second})
    assert action_tn == 11
    total = _action_total(
        scene, jyrell, Trait.PHYSIQUE, ["concept", "faculty", "trait:Physique", "element:0"], 11
    )
    assert total == 25
    assert level_for_margin(total - action_tn) == "Great"  # three Stress, one each
    for nc_id in second:
        scene.nc_takes_stress(nc_id, 1)
    assert not scene.active_ncs()

    # Tella against the Desert Acolytes' leader (Average regular).
    leader_nc = library.load_nc("desert-acolytes-leader")
    (leader,) = scene.add_nc(leader_nc).ids
    assert scene.nc(leader).name == "Desert Acolytes' Leader"
    scene.pair(tella, [leader])
    assert scene.momentum_tn_for(tella, {leader: [Trait.CHARISMA]}) == 14
    with pytest.raises(RefusedError, match="Concept"):
        scene.momentum_tn_for(tella, {leader: ["concept"]})
    scene.spend_luck(tella, "reroll", why="the 2 became a 7")
    assert scene.pc(tella).luck_spent == 1 and tella.play.luck == 2
    scene.record_momentum(tella, True, level_for_margin(17 - 14),
                          ["trait:Charisma", "background"])
    assert scene.first_action_bonus(tella) == 0
    # The leader keeps her Charisma from the Momentum Test and adds her Concept.
    assert scene.action_tn_for(tella, leader, ["concept"]) == 14
    assert scene.action_tn_for(tella, leader, [Trait.CHARISMA, "concept"]) == 16
    total = _action_total(
        scene, tella, Trait.CHARISMA, ["concept", "faculty", "trait:Charisma", "element:0"], 20
    )
    assert total == 32  # book prints 30 (its own +12 sum); either way a Great success
    level = level_for_margin(30 - 16)
    assert level == "Great"
    critical_success_stunt(tella, "Stand and Deliver", Trait.CHARISMA)
    event = scene.nc_takes_stress(leader, stress_for_level(level))
    assert "out of the scene" in event.text and scene.nc(leader).removed

    # Some Stress on the PCs, then the scene ends.
    scene.pc_takes_stress(kyle, Trait.CUNNING, "Good", "a fusion rifle's glare")
    scene.pc_takes_stress(jyrell, Trait.PHYSIQUE, "Average")
    assert kyle.play.penalty_ranks == {Trait.CUNNING: 2}
    lines = scene.end_scene(
        recovery={"kyle-devos": "Average", "jyrell": None},
        luck_for_penalties={"jyrell": 1},
        pivot_touched={"jyrell": "style"},
    )
    assert scene.ended
    text = "\n".join(lines)
    assert "Jyrell: an Advancement from the Style" in text
    assert "Kyle Devos: Scene 1 ended; Average Recovery removed 1" in text
    assert kyle.play.penalty_ranks == {Trait.CUNNING: 1}
    assert jyrell.play.penalty_ranks == {}
    assert jyrell.play.luck == 3
    assert scene.log[-1] == "The scene ends."
    with pytest.raises(RefusedError, match="ended"):
        scene.add_nc(troopers)

    # The caller saves each PC; the files hold the play state and the history.
    for pc in (jyrell, kyle, tella):
        save_character(pc, tmp_path / f"{pc.name}.sechar")
    back = load_character(tmp_path / "Jyrell.sechar")
    assert back.play.scene == 2 and back.play.luck == 3
    assert [a.source for a in back.play.advancements] == ["pivot"]
    kinds = [h.kind for h in back.history]
    assert kinds == ["start_session", "gain_luck", "take_stress", "earn_pivot", "end_scene"]
    kyle_back = load_character(tmp_path / "Kyle Devos.sechar")
    assert kyle_back.play.penalty_ranks == {Trait.CUNNING: 1}
    assert kyle_back.play.scene_penalty_ranks == {}
    tella_back = load_character(tmp_path / "Tella of Jost.sechar")
    assert tella_back.elements[-1].name == "Stand and Deliver"
    assert [h.kind for h in tella_back.history][-2:] == ["stunt", "end_scene"]
    raw = json.loads((tmp_path / "Tella of Jost.sechar").read_text(encoding="utf-8"))
    assert raw["play"]["luck"] == 2


def test_scene_round_trip(tmp_path: Path) -> None:
    scene, jyrell, _kyle, _tella = _scene()
    ids = scene.add_nc(library.load_nc("gorgon")).ids
    scene.pair(jyrell, ids)
    scene.nc_takes_stress(ids[0], 2)
    path = tmp_path / "autosave.sescene"
    save_scene(scene, path)
    back = load_scene(path)
    assert scene_to_data(back) == scene_to_data(scene)
    with pytest.raises(RefusedError, match="not attached"):
        back.character("jyrell")
    back.bind("jyrell", jyrell)
    assert back.character("jyrell") is jyrell
    assert back.momentum_tn_for(jyrell, {ids[0]: ["trait:Charisma"]}) == 12 + 6


def test_hero_loses_ranks_and_falls_below_weak() -> None:
    scene, jyrell, _kyle, _tella = _scene()
    (gorgon,) = scene.add_nc(library.load_nc("gorgon")).ids
    scene.pair(jyrell, [gorgon])
    assert scene.momentum_tn_for(jyrell) == 23
    event = scene.nc_takes_stress(gorgon, 1)
    assert "Great to Good (TN 17)" in event.text
    assert scene.action_tn_for(jyrell, gorgon, ["element:0"]) == 17 + 4
    scene.nc_takes_stress(gorgon, 4)  # Good -> Weak
    assert scene.nc(gorgon).current_rank.label == "Weak" and not scene.nc(gorgon).removed
    assert "out of the scene" in scene.nc_takes_stress(gorgon, 1).text


def test_regular_counts_to_three_and_removed_skipped_in_group_tn() -> None:
    scene, jyrell, _kyle, _tella = _scene()
    (giant,) = scene.add_nc(library.load_nc("giant")).ids
    goblins = scene.add_nc(library.load_nc("goblin"), 2).ids
    scene.pair(jyrell, [giant, *goblins])
    # Good regular 17 + two Basic minions (+2 each at least) = 21; Physique +6 on top.
    assert scene.momentum_tn_for(jyrell) == 21
    assert scene.momentum_tn_for(jyrell, {giant: [Trait.PHYSIQUE]}) == 27
    with pytest.raises(RefusedError, match="one Trait"):
        scene.momentum_tn_for(jyrell, {giant: ["trait:Physique", "trait:Cunning"]})
    assert "(2 of 3)" in scene.nc_takes_stress(giant, 2).text
    scene.remove_nc(goblins[0], "fled")
    assert scene.momentum_tn_for(jyrell) == 19
    assert "out of the scene" in scene.nc_takes_stress(giant, 1).text
    assert scene.momentum_tn_for(jyrell) == 8


def test_end_scene_is_all_or_nothing() -> None:
    scene, jyrell, kyle, _tella = _scene()
    scene.pc_takes_stress(kyle, Trait.PHYSIQUE, "Great")
    before = full_dump(jyrell)
    # Kyle's Physique is Good: three Penalty Ranks leave it Poor, no Doom yet.
    assert kyle.play.doom_trait is None
    scene.pc_takes_stress(kyle, Trait.PHYSIQUE, "Good")  # past Weak: Doom
    assert kyle.play.doom_trait is Trait.PHYSIQUE
    with pytest.raises(RefusedError, match="Doom"):
        scene.end_scene(pivot_touched={"jyrell": "goal"})
    assert full_dump(jyrell) == before
    assert not scene.ended
    event = scene.resolve_doom(kyle, "survived", weakness_name="Shattered Arm")
    assert "Shattered Arm" in event.text
    lines = scene.end_scene(pivot_touched={"jyrell": "goal"})
    assert any("Goal" in line for line in lines)
    assert kyle.play.removed_from_scene is False


def test_exceptional_hit_leaves_pc_undefended() -> None:
    scene, jyrell, _kyle, _tella = _scene()
    ids = scene.add_nc(library.load_nc("goblin")).ids
    scene.pair(jyrell, ids)
    event = scene.pc_takes_stress(jyrell, Trait.PHYSIQUE, "Exceptional")
    assert "Undefended" in event.text
    with pytest.raises(RefusedError, match="cannot act"):
        scene.record_momentum(jyrell, True)


def test_pairing_and_lookups_refuse_nonsense() -> None:
    scene, jyrell, _kyle, _tella = _scene()
    with pytest.raises(RefusedError, match="already in the scene"):
        scene.add_pc(jyrell)
    with pytest.raises(RefusedError, match="no NC"):
        scene.pair(jyrell, ["nobody"])
    (goblin,) = scene.add_nc(library.load_nc("goblin")).ids
    again = scene.add_nc(library.load_nc("goblin")).ids
    assert scene.nc(again[0]).name == "Goblin 2"
    scene.remove_nc(goblin)
    with pytest.raises(RefusedError, match="already out"):
        scene.pair(jyrell, [goblin])
    with pytest.raises(RefusedError, match="no Quality"):
        scene.action_tn_for(jyrell, again[0], ["element:5"])
    stranger = library.load_pc("sarah-x")
    with pytest.raises(RefusedError, match="not in the scene"):
        scene.pc(stranger)


def test_note_and_add_pc_starting_the_session() -> None:
    scene = Scene(name="A quiet road")
    event = scene.note("  The  wind rises. ")
    assert event.text == "The wind rises." and scene.log == ["The wind rises."]
    with pytest.raises(RefusedError, match="write something"):
        scene.note("   ")

    jyrell = library.load_pc("jyrell")
    assert not jyrell.play.session_running
    event = scene.add_pc(jyrell, start_session=True)
    assert event.ids == ("jyrell",)
    assert jyrell.play.session_running and jyrell.play.session == 1
    assert scene.log[-2:] == ["Jyrell: session 1 started with 3 Luck.",
                              "Jyrell joins the scene."]
    assert [h.kind for h in jyrell.history] == ["start_session"]

    # A running session is left alone; without the flag nothing is started.
    kyle = library.load_pc("kyle-devos")
    start_session(kyle)
    scene.add_pc(kyle, start_session=True)
    assert [h.kind for h in kyle.history] == ["start_session"]
    tella = library.load_pc("tella-of-jost")
    scene.add_pc(tella)
    assert not tella.play.session_running

    # A PC that cannot join starts no session.
    again = library.load_pc("jyrell")
    with pytest.raises(RefusedError, match="already used"):
        scene.add_pc(again, pc_id="jyrell", start_session=True)
    assert not again.play.session_running and again.history == []

    # The note still works after the end; remove_pc drops the record.
    scene.remove_pc("tella-of-jost", "no file")
    assert scene.log[-1] == "Tella of Jost leaves the scene (no file)."
    assert [p.id for p in scene.pcs] == ["jyrell", "kyle-devos"]
    scene.end_scene()
    scene.note("Written: jyrell.sechar.")
    assert scene.log[-1] == "Written: jyrell.sechar."


def test_critical_success_stunt_through_the_scene() -> None:
    scene, jyrell, _kyle, _tella = _scene()
    count = len(jyrell.elements)
    event = scene.stunt(jyrell, " Whirlwind Kick ", Trait.PHYSIQUE, "a natural 20")
    assert event.text == 'Jyrell gains the Stunt "Whirlwind Kick" (Physique, Good).'
    assert len(jyrell.elements) == count + 1
    stunt = jyrell.elements[-1]
    assert (stunt.name, stunt.trait, stunt.rank.label, stunt.kind.value) == (
        "Whirlwind Kick", Trait.PHYSIQUE, "Good", "stunt")
    assert jyrell.history[-1].kind == "stunt"
    with pytest.raises(RefusedError, match="name"):
        scene.stunt(jyrell, "  ", Trait.PHYSIQUE)
    assert len(jyrell.elements) == count + 1


def test_a_pc_renamed_on_their_sheet_is_told_by_the_new_name() -> None:
    """The scene names a PC as their Character is named now (the builder renamed
    them mid-scene), in its titles, its new log lines and the saved scene."""
    scene, jyrell, _kyle, _tella = _scene()
    pc_id = scene.pcs[0].id
    jyrell.name = "Jyrell the Swift"
    assert scene.title(pc_id) == "Jyrell the Swift"
    assert scene.pc_titles()[pc_id] == "Jyrell the Swift"
    goblin = scene.add_nc(library.load_nc("goblin")).ids[0]
    assert scene.pair(pc_id, [goblin]).text == "Jyrell the Swift faces Goblin."
    assert scene_to_data(scene)["pcs"][0]["name"] == "Jyrell the Swift"
    assert scene.pcs[0].name == "Jyrell"  # the scene itself is not changed by a save


def test_one_ncs_entry_enters_the_scene() -> None:
    scene = Scene()
    assert scene.add_nc(library.load_nc("gorgon")).text \
        == "Gorgon (Great hero, TN 23) enters the scene."
    assert scene.add_nc(library.load_nc("goblin"), 2).text \
        == "2 × Goblin (Basic minion, TN 8) enter the scene."
