"""The main window: tabs of characters, the budget dock, menus and file handling.

Start-up: this module imports only what the start page needs. The models, the
editor, autosave and the GM and Play docks load in :meth:`MainWindow.ensure_ready`,
which runs right after the first paint (or earlier, the moment anything needs it),
so the window appears about as fast as a bare Qt window.
"""

from __future__ import annotations

import contextlib
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

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
    QKeySequence,
    QShowEvent,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSizePolicy,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from seforge.core.resources import resource_path
from ui.shell import screen_fit
from ui.shell.keys import redo_keys, unique_keys
from ui.shell.settings import Preferences, load_preferences, recent_labels, save_preferences
from ui.shell.start_page import StartPage
from ui.shell.theme import apply_theme
from ui.systems.swords_edge.budget_panel import BudgetPanel
from ui.systems.swords_edge.owners import DocumentRegistry
from ui.systems.swords_edge.widgets import apply_font_scales

if TYPE_CHECKING:
    from seforge.systems.swords_edge.models import Character
    from ui.autosave import Autosaver
    from ui.help import HelpWindow
    from ui.opening import DocumentDropFilter
    from ui.shell.unsaved_dialog import UnsavedWork
    from ui.systems.swords_edge.document import CharacterDocument
    from ui.systems.swords_edge.editor import CharacterEditor
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table import GMTableWidget
    from ui.systems.swords_edge.play_dock import PlayDock
    from ui.systems.swords_edge.printing import PrintJob

FILE_FILTER = "Sword's Edge characters (*.sechar);;All files (*)"
TAB_HOLDER = "tab"
"""How a builder tab holds its document in the registry."""
APP_TITLE = "SEForge"
THEME_LABELS = (("system", "Follow &System"), ("light", "&Light"), ("dark", "&Dark"))
DEFERRED_LOAD_MS = 30
"""How long after the first show the editor, autosave and docks start loading."""
PAPER_LABELS = (("", "Follow the System &Locale"), ("a4", "&A4"), ("letter", "&Letter"))
ZOOM_STEPS = (70, 80, 90, 100, 110, 125, 140, 160, 180, 200)
"""The builder's zoom levels, in per cent of the system font size."""
SIDE_DOCK_WIDTH = (330, 420)
"""The side docks' first width: between these, about a third of the window."""


def document_name(document: CharacterDocument) -> str:
    """What a tab and the window title call a document: the character's name, else
    its file name or working title ("Untitled 2")."""
    return document.character.name.strip() or document.title()


