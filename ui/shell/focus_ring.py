"""A short-lived ring around a widget, to show where focus went.

Clicking a Budget problem moves the keyboard focus to the field it concerns; a
focus frame alone is easy to miss, so the field is also ringed in the highlight
colour for a moment.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QWidget

RING_MS = 1600
"""How long the ring stays."""
RING_NAME = "focusRing"


class FocusRing(QFrame):
    """A frame drawn over ``target`` (a child of it, ignoring the mouse) that removes
    itself after ``duration_ms`` or when the target is hidden."""

    def __init__(self, target: QWidget, duration_ms: int = RING_MS) -> None:
        super().__init__(target)
        self.setObjectName(RING_NAME)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        colour = target.palette().color(QPalette.ColorRole.Highlight)
        wash = f"rgba({colour.red()}, {colour.green()}, {colour.blue()}, 56)"
        # A thick ring and a light wash of the highlight colour: unlike the thin focus
        # frame, it catches the eye wherever the field is; the text stays readable.
        self.setStyleSheet(
            f"QFrame#{RING_NAME} {{ border: 3px solid {colour.name()}; border-radius: 4px;"
            f" background: {wash}; }}")
        self.setGeometry(target.rect())
        target.installEventFilter(self)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.dismiss)
        self.timer.start(duration_ms)
        self.show()
        self.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            target = self.parentWidget()
            if target is not None:
                self.setGeometry(target.rect())
        elif event.type() == QEvent.Type.Hide:
            self.dismiss()
        return False

    def dismiss(self) -> None:
        target = self.parentWidget()
        if target is not None:
            target.removeEventFilter(self)
        self.hide()
        self.deleteLater()


def ring(widget: QWidget, duration_ms: int = RING_MS) -> FocusRing:
    """Ring ``widget`` for a moment (an earlier ring on it goes first)."""
    for old in widget.findChildren(FocusRing, RING_NAME):
        if old.parentWidget() is widget:
            old.dismiss()
    return FocusRing(widget, duration_ms)
