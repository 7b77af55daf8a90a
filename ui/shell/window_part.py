"""What a game system adds to the window beyond its editors.

A system UI may have ``window_part(window) -> WindowPart``. The window builds one part per
registered system that has it, calls :meth:`WindowPart.install` while it builds itself
and :meth:`WindowPart.ready` once it is on screen, and asks the parts the questions
below. Every method has a default that does nothing, so a part overrides only what its
system needs (Sword's Edge: the Budget, Play and GM's Table docks, the Character menu,
sheets and prints, a registry of characters the scene shares with the builder).

Scripts and tests reach a part through :meth:`MainWindow.part` (``window.part(system_id)``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDockWidget, QWidget

if TYPE_CHECKING:
    from ui.shell.autosave import Recovered
    from ui.shell.document_api import DocumentEditor, OpenDocument
    from ui.shell.unsaved_dialog import UnsavedWork


class WindowPart:
    """One system's additions to the window (see the module's docstring)."""

    system_id = ""
    own_library = False
    """True when the part offers its system's ready-made documents itself (a dialog of
    its own): the window's Start from a Sample then leaves them out."""

    def __init__(self, window: Any) -> None:
        self.window = window

    # -- building ---------------------------------------------------------------
    def install(self) -> None:
        """Add what must exist from the start (docks whose place is restored, menus)."""

    def ready(self) -> None:
        """Add the rest, once the window is on screen (docks loaded late)."""

    def gm_screen(self, parent: QWidget | None = None) -> QWidget | None:
        """The window's GM Screen page for this system (None: the system UI's own)."""
        return None

    # -- documents -----------------------------------------------------------------
    def adopt(self, document: OpenDocument) -> None:
        """A tab of this system opened on ``document``."""

    def new_opened(self, widget: QWidget) -> None:
        """A new, empty document's tab opened: put the focus where typing starts."""
        widget.setFocus()

    def existing_editor(self, path: Path, parent: QWidget | None = None) -> Any:
        """An editor (a DocumentEditor) on an owner of ``path`` the part already holds
        open elsewhere, so that the tab and that view share it; None when it holds none."""
        return None

    def still_used(self, document: OpenDocument) -> str:
        """Why ``document`` stays open when its tab closes ("" when it does not): its
        unsaved changes are then not asked about."""
        return ""

    def released(self, document: OpenDocument) -> bool:
        """The tab of ``document`` closed; False when the part keeps the owner open."""
        return True

    def documents(self) -> list[Any]:
        """Open documents held outside the tabs (autosaved and watched like the tabs')."""
        return []

    def claims(self, document: OpenDocument) -> bool:
        """True when the part watches ``document``'s file itself."""
        return False

    def display_name(self, document: OpenDocument) -> str:
        """The name a tab shows ("" for the document's title)."""
        return ""

    def open_path(self, path: Path) -> bool | None:
        """Open ``path`` somewhere of the part's own (a dock); None when the file
        belongs in a tab."""
        return None

    def unsaved_work(self) -> list[UnsavedWork]:
        """Unsaved work outside the tabs (asked about on quit)."""
        return []

    def autosave_editor(self, path: Path) -> DocumentEditor | None:
        """An editor over the autosave at ``path`` when it is of a document this part
        holds outside the tabs (None: the usual routing reads it). Raises the core's
        DocumentFileError (or ValueError) for a damaged file."""
        return None

    def restore_autosave(self, item: Recovered) -> bool:
        """Put a restored autosave (read by :meth:`autosave_editor`) back in the view
        that holds its kind, unsaved and remembering its file as ``item`` says; False
        to open it in a tab instead."""
        return False

    # -- state -----------------------------------------------------------------------
    def current_changed(self, document: OpenDocument | None, widget: QWidget | None) -> None:
        """The tab shown changed (``document`` of any system, or None)."""

    def document_changed(self, document: OpenDocument) -> None:
        """An open tab's document changed."""

    def update_state(self, document: OpenDocument | None) -> None:
        """Enable the part's actions for the current document."""

    def palette_changed(self) -> None:
        """The theme changed: redraw what paints its own colours."""

    def focus_stacks(self) -> list[tuple[QWidget, QUndoStack]]:
        """Widgets with an undo history of their own, which Edit › Undo follows into."""
        return []

    # -- layout -----------------------------------------------------------------------
    def side_docks(self) -> list[QDockWidget]:
        """Docks tabbed on the right in the default layout (first one raised)."""
        return []

    def bottom_docks(self) -> list[QDockWidget]:
        """Docks at the bottom in the default layout, closed."""
        return []


def document_name(document: OpenDocument, part: WindowPart | None = None) -> str:
    """What a tab and the window title call a document: its part's name for it (a
    character's name), else its file name or working title ("Untitled 2")."""
    name = part.display_name(document) if part is not None else ""
    return name or document.title()
