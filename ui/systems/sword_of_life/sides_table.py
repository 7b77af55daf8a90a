"""The sides of a Sword of Life conflict as a table: a row per side (the player first), its
name and its numbers edited in place. The table shows the document; every edit goes to the
conflict screen's ``changed(index, field, value)`` (index None: the player), which applies it
through the document's owner.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHeaderView, QSpinBox, QTableWidget, QTableWidgetItem, QWidget

from seforge.systems.sword_of_life.conflict import (
    draw_count,
    score_name,
    splits,
)
from seforge.systems.sword_of_life.conflict_model import (
    MAX_SCORE,
    Side,
    SolConflict,
)
from seforge.systems.sword_of_life.odds import ConflictKind
from ui.shell.widgets import DocumentLineEdit, whole_numbers

SIDE_COLUMNS = ("Name", "Draws", "Score", "Start", "Bonus", "Split")
SideChanged = Callable[[int | None, str, object], None]
"""What the table calls with an edit: the side (None: the player), the field, the value."""


def short_headers(table: QTableWidget, heads: tuple[tuple[str, str], ...]) -> None:
    """Short column heads that fit a narrow table, each with its full name as tooltip."""
    for column, (short, full) in enumerate(heads):
        item = table.horizontalHeaderItem(column)
        if item is None:
            item = QTableWidgetItem()
            table.setHorizontalHeaderItem(column, item)
        item.setText(short)
        item.setToolTip(full)


def fix_sections(table: QTableWidget) -> None:
    """Every column but the first (which stretches) as wide as its head and a small
    number box."""
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    margin = 2 * header.style().pixelMetric(header.style().PixelMetric.PM_HeaderMargin,
                                            None, header)
    for column in range(1, table.columnCount()):
        item = table.horizontalHeaderItem(column)
        text = item.text() if item is not None else ""
        header.resizeSection(column, max(metrics.horizontalAdvance(text) + margin + 6,
                                         metrics.horizontalAdvance("-99") + 28))


def sides_table() -> QTableWidget:
    """An empty table of sides, a row selected at a time."""
    table = QTableWidget(0, len(SIDE_COLUMNS))
    table.setAccessibleName("Sides of the conflict")
    # Tab goes from box to box along the rows and then out of the table (with Qt's Tab
    # between cells, it went round the rows for ever)
    table.setTabKeyNavigation(False)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    table.horizontalHeader().setMinimumSectionSize(20)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setMinimumHeight(120)
    return table


def draw_sides(table: QTableWidget, doc: SolConflict, changed: SideChanged) -> None:
    """The table as ``doc`` has it (the selected row kept); its cells' edits go to
    ``changed``."""
    rows = [None, *range(len(doc.opponents))]
    draws = "Edge" if doc.kind == ConflictKind.COMBAT else "Draws (= score)"
    score = score_name(doc)
    short_headers(table, (
        ("Name", "Name"), (draws.split()[0], draws), (score.split()[0], score),
        ("Start", "Starts at"), ("Bonus", "Bonus cards"),
        ("Split", "Split: cards put against this opponent")))
    fix_sections(table)
    # the Split column only while the hand is split between two or more opponents: else
    # its boxes are all off, and its width is the name's (a docked table cut "Opponent")
    table.setColumnHidden(SIDE_COLUMNS.index("Split"), not splits(doc))
    current = table.currentRow()
    if table.rowCount() != len(rows):
        table.setRowCount(len(rows))
    for row, index in enumerate(rows):
        side = doc.player if index is None else doc.opponents[index]
        who = "Player" if index is None else f"Opponent {row}"
        _draw_name(table, row, who, side, changed)
        values = (("cards", side.cards, 0, MAX_SCORE), ("score", side.score, 0, MAX_SCORE),
                  ("start", side.start, 0, MAX_SCORE),
                  ("bonus", side.bonus, -MAX_SCORE, MAX_SCORE),
                  ("split", side.split, 0, MAX_SCORE))
        for column, (field, value, low, high) in enumerate(values, start=1):
            spin = _spin_cell(table, row, column, field, changed)
            if field == "cards" and doc.kind != ConflictKind.COMBAT:
                value = draw_count(doc, side)  # shown, not edited: the score is drawn
            spin.blockSignals(True)
            spin.setRange(low, max(high, value))
            spin.setValue(value)
            spin.blockSignals(False)
            header = table.horizontalHeaderItem(column)
            spin.setAccessibleName(f"{who} {header.toolTip() if header else field}")
            _explain_spin(spin, doc, index, field)
    if 0 <= current < len(rows) and table.currentRow() != current:
        # (only when the redraw lost it: selecting moves the current cell to the row's
        # name, and Qt gives the focus to the box of the current cell, so Tab from a
        # number just typed went back to the name)
        table.selectRow(current)


def change_text(doc: SolConflict, index: int | None, field: str) -> str:
    """The undo step of an edit of side ``index`` (None: the player), in the words the table
    shows: "Set Smuggler's Grip", "Rename Player"."""
    side = doc.player if index is None else doc.opponents[index]
    who = side.name or ("the player" if index is None else f"opponent {index + 1}")
    if field == "name":
        return f"Rename {who}"
    if field == "score":
        what = score_name(doc)
        if doc.kind == ConflictKind.PROBLEM:  # "Point / cards": the player's, the problem's
            what = what.split(" / ")[0 if index is None else 1]
    else:
        what = {"cards": "Edge" if doc.kind == ConflictKind.COMBAT else "cards drawn",
                "start": "starting score", "bonus": "bonus cards",
                "split": "split"}.get(field, field)
    return f"Set {who}'s {what}"


def order_cells(table: QTableWidget, after: QWidget) -> None:
    """Tab from the table goes along its rows' boxes, then on to ``after`` (the boxes,
    made when the table is drawn, came last in the window's order: Tab from the last one
    left the page)."""
    before: QWidget = table
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            cell = table.cellWidget(row, column)
            if cell is not None:
                QWidget.setTabOrder(before, cell)
                before = cell
    QWidget.setTabOrder(before, after)


def _side(row: int) -> int | None:
    """The opponent index of a row (None: the player's, the first)."""
    return None if row == 0 else row - 1


def _draw_name(table: QTableWidget, row: int, who: str, side: Side,
               changed: SideChanged) -> None:
    name = table.cellWidget(row, 0)
    if not isinstance(name, DocumentLineEdit):
        name = DocumentLineEdit()
        name.setMaxLength(200)
        name.setFrame(False)
        name.editingFinished.connect(
            lambda r=row, n=name: changed(_side(r), "name", n.text().strip()))
        table.setCellWidget(row, 0, name)
    name.setAccessibleName(f"{who} name")
    name.show_text(side.name)  # (a narrow column shows a long name's start)
    name.setToolTip(side.name)


def _spin_cell(table: QTableWidget, row: int, column: int, field: str,
               changed: SideChanged) -> QSpinBox:
    """The number box of a cell, made the first time it is shown."""
    spin = table.cellWidget(row, column)
    if not isinstance(spin, QSpinBox):
        spin = QSpinBox()
        spin.setFrame(False)
        whole_numbers(spin)
        spin.valueChanged.connect(lambda v, r=row, f=field: changed(_side(r), f, v))
        table.setCellWidget(row, column, spin)
    return spin


def _explain_spin(spin: QSpinBox, doc: SolConflict, index: int | None, field: str) -> None:
    """Whether a number can be edited now, and its tooltip saying what it is."""
    if field == "cards":
        spin.setEnabled(doc.kind == ConflictKind.COMBAT)
        spin.setToolTip("Edge: the cards drawn each exchange" if spin.isEnabled()
                        else "In a debate or a problem the current score is drawn")
    elif field == "split":
        split_on = index is not None and splits(doc)
        spin.setEnabled(split_on)
        spin.setToolTip("How many of the player's cards go against this opponent"
                        if split_on else "Only when splitting the hand between "
                        "two or more opponents")
    elif field == "score":
        spin.setToolTip("The score now; a lost exchange lowers it, 0 is out")
    elif field == "start":
        spin.setToolTip("The score Start over returns to (the score typed before "
                        "the first exchange)")
    else:
        spin.setToolTip("Extra cards (equipment, a GM's award) or fewer (negative)")
