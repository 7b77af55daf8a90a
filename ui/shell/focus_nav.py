"""Where the keyboard goes inside a page, for every system: Tab leaves a table instead of
walking its cells, and the focus stays in view inside a scroll area."""

from __future__ import annotations

from typing import TypeVar

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QScrollArea, QWidget

View = TypeVar("View", bound=QAbstractItemView)


def no_tab_trap(view: View) -> View:
    """Tab leaves ``view`` for the next control and Shift+Tab for the one before (Qt's
    tables move between their cells on Tab, so a keyboard user could not get out of a
    table with rows); the arrow keys still move between the cells."""
    view.setTabKeyNavigation(False)
    return view


class FocusInView(QObject):
    """Keeps the keyboard focus in view inside ``scroll``: when it comes from outside the
    scroll area (from the tab bar, a dock, Shift+Tab from a panel beside it), moves on from
    a control just disabled, or walks a list or table with the arrow keys. (Qt's scroll
    area follows only Tab pressed inside it.) A focus given by a mouse press is left where
    it is, so a click never scrolls the control away from under the pointer."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)  # a child of the scroll area, which keeps it
        self.scroll = scroll
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _inside(self, widget: object) -> bool:
        body = self.scroll.widget()
        return (isinstance(widget, QWidget) and body is not None
                and body.isAncestorOf(widget) and widget.isVisible())

    def _focus_changed(self, _old: object, new: object) -> None:
        if not shiboken6.isValid(self.scroll):
            return
        if QApplication.mouseButtons() != Qt.MouseButton.NoButton or not self._inside(new):
            return
        assert isinstance(new, QWidget)
        if isinstance(new, QAbstractItemView) and not new.property("focusInViewWatched"):
            new.setProperty("focusInViewWatched", True)  # its current entry, from now on
            selection = new.selectionModel()
            if selection is not None:
                selection.currentChanged.connect(
                    lambda current, _old, v=new: self._current_changed(v, current))
        self.scroll.ensureWidgetVisible(new, 16, 16)

    def _current_changed(self, view: QAbstractItemView, current: object) -> None:
        if (not shiboken6.isValid(view) or not shiboken6.isValid(self.scroll)
                or not view.hasFocus() or not self._inside(view)):
            return
        body = self.scroll.widget()
        assert body is not None
        rect = view.visualRect(current)  # type: ignore[arg-type]
        if not rect.isValid():
            return
        centre = view.viewport().mapTo(body, rect.center())
        self.scroll.ensureVisible(centre.x(), centre.y(), 16, rect.height() // 2 + 16)


def focus_first(page: QWidget,
                reason: Qt.FocusReason = Qt.FocusReason.OtherFocusReason) -> None:
    """Give the keyboard to ``page``: to its focus proxy when it names one (the field
    where typing starts), else to the first control of its own that Tab would reach, so
    the focus is never on a page's frame or scroll area, where nothing shows it. A key
    that moved the focus passes ``ShortcutFocusReason``: the style then draws the focus
    (as after Tab), which it does not for a focus given otherwise."""
    if page.focusProxy() is not None:
        page.setFocus(reason)
        return
    widget: QWidget | None = page.nextInFocusChain()
    while widget is not None and widget is not page:
        if (page.isAncestorOf(widget) and widget.isVisibleTo(page) and widget.isEnabled()
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
                and not isinstance(widget, QScrollArea)):
            widget.setFocus(reason)
            return
        widget = widget.nextInFocusChain()
    page.setFocus(reason)
