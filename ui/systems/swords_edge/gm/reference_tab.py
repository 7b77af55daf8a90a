"""The Reference tab: every table of seforge.systems.swords_edge.reference, filtered live by a
search field."""

from __future__ import annotations

import re

import shiboken6
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    Qt,
)
from PySide6.QtGui import QFont, QFontMetrics, QKeySequence, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.reference import TABLES, ReferenceTable, search
from ui.shell.screen_fit import fit_on_screen
from ui.systems.swords_edge.gm.word_breaks import WordBreakingDelegate, unbreakable_width

_Index = QModelIndex | QPersistentModelIndex


class ReferenceModel(QAbstractTableModel):
    """One reference table, showing only some of its rows."""

    def __init__(self, table: ReferenceTable, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.rows = list(range(len(table.rows)))
        self.header: QHeaderView | None = None
        """When set, the column heads are elided to its sections' widths (the full
        head is the tooltip)."""

    def set_rows(self, rows: list[int]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.table.columns)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        cell = self.table.rows[self.rows[index.row()]][index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                    Qt.ItemDataRole.AccessibleTextRole):
            return cell
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(
                self.table.columns):
            return None
        full = self.table.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._elided(section, full)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            return full
        return None

    def _elided(self, section: int, full: str) -> str:
        header = self.header
        if header is None or not shiboken6.isValid(header):  # its view is going
            return full
        margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None,
                                                header)
        room = header.sectionSize(section) - margin
        metrics = header.fontMetrics()
        wraps = bool(header.defaultAlignment() & Qt.TextFlag.TextWordWrap)
        longest = (max(metrics.horizontalAdvance(w) for w in words_of(full)) if wraps
                   and words_of(full) else metrics.horizontalAdvance(full))
        if room <= 0 or longest <= room:
            return full
        return metrics.elidedText(full, Qt.TextElideMode.ElideRight, room)

    def follow_header(self, header: QHeaderView) -> None:
        """Elide the column heads to ``header``'s sections as they resize."""
        self.header = header
        header.sectionResized.connect(
            lambda section, _old, _new: self.headerDataChanged.emit(
                Qt.Orientation.Horizontal, section, section))


def make_view(model: ReferenceModel, parent: QWidget | None = None) -> QTableView:
    view = QTableView(parent)
    view.setModel(model)
    view.setObjectName(f"table_{model.table.id}")
    view.setAccessibleName(model.table.title)
    view.setToolTip(model.table.note or model.table.title)
    view.setWordWrap(True)
    view.verticalHeader().hide()
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    header.setMinimumSectionSize(24)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return view


WRAPPED_HEAD = Qt.AlignmentFlag(Qt.AlignmentFlag.AlignCenter | int(Qt.TextFlag.TextWordWrap))
"""A narrow view's heads: centred, wrapped at their word breaks."""


def narrow_view(view: QTableView, model: ReferenceModel) -> None:
    """A view for a narrow page: never scrolls sideways, its heads wrap (full text in
    their tooltips), and a cell's word too wide for its column breaks with a hyphen."""
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setItemDelegate(WordBreakingDelegate(view))
    header = view.horizontalHeader()
    header.setStretchLastSection(False)  # fit_columns gives it the rest of the room
    header.setMinimumSectionSize(8)
    header.setDefaultAlignment(WRAPPED_HEAD)
    model.follow_header(header)


CELL_PADDING = 8
"""Room a cell needs beside its text: the style's text margins (3 px a side) and the
grid line, and a pixel to spare."""

_BREAKS = re.compile(r"\s+|(?<=/)|(?<=-)(?=[^\W\d_])")
"""Where a cell's or head's text may wrap, as Qt wraps it: at spaces, after slashes, and
after hyphens within words (not in "-6")."""


def words_of(text: str) -> list[str]:
    """``text``'s pieces that wrapping never breaks."""
    return [word for word in _BREAKS.split(text) if word]


