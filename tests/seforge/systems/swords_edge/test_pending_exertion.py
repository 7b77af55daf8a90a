"""The Luck a roll's extra Traits and Elements cost (book: *Luck*, Exertion): kept on the
judged roll, once per roll (not again on a Luck reroll), and why a PC cannot pay it."""

from __future__ import annotations

from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.session import start_session


def _jyrell_with_two_elements(luck: int) -> tuple[pt.PendingTest, Character]:
    jyrell = load_pc("jyrell")
    start_session(jyrell, luck=luck)
    test = pt.PendingTest()
    pt.set_actor(test, jyrell.name)
    pt.add_opponent(test, load_nc("goblin"))
    pt.toggle_quality(test, jyrell, "element:0", True)  # "Blades"
    pt.toggle_quality(test, jyrell, "element:1", True)  # "Fist and Feet": 1 Luck
    return test, jyrell


def test_a_judged_roll_keeps_the_luck_its_extra_qualities_cost() -> None:
    test, jyrell = _jyrell_with_two_elements(luck=2)
    assert pt.exertion_luck(test, jyrell) == 1
    pt.set_dice(test, 2, 3)
    pt.judge_test(test, jyrell)
    assert test.log[-1].exertion == 1
    pt.luck_reroll(test, jyrell, 6)
    assert test.log[-1].kind == "reroll" and test.log[-1].exertion == 0
    assert pt.exertion_of(test.log) == 1


def test_a_roll_without_extra_qualities_costs_nothing() -> None:
    test, jyrell = _jyrell_with_two_elements(luck=0)
    pt.toggle_quality(test, jyrell, "element:1", False)
    assert pt.exertion_refusal(test, jyrell) is None
    pt.set_dice(test, 5, 5)
    pt.judge_test(test, jyrell)
    assert test.log[-1].exertion == 0


def test_a_pc_without_the_luck_is_told_why_in_one_line() -> None:
    test, jyrell = _jyrell_with_two_elements(luck=0)
    refusal = pt.exertion_refusal(test, jyrell)
    assert refusal is not None and "\n" not in refusal
    assert "1 Luck" in refusal and "0 held" in refusal
    assert jyrell.play.luck == 0 and jyrell.history[-1].kind != "spend_luck"
    enough, rich = _jyrell_with_two_elements(luck=1)
    assert pt.exertion_refusal(enough, rich) is None
    assert rich.play.luck == 1  # asking spends nothing


def test_judging_the_same_roll_again_costs_only_what_it_did_not_pay() -> None:
    test, jyrell = _jyrell_with_two_elements(luck=3)
    pt.set_dice(test, 2, 3)
    pt.judge_test(test, jyrell)
    assert test.log[-1].exertion == 1
    pt.set_dice(test, 2, 4)  # a die corrected: the same roll
    assert pt.exertion_paid(test) == 1 and pt.exertion_due(test, jyrell) == 0
    pt.judge_test(test, jyrell)
    assert test.log[-1].exertion == 0
    pt.toggle_quality(test, jyrell, "trait:Cunning", True)  # one more: its Luck only
    assert pt.exertion_luck(test, jyrell) == 2 and pt.exertion_due(test, jyrell) == 1
    pt.judge_test(test, jyrell)
    assert test.log[-1].exertion == 1
    assert pt.exertion_of(test.log) == 2
    pt.toggle_quality(test, jyrell, "trait:Cunning", False)  # fewer: nothing due...
    assert pt.exertion_due(test, jyrell) == 0
    assert pt.exertion_refund(test, jyrell) == 1  # ...and its Luck comes back


def test_a_roll_in_another_step_pays_for_its_own_extra_qualities() -> None:
    test, jyrell = _jyrell_with_two_elements(luck=3)
    pt.set_dice(test, 2, 3)
    pt.judge_test(test, jyrell)
    pt.set_step(test, "action")
    pt.toggle_quality(test, jyrell, "element:2", True)
    pt.toggle_quality(test, jyrell, "trait:Cunning", True)
    assert pt.exertion_luck(test, jyrell) > 0
    assert pt.exertion_paid(test) == 0
    assert pt.exertion_due(test, jyrell) == pt.exertion_luck(test, jyrell)
