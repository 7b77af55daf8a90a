"""The whole history of a character in play, opened from the Play dock's History by
*Show all...*: every change, and the character as it was after the one selected
(read-only). It shows the history as it was when opened; the dialog is modal."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.models import Character
from ui.shell import screen_fit
from ui.shell.widgets import tip
from ui.systems.swords_edge.play.history_box import (
    HISTORY_COLUMNS,
    HistoryTable,
    fill_history,
    past_text,
    set_up_history_table,
)

WANTED = QSize(860, 620)
"""The dialog's size where the screen has room (less on a small one: 1024x768 fits)."""


class HistoryDialog(QDialog):
    """Every history line of ``character``; selecting one shows the character then."""

    def __init__(self, character: Character, row_height: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.character = character
        name = character.name or "the character"
        self.setWindowTitle(f"History of {name}")
        self.setAccessibleName(f"Whole history of {name}")
        layout = QVBoxLayout(self)
        count = len(character.history)
        intro = QLabel(f"{count} change(s) in play, the newest last. Select one to see "
                       f"{name} after it.")
        intro.setWordWrap(True)
        self.table = HistoryTable(0, len(HISTORY_COLUMNS))
        set_up_history_table(self.table, row_height)
        tip(self.table, "Whole history", "Every change in play; select one to see the "
            "character then")
        self.past = QPlainTextEdit()
        self.past.setReadOnly(True)
        self.past.setPlaceholderText("Select a line to see the character after it.")
        self.past.setMaximumHeight(220)
        tip(self.past, "Character at that point", "Read-only: the character after that change")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.past)
        layout.addWidget(buttons)
        fill_history(self.table, character.history)
        self.table.currentCellChanged.connect(lambda row, *_: self.select(row))
        if count:
            self.table.setCurrentCell(count - 1, 0)
        screen_fit.size_dialog(self, WANTED)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.table.setFocus()  # the arrows walk the lines at once

    def select(self, row: int) -> None:
        """Show the character as it was after history entry ``row``."""
        self.past.setPlainText(past_text(self.character, row))
