"""Edit › Undo (Ctrl+Z) with the focus in the GM Screen's Test calculator undoes the
calculator's last step, as its own Undo button does (found in a real session: it took back
the step on the current tab's character instead)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.helpers import against_two_troopers, laptop_gm_screen, settle
from ui.shell.window import MainWindow


def test_edit_undo_from_the_calculator_undoes_there(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow]) -> None:
    window, dock = laptop_gm_screen(qtbot, monkeypatch, (1366, 768), "jyrell", made)
    document = window.current_document()
    document_steps = document.undo_stack.index()
    calc = against_two_troopers(dock, document.character)
    settle()
    calc_stack = calc.history_stack()
    steps = calc_stack.index()
    assert steps > 0  # the two troopers went in as steps of the Test
    window.activateWindow()
    calc.actor_combo.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is calc.actor_combo)
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert calc_stack.index() == steps - 1  # the calculator's step, taken back
    assert document.undo_stack.index() == document_steps  # the character untouched
    window.redo_action.trigger()
    assert calc_stack.index() == steps
