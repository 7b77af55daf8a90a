"""The play panel's History box: the latest changes in play, and the character as it was
after the one selected (read-only, from the core's :func:`state_at`). *Show all...* opens
the whole history in a dialog (:mod:`.history_dialog`).

The box has no scroll area of its own: the lines in the page and the character's text are
as tall as what they show, so the Play dock's one scroll area scrolls them with the rest
(a History that scrolled inside the dock's scroll area had two scroll bars, and the wheel
over it scrolled the lines, not the dock)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QDateTime, QEvent, QLocale, QRect, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character, HistoryEntry
from seforge.systems.swords_edge.play.history import state_at
from seforge.systems.swords_edge.play.summary import summary_lines
from ui.shell.focus_nav import no_tab_trap
from ui.shell.widgets import filling, tip

HISTORY_COLUMNS = ("Session", "Scene", "What", "Why")
HISTORY_HEADS = ("Sess.", "Sc.", "What", "Why")
"""The heads shown: the Session and Scene columns hold one- or two-digit numbers, and
spelled out their heads made them about 100 pixels wide together in the narrow dock,
room "What" and "Why" lacked. Each head's tooltip gives the full word."""
WHY = 3
RECENT = 8
"""The latest lines the page shows; the rest are in *Show all...*."""


TIME_FORMAT = "d MMM yyyy, HH:mm"
"""A change's date and time: "27 Nov 2026, 06:50", the month in the user's language (a
locale's short format can be all digits: "27 11 2026 06:50")."""


def local_time(at: str) -> str:
    """A history line's time (ISO 8601, in UTC as stored) as a local date and time; what
    cannot be read is shown as it is."""
    when = QDateTime.fromString(at, Qt.DateFormat.ISODate)
    if not when.isValid():
        return at
    return QLocale().toString(when.toLocalTime(), TIME_FORMAT)


