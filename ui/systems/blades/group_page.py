"""The Group page of the GM screen's rolls: who leads the group action (one of the open
scoundrels), the leader's action from that sheet, each member's dice, the position and
effect the GM sets, the odds and the consequences at that position."""

from __future__ import annotations

import contextlib
import weakref
from typing import Any

import shiboken6
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QSpinBox, QWidget

from seforge.core.probability_text import percent
from seforge.systems.blades import odds
from seforge.systems.blades.facts import Effect, Position
from seforge.systems.blades.models import Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import FlowLayout
from ui.shell.name_pick import NamePick
from ui.shell.widgets import spin_box
from ui.systems.blades.screen_parts import (
    LEVEL_NAMES,
    combo,
    consequences_table,
    fill_consequences,
)
from ui.systems.blades.sheet_picks import SheetPick, action_choices

GROUP_TIP = ("The best roll counts; the leader takes 1 stress per member who rolls a 1-3 "
             "(a rule beyond the supplied text)")

_LEADER_TIP = ("The scoundrel who leads the group: the group's stress and a desperate "
               "roll's XP go to that sheet (the one in front until you pick one; a roll "
               "keeps the leader it was made with)")
_NO_LEADER_TIP = ("Open a scoundrel to lead the group: its stress and a desperate roll's XP "
                  "are written to its sheet")

_Ref = weakref.ref[DocumentOwner[Any]]


def _alive(ref: _Ref | None) -> DocumentOwner[Any] | None:
    owner = ref() if ref is not None else None
    return owner if owner is not None and shiboken6.isValid(owner) else None


def _is_scoundrel(owner: DocumentOwner[Any] | None) -> bool:
    return owner is not None and isinstance(owner.document, Scoundrel)


class LeaderPick(NamePick):
    """The open scoundrels, by name; the one picked leads the group action. Until the GM
    picks one it is the one in front (:meth:`set_front`), and the last group roll keeps
    the leader it was made with (:meth:`hold`), so that bringing another tab to the front
    does not move the roll's stress; a pick stays while its sheet is open. Empty and
    disabled, saying why, when no scoundrel is open."""

    leader_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(12, parent)
        self.setAccessibleName("Group leader")
        self.setPlaceholderText("no scoundrel open")
        self._open: list[_Ref] = []
        """The scoundrels open in the window's tabs (:meth:`set_scoundrels`)."""
        self._front: _Ref | None = None
        self._picked: _Ref | None = None
        """The leader the GM picked (stays while open)."""
        self._held: _Ref | None = None
        """The leader the last group roll was made with (stays while open)."""
        self._shown: list[_Ref] = []
        self._leader: _Ref | None = None
        self._watched: list[_Ref] = []
        self.activated.connect(self._activated)
        self._fill()

    def leader(self) -> DocumentOwner[Any] | None:
        """The owner of the leader's sheet (None: no scoundrel is open)."""
        return _alive(self._leader)

    def set_scoundrels(self, owners: list[DocumentOwner[Any]]) -> None:
        """The scoundrels open in the window's tabs, in the order they opened."""
        self._open = [weakref.ref(owner) for owner in owners]
        self._fill()

    def set_front(self, owner: DocumentOwner[Any] | None) -> None:
        """The document in front (a scoundrel there leads until the GM picks another)."""
        self._front = weakref.ref(owner) if _is_scoundrel(owner) and owner is not None \
            else None
        self._fill()

    def hold(self, owner: DocumentOwner[Any] | None) -> None:
        """Keep ``owner`` as the leader while it is open (a group roll made with it), or
        stop keeping one (None: a roll of another kind)."""
        self._held = weakref.ref(owner) if owner is not None else None

    def _candidates(self) -> list[DocumentOwner[Any]]:
        owners = [owner for ref in self._open if (owner := _alive(ref)) is not None]
        front = _alive(self._front)
        if front is not None and front not in owners:  # a page used without a window
            owners.append(front)
        return owners

    def _activated(self, index: int) -> None:
        if 0 <= index < len(self._shown):
            self._picked = self._shown[index]
            self._held = None
        self._fill()

    def _fill(self) -> None:
        owners = self._candidates()
        self._watch(owners)
        labels = _labels(owners)
        chosen = next((owner for owner in (_alive(self._picked), _alive(self._held),
                                           _alive(self._front), _alive(self._leader))
                       if owner is not None and owner in owners),
                      owners[0] if owners else None)
        shown = [ref() for ref in self._shown]
        if shown != owners or labels != [self.itemText(i) for i in range(self.count())]:
            self.blockSignals(True)
            self.set_names(labels)
            self.blockSignals(False)
            self._shown = [weakref.ref(owner) for owner in owners]
        self.blockSignals(True)
        self.setCurrentIndex(owners.index(chosen) if chosen is not None else -1)
        self.blockSignals(False)
        self.setEnabled(bool(owners))
        self.set_tip(_LEADER_TIP if owners else _NO_LEADER_TIP)
        if chosen is not _alive(self._leader):
            self._leader = weakref.ref(chosen) if chosen is not None else None
            self.leader_changed.emit()

    def _watch(self, owners: list[DocumentOwner[Any]]) -> None:
        """Follow each candidate's edits (a name changed)."""
        for ref in self._watched:
            owner = _alive(ref)
            if owner is not None and owner not in owners:
                with contextlib.suppress(RuntimeError, TypeError):
                    owner.changed.disconnect(self._fill)
        watched = [owner for ref in self._watched if (owner := _alive(ref)) is not None]
        for owner in owners:
            if owner not in watched:
                owner.changed.connect(self._fill)
        self._watched = [weakref.ref(owner) for owner in owners]


