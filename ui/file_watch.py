"""Files changed by another program: every open character's file is watched.

A :class:`FileWatcher` follows the registry: it watches each owner's file and the
folder holding it (an atomic replace, as SEForge and most editors save, swaps the
file for a new one, which ends the watch on the old one; the folder's change
puts the watch back). When the content differs from what the owner last read or
wrote (its :class:`~ui.owners.DiskStamp`), ``disk_changed(document)`` is emitted;
our own saves update the stamp first, so they never count.

:func:`ask_choice` is the one question this module and the main window ask about
files (Reload / Keep Mine / Save As…, Replace / Save As… / Cancel).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QFileSystemWatcher, QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from ui.owners import DocumentRegistry, same_file

if TYPE_CHECKING:
    from ui.document import CharacterDocument


def ask_choice(parent: QWidget, title: str, text: str, choices: Sequence[str],
               default: int = 0) -> str | None:
    """Ask with one button per choice (the last one is Cancel/Escape); returns the
    chosen text, None when the box was closed."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(text)
    buttons = []
    for index, choice in enumerate(choices):
        role = (QMessageBox.ButtonRole.RejectRole if index == len(choices) - 1
                else QMessageBox.ButtonRole.AcceptRole)
        buttons.append(box.addButton(choice, role))
    box.setDefaultButton(buttons[default])
    box.setEscapeButton(buttons[-1])
    box.exec()
    clicked = box.clickedButton()
    for choice, button in zip(choices, buttons, strict=True):
        if clicked is button:
            return choice
    return None


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

    def __init__(self, registry: DocumentRegistry, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.others: list[Watchable] = []
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._on_path_changed)
        self.watcher.directoryChanged.connect(self._on_path_changed)
        registry.added.connect(self._on_added)
        registry.removed.connect(lambda _d: self.sync())
        for document in registry.documents():
            self._on_added(document)

    def _on_added(self, document: CharacterDocument) -> None:
        document.path_changed.connect(self.sync)
        document.saved.connect(self.sync)
        self.sync()

    def add(self, other: Watchable) -> None:
        """Watch ``other`` too; call :meth:`sync` when its file changes name."""
        self.others.append(other)
        self.sync()

    def _paths(self) -> list[Path]:
        paths = [d.path for d in self.registry.documents()]
        paths += [o.watched_path() for o in self.others]
        return [Path(p).absolute() for p in paths if p is not None]

    def watched(self) -> list[str]:
        return self.watcher.files() + self.watcher.directories()

    def sync(self) -> None:
        """Watch exactly the open documents' files and their folders (a file that is
        missing for a moment, during a replace, is picked up again from its folder)."""
        wanted: set[str] = set()
        for path in self._paths():
            wanted.add(str(path.parent))
            if path.exists():
                wanted.add(str(path))
        current = set(self.watched())
        gone = sorted(current - wanted)
        new = sorted(p for p in wanted - current if Path(p).exists())
        if gone:
            self.watcher.removePaths(gone)
        if new:
            self.watcher.addPaths(new)

    def _on_path_changed(self, changed: str) -> None:
        self.sync()
        self.check(Path(changed))

    def check(self, changed: Path | None = None) -> list[CharacterDocument]:
        """Emit ``disk_changed`` for each document (in ``changed``, a file or a folder,
        or anywhere) whose file no longer holds what it last read or wrote."""
        found = []
        for document in self.registry.documents():
            path = document.path
            if path is None:
                continue
            if changed is not None and not (same_file(path, changed)
                                            or same_file(Path(path).parent, changed)):
                continue
            if document.disk_changed():
                found.append(document)
                self.disk_changed.emit(document)
        for other in list(self.others):
            path = other.watched_path()
            if path is None or (changed is not None and not (
                    same_file(path, changed) or same_file(Path(path).parent, changed))):
                continue
            if other.disk_changed():
                other.on_disk_changed()
        return found