class HistoryTable(QTableWidget):
    """The history lines; "What" and "Why" share the width the numbers leave so that the
    lines take the least height (:meth:`fit_why`), and each row is as tall as its wrapped
    text (measured once per fill or width, not per cell: rows sized to their contents as
    each cell is set took 100 s to refill 1,000 lines)."""

    MEASURED = 200
    """The newest lines :meth:`fit_why` weighs (the ones in view; a long history costs no
    more)."""

    def __init__(self, rows: int, columns: int) -> None:
        super().__init__(rows, columns)
        no_tab_trap(self)  # Tab goes on, the arrows walk the lines
        self._fit_rows = QTimer(self)
        self._fit_rows.setSingleShot(True)
        self._fit_rows.setInterval(0)
        self._fit_rows.timeout.connect(self.resizeRowsToContents)
        self._width = -1
        self._heights: dict[tuple[str, int], int] = {}
        self.filled: list[tuple[str, ...]] = []
        """What each row shows (:func:`fill_history` keeps the rows that show the same)."""
        self.fitted_widths = (-1, -1)
        """The widths of "What" and "Why" when every row was last measured: rows kept at
        other widths are measured again."""
        self.follow_end = False
        """Keep the newest line in view: set when the lines are filled in, dropped once the
        player scrolls up. Lines wrapped anew for a narrower dock grow taller after the
        fill's scroll to the end, which left the newest line half out of view."""
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def _scrolled(self, value: int) -> None:
        self.follow_end = value >= self.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self.follow_end:
            self.verticalScrollBar().setValue(high)

    def show_end(self) -> None:
        """Scroll to the newest line and keep it in view from now on."""
        self.scrollToBottom()
        self.follow_end = True

    def wheelEvent(self, event: QWheelEvent) -> None:
        """The wheel over the lines scrolls the lines only: at their first or last one it
        no longer goes on to scroll the dock away from under the pointer. Lines that all
        fit leave the wheel to the dock."""
        super().wheelEvent(event)
        if self.verticalScrollBar().maximum() > 0:
            event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_why()
        if event.size().width() != self._width:  # the text wraps anew
            self._width = event.size().width()
            self._fit_rows.start()

    def text_widths(self) -> tuple[int, int]:
        """The widths of the "What" and "Why" columns, which the rows' heights follow."""
        return (self.columnWidth(2), -1 if self.isColumnHidden(WHY) else self.columnWidth(WHY))

    def resizeRowsToContents(self) -> None:
        super().resizeRowsToContents()
        self.fitted_widths = self.text_widths()

    def rows_fitted(self) -> None:
        """Some rows were measured anew, one by one."""

    def fit_why(self) -> None:
        """The "Why" column as wide as makes the lines shortest: no narrower than its head
        and its longest word, no wider than its longest reason on one line nor than half
        the room it shares with "What" (which takes the rest). A reason in one line of many
        gets little room; reasons as long as the entries get up to half ("Why" kept a
        quarter of the width for one reason, and "What" wrapped on every line)."""
        if self.isColumnHidden(WHY):
            return
        self.setColumnWidth(WHY, self._best_why_width())

    def _best_why_width(self) -> int:
        rows = range(max(0, self.rowCount() - self.MEASURED), self.rowCount())
        lines = [(self._text(row, 2), self._text(row, WHY)) for row in rows]
        reasons = [why for _what, why in lines if why]
        metrics = self.fontMetrics()
        pad = self._padding()
        shared = self.viewport().width() - self.columnWidth(0) - self.columnWidth(1)
        head = self.horizontalHeader().sectionSizeHint(WHY)
        word = max((metrics.horizontalAdvance(w) for why in reasons for w in why.split()),
                   default=0) + pad
        whole = max((metrics.horizontalAdvance(why) for why in reasons), default=0) + pad
        low = max(head, word)
        high = min(whole, shared // 2)
        if high <= low:
            return min(low, max(head, shared // 2))
        step = max(1, metrics.averageCharWidth())
        widths = [*range(low, high, step), high]

        def height(width: int) -> int:
            return sum(max(self._height(what, shared - width), self._height(why, width))
                       for what, why in lines)

        best: int = min(widths, key=lambda width: (height(width), width))
        return best

    def _text(self, row: int, column: int) -> str:
        item = self.item(row, column)
        return item.text() if item is not None else ""

    def _padding(self) -> int:
        """The room a cell keeps beside its text: the style's margin either side, the grid
        line and a pixel to spare."""
        return 2 * (self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None,
                                             self) + 1) + 2

    def _height(self, text: str, width: int) -> int:
        """The height ``text`` takes wrapped in a cell ``width`` pixels wide (remembered:
        the same lines are measured at the same widths at each resize)."""
        if not text:
            return 0
        key = (text, width)
        known = self._heights.get(key)
        if known is None:
            if len(self._heights) > 20_000:
                self._heights.clear()
            room = QRect(0, 0, max(1, width - self._padding()), 100_000)
            known = self.fontMetrics().boundingRect(
                room, int(Qt.TextFlag.TextWordWrap), text).height()
            self._heights[key] = known
        return known

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._heights.clear()


class _RecentTable(HistoryTable):
    """The latest :data:`RECENT` lines only (the older rows are hidden, so that a row's
    number stays its entry's), as tall as they are: it never scrolls, and the wheel over
    it scrolls the dock."""

    MEASURED = RECENT

    def __init__(self, rows: int, columns: int) -> None:
        super().__init__(rows, columns)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.verticalHeader().sectionResized.connect(lambda *_: self.fit_height())

    def wheelEvent(self, event: QWheelEvent) -> None:
        event.ignore()  # the dock around it scrolls

    def resizeRowsToContents(self) -> None:
        super().resizeRowsToContents()  # (measured afresh: no sectionResized for each)
        self.fit_height()

    def rows_fitted(self) -> None:
        self.fit_height()

    def fit_height(self) -> None:
        """As tall as its header and the lines shown."""
        shown = range(max(0, self.rowCount() - RECENT), self.rowCount())
        rows = sum(self.rowHeight(row) for row in shown if not self.isRowHidden(row))
        header = self.horizontalHeader().sizeHint().height()
        self.setFixedHeight(rows + header + 2 * self.frameWidth())


class FittedText(QPlainTextEdit):
    """Read-only text as tall as its lines at its width (no scroll bar of its own)."""

    LEAST_LINES = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.textChanged.connect(self.fit_height)

    def fit_height(self) -> None:
        metrics = self.fontMetrics()
        width = max(1, self.viewport().width() - 2 * int(self.document().documentMargin()))
        text = self.toPlainText()
        lines = metrics.boundingRect(QRect(0, 0, width, 1 << 20),
                                     int(Qt.TextFlag.TextWordWrap), text).height() if text else 0
        least = self.LEAST_LINES * metrics.lineSpacing()
        margins = self.contentsMargins()
        self.setFixedHeight(max(lines, least) + 2 * int(self.document().documentMargin())
                            + margins.top() + margins.bottom() + metrics.descent())

    def wheelEvent(self, event: QWheelEvent) -> None:
        event.ignore()  # the dock around it scrolls

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit_height()


def set_up_history_table(table: HistoryTable, row_height: int) -> None:
    """The heads, the wrapping and the sizing of a table of history lines."""
    table.setHorizontalHeaderLabels(list(HISTORY_HEADS))
    for column, word in enumerate(HISTORY_COLUMNS):
        head = table.horizontalHeaderItem(column)
        if head is not None:
            head.setToolTip(word)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    # "What" takes the width "Why" leaves, and both wrap (never elided, and never out
    # of view to the right in the narrow side dock); each row is as tall as its text.
    table.setWordWrap(True)
    table.setTextElideMode(Qt.TextElideMode.ElideNone)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.verticalHeader().setMinimumSectionSize(row_height)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
    header.setSectionResizeMode(WHY, QHeaderView.ResizeMode.Interactive)


def _row_key(entry: HistoryEntry) -> tuple[str, ...]:
    """What a history row shows of ``entry`` (a row showing the same needs no new items)."""
    return (str(entry.session), str(entry.scene), entry.what, entry.why, entry.at)


def fill_history(table: HistoryTable, entries: Sequence[HistoryEntry],
                 hidden_before: int = 0) -> None:
    """Show ``entries`` in ``table``, one row each (rows before ``hidden_before`` hidden),
    the newest in view. Rows that already show the same entries are kept: a change in
    play adds a line at the end, and remaking and measuring all 500 rows for it was most
    of the change's time."""
    keys = [_row_key(entry) for entry in entries]
    kept = 0
    for old, key in zip(table.filled, keys, strict=False):
        if old != key:
            break
        kept += 1
    blocked = table.blockSignals(True)
    with filling(table):  # (measured at each cell: 1,000 lines took 40 s)
        table.setRowCount(len(entries))
        for row in range(kept, len(entries)):
            entry = entries[row]
            for col, value in enumerate(
                (str(entry.session), str(entry.scene), entry.what, entry.why)
            ):
                item = QTableWidgetItem(value)
                item.setToolTip(
                    f"{entry.what}\n{entry.why}\n{local_time(entry.at)}".strip())
                if col < 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                table.setItem(row, col, item)
        for row in range(len(entries)):
            hide = row < hidden_before
            if table.isRowHidden(row) != hide:
                table.setRowHidden(row, hide)
    table.filled = keys
    table.blockSignals(blocked)
    # no reason given anywhere: "What" has the whole width
    table.setColumnHidden(WHY, not any(entry.why for entry in entries))
    table.fit_why()
    if kept and table.text_widths() == table.fitted_widths:
        for row in range(kept, len(entries)):  # the kept rows are as tall as they were
            table.resizeRowToContents(row)
        table.rows_fitted()
    else:  # (the text wraps anew at other widths)
        table.resizeRowsToContents()
    if entries:
        table.show_end()


def past_text(character: Character, row: int) -> str:
    """The character as it was after history entry ``row``, as the History shows it."""
    if not 0 <= row < len(character.history):
        return ""
    try:
        past = state_at(character, row)
    except RefusedError as exc:
        return str(exc)
    entry = character.history[row]
    head = f"After: {entry.what}" + (f" ({local_time(entry.at)})" if entry.at else "")
    return "\n".join([head, *summary_lines(past)])


def recent_text(count: int) -> str:
    """What the page's lines are of the whole history of ``count`` changes."""
    if count == 0:
        return "No change in play yet."
    if count <= RECENT:
        return f"All {count} change(s) in play."
    return f"The latest {RECENT} of {count} changes in play."


class PlayHistoryBox(QGroupBox):
    """The latest history lines, *Show all...* and the read-only view of the character
    at one entry."""

    def __init__(self, row_height: int, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        self._row_height = row_height
        self._character: Character | None = None
        layout = QVBoxLayout(self)
        self.table = _RecentTable(0, len(HISTORY_COLUMNS))
        set_up_history_table(self.table, row_height)
        tip(
            self.table, "History",
            f"The latest {RECENT} changes in play; select one to see the character then"
        )
        self.count_label = QLabel(recent_text(0))
        self.count_label.setWordWrap(True)
        self.count_label.setAccessibleName("History shown")
        self.all_button = QPushButton("Show all…")
        tip(self.all_button, "Show the whole history",
            "Every change in play in a window of its own, and the character after each")
        self.all_button.clicked.connect(self.show_all)
        row = QHBoxLayout()
        row.addWidget(self.count_label, 1)
        row.addWidget(self.all_button)
        self.past = FittedText()
        self.past.setPlaceholderText("Select a line to see the character after it.")
        tip(self.past, "Character at that point", "Read-only: the character after that change")
        layout.addWidget(self.table)
        layout.addLayout(row)
        layout.addWidget(self.past)
        layout.addStretch(1)
        self.dialog: QWidget | None = None
        """The whole history's dialog while it is open."""

    def show_character(self, character: Character) -> None:
        """Show the latest lines of ``character``'s history."""
        self._character = character
        self.show_entries(character.history)

    def show_entries(self, entries: Sequence[HistoryEntry]) -> None:
        fill_history(self.table, entries, hidden_before=len(entries) - RECENT)
        self.table.fit_height()
        self.count_label.setText(recent_text(len(entries)))
        self.all_button.setEnabled(bool(entries) and self._character is not None)

    def show_all(self) -> None:
        """Open the whole history in a dialog (modal; the page's selection is kept)."""
        if self._character is None:
            return
        from ui.systems.swords_edge.play.history_dialog import HistoryDialog

        dialog = HistoryDialog(self._character, self._row_height, self.window())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda *_: setattr(self, "dialog", None))
        self.dialog = dialog
        dialog.open()

    def select(self, character: Character, row: int) -> None:
        """Show ``character`` as it was after history entry ``row``."""
        if not 0 <= row < len(character.history):
            self.past.setPlainText("")
            return
        if self.table.currentRow() != row:
            blocked = self.table.blockSignals(True)
            self.table.setCurrentCell(row, 0)
            self.table.blockSignals(blocked)
        self.past.setPlainText(past_text(character, row))
