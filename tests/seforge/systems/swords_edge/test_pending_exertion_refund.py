"""A roll judged again with fewer extra Traits or Elements gives back the Luck those cost
(book: *Luck*, Exertion, L363: a Luck for each one added to a Test; one taken out before
the roll is judged again was never in the Test as judged: ``EXERTION_READING``)."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.luck import refund_exertion, spend_luck
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.scene import Scene


def _jyrell_with_two_elements(luck: int) -> tuple[pt.PendingTest, Character]:
    jyrell = load_pc("jyrell")
    start_session(jyrell, luck=luck)
    test = pt.PendingTest()
    pt.set_actor(test, jyrell.name)
    pt.add_opponent(test, load_nc("goblin"))
    pt.toggle_quality(test, jyrell, "element:0", True)  # "Blades"
    pt.toggle_quality(test, jyrell, "element:1", True)  # "Fist and Feet": 1 Luck
    return test, jyrell


def test_a_quality_taken_out_before_judging_again_gives_its_luck_back() -> None:
    test, jyrell = _jyrell_with_two_elements(luck=3)
    pt.set_dice(test, 2, 3)
    pt.judge_test(test, jyrell)
    assert test.log[-1].exertion == 1

    pt.toggle_quality(test, jyrell, "element:1", False)  # "Fist and Feet" out
    assert pt.exertion_luck(test, jyrell) == 0
    assert pt.exertion_change(test, jyrell) == -1
    assert pt.exertion_refund(test, jyrell) == 1 and pt.exertion_due(test, jyrell) == 0
    assert pt.exertion_refusal(test, jyrell) is None
    pt.judge_test(test, jyrell)  # the same dice, judged again
    assert test.log[-1].exertion == -1
    assert pt.exertion_of(test.log) == 0  # the roll, as judged, cost nothing
    assert pt.exertion_paid(test) == 0 and pt.exertion_refund(test, jyrell) == 0
    pt.judge_test(test, jyrell)  # nothing comes back twice
    assert test.log[-1].exertion == 0

    pt.toggle_quality(test, jyrell, "element:1", True)  # back in: its Luck again
    assert pt.exertion_due(test, jyrell) == 1
    pt.judge_test(test, jyrell)
    assert test.log[-1].exertion == 1 and pt.exertion_of(test.log) == 1


def test_a_luck_reroll_with_fewer_qualities_gives_their_luck_back() -> None:
    """A reroll judges the same roll again: it costs its own Luck (spent by the caller)
    and settles the Exertion as any judging again does."""
    test, jyrell = _jyrell_with_two_elements(luck=3)
    pt.set_dice(test, 2, 3)
    pt.judge_test(test, jyrell)
    pt.luck_reroll(test, jyrell, 6)  # nothing changed: no Exertion either way
    assert test.log[-1].kind == "reroll" and test.log[-1].exertion == 0
    pt.toggle_quality(test, jyrell, "element:1", False)
    pt.luck_reroll(test, jyrell, 7)
    assert test.log[-1].kind == "reroll" and test.log[-1].exertion == -1
    assert pt.exertion_of(test.log) == 0


def test_a_new_roll_gives_nothing_back_for_an_earlier_one() -> None:
    """Only the same roll judged again settles its Exertion: a roll in the next step
    pays for its own Qualities, whatever the Momentum roll paid."""
    test, jyrell = _jyrell_with_two_elements(luck=3)
    pt.set_dice(test, 9, 9)
    pt.judge_test(test, jyrell)
    pt.set_step(test, "action")
    assert pt.exertion_paid(test) == 0
    assert pt.exertion_refund(test, jyrell) == 0
    pt.set_dice(test, 5, 5)
    pt.judge_test(test, jyrell)
    assert test.log[-1].exertion == pt.exertion_luck(test, jyrell) >= 0


def test_refund_exertion_gives_the_luck_back_in_the_history() -> None:
    jyrell = load_pc("jyrell")
    with pytest.raises(RefusedError, match="session"):
        refund_exertion(jyrell, 1)
    start_session(jyrell, luck=2)
    spend_luck(jyrell, "exertion", 1)
    refund_exertion(jyrell, 1, "Test calculator")
    assert jyrell.play.luck == 2
    last = jyrell.history[-1]
    assert last.kind == "refund_luck" and last.why == "Test calculator"
    assert last.what == "Got back 1 Luck spent to add another Trait or Element to a Test"
    with pytest.raises(RefusedError, match="at least one"):
        refund_exertion(jyrell, 0)


def test_the_scene_gives_exertion_back_and_counts_it_off_the_luck_spent() -> None:
    scene = Scene(name="The cavern gate")
    jyrell = load_pc("jyrell")
    scene.add_pc(jyrell, start_session=True)
    luck = jyrell.play.luck
    scene.spend_luck("jyrell", "exertion", 1, "Test calculator")
    assert scene.pc("jyrell").luck_spent == 1
    event = scene.refund_exertion("jyrell", 1, "Test calculator")
    assert jyrell.play.luck == luck and scene.pc("jyrell").luck_spent == 0
    assert event.text == ("Jyrell gets back 1 Luck spent to add another Trait or Element "
                          "to a Test.")
    scene.end_scene()
    with pytest.raises(RefusedError):
        scene.refund_exertion("jyrell", 1)
