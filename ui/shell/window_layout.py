"""The main window's layout, zoom and theme (a part of :class:`ui.shell.window.MainWindow`).

:class:`WindowLayout` shows the window (its first show, maximized if it must, and the
rest loaded right after the first frame), places the docks (the first-start layout, Hide
Docks, Reset Layout, the size and place restored within the screen, the docks' room kept
in the first frame), zooms the whole window's text and switches the theme and icons.
What it needs of the rest of the window is declared in its class body, for mypy; it
imports no other part of the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from seforge.core.resources import resource_path
from ui.shell import screen_fit
from ui.shell.font_scales import apply_font_scales
from ui.shell.theme import apply_theme

if TYPE_CHECKING:
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QAction, QKeyEvent
    from PySide6.QtWidgets import QDockWidget, QStackedWidget

    from ui.shell.gm_screen import GMScreenDock
    from ui.shell.settings import Preferences
    from ui.shell.start_page import StartPage
    from ui.shell.window_part import WindowPart

    _Window = QMainWindow
else:
    _Window = object

ZOOM_STEPS = (70, 80, 90, 100, 110, 125, 140, 160, 180, 200)
"""The window's zoom levels, in per cent of the system font size."""
SIDE_DOCK_WIDTH = (330, 420)
"""The side docks' first width: between these, about a third of the window."""
MIN_PAGE = 200
"""A kept dock room leaves the start page at least this much width and height."""
DEFERRED_LOAD_MS = 30
"""How long after the first show autosave and the late docks start loading."""
START_PAGE_KEY = "start_page"
"""The preferences' window entry with the start page's New rows and buttons."""
DOCK_ROOM_KEY = "dock_room"
"""The preferences' window entry with the room the docks took at the last close."""
PAGE_WIDTH_KEY = "page_width"
"""The preferences' window entry with the width the page had at the last close."""


