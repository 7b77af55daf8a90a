"""What every part of the 2d20 test calculator shares: the profile and the table's settings it
works with, a part of the test switched on and off, and the tables of chances its answers
fill."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtWidgets import QGroupBox, QTableWidget, QTableWidgetItem, QWidget

from seforge.core.probability_text import exactly, percent
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.settings import TableSettings
from ui.systems.twod20.common import elide_headers, one_row_height, rows_height


def chance_column(head: str, name: str, tip: str) -> QTableWidget:
    """A table of chances, one row per value of ``head`` (filled by
    :meth:`CalculatorPart._fill_column`)."""
    table = QTableWidget(0, 2)
    table.setHorizontalHeaderLabels([head, "Chance"])
    table.setAccessibleName(name)
    table.setToolTip(tip)
    table.verticalHeader().setVisible(False)
    return table


class CalculatorPart(QWidget):
    """The base of the calculator and of each of its parts (:mod:`.calculator_skill`, the
    test's inputs; :mod:`.calculator_damage`, the damage's), which
    :class:`~ui.systems.twod20.calculator.Calculator` puts together."""

    profile: Profile
    """The game the calculator shows (its words and the damage's rules for nobody known)."""
    settings: TableSettings

    def recompute(self) -> None:
        """Work every answer out again (the calculator's own)."""
        raise NotImplementedError

    def _optional_group(self, title: str, *, checked: bool) -> QGroupBox:
        """A part of the test the user switches on and off (the odds follow at once)."""
        group = QGroupBox(title)
        group.setCheckable(True)
        group.setChecked(checked)
        group.toggled.connect(self.recompute)
        return group

    def _fill(self, table: QTableWidget, rows: list[tuple[str, Fraction]]) -> None:
        table.setRowCount(len(rows))
        for index, (text, p) in enumerate(rows):
            table.setItem(index, 0, QTableWidgetItem(text))
            item = QTableWidgetItem(percent(p))
            item.setToolTip(exactly(p))
            table.setItem(index, 1, item)
        elide_headers(table)

    def _fill_row(self, table: QTableWidget, cells: list[tuple[str, Fraction]]) -> None:
        """One row of chances under one column header each."""
        table.setColumnCount(len(cells))
        table.setHorizontalHeaderLabels([text for text, _ in cells])
        for index, (_text, p) in enumerate(cells):
            item = QTableWidgetItem(percent(p))
            item.setToolTip(exactly(p))
            table.setItem(0, index, item)
        elide_headers(table)
        table.setFixedHeight(one_row_height(table))

    def _fill_column(self, table: QTableWidget, rows: list[tuple[str, Fraction]]) -> None:
        """A chance per row, every row in view (a row of many columns cut each to a few
        letters in the docked GM Screen: "13.1…")."""
        self._fill(table, rows)
        table.setFixedHeight(rows_height(table, len(rows)))
