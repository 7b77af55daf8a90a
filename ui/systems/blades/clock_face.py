"""A progress clock drawn as the game draws it: a circle cut into segments, filled
clockwise from the top. Clicking a segment asks for the clock to be filled up to it (or,
on the last filled one, emptied back by one); the owner of the document makes the change."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget


def segment_at(x: float, y: float, size: float, segments: int) -> int | None:
    """The segment (0 = the first clockwise from the top) under a point of a clock drawn in
    a ``size`` square, or None outside the circle."""
    centre = size / 2
    dx, dy = x - centre, y - centre
    if dx * dx + dy * dy > centre * centre:
        return None
    angle = math.degrees(math.atan2(dx, -dy)) % 360  # 0 at the top, clockwise
    return min(segments - 1, int(angle / (360 / segments)))


CLOCK_MARGIN = 5
"""Pixels between the clock and the widget's edge, where the focus ring goes."""
FOCUS_RING_WIDTH = 2.5


class ClockFace(QWidget):
    """One clock; ``fill_requested(name, filled)`` asks the owner for a new fill."""

    fill_requested = Signal(str, int)

    def __init__(self, name: str, segments: int, filled: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name, self.segments, self.filled = name, segments, filled
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(f"Clock {name}")
        self.show_state(segments, filled)

    def show_state(self, segments: int, filled: int) -> None:
        self.segments, self.filled = segments, filled
        self.setAccessibleDescription(f"{filled} of {segments} segments filled")
        self.setToolTip(f"{self.name}: {filled} of {segments}. Click a segment to fill up "
                        "to it; click the last filled one to empty it. +/- keys too.")
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(64, 64)

    def _target(self, segment: int) -> int:
        return segment if segment + 1 == self.filled else segment + 1

    def mousePressEvent(self, event: QMouseEvent) -> None:
        side = min(self.width(), self.height())
        found = segment_at(event.position().x(), event.position().y(), side, self.segments)
        if found is not None and event.button() == Qt.MouseButton.LeftButton:
            self.fill_requested.emit(self.name, self._target(found))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        event.accept()  # the press did the work

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal, Qt.Key.Key_Right):
            self.fill_requested.emit(self.name, min(self.segments, self.filled + 1))
        elif event.key() in (Qt.Key.Key_Minus, Qt.Key.Key_Left):
            self.fill_requested.emit(self.name, max(0, self.filled - 1))
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(self.width(), self.height()) - 2 * CLOCK_MARGIN
        rect = QRectF(CLOCK_MARGIN, CLOCK_MARGIN, side, side)
        palette = self.palette()
        ink = palette.color(QPalette.ColorRole.WindowText)
        fill = palette.color(QPalette.ColorRole.Highlight)
        painter.setPen(QPen(ink, 1.5))
        span = 360 / self.segments
        for i in range(self.segments):
            painter.setBrush(QBrush(fill) if i < self.filled else Qt.BrushStyle.NoBrush)
            # Qt angles: counter-clockwise from 3 o'clock, in 1/16 degree
            start = 90 - (i + 1) * span
            painter.drawPie(rect, round(start * 16), round(span * 16))
        if self.hasFocus():
            # a ring of its own in the margin: drawn on the clock's outline, the focus
            # could not be told from the clock itself
            painter.setPen(QPen(fill, FOCUS_RING_WIDTH))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            radius = side / 2 + CLOCK_MARGIN - FOCUS_RING_WIDTH / 2
            painter.drawEllipse(QPointF(rect.center()), radius, radius)
        painter.end()
