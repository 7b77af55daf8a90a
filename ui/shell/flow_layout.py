"""The one layout that places its widgets left to right and wraps them onto the next line
when the row is full: button rows, form rows and small grids that reflow instead of forcing
a page to scroll sideways (issue 26). Every system's pages use it. :class:`TwoColumns` puts a
page's two parts side by side or one above the other, as the width allows."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLayout,
    QLayoutItem,
    QLineEdit,
    QSizePolicy,
    QStyle,
    QWidget,
    QWidgetItem,
)


class FlowLayout(QLayout):
    """Widgets in reading order, as many to a line as fit; its height follows its
    width (``heightForWidth``), its minimum width is its widest item.

    With ``fill``, the fields of a line (text boxes, drop-down lists, anything that expands
    sideways) share what is left of its width, as in a form row. A row written for a
    QHBoxLayout becomes a flow by swapping the layout: ``addWidget`` with a stretch,
    ``addLayout``, ``addStretch``, ``addSpacing`` and ``setStretch`` are all accepted (a
    wrapped row has no end to push towards, so stretches and spacings do nothing).

    Its items are its own, as in Qt's C++ flow layout: each is made here (by Python, see
    :meth:`addItem`), Qt takes one out with ``takeAt`` and deletes it when its widget leaves,
    and the items left are deleted with the layout."""

    def __init__(self, parent: QWidget | None = None, spacing: int = -1, *,
                 fill: bool = False) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        items = self._items  # the list itself (never rebound): the layout is gone when it runs
        self.destroyed.connect(lambda *_: _delete_items(items))
        self.fill = fill
        if spacing >= 0:
            self.setSpacing(spacing)
        if parent is None:
            self.setContentsMargins(0, 0, 0, 0)

    # -- the QHBoxLayout calls a row already makes ------------------------------------
    def addWidget(self, widget: QWidget, stretch: int = 0,
                  alignment: Qt.AlignmentFlag | None = None) -> None:
        super().addWidget(widget)

    def addLayout(self, layout: QLayout, stretch: int = 0) -> None:
        """A nested layout moves as one piece (its own widget)."""
        holder = QWidget()
        layout.setContentsMargins(0, 0, 0, 0)
        holder.setLayout(layout)
        self.addWidget(holder)

    def setStretch(self, index: int, stretch: int) -> None:
        """Nothing: with ``fill``, fields already share the spare width of their line."""

    def addStretch(self, stretch: int = 0) -> None:
        """Nothing: a wrapped row has no end to push towards."""

    def addSpacing(self, size: int) -> None:
        """Nothing: the row's spacing separates its widgets."""

    # -- QLayout ------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        """Keep ``item``; a widget's item that Qt made (``addWidget`` makes one in C++) is
        swapped for one made here. Shiboken hears when Qt deletes an item Python made, not
        one Qt made: the Python wrapper of such an item outlived it when PySide had tied it
        to an outer layout (``outer.addLayout(flow)``), the next item Qt made at the freed
        address got that same wrapper, and when the outer layout went shiboken declared the
        new item deleted. The flow then lost a live widget or handed Qt an item shiboken
        calls deleted: "QWidgetItem already deleted", then SIGSEGV in GM sessions."""
        widget = item.widget()
        if widget is not None and not shiboken6.createdByPython(item):
            shiboken6.delete(item)  # Qt handed it over: it is the layout's to delete
            item = QWidgetItem(widget)
        self._items.append(item)

    def _live(self) -> list[QLayoutItem]:
        """The items, less any whose C++ half is known to be gone (a guard: Qt deletes an
        item only after taking it out): one handed back to Qt would be freed memory."""
        if not all(shiboken6.isValid(item) for item in self._items):
            self._items[:] = [item for item in self._items if shiboken6.isValid(item)]
        return self._items

    def count(self) -> int:
        return len(self._live())

    def itemAt(self, index: int) -> QLayoutItem | None:
        items = self._live()
        return items[index] if 0 <= index < len(items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        items = self._live()
        return items.pop(index) if 0 <= index < len(items) else None

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
        shown = self._visible()
        width = sum(item.sizeHint().width() for item in shown)
        width += self._gap() * max(0, len(shown) - 1)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:
        """The widest item: every other item wraps under it."""
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        return size.grownBy(self.contentsMargins())

    # -- placing --------------------------------------------------------------------
    def _visible(self) -> list[QLayoutItem]:
        return [item for item in self._live() if not item.isEmpty()]

    def _gap(self) -> int:
        gap = self.spacing()
        if gap < 0:
            parent = self.parentWidget()
            gap = parent.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing,
                                             None, parent) if parent is not None else -1
        return gap if gap >= 0 else 6

    def _width(self, item: QLayoutItem, room: int) -> int:
        """The width an item asks for (its minimum when it ignores its hint)."""
        widget = item.widget()
        if widget is not None and widget.sizePolicy().horizontalPolicy() == (
                QSizePolicy.Policy.Ignored):
            return min(item.minimumSize().width(), room)
        return min(max(item.sizeHint().width(), item.minimumSize().width()), room)

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out in ``rect`` (or only measure): the height they take."""
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        room = max(area.width(), 0)
        gap = self._gap()
        lines: list[list[tuple[QLayoutItem, int]]] = [[]]
        used = 0
        for item in self._visible():
            width = self._width(item, room)
            if lines[-1] and used + gap + width > room:
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + width
            lines[-1].append((item, width))
        y = area.y()
        for line in lines:
            if not line:
                continue
            widths = [width for _item, width in line]
            if self.fill:
                spare = room - sum(widths) - gap * (len(line) - 1)
                growing = [n for n, (item, _w) in enumerate(line) if _grows(item)]
                for n in growing:
                    widths[n] += max(spare, 0) // len(growing)
            height = max(item.sizeHint().height() for item, _w in line)
            x = area.x()
            for (item, _asked), width in zip(line, widths, strict=True):
                if move:  # a shorter item sits in the middle of its line's height
                    own = min(height, max(item.sizeHint().height(),
                                          item.minimumSize().height()))
                    top = y + (height - own) // 2
                    item.setGeometry(QRect(QPoint(x, top), QSize(width, own)))
                x += width + gap
            y += height + gap
        return max(y - gap, area.y()) - rect.y() + margins.bottom()


