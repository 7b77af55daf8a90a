"""Several actions in a round (book: *Action*, L505, L517-523): the Test in progress
reads from its roll log which act or reaction of the round the Action is, and proposes
its penalty (the reading ``pending.ROUND_READING``)."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import list_entries, load_nc, load_pc
from seforge.systems.swords_edge.models import Character, NCType
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.opponents import quick_nc
from seforge.systems.swords_edge.wording import ordinal, times


def _trooper() -> str:
    return next(e.id for e in list_entries("nc") if e.name == "Shock Troopers")


def _facing(count: int, won: bool = True) -> tuple[pt.PendingTest, Character, list[str]]:
    """Jyrell against ``count`` Shock Troopers, the Momentum judged (won at Good, or
    lost) and the Test moved on to the Action."""
    jyrell = load_pc("jyrell")
    test = pt.PendingTest()
    pt.set_actor(test, jyrell.name)
    uids = [pt.add_opponent(test, load_nc(_trooper())).uid for _ in range(count)]
    pt.set_dice(test, *((10, 9) if won else (1, 2)))
    verdict = pt.judge_test(test, jyrell)
    assert verdict.success is won
    pt.go_to(test, verdict.next_steps[0])
    assert test.step == "action" and test.role == ("attack" if won else "defend")
    return test, jyrell, uids


def _penalty(test: pt.PendingTest, character: Character | None) -> int:
    parts = {p.label: p.value for p in pt.modifier_parts(test, character)}
    return next((v for label, v in parts.items() if label.endswith("action this round")), 0)


def _act(test: pt.PendingTest, character: Character | None, uid: str | None,
         dice: tuple[int, int] = (5, 5)) -> int:
    """Pick whom the Action is against, judge it; the penalty it carried."""
    pt.set_target(test, uid)
    penalty = _penalty(test, character)
    pt.set_dice(test, *dice)
    pt.judge_test(test, character)
    return penalty


def test_four_opponents_attacked_in_turn_cost_0_2_4_6() -> None:
    """L519: "the first action inflicts no penalty, the second ... (-2), the third
    would be at -4 and the fourth ... -6"."""
    test, jyrell, uids = _facing(4)
    assert [_act(test, jyrell, uid) for uid in uids] == [0, -2, -4, -6]


def test_four_defences_cost_0_2_4_6() -> None:
    """L523: the single character's defences, each against one attacker."""
    test, jyrell, uids = _facing(4, won=False)
    assert [_act(test, jyrell, uid) for uid in uids] == [0, -2, -4, -6]


def test_the_proposed_penalty_is_labelled_and_says_why() -> None:
    test, jyrell, uids = _facing(3)
    _act(test, jyrell, uids[0])
    pt.set_target(test, uids[1])
    penalty = pt.action_penalty(test)
    assert penalty is not None
    assert (penalty.number, penalty.amount, penalty.applied) == (2, -2, True)
    assert penalty.label == "2nd action this round"
    assert "Jyrell has already acted or reacted once this round (Shock Troopers (1))" \
        in penalty.why
    assert test.action_number == 2
    assert pt.modifier(test, jyrell) == sum(
        p.value for p in pt.modifier_parts(test, jyrell)
        if p.label != "2nd action this round") - 2


def test_the_gm_may_leave_the_penalty_out_and_put_it_back() -> None:
    test, jyrell, uids = _facing(2)
    _act(test, jyrell, uids[0])
    pt.set_target(test, uids[1])
    with_it = pt.modifier(test, jyrell)
    pt.set_action_penalty(test, False)
    penalty = pt.action_penalty(test)
    assert penalty is not None and not penalty.applied and penalty.value == 0
    assert penalty.label == "2nd action this round"  # still shown, to put back
    assert "Left out by the GM" in penalty.why
    assert pt.modifier(test, jyrell) == with_it + 2
    pt.set_action_penalty(test, True)
    assert pt.modifier(test, jyrell) == with_it
    # The first action of a round has nothing to put back.
    pt.set_target(test, uids[0])  # already dealt with: the next round
    assert pt.action_penalty(test) is None
    with pytest.raises(RefusedError, match="first act or reaction"):
        pt.set_action_penalty(test, True)


def test_a_roll_judged_again_is_the_same_action() -> None:
    test, jyrell, uids = _facing(3)
    _act(test, jyrell, uids[0])
    _act(test, jyrell, uids[1], (1, 3))
    # A corrected die, then a Luck reroll: still the 2nd action, at -2.
    pt.set_dice(test, 2, 3)
    pt.judge_test(test, jyrell)
    pt.luck_reroll(test, jyrell, 9)
    assert pt.round_so_far(test).number == 2
    assert _penalty(test, jyrell) == -2
    pt.set_target(test, uids[2])
    assert test.action_number == 3 and _penalty(test, jyrell) == -4


def test_an_opponent_dealt_with_already_opens_the_next_round() -> None:
    """L521: one action against each opponent, then a new round."""
    test, jyrell, uids = _facing(3)
    assert [_act(test, jyrell, uid) for uid in (uids[0], uids[1], uids[0], uids[2])] \
        == [0, -2, 0, -2]


