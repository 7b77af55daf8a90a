"""Small helpers the Blades views share (no rules here: they only show what the core says)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QLayoutItem,
    QLineEdit,
    QListView,
    QListWidget,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QWidget,
)

from seforge.core.probability_text import exactly, percent
from ui.shell.flow_layout import FlowLayout
from ui.shell.tab_stops import focus_when_filled


def percent_item(value: Fraction) -> QTableWidgetItem:
    """A table cell with an exact percentage, the fraction in its tooltip."""
    item = QTableWidgetItem(percent(value))
    item.setToolTip(exactly(value))
    item.setData(0x0100, str(value))
    return item


def text_item(text: str, tooltip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setToolTip(tooltip or text)
    return item


def dots_text(rating: int, cap: int = 4) -> str:
    return "●" * rating + "○" * max(0, cap - rating)


class ReflowRow(QBoxLayout):
    """A row that turns into a column when its parent is too narrow for it side by side
    (issue 26: pages reflow rather than scroll sideways). Its minimum width is that of
    its widest item, so a scroll area never has to scroll sideways for it. With
    ``preferred`` the items go side by side only where each has its preferred width (an
    item that can shrink a long way, by wrapping its text, would otherwise squeeze its
    neighbour to its minimum)."""

    def __init__(self, parent: QWidget | None = None, preferred: bool = False) -> None:
        super().__init__(QBoxLayout.Direction.LeftToRight, parent)
        self._preferred = preferred

    def _items(self) -> list[QLayoutItem]:
        found = (self.itemAt(i) for i in range(self.count()))
        return [item for item in found if item is not None and not item.isEmpty()]

    def _row_width(self) -> int:
        shown = [max(item.minimumSize().width(),
                     item.sizeHint().width() if self._preferred else 0)
                 for item in self._items()]
        margins = self.contentsMargins()
        return (sum(shown) + max(0, len(shown) - 1) * max(0, self.spacing())
                + margins.left() + margins.right())

    def minimumSize(self) -> QSize:
        size = super().minimumSize()
        if self.direction() == QBoxLayout.Direction.LeftToRight:
            margins = self.contentsMargins()
            widest = max((item.minimumSize().width() for item in self._items()), default=0)
            size.setWidth(min(size.width(), widest + margins.left() + margins.right()))
        return size

    def setGeometry(self, rect: QRect) -> None:
        wanted = (QBoxLayout.Direction.LeftToRight if rect.width() >= self._row_width()
                  else QBoxLayout.Direction.TopToBottom)
        if wanted != self.direction():
            self.setDirection(wanted)
        super().setGeometry(rect)


class CountLabel(QLabel):
    """A short count beside its buttons ("Heat 0 of 9, wanted 2"): it asks for its text
    on one line and wraps only where its row is narrower than that."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)

    def sizeHint(self) -> QSize:  # Qt override
        hint = super().sizeHint()
        margins = self.contentsMargins()
        one_line = (self.fontMetrics().horizontalAdvance(self.text()) + margins.left()
                    + margins.right() + 2 * self.margin())
        return QSize(max(hint.width(), one_line), hint.height())


