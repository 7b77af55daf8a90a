"""The one owner of the opponent being edited: the NC, the file it is saved to, the disk
stamp, what it was as editing began, and its undo history.

The NC editor changes the opponent only through :meth:`OpponentOwner.apply` (a core-model
change on a copy, one undo step; typing in one field merges into one) and redraws on
``changed``; the opponent library asks the owner whether there is unsaved work, saves
through it and watches its file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from seforge.core.documents import DocumentFileError
from seforge.systems.swords_edge.fileformat import NC_KIND, load_nc
from seforge.systems.swords_edge.models import NarrativeCharacter
from seforge.systems.swords_edge.nc_builder import new_nc
from ui.systems.swords_edge.document_registry import DiskStamp, changed_on_disk
from ui.systems.swords_edge.gm_table.snapshot_step import SnapshotStep
from ui.systems.swords_edge.gm_table.table_owner import TableOwner

OPPONENT_MERGE_ID = 0x5E4C
"""Typing in one field of the opponent merges into one undo step."""


class OpponentOwner(TableOwner[NarrativeCharacter]):
    """Holds the opponent being edited and everything about its file: the shell's
    :class:`DocumentOwner` of an NC (its undo stack, path and title), with what the
    opponent library needs on top (what editing began with, a copy's origin)."""

    # ``changed``: after every edit, undo, redo and replacement; ``path_changed``: the
    # opponent is now saved to another file (or to none yet).

    def __init__(self, nc: NarrativeCharacter | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(NC_KIND, nc.model_copy(deep=True) if nc is not None
                         else new_nc("minion", "Average"), parent=parent)
        self.saved_data: dict[str, Any] | None = None
        """The NC as editing began or was last saved (None: nothing to lose)."""
        self.copy_of = ""
        """What the opponent is a copy of ("" when it is not a copy)."""

    @property
    def nc(self) -> NarrativeCharacter:
        """The opponent being edited (the owner's document). Read it; change it only
        through :meth:`apply`."""
        return self.document

    @nc.setter
    def nc(self, nc: NarrativeCharacter) -> None:
        self.document = nc

    # -- edits ----------------------------------------------------------------------
    def apply(self, text: str, change: Callable[[NarrativeCharacter], object],
              field: str | None = None) -> None:
        """Run ``change`` on a copy of the NC as one undo step named ``text``."""
        before = self.nc.model_dump(mode="json")
        work = self.nc.model_copy(deep=True)
        change(work)
        # validate_assignment does not see in-place list/dict changes: revalidate.
        after = NarrativeCharacter.model_validate(work.model_dump()).model_dump(mode="json")
        if after == before:
            return
        self.undo_stack.push(SnapshotStep(self, before, after, text, field, OPPONENT_MERGE_ID))

    def _restore(self, data: dict[str, Any]) -> None:
        self.nc = NarrativeCharacter.model_validate(data)
        self.revision += 1
        self.changed.emit()

    def set_nc(self, nc: NarrativeCharacter) -> None:
        """Edit ``nc`` (a copy of it) from a clean history."""
        self.nc = nc.model_copy(deep=True)
        self.undo_stack.clear()
        self.revision += 1
        self.changed.emit()

    def start(self, nc: NarrativeCharacter, path: Path | None, copy_of: str = "") -> None:
        """Edit ``nc``, saved to ``path`` (None: not yet): nothing is unsaved."""
        self.copy_of = copy_of
        self.saved_data = nc.model_dump(mode="json")
        self.path = path
        self.disk_stamp = DiskStamp.of(path) if path is not None else None
        self.path_changed.emit()
        self.set_nc(nc)

    # -- state ----------------------------------------------------------------------
    def unsaved(self) -> bool:
        """Whether the NC differs from what editing began with (or last saved)."""
        return (self.saved_data is not None
                and self.nc.model_dump(mode="json") != self.saved_data)

    def is_modified(self) -> bool:
        return self.unsaved()

    def saved_to(self, path: Path, nc: NarrativeCharacter) -> None:
        """``nc`` was just written to ``path``: clean, stamped, living there."""
        self.path = path
        self.saved_data = nc.model_dump(mode="json")
        self.disk_stamp = DiskStamp.of(path)
        self.path_changed.emit()
        self.copy_of = ""
        self.undo_stack.setClean()
        self.saved.emit()

    def keep_mine(self) -> None:
        """The GM keeps the changes made here over the file's: "unsaved" now means
        differing from what the file holds now."""
        try:
            self.saved_data = load_nc(self.path).model_dump(mode="json") if self.path else {}
        except DocumentFileError:
            self.saved_data = {}

    def drop_changes(self) -> None:
        """The GM chose to lose the changes made here (the file is read again)."""
        self.saved_data = None

    def forget_file(self) -> None:
        """The file was deleted here: the next Save writes a new one."""
        self.path = None
        self.path_changed.emit()

    def disk_changed(self) -> bool:
        """Whether another program changed the file being edited since it was read."""
        return changed_on_disk(self.disk_stamp, self.path)
