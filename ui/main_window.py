"""The main window: tabs of characters, the budget dock, menus and file handling."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from seforge.fileformat import CharacterFileError
from seforge.models import Character
from seforge.resources import resource_path
from seforge.validation import check_character
from ui import autosave
from ui.autosave import Autosaver
from ui.budget_panel import BudgetPanel
from ui.document import CharacterDocument, with_suffix
from ui.editor import CharacterEditor
from ui.library_dialog import LibraryDialog
from ui.rules_dialog import TableRulesDialog
from ui.settings import Preferences, load_preferences, save_preferences
from ui.start_page import StartPage
from ui.theme import apply_theme

FILE_FILTER = "Sword's Edge characters (*.sechar);;All files (*)"
APP_TITLE = "SEForge"
THEME_LABELS = (("system", "Follow &System"), ("light", "&Light"), ("dark", "&Dark"))


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
        autosave_interval_ms: int = autosave.DEFAULT_INTERVAL_MS,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.preferences = preferences if preferences is not None else load_preferences()
        self.setWindowTitle(APP_TITLE)
        self.setWindowIcon(QIcon(str(resource_path("icons", "seforge-256.png"))))
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks)
        self._untitled = 0
        self._current: CharacterDocument | None = None

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
        self.budget_dock.setMinimumWidth(300)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.budget_dock)

        self._build_actions()
        self._build_menus()
        self.start_page.new_requested.connect(self.new_document)
        self.start_page.open_requested.connect(self.open_dialog)
        self.start_page.library_requested.connect(self.open_library)
        self.start_page.recent_requested.connect(lambda p: self.open_path(Path(p)))
        self._refresh_recent()
        self._restore_window()

        self.autosaver = Autosaver(self.documents, autosave_interval_ms, self)
        self.autosaver.start()
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_system_scheme_changed)
        self._update_state()

    # -- actions and menus --------------------------------------------------------
    def _action(self, text: str, slot: object, keys: object = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if keys is not None:
            action.setShortcut(keys)  # type: ignore[arg-type]
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
        self.quit_action = self._action("&Quit", self.close, key.Quit, "Quit SEForge")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)

        self.undo_group = QUndoGroup(self)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(key.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence(key.Redo), QKeySequence("Ctrl+Shift+Z")])
        self.addAction(self.undo_action)
        self.addAction(self.redo_action)

        self.add_element_action = self._action("Add &Element", self._add_element,
                                               QKeySequence("Ctrl+E"), "Add an Element")
        self.rules_action = self._action("Table &Rules…", self.edit_table_rules, None,
                                         "Options your table plays with")

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
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)

        character_menu = bar.addMenu("&Character")
        character_menu.addAction(self.add_element_action)
        character_menu.addSeparator()
        character_menu.addAction(self.rules_action)

        self.view_menu = bar.addMenu("&View")
        theme_menu = self.view_menu.addMenu("&Theme")
        for action in self.theme_actions.values():
            theme_menu.addAction(action)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.budget_dock.toggleViewAction())
        self.budget_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+B"))

        help_menu = bar.addMenu("&Help")
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
        widget = self.tabs.widget(index)
        assert isinstance(widget, CharacterEditor)
        return widget

    def current_editor(self) -> CharacterEditor | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, CharacterEditor) else None

    def current_document(self) -> CharacterDocument | None:
        editor = self.current_editor()
        return editor.document if editor else None

    def add_document(self, document: CharacterDocument) -> CharacterEditor:
        document.setParent(self)
        self.undo_group.addStack(document.undo_stack)
        editor = CharacterEditor(document, self.tabs)
        index = self.tabs.addTab(editor, document.title())
        document.modified_changed.connect(lambda _m, d=document: self._update_tab(d))
        document.path_changed.connect(lambda d=document: self._update_tab(d))
        document.changed.connect(lambda d=document: self._on_document_changed(d))
        document.saved.connect(lambda d=document: self.autosaver.forget(d))
        self.tabs.setCurrentIndex(index)
        self._update_tab(document)
        self._update_state()
        self.documents_changed.emit()
        return editor

    def new_document(self) -> CharacterDocument:
        self._untitled += 1
        title = "Untitled" if self._untitled == 1 else f"Untitled {self._untitled}"
        document = CharacterDocument(title=title)
        editor = self.add_document(document)
        editor.name_edit.setFocus()
        return document

    def open_book_character(self, character: Character) -> CharacterDocument:
        """Open a copy of a book character: unsaved, titled with its name."""
        document = CharacterDocument(character.model_copy(deep=True),
                                     title=character.name or "Book character")
        document.mark_modified()
        self.add_document(document)
        return document

    def find_open(self, path: Path) -> int:
        target = path.resolve()
        for index, document in enumerate(self.documents()):
            if document.path is not None and document.path.resolve() == target:
                return index
        return -1

    def open_path(self, path: Path) -> CharacterDocument | None:
        """Open a file in a new tab (or switch to it when already open)."""
        index = self.find_open(path)
        if index >= 0:
            self.tabs.setCurrentIndex(index)
            return self.editor_at(index).document
        try:
            document = CharacterDocument.load(path)
        except CharacterFileError as exc:
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
        return self._write(document, with_suffix(Path(name)))

    def _write(self, document: CharacterDocument, path: Path) -> bool:
        try:
            document.save(path)
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
        self.tabs.setCurrentIndex(index)
        if not self.maybe_save(editor.document):
            return False
        self.autosaver.forget(editor.document)
        self.tabs.removeTab(index)
        editor.document.deleteLater()
        editor.deleteLater()
        self._update_state()
        self.documents_changed.emit()
        return True

    def close_current(self) -> bool:
        return self.close_tab(self.tabs.currentIndex())

    def closeEvent(self, event: QCloseEvent) -> None:
        for document in self.documents():
            if not self.maybe_save(document):
                event.ignore()
                return
        self.shutdown()
        event.accept()

    def shutdown(self) -> None:
        """A clean exit: autosaves and the session marker go, preferences are saved."""
        self.autosaver.stop(clean=True)
        self.preferences.window = {
            "geometry": bytes(self.saveGeometry().toBase64().data()).decode("ascii"),
            "state": bytes(self.saveState().toBase64().data()).decode("ascii"),
        }
        self._save_preferences()

    # -- autosave recovery --------------------------------------------------------------
    def restore_autosaves(self) -> int:
        """Offer the autosaves a crashed session left; returns how many were restored."""
        if autosave.other_session_running(self.autosaver.folder):
            return 0
        mine = {d.autosave_id for d in self.documents()}
        leftovers = [r for r in autosave.leftover_autosaves(self.autosaver.folder)
                     if r.files[0].stem not in mine]
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
        dialog = TableRulesDialog(document, self)
        if dialog.exec() == TableRulesDialog.DialogCode.Accepted:
            dialog.apply()

    def _focus_problem(self, field: object, rule: str) -> None:
        editor = self.current_editor()
        if editor is not None:
            editor.focus_field(field if isinstance(field, str) else None, rule)

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

    def _on_document_changed(self, document: CharacterDocument) -> None:
        if document is self._current:
            self._refresh_budget()
        if not document.path:
            self._update_tab(document)

    def _refresh_budget(self) -> None:
        document = self.current_document()
        self.budget_panel.show_result(
            check_character(document.character) if document is not None else None
        )

    def _update_tab(self, document: CharacterDocument) -> None:
        for index in range(self.tabs.count()):
            if self.editor_at(index).document is document:
                text = document.title() + (" *" if document.is_modified() else "")
                if self.tabs.tabText(index) != text:
                    self.tabs.setTabText(index, text)
                self.tabs.setTabToolTip(index, str(document.path) if document.path
                                        else "Not saved yet")
        if document is self.current_document():
            self._update_title()

    def _update_title(self) -> None:
        document = self.current_document()
        if document is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
            return
        self.setWindowTitle(f"{APP_TITLE} — {document.title()}[*]")
        self.setWindowModified(document.is_modified())

    def _update_state(self) -> None:
        document = self.current_document()
        has = document is not None
        self.stack.setCurrentWidget(self.tabs if self.tabs.count() else self.start_page)
        for action in (self.save_action, self.save_as_action, self.close_action,
                       self.add_element_action, self.rules_action):
            action.setEnabled(has)
        self._bind_undo(document)
        self._update_title()
        self._refresh_budget()

    def _bind_undo(self, document: CharacterDocument | None) -> None:
        stack = document.undo_stack if document is not None else None
        if self.undo_group.activeStack() is not stack:
            self.undo_group.setActiveStack(stack)

    # -- preferences ----------------------------------------------------------------------
    def _remember(self, path: Path) -> None:
        self.preferences.add_recent(path)
        self._save_preferences()
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.start_page.set_recent(self.preferences.recent_files)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in self.preferences.recent_files:
            action = self.recent_menu.addAction(Path(path).name)
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
        geometry = self.preferences.window.get("geometry")
        restored = False
        if isinstance(geometry, str):
            restored = self.restoreGeometry(QByteArray.fromBase64(geometry.encode("ascii")))
        if not restored:
            self.resize(1280, 800)
        state = self.preferences.window.get("state")
        if isinstance(state, str):
            self.restoreState(QByteArray.fromBase64(state.encode("ascii")))

    def _about(self) -> None:
        QMessageBox.about(
            self, "About SEForge",
            "<b>SEForge</b><br>A character builder for the Sword's Edge RPG.",
        )
