"""The window's actions, menus and shortcuts (those every system shares).

A system's window part adds its own: a menu of its own (:func:`add_system_menu`) and
actions in the shared menus at named places (:func:`add_to_menu`: ``"file.open"`` after
Open Recent, ``"file.export"`` and ``"file.print"`` in the File menu, ``"edit.copy"`` in
the Edit menu).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from ui.shell.keys import redo_keys, unique_keys
from ui.shell.start_page import short_label

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoGroup
    from PySide6.QtWidgets import QMenuBar, QWidget

    from ui.shell.settings import Preferences
    from ui.shell.system_uis import NewDocumentChoice, SystemUi


class MenuHost(Protocol):
    """What a system's window part needs to add a menu or actions to the window's."""

    menu_anchors: dict[str, tuple[QMenu, QAction]]
    view_menu: QMenu

    def window(self) -> QWidget: ...

    def menuBar(self) -> QMenuBar: ...

    def addAction(self, action: QAction) -> None: ...


class MenuChoices(Protocol):
    """What File › New and Open… need of the window's documents."""

    def choices(self) -> Sequence[tuple[SystemUi, NewDocumentChoice]]: ...

    def campaign_systems(self) -> Sequence[SystemUi]: ...

    def open_dialog(self) -> None: ...


class ActionHost(MenuHost, Protocol):
    """The window as its shared actions and menus see it: the actions they make (set
    here) and the commands they call."""

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
    help_menu: QMenu
    preferences: Preferences
    undo_group: QUndoGroup

    @property
    def controller(self) -> MenuChoices: ...

    def new_document(self, system_id: str | None = None,
                     format_id: str | None = None) -> Any: ...

    def new_campaign(self, system_id: str | None = None) -> Any: ...

    def current_system(self) -> SystemUi | None: ...

    def current_document(self) -> Any: ...

    def save(self, document: Any = None) -> bool: ...

    def save_as(self, document: Any = None) -> bool: ...

    def export_pdf(self) -> Path | None: ...

    def close_current(self) -> bool: ...

    def revert(self, document: Any = None) -> bool: ...

    def duplicate(self, document: Any = None) -> Any: ...

    def close(self) -> bool: ...

    def show_guide(self, page: str = "start") -> Any: ...

    def show_about(self) -> None: ...

    def show_shortcuts(self) -> None: ...

    def set_paper(self, name: str) -> None: ...

    def set_theme(self, name: str) -> None: ...

    def zoom_in(self) -> None: ...

    def zoom_out(self) -> None: ...

    def zoom_reset(self) -> None: ...

    def fill_recent_menu(self) -> None: ...

    def set_docks_hidden(self, hidden: bool) -> None: ...

    def reset_layout(self) -> None: ...

THEME_LABELS = (("system", "Follow &System"), ("light", "&Light"), ("dark", "&Dark"))
PAPER_LABELS = (("", "Follow the System &Locale"), ("a4", "&A4"), ("letter", "&Letter"))


def make_action(window: MenuHost, text: str, slot: Callable[[], object],
                keys: object = None, tip: str = "") -> QAction:
    """An action of the window (its shortcut works wherever the focus is)."""
    action = QAction(text, window.window())
    if keys is not None:
        action.setShortcut(keys)  # type: ignore[call-overload]
    if tip:
        action.setToolTip(tip)
        action.setStatusTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    window.addAction(action)
    return action


def print_key(held: bool) -> QKeySequence:
    """The Print key (Ctrl+P) for the export action shown for the current document, none
    for the others: one action holds it at a time, so Qt never finds it ambiguous."""
    return QKeySequence(QKeySequence.StandardKey.Print) if held else QKeySequence()


def print_key_while_shown(action: QAction) -> None:
    """``action`` holds the Print key while it is shown: File › Export PDF… shows for a
    document whose system offers it, Sword's Edge's own export for its characters."""
    action.visibleChanged.connect(lambda: action.setShortcut(print_key(action.isVisible())))
    action.setShortcut(print_key(action.isVisible()))


