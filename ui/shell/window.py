"""The main window: a tab per open document of any game system, the start page, the
GM Screen dock, the menus, preferences, zoom, theme and layout.

The window knows no game system: it asks the registered system UIs
(:data:`ui.shell.system_uis.UI_REGISTRY`) for new documents, editors and GM Screen pages,
and each system's :class:`~ui.shell.window_part.WindowPart` for its docks and menus. Its
documents are handled by :class:`~ui.shell.documents.DocumentController`; its actions and
menus are built by :mod:`ui.shell.actions`.

Start-up: this module imports only what the start page needs. Autosave and the late
docks load in :meth:`MainWindow.ensure_ready`, right after the first paint (or earlier,
the moment anything needs them), so the window appears about as fast as a bare Qt window.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QGuiApplication,
    QIcon,
    QShowEvent,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from seforge.core.file_identity import resolved_text
from seforge.core.resources import resource_path
from ui.shell import actions, screen_fit, wheel_guard
from ui.shell.documents import DocumentController, document_name
from ui.shell.gm_screen import GMScreenDock
from ui.shell.settings import Preferences, load_preferences, recent_labels, save_preferences
from ui.shell.start_page import StartPage
from ui.shell.system_uis import SystemUi
from ui.shell.theme import apply_theme
from ui.shell.widgets import apply_font_scales
from ui.shell.window_part import WindowPart

if TYPE_CHECKING:
    from ui.shell.autosave import Autosaver
    from ui.shell.help import HelpWindow
    from ui.shell.opening import DocumentDropFilter
    from ui.shell.unsaved_dialog import UnsavedWork

APP_TITLE = "SEForge"
DEFERRED_LOAD_MS = 30
"""How long after the first show autosave and the late docks start loading."""
ZOOM_STEPS = (70, 80, 90, 100, 110, 125, 140, 160, 180, 200)
"""The window's zoom levels, in per cent of the system font size."""
SIDE_DOCK_WIDTH = (330, 420)
"""The side docks' first width: between these, about a third of the window."""


