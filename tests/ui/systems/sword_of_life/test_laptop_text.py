"""The Sword of Life choice boxes at laptop sizes (found in screenshots): the conflict's Kind
showed "Combat (draw Edge, lose…" at 1366x768, and the several-opponents method and the Ace
rule clipped their long items on the GM Screen at 1024x768. The boxes now hold short names;
what each choice does comes from the core, in the item's tooltip (and, for the kind, in the
line under it). Checked in the real window on both screens, light and dark, choosing every
item through the boxes (the layout check's :func:`cut_combos` measures a combo's text)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.sword_of_life.odds import KIND_NOTES, ConflictKind
from seforge.systems.sword_of_life.rule_options import ACE_RULE_NOTES, AceRule
from seforge.systems.sword_of_life.several import METHOD_NOTES, Method
from tests.ui.helpers import settle
from tests.ui.keyboard import choose_with_keys
from tests.ui.shell.layout_check import cut_combos, problems
from ui.shell.choices import wrapped_tip
from ui.shell.window import MainWindow
from ui.systems.sword_of_life.conflict_view import ConflictEditor
from ui.systems.sword_of_life.gm_screen import SolGmScreen
from ui.systems.sword_of_life.sides_table import SIDE_COLUMNS


@pytest.fixture
def window(each_laptop: MainWindow) -> MainWindow:
    """The window on each laptop screen, in each theme (tests/ui/systems/conftest.py)."""
    return each_laptop


def every_choice_whole(qtbot: QtBot, root: QWidget, combo: QComboBox,
                       notes: Mapping[Any, str]) -> list[Any]:
    """Choose each item of ``combo`` (then the first again): none is cut under ``root``, and
    each item's tooltip is the core's note on it. The choices, in order."""
    chosen = []
    for index in [*range(combo.count()), 0]:
        choose(qtbot, combo, index)
        assert cut_combos(root) == [], combo.currentText()
        value = combo.currentData()
        assert combo.itemData(index, Qt.ItemDataRole.ToolTipRole) == wrapped_tip(notes[value])
        assert f"{combo.currentText()}: {notes[value]}" in combo.toolTip()
        chosen.append(value)
    return chosen


def new_conflict(window: MainWindow) -> ConflictEditor:
    window.new_document("sword-of-life", "sword-of-life.conflict")
    settle()
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.widget, ConflictEditor)
    return tab.widget


def test_the_conflict_shows_each_kind_whole_with_what_it_draws(window: MainWindow,
                                                              qtbot: QtBot) -> None:
    editor = new_conflict(window)
    kinds = every_choice_whole(qtbot, editor, editor.kind, KIND_NOTES)
    assert kinds == [*ConflictKind, ConflictKind.COMBAT]
    assert editor.owner.document.kind == ConflictKind.COMBAT
    assert editor.kind.currentText() == "Combat"
    # the line under the box says what the kind draws and wears down, from the core
    assert editor.kind_note.text() == KIND_NOTES[ConflictKind.COMBAT]
    choose(qtbot, editor.kind, 1)
    assert editor.owner.document.kind == ConflictKind("debate")
    assert editor.kind_note.text() == KIND_NOTES[ConflictKind.DEBATE]
    assert every_choice_whole(qtbot, editor, editor.method, METHOD_NOTES) == [
        *Method, Method.SPLIT]
    assert every_choice_whole(qtbot, editor, editor.aces, ACE_RULE_NOTES) == [
        *AceRule, AceRule.NONE]
    assert problems(editor) == []


def test_the_gm_screen_shows_each_choice_whole(window: MainWindow, qtbot: QtBot) -> None:
    new_conflict(window)  # the GM Screen shows beside it, as a user has it
    dock = window.gm_screen_dock
    assert dock.isVisible()
    dock.follow("sword-of-life")
    page = dock.show_page("sword-of-life")
    assert isinstance(page, SolGmScreen)
    page.setCurrentWidget(page.conflict)
    settle()
    conflict = page.conflict
    every_choice_whole(qtbot, conflict, conflict.kind, KIND_NOTES)
    assert conflict.kind_note.text() == KIND_NOTES[ConflictKind.COMBAT]
    every_choice_whole(qtbot, conflict, conflict.method, METHOD_NOTES)
    every_choice_whole(qtbot, conflict, conflict.aces, ACE_RULE_NOTES)
    assert problems(dock) == []
    page.setCurrentWidget(page.calculator)
    settle()
    odds = page.calculator
    every_choice_whole(qtbot, odds, odds.kind, KIND_NOTES)
    odds.opponents.setValue(2)  # the method applies to several opponents
    every_choice_whole(qtbot, odds, odds.method, METHOD_NOTES)
    every_choice_whole(qtbot, odds, odds.aces, ACE_RULE_NOTES)
    assert problems(dock) == []


def test_the_docked_sides_keep_room_for_a_name(window: MainWindow, qtbot: QtBot) -> None:
    """The Split column shows only while the hand is split between two or more opponents,
    so a docked table against one has room for "Opponent" (it showed "Opponen" at
    1024x768)."""
    new_conflict(window)
    dock = window.gm_screen_dock
    dock.follow("sword-of-life")
    page = dock.show_page("sword-of-life")
    assert isinstance(page, SolGmScreen)
    page.setCurrentWidget(page.conflict)
    settle()
    conflict = page.conflict
    sides, split = conflict.sides, SIDE_COLUMNS.index("Split")
    assert conflict.owner.document.method == Method.SPLIT
    assert len(conflict.owner.document.opponents) == 1
    assert sides.isColumnHidden(split)
    name = sides.cellWidget(1, 0)
    assert isinstance(name, QLineEdit) and name.text() == "Opponent"
    wanted = name.fontMetrics().horizontalAdvance(name.text())
    assert name.contentsRect().width() >= wanted + 4
    qtbot.mouseClick(conflict.add_button, Qt.MouseButton.LeftButton)  # a second opponent
    settle()
    assert not sides.isColumnHidden(split)
    box = sides.cellWidget(1, split)
    assert box is not None and box.isEnabled()


def choose(qtbot: QtBot, combo: QComboBox, index: int) -> None:
    """Choose item ``index`` with the keyboard, then let the page redraw."""
    choose_with_keys(qtbot, combo, index)
    settle()
