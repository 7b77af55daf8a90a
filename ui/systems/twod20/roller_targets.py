"""Where the 2d20 dice roller writes and for whom: the conflict written to (a conflict tab's,
else the GM Screen's tracker), the record open in the window, whom it rolls for (*Who*) and
whom the damage hits (*Hits*)."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from PySide6.QtGui import QUndoStack

from seforge.systems.twod20 import roller
from seforge.systems.twod20.conflict import Conflict, Side
from seforge.systems.twod20.conflict_model import Combatant
from seforge.systems.twod20.models import Character, Role
from ui.shell.document_owner import DocumentOwner
from ui.systems.twod20.roller_part import RECORD, RollerPart


class TargetsPart(RollerPart):
    """The documents the roller writes to and the characters it rolls for and hits."""

    _hits_by_hand: bool
    _undo: QUndoStack | None

    # -- the record open in the window ---------------------------------------------------------
    def set_record(self, owner: DocumentOwner[Character] | None) -> None:
        if self.record_owner is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # gone with its tab
                self.record_owner.changed.disconnect(self.refresh)
            with contextlib.suppress(RuntimeError, TypeError):
                self.record_owner.undo_stack.indexChanged.disconnect(self._history_moved)
        if owner is not self.record_owner:
            self.weapon.setCurrentIndex(0)  # another record's attacks: none picked yet
        self.record_owner = owner
        if owner is not None:
            owner.changed.connect(self.refresh)
            # an undo tells its document first and moves its index after: redraw then too
            owner.undo_stack.indexChanged.connect(self._history_moved)
        self.refresh()

    def _history_moved(self, _index: int) -> None:
        if self._alive():
            self.refresh()

    # -- the conflict written to ------------------------------------------------------------
    def conflicts(self) -> list[DocumentOwner[Conflict]]:
        """Where the roller can write: the conflicts open in tabs, then the GM Screen's."""
        return [*self.tab_conflicts, self.home_owner]

    def set_tab_conflicts(self, owners: Sequence[DocumentOwner[Conflict]],
                          follow: DocumentOwner[Conflict] | None = None) -> None:
        """The conflicts open in the window's tabs; ``follow`` (one of them: the tab just
        made current) becomes the one written to. When the one written to is no longer
        open, the roller goes back to the GM Screen's tracker and says so in its log."""
        for gone in [o for o in self.tab_conflicts if not any(o is k for k in owners)]:
            self._unwatch(gone)
        for new in [o for o in owners if not any(o is k for k in self.tab_conflicts)]:
            self._watch(new)
        self.tab_conflicts = list(owners)
        if follow is not None and any(follow is o for o in owners):
            self.write_to(follow)
        elif not any(self.conflict_owner is o for o in self.conflicts()):
            closed = self.conflict_title(self.conflict_owner)
            self.write_to(self.home_owner)
            self._log(f"{closed[:1].upper()}{closed[1:]} is closed; results now go to "
                      f"{self.conflict_title(self.home_owner)}.")
        else:
            self.refresh()

    def write_to(self, owner: DocumentOwner[Conflict]) -> None:
        """Write results to ``owner`` (the GM Screen's tracker or a conflict tab's)."""
        if owner is self.conflict_owner:
            self.refresh()
            return
        self.conflict_owner = owner
        self.refresh()
        self.conflict_changed.emit()

    def conflict_label(self, owner: DocumentOwner[Conflict]) -> str:
        """A conflict the roller can write to, as its Writes to box names it."""
        try:
            if owner is self.home_owner:
                path = owner.path
                return "GM Screen's tracker" + (f" ({path.name})" if path else "")
            return f"{owner.title()} (tab)"
        except RuntimeError:  # gone with its tab
            return "(closed)"

    def conflict_title(self, owner: DocumentOwner[Conflict]) -> str:
        """A conflict the roller can write to, as a sentence names it."""
        label = self.conflict_label(owner)
        return f"the {label}" if owner is self.home_owner else f"the conflict {label}"

    def _conflict_chosen(self, index: int) -> None:
        wanted = self.writes_to.itemData(index)
        owner = next((o for o in self.conflicts() if o.autosave_id == wanted), None)
        if owner is not None:
            self.write_to(owner)

    def _watch(self, owner: DocumentOwner[Conflict]) -> None:
        owner.changed.connect(self._conflict_edited)
        # a conflict saved under a (new) name: the GM Screen's line names it too
        owner.path_changed.connect(self._conflict_edited)
        owner.undo_stack.indexChanged.connect(self._history_moved)

    def _unwatch(self, owner: DocumentOwner[Conflict]) -> None:
        with contextlib.suppress(RuntimeError, TypeError):  # gone with its tab
            owner.changed.disconnect(self._conflict_edited)
        with contextlib.suppress(RuntimeError, TypeError):
            owner.path_changed.disconnect(self._conflict_edited)
        with contextlib.suppress(RuntimeError, TypeError):
            owner.undo_stack.indexChanged.disconnect(self._history_moved)

    def _conflict_edited(self) -> None:
        if not self._alive():
            return
        self.refresh()
        self.conflict_changed.emit()

    def undo_stack(self) -> QUndoStack:
        """The history of the document the roller writes to now: the record's when the
        record rolls, else the conflict's (Edit › Undo follows it from the roller)."""
        if self.who.currentData() == RECORD and self.record_owner is not None:
            return self.record_owner.undo_stack
        return self.conflict_owner.undo_stack

    def _refresh_writes_to(self) -> None:
        """The conflicts the roller can write to, the one it writes to chosen."""
        self.writes_to.blockSignals(True)
        self.writes_to.clear()
        for owner in self.conflicts():
            self.writes_to.addItem(self.conflict_label(owner), owner.autosave_id)
        self.writes_to.setCurrentIndex(self.writes_to.findData(self.conflict_owner.autosave_id))
        self.writes_to.blockSignals(False)
        self.writes_to.setToolTip(
            f"Results for characters in a conflict (Momentum, bought dice, Stress, Fortune) "
            f"go to {self.conflict_title(self.conflict_owner)}. Making a conflict's tab "
            "current chooses it; when its tab closes, the GM Screen's tracker is used again.")
        stack = self.undo_stack()
        if stack is not self._undo:
            self._undo = stack
            self.undo_changed.emit()

    # -- who rolls and whom the damage hits ---------------------------------------------------
    def _who_chosen(self) -> None:
        """Another roller: whom the damage hits is chosen anew for them."""
        self._hits_by_hand = False
        self.refresh()

    def _hits_chosen(self, _index: int) -> None:
        self._hits_by_hand = True
        self.refresh()

    def _refresh_hits(self) -> None:
        """Whom the damage can hit: the same characters as *Who*; the one picked stays
        picked, else someone on the other side from whoever rolls."""
        chosen = self.hits.currentData()
        self.hits.blockSignals(True)
        self.hits.clear()
        for index in range(self.who.count()):
            self.hits.addItem(self.who.itemText(index), self.who.itemData(index))
        index = self.hits.findData(chosen) if chosen is not None else -1
        if index < 0 or not self._hits_by_hand:
            foe = roller.first_foe(self._sides(), str(self.who.currentData()),
                                   self._side_of(self.who.currentData()))
            index = self.hits.findData(foe) if foe is not None else (
                0 if self.hits.count() else -1)
        self.hits.setCurrentIndex(index)
        self.hits.blockSignals(False)

    def _side_of(self, data: object) -> Side | None:
        """The side of a *Who* entry: a tracker character's, or the open record's role."""
        if data == RECORD and self.record_owner is not None:
            return Side.PC if self.record_owner.document.role is Role.PC else Side.NPC
        return next((c.side for c in self.conflict_owner.document.combatants
                     if c.name == data), None)

    def _sides(self) -> list[tuple[str, Side]]:
        out: list[tuple[str, Side]] = []
        for index in range(self.who.count()):
            data = self.who.itemData(index)
            side = self._side_of(data)
            if side is not None:
                out.append((str(data), side))
        return out

    def _hit_target(self) -> tuple[Character | Combatant | None, str]:
        """Whom the damage hits, as a record or a tracker character, and their name (None:
        nobody, or nobody known)."""
        where, name = self._damage_target()
        if where == "record" and self.record_owner is not None:
            return self.record_owner.document, self._record_name()
        if where == "tracker":
            return next((c for c in self.conflict_owner.document.combatants
                         if c.name == name), None), name
        return None, ""
