"""The core model of a Test in progress, and the one list of an NC's Qualities."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import NCQuality, NCType, Trait
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.opponents import (
    nc_qualities,
    nc_quality_notes,
    quick_nc,
)
from seforge.systems.swords_edge.resolution.qualities import choice_luck, choice_notes, pc_choices
from seforge.systems.swords_edge.scene import Scene, load_scene, save_scene


def tella_against_the_leader() -> tuple[pt.PendingTest, object]:
    tella = load_pc("tella-of-jost")
    test = pt.PendingTest()
    pt.set_actor(test, tella.name)
    pt.set_trait(test, Trait.CHARISMA)
    leader = pt.add_opponent(test, load_nc("desert-acolytes-leader"))
    pt.set_nc_applied(test, leader.uid, "trait:Charisma", True)
    pt.toggle_quality(test, tella, "background", True)  # "Royalty" Good +2
    return test, tella


def test_tella_luck_reroll_makes_17_against_14() -> None:
    test, tella = tella_against_the_leader()
    breakdown = pt.tn(test)
    assert breakdown is not None and breakdown.total == 14
    assert pt.modifier(test, tella) == 6  # Charisma +4, "Royalty" +2
    pt.set_dice(test, 2, 4)
    first = pt.judge_test(test, tella)
    assert not first.success and first.total == 12
    assert test.spent_here == ["background"]
    again = pt.luck_reroll(test, tella, 7)
    assert test.dice == (7, 4) and test.rerolled
    assert again.success and again.total == 17
    assert "17 vs TN 14" in again.headline
    assert test.luck_rerolls == 1 and pt.luck_spent(test, tella) == 1
    # "Royalty" is still in this Momentum roll, and spent once the Test moves on.
    assert pt.modifier(test, tella) == 6
    pt.go_to(test, again.next_steps[0])
    assert test.step == "action" and "background" in test.scene_spent
    assert "background" not in test.selected()


def test_rejudging_corrected_dice_keeps_the_momentum_qualities() -> None:
    test, tella = tella_against_the_leader()
    pt.set_dice(test, 2, 4)
    pt.judge_test(test, tella)
    pt.set_dice(test, 7, 4)
    verdict = pt.judge_test(test, tella)
    assert verdict.total == 17 and "17 vs TN 14" in verdict.headline


def test_reroll_keeps_the_better_die_and_drops_criticals() -> None:
    test = pt.PendingTest(plain_modifier=0)
    pt.add_opponent(test, quick_nc("Wall", NCType.MINION, Rank.AVERAGE))
    pt.set_dice(test, 1, 1)
    first = pt.judge_test(test, None)
    assert any("Natural 2" in line for line in first.lines)
    # Issue 12, L529: by default a natural 2 stands; Luck cannot reroll it.
    with pytest.raises(pt.RefusedError, match="natural 2 stands"):
        pt.luck_reroll(test, None, 1)
    # Table rule "Criticals follow Luck rerolls": judged on the dice as they stand.
    final = load_pc("sarah-x")
    final.options.criticals_on_final_dice = True
    second = pt.luck_reroll(test, final, 1)
    assert test.dice == (1, 1) and any("Natural 2" in line for line in second.lines)
    third = pt.luck_reroll(test, final, 6)
    assert test.dice == (6, 1) and not any("Natural 2" in line for line in third.lines)
    pt.set_dice(test, 10, 9)
    pt.judge_test(test, None)
    rerolled = pt.luck_reroll(test, None, 10)  # a rerolled 10+10 counts by its total
    assert test.dice == (10, 10) and not any("Natural 20" in line for line in rerolled.lines)
    pt.set_dice(test, 10, 9)
    pt.judge_test(test, final)
    rerolled = pt.luck_reroll(test, final, 10)  # ... or, by the table rule, as a natural 20
    assert any("Natural 20" in line for line in rerolled.lines)
    pt.set_dice(test, 3, 9)
    pt.judge_test(test, None)
    pt.luck_reroll(test, None, 2)  # worse than the 3 it replaces: the 3 stays
    assert test.dice == (3, 9)


def test_reroll_needs_a_judged_roll() -> None:
    test = pt.PendingTest()
    pt.add_opponent(test, quick_nc("Wall", NCType.MINION, Rank.AVERAGE))
    with pytest.raises(pt.RefusedError, match="Judge the roll first"):
        pt.luck_reroll(test, None, 5)
    with pytest.raises(pt.RefusedError, match=r"1\.\.10"):
        pt.set_dice(test, 0, 5)
    assert test.dice == (5, 5)


def test_illegal_changes_are_refused_and_change_nothing() -> None:
    jyrell = load_pc("jyrell")
    test = pt.pairing_test(jyrell.name, [(load_nc("shock-troopers"), 0, "st-1")],
                           spent=["element:1"], momentum_level="Good")
    before = test.model_dump_json()
    with pytest.raises(pt.RefusedError, match="spent on Momentum"):
        pt.toggle_quality(test, jyrell, "element:1", True)
    with pytest.raises(pt.RefusedError, match="no Quality"):
        pt.toggle_quality(test, jyrell, "element:99", True)
    with pytest.raises(pt.RefusedError, match="unknown range"):
        pt.set_options(test, range_band="orbit", role="defend")
    with pytest.raises(pt.RefusedError, match="not an option"):
        pt.set_options(test, actor="Kyle")
    with pytest.raises(pt.RefusedError):
        pt.set_options(test, momentum_level="Huge")
    with pytest.raises(pt.RefusedError, match="No Stress"):
        pt.apply_stress(test)
    assert test.model_dump_json() == before


def test_nc_momentum_quality_is_blocked_in_the_action() -> None:
    test = pt.PendingTest(trait=Trait.CHARISMA)
    gorgon = pt.add_opponent(test, load_nc("gorgon"))
    assert gorgon.applied["momentum"] == ["trait:Charisma"]
    pt.set_nc_applied(test, gorgon.uid, "element:0", True)  # Stone Gaze for Momentum
    tn = pt.tn(test)
    assert tn is not None and tn.total == 23 + 6 + 4
    pt.set_step(test, "action")
    assert pt.nc_blocked(test, gorgon.uid) == {"element:0"}
    with pytest.raises(pt.RefusedError, match="Momentum"):
        pt.set_nc_applied(test, gorgon.uid, "element:0", True)
    pt.set_nc_applied(test, gorgon.uid, "trait:Charisma", True)
    tn = pt.tn(test)
    assert tn is not None and tn.total == 23 + 4 + 6


def test_jyrell_attack_and_stress() -> None:
    jyrell = load_pc("jyrell")
    test = pt.PendingTest()
    pt.set_actor(test, jyrell.name)
    for _ in range(2):
        pt.add_opponent(test, load_nc("shock-troopers"), library_id="shock-troopers")
    pt.toggle_quality(test, jyrell, "element:1", True)  # "Fist and Feet"
    assert pt.modifier(test, jyrell) == 6
    pt.set_dice(test, 4, 4)
    verdict = pt.judge_test(test, jyrell)
    assert verdict.level == "Good"
    pt.go_to(test, verdict.next_steps[0])
    assert test.momentum_level == "Good" and "element:1" in test.scene_spent
    pt.toggle_quality(test, jyrell, "element:0", True)  # "Blades"
    assert pt.modifier(test, jyrell) == 16
    pt.set_dice(test, 3, 3)
    assert pt.judge_test(test, jyrell).stress == 2
    target = pt.apply_stress(test)
    assert target.removed and len(test.active()) == 1
    pt.new_scene(test)
    assert test.scene_spent == []


def test_round_trips_through_json() -> None:
    test, tella = tella_against_the_leader()
    pt.set_dice(test, 2, 4)
    pt.judge_test(test, tella)
    pt.luck_reroll(test, tella, 7)
    text = pt.pending_to_json(test)
    back = pt.pending_from_json(text)
    assert back == test
    assert pt.pending_to_json(back) == text
    assert back.verdict is not None and back.verdict.total == 17


def test_nc_quality_list_with_tns_and_a_mythic_quality() -> None:
    gorgon = load_nc("gorgon")
    options = nc_qualities(gorgon)
    gaze = next(o for o in options if o.key == "element:0")
    assert (gaze.label, gaze.tn) == ("Stone Gaze +4", 27)
    worn = {o.key: o.tn for o in nc_qualities(gorgon, Rank.GOOD)}
    assert worn["element:0"] == Rank.GOOD.target_number + 4 == 21

    odd = gorgon.model_copy(deep=True)
    odd.elements = [*odd.elements, NCQuality(name="Godlike", rank=Rank.MYTHIC)]
    listed = nc_qualities(odd)  # no ValueError
    assert all(o.name != "Godlike" for o in listed)
    assert len(listed) == len(nc_qualities(gorgon))
    assert nc_quality_notes(odd) == [
        "Godlike is at Mythic, which is only a difficulty: it cannot be applied."]
    test = pt.PendingTest()
    entry = pt.add_opponent(test, odd)
    with pytest.raises(pt.RefusedError, match="no usable Quality"):
        pt.set_nc_applied(test, entry.uid, "element:2", True)


def test_luck_cost_per_quality_comes_from_the_core() -> None:
    jyrell = load_pc("jyrell")
    choices = pc_choices(jyrell, Trait.PHYSIQUE)
    selected = {"trait:Physique", "element:0"}
    assert choice_luck(choices, selected, "trait:Cunning") == 1
    assert choice_luck(choices, selected, "element:0") == 0
    assert choice_luck(choices, selected, "element:1") == 1  # a second Element
    notes = choice_notes(choices, selected)
    assert notes["element:1"] == "Luck exertion: 1 Luck"
    assert "element:0" not in notes


# ------------------------------------------------------- stored with the scene


def test_scene_stores_the_pairing_test(tmp_path: Path) -> None:
    tella = load_pc("tella-of-jost")
    start_session(tella)
    scene = Scene(name="Cavern")
    scene.add_pc(tella)
    (leader,) = scene.add_nc(load_nc("desert-acolytes-leader")).ids
    scene.pair("tella-of-jost", [leader])
    assert scene.momentum_tn_for("tella-of-jost", scene.momentum_applied("tella-of-jost")) == 12
    scene.set_momentum_quality("tella-of-jost", leader, "trait:Charisma", True)
    assert scene.momentum_applied("tella-of-jost") == {leader: ["trait:Charisma"]}
    with pytest.raises(RefusedError, match="Concept"):
        scene.set_momentum_quality("tella-of-jost", leader, "concept", True)

    # The calculator works on the same model and hands it back.
    test = scene.pairing_test("tella-of-jost")
    pt.set_trait(test, Trait.CHARISMA)
    pt.toggle_quality(test, tella, "background", True)
    pt.set_dice(test, 2, 4)
    pt.judge_test(test, tella)
    pt.luck_reroll(test, tella, 7)
    scene.store_test("tella-of-jost", test)

    path = tmp_path / "cavern.sescene"
    save_scene(scene, path)
    back = load_scene(path)
    back.bind("tella-of-jost", tella)
    assert back.momentum_applied("tella-of-jost") == {leader: ["trait:Charisma"]}
    assert back.momentum_tn_for("tella-of-jost", back.momentum_applied("tella-of-jost")) == 14
    stored = back.pairing_test("tella-of-jost")
    assert stored.verdict is not None and stored.verdict.total == 17
    assert stored.opponents[0].scene_id == leader

    # Stress in the scene reaches the Test; a new pairing starts a new Test.
    back.nc_takes_stress(leader, 1)
    assert back.pairing_test("tella-of-jost").opponents[0].stress == 1
    back.pair("tella-of-jost", [leader])
    assert back.momentum_applied("tella-of-jost") == {}


def test_scene_refuses_a_mythic_nc_quality() -> None:
    gorgon = load_nc("gorgon")
    gorgon.elements = [*gorgon.elements, NCQuality(name="Godlike", rank=Rank.MYTHIC)]
    jyrell = load_pc("jyrell")
    start_session(jyrell)
    scene = Scene()
    scene.add_pc(jyrell)
    (nc_id,) = scene.add_nc(gorgon).ids
    scene.pair("jyrell", [nc_id])
    with pytest.raises(RefusedError, match="can be applied"):
        scene.momentum_tn_for("jyrell", {nc_id: ["element:2"]})
    with pytest.raises(RefusedError, match="no usable Quality"):
        scene.set_momentum_quality("jyrell", nc_id, "element:2", True)


# ------------------------------------------------------------ the dice roller


def _dice(*values: int) -> Callable[[], int]:
    it = iter(values)
    return lambda: next(it)


def test_secure_die_stays_on_the_die() -> None:
    seen = {pt.secure_die() for _ in range(500)}
    assert seen <= set(range(1, 11)) and len(seen) > 5


def test_roll_reroll_and_log() -> None:
    test, tella = tella_against_the_leader()
    first = pt.roll_test(test, tella, _dice(2, 4))
    assert not first.success and test.dice == (2, 4)
    again = pt.roll_reroll(test, tella, _dice(7))
    assert again.total == 17 and test.luck_rerolls == 1
    assert [(e.kind, e.dice, e.total) for e in test.log] == [
        ("rolled", (2, 4), 12), ("reroll", (7, 4), 17)]
    assert test.log[0].used == ["background", "trait:Charisma"]
    assert pt.consequences(test) == []
    pt.clear_log(test)
    assert test.log == []


def test_critical_consequences() -> None:
    test, tella = tella_against_the_leader()
    pt.roll_test(test, tella, _dice(1, 1))
    (offer,) = pt.consequences(test)
    assert offer.kind == "advancement" and offer.qualities == ("background",)
    # Issue 12, L529: the natural 2 stands, so no reroll can take its Advancement away
    with pytest.raises(pt.RefusedError, match="natural 2 stands"):
        pt.roll_reroll(test, tella, _dice(9))
    assert pt.consequences(test) == [offer]
    tella.options.criticals_on_final_dice = True  # the table rule: judged on the final dice
    pt.roll_reroll(test, tella, _dice(9))
    assert pt.consequences(test) == []
    tella.options.criticals_on_final_dice = False
    pt.toggle_quality(test, tella, "background", False)
    pt.roll_test(test, tella, _dice(1, 1))
    (offer,) = pt.consequences(test)
    assert offer.trait is Trait.CHARISMA and offer.qualities == ()
    pt.roll_test(test, tella, _dice(10, 10))
    (offer,) = pt.consequences(test)
    assert offer.kind == "stunt" and offer.trait is Trait.CHARISMA
    plain = pt.PendingTest()
    pt.add_opponent(plain, quick_nc("Wall", NCType.MINION, Rank.AVERAGE))
    pt.roll_test(plain, None, _dice(10, 10))
    assert pt.consequences(plain) == []  # no PC, nothing to gain


def test_roll_needs_a_tn() -> None:
    test = pt.PendingTest()
    with pytest.raises(pt.RefusedError, match="set a TN"):
        pt.roll_test(test, None, _dice(3, 3))
    assert test.log == []


def test_spent_qualities_are_remembered_per_pc_by_name() -> None:
    jyrell, kyle = load_pc("jyrell"), load_pc("kyle-devos")
    test = pt.PendingTest()
    pt.set_actor(test, jyrell.name)
    pt.add_opponent(test, load_nc("shock-troopers"))
    pt.toggle_quality(test, jyrell, "element:1", True)
    pt.set_dice(test, 4, 4)
    pt.judge_test(test, jyrell)
    pt.set_actor(test, kyle.name)  # Jyrell's roll is done: her spent Element is kept
    assert test.scene_spent == []
    pt.set_actor(test, jyrell.name)
    assert test.scene_spent == ["element:1"]
    assert next(c for c in pt.pc_options(test, jyrell) if c.key == "element:1").spent
    pt.new_scene(test)
    assert test.scene_spent == [] and test.spent_by_pc == {}


def test_a_file_that_leaves_steps_out_still_loads_whole() -> None:
    test = pt.pending_from_json(
        '{"chosen": {"action": ["trait:Physique"]}, "opponents": [{"uid": "nc1", '
        '"nc": {"name": "Wall", "rank": "Average"}, "applied": {"seize": ["x"]}}]}')
    assert set(test.chosen) == {"momentum", "action", "seize"}
    assert test.opponents[0].applied["momentum"] == []
    pt.set_step(test, "action")
    breakdown = pt.tn(test)
    assert breakdown is not None and breakdown.total == 12
    with pytest.raises(ValueError):
        pt.pending_from_json('{"dice": [0, 11]}')
    with pytest.raises(ValueError):
        pt.pending_from_json('{"chosen": {"lunch": []}}')


def test_refusals_name_the_setting_in_one_line() -> None:
    test = pt.PendingTest()
    with pytest.raises(pt.RefusedError) as caught:
        pt.set_options(test, action_number=11)
    assert str(caught.value).startswith("Action number: ")
    with pytest.raises(pt.RefusedError) as caught:
        pt.set_options(test, range_band="orbit")
    assert str(caught.value).startswith("Range: unknown range 'orbit'")
    assert "\n" not in str(caught.value)
