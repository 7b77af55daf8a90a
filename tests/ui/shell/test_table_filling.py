"""Filling a table's cells in one block: its sizing modes come back and are applied to
what was filled (they are switched off while the cells are set, each of which would
otherwise measure the whole table again)."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem
from pytestqt.qtbot import QtBot

from ui.shell.widgets import filling

FIT = QHeaderView.ResizeMode.ResizeToContents


def test_a_refill_keeps_the_sizing_and_fits_the_new_cells(qtbot: QtBot) -> None:
    table = QTableWidget(0, 2)
    qtbot.addWidget(table)
    table.horizontalHeader().setSectionResizeMode(0, FIT)
    table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    table.setWordWrap(True)
    table.verticalHeader().setSectionResizeMode(FIT)
    table.resize(300, 300)
    table.show()
    for text in ("short", "a much longer first cell than before"):
        with filling(table):
            table.setRowCount(3)
            for row in range(3):
                table.setItem(row, 0, QTableWidgetItem(f"{text} {row}"))
                table.setItem(row, 1, QTableWidgetItem("two words " * 8))
    header = table.horizontalHeader()
    assert header.sectionResizeMode(0) == FIT
    assert header.sectionResizeMode(1) == QHeaderView.ResizeMode.Stretch
    assert table.verticalHeader().sectionResizeMode(0) == FIT
    assert table.columnWidth(0) >= table.fontMetrics().horizontalAdvance(
        "a much longer first cell than before 2")
    assert table.rowHeight(0) > table.fontMetrics().height() * 1.5  # the long cell wraps
