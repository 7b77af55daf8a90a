"""The Test calculator's PC Qualities at laptop sizes, docked: a Quality's box with its
note ("Voice of Command +2  (needs Charisma)", Tella's) widened the calculator 11 px past
the dock at 1024x768, so the page scrolled sideways. The boxes' text now wraps."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.helpers import against_two_troopers, laptop_gm_screen, settle
from tests.ui.shell.layout_check import sideways_scrolling
from ui.shell.window import MainWindow


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_long_quality_notes_wrap_inside_the_dock(
        size: tuple[int, int], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        made: list[MainWindow]) -> None:
    window, dock = laptop_gm_screen(qtbot, monkeypatch, size, "tella-of-jost", made)
    calc = against_two_troopers(dock, window.current_document().character)
    settle()
    texts = [box.text() for box in calc.quality_boxes.values()]
    assert any("(needs Charisma)" in text for text in texts), texts
    assert sideways_scrolling(dock.tabs.currentWidget()) == []
    for box in calc.quality_boxes.values():  # each box tall enough for all of its text
        if box.isVisible():
            assert box.width() <= box.parentWidget().width()
            assert box.height() >= box.heightForWidth(box.width()), box.text()
    # and a box still ticks when its text is clicked, as a check box does
    box = next(b for b in calc.quality_boxes.values() if b.isEnabled())
    before = box.isChecked()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().center())
    assert box.isChecked() != before