def _labels(owners: list[DocumentOwner[Any]]) -> list[str]:
    """Each sheet's name (its title when unnamed); a name twice gets its place after it."""
    names = [owner.document_name().strip() or owner.title() for owner in owners]
    return [f"{name} ({i + 1})" if names.count(name) > 1 else name
            for i, name in enumerate(names)]


class GroupPage(QWidget):
    """The Group page: the leader, the members' dice (member 1 rolls the leader's action
    when it is picked from the sheet), position and effect, the odds and the consequences
    at the position set."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        self.leader = LeaderPick()
        form.addRow("Leader", self.leader)
        members = FlowLayout(fill=True)
        self.members: list[QSpinBox] = []
        for i in range(4):
            spin = spin_box(f"Member {i + 1} dice", -1, odds.MAX_TRAIT_DICE, 2 if i < 2 else -1,
                            "This member's dice (— : not in the group)" if i else
                            "Member 1's dice: the leader's action when it is picked from "
                            "the sheet (— : not in the group)")
            spin.setSpecialValueText("—")
            members.addWidget(spin)
            self.members.append(spin)
        self.leader_action = SheetPick("Leader's action from the sheet", self.members[0],
                                       action_choices, "action's dots for member 1",
                                       whose="leader")
        form.addRow("Leader's action", self.leader_action)
        form.addRow("Members' dice", members)
        self.position = combo("Group position", [p.value for p in Position], "risky",
                              "How dangerous the group action is (changes no odds; "
                              "desperate: the leader marks XP)")
        self.effect = combo("Group effect", [e.value for e in Effect], "standard",
                            "How much the group action can achieve: the clock ticks of the "
                            "roll that counts")
        form.addRow("Position", self.position)
        form.addRow("Effect", self.effect)
        self.odds = QLabel()
        self.odds.setAccessibleName("Group action odds")
        self.odds.setWordWrap(True)
        self.odds.setToolTip(GROUP_TIP)
        form.addRow(self.odds)
        self.consequences = consequences_table("Group consequences")
        form.addRow(self.consequences)
        self.leader.leader_changed.connect(
            lambda: self.leader_action.set_owner(self.leader.leader()))
        self.position.currentIndexChanged.connect(lambda _i: self.refresh())

    def picked_position(self) -> Position:
        return Position(str(self.position.currentData()))

    def picked_effect(self) -> Effect:
        return Effect(str(self.effect.currentData()))

    def pools(self) -> list[int]:
        """The dice of each member in the group."""
        return [spin.value() for spin in self.members if spin.value() >= 0]

    def refresh(self) -> None:
        pools = self.pools()
        if pools:
            best, leader = odds.group_action(pools)
            self.odds.setText(", ".join(
                f"{LEVEL_NAMES[lv].split(' (')[0]} {percent(best[lv])}"
                for lv in LEVEL_NAMES) + f"; leader's expected stress {float(leader):.2f}")
            self.odds.setToolTip(GROUP_TIP + ". Exactly: " + ", ".join(
                f"{lv.value} {best[lv]}" for lv in LEVEL_NAMES) + f"; stress {leader}")
        else:
            self.odds.setText("Give at least one member's dice.")
            self.odds.setToolTip(GROUP_TIP)
        fill_consequences(self.consequences, self.picked_position())
