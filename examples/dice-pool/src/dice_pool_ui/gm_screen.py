"""The Dice Pool GM Screen page: the exact odds of any pool, and the reference tables.

The calculator's ranges and every number come from the core (:mod:`dice_pool.odds`,
:mod:`dice_pool.reference`); the page only shows them.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from seforge.core.probability_text import exactly, percent
from seforge.core.reference import ReferenceTable, search
from ui.shell.widgets import spin_box

from dice_pool import odds, reference

EXACT_ROLE = Qt.ItemDataRole.UserRole
"""A probability cell's exact fraction, as text."""


def _table(columns: list[str], name: str) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels(columns)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setWordWrap(True)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    header.setMinimumSectionSize(30)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    for column in range(len(columns)):
        item = table.horizontalHeaderItem(column)
        if item is not None:
            item.setToolTip(item.text())

    def later(*_: object) -> None:
        QTimer.singleShot(0, table, lambda: _fit_height(table))  # once columns have widths

    header.sectionResized.connect(later)
    return table


def _fit_height(table: QTableWidget) -> None:
    """The table as tall as its rows: the page scrolls, never the table."""
    table.resizeRowsToContents()
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    table.setFixedHeight(table.horizontalHeader().sizeHint().height() + rows
                         + 2 * table.frameWidth() + 4)


def _chance_item(value: Fraction) -> QTableWidgetItem:
    item = QTableWidgetItem(percent(value))
    item.setToolTip(exactly(value))
    item.setData(EXACT_ROLE, str(value))
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


class OddsCalculator(QGroupBox):
    """Dice, sides and target in; the chance of each number of successes out."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Odds", parent)
        form = QFormLayout(self)
        self.dice = spin_box("Dice", odds.MIN_DICE, odds.MAX_DICE, 3,
                             f"How many dice are rolled, {odds.MIN_DICE} to {odds.MAX_DICE}")
        self.sides = spin_box("Sides", odds.MIN_SIDES, odds.MAX_SIDES, odds.DEFAULT_SIDES,
                              f"Sides of each die, {odds.MIN_SIDES} to {odds.MAX_SIDES}")
        self.target = spin_box("Target", 1, odds.DEFAULT_SIDES, 4,
                               "A die showing this or more is a success")
        form.addRow("&Dice", self.dice)
        form.addRow("&Target", self.target)
        form.addRow("Si&des", self.sides)
        self.summary = QLabel()
        self.summary.setAccessibleName("Odds summary")
        self.summary.setWordWrap(True)
        form.addRow(self.summary)
        self.table = _table(["Successes", "Exactly", "Or more"], "Odds by successes")
        form.addRow(self.table)
        for spin in (self.dice, self.sides, self.target):
            spin.valueChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        sides = self.sides.value()
        if self.target.maximum() != sides:
            blocked = self.target.blockSignals(True)
            self.target.setMaximum(sides)  # clamps the target to a face of the die
            self.target.blockSignals(blocked)
        dice, target = self.dice.value(), self.target.value()
        exactly = odds.successes(dice, target, sides)
        more = odds.at_least(exactly)
        self.table.setRowCount(len(exactly))
        for k, (p, q) in enumerate(zip(exactly, more, strict=True)):
            count = QTableWidgetItem(str(k))
            count.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.table.setItem(k, 0, count)
            self.table.setItem(k, 1, _chance_item(p))
            self.table.setItem(k, 2, _chance_item(q))
        _fit_height(self.table)
        one = more[1] if dice >= 1 else Fraction(0)
        self.summary.setText(
            f"{dice}d{sides}, each {target}+ a success: at least one success "
            f"{percent(one)}; {float(sum(k * p for k, p in enumerate(exactly))):.2f} "
            "successes on average.")


class ReferencePanel(QGroupBox):
    """The system's reference tables, with a search over them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Reference", parent)
        column = QVBoxLayout(self)
        self.search = QLineEdit()
        self.search.setAccessibleName("Search the reference")
        self.search.setPlaceholderText("Search the reference…")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Show the rows that hold every word typed")
        column.addWidget(self.search)
        self.tables: tuple[ReferenceTable, ...] = reference.tables()
        self.views: dict[str, tuple[QLabel, QTableWidget]] = {}
        self.notes: dict[str, QLabel] = {}
        for table in self.tables:
            title = QLabel(f"<b>{table.title}</b>")
            title.setWordWrap(True)
            view = _table(list(table.columns), table.title)
            view.setToolTip(table.notes)
            view.horizontalHeader().setSectionResizeMode(
                0, QHeaderView.ResizeMode.ResizeToContents)  # names: as wide as they are
            column.addWidget(title)
            column.addWidget(view)
            self.views[table.id] = (title, view)
            if table.notes:
                note = QLabel(table.notes)
                note.setWordWrap(True)
                note.setEnabled(False)  # a quieter caption
                column.addWidget(note)
                self.notes[table.id] = note
        self.empty = QLabel("Nothing matches.")
        self.empty.setVisible(False)
        column.addWidget(self.empty)
        self.search.textChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        found = {table.id: rows for table, rows in search(self.tables, self.search.text())}
        for table in self.tables:
            title, view = self.views[table.id]
            rows = found.get(table.id, [])
            title.setVisible(bool(rows))
            view.setVisible(bool(rows))
            if table.id in self.notes:
                self.notes[table.id].setVisible(bool(rows))
            view.setRowCount(len(rows))
            for at, row in enumerate(rows):
                for column, text in enumerate(table.rows[row]):
                    item = QTableWidgetItem(text)
                    item.setToolTip(text)
                    view.setItem(at, column, item)
            _fit_height(view)
        self.empty.setVisible(not found)


class DicePoolGmScreen(QScrollArea):
    """The page the GM Screen dock shows for Dice Pool."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dicePoolGmScreen")
        self.setAccessibleName("Dice Pool GM Screen")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        host = QWidget()
        column = QVBoxLayout(host)
        self.calculator = OddsCalculator(host)
        self.reference = ReferencePanel(host)
        column.addWidget(self.calculator)
        column.addWidget(self.reference)
        column.addStretch(1)
        self.setWidget(host)
