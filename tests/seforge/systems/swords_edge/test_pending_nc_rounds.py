"""Several PCs against one NC (book: *Action*, L505, L517, L523): every PC's action
against the NC is one more act or reaction of the NC's in the round, the first free and
each later one a Rank (-2) more; the NC's penalty comes off its TN. The scene knows
every PC's Test, so a PC's Test counts what the NC did in the others."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.scene import Scene


def _scene() -> tuple[Scene, str, str, str]:
    """Jyrell and Tella both face the Conqueror, both having won the Momentum."""
    scene = Scene()
    jyrell = scene.add_pc(load_pc("jyrell"), start_session=True).ids[0]
    tella = scene.add_pc(load_pc("tella-of-jost"), start_session=True).ids[0]
    boss = scene.add_nc(load_nc("the-conqueror")).ids[0]
    for pc in (jyrell, tella):
        scene.pair(pc, [boss])
        scene.record_momentum(pc, True, "Average")
    return scene, jyrell, tella, boss


def _tn(test: pt.PendingTest) -> int:
    breakdown = pt.tn(test)
    assert breakdown is not None
    return breakdown.total


def _attack(scene: Scene, pc: str, dice: tuple[int, int] = (5, 5)) -> pt.PendingTest:
    """The PC's Test as the scene hands it out, its Action judged and kept."""
    test = scene.pairing_test(pc)
    assert test.step == "action"
    pt.set_dice(test, *dice)
    pt.judge_test(test, scene.character(pc))
    scene.store_test(pc, test)
    return test


def test_the_second_pc_against_the_nc_in_a_round_faces_a_tn_2_lower() -> None:
    scene, jyrell, tella, _boss = _scene()
    first = scene.pairing_test(jyrell)
    assert pt.nc_action_penalty(first) is None  # nobody dealt with it yet
    alone = _tn(first)
    _attack(scene, jyrell)

    second = scene.pairing_test(tella)
    penalty = pt.nc_action_penalty(second)
    assert penalty is not None
    assert (penalty.amount, penalty.applied) == (-2, True)
    assert penalty.label == "The Conqueror: 2nd action this round"
    assert penalty.short == "NC's 2nd action this round"
    assert [nc.earlier for nc in penalty.ncs] == [("Jyrell",)]
    assert "The Conqueror has already acted or reacted once this round (against Jyrell)" \
        in penalty.why
    assert "lowers the TN" in penalty.why
    assert _tn(second) == alone - 2
    breakdown = pt.tn(second)
    assert breakdown is not None
    assert "-2  The Conqueror: 2nd action this round" in breakdown.lines()
    # Not a penalty on the PC's own roll: Tella's modifier has no round penalty.
    assert pt.action_penalty(second) is None
    assert all("action this round" not in p.label
               for p in pt.modifier_parts(second, scene.character(tella)))


def test_the_gm_may_leave_the_nc_penalty_out_and_put_it_back() -> None:
    scene, jyrell, tella, _boss = _scene()
    _attack(scene, jyrell)
    test = scene.pairing_test(tella)
    with_it = _tn(test)
    pt.set_nc_penalty(test, False)
    penalty = pt.nc_action_penalty(test)
    assert penalty is not None and not penalty.applied and penalty.value == 0
    assert "Left out by the GM" in penalty.why
    assert _tn(test) == with_it + 2
    pt.set_nc_penalty(test, True)
    assert _tn(test) == with_it
    # Nothing to count for the first PC of the round.
    first = pt.PendingTest()
    with pytest.raises(RefusedError, match="acted earlier this round"):
        pt.set_nc_penalty(first, True)


def test_a_third_pc_against_the_nc_makes_it_minus_4() -> None:
    """L523: "the third by two Ranks (-4)"."""
    scene, jyrell, tella, boss = _scene()
    kyle = scene.add_pc(load_pc("kyle-devos"), start_session=True).ids[0]
    scene.pair(kyle, [boss])
    scene.record_momentum(kyle, True, "Average")
    _attack(scene, jyrell)
    _attack(scene, tella)
    third = scene.pairing_test(kyle)
    penalty = pt.nc_action_penalty(third)
    assert penalty is not None and penalty.amount == -4
    assert penalty.ncs[0].earlier == ("Jyrell", "Tella of Jost")


