"""A drop-down list of names that may be long (a clock, a character): shortened in the
middle when closed, the whole name in tooltips and in a list as wide as the longest."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QWidget,
)


class NamePick(QComboBox):
    """A drop-down list of names that may be long (clocks). Closed, it keeps a modest
    width, whatever it holds, and shows the chosen name shortened in the middle (its start
    and its end stay), the whole name in its tooltip; open, its list is as wide as the
    longest name (never wider than the window) and each entry's tooltip is its whole
    name."""

    def __init__(self, letters: int = 12, parent: QWidget | None = None, tip: str = "") -> None:
        super().__init__(parent)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(letters)
        self.view().setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self._tip = tip
        self.currentIndexChanged.connect(lambda _i: self._follow())
        self._follow()

    def set_tip(self, tip: str) -> None:
        """What the box is for: its tooltip, under the whole chosen name."""
        self._tip = tip
        self._follow()

    def _follow(self) -> None:
        self.setToolTip("\n".join(t for t in (self.currentText(), self._tip) if t))

    def set_names(self, names: Sequence[str]) -> None:
        """Offer ``names``; the chosen one stays chosen while it is offered."""
        current = self.currentText()
        self.clear()
        for name in names:
            self.addItem(name)
            self.setItemData(self.count() - 1, name, Qt.ItemDataRole.ToolTipRole)
        if current in names:
            self.setCurrentIndex(list(names).index(current))
        self._follow()

    def _field(self) -> tuple[QStyleOptionComboBox, QRect]:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        return option, field

    def shown_text(self) -> str:
        """The chosen name as it is drawn: shortened in the middle when it does not fit."""
        _option, field = self._field()
        return self.fontMetrics().elidedText(self.currentText(), Qt.TextElideMode.ElideMiddle,
                                             field.width() - 2)  # the style's 1 px a side

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        option, _field = self._field()
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        if self.currentIndex() < 0 and self.placeholderText():
            option.palette.setBrush(QPalette.ColorRole.ButtonText,
                                    option.palette.placeholderText())
            option.currentText = self.placeholderText()
        else:
            option.currentText = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def showPopup(self) -> None:
        """Open the list as wide as its longest name, within the window's width; each
        entry's tooltip is its whole name."""
        for index in range(self.count()):
            if self.itemData(index, Qt.ItemDataRole.ToolTipRole) is None:
                self.setItemData(index, self.itemText(index), Qt.ItemDataRole.ToolTipRole)
        view = self.view()
        metrics = view.fontMetrics()
        longest = max((metrics.horizontalAdvance(self.itemText(i))
                       for i in range(self.count())), default=0)
        bar = view.verticalScrollBar().sizeHint().width()
        wanted = longest + 2 * view.frameWidth() + bar + 4 * self.style().pixelMetric(
            QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 8
        view.setMinimumWidth(min(wanted, self.window().width()))
        super().showPopup()
