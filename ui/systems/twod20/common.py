"""Small widgets and formatting shared by the 2d20 views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionComboBox,
    QStyleOptionViewItem,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.probability_text import exactly, percent
from ui.shell.flow_layout import flow_row


def set_probability(label: QLabel, value: Fraction, prefix: str = "") -> None:
    """Show ``value`` as a percentage with its exact fraction in the tooltip."""
    label.setText(f"{prefix}{percent(value)}")
    label.setToolTip(exactly(value))


def set_reason(widget: QWidget, reason: str | None, tip: str) -> None:
    """Enable ``widget`` when ``reason`` is None, else disable it and say why."""
    widget.setEnabled(reason is None)
    widget.setToolTip(tip if reason is None else f"{tip} — not now: {reason}")


class ReflowRow(QWidget):
    """Widgets side by side when the row is wide enough for all of them at their preferred
    width, else one under the other (as the Sword's Edge builder's two columns do). The row
    asks its parent only for the one-column width, so a scroll area never scrolls sideways
    to keep it in columns."""

    def __init__(self, widgets: Sequence[QWidget], stretches: Sequence[int] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._widgets = list(widgets)
        self._layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        for index, widget in enumerate(self._widgets):
            stretch = stretches[index] if index < len(stretches) else 1
            self._layout.addWidget(widget, stretch)
        self._wide = True

    def is_wide(self) -> bool:
        return self._wide

    def wide_width(self) -> int:
        """The narrowest width that still takes every widget at its preferred width."""
        shown = [w for w in self._widgets if not w.isHidden()]
        return (sum(max(w.sizeHint().width(), w.minimumSizeHint().width()) for w in shown)
                + self._layout.spacing() * max(0, len(shown) - 1))

    def set_wide(self, wide: bool) -> None:
        if wide == self._wide:
            return
        self._wide = wide
        self._layout.setDirection(QBoxLayout.Direction.LeftToRight if wide
                                  else QBoxLayout.Direction.TopToBottom)
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:
        shown = [w for w in self._widgets if not w.isHidden()]
        width = max((w.minimumSizeHint().width() for w in shown), default=0)
        return QSize(width, super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.set_wide(event.size().width() >= self.wide_width())
        super().resizeEvent(event)


def page_scroll(widget: QWidget | None = None) -> QScrollArea:
    """A scroll area holding a page (or ``widget``), as tall as it needs, never
    sideways. It takes no keyboard focus itself (a stop where nothing shows the focus);
    it still scrolls to the control that Tab reaches."""
    scroll = QScrollArea()
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    if widget is not None:
        scroll.setWidget(widget)
    return scroll


def labelled(label: str | QLabel, widget: QWidget) -> QWidget:
    """A label over its control, as one piece for a FlowLayout."""
    cell = QWidget()
    column = QVBoxLayout(cell)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(2)
    column.addWidget(label if isinstance(label, QLabel) else QLabel(label))
    column.addWidget(widget)
    return cell


def flow_of(widgets: Sequence[QWidget]) -> QWidget:
    """A widget holding ``widgets`` in a FlowLayout (wrapping when narrow): the shell's
    :func:`~ui.shell.flow_layout.flow_row`."""
    return flow_row(*widgets)


def elide_headers(table: QTableWidget, tips: Sequence[str] = ()) -> None:
    """Columns share the table's width (never a sideways scroll); a header too long for its
    column ends in an ellipsis and gives its full text (or ``tips``) as its tooltip."""
    header = table.horizontalHeader()
    header.setTextElideMode(Qt.TextElideMode.ElideRight)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    header.setMinimumSectionSize(24)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    for column in range(table.columnCount()):
        item = table.horizontalHeaderItem(column)
        if item is None:
            continue
        tip = tips[column] if column < len(tips) and tips[column] else item.text()
        item.setToolTip(tip)


class OneLine(QStyledItemDelegate):
    """Cells on one line, a text too long for its column elided (the table's cells give
    their whole text as their tooltip), where the rest of the table wraps at spaces."""

    def initStyleOption(self, option: QStyleOptionViewItem,
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.features &= ~QStyleOptionViewItem.ViewItemFeature.WrapText
        option.textElideMode = Qt.TextElideMode.ElideRight


FULL_HEAD = Qt.ItemDataRole.UserRole
"""Where a table head keeps its whole text while it shows a short one."""


class FitColumns(QObject):
    """The columns of a table as wide as their heads and cells need when the table has room
    for all of them, what is left over going to the ``stretch`` columns (which ask only for
    their heads: a long name elides on one line, whole in its tooltip). A stretch column
    keeps room for ``keep`` letters of its cells (a typical name) before the others take
    more than their heads: first every head, then that room, then the other columns' cells
    (the shortest first), then the stretch columns' whole cells, a little air, and the rest
    to the stretch columns. Where the room is short even for the heads, the cells come
    first and the heads elide (see :meth:`_share`). Never a sideways scroll. :meth:`fit`
    again after the cells or the heads change."""

    ELIDED = 4
    """Letters of a name the stretch columns show at least (with an ellipsis)."""
    AIR = 12
    """The most pixels added to a short column's need when the table has room to spare."""
    PAD = 8
    """A cell's room beside its text: the style's margins, the grid line, a pixel spare."""

    def __init__(self, table: QTableWidget, stretch: Sequence[int], keep: int = 0,
                 short: Mapping[str, str] | None = None, spare: Sequence[int] = ()) -> None:
        super().__init__(table)
        self._table = table
        self._stretch = tuple(stretch)
        self._keep = keep
        self._short = dict(short or {})
        """A shorter head for each head (by its text) that has one."""
        self._spare = tuple(spare)
        """Columns left out when even the short heads do not fit (shown elsewhere)."""
        # a name on one line, elided (whole in its tooltip): a long one wrapped onto three
        # or four lines in the narrow GM Screen dock
        self._one_line = OneLine(table)
        for column in self._stretch:
            table.setItemDelegateForColumn(column, self._one_line)
        rows = table.verticalHeader()
        rows.setMinimumSectionSize(rows.defaultSectionSize())  # grows for wrapped text only
        table.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def needs(self, column: int) -> int:
        """The width ``column`` needs: its head's, and its cells' unless it stretches."""
        head = self._table.horizontalHeader().sectionSizeHint(column)
        if column in self._stretch:
            return head
        return max(head, self._table.sizeHintForColumn(column))

    def keeps(self, column: int) -> int:
        """The room a stretch column keeps: its head's, and its cells' up to ``keep``
        letters (no more than its widest cell asks)."""
        table = self._table
        head = table.horizontalHeader().sectionSizeHint(column)
        if not self._keep or not table.rowCount():
            return head
        margin = 2 * (table.style().pixelMetric(
            QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
        letters = table.fontMetrics().averageCharWidth() * self._keep + margin
        return max(head, min(letters, table.sizeHintForColumn(column)))

    def fit(self) -> None:
        self._fit_widths()
        if self._table.wordWrap():  # a wrapped cell's row as tall as its lines
            self._table.resizeRowsToContents()

    def _choose_heads(self) -> None:
        """Every head whole where they all fit; else the short heads (each whole in its
        tooltip: the heads read "…" in the 1024x768 dock); and where even those do not fit,
        the ``spare`` columns left out."""
        if not self._short and not self._spare:
            return
        table = self._table
        header = table.horizontalHeader()
        items = [item for column in range(table.columnCount())
                 if (item := table.horizontalHeaderItem(column)) is not None]
        for item in items:
            full = str(item.data(FULL_HEAD) or item.text())
            item.setData(FULL_HEAD, full)
            if item.text() != full:
                item.setText(full)
            if not item.toolTip():
                item.setToolTip(full)
        for column in self._spare:
            header.setSectionHidden(column, False)
        room = table.viewport().width()

        def heads() -> int:
            return sum(header.sectionSizeHint(column) for column in range(header.count())
                       if not header.isSectionHidden(column))

        if room >= heads():
            return
        for item in items:
            item.setText(self._short.get(item.text(), item.text()))
        if room < heads():
            for column in self._spare:
                header.setSectionHidden(column, True)

    def _fit_widths(self) -> None:
        table = self._table
        header = table.horizontalHeader()
        self._choose_heads()
        columns = [c for c in range(table.columnCount()) if not header.isSectionHidden(c)]
        stretch = [column for column in columns if column in self._stretch]
        others = [column for column in columns if column not in self._stretch]
        room = table.viewport().width()
        if not stretch or not columns:
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            return
        heads = {column: header.sectionSizeHint(column) for column in columns}
        keeps = {column: self.keeps(column) for column in stretch}
        if room < sum(heads.values()):
            self._share(stretch, others, room, keeps)
            return
        widths = dict(heads)
        spare = room - sum(widths.values())
        # the stretch columns' room for a typical cell first (a name)
        for column in stretch:
            more = min(spare, keeps[column] - widths[column])
            if more > 0:
                widths[column] += more
                spare -= more
        # then the other columns' cells whole, those that need least first
        for column in sorted(others, key=lambda c: self.needs(c) - heads[c]):
            more = self.needs(column) - widths[column]
            if 0 < more <= spare:
                widths[column] += more
                spare -= more
        # the names whole before any air (a name elides on one line: "Captain Ilse Va…"
        # beside columns with room to spare at 1366x768)
        for column in stretch:
            more = min(spare, self.needs_cells(column) - widths[column])
            if more > 0:
                widths[column] += more
                spare -= more
        # a little air around the short columns' text, the rest to the stretching ones
        if all(widths[column] >= self.needs(column) for column in others):
            air = min(self.AIR, spare // len(columns))
            for column in others:
                widths[column] += air
                spare -= air
        for column in stretch:
            widths[column] += spare // len(stretch)
        widths[stretch[-1]] += spare % len(stretch)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        for column in columns:
            header.resizeSection(column, widths[column])

    def _share(self, stretch: list[int], others: list[int], room: int,
               keeps: dict[int, int]) -> None:
        """Too little room for every head: the cells come first (a head elides, whole in
        its tooltip). Every column gets its least (:meth:`_least`: its cells' longest word,
        the table wrapping at spaces; a stretch column's first letters of its names, on
        one line and elided; its head's first letters), then the other columns their cells
        on one line, then the heads, those that lack least first, then the stretch columns
        their room for a typical name; what is left goes to the heads still short. Where
        the least does not fit, the heads keep no letters, and last each column gets a
        share in proportion to its least. (A long name wrapped onto three or four lines
        in the 1024x768 dock, its row growing, before it elided.) (The
        stretch columns kept a quarter of the table, and the others, sharing the rest
        evenly, cut their cells: "0/10" read "0…" in the 1024x768 dock.)"""
        header = self._table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        columns = [c for c in range(self._table.columnCount()) if c in stretch or c in others]
        heads = {column: header.sectionSizeHint(column) for column in columns}
        # the least each column shows, wanting less when it does not fit: the heads
        # keep no letters
        for some_of_head in (True, False):
            widths = {column: self._least(column, heads[column], some_of_head)
                      for column in columns}
            if sum(widths.values()) <= room:
                break
        if sum(widths.values()) > room:
            total = sum(widths.values())
            widths = {column: max(1, room * width // total) for column, width in widths.items()}
        else:
            spare = room - sum(widths.values())
            wants = [{column: self.needs_cells(column) for column in others}, heads,
                     {column: keeps[column] for column in stretch}]
            for want in wants:
                spare = self._raise(widths, want, spare)
            short = {c: heads[c] - widths[c] for c in columns if heads[c] > widths[c]} or {
                column: 1 for column in stretch}
            total = sum(short.values())
            for column, lack in short.items():
                widths[column] += spare * lack // total
            spare = room - sum(widths.values())
            widths[stretch[-1]] += spare
        for column in columns:
            header.resizeSection(column, widths[column])

    def _least(self, column: int, head: int, some_of_head: bool) -> int:
        """The least a column shows whole: its cells' longest word (a stretch column's
        first :attr:`ELIDED` letters, its names on one line and elided), and,
        ``some_of_head``, its head's first two letters (elided)."""
        table = self._table
        header = table.horizontalHeader()
        metrics = table.fontMetrics()
        texts = [item.text() for row in range(table.rowCount())
                 if (item := table.item(row, column)) is not None and item.text().strip()]
        word = max((metrics.horizontalAdvance(w) for text in texts for w in text.split()),
                   default=0)
        least = word + self.PAD if word else 0
        if column in self._stretch and texts:  # a few letters of a name, elided
            least = min(self.PAD + max(metrics.horizontalAdvance(text) for text in texts),
                        self.PAD + metrics.horizontalAdvance("W" * self.ELIDED + "…"))
        if some_of_head:
            item = table.horizontalHeaderItem(column)
            start = (item.text() if item is not None else "")[:2] + "…"
            least = max(least, min(head, header.fontMetrics().horizontalAdvance(start) + 2 + (
                2 * table.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None,
                                              header))))
        return max(least, header.minimumSectionSize())

    def needs_cells(self, column: int) -> int:
        """The width ``column``'s cells need on one line (not its head)."""
        return self._table.sizeHintForColumn(column)

    @staticmethod
    def _raise(widths: dict[int, int], want: dict[int, int], spare: int) -> int:
        """Widen the columns of ``want`` to their want where ``spare`` allows, those that
        lack least first; the room left."""
        for column in sorted(want, key=lambda c: want[c] - widths[c]):
            more = want[column] - widths[column]
            if 0 < more <= spare:
                widths[column] += more
                spare -= more
        return spare


def fit_columns(table: QTableWidget, stretch: Sequence[int], keep: int = 0,
                short: Mapping[str, str] | None = None, spare: Sequence[int] = ()
                ) -> FitColumns:
    """After :func:`elide_headers`: every head and short cell whole where the table has room,
    the ``stretch`` columns keeping room for ``keep`` letters; ``short`` heads and fewer
    columns (``spare`` left out) where it has not (see :class:`FitColumns`)."""
    return FitColumns(table, stretch, keep, short, spare)


def shrinkable(combo: QComboBox, letters: int = 10) -> QComboBox:
    """A combo box that may be narrower than its longest item (the shown text elides; the
    open list shows every item whole)."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(letters)
    return combo


class WideCombo(QComboBox):
    """A combo box as wide as its longest item where its form has room for it (its size hint:
    a form that keeps fields at their size hint no longer cuts an item it could show whole),
    and only ``letters`` letters wide where it has not (its minimum, as :func:`shrinkable`)."""

    def __init__(self, letters: int = 10, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        shrinkable(self, letters)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        metrics = self.fontMetrics()
        widest = max((metrics.horizontalAdvance(self.itemText(index))
                      for index in range(self.count())), default=0)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        # the style paints the text 1 px in from either side of its field: a little more
        whole = self.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option,
                                              QSize(widest + 4, hint.height()), self)
        return QSize(max(hint.width(), whole.width()), hint.height())


def wrapping_form(form: QFormLayout) -> QFormLayout:
    """A form whose fields go under their labels when the row is too narrow for both."""
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    return form


def input_form(box: QWidget) -> QFormLayout:
    """A form in ``box`` whose fields keep their own width and go under their labels when
    the row is too narrow for both (the calculator's inputs)."""
    form = QFormLayout(box)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    return form


def row_of(widgets: Sequence[QWidget], parent: QWidget | None = None) -> QWidget:
    """Widgets that belong together kept on one line (one piece of a FlowLayout)."""
    holder = QWidget(parent)
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        row.addWidget(widget)
    return holder


def add_row(form: QFormLayout, text: str, field: QWidget) -> QLabel:
    """A form row whose label names its field for the keyboard (Alt) and screen readers."""
    label = QLabel(text)
    label.setBuddy(field)
    form.addRow(label, field)
    return label


def fixed_columns(table: QTableWidget, widths: dict[int, int]) -> None:
    """After :func:`elide_headers`: the columns in ``widths`` keep that width (small numbers,
    a short choice); the others share what is left."""
    header = table.horizontalHeader()
    for column, width in widths.items():
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(column, width)


def one_row_height(table: QTableWidget) -> int:
    """The height of a table with a header and one row, with no room kept for a scroll bar
    (its columns share the width: see :func:`elide_headers`)."""
    return rows_height(table, 1)


def rows_height(table: QTableWidget, rows: int) -> int:
    """The height of a table with a header and ``rows`` rows, none hidden."""
    return (table.horizontalHeader().sizeHint().height()
            + rows * table.verticalHeader().defaultSectionSize() + 2 * table.frameWidth())
