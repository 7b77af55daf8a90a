"""Progress clocks on the party view: a painted dial and its panel (name, size, filled)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.campaign import (
    ProgressClock,
)
from ui.shell.widgets import tip


class ClockWidget(QWidget):
    """A painted progress clock. Click a segment to fill up to it (click the last
    filled one to empty it); keys: + / Space fill, - / Backspace empty."""

    changed = Signal(int)

    def __init__(self, clock: ProgressClock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clock = clock.model_copy(deep=True)
        """What the dial shows: a copy of the campaign's clock (never the model's own)."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(QSize(64, 64))
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._update_text()

    def sizeHint(self) -> QSize:
        return QSize(72, 72)

    def filled(self) -> int:
        return self.clock.filled

    def set_filled(self, filled: int) -> None:
        target = max(0, min(self.clock.segments, filled))
        if target != self.clock.filled:
            self.clock.filled = target
            self._update_text()
            self.update()
            self.changed.emit(target)

    def advance(self, n: int = 1) -> None:
        self.set_filled(self.clock.filled + n)

    def text(self) -> str:
        return f"{self.clock.filled} of {self.clock.segments}"

    def _update_text(self) -> None:
        name = self.clock.name or "Progress clock"
        self.setAccessibleName(f"{name}: {self.text()}")
        self.setToolTip(f"{name}: {self.text()} segments filled.\nClick a segment to fill up "
                        "to it, click the last filled one to empty it; + and - keys too.")

    def segment_at(self, point: QPointF) -> int | None:
        rect = self._circle()
        centre = rect.center()
        dx, dy = point.x() - centre.x(), point.y() - centre.y()
        if math.hypot(dx, dy) > rect.width() / 2 + 2:
            return None
        angle = (math.degrees(math.atan2(dx, -dy)) + 360) % 360  # clockwise from 12
        return min(self.clock.segments - 1, int(angle / (360 / self.clock.segments)))

    def click_segment(self, index: int) -> None:
        """Fill up to segment ``index`` (0-based); the last filled one empties."""
        if index + 1 == self.clock.filled:
            self.set_filled(index)
        else:
            self.set_filled(index + 1)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.segment_at(event.position())
            if index is not None:
                self.click_segment(index)
                event.accept()
                return
        elif event.button() == Qt.MouseButton.RightButton:
            self.advance(-1)
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal, Qt.Key.Key_Space, Qt.Key.Key_Right,
                   Qt.Key.Key_Up):
            self.advance(1)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Backspace, Qt.Key.Key_Left,
                     Qt.Key.Key_Down):
            self.advance(-1)
        else:
            super().keyPressEvent(event)

    def _circle(self) -> QRectF:
        side = min(self.width(), self.height()) - 8
        return QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)

    def paintEvent(self, _event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        rect = self._circle()
        fill = palette.color(QPalette.ColorRole.Highlight)
        empty = palette.color(QPalette.ColorRole.Base)
        line = palette.color(QPalette.ColorRole.WindowText)
        segments = self.clock.segments
        span = 360 / segments
        for index in range(segments):
            path = QPainterPath()
            path.moveTo(rect.center())
            # Qt angles: counter-clockwise from 3 o'clock; start at 12, go clockwise.
            path.arcTo(rect, 90 - index * span, -span)
            path.closeSubpath()
            painter.fillPath(path, fill if index < self.clock.filled else empty)
        pen = QPen(line, 1.6)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect)
        centre = rect.center()
        for index in range(segments):
            angle = math.radians(index * span)
            end = QPointF(centre.x() + math.sin(angle) * rect.width() / 2,
                          centre.y() - math.cos(angle) * rect.height() / 2)
            painter.drawLine(centre, end)
        if self.hasFocus():
            focus = QPen(palette.color(QPalette.ColorRole.Highlight), 1, Qt.PenStyle.DotLine)
            painter.setPen(focus)
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        painter.end()


class ClockPanel(QFrame):
    """One clock with its name, size and a Remove button."""

    changed = Signal()
    remove_requested = Signal(object)

    def __init__(self, clock: ProgressClock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.clock = clock.model_copy(deep=True)
        """What the panel shows and hands over in ``changed``: a copy of the campaign's
        clock; the party view applies it through the campaign's owner."""
        self.dial = ClockWidget(clock, self)
        self.name_edit = QLineEdit(clock.name, self)
        self.name_edit.setPlaceholderText("What is coming?")
        tip(self.name_edit, "Clock name", "What the clock counts towards")
        self.size_combo = QComboBox(self)
        for n in (4, 6, 8):
            self.size_combo.addItem(f"{n} segments", n)
        self.size_combo.setCurrentIndex((4, 6, 8).index(clock.segments))
        tip(self.size_combo, "Clock size", "4, 6 or 8 segments")
        self.count_label = QLabel(self.dial.text(), self)
        tip(self.count_label, "Clock progress", "Segments filled")
        self.remove_button = QPushButton("Remove", self)
        tip(self.remove_button, "Remove clock", "Delete this clock")
        self.name_edit.textEdited.connect(self._on_name)
        self.size_combo.activated.connect(self._on_size)
        self.dial.changed.connect(self._on_filled)
        self.remove_button.clicked.connect(lambda: self.remove_requested.emit(self))
        right = QVBoxLayout()
        right.addWidget(self.name_edit)
        row = QHBoxLayout()
        row.addWidget(self.size_combo)
        row.addWidget(self.count_label, 1)
        row.addWidget(self.remove_button)
        right.addLayout(row)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.dial)
        layout.addLayout(right, 1)

    def show_clock(self, clock: ProgressClock) -> None:
        """Show ``clock`` (the campaign's, after a change): a copy of it."""
        self.clock = clock.model_copy(deep=True)
        self.dial.clock = clock.model_copy(deep=True)
        if self.name_edit.text() != clock.name:
            self.name_edit.setText(clock.name)
        index = self.size_combo.findData(clock.segments)
        if index >= 0 and index != self.size_combo.currentIndex():
            self.size_combo.setCurrentIndex(index)
        self.dial._update_text()
        self.dial.update()
        self._show_count()

    def _show_count(self) -> None:
        self.count_label.setText(self.dial.text() + (" — full!" if self.clock.is_full else ""))

    def _on_name(self, text: str) -> None:
        self.clock.name = text
        self.dial.clock.name = text
        self.dial._update_text()
        self.changed.emit()

    def _on_size(self, _index: int) -> None:
        segments = int(self.size_combo.currentData())
        self.clock = ProgressClock(name=self.clock.name, segments=segments,
                                   filled=min(self.clock.filled, segments))
        self.dial.clock = self.clock.model_copy(deep=True)
        self.dial._update_text()
        self.dial.update()
        self._show_count()
        self.changed.emit()

    def _on_filled(self, filled: int) -> None:
        self.clock.filled = filled
        self._show_count()
        self.changed.emit()
