"""The play panel's History box: every change in play, and the character as it was
after the one selected (read-only, from the core's :func:`state_at`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character, HistoryEntry
from seforge.systems.swords_edge.play.history import state_at
from seforge.systems.swords_edge.play.summary import summary_lines
from ui.shell.widgets import tip

HISTORY_COLUMNS = ("Session", "Scene", "What", "Why")


class PlayHistoryBox(QGroupBox):
    """The history table and the read-only view of the character at one entry."""

    def __init__(self, row_height: int, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, len(HISTORY_COLUMNS))
        self.table.setHorizontalHeaderLabels(list(HISTORY_COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(row_height)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        # "What" is sized to its text (never elided: it says what happened); "Why"
        # takes the rest, and the table scrolls sideways when both do not fit.
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        tip(
            self.table, "History", "Every change in play; select one to see the character then"
        )
        self.past = QPlainTextEdit()
        self.past.setReadOnly(True)
        self.past.setMaximumHeight(150)
        tip(self.past, "Character at that point", "Read-only: the character after that change")
        layout.addWidget(self.table, 1)
        layout.addWidget(self.past)

    def show_entries(self, entries: Sequence[HistoryEntry]) -> None:
        blocked = self.table.blockSignals(True)
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            for col, value in enumerate(
                (str(entry.session), str(entry.scene), entry.what, entry.why)
            ):
                item = QTableWidgetItem(value)
                item.setToolTip(f"{entry.what}\n{entry.why}\n{entry.at}".strip())
                if col < 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, col, item)
        self.table.blockSignals(blocked)
        if entries:
            self.table.scrollToBottom()

    def select(self, character: Character, row: int) -> None:
        """Show ``character`` as it was after history entry ``row``."""
        if not 0 <= row < len(character.history):
            self.past.setPlainText("")
            return
        if self.table.currentRow() != row:
            blocked = self.table.blockSignals(True)
            self.table.setCurrentCell(row, 0)
            self.table.blockSignals(blocked)
        try:
            past = state_at(character, row)
        except RefusedError as exc:
            self.past.setPlainText(str(exc))
            return
        entry = character.history[row]
        head = f"After: {entry.what}" + (f" ({entry.at})" if entry.at else "")
        self.past.setPlainText("\n".join([head, *summary_lines(past)]))
