"""One open character: the model, where it lives on disk and its undo history.

The document is the character's one *owner* (see
:mod:`ui.systems.swords_edge.document_registry`): the builder,
the Play dock, the scene tracker and the party view all change it through undo
commands pushed here, and redraw from ``changed(Changes)``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from seforge.systems.swords_edge.fileformat import CHARACTER_KIND, CHARACTER_SUFFIX, load_character
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import full_dump, restore
from ui.shell.document_owner import DocumentOwner
from ui.systems.swords_edge.document_registry import Changes


class CharacterDocument(DocumentOwner[Character]):
    """The shell's :class:`DocumentOwner` of one Sword's Edge character: its path
    (None until saved), disk stamp, title and the undo stack the owner creates.

    Every edit is :meth:`apply` (a core mutator on a copy, one undo step) or a
    command of the character's own pushed with :meth:`push`; ``changed`` is emitted
    after each edit, undo, redo and reload with the :class:`Changes` it made. The
    Character stays the same object for the document's whole life (a change is
    copied into it), so a view reading :attr:`character` always reads the owner's.
    """

    changed = Signal(object)
    reloaded = Signal(object)
    """After :meth:`reload` (Revert, Reload): the document, its history started afresh."""

    def __init__(
        self,
        character: Character | None = None,
        path: Path | None = None,
        title: str = "",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(CHARACTER_KIND, character if character is not None else Character(),
                         path=path, title=title, parent=parent)

    @classmethod
    def load(cls, path: Path, parent: QObject | None = None  # type: ignore[override]
             ) -> CharacterDocument:
        """Open a character file; raises the core's CharacterFileError."""
        document = cls(load_character(path), path=Path(path), parent=parent)
        document.remember_disk()
        return document

    @property
    def character(self) -> Character:
        """The character (the owner's document, always the same object)."""
        return self.document

    # -- edits ----------------------------------------------------------------
    def _replace(self, document: Character) -> None:
        """Undo, redo and :meth:`apply` copy the new state into the one Character."""
        restore(self.document, full_dump(document))
        self.notify_changed(Changes.ALL)

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


def with_suffix(path: Path) -> Path:
    """``path`` with ``.sechar`` appended unless it already ends that way."""
    if path.suffix.lower() == CHARACTER_SUFFIX:
        return path
    return path.with_name(path.name + CHARACTER_SUFFIX)
