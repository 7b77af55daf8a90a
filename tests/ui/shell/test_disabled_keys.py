"""Alt+letter on a greyed-out button says why it is greyed, beside it and in the status
bar (found with Sword of Life: Alt+D on a greyed Draw did nothing and said nothing)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QToolTip, QVBoxLayout
from pytestqt.qtbot import QtBot

from tests.ui.keyboard import launched_window
from ui.shell.window import MainWindow

ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from launched_window(qtbot)


def _greyed(window: MainWindow, text: str, tip: str) -> QPushButton:
    """A greyed button with an Alt-letter on the start page (as a page's own would be)."""
    button = QPushButton(text, window.start_page)
    layout = window.start_page.layout()
    assert isinstance(layout, QVBoxLayout)
    layout.addWidget(button)
    button.setToolTip(tip)
    button.setEnabled(False)
    button.show()
    QApplication.processEvents()
    return button


def test_alt_letter_of_a_greyed_button_says_why(qtbot: QtBot, window: MainWindow) -> None:
    _greyed(window, "Dra&w exchange", "Not now: split your cards between the opponents")
    focus = QApplication.focusWidget()
    assert focus is not None and focus.window() is window
    window.statusBar().clearMessage()
    qtbot.keyClick(focus, Qt.Key.Key_W, ALT)
    said = "Draw exchange: Not now: split your cards between the opponents"
    assert window.statusBar().currentMessage() == said
    qtbot.waitUntil(lambda: QToolTip.isVisible() and QToolTip.text() == said)
    QToolTip.hideText()


def test_a_letter_no_greyed_button_holds_says_nothing(qtbot: QtBot,
                                                      window: MainWindow) -> None:
    button = _greyed(window, "Dra&w exchange", "Not now: no cards")
    focus = QApplication.focusWidget()
    assert focus is not None
    window.statusBar().clearMessage()
    qtbot.keyClick(focus, Qt.Key.Key_J, ALT)  # nobody's letter
    assert window.statusBar().currentMessage() == ""
    button.hide()  # a greyed button not on show explains nothing
    qtbot.keyClick(focus, Qt.Key.Key_W, ALT)
    assert window.statusBar().currentMessage() == ""
