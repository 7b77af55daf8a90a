"""The one owner of the open campaign: its model, file, disk stamp and undo history.

The party view changes the campaign only through :meth:`SwordsEdgeCampaignOwner.apply`
with a core mutator: one undo step, typing in one field merging into one. Views redraw
on ``changed``; its argument says whether the campaign was replaced (undo, redo,
another file), so everything must be drawn again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from seforge.systems.swords_edge.campaign import CAMPAIGN_KIND, Campaign
from ui.shell.document_owner import validated
from ui.systems.swords_edge.document_registry import DiskStamp
from ui.systems.swords_edge.gm_table.snapshot_step import SnapshotStep
from ui.systems.swords_edge.gm_table.table_owner import TableOwner

CAMPAIGN_MERGE_ID = 0x5E4D
"""Typing in one field of the campaign merges into one undo step."""


class SwordsEdgeCampaignOwner(TableOwner[Campaign]):
    """Holds the open Sword's Edge campaign (the party's PCs, clocks and table rules),
    the file it lives in and every change to it: the shell's :class:`DocumentOwner`
    of that campaign (its undo stack, path, disk stamp), whose ``changed`` says
    whether the campaign was replaced.

    (The shell's own :class:`ui.shell.campaign_view.CampaignOwner` holds the
    game-neutral campaign of the other systems: a list of documents.)"""

    changed = Signal(bool)
    """After every change; True when the campaign was replaced (redraw everything)."""
    # ``path_changed`` (the shell owner's): the campaign now lives in another file.

    def __init__(self, campaign: Campaign | None = None, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(CAMPAIGN_KIND, campaign or Campaign(name="New campaign"),
                         path=Path(path) if path is not None else None, parent=parent)
        self._last = self.campaign.model_dump(mode="json")
        """The campaign as last replaced, restored or saved."""
        self._applying = False
        self.disk_stamp = DiskStamp.of(self.path) if self.path is not None else None
        """The campaign file as last read or written here."""

    @property
    def campaign(self) -> Campaign:
        """The campaign (the owner's document)."""
        return self.document

    @campaign.setter
    def campaign(self, campaign: Campaign) -> None:
        self.document = campaign

    def _replace(self, document: Campaign) -> None:
        self._restore(document.model_dump(mode="json"))

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def apply(self, text: str, mutate: Callable[[Campaign], object],
              field: str | None = None) -> None:
        """Run the core mutator ``mutate`` (:mod:`seforge.systems.swords_edge.campaign`)
        on a copy of the campaign as one undo step named ``text``; the copy is checked
        again by the model. Changes to one ``field`` in a row merge into one step. A
        refusal (the mutator raises, or the model does) changes nothing."""
        before = self.campaign.model_dump(mode="json")
        work = self.campaign.model_copy(deep=True)
        result = mutate(work)
        after_model = validated(result if isinstance(result, Campaign) else work)
        after = after_model.model_dump(mode="json")
        if after == before:
            return
        self._applying = True
        try:
            self.undo_stack.push(SnapshotStep(self, before, after, text, field,
                                              CAMPAIGN_MERGE_ID))
        finally:
            self._applying = False

    def _restore(self, data: dict[str, Any]) -> None:
        """Redo, undo: the campaign as it was; ``changed(True)`` (redraw everything)
        unless the step is the one :meth:`apply` is making now."""
        self.campaign = Campaign.model_validate(data)
        self._last = self.campaign.model_dump(mode="json")
        self.revision += 1
        self.changed.emit(not self._applying)

    def replace(self, campaign: Campaign, path: Path | None) -> None:
        """Another campaign (new, opened, reloaded): a fresh history."""
        self.campaign = campaign
        self.path = Path(path) if path is not None else None
        self._last = campaign.model_dump(mode="json")
        self.undo_stack.clear()
        self.disk_stamp = DiskStamp.of(self.path) if self.path is not None else None
        self.revision += 1
        self.changed.emit(True)
        self.path_changed.emit()

    def saved_to(self, path: Path, campaign: Campaign | None = None) -> None:
        """The campaign was just written to ``path`` (as ``campaign``, its paths made
        absolute): clean, stamped, living there."""
        if campaign is not None:
            self.campaign = campaign.model_copy(deep=True)
        self.path = Path(path)
        self._last = self.campaign.model_dump(mode="json")
        self.undo_stack.setClean()
        self.disk_stamp = DiskStamp.of(self.path)
        self.path_changed.emit()  # a new file, or the same one written anew: watch it
        self.saved.emit()

    def keep_mine(self) -> None:
        """The GM keeps the changes made here over the file's: they are unsaved."""
        self.undo_stack.resetClean()
