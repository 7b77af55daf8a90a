"""Keeping windows on the screen, and finding widgets that a layout clips.

A saved geometry may come from a larger monitor, a higher scale factor or a screen
that is gone; a dock floated for the first time may open wherever its last size
puts it. Everything here works in the available geometry of a screen (without the
task bar), so a window is never larger than the screen nor partly off it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QMargins, QObject, QPoint, QRect, QSize, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:  # types the first frame does not need loaded
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QScreen
    from PySide6.QtWidgets import QScrollArea

DEFAULT_SIZE = QSize(1280, 800)
"""The first window's size on a screen that has room for it (else the whole screen)."""


GUESSED_FRAME = QMargins(4, 32, 4, 4)
"""The window manager's frame (title bar on top) assumed before a window is shown: the
real one is known only once the window manager has framed the window."""

FRAMELESS_PLATFORMS = ("offscreen", "minimal", "eglfs", "linuxfb", "vnc")
"""Qt platforms that draw no frame around a window."""


def screen_for(widget: QWidget) -> QScreen | None:
    """The screen ``widget`` is on (by its centre), else the primary screen."""
    centre = widget.frameGeometry().center()
    screen = QGuiApplication.screenAt(centre) if widget.isVisible() else None
    return screen or widget_screen(widget)


def widget_screen(widget: QWidget) -> QScreen | None:
    """The screen of ``widget``'s window (where its centre is, else the primary screen),
    as ``QWidget.screen()`` answers, which nothing here may call: PySide ties the Python
    wrapper of the QScreen it returns to the widget's wrapper, as its child, and when that
    wrapper went with Python's cycle collector, shiboken gave the app's QScreen to Python,
    which deleted it (then SIGSEGV wherever Qt used the screen: the cursor's position, a
    window's configure event). The static calls asked here tie it to nothing."""
    window = widget.window()  # (exempt from the heuristic in PySide's type system)
    screen = QGuiApplication.screenAt(window.frameGeometry().center())
    return screen or QGuiApplication.primaryScreen()


def available(widget: QWidget) -> QRect:
    screen = screen_for(widget)
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 800)


def default_size(area: QRect) -> QSize:
    """The size of a first window on a screen whose free area is ``area``."""
    return DEFAULT_SIZE.boundedTo(area.size())


def known_frame(window: QWidget) -> QMargins:
    """The frame around ``window`` as Qt knows it now (none until the window manager
    has framed the window)."""
    frame, inner = window.frameGeometry(), window.geometry()
    return QMargins(inner.left() - frame.left(), inner.top() - frame.top(),
                    frame.right() - inner.right(), frame.bottom() - inner.bottom())


FRAMED_PROPERTY = "seforgeFramed"
"""A window with this property set to True is never frameless (the main window): its
flags are not asked for, which would build PySide's enums of the whole ``Qt`` namespace
(about 15 ms) before the first frame."""


def draws_frames(window: QWidget) -> bool:
    """Whether a window manager will draw a frame around ``window``."""
    if QGuiApplication.platformName() in FRAMELESS_PLATFORMS:
        return False
    if window.property(FRAMED_PROPERTY) is True:
        return True
    from PySide6.QtCore import Qt

    return not window.windowFlags() & Qt.WindowType.FramelessWindowHint


def frame_margins(window: QWidget) -> QMargins:
    """The frame the window manager draws around ``window``: the real one once it is
    known, else :data:`GUESSED_FRAME` (none on a platform that draws no frames)."""
    known = known_frame(window)
    if not known.isNull() or not draws_frames(window):
        return known
    return QMargins(GUESSED_FRAME)


class _RefitWhenFramed(QObject):
    """Fits a window on screen again once the window manager has framed it (its
    frame is only guessed before), then goes away."""

    CHECKS_MS = (0, 100, 400, 1500)

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("refitWhenFramed")
        self._window = window
        window.installEventFilter(self)
        for delay in self.CHECKS_MS:  # some window managers frame without a Move event
            QTimer.singleShot(delay, self, self._check)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        from PySide6.QtCore import QEvent

        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
            QTimer.singleShot(0, self, self._check)
        return False

    def _check(self) -> None:
        if not known_frame(self._window).isNull():
            self._window.removeEventFilter(self)
            fit_on_screen(self._window)
            self.deleteLater()


