"""Whatever the GM clicks, undoes and redoes, the calculator's widgets show its Test."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.resolution.steps import STEPS
from ui.systems.swords_edge.gm.calculator import CalculatorTab

JYRELL = load_pc("jyrell")

ACTIONS = st.lists(st.one_of(
    st.tuples(st.just("step"), st.sampled_from(STEPS)),
    st.tuples(st.just("pc"), st.integers(0, 20)),
    st.tuples(st.just("nc"), st.integers(0, 20)),
    st.tuples(st.just("add"), st.sampled_from(["shock-troopers", "gorgon"])),
    st.tuples(st.just("dice"), st.integers(1, 10)),
    st.tuples(st.just("judge"), st.just(0)),
    st.tuples(st.just("reroll"), st.integers(1, 10)),
    st.tuples(st.just("next"), st.just(0)),
    st.tuples(st.just("undo"), st.just(0)),
    st.tuples(st.just("redo"), st.just(0)),
    st.tuples(st.just("actor"), st.booleans()),
), max_size=25)


def check_drawn(calc: CalculatorTab) -> None:
    test = calc.owner.test
    assert calc.step_buttons[test.step].isChecked()
    assert (calc.die1.value(), calc.die2.value()) == test.dice
    assert calc.character() is calc.actor_combo.character()
    selected = test.selected()
    for key, box in calc.quality_boxes.items():
        assert box.isChecked() == (key in selected), key
    assert [c.uid for c in calc.cards] == [o.uid for o in test.opponents]
    for card in calc.cards:
        entry = test.opponent(card.uid)
        blocked = pt.nc_blocked(test, card.uid)
        for key, box in card.boxes.items():
            assert box.isChecked() == (key in entry.applied[test.step] and key not in blocked)
    breakdown = pt.tn(test)
    assert calc.tn_label.text() == ("—" if breakdown is None else str(breakdown.total))
    verdict = test.verdict
    # The result shows while the Test is on the step that was rolled (issue 26: after
    # "Go to Action" the Momentum's result and its buttons are gone).
    shown = verdict if verdict is not None and verdict.step == test.step else None
    assert calc.result_label.text() == (shown.headline if shown else "")
    assert calc.result_label.font().bold()  # the headline: plain text in a bold font
    assert bool(calc.next_buttons) == bool(shown and shown.next_steps)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(actions=ACTIONS)
def test_widgets_always_show_the_test(qtbot: object, actions: list[tuple[str, object]]) -> None:
    calc = CalculatorTab(lambda: [JYRELL])
    qtbot.addWidget(calc)  # type: ignore[attr-defined]
    stack = calc.owner.undo_stack
    for kind, value in actions:
        if kind == "step":
            calc.step_buttons[value].click()  # type: ignore[index]
        elif kind == "pc" and calc.quality_boxes:
            boxes = [b for b in calc.quality_boxes.values() if b.isEnabled()]
            if boxes:
                boxes[int(value) % len(boxes)].click()  # type: ignore[call-overload]
        elif kind == "nc" and calc.cards:
            boxes = [b for c in calc.cards for b in c.boxes.values() if b.isEnabled()]
            if boxes:
                boxes[int(value) % len(boxes)].click()  # type: ignore[call-overload]
        elif kind == "add":
            calc.add_library_by_id(str(value))
        elif kind == "dice":
            calc.die1.setValue(int(value))  # type: ignore[call-overload]
        elif kind == "judge" and calc.judge_button.isEnabled():
            calc.judge_button.click()
        elif kind == "reroll" and calc.reroll_button.isEnabled():
            calc.reroll_spin.setValue(int(value))  # type: ignore[call-overload]
            calc.reroll_button.click()
        elif kind == "next" and calc.next_buttons:
            calc.next_buttons[0].click()
        elif kind == "undo":
            stack.undo()
        elif kind == "redo":
            stack.redo()
        elif kind == "actor":
            calc.actor_combo.setCurrentIndex(1 if value else 0)
        check_drawn(calc)
