"""Playing cards drawn in SEForge's own plain style (no card images)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from seforge.systems.sword_of_life.conflict_model import card_label, is_red

CARD_W, CARD_H, GAP = 42, 60, 6
RED = QColor(200, 40, 40)
"""The colour of hearts and diamonds: on a card it means a success, so it is not themed."""


class CardRow(QWidget):
    """A row of face-up cards (and face-down ones, drawn as backs), with a caption."""

    def __init__(self, caption: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = caption
        self.cards: list[str] = []
        self.face_down = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(CARD_H + 28)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def set_cards(self, cards: list[str], caption: str = "", face_down: int = 0) -> None:
        self.cards = list(cards)
        self.face_down = face_down
        if caption:
            self.caption = caption
        readable = ", ".join(card_label(card) for card in self.cards) or "no cards"
        self.setAccessibleName(f"{self.caption}: {readable}")
        self.setToolTip(f"{self.caption}: {readable}")
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        count = len(self.cards) + self.face_down
        return QSize(max(200, 10 + count * (CARD_W + GAP)), CARD_H + 28)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, CARD_H + 28)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        painter.setPen(text)
        painter.drawText(4, 14, self.caption)
        count = len(self.cards) + self.face_down
        available = max(1, self.width() - 8)
        step = min(CARD_W + GAP, (available - CARD_W) / max(1, count - 1)) if count > 1 else 0
        for index in range(count):
            rect = QRectF(4 + index * step, 22, CARD_W, CARD_H)
            if index < self.face_down:
                self._back(painter, rect, palette)
            else:
                self._face(painter, rect, self.cards[index - self.face_down], palette)
        painter.end()

    def _back(self, painter: QPainter, rect: QRectF, palette: QPalette) -> None:
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.Highlight))
        painter.drawRoundedRect(rect, 5, 5)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.HighlightedText), 1))
        painter.drawRoundedRect(rect.adjusted(4, 4, -4, -4), 3, 3)

    def _face(self, painter: QPainter, rect: QRectF, card: str, palette: QPalette) -> None:
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, 5, 5)
        colour = RED if is_red(card) else palette.color(QPalette.ColorRole.Text)
        painter.setPen(colour)
        label = card_label(card)
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.9))
        painter.setFont(font)
        painter.drawText(rect.adjusted(4, 2, -2, -2), Qt.AlignmentFlag.AlignLeft
                         | Qt.AlignmentFlag.AlignTop, label)
        big = QFont(font)
        big.setPointSizeF(font.pointSizeF() * 2.0)
        painter.setFont(big)
        painter.drawText(rect.adjusted(0, 10, 0, 0), Qt.AlignmentFlag.AlignCenter, label[-1])
        painter.setFont(self.font())