def build_actions(window: ActionHost) -> None:
    key = QKeySequence.StandardKey
    docs = window.controller
    window.new_action = make_action(window, "&New Character", lambda: new_like_current(window),
                                    key.New, "Start an empty character")
    window.open_action = make_action(window, "&Open…", docs.open_dialog, key.Open,
                                     "Open a file of any game system")
    window.save_action = make_action(window, "&Save", window.save, key.Save,
                                     "Save the current document")
    window.save_as_action = make_action(window, "Save &As…", window.save_as,
                                        QKeySequence("Ctrl+Shift+S"),
                                        "Save the current document under a new name")
    window.export_pdf_action = make_action(
        window, "Export &PDF…", window.export_pdf, None,
        "Print the current document (sheet, card or crew) to a PDF file")
    window.export_pdf_action.setVisible(False)  # until a document's system offers it
    print_key_while_shown(window.export_pdf_action)
    window.new_campaign_action = make_action(
        window, "New Ca&mpaign…", window.new_campaign, None,
        "A campaign for one game system: its documents, clocks and notes")
    window.close_action = make_action(window, "&Close", window.close_current, key.Close,
                                      "Close the current document")
    window.revert_action = make_action(
        window, "Re&vert to Saved", window.revert, None,
        "Throw away the changes since the last save and read the file again")
    window.duplicate_action = make_action(
        window, "&Duplicate", window.duplicate, None,
        "Open a copy of the current document as a new, unsaved one")
    window.quit_action = make_action(window, "&Quit", window.close, key.Quit, "Quit SEForge")
    window.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
    window.guide_action = make_action(
        window, "SEForge &User Guide", window.show_guide, key.HelpContents,
        "How to build, play and run a scene with SEForge")
    window.paper_group = QActionGroup(window.window())
    window.paper_group.setExclusive(True)
    window.paper_actions = {}
    for name, label in PAPER_LABELS:
        action = QAction(label, window.window(), checkable=True)
        action.setChecked(name == window.preferences.paper)
        action.setToolTip("Paper size of exported sheets and cards")
        action.triggered.connect(lambda _checked=False, n=name: window.set_paper(n))
        window.paper_group.addAction(action)
        window.paper_actions[name] = action

    window.undo_action = window.undo_group.createUndoAction(window.window(), "&Undo")
    window.undo_action.setShortcut(key.Undo)
    window.redo_action = window.undo_group.createRedoAction(window.window(), "&Redo")
    window.redo_action.setShortcuts(redo_keys())
    window.addAction(window.undo_action)
    window.addAction(window.redo_action)

    window.zoom_in_action = make_action(window, "Zoom &In", window.zoom_in, None,
                                        "Larger text in the whole window")
    window.zoom_in_action.setShortcuts(
        unique_keys(key.ZoomIn, QKeySequence("Ctrl+="), QKeySequence("Ctrl++")))
    window.zoom_out_action = make_action(window, "Zoom &Out", window.zoom_out, None,
                                         "Smaller text in the whole window")
    window.zoom_out_action.setShortcuts(unique_keys(key.ZoomOut, QKeySequence("Ctrl+-")))
    window.zoom_reset_action = make_action(window, "&Actual Size", window.zoom_reset,
                                           QKeySequence("Ctrl+0"), "Text at the system's size")
    window.shortcuts_action = make_action(window, "&Keyboard Shortcuts", window.show_shortcuts,
                                          None, "Every keyboard shortcut of SEForge")

    window.theme_group = QActionGroup(window.window())
    window.theme_group.setExclusive(True)
    window.theme_actions = {}
    for name, label in THEME_LABELS:
        action = QAction(label, window.window(), checkable=True)
        action.setChecked(name == window.preferences.theme)
        action.triggered.connect(lambda _checked=False, n=name: window.set_theme(n))
        window.theme_group.addAction(action)
        window.theme_actions[name] = action


def _anchor(window: MenuHost, menu: QMenu, name: str) -> None:
    """An invisible marker in ``menu`` before which :func:`add_to_menu` inserts."""
    marker = QAction(window.window())
    marker.setVisible(False)
    marker.setObjectName(f"anchor:{name}")
    menu.addAction(marker)
    window.menu_anchors[name] = (menu, marker)


def add_to_menu(window: MenuHost, place: str, actions: Iterable[QAction | None]) -> None:
    """Put ``actions`` (None: a separator) at ``place`` of the shared menus."""
    menu, marker = window.menu_anchors[place]
    for action in actions:
        if action is None:
            menu.insertSeparator(marker)
        else:
            menu.insertAction(marker, action)


def add_system_menu(window: MenuHost, title: str) -> QMenu:
    """A system's own menu, between Edit and View."""
    menu = QMenu(title, window.window())
    window.menuBar().insertMenu(window.view_menu.menuAction(), menu)
    return menu


def new_choice(window: ActionHost) -> tuple[str, str] | None:
    """What Ctrl+N makes: a new document like the current tab's (its kind when that is
    one of its system's new documents, else that system's first), as in an office suite;
    None (the first system's first) on the start page."""
    ui = window.current_system()
    if ui is None:
        return None
    offered = [choice.format_id for choice in ui.new_document_choices()]
    if not offered:
        return None
    kind = getattr(window.current_document(), "kind", None)
    current = getattr(kind, "format_id", None)
    return ui.system_id, current if current in offered else offered[0]


def new_like_current(window: ActionHost) -> Any:
    """File › New's Ctrl+N (see :func:`new_choice`)."""
    choice = new_choice(window)
    return window.new_document(*choice) if choice is not None else window.new_document()


