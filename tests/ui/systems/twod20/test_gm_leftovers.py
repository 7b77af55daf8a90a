"""Left over from the 2d20 GM tools' last delivery (session 15, H3): the damage odds soak with
the Armour or Courage of whom the roller's damage hits (as the roll does), a long name keeps
its row on one line in the narrow tracker, and the Selected character panel's boxes lose the
"select a character first" tooltip once a character is selected."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableWidget
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import damage as dmg
from tests.ui.helpers import laptop_window, settle
from tests.ui.shell.layout_check import sideways_scrolling
from tests.ui.systems.twod20.test_roller_target import click, pick
from tests.ui.systems.twod20.test_session import Loaded
from tests.ui.systems.twod20.test_session_h7 import THAK, table
from ui.shell.window import MainWindow
from ui.systems.twod20.conflict_view import ConflictView
from ui.systems.twod20.gm_screen import GmScreen
from ui.systems.twod20.roller_view import RECORD

ILSE = "Captain Ilse Varga"
LONG_NAMES = ("Captain Ilse Varga of the Long Road", "Belit, Queen of the Black Coast",
              "Bo", "Thoth-Amon of Stygia, Master of the Black Ring")


def test_the_damage_odds_soak_with_the_armour_of_whom_the_damage_hits(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc = page.roller, page.calculator
    pick(roller.who, RECORD)                        # Ilse (the open record) attacks Thak
    assert roller.hits.currentData() == THAK
    calc.dmg_dice.setValue(3)
    calc.cover.setValue(0)
    calc.armour.setValue(0)                         # what the calculator's box held before
    # the odds shown are those of Thak's Armour 2, which the roll soaks with
    assert calc.damage_spec().armour == 2
    assert calc.last_damage == dmg.damage_odds(replace(calc.damage_spec(), armour=2))
    assert not calc.armour.isEnabled() and calc.armour.value() == 2
    assert THAK in calc.armour.toolTip()
    assert f"{THAK}'s Armour" in calc.damage_summary.text()
    roller.source = Loaded([1, 2, 2])               # 5 damage
    click(qtbot, roller.roll_damage_button)
    assert roller.last_stress == 3 and f"{THAK}'s Armour" in roller.damage_result.text()
    # mental damage: his Courage 1, for the odds and the roll alike
    roller.mental.setChecked(True)
    assert calc.damage_spec().armour == 1 and calc.armour.value() == 1
    assert roller.last_stress == 4
    roller.mental.setChecked(False)
    # Ilse, added by name, has no Armour known: the calculator's own box counts again,
    # holding what it held before
    pick(roller.who, THAK)
    pick(roller.hits, ILSE)
    assert calc.armour.isEnabled() and calc.armour.value() == 0
    calc.armour.setValue(1)
    assert calc.damage_spec().armour == 1
    assert f"Armour / Courage box, as {ILSE}'s own is not known" in calc.damage_summary.text()
    roller.source = Loaded([1, 2, 2])
    click(qtbot, roller.roll_damage_button)
    assert roller.last_stress == 4                  # 5 less the calculator's 1
    # back to Thak and back to Ilse: the box keeps the 1 typed for her
    pick(roller.hits, THAK)
    assert calc.armour.value() == 2 and calc.damage_spec().armour == 2
    pick(roller.hits, ILSE)
    assert calc.armour.value() == 1 and calc.armour.isEnabled()


def _gm_tracker(window: MainWindow) -> ConflictView:
    dock = window.gm_screen_dock
    dock.show()
    dock.raise_()
    page = dock.show_page("2d20")
    assert isinstance(page, GmScreen)
    page.tabs.setCurrentIndex(next(i for i in range(page.tabs.count())
                                   if page.tabs.tabText(i).replace("&", "") == "Conflict"))
    settle()
    return page.conflict


def _one_line_rows(table: QTableWidget) -> None:
    line = table.verticalHeader().defaultSectionSize()
    for row in range(table.rowCount()):
        name = table.item(row, 0)
        assert name is not None and name.toolTip() == name.text()   # the whole name
        assert table.rowHeight(row) <= line, (name.text(), table.rowHeight(row), line)


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_a_long_name_keeps_its_row_on_one_line(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow],
        size: tuple[int, int]) -> None:
    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    view = _gm_tracker(window)
    for name in LONG_NAMES:
        view.new_name.setFocus()
        qtbot.keyClicks(view.new_name, name)
        qtbot.keyClick(view.new_name, Qt.Key.Key_Return)
    QApplication.processEvents()
    settle()
    table = view.table
    assert table.rowCount() == len(LONG_NAMES)
    _one_line_rows(table)
    assert sideways_scrolling(table) == []
    header = table.horizontalHeader()
    assert sum(header.sectionSize(c) for c in range(table.columnCount())
               if not header.isSectionHidden(c)) <= table.viewport().width()
    # the short name and the numbers show whole
    assert header.sectionSize(0) > table.fontMetrics().horizontalAdvance("Bo")
    for document in window.gm_documents():
        document.undo_stack.setClean()


def test_cover_and_morale_drop_the_select_first_tip_once_selected(
        window: MainWindow, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    view = page.conflict
    view.table.clearSelection()
    for box in (view.cover, view.morale):
        assert not box.isEnabled() and "Select a character" in box.toolTip()
    view.select(THAK)
    controls = [view.cover, view.morale, view.initiative, view.track_max, view.resolve_max,
                view.armour, view.courage, view.remove_button, view.fortune_gain,
                view.recover_button, view.wound_button, view.trauma_button, view.heal_button,
                view.turn_button, view.take_button]
    for widget in controls:
        assert "Select a character" not in widget.toolTip(), widget.accessibleName()
        assert widget.toolTip(), widget.accessibleName()
    assert "Cover dice protecting" in view.cover.toolTip()
    assert "Morale dice" in view.morale.toolTip()
    view.table.clearSelection()
    for widget in controls:
        assert not widget.isEnabled() and "Select a character" in widget.toolTip()
    view.select(ILSE)
    assert "Cover dice protecting" in view.cover.toolTip()