def test_a_roll_judged_again_keeps_its_count_and_a_new_round_starts_free() -> None:
    scene, jyrell, tella, _boss = _scene()
    alone = _tn(scene.pairing_test(jyrell))
    _attack(scene, jyrell)
    _attack(scene, tella)
    # Jyrell's Test opened again: the roll it made was the NC's first reaction, and stays so.
    again = scene.pairing_test(jyrell)
    assert pt.nc_action_penalty(again) is None and _tn(again) == alone
    pt.luck_reroll(again, scene.character(jyrell), 9)
    assert again.verdict is not None and again.verdict.tn == alone
    # Tella's roll judged again keeps its -2.
    hers = scene.pairing_test(tella)
    assert _tn(hers) == alone - 2
    # Jyrell attacks the NC again (the same NC: the GM starts the next round), in which
    # the NC has not reacted yet.
    pt.new_round(again)
    assert pt.nc_action_penalty(again) is None
    pt.set_dice(again, 6, 6)
    pt.judge_test(again, scene.character(jyrell))
    assert again.round_number == 2 and again.log[-1].round_number == 2
    scene.store_test(jyrell, again)
    # Tella's Test follows the scene into round 2: her own action is the first of it, the
    # NC's reaction to her its second.
    hers = scene.pairing_test(tella)
    assert hers.round_number == 2 and hers.action_number == 1
    assert pt.action_penalty(hers) is None
    penalty = pt.nc_action_penalty(hers)
    assert penalty is not None and penalty.amount == -2


def test_the_nc_attacking_a_defender_after_reacting_is_its_second_action() -> None:
    """The NC defends against Jyrell, then attacks Tella (who lost her Momentum): its
    second action of the round, at -2, is Tella's TN lowered by 2."""
    scene = Scene()
    jyrell = scene.add_pc(load_pc("jyrell"), start_session=True).ids[0]
    tella = scene.add_pc(load_pc("tella-of-jost"), start_session=True).ids[0]
    boss = scene.add_nc(load_nc("the-conqueror")).ids[0]
    scene.pair(jyrell, [boss])
    scene.pair(tella, [boss])
    scene.record_momentum(jyrell, True, "Average")
    _attack(scene, jyrell)
    test = scene.pairing_test(tella)
    pt.set_dice(test, 1, 2)
    verdict = pt.judge_test(test, scene.character(tella))
    assert not verdict.success
    pt.go_to(test, next(n for n in verdict.next_steps if n.role == "defend"))
    assert test.role == "defend"
    penalty = pt.nc_action_penalty(test)
    assert penalty is not None and penalty.amount == -2


def _two_pcs_in_one_calculator() -> tuple[pt.PendingTest, Character, Character, str]:
    jyrell, kyle = load_pc("jyrell"), load_pc("kyle-devos")
    test = pt.PendingTest()
    pt.set_actor(test, jyrell.name)
    uid = pt.add_opponent(test, load_nc("the-conqueror")).uid
    pt.set_step(test, "action")
    return test, jyrell, kyle, uid


def test_two_pcs_taking_turns_in_one_calculator() -> None:
    test, jyrell, kyle, uid = _two_pcs_in_one_calculator()
    alone = _tn(test)
    pt.judge_test(test, jyrell)
    pt.set_actor(test, kyle.name)
    pt.set_target(test, uid)
    penalty = pt.nc_action_penalty(test)
    assert penalty is not None and penalty.ncs[0].earlier == ("Jyrell",)
    assert _tn(test) == alone - 2
    pt.judge_test(test, kyle)
    assert test.log[-1].nc_earlier == {uid: ["Jyrell"]}
    # Jyrell again: a new round, the NC's first reaction of it; judging it moves the
    # round number on, so Kyle's next action against the NC is its second of round 2.
    pt.set_actor(test, jyrell.name)
    pt.set_target(test, uid)
    assert pt.round_so_far(test).next_round
    assert pt.nc_action_penalty(test) is None and _tn(test) == alone
    pt.judge_test(test, jyrell)
    assert test.round_number == 2 and test.log[-1].round_number == 2
    pt.set_actor(test, kyle.name)
    pt.set_target(test, uid)
    assert not pt.round_so_far(test).next_round and test.action_number == 1
    penalty = pt.nc_action_penalty(test)
    assert penalty is not None and penalty.ncs[0].earlier == ("Jyrell",)


def test_an_undefended_target_does_not_react() -> None:
    test, jyrell, kyle, uid = _two_pcs_in_one_calculator()
    pt.set_options(test, target_undefended=True)
    pt.judge_test(test, jyrell)
    assert test.log[-1].acting == []
    pt.set_options(test, target_undefended=False)
    pt.set_actor(test, kyle.name)
    pt.set_target(test, uid)
    assert pt.nc_action_penalty(test) is None
    # Against an Undefended target (TN 5) there is nothing to lower.
    pt.set_options(test, target_undefended=True)
    pt.set_actor(test, jyrell.name)
    pt.set_options(test, target_undefended=False)
    pt.judge_test(test, jyrell)
    pt.set_actor(test, kyle.name)
    pt.set_options(test, target_undefended=True)
    assert pt.nc_action_penalty(test) is None and _tn(test) == 5


def test_what_the_ncs_did_elsewhere_round_trips_through_json() -> None:
    scene, jyrell, tella, _boss = _scene()
    _attack(scene, jyrell)
    test = scene.pairing_test(tella)
    assert [(e.round_number, e.by) for e in test.elsewhere] == [(1, "Jyrell")]
    back = pt.pending_from_json(pt.pending_to_json(test))
    assert back == test and pt.nc_action_penalty(back) == pt.nc_action_penalty(test)
