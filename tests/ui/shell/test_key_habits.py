"""Keys as a desktop user expects them (ui.shell.key_habits). Alt with a letter that no
menu, label or button answers types nothing (found with a real keyboard: Qt typed the
letter into the focused field, so a missed menu key changed the character's name);
shortcuts still answer, and AltGr (Ctrl+Alt to Qt on Windows) still types. Enter presses
the focused button; Ctrl+Z in a field with nothing to undo undoes the document."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
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


def test_enter_presses_the_focused_button_once(qtbot: QtBot, qapp: QApplication) -> None:
    """Outside a dialog Qt's buttons ignore Enter (found: "Take", "Finish creation" did
    nothing); a dialog's buttons, which take Enter themselves, are pressed once."""
    wheel_guard.install(qapp)
    holder = QWidget()
    qtbot.addWidget(holder)
    button = QPushButton("Take", holder)
    pressed: list[bool] = []
    button.clicked.connect(lambda: pressed.append(True))
    holder.show()
    qtbot.waitExposed(holder)
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Return)
    qtbot.keyClick(button, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert pressed == [True, True]
    button.setEnabled(False)
    qtbot.keyClick(button, Qt.Key.Key_Return)
    assert pressed == [True, True]
    dialog = QDialog()
    qtbot.addWidget(dialog)
    ok = QPushButton("OK", dialog)
    ok.clicked.connect(lambda: pressed.append(False))
    dialog.show()
    qtbot.waitExposed(dialog)
    ok.setFocus()
    qtbot.keyClick(ok, Qt.Key.Key_Return)
    assert pressed == [True, True, False]  # once, by the dialog


def test_ctrl_z_in_a_field_with_nothing_to_undo_undoes_the_document(
        qtbot: QtBot, window: MainWindow) -> None:
    """Reported from a real session: Ctrl+Z in a field did nothing to the document. Qt's
    line edit claims Ctrl+Z only while it has typing of its own to undo (a field the
    program emptied with clear() has: it gets its text back); with none, Edit › Undo
    takes the key. A guard on that."""
    window.ensure_ready()
    window.new_document()
    window.activateWindow()
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    name = QApplication.focusWidget()
    assert isinstance(name, QLineEdit)
    qtbot.keyClicks(name, "Mira")
    document = window.current_document()
    assert document.character.name == "Mira"
    player = next(e for e in window.current_editor().findChildren(QLineEdit)
                  if e.accessibleName() == "Player")
    player.setFocus()
    qtbot.waitUntil(player.hasFocus)
    assert not player.isUndoAvailable()
    qtbot.keyClick(player, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.character.name != "Mira"  # the document's last step, undone
    qtbot.keyClick(player, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert document.character.name == "Mira"  # and redone
