"""The one owner of the open campaign: its model, file, disk stamp and undo history.

The party view changes the campaign only through :meth:`CampaignOwner.apply` (or, after
a change made in place, :meth:`CampaignOwner.record`): each is one undo step, typing in
one field merging into one. Views redraw on ``changed``; its argument says whether the
campaign was replaced (undo, redo, another file), so everything must be drawn again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from seforge.systems.swords_edge.campaign import Campaign
from ui.systems.swords_edge.gm_table.snapshot_step import SnapshotStep
from ui.systems.swords_edge.owners import DiskStamp, changed_on_disk

CAMPAIGN_MERGE_ID = 0x5E4D
"""Typing in one field of the campaign merges into one undo step."""


class CampaignOwner(QObject):
    """Holds the open campaign, the file it lives in and every change to it."""

    changed = Signal(bool)
    """After every change; True when the campaign was replaced (redraw everything)."""
    path_changed = Signal()
    """The campaign now lives in another file (opened, saved as...)."""

    def __init__(self, campaign: Campaign | None = None, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign = campaign or Campaign(name="New campaign")
        self.path = Path(path) if path is not None else None
        self.undo_stack = QUndoStack(self)
        """Every change to the campaign, undoable; clean when saved."""
        self._last = self.campaign.model_dump(mode="json")
        """The campaign after the last recorded change (the next step's "before")."""
        self.disk_stamp = DiskStamp.of(self.path) if self.path is not None else None
        """The campaign file as last read or written here."""

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def apply(self, text: str, mutate: Callable[[Campaign], object],
              field: str | None = None) -> None:
        """Change the campaign with ``mutate`` as one undo step named ``text``."""
        mutate(self.campaign)
        self.record(text, field)

    def record(self, text: str = "Change campaign", field: str | None = None) -> None:
        """Record the change just made to :attr:`campaign` as one undo step (changes
        to one ``field`` in a row merge into one)."""
        after = self.campaign.model_dump(mode="json")
        if after != self._last:
            self.undo_stack.push(SnapshotStep(self, self._last, after, text, field,
                                              CAMPAIGN_MERGE_ID, done=True))
        self._last = after
        self.changed.emit(False)

    def _restore(self, data: dict[str, Any]) -> None:
        """Undo/redo: the campaign as it was."""
        self.campaign = Campaign.model_validate(data)
        self._last = self.campaign.model_dump(mode="json")
        self.changed.emit(True)

    def replace(self, campaign: Campaign, path: Path | None) -> None:
        """Another campaign (new, opened, reloaded): a fresh history."""
        self.campaign = campaign
        self.path = Path(path) if path is not None else None
        self._last = campaign.model_dump(mode="json")
        self.undo_stack.clear()
        self.disk_stamp = DiskStamp.of(self.path) if self.path is not None else None
        self.changed.emit(True)
        self.path_changed.emit()

    def saved_to(self, path: Path) -> None:
        """The campaign was just written to ``path``: clean, stamped, living there."""
        self.path = Path(path)
        self._last = self.campaign.model_dump(mode="json")
        self.undo_stack.setClean()
        self.disk_stamp = DiskStamp.of(self.path)
        self.path_changed.emit()  # a new file, or the same one written anew: watch it

    def disk_changed(self) -> bool:
        """Whether another program changed the campaign file since it was read here."""
        return changed_on_disk(self.disk_stamp, self.path)

    def keep_mine(self) -> None:
        """The GM keeps the changes made here over the file's: they are unsaved."""
        self.undo_stack.resetClean()
