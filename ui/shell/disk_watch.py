"""The tabs' files changed or removed by another program.

:class:`DiskWatch` watches the files of the documents the controller names (and their
folders: a file missing for a moment, during a replace, is picked up again), reloads a
clean document whose file changed, asks about a modified one, and keeps a document whose
file went away open as unsaved.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer
from PySide6.QtWidgets import QMessageBox

from ui.shell import dialogs
from ui.shell.disk import same_file

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStatusBar, QWidget

MISSING_DELAY_MS = 500
"""How long a file may be gone (a save by delete and write) before it counts as lost."""


class WatchedDocuments(Protocol):
    """What the watch needs of the window's documents."""

    def watched_documents(self) -> list[Any]: ...

    def update_tab(self, document: Any) -> None: ...

    def save_as(self, document: Any = None) -> bool: ...


class Notices(Protocol):
    """Where the watch tells the user (the main window)."""

    def window(self) -> QWidget: ...

    def statusBar(self) -> QStatusBar: ...


def watch_exactly(watcher: QFileSystemWatcher, paths: Iterable[Path]) -> None:
    """Have ``watcher`` watch exactly the files ``paths`` and their folders (a file that is
    missing for a moment, during a replace, is picked up again from its folder)."""
    wanted: set[str] = set()
    for path in (Path(p).absolute() for p in paths):
        wanted.add(str(path.parent))
        if path.exists():
            wanted.add(str(path))
    current = set(watcher.files() + watcher.directories())
    gone = sorted(current - wanted)
    new = sorted(p for p in wanted - current if Path(p).exists())
    if gone:
        watcher.removePaths(gone)
    if new:
        watcher.addPaths(new)


def touches(changed: Path, path: Path) -> bool:
    """Whether a watch's report of ``changed`` (a file or a folder) concerns the file
    ``path``: it is that file or the folder holding it."""
    return same_file(path, changed) or same_file(Path(path).parent, changed)


class DiskWatch(QObject):
    """Follows the watched documents' files (see the module's docstring)."""

    def __init__(self, documents: WatchedDocuments, host: Notices,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.documents = documents
        self.host = host
        self._asking: list[object] = []
        """Documents a file question is open for (not asked twice at once)."""
        self._missing: list[object] = []
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._on_path_changed)
        self.watcher.directoryChanged.connect(self._on_path_changed)
        self._recheck = QTimer(self)
        self._recheck.setSingleShot(True)
        self._recheck.setInterval(MISSING_DELAY_MS)
        self._recheck.timeout.connect(self.check_missing)

    def sync_watch(self) -> None:
        """Watch exactly the watched documents' files and their folders (a file that is
        missing for a moment, during a replace, is picked up again from its folder)."""
        watch_exactly(self.watcher, [Path(document.path)
                                     for document in self.documents.watched_documents()
                                     if document.path is not None])

    def _on_path_changed(self, changed: str) -> None:
        self.sync_watch()
        for document in self.documents.watched_documents():
            path = document.path
            if path is None or not touches(Path(changed), path):
                continue
            if document.disk_changed() and (path.exists()):
                self.on_disk_changed(document)
        if any(d.path is not None and not Path(d.path).exists()
               for d in self.documents.watched_documents()):
            self._recheck.start()

    def check_missing(self) -> None:
        for document in self.documents.watched_documents():
            gone = document.path is not None and not Path(document.path).exists()
            known = any(d is document for d in self._missing)
            if gone and not known:
                self._missing.append(document)
                self.on_disk_missing(document)
            elif known and not gone:
                self._missing = [d for d in self._missing if d is not document]

    def on_disk_changed(self, document: Any) -> None:
        """A clean document reloads (with a status message); a modified one asks."""
        from seforge.core.documents import DocumentFileError

        if any(d is document for d in self._asking):
            return
        status = self.host.statusBar()
        title = document.title()
        if not document.is_modified():
            try:
                document.reload()
            except (DocumentFileError, OSError, ValueError) as exc:
                status.showMessage(f"{title} was changed on disk but cannot be read ({exc}); "
                                   "the open copy is kept.", 10000)
                return
            self.documents.update_tab(document)
            status.showMessage(
                f"{title} was changed by another program and has been reloaded.", 8000)
            return
        self._asking.append(document)
        try:
            choice = dialogs.ask_choice(
                self.host.window(), "File changed on disk",
                f"“{title}” was changed by another program, and you have changes here "
                "that are not saved. Reload the file (losing yours), save yours under "
                "another name, or keep yours?", ["Reload", "Save As…", "Keep Mine"],
                default=2)
            if choice == "Reload":
                try:
                    document.reload()
                except (DocumentFileError, OSError, ValueError) as exc:
                    QMessageBox.critical(self.host.window(), "Cannot reload", str(exc))
                    document.acknowledge_disk()
                self.documents.update_tab(document)
            elif choice == "Save As…":
                if not self.documents.save_as(document):
                    document.acknowledge_disk()
            else:
                document.acknowledge_disk()
        finally:
            self._asking = [d for d in self._asking if d is not document]

    def on_disk_missing(self, document: Any) -> None:
        """The file went away: the document keeps everything, counts as unsaved (so it
        is autosaved and Quit asks) and Save writes the file again."""
        document.mark_modified()
        self.documents.update_tab(document)
        self.host.statusBar().showMessage(
            f"{document.title()} was moved or deleted by another program; it is still "
            "open here, and Save writes it again.", 10000)

    # -- autosave recovery --------------------------------------------------------------