class MainWindow(QMainWindow):
    documents_changed = Signal()

    # built by ui.shell.actions
    new_action: QAction
    new_campaign_action: QAction
    export_pdf_action: QAction
    open_action: QAction
    save_action: QAction
    save_as_action: QAction
    close_action: QAction
    revert_action: QAction
    duplicate_action: QAction
    quit_action: QAction
    guide_action: QAction
    undo_action: QAction
    redo_action: QAction
    zoom_in_action: QAction
    zoom_out_action: QAction
    zoom_reset_action: QAction
    shortcuts_action: QAction
    hide_docks_action: QAction
    reset_layout_action: QAction
    paper_group: QActionGroup
    theme_group: QActionGroup
    paper_actions: dict[str, QAction]
    theme_actions: dict[str, QAction]
    file_menu: QMenu
    new_menu: QMenu
    recent_menu: QMenu
    edit_menu: QMenu
    view_menu: QMenu
    help_menu: QMenu
    menu_anchors: dict[str, tuple[QMenu, QAction]]

    def __init__(
        self,
        preferences: Preferences | None = None,
        autosave_interval_ms: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        app = QApplication.instance()
        if app is not None:
            wheel_guard.install(app)  # every value control of every system, from now on
        self.preferences = preferences if preferences is not None else load_preferences()
        self.setWindowTitle(APP_TITLE)
        self.setWindowIcon(QIcon(str(resource_path("icons", "seforge-256.png"))))
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
            | QMainWindow.DockOption.GroupedDragging
        )
        self._zoom = 100
        self._base_point_size = self.font().pointSizeF()
        self._hidden_docks: list[QDockWidget] = []
        self._page_policy: QSizePolicy | None = None
        self._ready = False
        self._autosave_interval_ms = autosave_interval_ms
        """None: the autosave module's default interval."""
        self._autosaver: Autosaver | None = None
        self._autosave_warned = False
        self._drop_filter: DocumentDropFilter | None = None
        self.help_window: HelpWindow | None = None
        self.setAcceptDrops(True)
        self.parts: dict[str, WindowPart] = {}
        """Each system's additions to the window, by system id."""
        self.controller = DocumentController(self)
        self.undo_group = QUndoGroup(self)

        self.start_page = StartPage(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("documentTabs")
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.tabs.currentChanged.connect(self._on_current_changed)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.start_page)
        self.stack.addWidget(self.tabs)
        self.setCentralWidget(self.stack)

        actions.build_actions(self)
        actions.build_menus(self)
        systems = self.controller.systems()
        screens = [(ui.system_id, ui.title) for ui in systems]
        self.gm_screen_dock = GMScreenDock(screens, self._gm_screen_page, self,
                                           bar_factory=self._gm_screen_bar)
        self.gm_screen_dock.hide()
        for ui in systems:
            self._install_part(ui)
        self.start_page.set_systems([
            (ui.system_id, ui.title,
             [(c.format_id, c.label, c.tooltip) for c in ui.new_document_choices()])
            for ui in systems])
        self.start_page.new_requested.connect(self.new_document)
        self.start_page.new_choice_requested.connect(self.new_document)
        self.start_page.open_requested.connect(self.controller.open_dialog)
        self.start_page.recent_requested.connect(lambda p: self.open_file(Path(p)))
        self._refresh_recent()
        self._restore_window()

        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_system_scheme_changed)
        self.update_state()

    def _install_part(self, ui: SystemUi) -> None:
        part = ui.window_part(self)
        if part is not None:
            self.parts[ui.system_id] = part
            part.install()

    def _gm_screen_page(self, system_id: str, parent: QWidget) -> QWidget:
        part = self.parts.get(system_id)
        page = part.gm_screen(parent) if part is not None else None
        if page is None:
            page = self.controller.system(system_id).gm_screen(parent)
        self.watch_drops(page)
        return page

    def _gm_screen_bar(self, system_id: str, page: QWidget) -> QWidget | None:
        """The File menu over a GM page that holds a tracker; its owner joins the
        window's documents (undo, autosave, the quit prompt)."""
        from ui.shell.gm_documents import TrackerBar, page_documents

        owners = page_documents(page)
        if not owners:
            return None
        owner = owners[0]
        from ui.shell.autosave import GM_SCREEN_PROPERTY

        for held in owners:
            held.setProperty(GM_SCREEN_PROPERTY, system_id)
            self.undo_group.addStack(held.undo_stack)
            held.saved.connect(lambda d=held: self.controller.forget_autosave(d))
            held.saved.connect(self.controller.sync_watch)
        bar = TrackerBar(self, owner)
        bar.page = page
        return bar

    def gm_documents(self) -> list[Any]:
        """The documents the built GM Screen pages hold (their trackers)."""
        from ui.shell.gm_documents import page_documents

        return [d for page in self.gm_screen_dock.built_pages() for d in page_documents(page)]

    def part(self, system_id: str) -> WindowPart:
        """What the system ``system_id`` added to the window (KeyError when it added
        nothing): scripts and tests reach a system's docks through it."""
        return self.parts[system_id]

    def showEvent(self, event: QShowEvent) -> None:
        """Once the window is on screen, load the rest a moment later (after the
        first frame) rather than before it."""
        super().showEvent(event)
        if not self._ready:
            QTimer.singleShot(DEFERRED_LOAD_MS, self, self.ensure_ready)
            # the window manager's frame is known only now: keep all of it on screen
            QTimer.singleShot(0, self, lambda: screen_fit.fit_when_framed(self))

    def ensure_ready(self) -> None:
        """Load what the start page does not need: autosave and the late docks.

        Idempotent; every path that needs these calls it first.
        """
        if self._ready:
            return
        self._ready = True
        from ui.shell.autosave import DEFAULT_INTERVAL_MS, Autosaver

        interval = self._autosave_interval_ms or DEFAULT_INTERVAL_MS
        self._autosaver = Autosaver(self.controller.all_documents, interval, self)
        self._autosaver.start()
        if self._autosaver.disabled_reason:
            self._warn_autosave_off(self._autosaver.disabled_reason)
        self._autosaver.failure_changed.connect(self._show_autosave_failure)
        for part in self.parts.values():
            part.ready()
        self.add_dock(self.gm_screen_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        side = self.side_docks()
        if len(side) > 1:
            self.tabifyDockWidget(side[0], self.gm_screen_dock)
        self.gm_screen_dock.show()
        self.gm_screen_dock.follow(self._current_system())
        if side:
            side[0].raise_()
        if not self._restore_dock_state():
            self._default_dock_sizes()
        actions.add_layout_actions(self)
        for part in self.parts.values():
            part.current_changed(self.current_document(), self.current_editor())
        self.watch_drops(self)  # the docks' text fields too
        screen_fit.fit_on_screen(self)

    def autosaver_started(self) -> bool:
        return self._autosaver is not None

    @property
    def autosaver(self) -> Autosaver:
        self.ensure_ready()
        assert self._autosaver is not None
        return self._autosaver

    def _default_dock_sizes(self) -> None:
        """First start: side docks about a third of the window, within bounds."""
        side = self.side_docks()
        if not side:
            return
        low, high = SIDE_DOCK_WIDTH
        width = max(low, min(high, self.width() // 3))
        self.resizeDocks([side[0]], [width], Qt.Orientation.Horizontal)

    def add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea) -> None:
        """Add a dock with its show/hide action in the View menu."""
        self.addDockWidget(area, dock)
        self.view_menu.addAction(dock.toggleViewAction())

    # -- documents (see DocumentController) --------------------------------------------
    def documents(self) -> list[Any]:
        return self.controller.documents()

    def editor_at(self, index: int) -> Any:
        """The editor widget of tab ``index``."""
        return self.tabs.widget(index)

    def current_editor(self) -> Any:
        """The current tab's editor widget (None on the start page)."""
        tab = self.controller.current_tab()
        return tab.widget if tab is not None else None

    def current_document(self) -> Any:
        return self.controller.current_document()

    def current_system(self) -> SystemUi | None:
        tab = self.controller.current_tab()
        return self.controller.system(tab.system_id) if tab is not None else None

    def _current_system(self) -> str | None:
        tab = self.controller.current_tab()
        return tab.system_id if tab is not None else None

    def new_document(self, system_id: str | None = None, format_id: str | None = None) -> Any:
        return self.controller.new_document(system_id, format_id)

    def new_campaign(self, system_id: str | None = None) -> Any:
        """File › New Campaign…: a campaign of the chosen system (asked when there is
        more than one without a campaign view of its own); its owner, None if cancelled."""
        systems = self.controller.campaign_systems()
        if system_id is None:
            if not systems:
                return None
            current = self._current_system()
            titles = [ui.title for ui in systems]
            first = next((i for i, ui in enumerate(systems) if ui.system_id == current), 0)
            if len(systems) == 1:
                system_id = systems[0].system_id
            else:
                from PySide6.QtWidgets import QInputDialog

                title, ok = QInputDialog.getItem(
                    self, "New Campaign", "Game system of the campaign:", titles, first,
                    False)
                if not ok:
                    return None
                system_id = systems[titles.index(title)].system_id
        return self.controller.new_campaign(system_id)

    def open_path(self, path: Path) -> Any:
        return self.controller.open_path(Path(path))

    def open_file(self, path: Path) -> bool:
        return self.controller.open_file(Path(path))

    def open_dialog(self) -> None:
        self.controller.open_dialog()

    def focused_gm_document(self) -> Any:
        """The tracker of the GM Screen page that has the keyboard focus, if any: File ›
        Save and Save As act on it then, as Edit › Undo does."""
        from ui.shell.gm_documents import page_documents

        focus = QApplication.focusWidget()
        if focus is None:
            return None
        for system_id in self.gm_screen_dock.system_ids():
            page = self.gm_screen_dock.built(system_id)
            bar = self.gm_screen_dock.bar(system_id)
            held = page_documents(page)
            if held and page is not None and (page.isAncestorOf(focus) or (
                    bar is not None and bar.isAncestorOf(focus))):
                return held[0]
        return None

    def save(self, document: Any = None) -> bool:
        return self.controller.save(document or self.focused_gm_document())

    def save_as(self, document: Any = None) -> bool:
        return self.controller.save_as(document or self.focused_gm_document())

    def close_tab(self, index: int) -> bool:
        return self.controller.close_tab(index)

    def close_current(self) -> bool:
        return self.controller.close_current()

    def revert(self, document: Any = None) -> bool:
        return self.controller.revert(document)

    def duplicate(self, document: Any = None) -> Any:
        return self.controller.duplicate(document)

    def maybe_save(self, document: Any) -> bool:
        return self.controller.maybe_save(document)

    def restore_autosaves(self) -> int:
        return self.controller.restore_autosaves()

    def unsaved_work(self) -> list[UnsavedWork]:
        return self.controller.unsaved_work()

    def undo(self) -> None:
        document = self.current_document()
        if document is not None:
            document.undo_stack.undo()

    def redo(self) -> None:
        document = self.current_document()
        if document is not None:
            document.undo_stack.redo()

    # -- closing ---------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit: one question for every unsaved document (Save All, Discard, Cancel)."""
        from ui.shell.unsaved_dialog import ask_save_all

        if not ask_save_all(self, self.unsaved_work(), "quitting"):
            event.ignore()
            return
        self.shutdown()
        event.accept()

    def shutdown(self) -> None:
        """A clean exit: autosaves and the session marker go, preferences are saved."""
        if self._autosaver is not None:
            self._autosaver.stop(clean=True)
        self.preferences.window = {
            "geometry": bytes(self.saveGeometry().toBase64().data()).decode("ascii"),
            "state": bytes(self.saveState().toBase64().data()).decode("ascii"),
            "zoom": self._zoom,
        }
        self.save_preferences()

    # -- state --------------------------------------------------------------------------
    def _on_current_changed(self, _index: int) -> None:
        self.update_state()
        document, widget = self.current_document(), self.current_editor()
        if self._ready:
            self.gm_screen_dock.follow(self._current_system())
            for part in self.parts.values():
                part.current_changed(document, widget)

    def update_title(self) -> None:
        document = self.current_document()
        if document is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
            return
        tab = self.controller.current_tab()
        part = self.parts.get(tab.system_id) if tab is not None else None
        # Qt adds " — SEForge" (the application's display name) on its own.
        self.setWindowTitle(f"{document_name(document, part)}[*]")
        self.setWindowModified(document.is_modified())

    def update_state(self) -> None:
        document = self.current_document()
        has = document is not None
        current = self.tabs if self.tabs.count() else self.start_page
        if self.stack.currentWidget() is not current or self._page_policy is None:
            self.stack.setCurrentWidget(current)
            # only the page shown counts for the window's minimum size (the start page
            # is taller than a short screen allows once a tall dock is docked)
            if self._page_policy is None:
                self._page_policy = self.start_page.sizePolicy()
            ignored = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
            for page in (self.start_page, self.tabs):
                page.setSizePolicy(self._page_policy if page is current else ignored)
        for action in (self.save_action, self.save_as_action, self.close_action,
                       self.duplicate_action):
            action.setEnabled(has)
        self.revert_action.setEnabled(has and document.path is not None)
        # systems with their own export actions (Sword's Edge) do not offer export_pdf
        ui = self.current_system()
        self.export_pdf_action.setVisible(ui is not None and ui.offers_pdf_export())
        for part in self.parts.values():
            part.update_state(document)
        self.bind_undo()
        self.update_title()

    def on_focus_changed(self, _old: object, _new: object) -> None:
        self.bind_undo()

    def bind_undo(self) -> None:
        """Edit › Undo/Redo act on the owner being worked on: a view's own history while
        the focus is in it (a part's focus stacks), else the current tab's document."""
        document = self.current_document()
        stack: QUndoStack | None = document.undo_stack if document is not None else None
        focus = QApplication.focusWidget()
        if focus is not None:
            from ui.shell.gm_documents import page_documents

            for page in self.gm_screen_dock.built_pages():
                held = page_documents(page)
                if held and page.isAncestorOf(focus):
                    stack = held[0].undo_stack
            for part in self.parts.values():
                for widget, owned in part.focus_stacks():
                    if widget is focus or widget.isAncestorOf(focus):
                        stack = owned
                        break
        if self.undo_group.activeStack() is not stack:
            self.undo_group.setActiveStack(stack)  # type: ignore[arg-type]  # None: no stack

    # -- preferences ----------------------------------------------------------------------
    def remember(self, path: Path) -> None:
        self.preferences.add_recent(path)
        self.save_preferences()
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        if self.preferences.prune_recent():
            self.save_preferences()
        self.start_page.set_recent(self.preferences.recent_files)

    def forget_missing(self, path: Path) -> None:
        """Drop a file that is gone from the recent files."""
        if path.exists():
            return
        before = list(self.preferences.recent_files)
        self.preferences.remove_recent(str(path))
        self.preferences.remove_recent(resolved_text(path))  # never raises (a loop)
        if self.preferences.recent_files != before:
            self.save_preferences()
            self._refresh_recent()

    def fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        if self.preferences.prune_recent():
            self.save_preferences()
            self._refresh_recent()
        paths = self.preferences.recent_files
        for path, label in zip(paths, recent_labels(paths), strict=True):
            action = self.recent_menu.addAction(label.replace("&", "&&"))
            action.setToolTip(path)
            action.triggered.connect(lambda _c=False, p=path: self.open_file(Path(p)))
        if not self.preferences.recent_files:
            empty = self.recent_menu.addAction("No recent files")
            empty.setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction("Clear List")
            clear.triggered.connect(self._clear_recent)

    def _clear_recent(self) -> None:
        self.preferences.recent_files = []
        self.save_preferences()
        self._refresh_recent()

    def save_preferences(self) -> None:
        try:
            save_preferences(self.preferences)
        except (OSError, ValueError):  # never break the Open or Save that asked for it
            self.statusBar().showMessage("Preferences could not be saved", 5000)

    def dialog_folder(self) -> str:
        if self.preferences.recent_files:
            return str(Path(self.preferences.recent_files[0]).parent)
        return str(Path.home())

    def _restore_window(self) -> None:
        """The last size and place, kept inside the screen's free area (a geometry saved
        on a larger monitor or at another scale factor must not run off this one)."""
        geometry = self.preferences.window.get("geometry")
        restored = False
        if isinstance(geometry, str):
            restored = self.restoreGeometry(QByteArray.fromBase64(geometry.encode("ascii")))
        if restored:
            screen_fit.fit_on_screen(self)
        else:
            screen_fit.place_first_window(self)
        zoom = self.preferences.window.get("zoom")
        if isinstance(zoom, int) and ZOOM_STEPS[0] <= zoom <= ZOOM_STEPS[-1]:
            self.set_zoom(zoom, save=False)
        self._restore_dock_state()

    def _restore_dock_state(self) -> bool:
        """Put the docks back where they were (again once the late docks exist)."""
        state = self.preferences.window.get("state")
        if isinstance(state, str):
            return bool(self.restoreState(QByteArray.fromBase64(state.encode("ascii"))))
        return False

    def export_pdf(self) -> Path | None:
        """File › Export PDF…: the current document, as its system prints it."""
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        from ui.shell.pdf_export import pdf_name

        ui = self.current_system()
        document = self.current_document()
        if document is None or ui is None or not ui.offers_pdf_export():
            return None
        folder = document.path.parent if document.path is not None else Path.home()
        name, _ = QFileDialog.getSaveFileName(
            self, "Export PDF", str(folder / pdf_name(document.title())), "PDF files (*.pdf)")
        if not name:
            return None
        out = Path(name)
        if out.suffix.lower() != ".pdf":
            out = out.with_name(out.name + ".pdf")
        from seforge.core.documents import DocumentFileError

        try:
            ui.export_pdf(document, out, self.preferences.paper)
        except DocumentFileError as exc:  # about the temporary copy: its problem only
            QMessageBox.warning(self, "Export PDF", f"Nothing was exported: {exc.problem}")
            return None
        except (ValueError, OSError) as exc:
            text = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            QMessageBox.warning(self, "Export PDF", f"Nothing was exported: {text}")
            return None
        self.statusBar().showMessage(f"Exported {out.name}", 5000)
        return out

    def set_paper(self, name: str) -> None:
        self.preferences.paper = name
        self.paper_actions[name].setChecked(True)
        self.save_preferences()

    # -- layout -----------------------------------------------------------------------
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
        font = QFont(self.font())
        font.setPointSizeF(self._base_point_size * percent / 100)
        self.setFont(font)
        apply_font_scales(self)
        self.zoom_in_action.setEnabled(percent < ZOOM_STEPS[-1])
        self.zoom_out_action.setEnabled(percent > ZOOM_STEPS[0])
        self.zoom_reset_action.setEnabled(percent != 100)
        if save:
            self.statusBar().showMessage(f"Zoom {percent}%", 2000)
            self.preferences.window["zoom"] = percent
            self.save_preferences()

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

    # -- opening files from outside, start-up reports -----------------------------------
    def open_paths(self, paths: list[Path]) -> int:
        """Open files given on the command line, dropped or passed on by another
        launch, each where its kind belongs; returns how many opened."""
        from ui.shell.opening import open_all

        return open_all(self, paths)

    def receive_from_other_launch(self, paths: list[str]) -> None:
        """A second launch handed its files over: open them and come to the front."""
        self.bring_to_front()
        self.open_paths([Path(p) for p in paths])

    def bring_to_front(self) -> None:
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()
        QApplication.alert(self)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        from ui.shell.opening import dropped_paths

        if dropped_paths(event.mimeData(), self.controller.suffixes()):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        from ui.shell.opening import dropped_paths

        if dropped_paths(event.mimeData(), self.controller.suffixes()):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        from ui.shell.opening import dropped_paths

        paths = dropped_paths(event.mimeData(), self.controller.suffixes())
        if not paths:
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        # Open after the drop returns: the source application is not kept waiting
        # behind a message box about a bad file.
        QTimer.singleShot(0, lambda: self.open_paths(paths))

    def watch_drops(self, root: QWidget) -> None:
        """Documents dropped on the text fields under ``root`` open in the window."""
        from ui.shell.opening import DocumentDropFilter

        if self._drop_filter is None:
            self._drop_filter = DocumentDropFilter(self)
        self._drop_filter.watch(root)

    def report_problems(self, messages: list[str]) -> None:
        """Tell the user, in one window that does not stop anything, about our own
        files that had to be set aside or could not be used."""
        if not messages:
            return
        box = QMessageBox(QMessageBox.Icon.Warning, "SEForge",
                          "\n\n".join(messages), QMessageBox.StandardButton.Ok, self)
        box.setObjectName("startupProblems")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def _show_autosave_failure(self, problem: str) -> None:
        """A lasting note in the status bar while autosaves fail (they are tried again
        every round); gone at the first round that works."""
        label = self.findChild(QLabel, "autosaveFailed")
        if not problem:
            if label is not None:
                self.statusBar().removeWidget(label)
                label.deleteLater()
                label.setObjectName("")
            self.statusBar().showMessage("Autosave works again", 5000)
            return
        if label is None:
            label = QLabel(self)
            label.setObjectName("autosaveFailed")
            self.statusBar().addPermanentWidget(label)
        self.statusBar().show()  # made on first use, after the window was shown
        label.setText("Autosave failed: retrying")
        label.setToolTip(problem + ". SEForge tries again at every autosave; save your "
                         "work yourself, or free space in the data folder.")
        label.show()
        self.statusBar().showMessage(problem + "; trying again", 10000)

    def _warn_autosave_off(self, reason: str) -> None:
        """One warning, and a lasting note in the status bar, when autosave is off."""
        label = QLabel("Autosave off", self)
        label.setObjectName("autosaveOff")
        label.setToolTip(reason)
        self.statusBar().addPermanentWidget(label)
        if not self._autosave_warned:
            self._autosave_warned = True
            self.report_problems([reason + " Everything else works; save your files "
                                  "yourself, or choose a data folder that can be written."])

    def clean_stale_temp_files(self) -> list[Path]:
        """Remove temporary files a killed save of ours left behind (old enough that
        no save in progress is touched): in the data and preference folders and
        beside the recent files."""
        from seforge.core.atomic import remove_stale_temp_files
        from ui.shell.settings import config_dir, data_dir

        base = data_dir()
        folders = {config_dir(), base}
        with contextlib.suppress(OSError):
            folders |= {p for p in base.iterdir() if p.is_dir() and not p.is_symlink()}
        folders |= {Path(p).parent for p in self.preferences.recent_files}
        folders |= {d.path.parent for d in self.controller.all_documents()
                    if d.path is not None}
        removed: list[Path] = []
        for folder in sorted(folders):
            removed += remove_stale_temp_files(folder)
        return removed

    # -- help ---------------------------------------------------------------------------
    def show_guide(self, page: str = "start") -> HelpWindow:
        """Open (or raise) the user guide at ``page``."""
        from ui.shell.help import HelpWindow

        if self.help_window is None:
            self.help_window = HelpWindow(self)
        self.help_window.show_page(page)
        self.help_window.show()
        self.help_window.raise_()
        self.help_window.activateWindow()
        return self.help_window

    def show_about(self) -> None:
        from ui.shell.help import AboutDialog

        self.about_dialog = AboutDialog(self.show_guide, self)
        self.about_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.about_dialog.open()
