"""The Sword's Edge Test calculator with the keyboard: Tab reads down the page (the typed
NC's type, Rank and count, each NC's card and the PC's Qualities where they stand), Enter in
the Book NC search adds the NC, and the docked Character box shows its "no character"
choice whole at 1024x768.

Found driving the installed app with xdotool: Tab went from a typed NC's name to its
Qualities and on to Remove all, reaching the type, Rank and count only after it; the NCs'
cards and the PC's Quality boxes came after everything else; Enter after choosing a book NC
did nothing; the Character box read 'Plain modifier (no characte'."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow, QStyle, QStyleOptionComboBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import Character
from tests.ui.helpers import against_two_troopers, gm_dock_window, laptop_window, se_part
from tests.ui.keyboard import walk
from tests.ui.shell.layout_check import cut_at_the_right
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm.calculator import CalculatorTab

_WINDOWS: list[QMainWindow] = []
"""The windows of the running test (a window nobody holds is deleted under it)."""


@pytest.fixture(autouse=True)
def _hold_windows() -> Iterator[None]:
    yield
    _WINDOWS.clear()


def _calculator(qtbot: QtBot, pc: Character) -> CalculatorTab:
    dock = gm_dock_window(qtbot, pc, _WINDOWS)
    window = dock.window()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    calc = against_two_troopers(dock, pc)
    QApplication.processEvents()             # widgets added to a shown page show now
    return calc


def test_tab_reads_the_opposition_down_the_page(qtbot: QtBot) -> None:
    calc = _calculator(qtbot, load_pc("jyrell"))
    first, second = calc.cards
    # (a box the step does not allow, such as an NC's Concept in Momentum, is skipped)
    wanted = [calc.quick_type, calc.quick_rank, calc.quick_count, calc.quick_qualities,
              calc.add_quick_button,
              *(w for w in (*first.tab_stops(), *second.tab_stops()) if w.isEnabled()),
              calc.clear_button]
    assert walk(calc.quick_name, len(wanted)) == wanted


def test_tab_reaches_the_pcs_qualities_before_new_scene(qtbot: QtBot) -> None:
    calc = _calculator(qtbot, load_pc("jyrell"))
    boxes = list(calc.quality_boxes.values())
    assert boxes
    checked = calc.step_buttons[calc.step()]
    reached = walk(checked, len(boxes) + 1)
    assert reached[:len(boxes)] == boxes[:len(reached)]
    assert reached[len(boxes)] is calc.new_scene_button


def test_enter_in_the_book_nc_search_adds_it(qtbot: QtBot) -> None:
    calc = _calculator(qtbot, load_pc("jyrell"))
    search = calc.library_combo.lineEdit()
    assert search is not None
    search.setFocus()
    search.clear()
    focused = QApplication.focusWidget()             # the combo: its search's proxy
    assert focused is calc.library_combo
    QTest.keyClicks(focused, "Shock Troopers")
    QTest.keyClick(focused, Qt.Key.Key_Return)
    assert len(calc.cards) == 3


def _docked(size: tuple[int, int], qtbot: QtBot,
            monkeypatch: pytest.MonkeyPatch) -> tuple[MainWindow, CalculatorTab]:
    """The window at a laptop's size with the GM Screen's Test calculator in front."""
    window = laptop_window(qtbot, monkeypatch, size)
    window.gm_screen_dock.show()
    window.gm_screen_dock.raise_()
    dock = se_part(window).gm_dock
    assert dock is not None
    calc = dock.calculator
    dock.tabs.setCurrentWidget(calc)
    for _ in range(4):
        QApplication.processEvents()
    return window, calc


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_the_character_box_shows_no_character_whole(
        size: tuple[int, int], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        prompts: list[str]) -> None:
    window, calc = _docked(size, qtbot, monkeypatch)
    combo = calc.actor_combo
    assert combo.character() is None
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    room = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                        QStyle.SubControl.SC_ComboBoxEditField, combo)
    assert combo.fontMetrics().horizontalAdvance(combo.currentText()) <= room.width()
    window.close()


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_an_nc_with_long_qualities_keeps_the_page_in_its_dock(
        size: tuple[int, int], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        prompts: list[str]) -> None:
    """Found adding the book's Bodyguards at 1024x768: their Qualities in one row widened
    the page past the dock, cutting off Add, each card's Stress and Remove."""
    window, calc = _docked(size, qtbot, monkeypatch)
    search = calc.library_combo.lineEdit()
    assert search is not None
    search.setText("The Bodyguards")
    calc.add_library_button.click()
    assert [card.nc.name for card in calc.cards] == ["The Bodyguards"]
    for _ in range(4):
        QApplication.processEvents()
    assert cut_at_the_right(calc) == []
    window.close()
