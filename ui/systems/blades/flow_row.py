"""A row of small controls that wraps onto more lines when narrow (issue 26: pages reflow
rather than scroll sideways), used where a Blades page had a plain horizontal row."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QComboBox, QLayout, QLayoutItem, QLineEdit, QSizePolicy, QWidget


class FlowRow(QLayout):
    """Controls left to right, wrapping to a new line when the next does not fit; the
    controls that expand (line edits, combo boxes) share what is left of their line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    # the QHBoxLayout calls the pages already make ------------------------------------
    def addWidget(self, widget: QWidget, stretch: int = 0,
                  alignment: Qt.AlignmentFlag | None = None) -> None:
        super().addWidget(widget)

    def addLayout(self, layout: QLayout, stretch: int = 0) -> None:
        holder = QWidget()
        layout.setContentsMargins(0, 0, 0, 0)
        holder.setLayout(layout)
        self.addWidget(holder)

    def setStretch(self, index: int, stretch: int) -> None:
        """Nothing: expanding controls already share the spare width of their line."""

    def addStretch(self, stretch: int = 0) -> None:
        """Nothing: a wrapped row has no end to push towards."""

    def addSpacing(self, size: int) -> None:
        """Nothing: the row's spacing separates its controls."""

    # QLayout ----------------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        shown = self._shown()
        width = sum(i.sizeHint().width() for i in shown) + self._gap() * max(0, len(shown) - 1)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        return size.grownBy(self.contentsMargins())

    def _shown(self) -> list[QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def _gap(self) -> int:
        gap = self.spacing()
        if gap < 0:
            parent = self.parentWidget()
            style = parent.style() if parent is not None else None
            gap = style.layoutSpacing(QSizePolicy.ControlType.PushButton,
                                      QSizePolicy.ControlType.PushButton,
                                      Qt.Orientation.Horizontal) if style is not None else 6
        return max(gap, 4)

    def _place(self, rect: QRect, move: bool) -> int:
        area = rect.marginsRemoved(self.contentsMargins())
        gap = self._gap()
        lines: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            width = min(item.sizeHint().width(), area.width())
            if lines[-1] and used + gap + width > area.width():
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + width
            lines[-1].append(item)
        y = area.y()
        for line in lines:
            if not line:
                continue
            widths = [min(max(i.sizeHint().width(), i.minimumSize().width()), area.width())
                      for i in line]
            spare = area.width() - sum(widths) - gap * (len(line) - 1)
            growing = [n for n, i in enumerate(line) if _grows(i)]
            for n in growing:
                widths[n] += spare // len(growing)
            height = max(i.sizeHint().height() for i in line)
            x = area.x()
            for item, width in zip(line, widths, strict=True):
                if move:
                    item_height = min(height, max(item.sizeHint().height(),
                                                  item.minimumSize().height()))
                    top = y + (height - item_height) // 2
                    item.setGeometry(QRect(QPoint(x, top), QSize(width, item_height)))
                x += width + gap
            y += height + gap
        margins = self.contentsMargins()
        return y - gap - area.y() + margins.top() + margins.bottom()


def _grows(item: QLayoutItem) -> bool:
    """Fields (text, choices) and expanding controls take the spare width of a line."""
    widget = item.widget()
    return isinstance(widget, QComboBox | QLineEdit) or bool(
        item.expandingDirections() & Qt.Orientation.Horizontal)
