"""Text the 2d20 conflict tracker and calculator cut at laptop sizes (found in screenshots at
1366x768 and 1024x768): the Conan track heading "Vigor / Resolve" showed as "Vigor / R…"
while the columns shared the width evenly, and the action order, opposed tie, assistants,
Harm limit and Focus boxes, and the calculator's kind of test, clipped their long items.
Checked in the real window on both screens, light and dark, through the widgets a user
uses. The layout check does not count a heading elided with its text in its tooltip as cut,
so headings are measured here (combo boxes with the layout check's :func:`cut_combos`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHeaderView, QStyle, QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.twod20.conflict_model import ORDER_MODE_NOTES, OrderMode
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.settings import (
    ASSIST_GATE_NOTES,
    FOCUS_RULE_NOTES,
    HARM_LIMIT_RULE_NOTES,
    OPPOSED_TIE_NOTES,
    AssistGate,
    FocusRule,
    HarmLimitRule,
    OpposedTieRule,
)
from tests.ui.helpers import settle
from tests.ui.keyboard import choose_with_keys
from tests.ui.shell.layout_check import SLACK, cut_combos, problems
from ui.shell.choices import wrapped_tip
from ui.shell.window import MainWindow
from ui.systems.twod20.conflict_view import ConflictView
from ui.systems.twod20.gm_screen import GmScreen

TWOD20_UI = Path(__file__).resolve().parents[4] / "ui" / "systems" / "twod20"


@pytest.fixture
def window(each_laptop: MainWindow) -> MainWindow:
    """The window on each laptop screen, in each theme (tests/ui/systems/conftest.py)."""
    return each_laptop


def named_combo(root: QWidget, name: str) -> QComboBox:
    found = [c for c in root.findChildren(QComboBox) if c.accessibleName() == name]
    assert len(found) == 1, name
    return found[0]


def cut_headings(table: QTableWidget) -> list[str]:
    """Every heading of ``table`` wider than its section, an elided one too (the layout
    check lets a heading with its whole text in its tooltip pass)."""
    header = table.horizontalHeader()
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    found = []
    for section in range(header.count()):
        item = table.horizontalHeaderItem(section)
        assert item is not None
        text = item.text()
        wanted = header.fontMetrics().horizontalAdvance(text) + 2 * margin
        if wanted > header.sectionSize(section) + SLACK:
            found.append(f"{text!r} needs {wanted} px, has {header.sectionSize(section)}")
    return found


def conan_tracker_tab(window: MainWindow, qtbot: QtBot) -> ConflictView:
    """A new conflict tracker in a tab, switched to Conan with its Profile box, with two
    characters added by name."""
    window.new_document("2d20", "2d20.conflict")
    settle()
    page = window.current_editor()
    assert page is not None
    view = page.findChild(ConflictView)
    assert isinstance(view, ConflictView)
    choose(qtbot, named_combo(page, "Profile"), 1)
    assert view.doc.profile is Profile.CONAN
    for name in ("Ilse Varga of the Long Road", "Guard captain"):
        view.new_name.setFocus()
        qtbot.keyClicks(view.new_name, name)
        qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    settle()
    assert [c.name for c in view.doc.combatants] == ["Ilse Varga of the Long Road",
                                                    "Guard captain"]
    return view


def test_the_conan_track_heading_is_whole(window: MainWindow, qtbot: QtBot) -> None:
    view = conan_tracker_tab(window, qtbot)
    table = view.table
    heading = table.horizontalHeaderItem(4)
    assert heading is not None and heading.text() == "Vigor / Resolve"
    assert cut_headings(table) == []
    assert table.horizontalHeader().sectionResizeMode(0) is QHeaderView.ResizeMode.Fixed
    # the columns fill the table and no more: nothing hidden at the right
    header = table.horizontalHeader()
    assert header.length() == table.viewport().width()
    assert table.horizontalScrollBar().maximum() == 0
    page = window.current_editor()
    assert page is not None
    assert problems(page) == []


def test_a_tracker_too_narrow_for_every_heading_shares_its_width(window: MainWindow,
                                                                 qtbot: QtBot) -> None:
    """The GM Screen's tracker is narrower than every column at its width: the Name column
    keeps a quarter of the table for the names (it had a ninth: "C…"), the cells come first,
    each heading elided, whole in its tooltip (see test_conflict_name_width), and nothing
    scrolls sideways."""
    conan_tracker_tab(window, qtbot)  # the GM Screen shows beside it, as a user has it
    dock = window.gm_screen_dock
    assert dock.isVisible()
    page = dock.show_page("2d20")
    assert isinstance(page, GmScreen)
    choose(qtbot, page.profile, 1)
    page.tabs.setCurrentIndex(2)  # Conflict
    settle()
    table = page.conflict.table
    header = table.horizontalHeader()
    # too narrow for every whole heading: the short ones show, whole in their tooltips
    fortune = table.horizontalHeaderItem(3)
    assert fortune is not None and fortune.text() == "Fort" and fortune.toolTip() == "Fortune"
    assert header.sectionResizeMode(0) is QHeaderView.ResizeMode.Fixed
    assert header.sectionSize(0) >= min(table.viewport().width() // 4 - 1,
                                        page.conflict.columns.keeps(0))
    assert all(header.sectionResizeMode(c) is QHeaderView.ResizeMode.Fixed
               for c in range(9))
    assert header.length() <= table.viewport().width()
    assert table.horizontalScrollBar().maximum() == 0
    heading = table.horizontalHeaderItem(4)
    assert heading is not None and "Vigor / Resolve" in heading.toolTip()
    assert problems(dock) == []


def test_the_tracker_settings_show_each_choice_whole(window: MainWindow, qtbot: QtBot) -> None:
    view = conan_tracker_tab(window, qtbot)
    settings = view.table_settings
    rules = settings.rules.controls
    harm = rules["harm_limit_rule"]
    focus = rules["focus_rule"]
    assert isinstance(harm, QComboBox) and isinstance(focus, QComboBox)
    for combo, notes, read in (
            (settings.set_order, ORDER_MODE_NOTES, lambda: view.doc.order_mode),
            (settings.set_tie, OPPOSED_TIE_NOTES, lambda: view.doc.settings.opposed_tie_rule),
            (settings.set_assist, ASSIST_GATE_NOTES, lambda: view.doc.settings.assist_gate),
            (harm, HARM_LIMIT_RULE_NOTES, lambda: view.doc.settings.harm_limit_rule),
            (focus, FOCUS_RULE_NOTES, lambda: view.doc.settings.focus_rule)):
        for index in [*range(combo.count()), 0]:
            choose(qtbot, combo, index)
            assert cut_combos(view) == [], combo.currentText()
            chosen = read()
            assert combo.currentData() == chosen.value
            # what the short name means, from the core, in the item's and the box's tooltip
            note = notes[chosen]  # type: ignore[index]
            assert combo.itemData(index, Qt.ItemDataRole.ToolTipRole) == wrapped_tip(note)
            assert f"{combo.currentText()}: {note}" in combo.toolTip()
    # each box's first choice, chosen again last
    assert view.doc.order_mode is OrderMode.ALTERNATING
    assert view.doc.settings.opposed_tie_rule is OpposedTieRule.MOMENTUM_DEFENDER
    assert view.doc.settings.assist_gate is AssistGate.LEADER_SUCCEEDS
    assert view.doc.settings.harm_limit_rule is HarmLimitRule.DEFEATED
    assert view.doc.settings.focus_rule is FocusRule.NUMBER


def test_the_calculator_shows_each_kind_of_test_whole(window: MainWindow, qtbot: QtBot) -> None:
    conan_tracker_tab(window, qtbot)  # the GM Screen shows beside it, as a user has it
    dock = window.gm_screen_dock
    assert dock.isVisible()
    page = dock.show_page("2d20")
    assert isinstance(page, GmScreen)
    choose(qtbot, page.profile, 1)  # Conan: the hazard's cost shows too
    page.tabs.setCurrentWidget(page.calculator)
    settle()
    for name in ("Kind of test", "Test to avoid the hazard"):
        combo = named_combo(page.calculator, name)
        assert combo.isVisible(), name
        for index in [*range(combo.count()), 0]:
            choose(qtbot, combo, index)
            group = combo.parentWidget()
            assert group is not None
            assert cut_combos(group) == [], combo.currentText()
    assert problems(dock) == []


def test_the_views_take_whole_numbers_from_the_shell() -> None:
    """``whole_numbers`` and ``FlowLayout`` are the shell's; the 2d20 common module no
    longer passes them on."""
    from ui.systems.twod20 import common

    assert not hasattr(common, "whole_numbers")
    assert not hasattr(common, "FlowLayout")
    for path in sorted(TWOD20_UI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and any(
                    alias.name == "whole_numbers" for alias in node.names):
                assert node.module == "ui.shell.widgets", path.name


def choose(qtbot: QtBot, combo: QComboBox, index: int) -> None:
    """Choose item ``index`` with the keyboard, then let the page redraw."""
    choose_with_keys(qtbot, combo, index)
    settle()
