"""One open character: the model, where it lives on disk and its undo history.

The document is the character's one *owner* (see :mod:`ui.systems.swords_edge.owners`): the builder,
the Play dock, the scene tracker and the party view all change it through undo
commands pushed here, and redraw from ``changed(Changes)``.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from seforge.systems.swords_edge.fileformat import CHARACTER_SUFFIX, load_character, save_character
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import full_dump, restore
from ui.systems.swords_edge.owners import Changes, DiskStamp, changed_on_disk


class CharacterDocument(QObject):
    """Holds a Character, its path (None until saved) and a QUndoStack.

    Every edit goes through :meth:`push` as an undo command; ``changed`` is emitted
    after each edit, undo, redo and reload with the :class:`Changes` it made. The
    clean state of the stack says whether the document has unsaved changes
    (``modified_changed``). ``disk_stamp`` is the file as it was last read or
    written, so a change made by another program can be noticed.
    """

    changed = Signal(object)
    reloaded = Signal(object)
    """After :meth:`reload` (Revert, Reload): the document, its history started afresh."""
    modified_changed = Signal(bool)
    path_changed = Signal()
    saved = Signal()

    def __init__(
        self,
        character: Character | None = None,
        path: Path | None = None,
        title: str = "",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.character = character if character is not None else Character()
        self._path = path
        self._title = title
        self.autosave_id = uuid.uuid4().hex
        self.revision = 0
        """Counts every change (edits, undos, redos), e.g. for autosave."""
        self.saved_revision = 0
        """The revision last written to (or read from) the file."""
        self.disk_stamp: DiskStamp | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    # -- identity -------------------------------------------------------------
    @classmethod
    def load(cls, path: Path, parent: QObject | None = None) -> CharacterDocument:
        """Open a character file; raises the core's CharacterFileError."""
        document = cls(load_character(path), path=Path(path), parent=parent)
        document.remember_disk()
        return document

    def remember_disk(self) -> None:
        """Note the file as it is now (after reading or writing it)."""
        self.disk_stamp = DiskStamp.of(self._path) if self._path is not None else None
        self.saved_revision = self.revision

    def acknowledge_disk(self) -> None:
        """Accept the file as it is now as the one to overwrite ("keep mine"). No
        state in the history matches that file, so none counts as saved any more."""
        self.disk_stamp = DiskStamp.of(self._path) if self._path is not None else None
        self.undo_stack.resetClean()

    def disk_changed(self) -> bool:
        """Whether the file differs from what was last read or written here
        (False for an unsaved document or a file that is gone)."""
        return changed_on_disk(self.disk_stamp, self._path)

    def disk_missing(self) -> bool:
        return self._path is not None and not self._path.exists()

    @property
    def path(self) -> Path | None:
        return self._path

    def set_path(self, path: Path | None) -> None:
        self._path = path
        self.path_changed.emit()

    def title(self) -> str:
        """The file name when saved, else the given title, else the character's name."""
        if self._path is not None:
            return self._path.name
        return self._title or self.character.name.strip() or "Untitled"

    def set_title(self, title: str) -> None:
        self._title = title
        self.path_changed.emit()

    # -- state ----------------------------------------------------------------
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def autosave_suffix(self) -> str:
        return CHARACTER_SUFFIX

    def write_copy(self, path: Path) -> None:
        """Write the character as it is now to ``path`` (an autosave), changing nothing."""
        save_character(self.character, path)

    def mark_modified(self) -> None:
        """Unsaved although nothing was edited (a book copy, a restored autosave)."""
        self.undo_stack.resetClean()
        self.modified_changed.emit(True)

    def _on_clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    # -- edits ----------------------------------------------------------------
    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def notify_changed(self, changes: Changes = Changes.ALL) -> None:
        """Called by commands after they changed the character."""
        self.revision += 1
        self.changed.emit(changes)

    def reload(self) -> None:
        """Read the file again, in place (every view keeps the same Character), and
        start a fresh history; raises the core's CharacterFileError."""
        if self._path is None:
            raise ValueError("the document has no file to reload")
        fresh = load_character(self._path)
        restore(self.character, full_dump(fresh))
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.notify_changed(Changes.ALL)
        self.remember_disk()
        self.modified_changed.emit(False)
        self.reloaded.emit(self)

    # -- saving ---------------------------------------------------------------
    def save(self, path: Path | None = None, overwrite_read_only: bool = False) -> Path:
        """Write the character (atomically) to ``path`` or the current path."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("the document has no path yet; choose one with Save As")
        save_character(self.character, target, overwrite_read_only=overwrite_read_only)
        self.undo_stack.setClean()
        if target != self._path:
            self.set_path(target)
        self.remember_disk()
        self.saved.emit()
        return target


def with_suffix(path: Path) -> Path:
    """``path`` with ``.sechar`` appended unless it already ends that way."""
    if path.suffix.lower() == CHARACTER_SUFFIX:
        return path
    return path.with_name(path.name + CHARACTER_SUFFIX)
