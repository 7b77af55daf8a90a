"""A dock's shortcut brings the keyboard to it (View › GM Screen is Ctrl+G): shown, in
front and holding the focus; pressed again, the dock hides and the focus goes back where
it was. A dock behind another dock's tab comes to the front rather than hiding."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget
from pytestqt.qtbot import QtBot

from tests.ui.helpers import se_part
from tests.ui.keyboard import focused, launched_window, press
from ui.shell.dock_keys import holds_focus, in_front
from ui.shell.window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from launched_window(qtbot)


def _ctrl(key: Qt.Key, shift: bool = False) -> None:
    modifiers = Qt.KeyboardModifier.ControlModifier
    if shift:
        modifiers |= Qt.KeyboardModifier.ShiftModifier
    press(key, modifiers)


def _settled(qtbot: QtBot, dock: QDockWidget) -> None:
    qtbot.waitUntil(lambda: in_front(dock) and holds_focus(dock))


def test_the_gm_screen_has_a_shortcut_that_brings_the_keyboard_to_it(
        qtbot: QtBot, window: MainWindow) -> None:
    dock = window.gm_screen_dock
    assert dock.toggleViewAction().shortcut() == QKeySequence("Ctrl+G")
    window.new_document()
    qtbot.waitUntil(lambda: window.current_editor() is not None
                    and window.current_editor().isAncestorOf(focused()))
    typing_in = focused()
    assert not window.testAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange)
    assert not in_front(dock)  # behind Budget at launch
    _ctrl(Qt.Key.Key_G)
    _settled(qtbot, dock)
    # drawn as focused (a focus given by a key, as after Tab: the style shows it)
    assert window.testAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange)
    # the page's own control, not the system picker above it
    assert focused() is not window.gm_screen_dock.picker
    assert dock.stack.currentWidget().isAncestorOf(focused())
    _ctrl(Qt.Key.Key_G)  # again, from inside it: away, and back to the same field
    qtbot.waitUntil(lambda: not dock.isVisible())
    assert focused() is typing_in


def test_a_dock_behind_another_comes_to_the_front_instead_of_hiding(
        qtbot: QtBot, window: MainWindow) -> None:
    budget = se_part(window).budget_dock
    play = se_part(window).play_dock
    window.new_document()
    play.raise_()
    qtbot.waitUntil(lambda: in_front(play) and not in_front(budget))
    assert budget.isVisible()  # Qt's sense: still "visible", behind the tab
    _ctrl(Qt.Key.Key_B)
    _settled(qtbot, budget)
    assert budget.toggleViewAction().isChecked()


def test_the_gm_table_shortcut_moves_the_focus_and_the_menu_entry_too(
        qtbot: QtBot, window: MainWindow) -> None:
    table = se_part(window).gm_table_dock
    window.new_document()
    assert not table.isVisible()
    _ctrl(Qt.Key.Key_G, shift=True)
    _settled(qtbot, table)
    _ctrl(Qt.Key.Key_G, shift=True)
    qtbot.waitUntil(lambda: not table.isVisible())
    assert window.current_editor().isAncestorOf(focused())
    # View › GM's Table picked in the menu: shown, and the keyboard is there too
    table.toggleViewAction().trigger()
    _settled(qtbot, table)


def test_hiding_a_dock_with_no_place_to_go_back_to_gives_the_start_page_the_keyboard(
        qtbot: QtBot, window: MainWindow) -> None:
    dock = window.gm_screen_dock
    dock.hide()
    dock.toggleViewAction().trigger()  # shown from the menu, with no document open
    _settled(qtbot, dock)
    _ctrl(Qt.Key.Key_G)
    qtbot.waitUntil(lambda: not dock.isVisible())
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.start_page.new_button)


def test_closing_the_last_character_keeps_the_dock_in_front(
        qtbot: QtBot, window: MainWindow) -> None:
    """Found by a player: with the Budget in front, closing the only character (File ›
    Close) put the Play dock in front. Qt passed the focus of the page being hidden along
    the chain, through the Play dock behind the Budget's tab, and the window raised it as
    if Tab had gone there."""
    part = se_part(window)
    window.new_document("swords-edge")
    QApplication.processEvents()
    part.budget_dock.raise_()
    qtbot.waitUntil(lambda: in_front(part.budget_dock))
    assert not in_front(part.play_dock)
    assert window.close_current()  # File › Close
    assert window.current_document() is None
    QApplication.processEvents()
    assert in_front(part.budget_dock) and not in_front(part.play_dock)
