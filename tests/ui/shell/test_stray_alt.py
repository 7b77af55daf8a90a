"""Alt with a letter that no menu, label or button answers types nothing (found with a
real keyboard: Qt typed the letter into the focused field, so a missed menu key changed
the character's name). Shortcuts still answer, and AltGr (Ctrl+Alt to Qt on Windows)
still types."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ui.shell import wheel_guard
from ui.shell.window import MainWindow

ALT = Qt.KeyboardModifier.AltModifier
pytestmark = pytest.mark.skipif(sys.platform == "darwin",
                                reason="Option+letter types a character on a Mac")


@pytest.fixture
def page(qtbot: QtBot, qapp: QApplication) -> Iterator[tuple[QLineEdit, QLineEdit, QSpinBox]]:
    wheel_guard.install(qapp)
    holder = QWidget()
    qtbot.addWidget(holder)
    column = QVBoxLayout(holder)
    label = QLabel("&Name", holder)
    name, other, number = QLineEdit(holder), QLineEdit(holder), QSpinBox(holder)
    label.setBuddy(name)
    for widget in (label, name, other, number):
        column.addWidget(widget)
    holder.show()
    qtbot.waitExposed(holder)
    yield name, other, number


def test_an_unanswered_alt_letter_types_nothing(
        qtbot: QtBot, page: tuple[QLineEdit, QLineEdit, QSpinBox]) -> None:
    _name, other, number = page
    other.setFocus()
    qtbot.keyClick(other, Qt.Key.Key_Q, ALT)
    qtbot.keyClick(other, Qt.Key.Key_Q, ALT | Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(other, Qt.Key.Key_7, ALT)
    assert other.text() == ""
    number.setFocus()
    qtbot.keyClick(number, Qt.Key.Key_5, ALT)
    assert number.value() == 0
    # plain typing and AltGr (Ctrl+Alt) still type
    qtbot.keyClicks(other, "ok")
    qtbot.keyClick(other, Qt.Key.Key_E, ALT | Qt.KeyboardModifier.ControlModifier)
    assert other.text() == "oke"


def test_a_label_s_alt_key_still_answers(
        qtbot: QtBot, page: tuple[QLineEdit, QLineEdit, QSpinBox]) -> None:
    name, other, _number = page
    other.setFocus()
    qtbot.keyClick(other, Qt.Key.Key_N, ALT)  # the label's &Name
    qtbot.waitUntil(name.hasFocus)
    assert other.text() == "" and name.text() == ""


def test_in_the_window_a_missed_menu_key_leaves_the_name_alone(
        qtbot: QtBot, window: MainWindow) -> None:
    window.ensure_ready()
    window.new_document()
    window.activateWindow()
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    field = QApplication.focusWidget()
    assert isinstance(field, QLineEdit)
    before = field.text()
    qtbot.keyClick(field, Qt.Key.Key_J, ALT)  # no menu or label of the page has J
    assert field.text() == before