def _delete_items(items: list[QLayoutItem]) -> None:
    """Delete the items a deleted layout still held (not their widgets), as Qt's layouts do
    in their destructor."""
    while items:
        item = items.pop()
        if shiboken6.isValid(item):
            shiboken6.delete(item)


def _grows(item: QLayoutItem) -> bool:
    """Fields (text, choices) and controls that expand sideways take the spare width."""
    widget = item.widget()
    return isinstance(widget, QComboBox | QLineEdit) or bool(
        item.expandingDirections() & Qt.Orientation.Horizontal)


def flow_row(*widgets: QWidget) -> QWidget:
    """``widgets`` in a row that wraps onto more lines when the view is narrow."""
    row = QWidget()
    layout = FlowLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget)
    return row


class TwoColumns:
    """A page's two parts side by side when the view is wide enough, one above the other
    when not (a builder and its ledger, a conflict's settings and its tracker). Keeps
    ``first`` and ``second`` in ``grid``: beside each other (``first`` taking ``stretch[0]``
    shares of the width, ``second`` ``stretch[1]``) when the view has room for ``first`` at
    its minimum plus ``second_width``, else ``second`` under ``first`` (then at least
    ``narrow_height`` tall)."""

    def __init__(self, grid: QGridLayout, first: QWidget, second: QWidget, *,
                 second_width: int, stretch: tuple[int, int],
                 narrow_height: int = 0) -> None:
        self.grid, self.first, self.second = grid, first, second
        self.second_width = second_width
        self.stretch = stretch
        self.narrow_height = narrow_height
        self._two: bool | None = None
        self.set_two(True)

    def wide_width(self) -> int:
        """The narrowest view that still shows the two parts side by side."""
        return (self.first.minimumSizeHint().width() + self.second_width
                + self.grid.horizontalSpacing())

    def is_two(self) -> bool:
        return bool(self._two)

    def set_two(self, two: bool) -> None:
        """Side by side (True) or one above the other (False)."""
        if two == self._two:
            return
        self._two = two
        self.grid.removeWidget(self.first)
        self.grid.removeWidget(self.second)
        self.grid.addWidget(self.first, 0, 0)
        self.grid.addWidget(self.second, 0 if two else 1, 1 if two else 0)
        self.grid.setColumnStretch(0, self.stretch[0])
        self.grid.setColumnStretch(1, self.stretch[1] if two else 0)
        self.second.setMinimumHeight(0 if two else self.narrow_height)

    def follow(self, width: int) -> None:
        """Side by side when ``width`` (the view's, less its scroll bar) has the room."""
        self.set_two(width >= self.wide_width())
