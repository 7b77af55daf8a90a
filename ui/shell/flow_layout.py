"""A layout that places its widgets left to right and wraps them onto the next line
when the row is full: button rows and small grids that reflow instead of forcing a
page to scroll sideways (issue 26)."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QStyle, QWidget


class FlowLayout(QLayout):
    """Widgets in reading order, as many to a line as fit; its height follows its
    width (``heightForWidth``), its minimum width is its widest item."""

    def __init__(self, parent: QWidget | None = None, spacing: int = -1) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        if parent is None:
            self.setContentsMargins(0, 0, 0, 0)

    # -- QLayout ------------------------------------------------------------------
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
        """All on one line."""
        width = height = 0
        for item in self._visible():
            hint = item.sizeHint()
            width += hint.width() + (self._gap() if width else 0)
            height = max(height, hint.height())
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        """The widest item: every other item wraps under it."""
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    # -- placing --------------------------------------------------------------------
    def _visible(self) -> list[QLayoutItem]:
        shown = []
        for item in self._items:
            widget = item.widget()
            if widget is None or not widget.isHidden():
                shown.append(item)
        return shown

    def _gap(self) -> int:
        if self._spacing >= 0:
            return self._spacing
        parent = self.parentWidget()
        if parent is None:
            return 6
        gap = parent.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing,
                                         None, parent)
        return gap if gap >= 0 else 6

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out in ``rect`` (or only measure): the height they take."""
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        gap = max(self._gap(), 0)
        x, y, line = area.x(), area.y(), 0
        for item in self._visible():
            hint = item.sizeHint()
            widget = item.widget()
            if widget is not None and widget.sizePolicy().horizontalPolicy() == (
                    QSizePolicy.Policy.Ignored):
                hint = item.minimumSize()
            width = min(hint.width(), max(area.width(), 0))
            if x > area.x() and x + width > area.right() + 1:
                x, y, line = area.x(), y + line + gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())))
            x += width + gap
            line = max(line, hint.height())
        return y + line - rect.y() + margins.bottom()


def flow_row(*widgets: QWidget) -> QWidget:
    """``widgets`` in a row that wraps onto more lines when the view is narrow."""
    row = QWidget()
    layout = FlowLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget)
    return row
