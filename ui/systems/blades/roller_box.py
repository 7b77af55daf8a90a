"""The GM screen's dice roller: it rolls the pools set on the Rolls page and writes what a
roll costs (stress, harm, clock ticks) to the open scoundrel or crew through its owner.

The box is put together from its parts: :mod:`.roller_log` (each write through its owner and
the log that follows its undo step) and :mod:`.roller_writes` (what a roll writes and why it
may not); this module builds the box, follows the documents it writes to, rolls and
redraws."""

from __future__ import annotations

import contextlib
import weakref
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.blades import play, roller
from seforge.systems.blades.facts import TRAUMA_CONDITIONS, Position
from seforge.systems.blades.models import Crew, Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import FlowLayout
from ui.shell.name_pick import NamePick
from ui.shell.refusal import refuse
from ui.shell.widgets import spin_box
from ui.systems.blades.common import TraumaPick, room_for_placeholder, wrap_list
from ui.systems.blades.roller_log import _Logged, _Write
from ui.systems.blades.roller_writes import RollerWrites

if TYPE_CHECKING:
    from ui.systems.blades.gm_screen import RollsTab


class RollerBox(RollerWrites):
    """Roll the pools set beside it with the system's secure random source, and write what
    a roll costs to the open scoundrel or crew through its owner (one undo step each);
    every roll and what was written is logged below."""

    def __init__(self, rolls: RollsTab, parent: QWidget | None = None) -> None:
        super().__init__("Roll the dice", parent)
        self.rolls = rolls
        self.owner: DocumentOwner[Any] | None = None
        self.last: roller.Roll | None = None
        self.last_group: roller.GroupRoll | None = None
        """The last roll when it was a group action (its best roll is :attr:`last`)."""
        self.last_kind = ""
        self.last_action = ""
        """The action the last action roll took from the sheet, or the group's leader's
        ("" when set by hand)."""
        self.last_desperate = False
        """Whether the last action or group roll was made at a desperate position."""
        self.leader: DocumentOwner[Any] | None = None
        """The group's leader picked on the Group page (its stress and XP go there)."""
        self.last_push_stress = 0
        """The stress the pushes ticked when the last action roll was made (a push ticked
        or unticked afterwards is for the next roll)."""
        self.last_push_effect = False
        """Whether the last action roll was pushed for +1 effect: its ticks count at the
        effect set on the page a step up."""
        self._written: dict[str, _Write] = {}
        """What the last roll has written ("stress", "ticks") and where. Not a copy of any
        document: whether the write still stands is read from that document's history each
        time (:meth:`_is_written`), so a roll is paid for once, in one document; undoing the
        write (or reverting the document to a file saved without it) lets it be written
        again, redoing it does not. A new roll forgets it."""
        self._logged: list[_Logged] = []
        """The log's lines for writes whose document is still open, each read again when
        the history of the document it went to moves (undo, redo, a new edit, a save, a
        revert)."""
        self._followed: list[weakref.ref[DocumentOwner[Any]]] = []
        """The owners written to whose history moves are followed (held weakly)."""
        self._crews: list[weakref.ref[DocumentOwner[Any]]] = []
        """The crews open in the window's tabs (held weakly): a roll ticks only the clocks
        of the tab in front, and the tick's reason names them when another tab is."""
        layout = QVBoxLayout(self)
        buttons = FlowLayout(fill=True)
        self.roll_action = QPushButton("Roll action")
        self.roll_resist = QPushButton("Roll resistance")
        self.roll_fortune = QPushButton("Roll fortune")
        self.roll_group = QPushButton("Roll group")
        for button, kind in ((self.roll_action, "action"), (self.roll_resist, "resistance"),
                             (self.roll_fortune, "fortune"), (self.roll_group, "group")):
            button.setAccessibleName(button.text())
            button.setToolTip(f"Roll the {kind} pool set on this page (the operating "
                              "system's secure random source)")
            button.clicked.connect(lambda _c=False, k=kind: self.roll(k))
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.result = QLabel("No roll yet.")
        self.result.setAccessibleName("Roll result")
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        self.target = QLabel()
        self.target.setAccessibleName("Roll target")
        self.target.setWordWrap(True)
        layout.addWidget(self.target)
        apply_row = FlowLayout(fill=True)
        self.trauma = TraumaPick("Trauma if stress fills")
        self.trauma.currentIndexChanged.connect(lambda _i: self.refresh())
        self.take_stress = QPushButton("Take the stress")
        self.take_stress.setAccessibleName("Take the roll's stress")
        self.take_stress.clicked.connect(lambda _c=False: self.apply_stress())
        apply_row.addWidget(self.take_stress)
        apply_row.addWidget(QLabel("if full:"))
        apply_row.addWidget(self.trauma)
        layout.addLayout(apply_row)
        lower_row = FlowLayout(fill=True)
        self.lower_pick = NamePick(12)
        self.lower_pick.setAccessibleName("Harm to lower")
        self.lower_pick.set_tip("The harm on the sheet the resistance roll lowers")
        self._lowerable: list[tuple[int, int]] = []
        """(level, index) on the sheet of each harm :attr:`lower_pick` offers."""
        self.lower_harm = QPushButton("Lower a level")
        self.lower_harm.setAccessibleName("Lower the resisted harm a level")
        self.lower_harm.clicked.connect(lambda _c=False: self.apply_lower_harm())
        lower_row.addWidget(QLabel("Resisted:"))
        lower_row.addWidget(self.lower_pick)
        lower_row.addWidget(self.lower_harm)
        layout.addLayout(lower_row)
        harm_row = FlowLayout(fill=True)
        self.harm_level = spin_box("Harm level to write", 1, 3, 2, "Harm the consequence deals")
        self.harm_text = QLineEdit()
        self.harm_text.setAccessibleName("Harm to write")
        self.harm_text.setPlaceholderText("e.g. Cut to the ribs")
        room_for_placeholder(self.harm_text)
        self.write_harm = QPushButton("Write harm")
        self.write_harm.setAccessibleName("Write harm")
        self.write_harm.clicked.connect(lambda _c=False: self.apply_harm())
        self.harm_text.returnPressed.connect(self.write_harm.click)  # Enter: Write harm
        for part in (self.harm_level, self.harm_text, self.write_harm):
            harm_row.addWidget(part)
        layout.addLayout(harm_row)
        clock_row = FlowLayout(fill=True)
        self.clock = NamePick(8)
        self.clock.setAccessibleName("Clock to tick")
        self.tick = QPushButton("Tick by effect")
        self.tick.setAccessibleName("Tick the clock by the roll's effect")
        self.tick.clicked.connect(lambda _c=False: self.apply_ticks())
        clock_row.addWidget(self.clock, 1)
        clock_row.addWidget(self.tick)
        layout.addLayout(clock_row)
        self.mark_xp = QPushButton("Mark desperate XP")
        self.mark_xp.setAccessibleName("Mark the desperate roll's XP")
        self.mark_xp.clicked.connect(lambda _c=False: self.apply_desperate_xp())
        xp_row = FlowLayout(fill=True)
        xp_row.addWidget(self.mark_xp)
        layout.addLayout(xp_row)
        self.log = QListWidget()
        wrap_list(self.log)
        self.log.setAccessibleName("Roll log")
        self.log.setMaximumHeight(56)
        self.log.setWordWrap(True)
        layout.addWidget(self.log)
        layout.addStretch(1)
        self.harm_text.textChanged.connect(lambda _t: self.refresh())
        # what the buttons' reasons read: the clock picked, the harm's level and the
        # effect set on the page (a stale reason let a click through that the core refused)
        self.clock.currentIndexChanged.connect(lambda _i: self.refresh())
        self.harm_level.valueChanged.connect(lambda _v: self.refresh())
        self.lower_pick.currentIndexChanged.connect(lambda _i: self.refresh())
        rolls.effect.currentIndexChanged.connect(lambda _i: self.refresh())
        rolls.group_effect.currentIndexChanged.connect(lambda _i: self.refresh())
        rolls.leader.leader_changed.connect(lambda: self.set_leader(rolls.leader.leader()))
        for spin in rolls.members:  # who is in the group: whether there is one to roll
            spin.valueChanged.connect(lambda _v: self.refresh())
        self.refresh()

    def set_target(self, owner: DocumentOwner[Any] | None) -> None:
        """The open scoundrel or crew a roll writes to (None: nothing to write to)."""
        if self.owner is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.owner.changed.disconnect(self.refresh)
                self.owner.undo_stack.indexChanged.disconnect(self._undone)
        self.owner = owner
        if owner is not None:
            owner.changed.connect(self.refresh)
            # an undo tells its document first and moves its index after: redraw then too
            owner.undo_stack.indexChanged.connect(self._undone)
        self.refresh()

    def _undone(self, _index: int) -> None:
        self.refresh()

    def set_leader(self, owner: DocumentOwner[Any] | None) -> None:
        """The scoundrel leading the group (picked on the Group page): a group roll's stress
        and desperate XP are written to it."""
        if self.leader is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.leader.changed.disconnect(self._leader_moved)
                self.leader.undo_stack.indexChanged.disconnect(self._leader_moved)
        self.leader = owner
        if owner is not None:
            # slots of its own: the leader may be the open document, followed as well
            owner.changed.connect(self._leader_moved)
            owner.undo_stack.indexChanged.connect(self._leader_moved)
        self.refresh()

    def _leader_moved(self, *_moved: object) -> None:
        self.refresh()

    def set_crews(self, crews: list[DocumentOwner[Any]]) -> None:
        """The crews open in the window's tabs, named by the tick's reason when the tab in
        front is not one of them."""
        self._crews = [weakref.ref(crew) for crew in crews]
        self.refresh()

    def _open_crews(self) -> list[str]:
        names: list[str] = []
        for ref in self._crews:
            crew = ref()
            if crew is not None and shiboken6.isValid(crew):
                names.append(crew.document_name().strip() or crew.title())
        return names

    def _group_pools(self) -> list[int]:
        """The dice of each member in the group set on the Group page."""
        return self.rolls.group_page.pools()

    def roll(self, kind: str, rng: Any = None) -> roller.Roll:
        rolls = self.rolls
        if kind == "group":
            return self._roll_group(rng)
        self.last_group = None
        rolls.leader.hold(None)  # the leader follows the tab in front again, unless picked
        if kind == "action":
            pool = rolls.rating.value() + rolls.bonus().dice
        elif kind == "resistance":
            pool = rolls.resist_dice.value()
        else:
            pool = rolls.fortune_dice.value()
        self.last, self.last_kind = roller.roll(pool, rng), kind
        self.last_action = rolls.action_pick.choice() if kind == "action" else ""
        self.last_desperate = kind == "action" and Position(
            str(rolls.position.currentData())) is Position.DESPERATE
        self.last_push_stress = rolls.bonus().roller_stress if kind == "action" else 0
        self.last_push_effect = kind == "action" and rolls.push_effect.isChecked()
        self._written.clear()
        picked = (rolls.action_pick.choice_name() if kind == "action" else
                  rolls.resist_pick.choice_name() if kind == "resistance" else "")
        text = (f"{kind.capitalize()} roll{f' ({picked})' if picked else ''} "
                f"{self.last.describe(kind)}")
        if kind == "resistance":
            stress = self.last.stress
            text += ": clears 1 stress" if stress < 0 else f": costs {stress} stress"
        elif kind == "action":
            effect = self._effect()
            text += f"; {self.last.ticks(effect)} clock ticks at {effect.value} effect"
        self.result.setText(text)
        self.log.insertItem(0, text)
        self.refresh()
        return self.last

    def _roll_group(self, rng: Any) -> roller.Roll:
        """Roll every member of the group set on the Group page; the best roll counts and
        the leader's stress (one per member who rolled a 1-3) can be written."""
        page = self.rolls.group_page
        numbers = [n for n, spin in enumerate(page.members, 1) if spin.value() >= 0]
        group = roller.roll_group(self._group_pools(), rng)
        self.last, self.last_kind, self.last_group = group.best, "group", group
        position = page.picked_position()
        self.last_action = page.leader_action.choice()
        self.last_desperate = position is Position.DESPERATE
        self.last_push_stress, self.last_push_effect = 0, False
        self._written.clear()
        page.leader.hold(self.leader)  # the roll's stress goes where it was rolled for
        effect = self._effect()
        text = (f"Group action ({len(group.rolls)} members): "
                f"{group.describe(numbers, position.value)}; "
                f"{group.best.ticks(effect)} clock ticks at {effect.value} effect")
        if self.leader is not None:
            text += f". Led by {_name(self.leader)}."
        self.result.setText(text)
        self.log.insertItem(0, text)
        self.refresh()
        return group.best

    def refresh(self) -> None:
        owner = self.owner
        if owner is None:
            self.target.setText("Open a scoundrel or a crew to write rolls to it.")
        else:
            what = "scoundrel" if isinstance(owner.document, Scoundrel) else "crew"
            self.target.setText(f"Writes to the {what} {owner.document.name or '(unnamed)'}.")
        scoundrel = _scoundrel(owner)
        payer = _scoundrel(self._payer())
        if self.last_group is not None and self.leader is not None:
            self.target.setText(self.target.text() + " The group's stress and XP go to its "
                                f"leader, {_name(self.leader)}.")
        self.trauma.set_conditions([c for c in TRAUMA_CONDITIONS
                                    if payer is None or c not in payer.trauma])
        refuse(self.take_stress, self._why_not_stress(payer),
               f"Write the group's stress to its leader, {_name(self.leader)}"
               if self.last_group is not None and self.leader is not None else
               "Write the last roll's stress to the scoundrel")
        refuse(self.roll_group, None if self._group_pools() else
               "give at least one member's dice on the Group page",
               "Roll each member of the group set on the Group page: the best roll counts, "
               "the leader takes 1 stress per member who rolls a 1-3")
        self._refresh_lower(scoundrel)
        refuse(self.write_harm, "open a scoundrel" if scoundrel is None else
               play.why_not_add_harm(scoundrel, self.harm_level.value()),
               "Write the harm on the scoundrel's sheet")
        refuse(self.mark_xp, self._why_not_xp(payer),
               "Mark 1 XP in the attribute of the action rolled at a desperate position"
               + (f" (the leader's, {_name(self.leader)})"
                  if self.last_group is not None and self.leader is not None else ""))
        crew = owner.document if owner is not None and isinstance(owner.document, Crew) \
            else None
        refuse(self.tick, self._why_not_tick(crew),
               "Tick the chosen clock by the roll's effect")


def _scoundrel(owner: DocumentOwner[Any] | None) -> Scoundrel | None:
    """The scoundrel ``owner`` holds (None: no owner, or a crew)."""
    return owner.document if owner is not None and isinstance(
        owner.document, Scoundrel) else None


def _name(owner: DocumentOwner[Any] | None) -> str:
    """How the roller names a document: its name, else its title."""
    return "" if owner is None else owner.document_name().strip() or owner.title()
