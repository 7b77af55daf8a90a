"""What a GM running the Example of Play at the GM's Table found wrong in the core (Jyrell
and Tella of Jost against the Desert Acolytes' Leader and two Shock Troopers)."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.scene import Scene


def _tella_against_a_trooper() -> tuple[Scene, str]:
    scene = Scene()
    tella = scene.add_pc(load_pc("tella-of-jost"), start_session=True).ids[0]
    trooper = scene.add_nc(load_nc("shock-troopers")).ids[0]
    scene.pair(tella, [trooper])
    return scene, tella


def test_a_momentum_recorded_in_the_scene_gives_the_action_its_trait() -> None:
    """Tella wins the Momentum on Charisma (recorded in the scene's Momentum dialog, not
    rolled in the calculator): her Action goes on with Charisma, Persuasion at no Luck.
    Found: the Action opened on Physique, Charisma and Persuasion offered for Luck."""
    scene, tella = _tella_against_a_trooper()
    scene.record_momentum(tella, True, "Average", ["trait:Charisma"])
    test = scene.pairing_test(tella)
    assert test.step == "action"
    assert test.trait is Trait.CHARISMA
    character = scene.character(tella)
    notes = pt.pc_notes(test, character)
    assert "Luck" not in notes.get("faculty", "")
    assert "Luck" not in notes.get("trait:Charisma", "")
    # Charisma, Noble Commander, Royalty, Persuasion
    assert pt.modifier(test, character) == 4 + 4 + 2 + 2


def test_the_momentum_trait_brings_its_penalty_ranks_and_a_loss_keeps_it_too() -> None:
    scene, tella = _tella_against_a_trooper()
    scene.character(tella).play.penalty_ranks[Trait.CUNNING] = 2
    scene.record_momentum(tella, False, None, ["trait:Cunning"])
    test = scene.pairing_test(tella)
    assert (test.trait, test.penalty_ranks) == (Trait.CUNNING, 2)


def test_a_momentum_without_a_trait_leaves_the_test_alone() -> None:
    scene, tella = _tella_against_a_trooper()
    before = scene.pairing_test(tella).trait
    scene.record_momentum(tella, True, "Good", [])
    assert scene.pairing_test(tella).trait is before


def _round_one() -> tuple[Scene, str, str, str, str]:
    """Jyrell faces the Acolytes' Leader and a Shock Trooper, Tella the Leader; both
    hold the Momentum and Jyrell has hit the Leader (Good, 2 Stress) this round."""
    scene = Scene()
    jyrell = scene.add_pc(load_pc("jyrell"), start_session=True).ids[0]
    tella = scene.add_pc(load_pc("tella-of-jost"), start_session=True).ids[0]
    leader = scene.add_nc(load_nc("desert-acolytes-leader")).ids[0]
    trooper = scene.add_nc(load_nc("shock-troopers")).ids[0]
    scene.pair(jyrell, [leader, trooper])
    scene.pair(tella, [leader])
    scene.record_momentum(jyrell, True, "Average", ["trait:Physique"])
    scene.record_momentum(tella, True, "Average", ["trait:Charisma"])
    test = scene.pairing_test(jyrell)
    pt.set_target(test, _uid(test, leader))
    pt.set_dice(test, 4, 4)
    pt.judge_test(test, scene.character(jyrell))
    pt.apply_stress(test)
    scene.store_test(jyrell, test)
    scene.nc_takes_stress(leader, 2)
    return scene, jyrell, tella, leader, trooper


def _uid(test: pt.PendingTest, scene_id: str) -> str:
    return next(o.uid for o in test.opponents if o.scene_id == scene_id)


def test_an_nc_taken_out_in_another_pcs_test_turns_the_action_to_the_next_nc() -> None:
    """Tella finishes the Leader in her Test; Jyrell's Action, still pointing at the
    Leader, turns to the Trooper as her 2nd act of the round (-2), as it does when her
    own Stress takes an NC out. Found: it counted as against all of them together,
    which opened the next round, so her 2nd act went free."""
    scene, jyrell, _tella, leader, trooper = _round_one()
    scene.nc_takes_stress(leader, 1)  # Tella's hit, the Leader's 3rd Stress: out
    test = scene.pairing_test(jyrell)
    target = pt.action_target(test)
    assert target is not None and target.scene_id == trooper
    penalty = pt.action_penalty(test)
    assert penalty is not None and (penalty.number, penalty.amount) == (2, -2)


def test_the_gm_taking_the_target_out_by_hand_turns_the_action_too() -> None:
    scene, jyrell, _tella, leader, trooper = _round_one()
    test = scene.pairing_test(jyrell)
    pt.set_nc_stress(test, _uid(test, leader), 3)
    target = pt.action_target(test)
    assert target is not None and target.scene_id == trooper
    assert test.action_number == 2


def test_a_luck_reroll_after_the_stress_is_applied_does_not_hit_twice() -> None:
    """Jyrell's Good hit put 2 Stress on the Leader; a Luck reroll now would judge the
    roll again and offer its Stress again (Average 1 + Good 2 made 3: the regular
    out). Found: the reroll was allowed and the Stress added up."""
    scene, jyrell, *_ = _round_one()
    test = scene.pairing_test(jyrell)
    with pytest.raises(RefusedError, match="Stress is already on the NC"):
        pt.luck_reroll(test, scene.character(jyrell), 10)
    refusal = pt.reroll_refusal(test)
    assert refusal is not None and "Stress is already on the NC" in refusal
    with pytest.raises(RefusedError, match="press New round"):
        pt.judge_test(test, scene.character(jyrell))  # the same roll judged again
    pt.new_round(test)  # the next attack on the Leader is judged as a new one
    pt.set_dice(test, 5, 5)
    pt.judge_test(test, scene.character(jyrell))
    assert test.verdict is not None and test.verdict.stress > 0


def test_a_luck_reroll_before_the_stress_raises_the_level_once() -> None:
    scene = Scene()
    jyrell = scene.add_pc(load_pc("jyrell"), start_session=True).ids[0]
    leader = scene.add_nc(load_nc("desert-acolytes-leader")).ids[0]
    scene.pair(jyrell, [leader])
    scene.record_momentum(jyrell, True, "Average", ["trait:Physique"])
    test = scene.pairing_test(jyrell)
    character = scene.character(jyrell)
    pt.set_dice(test, 1, 3)  # 4 + 14 = 18 against 14: Average, 1 Stress
    pt.judge_test(test, character)
    assert pt.reroll_refusal(test) is None
    pt.luck_reroll(test, character, 10)  # 10 + 3 + 14 = 27: Good
    pt.apply_stress(test)
    assert test.opponents[0].stress == 2


def test_a_roll_against_an_nc_now_out_is_not_rerolled_against_another() -> None:
    """Jyrell missed the Leader; Tella then took the Leader out: Jyrell's Action turns
    to the Trooper, and her missed roll is not rerolled against the Trooper's TN."""
    scene = Scene()
    jyrell = scene.add_pc(load_pc("jyrell"), start_session=True).ids[0]
    leader = scene.add_nc(load_nc("desert-acolytes-leader")).ids[0]
    scene.add_nc(load_nc("shock-troopers"))
    trooper = scene.ncs[-1].id
    scene.pair(jyrell, [leader, trooper])
    scene.record_momentum(jyrell, True, "Average", ["trait:Physique"])
    test = scene.pairing_test(jyrell)
    pt.set_target(test, _uid(test, leader))
    pt.set_dice(test, 1, 1)
    pt.judge_test(test, scene.character(jyrell))
    scene.store_test(jyrell, test)
    scene.nc_takes_stress(leader, 3)
    test = scene.pairing_test(jyrell)
    refusal = pt.reroll_refusal(test)
    assert refusal is not None and "against another NC" in refusal


def test_the_verdict_says_what_its_stress_will_do_not_that_it_is_done() -> None:
    """Found: "Desert Acolytes' Leader (regular) has taken 2 of 3 Stress." stood under a
    Good hit before "Apply 2 Stress" was pressed, and read as done."""
    test = pt.PendingTest()
    pt.set_actor(test, "Jyrell")
    pt.add_opponent(test, load_nc("desert-acolytes-leader"))
    pt.go_to(test, pt.NextStep("", "action", "attack", "Average"))
    pt.set_dice(test, 5, 5)  # 10 + 12 against 14: Good
    verdict = pt.judge_test(test, load_pc("jyrell"))
    assert "This Stress brings Desert Acolytes' Leader (regular) to 2 of 3 Stress." \
        in verdict.lines
    assert not any("has taken" in line for line in verdict.lines)
