"""The GM Screen's dice roller asks the core, before the d20s are rolled, what whoever rolls can
pay for (the calculator's boxes go no further, a line beside them says why), and its log follows
the writes it made on their documents' histories (undone, redone). Driven through the real
window: the conflict file is opened as a tab, the record is made in the record editor, the
boxes are stepped with the keyboard and the buttons clicked."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.profiles import Profile
from tests.ui.systems.twod20.test_roller_target import click, gm_page, open_tab, pick, pit_file
from tests.ui.systems.twod20.test_session import Loaded
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.twod20.record_editor import RecordEditor


def step_up(qtbot: QtBot, box: QSpinBox, times: int = 1) -> None:
    """Press the Up arrow in ``box``, as a user steps it."""
    for _ in range(times):
        qtbot.keyClick(box, Qt.Key.Key_Up)


def test_bought_d20s_go_no_further_than_whoever_rolls_can_pay(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Found at the table: four d20s set up for Ana with 1 Momentum in the pool were rolled,
    and only Apply said afterwards that the two bought ones could not be paid."""
    page = gm_page(window)
    roller, calc = page.roller, page.calculator
    owner, _editor = open_tab(window, pit_file(tmp_path))     # Ana (PC), Guard (NPC), 3 Doom
    owner.apply("Bank 1 Momentum", lambda d: cf.add_momentum(d, 1))
    calc.tn.setValue(12)
    pick(roller.who, "Ana")
    pick(roller.pay, False)                   # adding Doom, she may buy up to the pool's cap
    step_up(qtbot, calc.dice_count, 2)
    assert calc.dice_count.value() == 4
    # paid with Momentum (prices 1, 2, 3), only one d20 can be bought: the box follows, and
    # the line beside it says why
    pick(roller.pay, True)
    assert calc.dice_count.maximum() == 3 and calc.dice_count.value() == 3
    assert calc.pay_note.text()
    assert calc.pay_note.text() == ("Cannot pay: 2 bought d20s cost 3; Momentum has 1 to "
                                    "spend, not 3.")
    assert "Momentum has 1 to spend" in calc.dice_count.toolTip()
    step_up(qtbot, calc.dice_count)
    assert calc.dice_count.value() == 3
    # the roll is the three d20s that can be paid for
    roller.source = Loaded([1, 7, 20])
    click(qtbot, roller.roll_test_button)
    roll = roller.last_test
    assert roll is not None and roll.faces == (1, 7, 20) and roll.bought == 1
    # paying with Doom again, the box goes back to the four d20s asked
    pick(roller.pay, False)
    assert calc.dice_count.value() == 4 and not calc.pay_note.text()
    # she has no Fortune to pay a Fortune die with: that box stays at 0, and says why
    step_up(qtbot, calc.fortune)
    assert calc.fortune.value() == 0 and calc.fortune.maximum() == 0
    assert calc.pay_note.text() == "Cannot pay: 1 Fortune die; Ana's Fortune has 0 to spend, not 1."
    # Apply pays the roll's one bought d20 with Momentum
    pick(roller.pay, True)
    click(qtbot, roller.apply_test_button)
    assert "Applied the test to Ana" in roller.log.item(0).text()
    assert owner.document.momentum == 0 + roll.verdict.momentum              # 1 paid, then banked
    # the pool emptied, Apply for a new roll paid with Momentum is refused before it is
    # tried, with the reason the core gives
    owner.apply("Spend it", lambda d: cf.spend_momentum(d, d.momentum))
    assert calc.dice_count.value() == 2
    pick(roller.pay, False)
    assert calc.dice_count.value() == 4
    roller.source = Loaded([3, 4, 5, 6])
    click(qtbot, roller.roll_test_button)
    pick(roller.pay, True)
    assert not roller.apply_test_button.isEnabled()
    assert "Momentum has 0 to spend, not 3" in roller.apply_test_button.toolTip()
    # the Guard (an NPC) pays from the 3 Doom: two bought d20s at most (1 + 2)
    pick(roller.who, "Guard")
    assert calc.dice_count.value() == 4 and calc.dice_count.maximum() == 4
    step_up(qtbot, calc.dice_count)
    assert calc.dice_count.value() == 4
    assert calc.pay_note.text() == "Cannot pay: 3 bought d20s cost 6; Doom has 3 to spend, not 6."


