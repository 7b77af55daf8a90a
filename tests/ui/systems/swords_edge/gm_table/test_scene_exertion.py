"""Found in a real session: a second Element ticked in the Test calculator opened from a
scene pairing showed "Luck exertion: 1 Luck", but the roll left the PC all their Luck.
The book has the player spend a Luck for each Trait or Element added to a Test
(*Luck*, Exertion): the scene spends it with the roll, one undo step, and refuses the
roll when the PC lacks the Luck."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.play.session import start_session
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm.calculator import CalculatorTab
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

SPENT = "Spent 1 Luck to add another Trait or Element to a Test"


def _table(window: MainWindow, tmp_path: Path, luck: int
           ) -> tuple[CharacterDocument, SceneTracker, str, CalculatorTab]:
    """Jyrell (``luck`` Luck) open in a tab and in the scene, facing a Goblin, his
    pairing opened in the calculator."""
    character = library.load_pc("jyrell")
    start_session(character, luck=luck)
    path = tmp_path / "jyrell.sechar"
    save_character(character, path)
    document = window.open_path(path)
    assert isinstance(document, CharacterDocument)
    part = se_part(window)
    table = part.show_gm_table()
    assert table is not None
    tracker = table.scene
    menu = tracker.pc_menu
    menu.aboutToShow.emit()
    next(a for a in menu.actions() if a.text() == "Jyrell").trigger()
    pc_id = tracker.scene.pcs[0].id
    assert tracker.pair(pc_id, tracker.add_nc(library.load_nc("goblin"), 1))
    QTest.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    assert part.gm_dock is not None
    calc = part.gm_dock.calculator
    assert calc.character() is document.character
    return document, tracker, pc_id, calc


def _tick(calc: CalculatorTab, name: str) -> None:
    box = next(b for b in calc.quality_boxes.values() if b.text().startswith(name))
    if not box.isChecked():
        QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    assert box.isChecked()


def _roll(calc: CalculatorTab, *faces: int) -> None:
    dice = iter(faces)
    calc.die_roller = lambda: next(dice)
    QTest.mouseClick(calc.roll_button, Qt.MouseButton.LeftButton)


def test_an_extra_element_costs_the_pc_a_luck_with_the_roll(
        window: MainWindow, tmp_path: Path) -> None:
    document, tracker, pc_id, calc = _table(window, tmp_path, luck=2)
    _tick(calc, "Blades")
    _tick(calc, "Fist and Feet")
    assert any("Luck exertion: 1 Luck" in b.text() for b in calc.quality_boxes.values())
    assert calc.luck_label.text() == "Luck spent: 1"
    history = [e.what for e in document.character.history]
    log = list(tracker.scene.log)

    _roll(calc, 6, 7)
    assert len(calc.owner.test.log) == 1
    assert document.character.play.luck == 1
    added = [e.what for e in document.character.history][len(history):]
    assert added[0] == SPENT and added[1].startswith("Rolled: ")
    assert len(added) == 2
    new_lines = tracker.scene.log[len(log):]
    assert any("Jyrell spends 1 Luck" in line for line in new_lines)
    assert tracker.scene.pc(pc_id).luck_spent == 1
    assert tracker.panels[pc_id].status_label.text().startswith("Luck 1 ")

    # One undo step with the roll: Undo takes the roll and the Luck back together...
    tracker.overview.setFocus()
    assert window.undo_group.activeStack() is tracker.undo_stack
    window.undo_action.trigger()
    assert document.character.play.luck == 2
    assert [e.what for e in document.character.history] == history
    assert tracker.scene.log == log
    assert tracker.scene.pc(pc_id).luck_spent == 0
    assert not calc.owner.test.log
    # ...and Redo brings both back.
    window.redo_action.trigger()
    assert document.character.play.luck == 1
    assert [e.what for e in document.character.history][len(history):] == added
    assert len(calc.owner.test.log) == 1


def test_a_luck_reroll_does_not_charge_the_exertion_again(
        window: MainWindow, tmp_path: Path) -> None:
    document, _tracker, _pc_id, calc = _table(window, tmp_path, luck=3)
    _tick(calc, "Blades")
    _tick(calc, "Fist and Feet")
    _roll(calc, 2, 3)
    assert document.character.play.luck == 2
    calc.die_roller = lambda: 6
    QTest.mouseClick(calc.roll_reroll_button, Qt.MouseButton.LeftButton)
    assert document.character.play.luck == 1  # the reroll's Luck only


def test_a_pc_without_the_luck_cannot_roll_with_the_extra_element(
        window: MainWindow, tmp_path: Path) -> None:
    document, tracker, _pc_id, calc = _table(window, tmp_path, luck=1)
    _tick(calc, "Blades")
    _tick(calc, "Fist and Feet")
    _tick(calc, "Cunning")
    assert calc.luck_label.text() == "Luck spent: 2"
    history = list(document.character.history)
    steps = tracker.undo_stack.count()

    _roll(calc, 6, 7)
    message = calc.message_label.text()
    assert calc.message_label.isVisible()
    assert "\n" not in message and "2 Luck" in message and "1 held" in message
    assert not calc.owner.test.log
    assert document.character.play.luck == 1
    assert document.character.history == history
    assert tracker.undo_stack.count() == steps


def _judge(calc: CalculatorTab) -> None:
    QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)


def test_judging_the_same_roll_again_charges_only_what_it_did_not_pay(
        window: MainWindow, tmp_path: Path) -> None:
    """The GM rolls with an extra Element, then judges the same dice again (Judge roll,
    a die corrected): the Luck was paid with the roll; a third Quality ticked before
    judging again costs its own Luck only, with the judging, in one undo step."""
    document, tracker, pc_id, calc = _table(window, tmp_path, luck=3)
    _tick(calc, "Blades")
    _tick(calc, "Fist and Feet")
    _roll(calc, 6, 7)
    assert document.character.play.luck == 2
    assert tracker.scene.pc(pc_id).luck_spent == 1

    _judge(calc)  # the same dice, judged again
    assert len(calc.owner.test.log) == 2
    assert document.character.play.luck == 2
    assert tracker.scene.pc(pc_id).luck_spent == 1

    calc.die2.setValue(8)  # a die corrected, then judged again
    _judge(calc)
    assert len(calc.owner.test.log) == 3
    assert document.character.play.luck == 2

    _tick(calc, "Cunning")  # one more extra Quality: its Luck only
    assert calc.luck_label.text() == "Luck spent: 2"
    history = [e.what for e in document.character.history]
    _judge(calc)
    assert len(calc.owner.test.log) == 4
    assert document.character.play.luck == 1
    assert tracker.scene.pc(pc_id).luck_spent == 2
    added = [e.what for e in document.character.history][len(history):]
    assert len(added) == 2 and added[0] == SPENT and added[1].startswith("Rolled: ")

    # that judging and its Luck are one undo step
    tracker.overview.setFocus()
    assert window.undo_group.activeStack() is tracker.undo_stack
    window.undo_action.trigger()
    assert document.character.play.luck == 2
    assert len(calc.owner.test.log) == 3
    assert [e.what for e in document.character.history] == history


def test_a_pc_with_no_luck_left_can_judge_a_paid_roll_again(
        window: MainWindow, tmp_path: Path) -> None:
    document, _tracker, _pc_id, calc = _table(window, tmp_path, luck=1)
    _tick(calc, "Blades")
    _tick(calc, "Fist and Feet")
    _roll(calc, 6, 7)
    assert document.character.play.luck == 0
    calc.die1.setValue(9)
    _judge(calc)
    assert not calc.message_label.isVisible() or not calc.message_label.text()
    assert len(calc.owner.test.log) == 2
    assert calc.owner.test.log[-1].dice == (9, 7)
    assert document.character.play.luck == 0
