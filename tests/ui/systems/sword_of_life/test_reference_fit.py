"""The GM Screen's Sword of Life reference at laptop sizes: in the dock beside a document at
1024x768 the odds tables showed "2…", "1…" and "…" for their chances, and the example ratings
"disab…", "shatt…", "untra…" (a column narrower than its longest word is cut short). A table
too wide for the page now shows its columns in parts, one under the other, each with the
row heads; every word of every cell is whole, at both sizes, in both themes."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QStyle, QTableWidget

from tests.ui.helpers import settle
from tests.ui.systems.sword_of_life.test_keyboard import gm_page, new_character
from ui.shell.window import MainWindow


def cut_cells(table: QTableWidget) -> list[str]:
    """The cells (and heads) of ``table`` a word of which is wider than its column."""
    style = table.style()
    margin = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
    metrics = table.fontMetrics()
    cut = []
    for column in range(table.columnCount()):
        if table.isColumnHidden(column):
            continue
        room = table.columnWidth(column) - margin
        head = table.horizontalHeaderItem(column)
        texts = [head.text() if head is not None else ""]
        items = [table.item(row, column) for row in range(table.rowCount())
                 if not table.isRowHidden(row)]
        texts += [item.text() for item in items if item is not None]
        for text in texts:
            needed = metrics.boundingRect(QRect(0, 0, room, 10_000),
                                          Qt.TextFlag.TextWordWrap, text).width()
            if needed > room:
                cut.append(f"{table.accessibleName()} [{column}]: {text!r} needs {needed} "
                           f"of {room}")
    return cut


def test_every_reference_cell_is_whole_beside_a_document(each_laptop: MainWindow) -> None:
    window = each_laptop
    new_character(window)
    page = gm_page(window)
    page.setCurrentWidget(page.reference)
    settle()
    settle()
    tables = page.reference.findChildren(QTableWidget)
    assert len(tables) >= len(page.reference.tables)
    assert [cut for table in tables if table.isVisible() for cut in cut_cells(table)] == []
    # the search still finds a row, in whichever part it shows
    page.reference.search.setText("Nobel")
    settle()
    shown = [table for table in tables if table.isVisible()]
    assert shown and all(
        [r for r in range(t.rowCount()) if not t.isRowHidden(r)] == [6] for t in shown)