def ask_restore(parent: QWidget, titles: list[str]) -> bool:
    """Ask whether to restore autosaved characters; True for Restore."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Restore unsaved work?")
    names = "\n".join(f"• {t}" for t in titles)
    box.setText("SEForge did not close properly last time. These characters had unsaved "
                f"changes:\n\n{names}\n\nRestore them?")
    restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(restore)
    box.exec()
    return box.clickedButton() is restore


class MainWindow(QMainWindow):
    documents_changed = Signal()

    def __init__(
        self,
        preferences: Preferences | None = None,
        autosave_interval_ms: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
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
        self._untitled = 0
        self._current: CharacterDocument | None = None
        self._asking: list[CharacterDocument] = []
        """Documents a file question is open for (not asked twice at once)."""
        self._focus_stacks: list[tuple[QWidget, QUndoStack]] = []
        """Views with an undo history of their own, which Edit › Undo follows into."""
        self._ready = False
        self._autosave_interval_ms = autosave_interval_ms
        """None: the autosave module's default interval."""
        self._autosaver: Autosaver | None = None
        self.gm_dock: GMDock | None = None
        self.play_dock: PlayDock | None = None
        self.gm_table: GMTableWidget | None = None
        self.setAcceptDrops(True)
        self._autosave_warned = False
        self._drop_filter: DocumentDropFilter | None = None
        self.registry = DocumentRegistry(self)
        """Every open character's owner: the tabs' and those only the scene uses."""
        self.registry.added.connect(self._on_registered)
        self.registry.removed.connect(self._on_unregistered)
        self.help_window: HelpWindow | None = None

        self.start_page = StartPage(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("characterTabs")
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

        self.budget_panel = BudgetPanel(self)
        self.budget_panel.problem_activated.connect(self._focus_problem)
        self.budget_dock = QDockWidget("Budget", self)
        self.budget_dock.setObjectName("budgetDock")
        self.budget_dock.setWidget(self.budget_panel)
        self.budget_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.budget_dock.setMinimumWidth(220)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.budget_dock)

        self._build_actions()
        self._build_menus()
        self.start_page.new_requested.connect(self.new_document)
        self.start_page.open_requested.connect(self.open_dialog)
        self.start_page.library_requested.connect(self.open_library)
        self.start_page.recent_requested.connect(lambda p: self.open_path(Path(p)))
        self._refresh_recent()
        self._restore_window()

        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_system_scheme_changed)
        self._update_state()

    def showEvent(self, event: QShowEvent) -> None:
        """Once the window is on screen, load the rest a moment later (after the
        first frame) rather than before it."""
        super().showEvent(event)
        if not self._ready:
            QTimer.singleShot(DEFERRED_LOAD_MS, self, self.ensure_ready)
            # the window manager's frame is known only now: keep all of it on screen
            QTimer.singleShot(0, self, lambda: screen_fit.fit_on_screen(self))

    def ensure_ready(self) -> None:
        """Load what the start page does not need: autosave and the GM and Play docks.

        Idempotent; every path that needs these calls it first.
        """
        if self._ready:
            return
        self._ready = True
        from ui.autosave import DEFAULT_INTERVAL_MS, Autosaver
        from ui.systems.swords_edge.gm import GMDock
        from ui.systems.swords_edge.gm.owner_steps import owner_step
        from ui.systems.swords_edge.play_dock import PlayDock

        interval = self._autosave_interval_ms or DEFAULT_INTERVAL_MS
        self._autosaver = Autosaver(self.registry.documents, interval, self)
        self._autosaver.start()
        if self._autosaver.disabled_reason:
            self._warn_autosave_off(self._autosaver.disabled_reason)
        from ui.systems.swords_edge.file_watch import FileWatcher

        self.file_watcher = FileWatcher(self.registry, self)
        self.file_watcher.disk_changed.connect(self._on_disk_changed)
        self.file_watcher.disk_missing.connect(self._on_disk_missing)
        self.play_dock = PlayDock(self)
        self.add_dock(self.play_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.budget_dock, self.play_dock)
        self.gm_dock = GMDock(lambda: [d.character for d in self.documents()],
                              self.documents_changed, self)
        self.gm_dock.set_pc_step(owner_step(self.registry))
        self.add_dock(self.gm_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.budget_dock, self.gm_dock)
        self.gm_table_dock = QDockWidget("GM's Table", self)
        self.gm_table_dock.setObjectName("gmTableDock")
        self.gm_table_dock.setToolTip("Opponents, the party and the scene tracker")
        self.gm_table_dock.visibilityChanged.connect(self._build_gm_table)
        self.gm_table_dock.topLevelChanged.connect(self._on_gm_table_floated)
        self.add_dock(self.gm_table_dock, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.gm_table_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+Shift+G"))
        self.gm_table_dock.hide()
        self.budget_dock.raise_()
        if not self._restore_dock_state():
            self._default_dock_sizes()
        self._add_layout_actions()
        self.play_dock.show_document(self.current_document())
        self._watch_drops(self)  # the docks' text fields too
        screen_fit.fit_on_screen(self)

    def _build_gm_table(self, visible: bool = True) -> None:
        """Build the GM's Table the first time its dock is shown."""
        if not visible or self.gm_table is not None or self.gm_dock is None:
            return
        from ui.systems.swords_edge.gm_table import CalculatorBridge, GMTableWidget

        gm_dock = self.gm_dock
        bridge = CalculatorBridge(
            gm_dock.calculator, lambda: [d.character for d in self.documents()], gm_dock)
        owns = self._autosaver is not None and self._autosaver.owns_session
        self.gm_table = GMTableWidget(
            open_characters=lambda: [(d.character, d.path) for d in self.documents()],
            open_calculator=bridge, paper=lambda: self.preferences.paper,
            restore_scene=owns,  # never offer (or discard) a live instance's scene
            registry=self.registry, save_document=self.save)
        if not owns:  # the scene autosave belongs to the instance holding the session
            self.gm_table.scene.autosave = False
        self.gm_table_dock.setWidget(self.gm_table)
        nc_editor = self.gm_table.opponents.editor
        nc_editor.use_window_undo()
        party = self.gm_table.party
        party.path_changed.connect(self.file_watcher.sync)
        self.file_watcher.add(party)
        opponents = self.gm_table.opponents
        opponents.editing_path_changed.connect(self.file_watcher.sync)
        self.file_watcher.add(opponents)
        tracker = self.gm_table.scene
        self._focus_stacks = [(nc_editor, nc_editor.undo_stack), (party, party.undo_stack),
                              (tracker, tracker.undo_stack)]
        for _widget, stack in self._focus_stacks:
            self.undo_group.addStack(stack)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_focus_changed)
        self._watch_drops(self.gm_table)
        if not self.gm_table_dock.isFloating():
            self.resizeDocks([self.gm_table_dock], [self.height() // 2],
                             Qt.Orientation.Vertical)
        screen_fit.fit_on_screen(self)

    def _on_focus_changed(self, _old: object, _new: object) -> None:
        self._bind_undo(self.current_document())

    def _on_gm_table_floated(self, floating: bool) -> None:
        """A floated GM's Table opens whole on the screen the main window is on."""
        if floating:
            QTimer.singleShot(0, self, self._place_floating_gm_table)

    def _place_floating_gm_table(self) -> None:
        dock = self.gm_table_dock
        if not dock.isFloating():
            return
        area = screen_fit.available(self)
        wanted = dock.sizeHint().expandedTo(dock.size()).boundedTo(
            screen_fit.default_size(area))
        screen_fit.centre_on_screen(dock, wanted)
        screen_fit.fit_on_screen(dock)

    def _default_dock_sizes(self) -> None:
        """First start: side docks about a third of the window, within bounds."""
        low, high = SIDE_DOCK_WIDTH
        width = max(low, min(high, self.width() // 3))
        self.resizeDocks([self.budget_dock], [width], Qt.Orientation.Horizontal)

    @property
    def autosaver(self) -> Autosaver:
        self.ensure_ready()
        assert self._autosaver is not None
        return self._autosaver

    # -- actions and menus --------------------------------------------------------
    def _action(self, text: str, slot: object, keys: object = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if keys is not None:
            action.setShortcut(keys)  # type: ignore[call-overload]
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.new_action = self._action("&New Character", self.new_document, key.New,
                                       "Start an empty character")
        self.open_action = self._action("&Open…", self.open_dialog, key.Open,
                                        "Open a character file")
        self.library_action = self._action("Start from a &Book Character…", self.open_library,
                                           None, "Copy one of the rulebook's characters")
        self.save_action = self._action("&Save", self.save, key.Save, "Save the character")
        self.save_as_action = self._action("Save &As…", self.save_as, QKeySequence("Ctrl+Shift+S"),
                                           "Save the character under a new name")
        self.close_action = self._action("&Close", self.close_current, key.Close,
                                         "Close the current character")
        self.revert_action = self._action(
            "Re&vert to Saved", self.revert, None,
            "Throw away the changes since the last save and read the file again")
        self.duplicate_action = self._action(
            "&Duplicate Character", self.duplicate, None,
            "Open a copy of the current character as a new, unsaved character")
        self.quit_action = self._action("&Quit", self.close, key.Quit, "Quit SEForge")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.export_action = self._action(
            "&Export Sheet (PDF)…", self.export_sheet, QKeySequence("Ctrl+P"),
            "Write the current character's sheet as a PDF")
        self.export_party_action = self._action(
            "Export &Party (PDF)…", self.export_party, QKeySequence("Ctrl+Shift+P"),
            "Write the sheets of every open character into one PDF")
        self.blank_action = self._action(
            "Print &Blank Sheet…", self.print_blank, None, "Write an empty sheet as a PDF")
        self.print_preview_action = self._action(
            "Print Pre&view…", self.print_preview, None,
            "See the current character's sheet as it will print, then print it")
        self.print_action = self._action(
            "Pr&int Sheet…", self.print_sheet, None,
            "Send the current character's sheet to a printer")
        self.print_party_action = self._action(
            "Print Part&y…", self.print_party, None,
            "Send the sheets of every open character to a printer")
        self.copy_text_action = self._action(
            "Copy Sheet as &Text", lambda: self.copy_sheet(markdown=False),
            QKeySequence("Ctrl+Shift+C"), "Put the character on the clipboard as plain text")
        self.copy_markdown_action = self._action(
            "Copy Sheet as &Markdown", lambda: self.copy_sheet(markdown=True),
            QKeySequence("Ctrl+Shift+M"),
            "Put the character on the clipboard as Markdown, for forums and chat")
        self.guide_action = self._action(
            "SEForge &User Guide", self.show_guide, key.HelpContents,
            "How to build, play and run a scene with SEForge")
        self.paper_group = QActionGroup(self)
        self.paper_group.setExclusive(True)
        self.paper_actions: dict[str, QAction] = {}
        for name, label in PAPER_LABELS:
            action = QAction(label, self, checkable=True)
            action.setChecked(name == self.preferences.paper)
            action.setToolTip("Paper size of exported sheets and cards")
            action.triggered.connect(lambda _checked=False, n=name: self.set_paper(n))
            self.paper_group.addAction(action)
            self.paper_actions[name] = action

        self.undo_group = QUndoGroup(self)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(key.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(redo_keys())
        self.addAction(self.undo_action)
        self.addAction(self.redo_action)

        self.add_element_action = self._action("Add &Element", self._add_element,
                                               QKeySequence("Ctrl+E"), "Add an Element")
        self.rules_action = self._action("Table &Rules…", self.edit_table_rules, None,
                                         "Options your table plays with")

        self.zoom_in_action = self._action("Zoom &In", self.zoom_in, None,
                                           "Larger text in the whole builder")
        self.zoom_in_action.setShortcuts(
            unique_keys(key.ZoomIn, QKeySequence("Ctrl+="), QKeySequence("Ctrl++")))
        self.zoom_out_action = self._action("Zoom &Out", self.zoom_out, None,
                                            "Smaller text in the whole builder")
        self.zoom_out_action.setShortcuts(unique_keys(key.ZoomOut, QKeySequence("Ctrl+-")))
        self.zoom_reset_action = self._action("&Actual Size", self.zoom_reset,
                                              QKeySequence("Ctrl+0"),
                                              "Text at the system's size")
        self.shortcuts_action = self._action("&Keyboard Shortcuts", self.show_shortcuts,
                                             None, "Every keyboard shortcut of SEForge")

        self.theme_group = QActionGroup(self)
        self.theme_group.setExclusive(True)
        self.theme_actions: dict[str, QAction] = {}
        for name, label in THEME_LABELS:
            action = QAction(label, self, checkable=True)
            action.setChecked(name == self.preferences.theme)
            action.triggered.connect(lambda _checked=False, n=name: self.set_theme(n))
            self.theme_group.addAction(action)
            self.theme_actions[name] = action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addAction(self.library_action)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addAction(self.revert_action)
        file_menu.addAction(self.duplicate_action)
        file_menu.addSeparator()
        file_menu.addAction(self.export_action)
        file_menu.addAction(self.export_party_action)
        file_menu.addAction(self.blank_action)
        file_menu.addSeparator()
        file_menu.addAction(self.print_preview_action)
        file_menu.addAction(self.print_action)
        file_menu.addAction(self.print_party_action)
        paper_menu = file_menu.addMenu("Paper Si&ze")
        for action in self.paper_actions.values():
            paper_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.copy_text_action)
        edit_menu.addAction(self.copy_markdown_action)

        character_menu = bar.addMenu("&Character")
        character_menu.addAction(self.add_element_action)
        character_menu.addSeparator()
        character_menu.addAction(self.rules_action)

        self.view_menu = bar.addMenu("&View")
        theme_menu = self.view_menu.addMenu("&Theme")
        for action in self.theme_actions.values():
            theme_menu.addAction(action)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.zoom_in_action)
        self.view_menu.addAction(self.zoom_out_action)
        self.view_menu.addAction(self.zoom_reset_action)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.budget_dock.toggleViewAction())
        self.budget_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+B"))

        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.guide_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addSeparator()
        about = help_menu.addAction("&About SEForge")
        about.setMenuRole(QAction.MenuRole.AboutRole)
        about.triggered.connect(self._about)

    def add_dock(self, dock: QDockWidget, area: Qt.DockWidgetArea) -> None:
        """Add a dock (e.g. the GM screen) with its show/hide action in the View menu."""
        self.addDockWidget(area, dock)
        self.view_menu.addAction(dock.toggleViewAction())

    # -- documents ------------------------------------------------------------------
    def documents(self) -> list[CharacterDocument]:
        return [self.editor_at(i).document for i in range(self.tabs.count())]

    def editor_at(self, index: int) -> CharacterEditor:
        from ui.systems.swords_edge.editor import CharacterEditor

        widget = self.tabs.widget(index)
        assert isinstance(widget, CharacterEditor)
        return widget

    def current_editor(self) -> CharacterEditor | None:
        if not self.tabs.count():
            return None
        from ui.systems.swords_edge.editor import CharacterEditor

        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, CharacterEditor) else None

    def current_document(self) -> CharacterDocument | None:
        editor = self.current_editor()
        return editor.document if editor else None

    def add_document(self, document: CharacterDocument) -> CharacterEditor:
        from ui.systems.swords_edge.editor import CharacterEditor

        self.ensure_ready()
        document.setParent(self)
        self.registry.add(document, TAB_HOLDER)
        self.undo_group.addStack(document.undo_stack)
        editor = CharacterEditor(document, self.tabs)
        self._watch_drops(editor)
        index = self.tabs.addTab(editor, document_name(document))
        apply_font_scales(editor)
        document.modified_changed.connect(lambda _m, d=document: self._update_tab(d))
        document.path_changed.connect(lambda d=document: self._update_tab(d))
        document.changed.connect(lambda _c, d=document: self._on_document_changed(d))
        self.tabs.setCurrentIndex(index)
        self._update_tab(document)
        self._update_state()
        self.documents_changed.emit()
        return editor

    def new_document(self) -> CharacterDocument:
        from ui.systems.swords_edge.document import CharacterDocument

        self._untitled += 1
        title = "Untitled" if self._untitled == 1 else f"Untitled {self._untitled}"
        document = CharacterDocument(title=title)
        editor = self.add_document(document)
        editor.name_edit.setFocus()
        return document

    def open_book_character(self, character: Character) -> CharacterDocument:
        """Open a copy of a book character: unsaved, titled with its name."""
        from ui.systems.swords_edge.document import CharacterDocument

        document = CharacterDocument(character.model_copy(deep=True),
                                     title=character.name or "Book character")
        document.mark_modified()
        self.add_document(document)
        return document

    def _on_registered(self, document: CharacterDocument) -> None:
        """Every owner (tab or not) is autosaved while modified and forgotten once saved."""
        document.saved.connect(lambda d=document: self.autosaver.forget(d))

    def _on_unregistered(self, document: CharacterDocument) -> None:
        if self._autosaver is not None:
            self._autosaver.forget(document)

    def find_open(self, path: Path) -> int:
        target = path.resolve()
        for index, document in enumerate(self.documents()):
            if document.path is not None and document.path.resolve() == target:
                return index
        return -1

    def open_path(self, path: Path) -> CharacterDocument | None:
        """Open a file in a new tab (or switch to it when already open)."""
        from seforge.systems.swords_edge.fileformat import CharacterFileError
        from ui.systems.swords_edge.document import CharacterDocument

        index = self.find_open(path)
        if index >= 0:
            self.tabs.setCurrentIndex(index)
            return self.editor_at(index).document
        owned = self.registry.find(path)
        if owned is not None:  # the scene has it open: show that same owner in a tab
            self.add_document(owned)
            self._remember(path)
            return owned
        try:
            document = CharacterDocument.load(path)
        except CharacterFileError as exc:
            self._forget_missing(path)
            QMessageBox.critical(self, "Cannot open character", str(exc))
            return None
        self.add_document(document)
        self._remember(path)
        return document

    def open_dialog(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self, "Open Character", self._dialog_folder(), FILE_FILTER
        )
        for name in names:
            self.open_path(Path(name))

    def open_library(self) -> CharacterDocument | None:
        from ui.systems.swords_edge.library_dialog import LibraryDialog

        dialog = LibraryDialog(self)
        if dialog.exec() != LibraryDialog.DialogCode.Accepted:
            return None
        character = dialog.chosen_character()
        return self.open_book_character(character) if character is not None else None

    # -- saving ---------------------------------------------------------------------
    def save(self, document: CharacterDocument | None = None) -> bool:
        document = document or self.current_document()
        if document is None:
            return False
        if document.path is None:
            return self.save_as(document)
        return self._write(document, document.path)

    def save_as(self, document: CharacterDocument | None = None) -> bool:
        document = document or self.current_document()
        if document is None:
            return False
        suggested = document.path or Path(self._dialog_folder()) / (
            (document.character.name.strip() or document.title()) + ".sechar"
        )
        name, _ = QFileDialog.getSaveFileName(self, "Save Character As", str(suggested),
                                              FILE_FILTER)
        if not name:
            return False
        from ui.systems.swords_edge.document import with_suffix

        return self._write(document, with_suffix(Path(name)))

    def _write(self, document: CharacterDocument, path: Path) -> bool:
        from seforge.systems.swords_edge.fileformat import ReadOnlyFileError
        from ui.systems.swords_edge.file_watch import ask_choice
        from ui.systems.swords_edge.owners import same_file

        replace = ["Replace", "Save As…", "Cancel"]
        if same_file(path, document.path) and document.disk_changed():
            choice = ask_choice(
                self, "File changed on disk",
                f"“{path.name}” was changed by another program since SEForge read it. "
                "Replace it with your version?", replace, default=2)
            if choice == "Save As…":
                return self.save_as(document)
            if choice != "Replace":
                return False
        try:
            try:
                document.save(path)
            except ReadOnlyFileError:
                choice = ask_choice(
                    self, "Read-only file",
                    f"“{path.name}” is read-only. Replace it with your version anyway?",
                    replace, default=2)
                if choice == "Save As…":
                    return self.save_as(document)
                if choice != "Replace":
                    return False
                document.save(path, overwrite_read_only=True)
        except OSError as exc:
            QMessageBox.critical(self, "Cannot save character",
                                 f"{path.name}: {exc.strerror or exc}")
            return False
        self._remember(path)
        self._update_tab(document)
        return True

    # -- closing ----------------------------------------------------------------------
    def maybe_save(self, document: CharacterDocument) -> bool:
        """Ask about unsaved changes; False when the user cancels."""
        if not document.is_modified():
            return True
        answer = QMessageBox.question(
            self, "Save changes?",
            f"“{document.title()}” has changes that are not saved. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save(document)
        return answer == QMessageBox.StandardButton.Discard

    def close_tab(self, index: int) -> bool:
        if not 0 <= index < self.tabs.count():
            return False
        editor = self.editor_at(index)
        document = editor.document
        self.tabs.setCurrentIndex(index)
        still_used = bool(self.registry.holders(document) - {TAB_HOLDER})
        if not still_used and not self.maybe_save(document):
            return False
        if self.play_dock is not None:
            self.play_dock.forget(document)
        self.undo_group.removeStack(document.undo_stack)
        self.tabs.removeTab(index)
        editor.deleteLater()
        if self.registry.release(document, TAB_HOLDER, force=not still_used):
            self.autosaver.forget(document)
            document.deleteLater()
        else:  # the scene still plays this character: its owner stays open
            document.setParent(self.registry)
            self.statusBar().showMessage(
                f"{document.title()} stays open for the scene on the GM's Table.", 5000)
        self._update_state()
        self.documents_changed.emit()
        return True

    def revert(self, document: CharacterDocument | None = None) -> bool:
        """File › Revert to Saved: drop the unsaved changes and read the file again."""
        from seforge.systems.swords_edge.fileformat import CharacterFileError
        from ui.systems.swords_edge.file_watch import ask_choice

        document = document or self.current_document()
        if document is None or document.path is None:
            return False
        if document.is_modified():
            choice = ask_choice(
                self, "Revert to saved",
                f"Throw away the changes to “{document.title()}” since it was last saved?",
                ["Revert", "Cancel"], default=1)
            if choice != "Revert":
                return False
        try:
            document.reload()
        except CharacterFileError as exc:
            QMessageBox.critical(self, "Cannot revert", str(exc))
            return False
        self._update_tab(document)
        self.statusBar().showMessage(f"{document.title()}: back to the saved file.", 5000)
        return True

    def duplicate(self, document: CharacterDocument | None = None) -> CharacterDocument | None:
        """File › Duplicate Character: an unsaved copy in a new tab."""
        from ui.systems.swords_edge.document import CharacterDocument

        source = document or self.current_document()
        if source is None:
            return None
        name = source.character.name.strip() or source.title()
        copy = CharacterDocument(source.character.model_copy(deep=True),
                                 title=f"{name} (copy)")
        copy.mark_modified()
        self.add_document(copy)
        return copy

    # -- files changed by another program -------------------------------------------------
    def _on_disk_changed(self, document: CharacterDocument) -> None:
        """A clean document reloads (with a status message); a modified one asks."""
        from seforge.systems.swords_edge.fileformat import CharacterFileError
        from ui.systems.swords_edge.file_watch import ask_choice

        if any(d is document for d in self._asking):
            return
        title = document.title()
        if not document.is_modified():
            try:
                document.reload()
            except CharacterFileError as exc:
                self.statusBar().showMessage(
                    f"{title} was changed on disk but cannot be read ({exc}); "
                    "the open copy is kept.", 10000)
                return
            self._update_tab(document)
            self.statusBar().showMessage(
                f"{title} was changed by another program and has been reloaded.", 8000)
            return
        self._asking.append(document)
        try:
            choice = ask_choice(
                self, "File changed on disk",
                f"“{title}” was changed by another program, and you have changes here "
                "that are not saved. Reload the file (losing yours), save yours under "
                "another name, or keep yours?", ["Reload", "Save As…", "Keep Mine"],
                default=2)
            if choice == "Reload":
                try:
                    document.reload()
                except CharacterFileError as exc:
                    QMessageBox.critical(self, "Cannot reload", str(exc))
                    document.acknowledge_disk()
                self._update_tab(document)
            elif choice == "Save As…":
                if not self.save_as(document):
                    document.acknowledge_disk()
            else:
                document.acknowledge_disk()
        finally:
            self._asking = [d for d in self._asking if d is not document]

    def _on_disk_missing(self, document: CharacterDocument) -> None:
        """The file went away: the document keeps everything, counts as unsaved (so it
        is autosaved and Quit asks) and Save writes the file again."""
        document.mark_modified()
        self._update_tab(document)
        self.statusBar().showMessage(
            f"{document.title()} was moved or deleted by another program; it is still "
            "open here, and Save writes it again.", 10000)

    def close_current(self) -> bool:
        return self.close_tab(self.tabs.currentIndex())

    def unsaved_work(self) -> list[UnsavedWork]:
        """Every unsaved document of every kind: characters (open in a tab or only in
        the scene), the opponent being edited and the campaign."""
        from ui.shell.unsaved_dialog import UnsavedWork

        work = [UnsavedWork("character", d.title(), partial(self.save, d))
                for d in self.registry.unsaved()]
        if self.gm_table is not None:
            work += self.gm_table.unsaved_work()
        return work

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
        self._save_preferences()

    # -- autosave recovery --------------------------------------------------------------
    def restore_autosaves(self) -> int:
        """Offer the autosaves a crashed session left; returns how many were restored."""
        from ui import autosave
        from ui.systems.swords_edge.document import CharacterDocument

        if not self.autosaver.owns_session:
            return 0  # another live instance holds these autosaves
        mine = {d.autosave_id for d in self.registry.documents()}
        set_aside: list[Path] = []
        leftovers = [r for r in autosave.leftover_autosaves(self.autosaver.folder, set_aside)
                     if r.files[0].stem not in mine]
        if set_aside:
            self.report_problems([
                f"An autosaved character could not be read; it was kept as {p.name} in "
                f"{p.parent}." for p in set_aside])
        if not leftovers:
            return 0
        titles = [r.title or r.character.name or "Untitled" for r in leftovers]
        if not ask_restore(self, titles):
            autosave.discard(leftovers)
            return 0
        for item in leftovers:
            document = CharacterDocument(item.character, path=item.original_path,
                                         title=item.title)
            document.mark_modified()
            self.add_document(document)
            self.autosaver.write(document)
        autosave.discard(leftovers)
        return len(leftovers)

    # -- editing helpers ----------------------------------------------------------------
    def undo(self) -> None:
        document = self.current_document()
        if document is not None:
            document.undo_stack.undo()

    def redo(self) -> None:
        document = self.current_document()
        if document is not None:
            document.undo_stack.redo()

    def _add_element(self) -> None:
        editor = self.current_editor()
        if editor is not None:
            editor.elements.add_element()

    def edit_table_rules(self) -> None:
        document = self.current_document()
        if document is None:
            return
        from ui.systems.swords_edge.rules_dialog import TableRulesDialog

        dialog = TableRulesDialog(document, self)
        if dialog.exec() == TableRulesDialog.DialogCode.Accepted:
            dialog.apply()

    def _focus_problem(self, field: object, rule: str) -> None:
        editor = self.current_editor()
        if editor is not None:
            editor.focus_field(field if isinstance(field, str) else None, rule)

    # -- exports ----------------------------------------------------------------------
    def export_sheet(self) -> Path | None:
        from ui.systems.swords_edge.exports import export_character_sheets

        document = self.current_document()
        if document is None:
            return None
        from ui.systems.swords_edge.printing import sheets_job

        path = export_character_sheets(
            self, [document.character], self.preferences.paper, self._dialog_folder())
        return self._exported(path, sheets_job([document.character], self.paper()))

    def export_party(self) -> Path | None:
        from ui.systems.swords_edge.exports import export_character_sheets
        from ui.systems.swords_edge.printing import sheets_job

        characters = [d.character for d in self.documents()]
        path = export_character_sheets(self, characters, self.preferences.paper,
                                       self._dialog_folder(), title="Export Party")
        return self._exported(path, sheets_job(characters, self.paper()) if characters else None)

    def print_blank(self) -> Path | None:
        from ui.systems.swords_edge.exports import export_blank_sheet
        from ui.systems.swords_edge.printing import blank_job

        return self._exported(
            export_blank_sheet(self, self.preferences.paper, self._dialog_folder()),
            blank_job(self.paper()))

    def _exported(self, path: Path | None, job: PrintJob | None = None) -> Path | None:
        """After an export: say where the PDF is and offer to open or print it."""
        if path is not None:
            from ui.systems.swords_edge.exports import announce_export

            self.statusBar().showMessage(f"Wrote {path}", 5000)
            announce_export(self, path, job)
        return path

    def paper(self) -> str:
        """The paper to use now: the preference, or the locale's when it is empty."""
        from ui.systems.swords_edge.exports import effective_paper

        return effective_paper(self.preferences.paper)

    # -- printing and copying ---------------------------------------------------------
    def print_job(self, party: bool = False) -> PrintJob | None:
        """The current character's sheet (or every open one's) as a print job."""
        from ui.systems.swords_edge.printing import sheets_job

        documents = self.documents() if party else [
            d for d in (self.current_document(),) if d is not None]
        if not documents:
            return None
        return sheets_job([d.character for d in documents], self.paper())

    def print_preview(self) -> None:
        from ui.systems.swords_edge.printing import print_preview

        job = self.print_job()
        if job is not None:
            print_preview(self, job)

    def print_sheet(self) -> bool:
        from ui.systems.swords_edge.printing import print_direct

        job = self.print_job()
        return job is not None and print_direct(self, job)

    def print_party(self) -> bool:
        from ui.systems.swords_edge.printing import print_direct

        job = self.print_job(party=True)
        return job is not None and print_direct(self, job)

    def copy_sheet(self, markdown: bool = False) -> str:
        """Put the current character on the clipboard as text or Markdown; the text."""
        from seforge.systems.swords_edge.sheet_text import character_text

        document = self.current_document()
        if document is None:
            return ""
        text = character_text(document.character, markdown=markdown)
        QGuiApplication.clipboard().setText(text)
        what = "Markdown" if markdown else "text"
        self.statusBar().showMessage(
            f"Copied {document.character.name.strip() or 'the character'} as {what}", 5000)
        return text

    # -- help ---------------------------------------------------------------------------
    def show_guide(self, page: str = "start") -> HelpWindow:
        """Open (or raise) the user guide at ``page``."""
        from ui.help import HelpWindow

        if self.help_window is None:
            self.help_window = HelpWindow(self)
        self.help_window.show_page(page)
        self.help_window.show()
        self.help_window.raise_()
        self.help_window.activateWindow()
        return self.help_window

    def set_paper(self, name: str) -> None:
        self.preferences.paper = name
        self.paper_actions[name].setChecked(True)
        self._save_preferences()

    # -- theme ----------------------------------------------------------------------
    def set_theme(self, name: str) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, name)
        self.preferences.theme = name
        self.theme_actions[name].setChecked(True)
        self._save_preferences()
        self._after_palette_change()

    def _on_system_scheme_changed(self, _scheme: object) -> None:
        if self.preferences.theme == "system":
            self.set_theme("system")

    def _after_palette_change(self) -> None:
        for index in range(self.tabs.count()):
            self.editor_at(index).refresh_colours()
        self.budget_panel._problems_shown = None
        self._refresh_budget()

    # -- state --------------------------------------------------------------------------
    def _on_current_changed(self, _index: int) -> None:
        self._current = self.current_document()
        self._update_state()
        if self.play_dock is not None:
            self.play_dock.show_document(self._current)

    def _on_document_changed(self, document: CharacterDocument) -> None:
        if document is self._current:
            self._refresh_budget()
        self._refresh_character_names()
        self._update_tab(document)

    def _refresh_character_names(self) -> None:
        """The GM Screen's character lists follow a rename in the builder."""
        if self.gm_dock is None:
            return
        from ui.systems.swords_edge.gm.widgets import CharacterCombo

        for combo in self.gm_dock.findChildren(CharacterCombo):
            combo.refresh_names()

    def _refresh_budget(self) -> None:
        document = self.current_document()
        if document is None:
            self.budget_panel.show_result(None)
            return
        from seforge.systems.swords_edge.validation import check_character

        self.budget_panel.show_result(check_character(document.character))

    def _update_tab(self, document: CharacterDocument) -> None:
        for index in range(self.tabs.count()):
            if self.editor_at(index).document is document:
                text = document_name(document) + (" *" if document.is_modified() else "")
                if self.tabs.tabText(index) != text:
                    self.tabs.setTabText(index, text.replace("&", "&&"))
                tip = (f"{document.path.name}\n{document.path.parent}" if document.path
                       else "Not saved yet")
                if self.tabs.tabToolTip(index) != tip:
                    self.tabs.setTabToolTip(index, tip)
        if document is self.current_document():
            self._update_title()

    def _update_title(self) -> None:
        document = self.current_document()
        if document is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
            return
        # Qt adds " — SEForge" (the application's display name) on its own.
        self.setWindowTitle(f"{document_name(document)}[*]")
        self.setWindowModified(document.is_modified())

    def _update_state(self) -> None:
        document = self.current_document()
        has = document is not None
        current = self.tabs if self.tabs.count() else self.start_page
        if self.stack.currentWidget() is not current or self._page_policy is None:
            self.stack.setCurrentWidget(current)
            # only the page shown counts for the window's minimum size (the start page
            # is taller than a short screen allows once the GM's Table is docked)
            if self._page_policy is None:
                self._page_policy = self.start_page.sizePolicy()
            ignored = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
            for page in (self.start_page, self.tabs):
                page.setSizePolicy(self._page_policy if page is current else ignored)
        for action in (self.save_action, self.save_as_action, self.close_action,
                       self.add_element_action, self.rules_action, self.export_action,
                       self.export_party_action, self.duplicate_action,
                       self.print_preview_action, self.print_action, self.print_party_action,
                       self.copy_text_action, self.copy_markdown_action):
            action.setEnabled(has)
        self.revert_action.setEnabled(has and document is not None
                                      and document.path is not None)
        self._bind_undo(document)
        self._update_title()
        self._refresh_budget()

    def _bind_undo(self, document: CharacterDocument | None) -> None:
        """Edit › Undo/Redo act on the owner being worked on: the opponent editor's or
        the campaign's while the focus is in it, else the current tab's document."""
        stack = document.undo_stack if document is not None else None
        focus = QApplication.focusWidget()
        if focus is not None:
            for widget, owned in self._focus_stacks:
                if widget is focus or widget.isAncestorOf(focus):
                    stack = owned
                    break
        if self.undo_group.activeStack() is not stack:
            self.undo_group.setActiveStack(stack)  # type: ignore[arg-type]  # None: no stack

    # -- preferences ----------------------------------------------------------------------
    def _remember(self, path: Path) -> None:
        self.preferences.add_recent(path)
        self._save_preferences()
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        if self.preferences.prune_recent():
            self._save_preferences()
        self.start_page.set_recent(self.preferences.recent_files)

    def _forget_missing(self, path: Path) -> None:
        """Drop a file that is gone from the recent files."""
        if path.exists():
            return
        before = list(self.preferences.recent_files)
        self.preferences.remove_recent(str(path))
        self.preferences.remove_recent(str(path.resolve()))
        if self.preferences.recent_files != before:
            self._save_preferences()
            self._refresh_recent()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        if self.preferences.prune_recent():
            self._save_preferences()
            self._refresh_recent()
        paths = self.preferences.recent_files
        for path, label in zip(paths, recent_labels(paths), strict=True):
            action = self.recent_menu.addAction(label.replace("&", "&&"))
            action.setToolTip(path)
            action.triggered.connect(lambda _c=False, p=path: self.open_path(Path(p)))
        if not self.preferences.recent_files:
            empty = self.recent_menu.addAction("No recent characters")
            empty.setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction("Clear List")
            clear.triggered.connect(self._clear_recent)

    def _clear_recent(self) -> None:
        self.preferences.recent_files = []
        self._save_preferences()
        self._refresh_recent()

    def _save_preferences(self) -> None:
        try:
            save_preferences(self.preferences)
        except OSError:
            self.statusBar().showMessage("Preferences could not be saved", 5000)

    def _dialog_folder(self) -> str:
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
            area = screen_fit.available(self)
            screen_fit.centre_on_screen(self, screen_fit.default_size(area))
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

    # -- layout -----------------------------------------------------------------------
    def side_docks(self) -> list[QDockWidget]:
        return [d for d in (self.budget_dock, self.play_dock, self.gm_dock) if d is not None]

    def _add_layout_actions(self) -> None:
        self.view_menu.addSeparator()
        self.hide_docks_action = QAction("&Hide Docks", self, checkable=True)
        self.hide_docks_action.setShortcut(QKeySequence("Ctrl+Shift+D"))
        self.hide_docks_action.setToolTip("Hide every dock to give the sheet the whole window; "
                                          "again to bring them back as they were")
        self.hide_docks_action.toggled.connect(self.set_docks_hidden)
        self.addAction(self.hide_docks_action)
        self.view_menu.addAction(self.hide_docks_action)
        self.reset_layout_action = self._action(
            "&Reset Layout", self.reset_layout, None,
            "Budget, Play and GM Screen tabbed on the right, the GM's Table closed")
        self.view_menu.addAction(self.reset_layout_action)

    def set_docks_hidden(self, hidden: bool) -> None:
        """Collapse every open dock (and restore the same ones)."""
        if hidden:
            docks = [*self.side_docks(), self.gm_table_dock]
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
        """The first-start layout: side docks tabbed on the right, the GM's Table closed."""
        self.ensure_ready()
        self.set_docks_hidden(False)
        for dock in self.side_docks():
            dock.setFloating(False)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.show()
        for dock in self.side_docks()[1:]:
            self.tabifyDockWidget(self.budget_dock, dock)
        self.gm_table_dock.setFloating(False)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.gm_table_dock)
        self.gm_table_dock.hide()
        self.budget_dock.raise_()
        self._default_dock_sizes()

    # -- zoom ---------------------------------------------------------------------------
    def zoom(self) -> int:
        return self._zoom

    def set_zoom(self, percent: int, save: bool = True) -> None:
        """Text of the whole builder at ``percent`` of the system font size."""
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
            self._save_preferences()

    def zoom_in(self) -> None:
        self.set_zoom(next((z for z in ZOOM_STEPS if z > self._zoom), ZOOM_STEPS[-1]))

    def zoom_out(self) -> None:
        self.set_zoom(next((z for z in reversed(ZOOM_STEPS) if z < self._zoom), ZOOM_STEPS[0]))

    def zoom_reset(self) -> None:
        self.set_zoom(100)

    def show_shortcuts(self) -> None:
        from ui.shell.shortcuts_dialog import ShortcutsDialog

        ShortcutsDialog(self.menuBar(), self).exec()

    # -- opening files from outside, start-up reports -----------------------------------
    def open_paths(self, paths: list[Path]) -> int:
        """Open files given on the command line, dropped or passed on by another
        launch, each where its kind belongs; returns how many opened."""
        from ui.opening import open_all

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

    def show_gm_table(self) -> GMTableWidget | None:
        """Show the GM's Table dock (building it if needed) and return its widget."""
        self.ensure_ready()
        self.gm_table_dock.show()
        self.gm_table_dock.raise_()
        self._build_gm_table()
        return self.gm_table

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        from ui.opening import dropped_paths

        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        from ui.opening import dropped_paths

        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        from ui.opening import dropped_paths

        paths = dropped_paths(event.mimeData())
        if not paths:
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        # Open after the drop returns: the source application is not kept waiting
        # behind a message box about a bad file.
        QTimer.singleShot(0, lambda: self.open_paths(paths))

    def _watch_drops(self, root: QWidget) -> None:
        """Documents dropped on the text fields under ``root`` open in the window."""
        from ui.opening import DocumentDropFilter

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
        folders |= {d.path.parent for d in self.documents() if d.path is not None}
        removed: list[Path] = []
        for folder in sorted(folders):
            removed += remove_stale_temp_files(folder)
        return removed

    def _about(self) -> None:
        from ui.help import AboutDialog

        self.about_dialog = AboutDialog(self.show_guide, self)
        self.about_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.about_dialog.open()