def fit_when_framed(window: QWidget) -> None:
    """Fit a just-shown ``window`` on screen now (its frame guessed) and again once the
    window manager has framed it, with its real frame."""
    fit_on_screen(window)
    if (draws_frames(window) and known_frame(window).isNull()
            and window.findChild(_RefitWhenFramed, "refitWhenFramed") is None):
        _RefitWhenFramed(window)


def first_window_rect(area: QRect, frame: QMargins, wanted: QSize = DEFAULT_SIZE,
                      ) -> QRect | None:
    """Where a first window goes: the client rectangle of a window of ``wanted`` size
    whose frame (``frame`` around it) is centred in ``area``; None when the frame
    cannot fit, and the window opens maximized instead."""
    outer = wanted.grownBy(frame)
    if outer.width() > area.width() or outer.height() > area.height():
        return None
    rect = QRect(QPoint(0, 0), outer)
    rect.moveCenter(area.center())
    return rect.marginsRemoved(frame)


def fitted_rect(client: QRect, frame: QMargins, area: QRect) -> QRect:
    """The client rectangle of a window now at ``client`` with ``frame`` around it,
    shrunk and moved so that all of the frame is inside ``area``."""
    outer = fit_rect(client.marginsAdded(frame), area)
    return outer.marginsRemoved(frame)


def dialog_rect(wanted: QSize, frame: QMargins, area: QRect) -> QRect:
    """A dialog's client rectangle: ``wanted`` made small enough for its frame to fit
    ``area``, centred there."""
    outer = wanted.grownBy(frame).boundedTo(area.size())
    rect = QRect(QPoint(0, 0), outer)
    rect.moveCenter(area.center())
    return rect.marginsRemoved(frame)


def place_first_window(window: QWidget, wanted: QSize = DEFAULT_SIZE,
                       maximize: Callable[[], None] | None = None) -> None:
    """Place a window that has no saved geometry: centred, frame included, on its
    screen's free area; maximized where it does not fit (by ``maximize`` when given:
    a window not shown yet can open with ``showMaximized``, which names no ``Qt`` enum)."""
    area = available(window)
    rect = first_window_rect(area, frame_margins(window), wanted)
    if rect is None:
        window.resize(default_size(area))  # its size when the user un-maximizes
        if maximize is not None:
            maximize()
            return
        from PySide6.QtCore import Qt

        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
        return
    window.setGeometry(rect)


def size_dialog(dialog: QWidget, wanted: QSize) -> None:
    """Give ``dialog`` the size ``wanted`` where its screen has room, less where it
    has not (frame included). A dialog centres itself over its parent when shown,
    within the screen."""
    dialog.resize(dialog_rect(wanted, frame_margins(dialog), available(dialog)).size())


def fit_rect(rect: QRect, area: QRect) -> QRect:
    """``rect`` made no larger than ``area`` and moved inside it."""
    size = rect.size().boundedTo(area.size())
    x = min(max(rect.x(), area.left()), area.right() + 1 - size.width())
    y = min(max(rect.y(), area.top()), area.bottom() + 1 - size.height())
    return QRect(QPoint(x, y), size)


def fit_on_screen(window: QWidget) -> None:
    """Shrink and move a top-level ``window`` so all of it, the window manager's frame
    included, is on the available part of its screen (a maximized or full-screen
    window is the window manager's to place)."""
    if window.isMaximized() or window.isFullScreen():
        return
    area = available(window)
    margins = frame_margins(window)
    wanted = fitted_rect(window.geometry(), margins, area)
    size = wanted.size()
    minimum = window.minimumSize()
    if minimum.width() > size.width() or minimum.height() > size.height():
        window.setMinimumSize(minimum.boundedTo(size))
    if size != window.size():
        window.resize(size)
    if wanted.topLeft() != window.geometry().topLeft():
        # a move places the frame once the window manager has drawn one; before, the
        # window itself (and the window manager then puts its frame around it)
        framed = not known_frame(window).isNull()
        window.move(wanted.marginsAdded(margins).topLeft() if framed else wanted.topLeft())


def centre_on_screen(window: QWidget, size: QSize) -> None:
    """Give ``window`` the size ``size`` (less where the screen, frame included, has no
    room for it) in the screen's middle."""
    margins = frame_margins(window)
    rect = dialog_rect(size, margins, available(window))
    window.resize(rect.size())
    window.move(rect.marginsAdded(margins).topLeft())


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
    from PySide6.QtWidgets import QAbstractScrollArea

    parent = child.parentWidget()
    while parent is not None and parent is not content:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False
