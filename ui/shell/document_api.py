"""What the window needs of an open document, of its editor and of a GM page with
trackers, whatever the game system (the interfaces :mod:`ui.shell.system_uis` and the
window's parts share; this module imports none of them)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from ui.shell.disk import DiskStamp
    from ui.shell.document_owner import DocumentOwner


@dataclass(frozen=True)
class NewDocumentChoice:
    """One entry of File › New and of the start page (e.g. "Blades in the Dark scoundrel")."""

    label: str
    format_id: str
    tooltip: str = ""


@runtime_checkable
class OpenDocument(Protocol):
    """What the window needs of an open document, whatever its system: a
    :class:`DocumentOwner` is one, and so is a system's own owner with the same members.

    Signals (not expressible in a Protocol): ``changed``, ``modified_changed(bool)``,
    ``path_changed()`` and ``saved()``.
    """

    autosave_id: str
    revision: int
    undo_stack: QUndoStack

    @property
    def path(self) -> Path | None: ...

    def set_path(self, path: Path | None) -> None: ...

    def title(self) -> str: ...

    def set_title(self, title: str, placeholder: bool = False) -> None: ...

    def title_follows_name(self) -> bool: ...

    def is_modified(self) -> bool: ...

    def mark_modified(self) -> None: ...

    def save(self, path: Path | None = None, overwrite_read_only: bool = False) -> Path: ...

    def reload(self) -> None: ...

    def disk_changed(self) -> bool: ...

    def acknowledge_disk(self) -> None: ...

    @property
    def autosave_suffix(self) -> str: ...

    def write_copy(self, path: Path) -> None:
        """Write the document as it is now to ``path`` (autosave), changing nothing."""
        ...

    disk_stamp: DiskStamp | None
    """The file as it was when last read or written (None: no file)."""

    def kind_title(self) -> str:
        """What the document's kind is called ("Blades crew", "2d20 conflict")."""
        ...

    def document_name(self) -> str:
        """The name written in the document (a conflict's, a character's), or ""."""
        ...


@runtime_checkable
class DocumentEditor(Protocol):
    """A system's editor for one document: a widget that works through its owner.

    ``owner`` is usually a :class:`DocumentOwner`; the window needs only what
    :class:`OpenDocument` lists.
    """

    owner: DocumentOwner[Any]

    def widget(self) -> QWidget:
        """The widget the window shows in the document's tab."""
        ...


@runtime_checkable
class TrackerPage(Protocol):
    """A GM Screen page that holds trackers in owners of its own (a conflict tracker, a
    virtual deck): the window asks about them on quit, autosaves them and gives the page a
    File menu (New, Open…, Save, Save As…). See :mod:`ui.shell.gm_documents`."""

    def documents(self) -> list[DocumentOwner[Any]]:
        """The owners of the trackers the page shows (the first one gets the File menu)."""
        ...

    def new_tracker(self, owner: DocumentOwner[Any]) -> Any:
        """The fresh document File › New starts in ``owner`` (a model of its kind)."""
        ...
