"""The 2d20 record's page keeps the style's margins, as the other builders do: its name
field and group titles touched the tab's frame."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from ui.shell.window import MainWindow
from ui.systems.twod20.record_editor import RecordEditor


def test_the_record_page_has_margins(window: MainWindow, qtbot: QtBot) -> None:
    window.new_document("2d20", "2d20.character")
    editor = window.current_editor()
    assert isinstance(editor, RecordEditor)
    qtbot.waitExposed(window)
    view = editor.page_scroll.viewport()
    left = editor.name.mapTo(view, QPoint(0, 0)).x()
    top = editor.name.mapTo(view, QPoint(0, 0)).y()
    assert left >= 6 and top >= 6, (left, top)
    box = editor.attributes_box.mapTo(view, QPoint(0, 0)).x()
    assert box >= 6, box
