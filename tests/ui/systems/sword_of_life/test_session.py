"""A player and a GM through a whole Sword of Life session in the real window (1366x768,
the GM Screen open beside the document), with the keyboard and the mouse.

Found driving the app with xdotool: a number typed in the sides' table and left with Tab
sent the focus back to the row's name (the next number typed went into the name), the undo
steps of the sides named the file's fields ("Undo Change score" for a Grip), empty tables
took a Tab stop that showed no focus, and the calculator's rule switches had no tooltip."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from tests.ui.keyboard import active_window, focused, press, walk
from tests.ui.systems.sword_of_life.test_keyboard import gm_page, new_character, new_conflict
from ui.shell.window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def type_number(qtbot: QtBot, spin: QSpinBox, text: str) -> None:
    """Into the focused box: select what it holds and type ``text`` over it."""
    assert spin.hasFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, text)


def test_tab_after_a_number_in_the_sides_goes_to_the_next_box(window: MainWindow,
                                                             qtbot: QtBot) -> None:
    """Edge typed, Tab: the focus went back to the row's name, and the Grip typed next
    went into the name ("Smuggler4")."""
    owner, editor = new_conflict(window)
    sides = editor.sides
    name = sides.cellWidget(1, 0)
    name.setFocus()
    qtbot.keyClick(name, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(name, "Smuggler")
    edge = press(Qt.Key.Key_Tab)
    assert edge is sides.cellWidget(1, 1)
    assert isinstance(edge, QSpinBox)
    type_number(qtbot, edge, "5")
    grip = press(Qt.Key.Key_Tab)
    assert grip is sides.cellWidget(1, 2)
    assert isinstance(grip, QSpinBox)
    type_number(qtbot, grip, "4")
    press(Qt.Key.Key_Tab)
    opponent = owner.document.opponents[0]
    assert (opponent.name, opponent.cards, opponent.score) == ("Smuggler", 5, 4)


def test_the_sides_undo_steps_say_what_changed(window: MainWindow, qtbot: QtBot) -> None:
    """The Edit menu said "Undo Change score" for a Grip typed, "Change cards" for an
    Edge."""
    owner, editor = new_conflict(window)
    sides = editor.sides
    texts = []
    for column, value in ((1, "5"), (2, "4"), (4, "1")):
        spin = sides.cellWidget(1, column)
        assert isinstance(spin, QSpinBox)
        spin.setFocus()
        type_number(qtbot, spin, value)
        editor.name_edit.setFocus()
        texts.append(owner.undo_stack.undoText())
    assert texts == ["Set Opponent's Edge", "Set Opponent's Grip", "Set Opponent's bonus cards"]
    sides.cellWidget(0, 0).setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(focused(), "Ilse")
    editor.name_edit.setFocus()
    assert owner.undo_stack.undoText() == "Rename Player"


def test_tab_passes_an_empty_table_by(window: MainWindow, qtbot: QtBot) -> None:
    """The empty Other skills table and the empty exchange log were Tab stops that showed
    no focus at all: Tab seemed to go nowhere, and what was typed was lost."""
    owner, character = new_character(window)
    last = character.outside_range  # the table options come after the ratings
    assert walk(character.in_career["temper"], 2) == [character.unspent_error, last]
    stops = walk(last, 1)
    assert stops == [character.skill_name]
    character.skill_name.setFocus()
    qtbot.keyClicks(character.skill_name, "architecture")
    press(Qt.Key.Key_Return)
    assert [skill.name for skill in owner.document.skills] == ["architecture"]
    assert walk(last, 1) == [character.skills]
    character.skills.selectRow(0)
    character.remove_skill_button.click()
    assert owner.document.skills == []
    assert walk(last, 1) == [character.skill_name]

    conflict_owner, conflict = new_conflict(window)
    after = walk(conflict.margin_button, 1)[0]
    assert after is not conflict.log
    # a shuffle whose first exchange leaves the conflict running (about one in twelve
    # ends it, which greys Apply margin: Tab then starts elsewhere)
    conflict.rng = random.Random(1)
    conflict.draw_button.click()
    assert conflict_owner.document.log
    assert conflict.margin_button.isEnabled()
    assert walk(conflict.margin_button, 1) == [conflict.log]


def test_the_calculators_switches_are_explained(window: MainWindow) -> None:
    calculator = gm_page(window).calculator
    switches = (calculator.shared, calculator.player_only, calculator.floor,
                calculator.deuce_other)
    assert [box.text() for box in switches if not box.toolTip()] == []



def test_remove_skill_waits_for_a_skill_to_be_picked(window: MainWindow, qtbot: QtBot) -> None:
    """Remove skill, pressed with skills listed and none picked, said only "there is no such
    skill"."""
    owner, character = new_character(window)
    for name in ("architecture", "opera"):
        character.skill_name.setFocus()
        qtbot.keyClicks(character.skill_name, name)
        press(Qt.Key.Key_Return)
    button = character.remove_skill_button
    assert not button.isEnabled() and "pick" in button.toolTip().lower()
    table = character.skills
    item = table.item(1, 0)
    assert item is not None
    cell = table.visualItemRect(item).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert [skill.name for skill in owner.document.skills] == ["architecture"]
    assert character.message.text() == ""
