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

The same filter makes a few keys behave as a desktop user expects (a stray Alt+letter,
Enter on a button): see :mod:`ui.shell.key_habits`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import QAbstractSlider, QAbstractSpinBox, QComboBox, QScrollBar, QWidget

from ui.shell.key_habits import press_with_enter, stray_alt_key

_VALUE_WIDGETS = (QComboBox, QAbstractSpinBox, QAbstractSlider)


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
            if stray_alt_key(watched, event) or press_with_enter(watched, event):
                return True  # see ui.shell.key_habits
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
