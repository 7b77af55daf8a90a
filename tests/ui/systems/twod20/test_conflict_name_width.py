"""The 2d20 conflict table in the GM Screen dock of a laptop: when the heads do not all fit,
the cells come first. The Name column kept a quarter of the table ("Guard captain" wrapped
in 77 px) while the other columns shared the rest evenly and cut their cells ("0/5" read
"0…", "PC" read "P…")."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableWidget
from pytestqt.qtbot import QtBot

from tests.ui.helpers import laptop_window, settle
from tests.ui.shell.layout_check import cut_text, sideways_scrolling
from ui.shell.window import MainWindow
from ui.systems.twod20.common import OneLine
from ui.systems.twod20.conflict_view import ConflictView
from ui.systems.twod20.gm_screen import GmScreen

PAD = 8
"""A cell's room beside its text: the style's margins, the grid line, a pixel to spare."""


def _cut_cells(table: QTableWidget) -> list[str]:
    """Cells whose text does not show whole: a word wider than its column (the table wraps
    at spaces), or a wrapped cell with more lines than its row holds (a name elides on one
    line instead, whole in its tooltip)."""
    metrics = table.fontMetrics()
    found = []
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            item = table.item(row, column)
            if table.isColumnHidden(column):
                continue  # left out where the table is narrow (shown elsewhere)
            if item is None or not item.text().strip():
                continue
            if isinstance(table.itemDelegateForColumn(column), OneLine):
                # a name on one line, elided where it is long: whole in its tooltip
                if item.toolTip() != item.text():
                    found.append(f"{item.text()!r}: elided without its tooltip")
                continue
            room = table.columnWidth(column) - PAD
            words = item.text().split()
            widest = max(metrics.horizontalAdvance(word) for word in words)
            lines = metrics.boundingRect(0, 0, max(1, room), 10_000,
                                         int(Qt.TextFlag.TextWordWrap), item.text()).height()
            if widest > room:
                found.append(f"{item.text()!r}: a word of {widest} px in {room}")
            elif lines > table.rowHeight(row):
                found.append(f"{item.text()!r}: {lines} px of lines in {table.rowHeight(row)}")
    return found


def _type_name(qtbot: QtBot, view: ConflictView, name: str) -> None:
    view.new_name.setFocus()
    qtbot.keyClicks(view.new_name, name)
    qtbot.keyClick(view.new_name, Qt.Key.Key_Return)


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_the_cells_read_whole_before_the_name_keeps_room(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow],
        size: tuple[int, int]) -> None:
    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    dock = window.gm_screen_dock
    dock.show()
    dock.raise_()
    page = dock.show_page("2d20")
    assert isinstance(page, GmScreen)
    page.tabs.setCurrentIndex(next(i for i in range(page.tabs.count())
                                   if page.tabs.tabText(i).replace("&", "") == "Conflict"))
    settle()
    view = page.conflict
    assert view.isVisible()
    for name in ("Ann", "Bo", "Guard captain", "Belit, Queen of the Black Coast"):
        _type_name(qtbot, view, name)
    view.select("Bo")
    qtbot.mouseClick(view.take_button, Qt.MouseButton.LeftButton)  # Stress: "2/5" and so on
    qtbot.mouseClick(view.turn_button, Qt.MouseButton.LeftButton)  # Acted: "yes"
    QApplication.processEvents()
    settle()
    table = view.table
    assert table.rowCount() == 4
    assert sideways_scrolling(table) == []
    assert cut_text(table) == []  # a head elided shows whole in its tooltip
    assert _cut_cells(table) == []
    header = table.horizontalHeader()
    assert sum(header.sectionSize(c) for c in range(table.columnCount())) <= (
        table.viewport().width())
    for document in window.gm_documents():
        document.undo_stack.setClean()
