"""Ctrl+G brings the keyboard to the GM Screen's search field.

Found keyboard-only: Ctrl+G showed the GM Screen with the keyboard on its tab bar, the
reference tables' search field one Tab further on; the GM pressed Ctrl+G to look a rule
up and typed into nothing. The keyboard now goes to the search field of the page on show
(where it has one); Ctrl+G again hides the dock and the keyboard is back where it was."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QTabBar
from pytestqt.qtbot import QtBot

from tests.ui.keyboard import focused, launched_window
from ui.shell.dock_keys import holds_focus, in_front
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm import GMDock


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from launched_window(qtbot)


def _ctrl_g(qtbot: QtBot) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)


def test_ctrl_g_puts_the_keyboard_in_the_gm_screens_search_field_and_back(
        qtbot: QtBot, window: MainWindow) -> None:
    dock = window.gm_screen_dock
    window.new_document("swords-edge")
    qtbot.waitUntil(lambda: window.current_editor() is not None
                    and window.current_editor().isAncestorOf(focused()))
    typing_in = focused()
    assert not in_front(dock)  # behind Budget at launch
    _ctrl_g(qtbot)
    qtbot.waitUntil(lambda: in_front(dock) and holds_focus(dock))
    page = dock.stack.currentWidget()
    assert page is not None
    search = page.findChild(QLineEdit, "reference_search")
    assert search is not None and search.isVisible()  # the Reference tab is on show
    qtbot.waitUntil(search.hasFocus)
    assert not isinstance(focused(), QTabBar)
    qtbot.keyClicks(search, "luck")  # typing looks the rule up
    assert search.text() == "luck"
    _ctrl_g(qtbot)  # again: away, and back to the same field
    qtbot.waitUntil(lambda: not dock.isVisible())
    assert focused() is typing_in


def test_a_page_on_show_without_a_search_field_keeps_the_first_control(
        qtbot: QtBot, window: MainWindow) -> None:
    """The search field of a tab not on show is not reached for (Ctrl+G does not turn
    the GM's page over): the Test calculator on show, the keyboard stays on its tabs."""
    dock = window.gm_screen_dock
    window.new_document("swords-edge")
    qtbot.waitUntil(lambda: window.current_editor() is not None
                    and window.current_editor().isAncestorOf(focused()))
    dock.show()
    dock.raise_()
    qtbot.waitUntil(lambda: in_front(dock))
    page = dock.stack.currentWidget()
    assert isinstance(page, GMDock)
    page.tabs.setCurrentWidget(page.calculator)
    window.current_editor().setFocus()
    qtbot.waitUntil(lambda: not holds_focus(dock))
    _ctrl_g(qtbot)
    qtbot.waitUntil(lambda: holds_focus(dock))
    QApplication.processEvents()
    assert page.tabs.currentWidget() is page.calculator
    search = page.findChild(QLineEdit, "reference_search")
    assert search is not None and not search.hasFocus()


def test_alt_s_in_a_sheet_goes_to_its_style_not_the_gm_screens_picker(
        qtbot: QtBot, window: MainWindow) -> None:
    """Found checking the builder's letters: Alt+S in a character's sheet went to the GM
    Screen's system picker ("&System:", hidden behind the Budget tab), not to the Style
    Pivot. The picker's letter works (and shows) while the keyboard is in the GM Screen."""
    from tests.ui.keyboard import press

    dock = window.gm_screen_dock
    window.new_document("swords-edge")
    editor = window.current_editor()
    qtbot.waitUntil(lambda: editor is not None and editor.isAncestorOf(focused()))
    assert editor is not None
    assert press(Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier) is editor.pivot_edits["style"]
    assert dock.picker_label.text() == "System:"
    _ctrl_g(qtbot)
    qtbot.waitUntil(lambda: holds_focus(dock))
    assert dock.picker_label.text() == "&System:"
    _ctrl_g(qtbot)
    qtbot.waitUntil(lambda: not dock.isVisible())
    assert focused() is editor.pivot_edits["style"]
    assert dock.picker_label.text() == "System:"
