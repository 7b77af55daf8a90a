"""Parts the Blades GM screen's pages share: the read-only tables of odds and reference
rows, the drop-downs of position and effect, and the consequences at a position."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QHeaderView, QTableWidget

from seforge.core.reference import ReferenceSource
from seforge.systems.blades import reference
from seforge.systems.blades.facts import Position, ResultLevel
from ui.shell.focus_nav import no_tab_trap
from ui.systems.blades.common import header_tips, stretch_columns, text_item

LEVEL_NAMES: dict[ResultLevel, str] = {
    ResultLevel.CRITICAL: "Critical (two 6s)",
    ResultLevel.SUCCESS: "Full success (6)",
    ResultLevel.PARTIAL: "Partial (4/5)",
    ResultLevel.FAILURE: "Bad outcome (1-3)",
}


def odds_table(columns: list[str], name: str) -> QTableWidget:
    """A read-only table of the GM screen (odds, reference rows) named ``name``."""
    table = no_tab_trap(QTableWidget(0, len(columns)))
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels(columns)
    header_tips(table)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def fit_rows(table: QTableWidget, rows: int) -> None:
    """Keep ``rows`` rows of ``table`` in view (no inner scrolling for a short table)."""
    height = (table.horizontalHeader().sizeHint().height() +
              rows * table.verticalHeader().defaultSectionSize() + 2 * table.frameWidth() + 6)
    table.setMinimumHeight(height)
    table.setMaximumHeight(height)


def wrap_rows(table: QTableWidget) -> None:
    """Long cells wrap and the table grows to show every row whole (a narrow dock)."""
    stretch_columns(table, wrap=True)
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def fit() -> None:
        table.resizeRowsToContents()
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        table.setFixedHeight(table.horizontalHeader().sizeHint().height() + rows
                             + 2 * table.frameWidth() + 2)

    def later(*_: object) -> None:
        QTimer.singleShot(0, table, fit)  # once the columns have their new widths

    table.verticalHeader().sectionResized.connect(later)
    table.horizontalHeader().sectionResized.connect(later)
    table.model().rowsInserted.connect(later)
    table.model().dataChanged.connect(later)
    fit()


def combo(name: str, values: list[str], current: str, tip: str) -> QComboBox:
    """A drop-down of ``values`` (shown capitalised, each its own data), ``current`` picked."""
    box = QComboBox()
    box.setAccessibleName(name)
    for value in values:
        box.addItem(value.capitalize(), value)
    box.setCurrentIndex(values.index(current))
    box.setToolTip(tip)
    return box



def source_label(source: ReferenceSource | None) -> str:
    """How a row's source reads ("not given" when it has none)."""
    return source.label if source is not None else "not given"


def consequences_table(name: str) -> QTableWidget:
    """The consequences at a position, by result (:func:`fill_consequences`), wrapping."""
    table = odds_table(["Result", "At this position"], name)
    wrap_rows(table)
    return table


def fill_consequences(table: QTableWidget, position: Position) -> None:
    """The "consequences" reference table's rows for ``position``, each with its source."""
    source = source_label(reference.table("consequences").source)
    rows = reference.consequences_at(position.value)
    table.setRowCount(len(rows))
    for i, (result, cost) in enumerate(rows):
        table.setItem(i, 0, text_item(result))
        table.setItem(i, 1, text_item(cost, source))