def default_side_width(window_width: int) -> int:
    """The side docks' first width in a window ``window_width`` wide."""
    low, high = SIDE_DOCK_WIDTH
    return max(low, min(high, window_width // 3))


def side_room(left: int, right: int, spare: int) -> tuple[int, int]:
    """The docks' room on the left and the right, made to fit in ``spare`` pixels (the
    window's width less what the page needs) by taking from each side its share."""
    if left + right <= spare:
        return left, right
    spare = max(0, spare)
    fitted_left = left * spare // (left + right)
    return fitted_left, spare - fitted_left


def _base64(data: QByteArray) -> str:
    """Qt's saved bytes as the text the preferences file keeps."""
    return bytes(data.toBase64().data()).decode("ascii")


class WindowLayout(_Window):
    """The window's docks, zoom and theme (see the module's docstring)."""

    restoring_layout = False
    """True while the last session's docks are being put back: a dock shown by that
    waits for the layout before it asks the user anything."""

    if TYPE_CHECKING:  # what the layout needs of the window
        preferences: Preferences
        parts: dict[str, WindowPart]
        gm_screen_dock: GMScreenDock
        hide_docks_action: QAction
        zoom_in_action: QAction
        zoom_out_action: QAction
        zoom_reset_action: QAction
        theme_actions: dict[str, QAction]
        start_page: StartPage
        _opens_maximized: bool
        _ready: bool
        _built: bool
        _first_frame: bool
        _zoom: int
        _base_point_size: float
        _hidden_docks: list[QDockWidget]
        stack: QStackedWidget
        _load_scheduled: bool

        def ensure_ready(self) -> None: ...

        def save_preferences(self) -> None: ...

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override, Qt names
        """A key press no control took: an Alt+letter of a greyed button says why it is
        greyed (:mod:`ui.shell.disabled_keys`)."""
        from ui.shell.disabled_keys import explain_greyed_key

        if not explain_greyed_key(self, event):
            super().keyPressEvent(event)

    def _default_dock_sizes(self) -> None:
        """First start: side docks about a third of the window, within bounds."""
        side = self.side_docks()
        if not side:
            return
        width = default_side_width(self.width())
        from PySide6.QtCore import Qt

        self.resizeDocks([side[0]], [width], Qt.Orientation.Horizontal)


    def _restore_window(self) -> None:
        """The last size and place, kept inside the screen's free area (a geometry saved
        on a larger monitor or at another scale factor must not run off this one)."""
        geometry = self._saved_bytes("geometry")
        if geometry is not None and self.restoreGeometry(geometry):
            screen_fit.fit_on_screen(self)
        else:
            screen_fit.place_first_window(
                self, maximize=self.maximize_on_show if self._first_frame else None)
        zoom = self.preferences.window.get("zoom")
        # (a zoom at 100 % has nothing to do: setting it would wrap every widget of the
        # window in Python, about 5 ms of the first frame)
        if (isinstance(zoom, int) and ZOOM_STEPS[0] <= zoom <= ZOOM_STEPS[-1]
                and zoom != self._zoom):
            self.set_zoom(zoom, save=False)
        self._restore_dock_state()

    # -- showing -------------------------------------------------------------------------
    def maximize_on_show(self) -> None:
        """The first show opens the window maximized (the first frame's way to maximize:
        setting the state would build PySide's enums of the ``Qt`` namespace first)."""
        self._opens_maximized = True

    def show(self) -> None:
        if self._opens_maximized:
            self._opens_maximized = False
            self.showMaximized()
        else:
            super().show()

    def setVisible(self, visible: bool) -> None:
        """Once the window is on screen, load the rest a moment later (after the
        first frame) rather than before it. (Overriding ``showEvent`` instead would hand
        Python a ``QShowEvent`` during the first show, which builds PySide's enum of the
        180 event types first: about 1.5 ms before the first frame.)"""
        super().setVisible(visible)
        if visible and not self._ready and not self._load_scheduled:
            self._load_scheduled = True
            QTimer.singleShot(DEFERRED_LOAD_MS, self, self.ensure_ready)
            # the window manager's frame is known only now: keep all of it on screen
            QTimer.singleShot(0, self, lambda: screen_fit.fit_when_framed(self))

    def set_icons(self) -> None:
        """The app's and the window's icon, once the first frame is on screen (PySide's
        QIcon type builds an enum of 150 theme icons, and X11 converts the icon for the
        window manager: a title bar shows the icon a moment after the window)."""
        from PySide6.QtGui import QIcon

        icon = QIcon(str(resource_path("icons", "seforge-256.png")))
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.setWindowIcon(icon)
        self.setWindowIcon(icon)

    def _reserve_dock_room(self) -> None:
        """The first frame leaves the docks' room empty (the room they took when the
        window last closed; on a first start, the side docks' first width), so that the
        start page stays where it is when they arrive a moment later."""
        width = screen_fit.available(self).width() if self._opens_maximized else self.width()
        saved = self.preferences.window.get(DOCK_ROOM_KEY)
        if (isinstance(saved, list) and len(saved) == 3
                and all(type(v) is int and v >= 0 for v in saved)
                and isinstance(self.preferences.window.get("state"), str)
                and saved[2] <= self.height() - MIN_PAGE):
            # (a room kept on a wider screen gives the page what it needs, as the docks
            # will when they arrive: see _fit_docks_to_page)
            claim = self._page_claim(saved[0] + saved[1], width)
            left, right = side_room(saved[0], saved[1], width - claim)
            bottom = saved[2]
        else:  # a first start, or a room that cannot be: the docks' first layout
            left, right, bottom = 0, default_side_width(width), 0
        self.start_page.reserve_room(left, right, bottom)

    def _page_claim(self, room: int, width: int) -> int:
        """The width the page takes back from side docks of ``room`` pixels in a window
        ``width`` wide: none when the page they leave is as wide as at the last close
        (the user gave the docks that room, on a screen as wide), else the width it
        needs (a layout saved on a wider screen)."""
        need = self.start_page.needed_width()
        had = self.preferences.window.get(PAGE_WIDTH_KEY)
        if type(had) is int and 0 <= had <= width - room:
            return min(need, had)
        return need

    def _fit_docks_to_page(self, width: int) -> None:
        """Side docks restored wider than a window ``width`` wide can spare (their width
        was saved on a larger screen) give the start page back the width it needs, so
        that it is whole and does not scroll sideways; each side keeps its share."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        left, right, _bottom = self.dock_room()
        fitted = side_room(left, right, width - self._page_claim(left + right, width))
        if fitted == (left, right):
            return
        from PySide6.QtCore import Qt

        area = {Qt.DockWidgetArea.LeftDockWidgetArea: (left, fitted[0]),
                Qt.DockWidgetArea.RightDockWidgetArea: (right, fitted[1])}
        docks, widths = [], []
        for dock in self.side_docks():
            if dock.isFloating() or not dock.isVisible():
                continue
            was, now = area.get(self.dockWidgetArea(dock), (0, 0))
            if was > now:
                docks.append(dock)
                widths.append(max(1, dock.width() * now // was))
        if docks:
            self.resizeDocks(docks, widths, Qt.Orientation.Horizontal)

    def dock_room(self) -> list[int]:
        """[left, right, bottom]: the room the docks take beside and under the window's
        central area (not the status bar's: it comes with the first message)."""
        from PySide6.QtWidgets import QStatusBar

        central = self.stack.geometry()
        bar = self.findChild(QStatusBar)
        below = bar.height() if bar is not None and bar.isVisible() else 0
        return [central.x(), max(0, self.width() - central.x() - central.width()),
                max(0, self.height() - central.y() - central.height() - below)]

    def layout_preferences(self) -> dict[str, object]:
        """The window's entry of the preferences: its size and place, the docks' state
        and room, the zoom and the start page's rows (the room and rows kept from before
        when the window was never built)."""
        before = self.preferences.window
        room = self.dock_room() if self._ready else before.get(DOCK_ROOM_KEY)
        page_width = self.stack.width() if self._ready else before.get(PAGE_WIDTH_KEY)
        page = self.start_page.layout_cache() if self._built else before.get(START_PAGE_KEY)
        return {
            "geometry": _base64(self.saveGeometry()),
            "state": _base64(self.saveState()),
            "zoom": self._zoom,
            **({DOCK_ROOM_KEY: room} if room is not None else {}),
            **({PAGE_WIDTH_KEY: page_width} if page_width is not None else {}),
            **({START_PAGE_KEY: page} if page is not None else {}),
        }

    def _restore_dock_state(self) -> bool:
        """Put the docks back where they were (again once the late docks exist)."""
        state = self._saved_bytes("state")
        if state is None:
            return False
        self.restoring_layout = True
        try:
            return bool(self.restoreState(state))
        finally:
            self.restoring_layout = False

    def _saved_bytes(self, key: str) -> QByteArray | None:
        """The Qt bytes saved under ``key`` in the window's preferences (base64 text)."""
        text = self.preferences.window.get(key)
        if not isinstance(text, str):
            return None
        from PySide6.QtCore import QByteArray  # (only a returning user's window)

        return QByteArray.fromBase64(text.encode("ascii"))


    # -- layout -----------------------------------------------------------------------
    def show_new_docks(self) -> None:
        """Docks added to a window already on screen (the first frame's) stay hidden
        until shown, where those added before its first show appear with it: show each
        that no part hid on purpose."""
        if not self.isVisible():
            return
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QDockWidget

        explicit = Qt.WidgetAttribute.WA_WState_ExplicitShowHide
        for dock in self.findChildren(QDockWidget):
            if dock.parentWidget() is self and dock.isHidden() and not dock.testAttribute(explicit):
                dock.show()

    def side_docks(self) -> list[QDockWidget]:
        docks = [d for part in self.parts.values() for d in part.side_docks()]
        if self._ready:
            docks.append(self.gm_screen_dock)
        return docks

    def bottom_docks(self) -> list[QDockWidget]:
        return [d for part in self.parts.values() for d in part.bottom_docks()]

    def set_docks_hidden(self, hidden: bool) -> None:
        """Collapse every open dock (and restore the same ones)."""
        if hidden:
            docks = [*self.side_docks(), *self.bottom_docks()]
            self._hidden_docks = [d for d in docks if d.isVisible()]
            for dock in self._hidden_docks:
                dock.hide()
        else:
            for dock in self._hidden_docks:
                dock.show()
            self._hidden_docks = []
        if self.hide_docks_action.isChecked() != hidden:
            self.hide_docks_action.setChecked(hidden)

    def reset_layout(self) -> None:
        """The first-start layout: side docks tabbed on the right, the bottom ones closed."""
        from PySide6.QtCore import Qt

        self.ensure_ready()
        self.set_docks_hidden(False)
        side = self.side_docks()
        for dock in side:
            dock.setFloating(False)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.show()
        for dock in side[1:]:
            self.tabifyDockWidget(side[0], dock)
        for dock in self.bottom_docks():
            dock.setFloating(False)
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            dock.hide()
        if side:
            side[0].raise_()
        self._default_dock_sizes()

    # -- zoom ---------------------------------------------------------------------------
    def zoom(self) -> int:
        return self._zoom

    def set_zoom(self, percent: int, save: bool = True) -> None:
        """Text of the whole window at ``percent`` of the system font size."""
        percent = max(ZOOM_STEPS[0], min(ZOOM_STEPS[-1], percent))
        self._zoom = percent
        from PySide6.QtGui import QFont  # (not before a zoom: its eight enums cost 1 ms)

        font = QFont(self.font())
        font.setPointSizeF(self._base_point_size * percent / 100)
        self.setFont(font)
        apply_font_scales(self)
        self.sync_zoom_actions()
        if save:
            self.statusBar().showMessage(f"Zoom {percent}%", 2000)
            self.preferences.window["zoom"] = percent
            self.save_preferences()

    def sync_zoom_actions(self) -> None:
        """View › Zoom In/Out/Reset enabled as the zoom allows (once they exist)."""
        if not self._built:
            return
        percent = self._zoom
        self.zoom_in_action.setEnabled(percent < ZOOM_STEPS[-1])
        self.zoom_out_action.setEnabled(percent > ZOOM_STEPS[0])
        self.zoom_reset_action.setEnabled(percent != 100)

    def apply_zoom_to(self, widget: QWidget) -> None:
        """A widget added after a zoom takes the scaled fonts too."""
        apply_font_scales(widget)

    def zoom_in(self) -> None:
        self.set_zoom(next((z for z in ZOOM_STEPS if z > self._zoom), ZOOM_STEPS[-1]))

    def zoom_out(self) -> None:
        self.set_zoom(next((z for z in reversed(ZOOM_STEPS) if z < self._zoom), ZOOM_STEPS[0]))

    def zoom_reset(self) -> None:
        self.set_zoom(100)

    def show_shortcuts(self) -> None:
        from ui.shell.shortcuts_dialog import ShortcutsDialog

        ShortcutsDialog(self.menuBar(), self).exec()

    # -- theme ----------------------------------------------------------------------
    def set_theme(self, name: str) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, name)
        self.preferences.theme = name
        self.theme_actions[name].setChecked(True)
        self.save_preferences()
        for part in self.parts.values():
            part.palette_changed()

    def _on_system_scheme_changed(self, _scheme: object) -> None:
        if self.preferences.theme == "system":
            self.set_theme("system")
