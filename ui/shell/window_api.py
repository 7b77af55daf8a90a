"""What the window's parts need of the window, as narrow interfaces.

The document controller, the campaign tab, the GM Screen's tracker bar, the drop filter
and the actions work with the main window, but none of them imports it: each names here
only what it uses, and :class:`ui.shell.window.MainWindow` satisfies these protocols (mypy
checks it where the window hands itself over). So ``window.py`` imports its parts and no
part imports the window.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtGui import QUndoGroup
    from PySide6.QtWidgets import QStatusBar, QTabWidget, QWidget

    from ui.shell.autosave import Autosaver
    from ui.shell.gm_screen import GMScreenDock
    from ui.shell.system_uis import OpenDocument
    from ui.shell.window_part import WindowPart


class DocumentFiles(Protocol):
    """What a view that opens or saves a file needs of the window's documents."""

    def holder_of(self, path: Path, besides: object = None) -> Any:
        """The open document (other than ``besides``) whose file is ``path``, if any."""
        ...

    def all_documents(self) -> list[Any]: ...

    def sync_watch(self) -> None: ...

    def save(self, document: Any = None) -> bool: ...

    def save_as(self, document: Any = None) -> bool: ...

    def file_filter(self) -> str: ...

    def suffixes(self) -> list[str]: ...

    def open_file(self, path: Path) -> bool: ...


class FileHost(Protocol):
    """What a view with a File menu of its own (a campaign tab, a GM Screen tracker, a
    drop target) needs of the window."""

    @property
    def controller(self) -> DocumentFiles: ...

    def window(self) -> QWidget:
        """The top-level widget: the parent of the view's dialogs (QWidget.window)."""
        ...

    def dialog_folder(self) -> str: ...

    def open_file(self, path: Path) -> bool: ...

    def open_paths(self, paths: list[Path]) -> int: ...

    def remember(self, path: Path) -> None: ...

    def autosaver_started(self) -> bool: ...

    @property
    def autosaver(self) -> Autosaver: ...


class DocumentHost(FileHost, Protocol):
    """What the document controller needs of the window: its tabs, the systems' parts,
    the undo group, the GM Screen dock and the window's notices."""

    tabs: QTabWidget
    parts: dict[str, WindowPart]
    undo_group: QUndoGroup
    gm_screen_dock: GMScreenDock

    @property
    def documents_changed(self) -> SignalInstance: ...

    def statusBar(self) -> QStatusBar: ...

    def ensure_ready(self) -> None: ...

    def apply_zoom_to(self, widget: QWidget) -> None: ...

    def watch_drops(self, root: QWidget) -> None: ...

    def update_state(self) -> None: ...

    def update_title(self) -> None: ...

    def forget_missing(self, path: Path) -> None: ...

    def report_problems(self, messages: list[str]) -> None: ...

    def gm_documents(self) -> list[Any]: ...

    def current_document(self) -> OpenDocument | None: ...
