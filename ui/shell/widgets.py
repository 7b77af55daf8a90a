"""Small widgets shared by the editor.

The text fields hand Ctrl+Z / Ctrl+Shift+Z to the window, so undo always walks the
document's history instead of each field keeping one of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from PySide6.QtCore import QEvent
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QWidget,
)

from ui.shell.font_scales import USER_ROLE
from ui.shell.keys import redo_keys


def _is_history_key(event: QEvent) -> bool:
    if not isinstance(event, QKeyEvent):
        return False
    if event.matches(QKeySequence.StandardKey.Undo) or event.matches(
        QKeySequence.StandardKey.Redo
    ):
        return True
    pressed = QKeySequence(event.keyCombination())
    return any(pressed.matches(keys) == QKeySequence.SequenceMatch.ExactMatch
               for keys in redo_keys())


class _HistoryKeys:
    """Lets Ctrl+Z / Ctrl+Shift+Z pass through a text widget to the window, so undo
    always walks the document's history rather than the widget's own."""

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and _is_history_key(event):
            event.ignore()
            return False
        return super().event(event)  # type: ignore[misc,no-any-return]

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if _is_history_key(event):
            event.ignore()
            return
        super().keyPressEvent(event)  # type: ignore[misc]


class HistoryLineEdit(_HistoryKeys, QLineEdit):
    """A line edit whose undo/redo keys reach the document's undo stack."""

    def set_text_quietly(self, text: str) -> None:
        """Show ``text`` without emitting edits; keeps the cursor when unchanged.

        A field the user is not typing in shows the start of a long text (Qt would
        put the cursor, and so the view, at its end: "…oble Commander")."""
        if self.text() != text:
            blocked = self.blockSignals(True)
            self.setText(text)
            if not self.hasFocus():
                self.setCursorPosition(0)
            self.blockSignals(blocked)


class HistoryPlainTextEdit(_HistoryKeys, QPlainTextEdit):
    """A plain text edit whose undo/redo keys reach the document's undo stack."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUndoRedoEnabled(False)
        self.setTabChangesFocus(True)

    def set_text_quietly(self, text: str) -> None:
        if self.toPlainText() != text:
            blocked = self.blockSignals(True)
            self.setPlainText(text)
            self.blockSignals(blocked)


def follows_document(edit: QLineEdit) -> QLineEdit:
    """Make ``edit`` (a field that writes to the document when editing finishes) one that
    :func:`show_document_text` can tell typing from a text merely shown: once editing
    has finished, its text is no longer typing in progress."""
    edit.editingFinished.connect(lambda: edit.setModified(False))
    return edit


def show_document_text(edit: QLineEdit, text: str) -> None:
    """Show the document's ``text`` in ``edit`` (see :func:`follows_document`) unless the
    user is typing there. What is typed and not finished stays while the document
    redraws; a field that merely has the focus follows the document (an undo chosen from
    the menu, a character file taken in), so leaving it cannot write a stale text back.
    Without the focus a long text shows its start."""
    if edit.text() == text or (edit.hasFocus() and edit.isModified()):
        return
    edit.setText(text)
    if not edit.hasFocus():
        edit.setCursorPosition(0)


class DocumentLineEdit(QLineEdit):
    """A field that writes its text to the document when editing finishes (connect to
    ``editingFinished``) and otherwise shows the document's (:meth:`show_text`)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[call-overload]
        follows_document(self)  # connected first: it runs before the document's handler

    def show_text(self, text: str) -> None:
        """:func:`show_document_text` in this field."""
        show_document_text(self, text)


def whole_numbers(*boxes: QSpinBox) -> None:
    """Spin boxes that change a document report a typed number once it is complete (Enter,
    Tab, the focus leaving, an arrow step), not at every digit: typing 12 would apply 1
    first, an undo step per digit, and a bound of 1 on the way clamps what it bounds."""
    for box in boxes:
        box.setKeyboardTracking(False)


@contextmanager
def filling(table: QTableWidget) -> Iterator[None]:
    """Set many cells of ``table`` at once: its columns and rows sized to their contents
    are measured once, when the block ends. Measured at each cell set instead, refilling
    rows that exist already costs the square of their number (300 rows: 4 s)."""
    columns, rows = table.horizontalHeader(), table.verticalHeader()
    column_modes = [columns.sectionResizeMode(i) for i in range(columns.count())]
    row_mode = rows.sectionResizeMode(0) if rows.count() else None
    columns.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    if row_mode is not None:  # (rows added to an empty table are measured once anyway)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    try:
        yield
    finally:
        for index, mode in enumerate(column_modes):
            columns.setSectionResizeMode(index, mode)
        if row_mode is not None:
            rows.setSectionResizeMode(row_mode)


def cell_text(table: QTableWidget, row: int, column: int) -> str:
    """The text of a table cell; "" for a cell without an item."""
    item = table.item(row, column)
    return item.text() if item is not None else ""


def cell_data(
    table: QTableWidget, row: int, column: int,
    role: int = USER_ROLE,
) -> object:
    """The data of a table cell under ``role``; None for a cell without an item."""
    item = table.item(row, column)
    return item.data(role) if item is not None else None


WidgetT = TypeVar("WidgetT", bound=QWidget)


def spin_box(name: str, low: int, high: int, value: int, tip: str = "",
             parent: QWidget | None = None) -> QSpinBox:
    """A spin box with its accessible name, legal range, value (kept in the range) and
    tooltip (none when ``tip`` is empty): the one every system's pages use."""
    box = QSpinBox(parent)
    box.setAccessibleName(name)
    box.setRange(low, high)
    box.setValue(value)  # QSpinBox keeps it within the range
    box.setToolTip(tip)
    return box


def tip(widget: WidgetT, name: str, text: str) -> WidgetT:
    """Give ``widget`` an accessible name and a tooltip; returns it."""
    widget.setAccessibleName(name)
    widget.setToolTip(text)
    return widget


def buddy(text: str, widget: QWidget, parent: QWidget | None = None) -> QLabel:
    """A label whose mnemonic (``"&Name:"``) moves the focus to ``widget``."""
    label = QLabel(text, parent)
    label.setBuddy(widget)
    return label


def button(text: str, parent: QWidget | None, name: str, tooltip: str,
           slot: Callable[[], object]) -> QPushButton:
    """A push button with its accessible name and description, tooltip and click
    handler (``slot`` gets no argument)."""
    widget = QPushButton(text, parent)
    tip(widget, name, tooltip)
    widget.setAccessibleDescription(tooltip)
    widget.clicked.connect(lambda _checked=False: slot())
    return widget


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel for ``dialog`` (accept and reject), with accessible names."""
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    box.button(QDialogButtonBox.StandardButton.Ok).setAccessibleName("OK")
    box.button(QDialogButtonBox.StandardButton.Cancel).setAccessibleName("Cancel")
    return box
