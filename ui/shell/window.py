"""The main window: a tab per open document of any game system, the start page, the
GM Screen dock, the menus, preferences, zoom, theme and layout.

The window knows no game system: it asks the registered system UIs
(:data:`ui.shell.system_uis.UI_REGISTRY`) for new documents, editors and GM Screen pages,
and each system's :class:`~ui.shell.window_part.WindowPart` for its docks and menus. Its
documents are handled by :class:`~ui.shell.documents.DocumentController`; its actions and
menus are built by :mod:`ui.shell.actions`; its layout, zoom and theme are
:class:`~ui.shell.window_layout.WindowLayout`, its recent files, PDF export, files handed
over and notices :class:`~ui.shell.window_files.WindowFiles`. None of these parts imports
this module: each names what it needs of the window (:mod:`ui.shell.window_api`).

Start-up: this module imports only what the start page needs. Autosave and the late
docks load in :meth:`MainWindow.ensure_ready`, right after the first paint (or earlier,
the moment anything needs them), so the window appears about as fast as a bare Qt window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget, QWidget

from ui.shell import screen_fit
from ui.shell.settings import Preferences, load_preferences
from ui.shell.start_page import StartPage
from ui.shell.theme import is_dark, system_is_dark
from ui.shell.window_files import WindowFiles
from ui.shell.window_layout import START_PAGE_KEY, WindowLayout

if TYPE_CHECKING:  # the rest loads after the first frame (MainWindow._build)
    from PySide6.QtCore import Qt
    from PySide6.QtGui import (
        QAction,
        QActionGroup,
        QCloseEvent,
        QUndoGroup,
        QUndoStack,
    )
    from PySide6.QtWidgets import QDockWidget, QMenu, QSizePolicy, QTabWidget

    from ui.shell.autosave import Autosaver
    from ui.shell.documents import DocumentController
    from ui.shell.gm_screen import GMScreenDock
    from ui.shell.help import HelpWindow
    from ui.shell.opening import DocumentDropFilter
    from ui.shell.system_uis import SystemUi
    from ui.shell.unsaved_dialog import UnsavedWork
    from ui.shell.window_part import WindowPart

APP_TITLE = "SEForge"


class MainWindow(WindowLayout, WindowFiles, QMainWindow):
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
    # built by _build, after the first frame
    controller: DocumentController
    undo_group: QUndoGroup
    gm_screen_dock: GMScreenDock
    tabs: QTabWidget

    def __init__(
        self,
        preferences: Preferences | None = None,
        autosave_interval_ms: int | None = None,
        parent: QWidget | None = None,
        *,
        first_frame: bool = False,
        prepare: Callable[[], None] | None = None,
    ) -> None:
        """The window. With ``first_frame`` only what its first frame shows is built
        (the frame, the start page, the menu bar's titles): the systems, the documents'
        controller, the actions and the docks are built by :meth:`ensure_ready`, right
        after the first paint or the moment anything needs them. ``prepare`` runs before
        the systems are asked for anything (the app orders its registry there)."""
        super().__init__(parent)
        self.preferences = preferences if preferences is not None else load_preferences()
        self.setWindowTitle(APP_TITLE)
        self._zoom = 100
        self._base_point_size = self.font().pointSizeF()
        self._hidden_docks: list[QDockWidget] = []
        self._page_policy: QSizePolicy | None = None
        self._ready = False
        self._load_scheduled = False
        self._built = False
        self._prepare = prepare
        self._first_frame = first_frame
        self._opens_maximized = False
        self._when_ready: list[Callable[[], None]] = []
        self._autosave_interval_ms = autosave_interval_ms
        """None: the autosave module's default interval."""
        self._autosaver: Autosaver | None = None
        self._autosave_warned = False
        self._drop_filter: DocumentDropFilter | None = None
        self.help_window: HelpWindow | None = None
        self.setAcceptDrops(True)
        self.setProperty(screen_fit.FRAMED_PROPERTY, True)
        self.parts: dict[str, WindowPart] = {}
        """Each system's additions to the window, by system id."""

        self.start_page = StartPage(self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.start_page)
        self.setCentralWidget(self.stack)
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        self.edit_menu = bar.addMenu("&Edit")
        self.view_menu = bar.addMenu("&View")
        self.help_menu = bar.addMenu("&Help")
        self.start_page.new_requested.connect(lambda: self._when_built(self.new_document))
        self.start_page.new_choice_requested.connect(  # (a last session's row may be gone)
            lambda s, f: self._when_built(lambda: self.start_page.offers(s, f)
                                          and self.new_document(s, f)))
        self.start_page.open_requested.connect(lambda: self._when_built(self.open_dialog))
        self.start_page.recent_requested.connect(
            lambda p: self._when_built(lambda: self.open_file(Path(p))))
        self._refresh_recent()
        self._restore_window()
        if not first_frame:
            self._build()
        else:  # the last session's New rows and buttons, and the docks' room, until built
            self.start_page.show_cached(self.preferences.window.get(START_PAGE_KEY), self._build)
            self._reserve_dock_room()  # and a menu opened before that builds it first
            for menu in (self.file_menu, self.edit_menu, self.view_menu, self.help_menu):
                menu.aboutToShow.connect(self._build)

    def _when_built(self, run: Callable[[], object]) -> None:
        self._build()
        run()

    def _build(self) -> None:
        """Everything the first frame does not show: the systems' parts, the documents'
        controller, the actions and menus, the GM Screen dock. Idempotent."""
        if self._built:
            return
        self._built = True
        self.set_icons()
        from PySide6.QtGui import QGuiApplication, QKeySequence, QUndoGroup
        from PySide6.QtWidgets import QTabWidget

        from ui.shell import actions, wheel_guard
        from ui.shell.documents import DocumentController
        from ui.shell.gm_screen import GMScreenDock

        # the docks take the room the first frame kept for them (kept, it would squeeze
        # the docks restored next); no frame is painted in between
        self.start_page.reserve_room(0, 0, 0)
        if self._first_frame:  # the menus built the rest when first opened
            for menu in (self.file_menu, self.edit_menu, self.view_menu, self.help_menu):
                menu.aboutToShow.disconnect(self._build)
        app = QApplication.instance()
        if app is not None:
            wheel_guard.install(app)  # every value control of every system, from now on
        if self._prepare is not None:
            self._prepare()
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
            | QMainWindow.DockOption.GroupedDragging
        )
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("documentTabs")
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)
        self.stack.addWidget(self.tabs)
        self.controller = DocumentController(self)
        self.undo_group = QUndoGroup(self)
        if isinstance(app, QApplication):  # Edit › Undo follows the focus (bind_undo)
            app.focusChanged.connect(self.on_focus_changed)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.tabs.currentChanged.connect(self._on_current_changed)

        actions.build_actions(self)
        actions.build_menus(self)
        self.sync_zoom_actions()
        systems = self.controller.systems()
        screens = [(ui.system_id, ui.title) for ui in systems]
        self.gm_screen_dock = GMScreenDock(screens, self._gm_screen_page, self,
                                           bar_factory=self._gm_screen_bar)
        self.gm_screen_dock.hide()
        self.gm_screen_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+G"))
        for ui in systems:
            self._install_part(ui)
        from ui.shell.sample_dialog import offer_samples

        offer_samples(self)
        self.show_new_docks()
        self.start_page.set_systems([
            (ui.system_id, ui.title,
             [(c.format_id, c.label, c.tooltip) for c in ui.new_document_choices()])
            for ui in systems])
        self.start_page.drop_unclaimed()
        self._restore_dock_state()
        self.start_page.when_built()
        from ui.shell.keys import keep_mnemonics

        keep_mnemonics(self.menuBar())  # every command of a menu has its letter

        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_system_scheme_changed)
        if (self._first_frame and self.preferences.theme == "system"
                and is_dark() != system_is_dark()):
            self.set_theme("system")  # the first frame guessed from the system's palette
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
        nothing): scripts and tests reach a system's docks through it (the parts are
        built at once if the first frame has not built them yet)."""
        self._build()
        return self.parts[system_id]

    def ensure_ready(self) -> None:
        """Load what the start page does not need: autosave and the late docks.

        Idempotent; every path that needs these calls it first.
        """
        if self._ready:
            return
        self._build()
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
        from PySide6.QtCore import Qt

        self.add_dock(self.gm_screen_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        side = self.side_docks()
        if len(side) > 1:
            self.tabifyDockWidget(side[0], self.gm_screen_dock)
        self.gm_screen_dock.show()
        self.gm_screen_dock.follow(self._current_system())
        if side:
            side[0].raise_()
        width = self.width()  # (docks restored wider than it can hold would widen it)
        if not self._restore_dock_state():
            self._default_dock_sizes()
        else:
            self._fit_docks_to_page(width)
        from ui.shell import actions

        actions.add_layout_actions(self)
        for part in self.parts.values():
            part.current_changed(self.current_document(), self.current_editor())
        self.watch_drops(self)  # the docks' text fields too
        screen_fit.fit_on_screen(self)
        waiting, self._when_ready = self._when_ready, []
        for run in waiting:
            run()

    def when_ready(self, run: Callable[[], None]) -> None:
        """Run ``run`` once the window is ready (:meth:`ensure_ready`): at once if it is."""
        if self._ready:
            run()
        else:
            self._when_ready.append(run)

    def autosaver_started(self) -> bool:
        return self._autosaver is not None

    @property
    def autosaver(self) -> Autosaver:
        self.ensure_ready()
        assert self._autosaver is not None
        return self._autosaver

    def add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea) -> None:
        """Add a dock with its show/hide action in the View menu."""
        from ui.shell.dock_keys import focus_document, keyboard_toggle

        self.addDockWidget(area, dock)
        self.view_menu.addAction(dock.toggleViewAction())
        keyboard_toggle(dock, lambda: focus_document(self))  # its keys bring the keyboard

    # -- documents (see DocumentController) --------------------------------------------
    def documents(self) -> list[Any]:
        """The open documents (none before the window is built: nothing could open)."""
        return self.controller.documents() if self._built else []

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
        """The document Edit › Undo acts on when it is not the current tab's (a GM Screen
        tracker the focus is in, the conflict the 2d20 roller writes to): File › Save and
        Save As act on it too, so Save saves what Undo undoes."""
        self.bind_undo()
        stack, current = self.undo_group.activeStack(), self.current_document()
        if stack is None or (current is not None and current.undo_stack is stack):
            return None
        return next((d for d in self.controller.all_documents() if d.undo_stack is stack),
                    None)

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

        if not self._built:  # closed before anything could be opened
            self.shutdown()
            event.accept()
            return
        if not ask_save_all(self, self.unsaved_work(), "quitting"):
            event.ignore()
            return
        self.shutdown()
        event.accept()

    def shutdown(self) -> None:
        """A clean exit: autosaves and the session marker go, preferences are saved."""
        if self._autosaver is not None:
            self._autosaver.stop(clean=True)
        self.preferences.window = self.layout_preferences()
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
        from ui.shell.window_part import document_name

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
            from PySide6.QtWidgets import QSizePolicy

            ignored = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
            for page in (self.start_page, self.tabs):
                page.setSizePolicy(self._page_policy if page is current else ignored)
            if current is self.start_page:  # the last tab closed: the keyboard's back here
                self.start_page.take_focus()
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

    def focusNextPrevChild(self, next: bool) -> bool:  # Qt override, Qt names
        """Tab and Shift+Tab. Qt keeps a dock that sits behind another dock's tab in the
        focus chain (moved out of the window, not hidden): when the focus enters one, it
        comes to the front, so the focus (and Edit › Undo, which follows it) is never on a
        page the user cannot see."""
        from ui.shell.dock_keys import raise_hidden_dock
        before = QApplication.focusWidget()
        moved = super().focusNextPrevChild(next)
        raise_hidden_dock(QApplication.focusWidget(), before)
        return moved

    def on_focus_changed(self, _old: object, _new: object) -> None:
        self.bind_undo()

    def bind_undo(self) -> None:
        """Edit › Undo/Redo act on the owner being worked on: a GM Screen tracker while the
        focus is in its page or File bar, a view's own history while the focus is in it (a
        part's focus stacks), else the current tab's document."""
        document = self.current_document()
        stack: QUndoStack | None = document.undo_stack if document is not None else None
        focus = QApplication.focusWidget()
        pages = self.gm_screen_dock.built_pages() if focus is not None else []
        if focus is not None and pages:  # (no page yet: the documents' code is not loaded)
            from ui.shell.gm_documents import page_documents

            for system_id in self.gm_screen_dock.system_ids():  # a page or its File bar
                held = page_documents(page := self.gm_screen_dock.built(system_id))
                bar = self.gm_screen_dock.bar(system_id)
                if held and any(w is not None and w.isAncestorOf(focus) for w in (page, bar)):
                    stack = held[0].undo_stack
            for part in self.parts.values():
                for widget, owned in part.focus_stacks():
                    if widget is focus or widget.isAncestorOf(focus):
                        stack = owned
                        break
        if self.undo_group.activeStack() is not stack:
            self.undo_group.setActiveStack(stack)  # type: ignore[arg-type]  # None: no stack

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
        from PySide6.QtCore import Qt

        self.about_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.about_dialog.open()
