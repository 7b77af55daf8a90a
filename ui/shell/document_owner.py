"""One owner for one open document of any game system.

A :class:`DocumentOwner` holds the document (a pydantic model read and written through a
:class:`seforge.core.documents.DocumentKind`), its path, and a QUndoStack. Views never keep
their own copy: they read :attr:`DocumentOwner.document` and redraw on ``changed``. Every
change is :meth:`DocumentOwner.apply`, an undoable command that runs a core mutator on a
copy of the document, so a refused change (the mutator raises) leaves it untouched.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

import shiboken6
from pydantic import BaseModel
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from seforge.core.documents import DocumentKind
from ui.shell.disk import DiskStamp, changed_on_disk

ModelT = TypeVar("ModelT", bound=BaseModel)


def validated(document: ModelT) -> ModelT:
    """``document`` checked again by its own model, as a new object: a plain ``str`` a
    combo box handed over becomes the StrEnum member, a wrong type is refused
    (pydantic's ValidationError). Dumping by alias with ``round_trip`` gives the data the
    model reads back (without the serializer's warnings about the very values being
    corrected); for a book character it takes about 0.05 ms, less than the deep copy
    ``apply`` makes anyway."""
    model = type(document)
    return model.model_validate(document.model_dump(by_alias=True, round_trip=True,
                                                warnings=False))


class _SnapshotCommand(QUndoCommand, Generic[ModelT]):
    """Undo and redo swap whole snapshots of the document (documents are small)."""

    def __init__(self, owner: DocumentOwner[ModelT], text: str, before: ModelT,
                 after: ModelT) -> None:
        super().__init__(text)
        self._owner = owner
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._owner._replace(self._after.model_copy(deep=True))

    def undo(self) -> None:
        self._owner._replace(self._before.model_copy(deep=True))


class DocumentOwner(QObject, Generic[ModelT]):
    """The one owner of an open document: model, path, undo history, saving.

    ``changed`` is emitted after every apply, undo, redo and reload;
    ``modified_changed(bool)`` when the document becomes (un)saved.
    """

    changed = Signal()
    modified_changed = Signal(bool)
    path_changed = Signal()
    saved = Signal()

    def __init__(
        self,
        kind: DocumentKind[ModelT],
        document: ModelT | None = None,
        path: Path | None = None,
        title: str = "",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.kind = kind
        self.document: ModelT = document if document is not None else kind.model()
        self._path = path
        self._title = title
        self._placeholder = False
        self.autosave_id = uuid.uuid4().hex
        self.revision = 0
        self.saved_revision = 0
        self.disk_stamp: DiskStamp | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    def __del__(self) -> None:
        """Let the history go before the owner does. An owner and its undo steps refer
        to each other, so once nothing else holds them they go together as a reference
        cycle, and Python's collector may free a step's Python half before the history
        (deleted with its owner) deletes the step again: a crash inside
        ``QUndoStack.clear``. Cleared here, each step is deleted once, by its history.
        Python runs this before it breaks the cycle; the history's signals are blocked,
        as no view may redraw from a document that is going away."""
        stack = self.__dict__.get("undo_stack")
        if stack is None or not shiboken6.isValid(stack):
            return  # deleted already, with a closed tab, say
        stack.blockSignals(True)
        stack.clear()

    # -- opening --------------------------------------------------------------
    @classmethod
    def load(
        cls, kind: DocumentKind[ModelT], path: Path, parent: QObject | None = None
    ) -> DocumentOwner[ModelT]:
        """Open a file of ``kind``; raises the core's DocumentFileError."""
        owner = cls(kind, kind.load(path), path=Path(path), parent=parent)
        owner.remember_disk()
        return owner

    def remember_disk(self) -> None:
        self.disk_stamp = DiskStamp.of(self._path) if self._path is not None else None
        self.saved_revision = self.revision

    def disk_changed(self) -> bool:
        return changed_on_disk(self.disk_stamp, self._path)

    @property
    def path(self) -> Path | None:
        return self._path

    def set_path(self, path: Path | None) -> None:
        self._path = path
        self.path_changed.emit()

    def set_title(self, title: str, placeholder: bool = False) -> None:
        """The working title shown while the document has no file ("Sarah (copy)");
        a ``placeholder`` ("Untitled 2") gives way to the name written in the document."""
        self._title = title
        self._placeholder = placeholder
        self.path_changed.emit()

    def title(self) -> str:
        """The file name when saved, else the given title, else the document's own name
        (before a placeholder title), else "Untitled"."""
        if self._path is not None:
            return self._path.name
        if not self.title_follows_name():
            return self._title
        return self.document_name().strip() or self._title or "Untitled"

    def title_follows_name(self) -> bool:
        """Whether :meth:`title` is the document's own name while it has one (no file,
        and no title but a placeholder): kept with an autosave, so a restored document
        still follows its name."""
        return self._path is None and (self._placeholder or not self._title)

    def document_name(self) -> str:
        """The name written in the document (a character's, a conflict's), or ""."""
        name = getattr(self.document, "name", "")  # models without a name field
        return name if isinstance(name, str) else ""

    def kind_title(self) -> str:
        """What the document's kind is called ("Blades crew", "2d20 conflict")."""
        return self.kind.title

    # -- state ----------------------------------------------------------------
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def mark_modified(self) -> None:
        """Unsaved although nothing was edited (a copy, a restored autosave)."""
        self.undo_stack.resetClean()
        self.modified_changed.emit(True)

    def acknowledge_disk(self) -> None:
        """Accept the file as it is now as the one to overwrite ("keep mine"); no state
        in the history matches it, so none counts as saved any more. The history tells
        ``cleanChanged`` only when it was clean; a saved point among its other steps
        goes silently, so it is told here too: a view that reads the saved point (a
        write that stands in the file, :mod:`ui.shell.written_step`) looks again."""
        self.disk_stamp = DiskStamp.of(self._path) if self._path is not None else None
        was_clean, had_saved_point = self.undo_stack.isClean(), self.undo_stack.cleanIndex()
        self.undo_stack.resetClean()
        if not was_clean and had_saved_point >= 0:
            self.undo_stack.cleanChanged.emit(False)

    def disk_missing(self) -> bool:
        return self._path is not None and not self._path.exists()

    def _on_clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    def _replace(self, document: ModelT) -> None:
        self.document = document
        self.revision += 1
        self.changed.emit()

    # -- edits ----------------------------------------------------------------
    def apply(self, text: str, mutate: Callable[[ModelT], ModelT | None]) -> None:
        """Run the core mutator ``mutate`` on a copy of the document as one undo step
        named ``text``. ``mutate`` changes the copy in place (returning None) or returns
        the new document, which is validated again (:func:`validated`: what a widget
        handed over reaches the model as the model's own type); whatever it raises (a
        refusal with its reason, a pydantic ValidationError) propagates and nothing
        changes."""
        before = self.document.model_copy(deep=True)
        work = self.document.model_copy(deep=True)
        result = mutate(work)
        after = validated(work if result is None else result)
        if after == before:
            return
        self.undo_stack.push(_SnapshotCommand(self, text, before, after))

    def start_over(self, document: ModelT, path: Path | None = None) -> None:
        """Hold ``document`` (read from ``path``, or new when None) in place of the
        current one, with a fresh history and nothing unsaved: a view that keeps this
        owner (a GM Screen tracker) shows another file without being rebuilt."""
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self._path = Path(path) if path is not None else None
        self._replace(document)
        self.remember_disk()
        self.path_changed.emit()
        self.modified_changed.emit(False)

    def reload(self) -> None:
        """Read the file again and start a fresh history (DocumentFileError if it fails)."""
        if self._path is None:
            raise ValueError("the document has no file to reload")
        fresh = self.kind.load(self._path)
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self._replace(fresh)
        self.remember_disk()
        self.modified_changed.emit(False)

    # -- saving ---------------------------------------------------------------
    @property
    def autosave_suffix(self) -> str:
        """The suffix of this document's autosave copy (its kind's)."""
        return self.kind.suffix

    def write_copy(self, path: Path) -> None:
        """Write the document as it is now to ``path`` (an autosave), leaving its own
        path and saved state alone (OSError)."""
        self.kind.save(self.document, path, overwrite_read_only=True)

    def save(self, path: Path | None = None, overwrite_read_only: bool = False) -> Path:
        """Write the document atomically to ``path`` or the current path (OSError)."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("the document has no path yet; choose one with Save As")
        self.kind.save(self.document, target, overwrite_read_only=overwrite_read_only)
        self.undo_stack.setClean()
        if target != self._path:
            self.set_path(target)
        self.remember_disk()
        self.saved.emit()
        return target