class FormGrid(QGridLayout):
    """Labels on the left, their fields on the right: a form, laid out by a grid.

    Qt's QFormLayout keeps the height of each row for one width only, yet answers
    ``heightForWidth`` for two (the last width asked and its own preferred width): asked
    for its preferred width in between (a scroll area's size hint does), it then places
    its rows at the other width with the heights measured at the preferred one, so a row
    whose height follows its width (a wrapped label, a row that wraps) is given one line
    where it needs two and covers the row below. A grid measures its rows at the width it
    places them with."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnStretch(1, 1)

    def addRow(self, label: str, field: QWidget | QLayout, *,
               top: int = 0) -> QLabel | None:
        """Add ``label`` (none when empty) and its ``field`` under the rows so far; with
        ``top`` the label is that many pixels high at the top of a taller field (a field
        of more than one line), else centred beside it. The label made, if any."""
        row = self.rowCount() if self.count() else 0
        caption: QLabel | None = None
        if label:
            caption = QLabel(label)
            if isinstance(field, QWidget):
                caption.setBuddy(field)
            if top:
                caption.setMinimumHeight(top)
                self.addWidget(caption, row, 0, Qt.AlignmentFlag.AlignLeft
                               | Qt.AlignmentFlag.AlignTop)
            else:
                self.addWidget(caption, row, 0)
        if isinstance(field, QWidget):
            self.addWidget(field, row, 1)
        else:
            self.addLayout(field, row, 1)
        return caption


def room_for_placeholder(field: QLineEdit | QComboBox) -> None:
    """Make ``field`` (a line edit, or an editable combo box) never narrower than what it
    needs to show its placeholder whole: Qt elides a placeholder that does not fit."""
    edit = field.lineEdit() if isinstance(field, QComboBox) else field
    if edit is None or not edit.placeholderText():
        return
    margins = edit.textMargins()
    text = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
    inner = QSize(text + 2 * 2 + margins.left() + margins.right() + 1,  # Qt's 2 px a side
                  edit.sizeHint().height())
    style = field.style()
    if isinstance(field, QComboBox):
        combo_option = QStyleOptionComboBox()
        combo_option.initFrom(field)
        combo_option.editable = True
        combo_option.frame = field.hasFrame()
        needed = style.sizeFromContents(QStyle.ContentsType.CT_ComboBox, combo_option,
                                        inner, field)
    else:
        frame_option = QStyleOptionFrame()
        frame_option.initFrom(field)
        frame_option.lineWidth = style.pixelMetric(
            QStyle.PixelMetric.PM_DefaultFrameWidth, frame_option, field) if (
            field.hasFrame()) else 0
        needed = style.sizeFromContents(QStyle.ContentsType.CT_LineEdit, frame_option,
                                        inner, field)
    field.setMinimumWidth(max(field.minimumWidth(), needed.width()))


def fill_row(*widgets: QWidget) -> FlowLayout:
    """``widgets`` on a row that wraps onto more lines when narrow, each line filled."""
    row = FlowLayout(fill=True)
    for widget in widgets:
        row.addWidget(widget)
    return row


def quietly(root: QWidget, draw: Callable[[], None]) -> None:
    """Run ``draw`` with the signals of every widget under ``root`` blocked, so a redraw
    from the document is never taken for an edit."""
    widgets = root.findChildren(QWidget)
    for widget in widgets:
        widget.blockSignals(True)
    try:
        draw()
    finally:
        for widget in widgets:
            widget.blockSignals(False)


def header_tips(table: QTableWidget | QTreeWidget) -> None:
    """Each column header carries its full text as a tooltip, so an elided header
    (a narrow GM Screen dock) can still be read."""
    if isinstance(table, QTableWidget):
        for column in range(table.columnCount()):
            item = table.horizontalHeaderItem(column)
            if item is not None:
                item.setToolTip(item.text())
    else:
        head = table.headerItem()
        for column in range(table.columnCount()):
            head.setToolTip(column, head.text(column))
    if isinstance(table, QTableWidget):
        table.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)


def wrap_list(view: QListWidget) -> None:
    """A list whose long entries wrap onto more lines instead of scrolling sideways, and
    that Tab passes by while it is empty (see :func:`focus_when_filled`)."""
    view.setWordWrap(True)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    focus_when_filled(view)


def stretch_columns(table: QTableWidget, wrap: bool = False) -> None:
    """Columns share the table's width (cells elide, their tooltip has the full text);
    with ``wrap`` long cells wrap and rows grow to hold them."""
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    header.setMinimumSectionSize(24)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    if wrap:
        table.setWordWrap(True)
        table.setTextElideMode(Qt.TextElideMode.ElideNone)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)


SHORT_CELL = 14
"""Columns whose every cell is at most this many characters keep their text's width."""


def share_columns(table: QTableWidget) -> None:
    """After filling ``table``: short columns (numbers, names) take their text's width
    and the long ones share the rest (call after :func:`stretch_columns`)."""
    header = table.horizontalHeader()
    for column in range(table.columnCount()):
        cells = (table.item(row, column) for row in range(table.rowCount()))
        texts = [cell.text() for cell in cells if cell is not None]
        head = table.horizontalHeaderItem(column)
        texts.append(head.text() if head is not None else "")
        short = max(len(t) for t in texts) <= SHORT_CELL
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents if short
                                    else QHeaderView.ResizeMode.Stretch)


class TraumaPick(QComboBox):
    """The trauma condition a filling stress track brings, as the player picks it: none
    is picked for them (the first item says so), so a stress that fills the track is
    refused with the core's reason until one is chosen. Lists only the conditions not
    yet marked; a pick that gets marked goes back to none."""

    NOT_CHOSEN = "— pick when it fills —"

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(name)
        self.setToolTip("The trauma condition the player picks for a stress track that "
                        "fills")
        self.addItem(self.NOT_CHOSEN, "")

    def condition(self) -> str:
        """The condition picked, or "" when none is."""
        return str(self.currentData() or "")

    def set_conditions(self, free: list[str]) -> None:
        """List ``free`` (the conditions still open), keeping the pick while it is."""
        if [self.itemText(i) for i in range(1, self.count())] == free:
            return
        picked = self.condition()
        self.blockSignals(True)
        while self.count() > 1:
            self.removeItem(1)
        for condition in free:
            self.addItem(condition, condition)
        self.setCurrentIndex(max(self.findData(picked), 0) if picked else 0)
        self.blockSignals(False)
