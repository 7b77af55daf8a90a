"""What Sword's Edge adds to the window: the Budget, Play and GM's Table docks, its GM
Screen page with the open characters, the Character menu, sheets, prints and copies, the
book's characters, and one owner per character shared by the builder and the scene.

Built by :meth:`ui.systems.swords_edge.swords_edge_ui.SwordsEdgeUi.window_part`; the window
calls it through :class:`ui.shell.window_part.WindowPart`.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QDockWidget, QWidget

from ui.shell import actions, screen_fit
from ui.shell.actions import make_action
from ui.shell.window_part import WindowPart
from ui.systems.swords_edge.budget_panel import BudgetPanel
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.sheets_part import SheetsPart
from ui.systems.swords_edge.swords_edge_ui import CharacterTab, character_editor, gm_screen_page

if TYPE_CHECKING:
    from seforge.systems.swords_edge.models import Character
    from ui.shell.unsaved_dialog import UnsavedWork
    from ui.shell.window import MainWindow
    from ui.systems.swords_edge.document import CharacterDocument
    from ui.systems.swords_edge.editor import CharacterEditor
    from ui.systems.swords_edge.file_watch import FileWatcher
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table import GMTableWidget
    from ui.systems.swords_edge.play_dock import PlayDock
    from ui.systems.swords_edge.swords_edge_ui import SwordsEdgeUi

def is_character(document: object) -> TypeGuard[CharacterDocument]:
    """True for a character's owner (the model loads only once one is open: the start
    page shows before it)."""
    if document is None or type(document).__name__ != "CharacterDocument":
        return False
    from ui.systems.swords_edge.document import CharacterDocument

    return isinstance(document, CharacterDocument)


class HeldElsewhere:
    """An autosave of a document the GM's Table holds (an opponent, a campaign), as
    the restore offer sees it: its owner, and no tab of its own."""

    def __init__(self, owner: Any) -> None:
        self.owner = owner
        self._widget: QWidget | None = None

    def widget(self) -> QWidget:
        if self._widget is None:
            self._widget = QWidget()
        return self._widget


TAB_HOLDER = "tab"
"""How a builder tab holds its document in the registry."""
NC_SUFFIX = ".senc"
CAMPAIGN_SUFFIX = ".secampaign"


class SwordsEdgeWindowPart(SheetsPart, WindowPart):
    """Sword's Edge's docks, menu and documents in the window."""

    own_library = True  # the Book Characters, with their own dialog (LibraryDialog)

    def __init__(self, ui: SwordsEdgeUi, window: MainWindow) -> None:
        super().__init__(window)
        self.ui = ui
        self.system_id = ui.system_id
        self.window: MainWindow = window
        self.registry = DocumentRegistry(window)
        """Every open character's owner: the tabs' and those only the scene uses."""
        self.registry.added.connect(self._on_registered)
        self.registry.removed.connect(self._on_unregistered)
        self.play_dock: PlayDock | None = None
        self.gm_table: GMTableWidget | None = None
        self.file_watcher: FileWatcher | None = None
        self._focus_stacks: list[tuple[QWidget, QUndoStack]] = []
        self._docks_stood_aside: list[QDockWidget] = []
        """Side docks hidden while another system's document is current (see
        :meth:`_side_docks_follow`), shown again when it is not."""

    # -- building ---------------------------------------------------------------------
    def install(self) -> None:
        window = self.window
        self.budget_panel = BudgetPanel(window)
        self.budget_panel.problem_activated.connect(self._focus_problem)
        self.budget_dock = QDockWidget("Budget", window)
        self.budget_dock.setObjectName("budgetDock")
        self.budget_dock.setWidget(self.budget_panel)
        self.budget_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.budget_dock.setMinimumWidth(220)
        window.add_dock(self.budget_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        self._build_actions()
        self.budget_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+B"))
        button = window.start_page.add_button(
            "library", "Start from a Sword's Edge Book Character",
            "Copy one of the Sword's Edge rulebook's sample characters and make it your own")
        button.clicked.connect(self.open_library)

    def _build_actions(self) -> None:
        window = self.window
        act = make_action
        self.library_action = act(window, "Start from a &Book Character…", self.open_library,
                                  None, "Copy one of the rulebook's characters")
        self.export_action = act(window, "&Export Sheet (PDF)…", self.export_sheet, None,
                                 "Write the current character's sheet as a PDF")
        actions.print_key_while_shown(self.export_action)  # (hidden for other systems)
        self.export_party_action = act(
            window, "Export &Party (PDF)…", self.export_party, QKeySequence("Ctrl+Shift+P"),
            "Write the sheets of every open character into one PDF")
        # named for its game: it stays on the File menu whatever document is current
        self.blank_action = act(window, "&Blank Sword's Edge Sheet (PDF)…", self.print_blank,
                                None, "Write an empty Sword's Edge character sheet as a PDF")
        self.print_preview_action = act(
            window, "Print Pre&view…", self.print_preview, None,
            "See the current character's sheet as it will print, then print it")
        self.print_action = act(window, "Pr&int Sheet…", self.print_sheet, None,
                                "Send the current character's sheet to a printer")
        self.print_party_action = act(window, "Print Part&y…", self.print_party, None,
                                      "Send the sheets of every open character to a printer")
        self.copy_text_action = act(
            window, "Copy Sheet as &Text", lambda: self.copy_sheet(markdown=False),
            QKeySequence("Ctrl+Shift+C"), "Put the character on the clipboard as plain text")
        self.copy_markdown_action = act(
            window, "Copy Sheet as &Markdown", lambda: self.copy_sheet(markdown=True),
            QKeySequence("Ctrl+Shift+M"),
            "Put the character on the clipboard as Markdown, for forums and chat")
        self.add_element_action = act(window, "Add &Element", self._add_element,
                                      QKeySequence("Ctrl+E"), "Add an Element")
        self.rules_action = act(window, "Table &Rules…", self.edit_table_rules, None,
                                "Options your table plays with")
        actions.add_to_menu(window, "file.open", [self.library_action])
        actions.add_to_menu(window, "file.export", [
            self.export_action, self.export_party_action, self.blank_action, None])
        actions.add_to_menu(window, "file.print", [
            self.print_preview_action, self.print_action, self.print_party_action])
        actions.add_to_menu(window, "edit.copy", [
            None, self.copy_text_action, self.copy_markdown_action])
        self.character_menu = actions.add_system_menu(window, "&Character")
        self.character_menu.addAction(self.add_element_action)
        self.character_menu.addSeparator()
        self.character_menu.addAction(self.rules_action)
        self._document_actions: list[QAction] = [
            self.add_element_action, self.rules_action, self.export_action,
            self.export_party_action, self.print_preview_action, self.print_action,
            self.print_party_action, self.copy_text_action, self.copy_markdown_action]

    def ready(self) -> None:
        """The file watcher, the Play dock and the (empty) GM's Table dock."""
        from ui.systems.swords_edge.file_watch import FileWatcher
        from ui.systems.swords_edge.play_dock import PlayDock

        window = self.window
        self.file_watcher = FileWatcher(self.registry, window)
        self.file_watcher.disk_changed.connect(window.controller.on_disk_changed)
        self.file_watcher.disk_missing.connect(window.controller.on_disk_missing)
        self.play_dock = PlayDock(window)
        window.add_dock(self.play_dock, Qt.DockWidgetArea.RightDockWidgetArea)
        window.tabifyDockWidget(self.budget_dock, self.play_dock)
        # behind the Budget tab: without keys of its own a keyboard player reached Luck
        # and Stress only by Tabbing through the whole sheet
        self.play_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+L"))
        self.gm_table_dock = QDockWidget("GM's Table", window)
        self.gm_table_dock.setObjectName("gmTableDock")
        self.gm_table_dock.setToolTip("Opponents, the party and the scene tracker")
        self.gm_table_dock.visibilityChanged.connect(self._gm_table_shown)
        self.gm_table_dock.topLevelChanged.connect(self._on_gm_table_floated)
        window.add_dock(self.gm_table_dock, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.gm_table_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+Shift+G"))
        self.gm_table_dock.hide()

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        """The GM Screen page, reading the characters open in the builder and recording
        rolls on their owners."""
        from ui.systems.swords_edge.gm.calculator_pc_step import owner_step

        page = gm_screen_page(parent, lambda: [d.character for d in self.characters()],
                              self.window.documents_changed)
        page.set_pc_step(owner_step(self.registry))  # type: ignore[attr-defined]
        return page

    @property
    def gm_dock(self) -> GMDock | None:
        """The Sword's Edge page of the GM Screen dock (built now if needed)."""
        if not self.window.autosaver_started():
            return None
        from ui.systems.swords_edge.gm import GMDock

        page = self.window.gm_screen_dock.page(self.system_id)
        return page if isinstance(page, GMDock) else None

    def side_docks(self) -> list[QDockWidget]:
        return [d for d in (self.budget_dock, self.play_dock) if d is not None]

    def bottom_docks(self) -> list[QDockWidget]:
        dock = getattr(self, "gm_table_dock", None)
        return [dock] if dock is not None else []

    # -- documents ----------------------------------------------------------------------
    def characters(self) -> list[CharacterDocument]:
        """The characters open in the builder's tabs, in tab order."""
        return [d for d in self.window.documents() if is_character(d)]

    def adopt(self, document: Any) -> None:
        document.setParent(self.window)
        self.registry.add(document, TAB_HOLDER)

    def new_opened(self, widget: QWidget) -> None:
        editor = character_editor(widget)
        (editor.name_edit if editor is not None else widget).setFocus()

    def existing_editor(self, path: Path, parent: QWidget | None = None) -> CharacterTab | None:
        owned = self.registry.find(path)
        return CharacterTab(owned, parent) if owned is not None else None

    def still_used(self, document: Any) -> str:
        if not is_character(document):
            return ""
        if self.registry.holders(document) - {TAB_HOLDER}:
            return f"{document.title()} stays open for the scene on the GM's Table."
        return ""

    def released(self, document: Any) -> bool:
        if self.play_dock is not None:
            self.play_dock.forget(document)
        still_used = bool(self.registry.holders(document) - {TAB_HOLDER})
        if self.registry.release(document, TAB_HOLDER, force=not still_used):
            return True
        document.setParent(self.registry)  # the scene still plays this character
        return False

    def documents(self) -> list[Any]:
        """The characters' owners, then (once the GM's Table is built) the opponent being
        edited and the campaign: all autosaved while modified."""
        found: list[Any] = list(self.registry.documents())
        if self.gm_table is not None:
            found += [self.gm_table.opponents.owner, self.gm_table.party.owner]
        return found

    def autosave_editor(self, path: Path) -> Any:
        """An opponent's or a campaign's autosave, read into a fresh owner (the GM's
        Table takes it over in :meth:`restore_autosave`)."""
        suffix = path.suffix.lower()
        if suffix == NC_SUFFIX:
            from seforge.systems.swords_edge.fileformat import load_nc
            from ui.systems.swords_edge.gm_table.opponent_owner import OpponentOwner

            return HeldElsewhere(OpponentOwner(load_nc(path)))
        if suffix == CAMPAIGN_SUFFIX:
            from seforge.systems.swords_edge.campaign import load_campaign
            from ui.systems.swords_edge.gm_table.campaign_owner import SwordsEdgeCampaignOwner

            return HeldElsewhere(SwordsEdgeCampaignOwner(load_campaign(path)))
        return None

    def restore_autosave(self, item: Any) -> bool:
        """An opponent back in the NC editor, a campaign back in the party view: unsaved,
        remembering its file as it was when the autosave was written."""
        editor = item.editor
        if not isinstance(editor, HeldElsewhere):
            return False
        table = self.show_gm_table()
        if table is None:
            return False
        from ui.systems.swords_edge.gm_table.opponent_owner import OpponentOwner

        restored = editor.owner
        path = item.original_path
        if isinstance(restored, OpponentOwner):
            table.opponents.restore_editing(restored.nc, path, item.restored_stamp())
            table.tabs.setCurrentWidget(table.opponents)
            target: Any = table.opponents.owner
        else:
            table.party.restore_campaign(restored.campaign, path, item.restored_stamp())
            target = table.party.owner
        if self.window.autosaver_started():
            self.window.autosaver.write(target)
        editor.widget().deleteLater()
        restored.deleteLater()
        return True

    def _forget_when_clean(self, owner: Any) -> None:
        """A GM's Table document with nothing unsaved (saved, reverted, discarded) has
        no autosave: a crash must not bring back what the GM let go."""
        if not owner.is_modified() and self.window.autosaver_started():
            self.window.autosaver.forget(owner)

    def claims(self, document: Any) -> bool:
        return is_character(document)  # the FileWatcher follows them

    def display_name(self, document: Any) -> str:
        if is_character(document):
            return document.character.name.strip()
        return ""

    def _on_registered(self, document: CharacterDocument) -> None:
        """Every owner (tab or not) is autosaved while modified and forgotten once saved."""
        document.saved.connect(lambda d=document: self.window.autosaver.forget(d))

    def _on_unregistered(self, document: CharacterDocument) -> None:
        if self.window.autosaver_started():
            self.window.autosaver.forget(document)

    def open_path(self, path: Path) -> bool | None:
        """An NC opens in the GM's Table opponent editor, a campaign in its party view."""
        suffix = path.suffix.lower()
        if suffix not in (NC_SUFFIX, CAMPAIGN_SUFFIX):
            return None
        table = self.show_gm_table()
        if table is None:
            return False
        if suffix == NC_SUFFIX:
            opened = table.opponents.open_path(path)
            if opened:
                table.tabs.setCurrentWidget(table.opponents)
        else:
            opened = table.party.open_path(path)
            if opened:
                table.tabs.setCurrentWidget(table.party)
        return bool(opened)

    def unsaved_work(self) -> list[UnsavedWork]:
        """Characters only the scene holds, then the opponent and the campaign."""
        from ui.shell.unsaved_dialog import UnsavedWork

        in_tabs = self.window.documents()
        work = [UnsavedWork("character", d.title(), partial(self.window.save, d))
                for d in self.registry.unsaved() if not any(d is t for t in in_tabs)]
        if self.gm_table is not None:
            work += self.gm_table.unsaved_work()
        return work

    def add_document(self, document: CharacterDocument) -> CharacterEditor:
        """Show an owner that is already open (a book copy) in a new builder tab."""
        tab = CharacterTab(document, self.window.tabs)
        self.window.controller.add_editor(self.system_id, tab)
        return tab.editor

    def open_book_character(self, character: Character) -> CharacterDocument:
        """Open a copy of a book character: unsaved, titled with its name."""
        from ui.systems.swords_edge.document import CharacterDocument

        document = CharacterDocument(character.model_copy(deep=True),
                                     title=character.name or "Book character")
        document.mark_modified()
        self.add_document(document)
        return document

    def open_library(self) -> CharacterDocument | None:
        from ui.systems.swords_edge.library_dialog import LibraryDialog

        dialog = LibraryDialog(self.window)
        if dialog.exec() != LibraryDialog.DialogCode.Accepted:
            return None
        character = dialog.chosen_character()
        return self.open_book_character(character) if character is not None else None

    # -- state --------------------------------------------------------------------------
    def current_character(self) -> CharacterDocument | None:
        document = self.window.current_document()
        return document if is_character(document) else None

    def current_changed(self, document: Any, widget: QWidget | None) -> None:
        if self.play_dock is not None:
            self.play_dock.show_document(self.current_character())
        self._side_docks_follow(document)

    def _side_docks_follow(self, document: Any) -> None:
        """The Budget and Play docks say nothing about another system's document: while
        one is current they step aside (docked ones only), giving its editor the room,
        and come back for a character or the start page. The Character menu likewise
        shows only when it can act."""
        other = document is not None and not is_character(document)
        self.character_menu.menuAction().setVisible(not other)
        if other:
            explicit = Qt.WidgetAttribute.WA_WState_ExplicitShowHide
            for dock in self.side_docks():
                # checked: open, even when it is a tab behind another dock; hidden but
                # never hidden on purpose: a dock just made, which the window shows a
                # moment later (the Play dock, when a launch opens another game's file)
                opening = dock.isHidden() and not dock.testAttribute(explicit)
                if (dock.toggleViewAction().isChecked() or opening) and not dock.isFloating() \
                        and dock not in self._docks_stood_aside:
                    dock.hide()
                    self._docks_stood_aside.append(dock)
            return
        while self._docks_stood_aside:
            self._docks_stood_aside.pop(0).show()

    def document_changed(self, document: Any) -> None:
        if not is_character(document):
            return
        if document is self.window.current_document():
            self._refresh_budget()
        self._refresh_character_names()

    def update_state(self, document: Any) -> None:
        has = is_character(document)
        # another system's document: its own actions take their place (Ctrl+P is its
        # Export PDF), so these are hidden, not shown greyed
        shown = has or document is None
        party = (self.export_party_action, self.print_party_action)
        for action in self._document_actions:
            action.setEnabled(has)
            action.setVisible(shown or action in party)
        self.export_party_action.setEnabled(bool(self.characters()))
        self.print_party_action.setEnabled(bool(self.characters()))
        self._refresh_budget()

    def palette_changed(self) -> None:
        for document in self.characters():
            editor = self._editor_of(document)
            if editor is not None:
                editor.refresh_colours()
        self.budget_panel._problems_shown = None
        self._refresh_budget()

    def focus_stacks(self) -> list[tuple[QWidget, QUndoStack]]:
        """Where Edit › Undo acts while the focus is inside: the GM's Table's pages and the
        GM Screen's calculator (its own history, or the scene's while its Test is one of
        the scene's pairings), as their own Undo buttons do."""
        stacks = list(self._focus_stacks)
        page = self.window.gm_screen_dock.built(self.system_id)
        calculator = getattr(page, "calculator", None)
        history = getattr(calculator, "history_stack", None)
        if isinstance(calculator, QWidget) and callable(history):
            stack = history()
            self.window.undo_group.addStack(stack)  # (once: Qt keeps a stack once)
            stacks.append((calculator, stack))
        return stacks

    def _editor_of(self, document: CharacterDocument) -> CharacterEditor | None:
        tab = self.window.controller.tab_of(document)
        return character_editor(tab.widget) if tab is not None else None

    def current_character_editor(self) -> CharacterEditor | None:
        return character_editor(self.window.current_editor())

    def _refresh_character_names(self) -> None:
        """The GM Screen's character lists follow a rename in the builder."""
        page = self.window.gm_screen_dock.built(self.system_id)
        if page is None:
            return
        from ui.systems.swords_edge.gm.widgets import CharacterCombo

        for combo in page.findChildren(CharacterCombo):
            combo.refresh_names()

    def _refresh_budget(self) -> None:
        document = self.current_character()
        if document is None:
            self.budget_panel.show_result(None)
            return
        from seforge.systems.swords_edge.validation import check_character

        self.budget_panel.show_result(check_character(document.character))

    def _add_element(self) -> None:
        editor = self.current_character_editor()
        if editor is not None:
            editor.elements.add_element()

    def edit_table_rules(self) -> None:
        document = self.current_character()
        if document is None:
            return
        from ui.systems.swords_edge.rules_dialog import TableRulesDialog

        dialog = TableRulesDialog(document, self.window)
        if dialog.exec() == TableRulesDialog.DialogCode.Accepted:
            dialog.apply()

    def _focus_problem(self, field: object, rule: str) -> None:
        editor = self.current_character_editor()
        if editor is not None:
            editor.focus_field(field if isinstance(field, str) else None, rule)

    # -- the GM's Table -----------------------------------------------------------------
    def show_gm_table(self) -> GMTableWidget | None:
        """Show the GM's Table dock (building it if needed) and return its widget."""
        self.window.ensure_ready()
        self.gm_table_dock.show()
        self.gm_table_dock.raise_()
        self._build_gm_table()
        return self.gm_table

    def _gm_table_shown(self, visible: bool) -> None:
        """Build the table the first time its dock is shown; shown by the window's
        restored layout, once that layout is in place (building it may ask whether to
        restore last time's scene: asked in the middle of the restore, the question
        showed the window half laid out, the table's dock over the menu bar)."""
        if visible and self.window.restoring_layout:
            QTimer.singleShot(0, self.window, self._build_gm_table)
        else:
            self._build_gm_table(visible)

    def _build_gm_table(self, visible: bool = True) -> None:
        """Build the GM's Table the first time its dock is shown."""
        gm_dock = self.gm_dock
        if not visible or self.gm_table is not None or gm_dock is None:
            return
        from ui.systems.swords_edge.gm_table import CalculatorBridge, GMTableWidget

        window = self.window
        bridge = CalculatorBridge(
            gm_dock.calculator, lambda: [d.character for d in self.characters()], gm_dock)
        owns = window.autosaver.owns_session
        self.gm_table = GMTableWidget(
            open_characters=lambda: [(d.character, d.path) for d in self.characters()],
            open_calculator=bridge, paper=lambda: window.preferences.paper,
            restore_scene=owns,  # never offer (or discard) a live instance's scene
            registry=self.registry, save_document=window.save)
        if not owns:  # the scene autosave belongs to the instance holding the session
            self.gm_table.scene.autosave = False
        self.gm_table_dock.setWidget(self.gm_table)
        nc_editor = self.gm_table.opponents.editor
        nc_editor.use_window_undo()
        party = self.gm_table.party
        assert self.file_watcher is not None
        party.path_changed.connect(self.file_watcher.sync)
        self.file_watcher.add(party)
        opponents = self.gm_table.opponents
        opponents.editing_path_changed.connect(self.file_watcher.sync)
        self.file_watcher.add(opponents)
        for owner in (opponents.owner, party.owner):
            owner.changed.connect(lambda *_a, o=owner: self._forget_when_clean(o))
            owner.modified_changed.connect(lambda *_a, o=owner: self._forget_when_clean(o))
            owner.saved.connect(lambda o=owner: self._forget_when_clean(o))
        tracker = self.gm_table.scene
        self._focus_stacks = [(nc_editor, nc_editor.undo_stack), (party, party.undo_stack),
                              (tracker, tracker.undo_stack)]
        for _widget, stack in self._focus_stacks:
            window.undo_group.addStack(stack)
        window.watch_drops(self.gm_table)
        if not self.gm_table_dock.isFloating():
            window.resizeDocks([self.gm_table_dock], [window.height() // 2],
                               Qt.Orientation.Vertical)
        screen_fit.fit_on_screen(window)

    def _on_gm_table_floated(self, floating: bool) -> None:
        """A floated GM's Table opens whole on the screen the main window is on."""
        if floating:
            QTimer.singleShot(0, self.window, self._place_floating_gm_table)

    def _place_floating_gm_table(self) -> None:
        dock = self.gm_table_dock
        if not dock.isFloating():
            return
        area = screen_fit.available(self.window)
        wanted = dock.sizeHint().expandedTo(dock.size()).boundedTo(
            screen_fit.default_size(area))
        screen_fit.centre_on_screen(dock, wanted)
        screen_fit.fit_on_screen(dock)
