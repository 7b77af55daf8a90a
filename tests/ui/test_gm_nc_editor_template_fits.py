"""The NC editor's Template choice reads whole in the GM's Table on a laptop ("Physique +2,
Charisma +4, Cunning +6" for a hero). Before, "Apply template" beside it left too little
room and the last Trait was cut ("Cunnin")."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.document_helpers import gm_table
from tests.ui.helpers import laptop_window
from tests.ui.shell.layout_check import combo_text_room


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_every_template_reads_whole(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                    prompts: list[str], size: tuple[int, int]) -> None:
    window = laptop_window(qtbot, monkeypatch, size)
    library = gm_table(window).opponents
    qtbot.mouseClick(library.new_button, Qt.MouseButton.LeftButton)
    editor = library.editor
    editor.type_combo.setCurrentIndex(editor.type_combo.findData("hero"))
    editor.type_combo.activated.emit(editor.type_combo.currentIndex())
    for _ in range(3):
        QApplication.processEvents()
    combo = editor.order_combo
    assert combo.count() == 6
    room = combo_text_room(combo)
    widest = max(combo.fontMetrics().horizontalAdvance(combo.itemText(i))
                 for i in range(combo.count()))
    assert widest <= room, (widest, room)