def test_the_log_says_when_a_write_is_undone_and_redone(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Found at the table: damage applied to the Guard in a conflict tab, then the tab's Undo:
    the roller's log still said it was applied. It follows the tab's history now, Redo too,
    and a roll whose write is redone is not written a second time."""
    page = gm_page(window)
    roller, calc = page.roller, page.calculator
    path = pit_file(tmp_path)
    owner, editor = open_tab(window, path)
    calc.dmg_dice.setValue(2)
    calc.armour.setValue(0)
    pick(roller.who, "Guard")
    pick(roller.hits, "Guard")
    roller.source = Loaded([2, 2])
    click(qtbot, roller.roll_damage_button)
    stress = roller.last_stress
    click(qtbot, roller.apply_damage_button)
    hurt = owner.document
    where = f"Guard in the conflict {path.name} (tab)"
    assert roller.log.item(0).text() == f"Applied {stress} Stress to {where}."
    click(qtbot, editor.view.undo_button)                           # the tab's own Undo
    assert roller.log.item(0).text() == f"Undone: {stress} Stress applied to {where}."
    assert roller.apply_damage_button.isEnabled()
    click(qtbot, editor.view.redo_button)
    assert roller.log.item(0).text() == f"Redone: {stress} Stress applied to {where}."
    assert owner.document == hurt
    assert not roller.apply_damage_button.isEnabled()               # not a second time
    assert "written already" in roller.apply_damage_button.toolTip()
    # undone in the tab, the roll goes to the GM Screen's tracker; redone in the tab, the
    # log says the roll now stands in both (and it is written to neither again)
    home = page.conflict_owner
    home.apply("The Guard", lambda d: cf.add_combatant(d, "Guard", cf.Side.NPC))
    window.undo_action.trigger()                                    # Edit › Undo on the tab
    assert roller.log.item(0).text().startswith("Undone:")
    pick(roller.writes_to, home.autosave_id)
    pick(roller.who, "Guard")
    pick(roller.hits, "Guard")
    click(qtbot, roller.apply_damage_button)
    owner.undo_stack.redo()
    assert roller.log.item(0).text() == (f"Redone: {stress} Stress applied to {where}; the "
                                         "same roll stands in the GM Screen's tracker too.")
    assert not roller.apply_damage_button.isEnabled()


def test_edit_undo_on_a_record_is_in_the_log(window: MainWindow, qtbot: QtBot) -> None:
    """A Fortune die's roll written to the record open in the window, then Edit › Undo and
    Edit › Redo on that record."""
    owner = window.new_document("2d20", "2d20.character")
    assert isinstance(owner, DocumentOwner)
    editor = window.current_editor()
    assert isinstance(editor, RecordEditor)
    pick(editor.profile, Profile.CONAN.value)
    editor.name.setText("Valeria")
    editor.name.editingFinished.emit()
    editor.numbers["fortune"].setValue(2)
    page = gm_page(window)
    page.set_record(owner)  # what the window part does for the current tab
    roller, calc = page.roller, page.calculator
    pick(roller.who, roller.who.itemData(0))
    step_up(qtbot, calc.fortune, 3)
    assert calc.fortune.value() == 2                                # her 2 Fortune, no more
    assert "Valeria has 2 Fortune, not 3" in calc.pay_note.text()
    roller.source = Loaded([4, 9])
    click(qtbot, roller.roll_test_button)
    click(qtbot, roller.apply_test_button)
    assert owner.document.fortune == 0
    window.tabs.setCurrentIndex(window.tabs.indexOf(editor.widget()))
    window.undo_action.trigger()
    assert owner.document.fortune == 2
    assert roller.log.item(0).text() == "Undone: the test applied to Valeria."
    window.redo_action.trigger()
    assert roller.log.item(0).text() == "Redone: the test applied to Valeria."
    assert not roller.apply_test_button.isEnabled()
