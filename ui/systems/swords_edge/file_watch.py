"""Files changed by another program: every open character's file is watched.

A :class:`FileWatcher` follows the registry: it watches each owner's file and the
folder holding it (an atomic replace, as SEForge and most editors save, swaps the
file for a new one, which ends the watch on the old one; the folder's change
puts the watch back). When the content differs from what the owner last read or
wrote (its :class:`~ui.systems.swords_edge.document_registry.DiskStamp`),
``disk_changed(document)`` is
emitted;
our own saves update the stamp first, so they never count.

:func:`ask_choice` (from :mod:`ui.shell.dialogs`) is the one question asked about files
(Reload / Keep Mine / Save As…, Replace / Save As… / Cancel).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from ui.shell.dialogs import ask_choice as ask_choice  # re-exported for the GM's Table
from ui.shell.disk_watch import touches, watch_exactly
from ui.systems.swords_edge.document_registry import DocumentRegistry

if TYPE_CHECKING:
    from ui.systems.swords_edge.document import CharacterDocument

MISSING_DELAY_MS = 500
"""How long a file may be gone (an editor saving by delete and write) before the
document is said to have lost its file."""


class Watchable(Protocol):
    """Another kind of open document (the campaign, the opponent being edited) that
    is watched the same way and handles a change of its file itself."""

    def watched_path(self) -> Path | None: ...

    def disk_changed(self) -> bool: ...

    def on_disk_changed(self) -> None: ...


class FileWatcher(QObject):
    """Watches the files of every document in ``registry`` (and of each
    :class:`Watchable` given to :meth:`add`)."""

    disk_changed = Signal(object)
    disk_missing = Signal(object)
    """A document's file is gone (moved or deleted by another program)."""

    def __init__(self, registry: DocumentRegistry, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.others: list[Watchable] = []
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._on_path_changed)
        self.watcher.directoryChanged.connect(self._on_path_changed)
        self._missing: list[CharacterDocument] = []
        """Documents already reported as missing (reported once per disappearance)."""
        self._recheck = QTimer(self)
        self._recheck.setSingleShot(True)
        self._recheck.setInterval(MISSING_DELAY_MS)
        self._recheck.timeout.connect(self.check_missing)
        registry.added.connect(self._on_added)
        registry.removed.connect(lambda _d: self.sync())
        for document in registry.documents():
            self._on_added(document)

    def _on_added(self, document: CharacterDocument) -> None:
        document.path_changed.connect(self.sync)
        document.saved.connect(self.sync)
        document.saved.connect(lambda d=document: self._found_again(d))
        self.sync()

    def add(self, other: Watchable) -> None:
        """Watch ``other`` too; call :meth:`sync` when its file changes name."""
        self.others.append(other)
        self.sync()

    def _paths(self) -> list[Path]:
        paths = [d.path for d in self.registry.documents()]
        paths += [o.watched_path() for o in self.others]
        return [Path(p).absolute() for p in paths if p is not None]

    def _found_again(self, document: CharacterDocument) -> None:
        self._missing = [d for d in self._missing if d is not document]

    def watched(self) -> list[str]:
        return self.watcher.files() + self.watcher.directories()

    def sync(self) -> None:
        """Watch exactly the open documents' files and their folders (a file that is
        missing for a moment, during a replace, is picked up again from its folder)."""
        watch_exactly(self.watcher, self._paths())

    def _on_path_changed(self, changed: str) -> None:
        self.sync()
        self.check(Path(changed))
        self._missing = [d for d in self._missing if d.disk_missing()]
        if any(d.disk_missing() for d in self.registry.documents()):
            self._recheck.start()  # a save by delete-and-write is back by then

    def check_missing(self) -> list[CharacterDocument]:
        """Emit ``disk_missing`` once for each document whose file is gone."""
        found = []
        for document in self.registry.documents():
            known = any(d is document for d in self._missing)
            if document.disk_missing() and not known:
                self._missing.append(document)
                found.append(document)
                self.disk_missing.emit(document)
            elif known and not document.disk_missing():
                self._missing = [d for d in self._missing if d is not document]
        return found

    def check(self, changed: Path | None = None) -> list[CharacterDocument]:
        """Emit ``disk_changed`` for each document (in ``changed``, a file or a folder,
        or anywhere) whose file no longer holds what it last read or wrote."""
        found = []
        for document in self.registry.documents():
            path = document.path
            if path is None:
                continue
            if changed is not None and not touches(changed, path):
                continue
            if document.disk_changed():
                found.append(document)
                self.disk_changed.emit(document)
        for other in list(self.others):
            path = other.watched_path()
            if path is None or (changed is not None and not touches(changed, path)):
                continue
            if other.disk_changed():
                other.on_disk_changed()
        return found
