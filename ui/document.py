"""One open character: the model, where it lives on disk and its undo history."""

from __future__ import annotations

import uuid
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from seforge.fileformat import CHARACTER_SUFFIX, load_character, save_character
from seforge.models import Character


class CharacterDocument(QObject):
    """Holds a Character, its path (None until saved) and a QUndoStack.

    Every edit goes through :meth:`push` as an undo command; ``changed`` is emitted
    after each edit, undo and redo. The clean state of the stack says whether the
    document has unsaved changes (``modified_changed``).
    """

    changed = Signal()
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
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    # -- identity -------------------------------------------------------------
    @classmethod
    def load(cls, path: Path, parent: QObject | None = None) -> CharacterDocument:
        """Open a character file; raises the core's CharacterFileError."""
        return cls(load_character(path), path=Path(path), parent=parent)

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

    def mark_modified(self) -> None:
        """Unsaved although nothing was edited (a book copy, a restored autosave)."""
        self.undo_stack.resetClean()
        self.modified_changed.emit(True)

    def _on_clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    # -- edits ----------------------------------------------------------------
    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def notify_changed(self) -> None:
        """Called by commands after they changed the character."""
        self.revision += 1
        self.changed.emit()

    # -- saving ---------------------------------------------------------------
    def save(self, path: Path | None = None) -> Path:
        """Write the character (atomically) to ``path`` or the current path."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("the document has no path yet; choose one with Save As")
        save_character(self.character, target)
        self.undo_stack.setClean()
        if target != self._path:
            self.set_path(target)
        self.saved.emit()
        return target


def with_suffix(path: Path) -> Path:
    """``path`` with ``.sechar`` appended unless it already ends that way."""
    if path.suffix.lower() == CHARACTER_SUFFIX:
        return path
    return path.with_name(path.name + CHARACTER_SUFFIX)
