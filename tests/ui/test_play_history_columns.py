"""The Play dock's History at a laptop's size: "What" and "Why" share the room so that the
lines take the least height (one reason among six lines kept a quarter of the width, and
every entry wrapped onto more lines than it needed), and no cell's text is cut."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QStyleOptionViewItem, QTableWidget
from pytestqt.qtbot import QtBot

from tests.ui.helpers import laptop_window, se_part, settle
from ui.shell.window import MainWindow

WHAT, WHY = 2, 3


def _click(qtbot: QtBot, button: QAbstractButton) -> None:
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _cell_height(table: QTableWidget, row: int, column: int, width: int) -> int:
    """The height the cell's text takes wrapped at ``width``, as the table's delegate
    measures it (as resizeRowsToContents does)."""
    index = table.model().index(row, column)
    option = QStyleOptionViewItem()
    option.initFrom(table)
    option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
    option.rect = QRect(0, 0, width - 1, 1)  # less the grid line
    return table.itemDelegateForIndex(index).sizeHint(option, index).height()


def _lines_height(table: QTableWidget, why: int) -> int:
    """The rows' height with "Why" ``why`` pixels wide and "What" the rest of its room."""
    shared = table.columnWidth(WHAT) + table.columnWidth(WHY)
    least = table.verticalHeader().minimumSectionSize()
    return sum(max(least, _cell_height(table, row, WHAT, shared - why),
                   _cell_height(table, row, WHY, why)) for row in range(table.rowCount()))


def _cut_cells(table: QTableWidget) -> list[str]:
    found = []
    metrics = table.fontMetrics()
    for row in range(table.rowCount()):
        for column in (WHAT, WHY):
            item = table.item(row, column)
            text = item.text() if item is not None else ""
            width = table.columnWidth(column)
            if not text:
                continue
            if _cell_height(table, row, column, width) > table.rowHeight(row):
                found.append(f"row {row} {text!r}: taller than its row")
            word = max(metrics.horizontalAdvance(w) for w in text.split())
            if word > width - 8:
                found.append(f"row {row} {text!r}: a word wider than its column")
    return found


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_history_columns_fit_their_text(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                        made: list[MainWindow], size: tuple[int, int]) -> None:
    from seforge.systems.swords_edge.library import load_pc

    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    part = se_part(window)
    document = part.open_book_character(load_pc("jyrell"))
    assert part.play_dock is not None
    part.play_dock.show()
    part.play_dock.raise_()
    settle()
    panel = part.play_dock.panel_for(document)
    _click(qtbot, panel.start_button)
    _click(qtbot, panel.spend_button)
    _click(qtbot, panel.spend_button)
    panel.luck_reason.setFocus()
    qtbot.keyClicks(panel.luck_reason, "Her Weakness was invoked by the GM")
    _click(qtbot, panel.gain_button)
    _click(qtbot, panel.pivot_button)
    _click(qtbot, panel.spend_button)
    qtbot.wait(50)
    settle()
    table = panel.history
    assert table.rowCount() == 6
    reasons = [table.item(r, WHY) for r in range(6)]
    assert [item is not None and bool(item.text()) for item in reasons].count(True) == 1
    assert not table.isColumnHidden(WHY)
    assert table.horizontalScrollBar().maximum() == 0
    assert _cut_cells(table) == []
    # the lines are shorter than with "Why" a quarter of the width (at 1366 the dock has
    # room enough, since the number columns' heads are short, that a quarter does as well)
    quarter = table.viewport().width() // 4
    now = _lines_height(table, table.columnWidth(WHY))
    if size == (1024, 768):
        assert now < _lines_height(table, quarter), (table.columnWidth(WHY), quarter)
    assert now <= _lines_height(table, quarter), (table.columnWidth(WHY), quarter)
