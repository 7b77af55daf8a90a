"""The Sword's Edge GM Screen's reference tables in the dock of a laptop: every cell reads
whole. The SFX table's seven columns have less room than their longest words at 1024x768,
and its cells were cut ("Per…" for Personal, "Exc…" for Exceptional, "Bonfi…"); a word
wider than its column now breaks onto the next line, and each row is as tall as its text.
The page never scrolls sideways."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QTextLayout, QTextOption
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableView
from pytestqt.qtbot import QtBot

from tests.ui.helpers import laptop_gm_screen, settle
from tests.ui.shell.layout_check import cut_at_the_right, sideways_scrolling
from ui.shell.window import MainWindow


def _shown_option(view: QTableView, index: QModelIndex) -> QStyleOptionViewItem:
    """The style option the view's delegate paints ``index`` with (its text as drawn)."""
    option = QStyleOptionViewItem()
    option.initFrom(view)
    option.rect = view.visualRect(index)
    if view.wordWrap():
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
    option.textElideMode = view.textElideMode()
    delegate = view.itemDelegateForIndex(index)
    if type(delegate) is QStyledItemDelegate:  # Qt's own: ask a twin made here
        delegate = QStyledItemDelegate()
    delegate.initStyleOption(option, index)  # type: ignore[attr-defined]
    return option


def _cut_cells(view: QTableView, name: str) -> list[str]:
    """Cells drawn cut: a line wider than the cell's text room (Qt elides it with "…"), or
    more lines than the row's height holds (as Qt lays a wrapped cell's text out)."""
    model = view.model()
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None,
                                      view) + 1
    found = []
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            option = _shown_option(view, index)
            room = option.rect.width() - 2 * margin
            layout = QTextLayout(option.text, option.font)
            text_option = QTextOption()
            text_option.setWrapMode(QTextOption.WrapMode.WordWrap)
            layout.setTextOption(text_option)
            layout.beginLayout()
            height, widest = 0.0, 0.0
            while (line := layout.createLine()).isValid():
                line.setLineWidth(room)
                widest = max(widest, line.naturalTextWidth())
                height += line.height()
            layout.endLayout()
            text = str(model.data(index))
            if widest > room:
                found.append(f"{name} {text!r}: a line of {widest:.0f} px in {room}")
            elif height > option.rect.height() + 1:
                found.append(f"{name} {text!r}: {height:.0f} px of lines in "
                             f"{option.rect.height()}")
    return found


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_every_reference_cell_reads_whole_in_the_dock(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow],
        size: tuple[int, int]) -> None:
    _window, dock = laptop_gm_screen(qtbot, monkeypatch, size, "jyrell", made)
    dock.tabs.setCurrentWidget(dock.reference)
    qtbot.keyClicks(dock.reference.search, "SFX")
    settle()
    sfx = dock.reference.sections["sfx"]
    assert sfx.isVisible() and sfx.model.rowCount() == 7
    assert _cut_cells(sfx.view, "sfx") == []
    dock.reference.search.clear()
    settle()
    found = []
    for table_id, section in dock.reference.sections.items():
        found += _cut_cells(section.view, table_id)
    assert found == [], "\n".join(found)
    assert sideways_scrolling(dock.reference) == []
    assert cut_at_the_right(dock.reference) == []
