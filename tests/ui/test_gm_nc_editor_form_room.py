"""At 1024x768 the GM's Table's NC editor stacks its sheet above the TN summary; the sheet
keeps most of the height. Before, the summary took it and the sheet showed two rows (the
name and the type) in a scroll area about 70 pixels high."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.document_helpers import gm_table
from tests.ui.helpers import laptop_window


def test_the_sheet_keeps_most_of_the_height(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                            prompts: list[str]) -> None:
    window = laptop_window(qtbot, monkeypatch, (1024, 768))
    library = gm_table(window).opponents
    qtbot.mouseClick(library.new_button, Qt.MouseButton.LeftButton)
    for _ in range(3):
        QApplication.processEvents()
    editor = library.editor
    assert editor.splitter.orientation() is Qt.Orientation.Vertical
    form, side = editor.splitter.sizes()
    assert form >= side, (form, side)
