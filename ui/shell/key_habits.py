"""Keys that behave as a desktop user expects, in every system's pages, decided in the
window's one application-wide filter (:class:`ui.shell.wheel_guard.WheelGuard`):

- **Alt with a letter nothing answers types nothing.** Qt types the letter into the text
  field with the focus (Alt+W in a name gave "w"), so a menu key missed by a finger changed
  the document. macOS is left alone: there Option with a letter types "ø" or "©".
- **Enter presses the focused button**, as Space does. Outside a dialog Qt's buttons
  ignore Enter (only a dialog's buttons, and a page's default one, take it), so a keyboard
  user's Enter on "Take" or "Finish creation" did nothing.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
)

_TEXT_WIDGETS = (QLineEdit, QTextEdit, QPlainTextEdit, QAbstractSpinBox, QComboBox)
_ALT_TYPES = sys.platform != "darwin"  # Option+letter is how a Mac types "ø" or "©"
_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def _held(event: QKeyEvent) -> Qt.KeyboardModifier:
    """The modifiers that change what a key means (not Shift's case, not the keypad)."""
    return event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                 | Qt.KeyboardModifier.KeypadModifier)


def stray_alt_key(widget: QObject, event: QKeyEvent) -> bool:
    """Alt (alone, not AltGr, which Qt reports apart or as Ctrl+Alt) with a letter or
    digit, reaching a text field: no shortcut took it, so it would be typed."""
    return (_ALT_TYPES and _held(event) == Qt.KeyboardModifier.AltModifier
            and isinstance(widget, _TEXT_WIDGETS) and event.text().isalnum())


def press_with_enter(widget: QObject, event: QKeyEvent) -> bool:
    """Enter on a focused, enabled button that Qt would not press with it: pressed now
    (True: the key is used)."""
    if (event.key() not in _ENTER or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            or not isinstance(widget, QPushButton) or not widget.isEnabled()
            or widget.isDefault() or widget.autoDefault()):  # those take Enter themselves
        return False
    widget.click()
    return True
