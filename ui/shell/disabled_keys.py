"""Alt+letter on a greyed-out button says why it is greyed.

Qt gives a disabled button's Alt+letter to nobody: the key does nothing and says nothing,
and the reason (the button's tooltip, "Not now: …", see :func:`ui.shell.refusal.refuse`)
is only read by hovering with the mouse, perhaps over a button scrolled out of view. A
keyboard user pressing Alt+D for a greyed *Draw* learnt nothing. Here such a key shows the
button's reason beside it and in the window's status bar, and changes nothing.

Only keys no enabled control took reach this: Qt turns an Alt+letter that some enabled
control or menu holds into that control's shortcut before any widget sees a key press, and
a key press no widget takes goes up to the window (:meth:`WindowLayout.keyPressEvent`).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QApplication, QMainWindow, QToolTip, QWidget

from ui.shell.keys import mnemonic, unmarked

SHOWN_MS = 6000
"""How long the status bar keeps the reason."""


def _letter(event: QKeyEvent) -> str | None:
    """The letter or digit of an Alt+key press (no Ctrl or Meta), else None."""
    modifiers = event.modifiers()
    if not modifiers & Qt.KeyboardModifier.AltModifier or modifiers & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.MetaModifier):
        return None
    key = event.key()
    if Qt.Key.Key_A <= key <= Qt.Key.Key_Z or Qt.Key.Key_0 <= key <= Qt.Key.Key_9:
        return chr(key).casefold()
    return None


def _depth(widget: QWidget) -> int:
    depth = 0
    parent = widget.parentWidget()
    while parent is not None:
        depth += 1
        parent = parent.parentWidget()
    return depth


def _shared_depth(one: QWidget, other: QWidget | None) -> int:
    """How deep the nearest widget holding both ``one`` and ``other`` sits."""
    holder: QWidget | None = one
    while holder is not None and other is not None and not holder.isAncestorOf(other) \
            and holder is not other:
        holder = holder.parentWidget()
    return _depth(holder) if holder is not None else -1


def greyed_for(window: QWidget, letter: str, focus: QWidget | None) -> QAbstractButton | None:
    """The greyed-out button on show in ``window`` whose Alt-letter is ``letter``; of
    several, the one nearest ``focus`` (the pane being worked in)."""
    found = [button for button in window.findChildren(QAbstractButton)
             if not button.isEnabled() and button.isVisible()
             and not button.visibleRegion().isEmpty() and mnemonic(button.text()) == letter]
    if not found:
        return None
    return max(found, key=lambda button: _shared_depth(button, focus))


def reason_of(button: QAbstractButton) -> str:
    """What the button's tooltip says, its name first: "Draw: Not now: …"."""
    name = unmarked(button.text()).replace("&&", "&").rstrip("…. ")
    said = button.toolTip().strip()
    return f"{name}: {said}" if said else f"{name} cannot be used now."


def explain_greyed_key(window: QMainWindow, event: QKeyEvent) -> bool:
    """Show why an Alt+letter did nothing, when a greyed button on show holds it (beside
    the button and in ``window``'s status bar); False when no greyed button does. Called
    with the key presses no control took (they come up to the window)."""
    letter = _letter(event)
    if letter is None:
        return False
    button = greyed_for(window, letter, QApplication.focusWidget())
    if button is None:
        return False
    text = reason_of(button)
    QToolTip.showText(button.mapToGlobal(QPoint(0, button.height())), text, button)
    window.statusBar().showMessage(text.replace("\n", " "), SHOWN_MS)
    event.accept()
    return True