def fill_new_menu(window: ActionHost) -> None:
    """File › New: every registered system's new documents, grouped by system; Ctrl+N
    is the one like the current tab's (:func:`new_choice`), else the first."""
    menu = window.new_menu
    menu.clear()
    choices = window.controller.choices()
    wanted = new_choice(window)
    keyed = next((choice for ui, choice in choices
                  if wanted == (ui.system_id, choice.format_id)),
                 choices[0][1] if choices else None)
    systems = {ui.system_id for ui, _choice in choices}
    current = ""
    grouped = len(systems) > 1
    for ui, choice in choices:
        if grouped and ui.system_id != current:
            current = ui.system_id
            menu.addSection(ui.title)
        # under its system's heading a choice needs no system name ("Character")
        text = short_label(ui.title, choice.label) if grouped else (
            choice.label[:1].upper() + choice.label[1:])
        if choice is keyed:
            window.new_action.setText(f"&{text}")
            window.new_action.setToolTip(choice.tooltip or f"Start a new {choice.label}")
            menu.addAction(window.new_action)
            continue
        action = menu.addAction(text)
        action.setToolTip(choice.tooltip or f"Start a new {choice.label}")
        action.triggered.connect(
            lambda _c=False, s=ui.system_id, f=choice.format_id: window.new_document(s, f))
    if not choices:
        empty = menu.addAction("No game system installed")
        empty.setEnabled(False)
    window.new_action.setEnabled(bool(choices))


def build_menus(window: ActionHost) -> None:
    """Fill the window's File, Edit, View and Help menus (the window made them, empty,
    for its first frame)."""
    window.menu_anchors = {}
    file_menu = window.file_menu
    window.new_menu = file_menu.addMenu("&New")
    window.new_menu.setObjectName("newMenu")
    fill_new_menu(window)
    # Ctrl+N's item follows the current tab: shown beside it each time the menu opens
    window.new_menu.aboutToShow.connect(lambda: fill_new_menu(window))
    file_menu.addAction(window.new_campaign_action)  # shown by add_layout_actions
    file_menu.addAction(window.open_action)
    window.recent_menu = file_menu.addMenu("Open &Recent")
    window.recent_menu.aboutToShow.connect(window.fill_recent_menu)
    _anchor(window, file_menu, "file.open")
    file_menu.addSeparator()
    file_menu.addAction(window.save_action)
    file_menu.addAction(window.save_as_action)
    file_menu.addAction(window.revert_action)
    file_menu.addAction(window.duplicate_action)
    file_menu.addSeparator()
    file_menu.addAction(window.export_pdf_action)
    _anchor(window, file_menu, "file.export")
    _anchor(window, file_menu, "file.print")
    paper_menu = file_menu.addMenu("Paper Si&ze")
    for action in window.paper_actions.values():
        paper_menu.addAction(action)
    file_menu.addSeparator()
    file_menu.addAction(window.close_action)
    file_menu.addAction(window.quit_action)

    edit_menu = window.edit_menu
    edit_menu.addAction(window.undo_action)
    edit_menu.addAction(window.redo_action)
    _anchor(window, edit_menu, "edit.copy")

    theme_menu = window.view_menu.addMenu("&Theme")
    for action in window.theme_actions.values():
        theme_menu.addAction(action)
    window.view_menu.addSeparator()
    window.view_menu.addAction(window.zoom_in_action)
    window.view_menu.addAction(window.zoom_out_action)
    window.view_menu.addAction(window.zoom_reset_action)
    window.view_menu.addSeparator()

    help_menu = window.help_menu
    help_menu.addAction(window.guide_action)
    help_menu.addAction(window.shortcuts_action)
    help_menu.addSeparator()
    about = help_menu.addAction("&About SEForge")
    about.setMenuRole(QAction.MenuRole.AboutRole)
    about.triggered.connect(window.show_about)


def add_layout_actions(window: ActionHost) -> None:
    """View › Hide Docks and Reset Layout (once the late docks exist); File › New
    Campaign… when a system opens its campaigns in the shell's tab (asking the systems'
    cores which formats they read: not needed for the first paint)."""
    window.new_campaign_action.setVisible(bool(window.controller.campaign_systems()))
    window.view_menu.addSeparator()
    window.hide_docks_action = QAction("&Hide Docks", window.window(), checkable=True)
    window.hide_docks_action.setShortcut(QKeySequence("Ctrl+Shift+D"))
    window.hide_docks_action.setToolTip("Hide every dock to give the document the whole "
                                        "window; again to bring them back as they were")
    window.hide_docks_action.toggled.connect(window.set_docks_hidden)
    window.addAction(window.hide_docks_action)
    window.view_menu.addAction(window.hide_docks_action)
    window.reset_layout_action = make_action(
        window, "&Reset Layout", window.reset_layout, None,
        "The side docks tabbed on the right, the docks below closed")
    window.view_menu.addAction(window.reset_layout_action)
