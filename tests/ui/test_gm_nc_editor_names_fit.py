"""In the GM's Table as docked on a laptop, an Element's or flaw's name shows whole in the
NC editor. Before, the name shared its line with the Rank, Trait and Remove controls and
had about 80 pixels: "Crushing Club" read "rushing Club"."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.document_helpers import gm_table
from tests.ui.helpers import laptop_window
from tests.ui.shell.layout_check import placeholder_room

NAMES = {"element": "Crushing Club of the North", "flaw": "Slow-witted Under Pressure"}


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_quality_names_show_whole(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                  prompts: list[str], size: tuple[int, int]) -> None:
    window = laptop_window(qtbot, monkeypatch, size)
    table = gm_table(window)
    library = table.opponents
    qtbot.mouseClick(library.new_button, Qt.MouseButton.LeftButton)
    editor = library.editor
    editor.type_combo.setCurrentIndex(editor.type_combo.findData("hero"))
    editor.type_combo.activated.emit(editor.type_combo.currentIndex())
    qtbot.mouseClick(editor.template_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.flaws.add_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    for kind, rows in (("element", editor.elements), ("flaw", editor.flaws)):
        name = rows.rows[0][0]
        name.setFocus()
        qtbot.keyClicks(name, NAMES[kind])
        QApplication.processEvents()
        assert name.text() == NAMES[kind]
        needed = name.fontMetrics().horizontalAdvance(name.text())
        assert needed <= placeholder_room(name), (kind, needed, placeholder_room(name))