def test_new_round_by_hand() -> None:
    """L519: the character may stop after one action; the next round starts free."""
    test, jyrell, uids = _facing(4)
    _act(test, jyrell, uids[0])
    pt.new_round(test)
    assert test.round_number == 2
    assert _act(test, jyrell, uids[1]) == 0
    assert _act(test, jyrell, uids[2]) == -2


def test_all_of_them_together_is_one_action() -> None:
    """The Example of Play: Jyrell's one attack on the group (L908, L982-984) has no
    penalty, and whatever follows it is the next round."""
    test, jyrell, uids = _facing(3)
    assert _act(test, jyrell, None) == 0
    assert _act(test, jyrell, uids[0]) == 0
    assert _act(test, jyrell, uids[1]) == -2
    assert _act(test, jyrell, None) == 0


def test_the_momentum_bonus_goes_to_the_first_action_only() -> None:
    """L461, L976: the bonus is for the Action right after the Momentum Test."""
    test, jyrell, uids = _facing(2)
    assert test.momentum_level is not None
    pt.set_target(test, uids[0])
    assert test.first_action
    bonus = [p for p in pt.modifier_parts(test, jyrell) if p.label.startswith("Momentum")]
    assert bonus and bonus[0].value > 0
    pt.judge_test(test, jyrell)
    pt.set_target(test, uids[1])
    assert not test.first_action
    assert not [p for p in pt.modifier_parts(test, jyrell) if p.label.startswith("Momentum")]


def test_a_new_momentum_roll_starts_afresh() -> None:
    test, jyrell, uids = _facing(2)
    _act(test, jyrell, uids[0])
    pt.set_step(test, "momentum")
    pt.set_dice(test, 10, 9)
    pt.go_to(test, pt.judge_test(test, jyrell).next_steps[0])
    pt.set_target(test, uids[1])
    assert test.action_number == 1 and test.first_action


def test_only_the_acting_character_counts_and_an_undefended_pc_does_not_react() -> None:
    test, jyrell, uids = _facing(3, won=False)
    _act(test, jyrell, uids[0])
    # Another PC's roll in the same calculator is not Jyrell's action.
    pt.set_actor(test, "Kyle DeVos")
    _act(test, load_pc("kyle-devos"), uids[1])
    pt.set_actor(test, jyrell.name)
    # Undefended, Jyrell does not react: that roll does not count either.
    pt.set_options(test, pc_undefended=True)
    pt.set_target(test, uids[1])
    pt.judge_test(test, jyrell)
    pt.set_options(test, pc_undefended=False)
    pt.set_target(test, uids[2])
    assert test.action_number == 2
    assert pt.round_so_far(test).earlier == (uids[0],)


def test_one_opponent_sets_its_own_tn_and_takes_the_stress() -> None:
    test, jyrell, uids = _facing(2)
    together = pt.tn(test)
    assert together is not None and together.total == 9  # 5 + "Fearless Soldier" twice
    pt.set_target(test, uids[1])
    alone = pt.tn(test)
    assert alone is not None and alone.total == 7
    assert pt.target_choices(test) == [(None, pt.ALL_TOGETHER),
                                       (uids[0], "Shock Troopers (1) (TN 7)"),
                                       (uids[1], "Shock Troopers (2) (TN 7)")]
    pt.set_dice(test, 9, 9)
    assert pt.judge_test(test, jyrell).stress > 0
    assert pt.stress_target(test) is test.opponent(uids[1])
    hit = pt.apply_stress(test)
    assert hit.uid == uids[1] and hit.removed
    assert not test.opponent(uids[0]).removed
    # The NC the Action was against is out: the Action turns to the one left, at -2.
    assert test.target == uids[0] and test.action_number == 2
    assert _penalty(test, jyrell) == -2


def test_a_target_out_of_the_test_is_refused_or_forgotten() -> None:
    test, _jyrell, uids = _facing(2)
    pt.set_nc_stress(test, uids[0], 1)  # a minion is out at one Stress
    with pytest.raises(RefusedError, match="already out"):
        pt.set_target(test, uids[0])
    pt.set_target(test, uids[1])
    pt.remove_opponent(test, uids[1])
    assert test.target is None and pt.action_target(test) is None


def test_a_plain_modifier_counts_too() -> None:
    test = pt.PendingTest()
    pt.set_actor(test, None)
    minions = [pt.add_opponent(test, quick_nc(f"M{i}", NCType.MINION, Rank.BASIC, [])).uid
               for i in range(3)]
    pt.set_step(test, "action")
    assert [_act(test, None, uid) for uid in minions] == [0, -2, -4]


def test_round_and_target_round_trip_through_json() -> None:
    test, jyrell, uids = _facing(3)
    _act(test, jyrell, uids[0])
    pt.new_round(test)
    pt.set_target(test, uids[1])
    back = pt.pending_from_json(pt.pending_to_json(test))
    assert back == test
    assert back.log[-1].target == uids[0] and back.log[-1].round_number == 1
    assert pt.round_so_far(back) == pt.round_so_far(test)


def test_ordinals_and_times() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]
