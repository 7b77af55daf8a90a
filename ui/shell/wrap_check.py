"""A check box whose text wraps onto more lines when its column is narrow.

Qt's QCheckBox draws its text on one line and asks for all of it: a long one ("Voice of
Command +2  (needs Charisma)") widened a docked page past its dock, so the page scrolled
sideways. This one is a QCheckBox in every other way (clicks, keys, signals, its
accessible name and text), drawn by the style: the indicator, then the text wrapped at
word boundaries in the room beside it, the focus frame around the text.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStyleOptionFocusRect,
    QStylePainter,
    QWidget,
)

MIN_TEXT_WIDTH = 120
"""The narrowest the text column gets (a few words a line) before the page must scroll."""


class WrapCheckBox(QCheckBox):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _option(self) -> QStyleOptionButton:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        return option

    def _indicator(self) -> QRect:
        return self.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator,
                                           self._option(), self)

    def _text_left(self) -> int:
        spacing = self.style().pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing,
                                           None, self)
        return self._indicator().right() + 1 + spacing

    def _text_rect(self, width: int) -> QRect:
        """Where the wrapped text goes in a box ``width`` wide (its whole height)."""
        left = self._text_left()
        room = max(1, width - left - 2)
        bound = self.fontMetrics().boundingRect(QRect(0, 0, room, 100_000),
                                                int(Qt.TextFlag.TextWordWrap), self.text())
        return QRect(left, 1, room, bound.height())

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return max(self._indicator().height(), self._text_rect(width).height() + 2)

    def sizeHint(self) -> QSize:
        """As wide as the text on one line (what a plain check box asks for); narrower
        room wraps it (see :meth:`minimumSizeHint`)."""
        one_line = self._text_left() + self.fontMetrics().horizontalAdvance(self.text()) + 4
        return QSize(one_line, self.heightForWidth(one_line))

    def minimumSizeHint(self) -> QSize:
        words = [self.fontMetrics().horizontalAdvance(w) for w in self.text().split()]
        narrow = self._text_left() + min(max(words, default=0), MIN_TEXT_WIDTH) + 4
        return QSize(narrow, self._indicator().height())

    def hitButton(self, pos: QPoint) -> bool:  # Qt override: the text is clickable too
        return self.rect().contains(pos)

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt override
        painter = QStylePainter(self)
        option = self._option()
        indicator = self._indicator()
        text = self._text_rect(self.width())
        # the indicator beside the first line of text
        first_line = self.fontMetrics().height()
        indicator.moveTop(max(0, text.top() + (first_line - indicator.height()) // 2))
        box = QStyleOptionButton(option)
        box.rect = indicator
        painter.drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorCheckBox, box)
        role = self.foregroundRole()
        painter.drawItemText(text, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                                       | Qt.TextFlag.TextWordWrap),
                             option.palette, self.isEnabled(), self.text(), role)
        if self.hasFocus():
            focus = QStyleOptionFocusRect()
            focus.initFrom(self)
            focus.rect = text.adjusted(-1, -1, 1, 1)
            painter.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, focus)
