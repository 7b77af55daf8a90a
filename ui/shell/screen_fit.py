"""Keeping windows on the screen, and finding widgets that a layout clips.

A saved geometry may come from a larger monitor, a higher scale factor or a screen
that is gone; a dock floated for the first time may open wherever its last size
puts it. Everything here works in the available geometry of a screen (without the
task bar), so a window is never larger than the screen nor partly off it.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QAbstractScrollArea, QScrollArea, QWidget

DEFAULT_SIZE = QSize(1280, 800)
"""The first window's size on a screen that has room for it (else the whole screen)."""


def screen_for(widget: QWidget) -> QScreen | None:
    """The screen ``widget`` is on (by its centre), else the primary screen."""
    centre = widget.frameGeometry().center()
    screen = QGuiApplication.screenAt(centre) if widget.isVisible() else None
    return screen or widget.screen() or QGuiApplication.primaryScreen()


def available(widget: QWidget) -> QRect:
    screen = screen_for(widget)
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 800)


def default_size(area: QRect) -> QSize:
    """The size of a first window on a screen whose free area is ``area``."""
    return DEFAULT_SIZE.boundedTo(area.size())


def fit_rect(rect: QRect, area: QRect) -> QRect:
    """``rect`` made no larger than ``area`` and moved inside it."""
    size = rect.size().boundedTo(area.size())
    x = min(max(rect.x(), area.left()), area.right() + 1 - size.width())
    y = min(max(rect.y(), area.top()), area.bottom() + 1 - size.height())
    return QRect(QPoint(x, y), size)


def fit_on_screen(window: QWidget) -> None:
    """Shrink and move a top-level ``window`` so all of it, the window manager's frame
    included, is on the available part of its screen."""
    area = available(window)
    frame, inner = window.frameGeometry(), window.geometry()
    extra = QSize(max(0, frame.width() - inner.width()),
                  max(0, frame.height() - inner.height()))
    wanted = fit_rect(frame, area)
    size = wanted.size() - extra
    minimum = window.minimumSize()
    if minimum.width() > size.width() or minimum.height() > size.height():
        window.setMinimumSize(minimum.boundedTo(size))
    if size != window.size():
        window.resize(size)
    if wanted.topLeft() != frame.topLeft():
        window.move(wanted.topLeft())


def centre_on_screen(window: QWidget, size: QSize) -> None:
    """Give ``window`` the size ``size`` (bounded by the screen) in the screen's middle."""
    area = available(window)
    size = size.boundedTo(area.size())
    rect = QRect(QPoint(0, 0), size)
    rect.moveCenter(area.center())
    window.resize(rect.size())
    window.move(rect.topLeft())


def widgets_outside(scroll: QScrollArea) -> list[QWidget]:
    """The visible widgets inside ``scroll`` that stick out sideways: past the right
    edge of the view, or past the edge of the widget that holds them (and so are cut).

    Vertical scrolling is normal; a sheet should never need sideways scrolling.
    """
    content = scroll.widget()
    if content is None:
        return []
    limit = scroll.viewport().width()
    found: list[QWidget] = []
    for child in content.findChildren(QWidget):
        if not child.isVisibleTo(content) or child.isWindow():
            continue
        parent = child.parentWidget()
        if parent is None or _inside_scrolled_view(child, content):
            continue
        rect = child.geometry()
        left = child.mapTo(content, QPoint(0, 0)).x()
        if left + rect.width() > limit or rect.right() >= parent.width() + 1 or rect.left() < 0:
            found.append(child)
    return found


def _inside_scrolled_view(child: QWidget, content: QWidget) -> bool:
    """True for widgets in a nested scrolling view (a table's cells scroll there)."""
    parent = child.parentWidget()
    while parent is not None and parent is not content:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False
