"""A roll of a scene's Test judged with an extra Element (one Luck, spent with the roll),
the Element unticked, the roll judged again: the Luck comes back (book: *Luck*,
Exertion, L363: the Luck pays for each Trait or Element added to a Test, and the Test
as judged again has none). It used to stay spent while the calculator said "Luck
spent: 0". The calculator says beforehand that it comes back; judging again gives it
back in the same undo step; ticking it again costs it again."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.ranks import Rank
from tests.ui.shell.layout_check import cut_text, cut_wrapped_text
from tests.ui.systems.swords_edge.gm_table.test_scene_exertion import (
    SPENT,
    _judge,
    _roll,
    _table,
    _tick,
)
from tests.ui.test_gm_calculator import Make, add_quick, make_dock, roll  # noqa: F401
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm.calculator import CalculatorTab

BACK = "Got back 1 Luck spent to add another Trait or Element to a Test"


def _untick(calc: CalculatorTab, name: str) -> None:
    box = next(b for b in calc.quality_boxes.values() if b.text().startswith(name))
    if box.isChecked():
        QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    assert not box.isChecked()


def test_unticking_a_paid_element_and_judging_again_gives_its_luck_back(
        window: MainWindow, tmp_path: Path) -> None:
    document, tracker, pc_id, calc = _table(window, tmp_path, luck=3)
    _tick(calc, "Blades")
    _tick(calc, "Fist and Feet")
    _roll(calc, 6, 7)
    assert document.character.play.luck == 2
    assert tracker.scene.pc(pc_id).luck_spent == 1
    assert calc.luck_label.text() == "Luck spent: 1"

    # Unticked: the calculator says what judging again gives back.
    _untick(calc, "Fist and Feet")
    assert calc.luck_label.text() == "Luck spent: 0 (1 back when judged again)"
    QApplication.processEvents()  # laid out as shown
    cut = [*cut_text(calc), *cut_wrapped_text(calc)]
    assert not [c for c in cut if "Luck spent" in c], cut
    assert document.character.play.luck == 2  # nothing yet: the roll is as judged
    history = [e.what for e in document.character.history]
    log = list(tracker.scene.log)

    _judge(calc)  # the same dice, judged again without it
    assert len(calc.owner.test.log) == 2
    assert document.character.play.luck == 3
    assert tracker.scene.pc(pc_id).luck_spent == 0
    assert calc.luck_label.text() == "Luck spent: 0"
    added = [e.what for e in document.character.history][len(history):]
    assert added[0] == BACK and added[1].startswith("Rolled: ") and len(added) == 2
    assert any("Jyrell gets back 1 Luck" in line for line in tracker.scene.log[len(log):])
    assert tracker.panels[pc_id].status_label.text().startswith("Luck 3 ")

    _judge(calc)  # judged once more: nothing comes back twice
    assert document.character.play.luck == 3

    # One undo step with the judging: Undo (twice: the last judging, then the one that
    # gave the Luck back) takes it back with that judging.
    tracker.overview.setFocus()
    assert window.undo_group.activeStack() is tracker.undo_stack
    window.undo_action.trigger()
    assert document.character.play.luck == 3
    window.undo_action.trigger()
    assert document.character.play.luck == 2
    assert [e.what for e in document.character.history] == history
    assert tracker.scene.log == log
    assert tracker.scene.pc(pc_id).luck_spent == 1
    window.redo_action.trigger()
    assert document.character.play.luck == 3

    # Ticked again before judging once more: its Luck is spent again.
    _tick(calc, "Fist and Feet")
    assert calc.luck_label.text() == "Luck spent: 1"
    _judge(calc)
    assert document.character.play.luck == 2
    assert tracker.scene.pc(pc_id).luck_spent == 1
    assert [e.what for e in document.character.history].count(SPENT) == 2


def test_the_calculator_alone_spends_nothing_and_says_nothing_comes_back(
        make_dock: Make) -> None:  # noqa: F811
    """The GM Screen's calculator with no scene behind it spends no Luck for the
    Element, so nothing is said to come back when it is unticked."""
    jyrell = load_pc("jyrell")
    start_session(jyrell, luck=3)
    calc = make_dock([jyrell]).calculator
    calc.actor_combo.choose(jyrell)
    add_quick(calc, NCType.MINION, Rank.POOR)
    assert calc.choose_quality("Blades")
    assert calc.choose_quality("Fist and Feet")
    roll(calc, 6, 7)
    assert calc.luck_label.text() == "Luck spent: 1"
    _untick(calc, "Fist and Feet")
    assert calc.luck_label.text() == "Luck spent: 0"
    roll(calc, 6, 7)
    assert jyrell.play.luck == 3


def _reroll(calc: CalculatorTab, face: int) -> None:
    calc.die_roller = lambda: face
    QTest.mouseClick(calc.roll_reroll_button, Qt.MouseButton.LeftButton)


def test_a_luck_reroll_judges_again_too(window: MainWindow, tmp_path: Path) -> None:
    """A Luck reroll is the roll judged again: it costs its own Luck and gives back what
    an Element taken out since cost; one ticked since costs its Luck, and the reroll is
    refused, saying why, when the PC cannot pay it."""
    document, tracker, pc_id, calc = _table(window, tmp_path, luck=3)
    _tick(calc, "Blades")
    _tick(calc, "Fist and Feet")
    _roll(calc, 2, 3)
    assert document.character.play.luck == 2
    _untick(calc, "Fist and Feet")
    history = [e.what for e in document.character.history]
    _reroll(calc, 6)
    assert calc.owner.test.log[-1].kind == "reroll"
    assert document.character.play.luck == 2  # one for the reroll, one back
    added = [e.what for e in document.character.history][len(history):]
    assert BACK in added and any(a.startswith("Spent 1 Luck to reroll") for a in added)
    assert tracker.scene.pc(pc_id).luck_spent == 1  # the reroll's only

    # Two more ticked than the PC can pay for: the reroll is refused, nothing spent.
    assert tracker.spend_luck(pc_id, "gm", 1)
    assert document.character.play.luck == 1
    _tick(calc, "Fist and Feet")
    _tick(calc, "Cunning")
    assert calc.luck_label.text() == "Luck spent: 2"
    steps = tracker.undo_stack.count()
    before = list(document.character.history)
    rolls = len(calc.owner.test.log)
    _reroll(calc, 9)
    message = calc.message_label.text()
    assert calc.message_label.isVisible() and "2 Luck" in message and "1 held" in message
    assert len(calc.owner.test.log) == rolls
    assert document.character.play.luck == 1
    assert document.character.history == before
    assert tracker.undo_stack.count() == steps
