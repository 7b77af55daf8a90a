"""A second "New opponent" shows the NC sheet from its top with "New opponent" selected,
so the GM types the name straight away. Before, the sheet kept the last opponent's scroll
position (its notes in view, the name out of sight) and typing went after the old text."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.document_helpers import gm_table
from tests.ui.helpers import laptop_window


def test_new_opponent_starts_at_the_name(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                         prompts: list[str]) -> None:
    window = laptop_window(qtbot, monkeypatch, (1366, 768))
    library = gm_table(window).opponents
    qtbot.mouseClick(library.new_button, Qt.MouseButton.LeftButton)
    editor = library.editor
    editor.notes_edit.setFocus()
    qtbot.keyClicks(editor.notes_edit, "Smashes first, asks never.")
    bar = editor.form_scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    assert bar.value() > 0  # the sheet is taller than the docked table at 1366x768

    qtbot.mouseClick(library.new_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert bar.value() == 0
    assert QApplication.focusWidget() is editor.name_edit
    qtbot.keyClicks(editor.name_edit, "Goblin Rabble")
    assert editor.nc().name == "Goblin Rabble"
