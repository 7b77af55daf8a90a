"""The mouse wheel belongs to the page: an unfocused value control never takes it.

Rolling the wheel to scroll a sheet must not change the Rank combo, the spin box or the
slider that happens to pass under the pointer. One application-wide event filter
(installed once, by the window) does this for every widget of every system, present and
future, so no widget has to remember it:

- a combo box, spin box (date/time edits included) or slider that does not have the
  keyboard focus lets the wheel pass on to its parent, so the scroll area around it
  scrolls;
- such a control is not focused by the wheel either (its focus policy loses the wheel
  bit when it is polished): click or Tab into it, then the wheel steps its value as
  usual.

Scroll bars are sliders too, and keep the wheel.

The same filter drops one stray key: Alt with a letter or digit that no menu, label or
button answers. Qt types that letter into the text field with the focus (Alt+W in a name
gave "w"), so a menu key missed by a finger changed the document. macOS is left alone:
there Option with a letter types accented letters and symbols.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTextEdit,
    QWidget,
)

_VALUE_WIDGETS = (QComboBox, QAbstractSpinBox, QAbstractSlider)
_TEXT_WIDGETS = (QLineEdit, QTextEdit, QPlainTextEdit, QAbstractSpinBox, QComboBox)
_ALT_TYPES = sys.platform != "darwin"  # Option+letter is how a Mac types "ø" or "©"


def stray_alt_key(widget: QObject, event: QKeyEvent) -> bool:
    """Alt (alone, not AltGr, which Qt reports apart or as Ctrl+Alt) with a letter or
    digit, reaching a text field: no shortcut took it, so it would be typed."""
    held = event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                 | Qt.KeyboardModifier.KeypadModifier)
    return (_ALT_TYPES and held == Qt.KeyboardModifier.AltModifier
            and isinstance(widget, _TEXT_WIDGETS) and event.text().isalnum())


def is_value_widget(widget: QObject) -> bool:
    """A control whose value a stray wheel would change (scroll bars excluded)."""
    return isinstance(widget, _VALUE_WIDGETS) and not isinstance(widget, QScrollBar)


class WheelGuard(QObject):
    """The application-wide filter; see the module's doc."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Wheel:
            if is_value_widget(watched):
                assert isinstance(watched, QWidget)
                if not watched.hasFocus():
                    assert isinstance(event, QWheelEvent)
                    pass_on(watched, event)
                    return True
        elif kind == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if stray_alt_key(watched, event):
                return True  # see the module's doc
        elif kind == QEvent.Type.Polish and is_value_widget(watched):
            assert isinstance(watched, QWidget)
            policy = watched.focusPolicy()
            if policy == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        return False


def pass_on(widget: QWidget, event: QWheelEvent) -> None:
    """Hand ``event`` to ``widget``'s parents, nearest first, until one takes it (the
    scroll area around it). Done here rather than by ignoring the event, because Qt
    passes on only the wheel events of a real device, not those sent by a program."""
    point = widget.mapToParent(event.position())
    parent = widget.parentWidget()
    accepted = False
    while parent is not None and not accepted:
        copy = QWheelEvent(point, event.globalPosition(), event.pixelDelta(),
                           event.angleDelta(), event.buttons(), event.modifiers(),
                           event.phase(), event.inverted(), event.source(),
                           event.pointingDevice())
        QCoreApplication.sendEvent(parent, copy)
        accepted = copy.isAccepted()
        if parent.isWindow() or parent.testAttribute(Qt.WidgetAttribute.WA_NoMousePropagation):
            break
        point = parent.mapToParent(point)
        parent = parent.parentWidget()
    event.setAccepted(accepted)


_GUARD_NAME = "seforgeWheelGuard"


def install(app: QCoreApplication) -> WheelGuard:
    """Install the guard on ``app`` once (later calls return the same guard)."""
    existing = app.findChild(WheelGuard, _GUARD_NAME)
    if existing is not None:
        return existing
    guard = WheelGuard(app)
    guard.setObjectName(_GUARD_NAME)
    app.installEventFilter(guard)
    return guard
