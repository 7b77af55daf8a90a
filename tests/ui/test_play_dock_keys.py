"""The Play dock has keys of its own, like Budget (Ctrl+B) and the GM Screen (Ctrl+G).

Found playing keyboard-only at 1024 x 768: the Play dock sits behind the Budget tab and
had no shortcut, so a player at the keyboard had to Tab through the whole sheet to reach
Luck, Stress and Advancements. Ctrl+L brings it to the front with the keyboard in it;
pressed again, it goes away and the keyboard is back in the field it came from."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from tests.ui.helpers import se_part
from tests.ui.keyboard import focused, launched_window, press
from ui.shell.dock_keys import holds_focus, in_front
from ui.shell.window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from launched_window(qtbot)


def test_ctrl_l_brings_the_keyboard_to_the_play_dock_and_back(
        qtbot: QtBot, window: MainWindow) -> None:
    play = se_part(window).play_dock
    assert play.toggleViewAction().shortcut() == QKeySequence("Ctrl+L")
    window.new_document()
    qtbot.waitUntil(lambda: window.current_editor() is not None
                    and window.current_editor().isAncestorOf(focused()))
    typing_in = focused()
    assert not in_front(play)  # behind Budget at launch
    press(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: in_front(play) and holds_focus(play))
    assert play.stack.currentWidget().isAncestorOf(focused())  # the character's panel
    press(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not play.isVisible())
    assert focused() is typing_in


def test_the_keyboard_brought_to_a_scrolled_play_dock_is_in_view(
        qtbot: QtBot, window: MainWindow) -> None:
    """With the Play dock scrolled down to the history, Ctrl+L put the keyboard on
    Starting Luck at the top, out of view: the dock now scrolls to where the focus is."""
    window.resize(1024, 700)
    play = se_part(window).play_dock
    window.new_document()
    qtbot.waitUntil(lambda: window.current_editor() is not None
                    and window.current_editor().isAncestorOf(focused()))
    play.show()
    play.raise_()
    scroll = play.stack.currentWidget()
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())
    window.current_editor().setFocus()
    press(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: holds_focus(play))
    target = focused()
    qtbot.waitUntil(lambda: not target.visibleRegion().isEmpty())