def column_widths(naturals: list[int], words: list[int], room: int,
                  heads: list[int] | None = None, keep: list[int] | None = None) -> list[int]:
    """Widths of a table's columns in ``room`` pixels.

    ``naturals`` are the widths each column needs for its longest line unwrapped,
    ``words`` the widths of each column's longest word, ``heads`` those of the longest
    word of each column's head (its head wraps at word breaks). Columns that fit get their
    natural width; otherwise every column keeps at least its longest word (so no word
    breaks into fragments, the last column's included) and the rest of the room is
    shared in proportion to what each column would like. When even the words do not all
    fit, the columns share the room under one cap (:func:`capped`): each keeps its
    ``keep`` (its widest word too short to break, which would be cut instead) and its head's
    word when all of those fit, else its ``keep`` only, and only the longest words break."""
    if sum(naturals) <= room:
        return list(naturals)
    heads = list(heads) if heads is not None else [0] * len(naturals)
    floors = [max(h, min(w, n)) for h, w, n in zip(heads, words, naturals, strict=True)]
    if sum(floors) > room:  # too narrow even for whole words and heads
        cells = [min(w, n) for w, n in zip(words, naturals, strict=True)]
        if sum(cells) > room:  # the cells' words break: only the longest ones
            kept = list(keep) if keep is not None else [0] * len(cells)
            both = [max(k, h) for k, h in zip(kept, heads, strict=True)]
            return capped(cells, room, both if sum(both) <= room else kept)
        # the cells' words whole; what is left goes to the heads that want it most
        spare = room - sum(cells)
        wants = [f - c for f, c in zip(floors, cells, strict=True)]
        total = sum(wants) or 1
        return [c + spare * w // total for c, w in zip(cells, wants, strict=True)]
    spare = max(0, room - sum(floors))
    wants = [n - f for n, f in zip(naturals, floors, strict=True)]
    total = sum(wants) or 1
    return [f + spare * w // total for f, w in zip(floors, wants, strict=True)]


def capped(wants: list[int], room: int, floors: list[int] | None = None) -> list[int]:
    """``wants`` cut down to fit ``room`` under one common cap, each column keeping its
    floor (its head's word): a column that wants less than the cap gets all it wants, the
    widest give up the rest. In a table too narrow for its words, only its longest words
    break (a short one, "Good", never does), and the heads still read whole."""
    floors = list(floors) if floors is not None else [0] * len(wants)

    def widths(cap: int) -> list[int]:
        return [max(1, f, min(w, cap)) for w, f in zip(wants, floors, strict=True)]

    if sum(widths(0)) > room:
        return capped(wants, room) if any(floors) else widths(0)
    low, high = 0, max(wants, default=0)
    while low < high:  # the widest cap that fits
        cap = (low + high + 1) // 2
        low, high = (cap, high) if sum(widths(cap)) <= room else (low, cap - 1)
    return widths(low)


SMALLEST_HEAD = 0.8
"""How small a narrow view's heads may get, of its font's size, for their words to fit."""


def _head_words(view: QTableView, titles: list[str], font: QFont) -> list[int]:
    """The width each head's longest word needs in ``view``'s header, in ``font``."""
    header = view.horizontalHeader()
    metrics = QFontMetrics(font)
    margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    return [max([metrics.horizontalAdvance(w) for w in words_of(title)] + [0]) + margin + 2
            for title in titles]


def _fit_head_font(view: QTableView, titles: list[str], words: list[int],
                   room: int) -> list[int]:
    """A narrow view's heads in its own font, or a smaller one (no smaller than
    :data:`SMALLEST_HEAD`) when their longest words and the cells' (``words``) would
    not all fit in ``room``; the widths of the heads' longest words."""
    font = QFont(view.font())
    smallest = font.pointSizeF() * SMALLEST_HEAD
    heads = _head_words(view, titles, font)
    while (sum(max(h, w) for h, w in zip(heads, words, strict=True)) > room
           and font.pointSizeF() - 0.5 >= smallest):
        font.setPointSizeF(font.pointSizeF() - 0.5)
        heads = _head_words(view, titles, font)
    header = view.horizontalHeader()
    if font == view.font():  # the view's own: follow it (a zoom, say)
        if header.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            header.setFont(QFont())
    elif header.font() != font:
        header.setFont(font)
    return heads


def fit_columns(view: QTableView) -> None:
    """Share the view's width between its columns (see :func:`column_widths`)."""
    model = view.model()
    if model is None:
        return
    metrics = view.fontMetrics()
    header = view.horizontalHeader()
    # the view's own width, not its viewport's: a view in a hidden tab gets its
    # resize (and its viewport's) only when shown, after this has run
    room = view.contentsRect().width()
    if view.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
        room = view.viewport().width()
    titles = [str(model.headerData(column, Qt.Orientation.Horizontal,
                                   Qt.ItemDataRole.ToolTipRole) or "")
              for column in range(model.columnCount())]
    cells = [[str(model.data(model.index(row, column)) or "")
              for row in range(model.rowCount())] for column in range(len(titles))]
    # a head that does not wrap elides when its column is narrow: then only the cells'
    # words are floors (a wrapping head's words are too, in ``heads``)
    words = [max([metrics.horizontalAdvance(w) for t in texts for w in words_of(t)] + [0])
             + CELL_PADDING for texts in cells]
    wraps = bool(header.defaultAlignment() & Qt.TextFlag.TextWordWrap)
    heads = _fit_head_font(view, titles, words, room) if wraps else None
    header_metrics = header.fontMetrics()
    naturals = [max([header_metrics.horizontalAdvance(title),
                     *(metrics.horizontalAdvance(t) for t in texts)]) + CELL_PADDING
                for title, texts in zip(titles, cells, strict=True)]
    keep = [min(unbreakable_width([w for t in texts for w in words_of(t)], metrics)
                + CELL_PADDING, word) for texts, word in zip(cells, words, strict=True)]
    widths = column_widths(naturals, words, room, heads, keep)
    if widths and not header.stretchLastSection():
        widths[-1] = max(1, room - sum(widths[:-1]))
    last = len(widths) if not header.stretchLastSection() else len(widths) - 1
    for column, width in enumerate(widths[:last]):
        if header.sectionSize(column) != width:
            header.resizeSection(column, width)
    if wraps:
        _fit_head_height(view, titles)
    view.resizeRowsToContents()


def _fit_head_height(view: QTableView, titles: list[str]) -> None:
    """Make a wrapping header as tall as its most wrapped head (Qt sizes it for one
    line)."""
    header = view.horizontalHeader()
    metrics = header.fontMetrics()
    margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    flags = int(Qt.TextFlag.TextWordWrap)
    lines = max([metrics.boundingRect(QRect(0, 0, max(1, header.sectionSize(c) - margin),
                                            10_000), flags, title).height()
                 for c, title in enumerate(titles)] + [metrics.height()])
    height = header.sizeHint().height() - metrics.height() + lines
    if header.minimumHeight() != height:
        header.setMinimumHeight(height)
        view.updateGeometries()


class LargeTableWindow(QDialog):
    """A table on its own, in a big font: for a second screen facing the players."""

    def __init__(self, table: ReferenceTable, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{table.title} — GM Screen")
        self.setObjectName(f"large_{table.id}")
        self.setModal(False)
        self.setSizeGripEnabled(True)
        self.model = ReferenceModel(table, self)
        self.view = make_view(self.model, self)
        self.title = QLabel(table.title, self)
        self.note = QLabel(table.note, self)
        self.note.setWordWrap(True)
        self.size_spin = QSpinBox(self)
        self.size_spin.setRange(10, 48)
        self.size_spin.setSuffix(" pt")
        self.size_spin.setValue(20)
        self.size_spin.setAccessibleName("Font size")
        self.size_spin.setToolTip("Font size of this window (Ctrl++ / Ctrl+-)")
        self.size_spin.valueChanged.connect(self.set_point_size)
        close = QPushButton("Close", self)
        close.setToolTip("Close this window")
        close.clicked.connect(self.close)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        size_label = QLabel("&Size:", self)
        size_label.setBuddy(self.size_spin)
        top.addWidget(size_label)
        top.addWidget(self.size_spin)
        top.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.note)
        QShortcut(QKeySequence.StandardKey.ZoomIn, self,
                  lambda: self.size_spin.setValue(self.size_spin.value() + 2))
        QShortcut(QKeySequence.StandardKey.ZoomOut, self,
                  lambda: self.size_spin.setValue(self.size_spin.value() - 2))
        self.set_point_size(self.size_spin.value())
        self.resize(900, 600)

    def set_point_size(self, size: int) -> None:
        font = QFont(self.font())
        font.setPointSize(size)
        self.view.setFont(font)
        self.view.horizontalHeader().setFont(font)
        self.note.setFont(font)
        title = QFont(font)
        title.setPointSize(size + 6)
        title.setBold(True)
        self.title.setFont(title)
        fit_columns(self.view)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        fit_columns(self.view)

    def showEvent(self, event: QShowEvent) -> None:
        """Open at a size that shows the table, whole on the screen."""
        super().showEvent(event)
        fit_columns(self.view)
        fit_on_screen(self)


class TableSection(QWidget):
    """A title, a "Show large" button and the compact view of one table."""

    def __init__(self, table: ReferenceTable, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.model = ReferenceModel(table, self)
        self.view = make_view(self.model, self)
        narrow_view(self.view, self.model)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        title = QLabel(f"<b>{table.title}</b>", self)
        self.large_button = QPushButton("Show large", self)
        self.large_button.setObjectName(f"large_button_{table.id}")
        self.large_button.setToolTip(f"Open “{table.title}” alone in its own window, in a "
                                     "large font (for a second screen)")
        self.large_button.setAccessibleName(f"Show {table.title} large")
        self.large_button.clicked.connect(self.show_large)
        self.note = QLabel(table.note, self)
        self.note.setWordWrap(True)
        self.note.setAccessibleName(f"{table.title} note")
        where = table.source.label if table.source is not None else ""
        self.source = QLabel(f"Source: {where}" if where else "", self)
        if table.source is not None:  # the whole citation, to check it against the text
            self.source.setToolTip(table.source.text)
        self.source.setObjectName(f"source_{table.id}")
        self.source.setWordWrap(True)
        self.source.setEnabled(False)  # drawn in the palette's quieter text colour
        self.source.setAccessibleName(f"{table.title} source")
        self.source.setVisible(bool(where))
        title.setToolTip(f"From {where}" if where else table.title)
        head = QHBoxLayout()
        head.addWidget(title, 1)
        head.addWidget(self.large_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 8)
        layout.addLayout(head)
        layout.addWidget(self.view)
        layout.addWidget(self.note)
        layout.addWidget(self.source)
        self.windows: list[LargeTableWindow] = []

    def set_rows(self, rows: list[int]) -> None:
        self.model.set_rows(rows)
        self.fit()

    def fit(self) -> None:
        """Size the view to show every visible row without its own scroll bar."""
        fit_columns(self.view)
        height = self.view.horizontalHeader().height() + 2 * self.view.frameWidth()
        height += sum(self.view.rowHeight(r) for r in range(self.model.rowCount()))
        self.view.setFixedHeight(height + 2)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def show_large(self) -> LargeTableWindow:
        window = LargeTableWindow(self.table, self.window())
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.windows.append(window)
        window.destroyed.connect(lambda: self.windows.remove(window)
                                 if window in self.windows else None)
        window.show()
        return window


class ReferenceTab(QWidget):
    """Search field on top, then every table that matches."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search = QLineEdit(self)
        self.search.setObjectName("reference_search")
        self.search.setPlaceholderText("Search the tables (e.g. undefended, luck, TN)")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search reference tables")
        self.search.setToolTip("Type words to keep only the rows (or tables) that hold them all")
        self.search.textChanged.connect(self.apply_filter)
        self.empty = QLabel("Nothing matches.", self)
        self.empty.hide()
        self.sections: dict[str, TableSection] = {}
        content = QWidget(self)
        inner = QVBoxLayout(content)
        inner.setContentsMargins(6, 0, 6, 0)
        for entry in TABLES:
            section = TableSection(entry, content)
            self.sections[entry.id] = section
            inner.addWidget(section)
        inner.addWidget(self.empty)
        inner.addStretch(1)
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(content)
        self.scroll_area.setAccessibleName("Reference tables")
        label = QLabel("F&ind:", self)
        label.setBuddy(self.search)
        top = QHBoxLayout()
        top.addWidget(label)
        top.addWidget(self.search, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.scroll_area, 1)

    def apply_filter(self, text: str) -> None:
        found = {entry.id: rows for entry, rows in search(TABLES, text)}
        for table_id, section in self.sections.items():
            rows = found.get(table_id)
            section.setVisible(rows is not None)
            if rows is not None:
                section.set_rows(rows)
        self.empty.setVisible(not found)

    def visible_tables(self) -> list[str]:
        return [tid for tid, s in self.sections.items() if not s.isHidden()]
