"""An Element's name the Elements table elides (a narrow window, a long name) can be
read whole in its tooltip (seen at 1024x768 with the Play dock open: "Legendary wound
(Charis..." whose tooltip only said how to rename it)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.ui.helpers import type_into
from ui.shell.window import MainWindow
from ui.systems.swords_edge.elements_model import NAME

LONG = "Legendary wound from the fall at the Tower of Kells (Charisma)"


def test_elided_element_name_is_whole_in_its_tooltip(window: MainWindow) -> None:
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    panel = editor.elements
    QTest.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    type_into(panel.name_edit, LONG)
    QTest.keyClick(panel.name_edit, Qt.Key.Key_Tab)
    table = panel.table
    index = table.model().index(0, NAME)
    assert index.data() == LONG
    assert table.columnWidth(NAME) < table.fontMetrics().horizontalAdvance(LONG)
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert LONG in tip and "F2" in tip

    QTest.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)  # still unnamed
    unnamed = table.model().index(1, NAME)
    assert unnamed.data(Qt.ItemDataRole.ToolTipRole) == "Double-click or press F2 to rename"
