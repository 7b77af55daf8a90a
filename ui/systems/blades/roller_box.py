"""The GM screen's dice roller: it rolls the pools set on the Rolls page and writes what a
roll costs (stress, harm, clock ticks) to the open scoundrel or crew through its owner."""

from __future__ import annotations

import contextlib
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades import play, roller, rules
from seforge.systems.blades.facts import TRAUMA_CONDITIONS, Effect, Position, attribute_of
from seforge.systems.blades.levels import effect_step
from seforge.systems.blades.models import Crew, Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import FlowLayout
from ui.shell.name_pick import NamePick
from ui.shell.refusal import REFUSALS, refusal_text, refuse, sentence
from ui.shell.widgets import spin_box
from ui.shell.written_step import WrittenStep
from ui.systems.blades.common import TraumaPick, room_for_placeholder, wrap_list

if TYPE_CHECKING:
    from ui.systems.blades.gm_screen import RollsTab


@dataclass(eq=False)
class _Write:
    """A roll's write to a document, followed by its undo step (:class:`WrittenStep`: it
    says whether the write stands, after an undo or a revert too), and how the roll log
    words it."""

    step: WrittenStep

    def word(self) -> str:
        """What the roll log says of the write: "Written", "Undone" or "Reverted" (the
        document read again from a file saved without it)."""
        if self.step.stands() is not False:
            return "Written"
        return "Reverted" if self.step.restarted else "Undone"


@dataclass(frozen=True)
class _Logged:
    """A write's line in the roll log: what was written and where; the line reads
    "Written:" while the write stands in its document, "Undone:" once it is undone and
    "Reverted:" when the document was read again from a file saved without it, and ends
    with the name of the document it went to."""

    item: QListWidgetItem
    text: str
    write: _Write
    name: str

    @staticmethod
    def line(word: str, text: str, name: str) -> str:
        """The log's line for the write ``text`` to the document ``name``."""
        return f"{word}: {text} ({name})"


class RollerBox(QGroupBox):
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

    def _payer(self) -> DocumentOwner[Any] | None:
        """Where the last roll's stress and XP go: a group's leader, else the open
        document."""
        return self.leader if self.last_group is not None else self.owner

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

    def _follow(self, owner: DocumentOwner[Any]) -> None:
        """Read the log again whenever ``owner``'s history moves (once per owner; the
        connection goes with the owner when its document closes)."""
        self._followed = [ref for ref in self._followed
                          if ref() is not None and shiboken6.isValid(ref())]
        if any(ref() is owner for ref in self._followed):
            return
        self._followed.append(weakref.ref(owner))
        owner.undo_stack.indexChanged.connect(self._history_moved)
        # a save moves the clean index only: whether a revert keeps the write
        owner.undo_stack.cleanChanged.connect(self._history_moved)

    def _history_moved(self, _moved: int | bool) -> None:
        """A document written to was undone, redone or edited: its writes' lines, and
        whether the last roll may be written again (to whichever document is open)."""
        self._relog()
        self.refresh()

    def _relog(self) -> None:
        """Each logged write reads "Written:", "Undone:" or "Reverted:" as its document
        has it now. A write out of reach (its document closed) keeps its last line; one
        read back from its file, reverted away, or undone and dropped by another edit
        (the file as saved without it) keeps the line that says so: none of these is
        followed any more (:meth:`WrittenStep.settled`)."""
        kept: list[_Logged] = []
        for logged in self._logged:
            if logged.write.step.stands() is None:
                continue
            logged.item.setText(_Logged.line(logged.write.word(), logged.text, logged.name))
            if not logged.write.step.settled():
                kept.append(logged)
        self._logged = kept

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

    def _effect(self) -> Effect:
        """The last action or group roll's effect: the one set on its page (the GM may
        lower it after the roll), a step up when the roll was pushed for +1 effect."""
        if self.last_kind == "group":
            return self.rolls.group_page.picked_effect()
        effect = Effect(str(self.rolls.effect.currentData()))
        return effect_step(effect, 1) if self.last_push_effect else effect

    def _stress(self) -> int | None:
        if self.last is None:
            return None
        if self.last_kind == "resistance":
            return self.last.stress
        if self.last_kind == "action":
            return self.last_push_stress or None
        if self.last_group is not None:
            return self.last_group.leader_stress
        return None

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

    def _why_not_stress(self, scoundrel: Scoundrel | None) -> str | None:
        """Why the last roll's stress cannot be written to the scoundrel, or None."""
        stress = self._stress()
        if scoundrel is None:
            return ("open a scoundrel to lead the group" if self.last_group is not None
                    else "open a scoundrel")
        if stress is None:
            return "roll resistance, a group action or an action you pushed first"
        if self._is_written("stress"):
            return (f"this roll's stress is written already{self._where('stress')}: roll "
                    "again for new stress")
        if self.last_group is not None:
            return play.why_not_lead_group(scoundrel, stress, self.trauma.condition())
        return play.why_not_resist(scoundrel, stress, self.trauma.condition())

    def _refresh_lower(self, scoundrel: Scoundrel | None) -> None:
        """Offer the sheet's harms, and lowering the one picked once per resistance roll."""
        harms = [(level, index, text) for level, row in
                 enumerate(scoundrel.harm if scoundrel is not None else [], 1)
                 for index, text in enumerate(row)]
        picked = self._lower_picked()
        places = [(level, index) for level, index, _text in harms]
        names = [f"Level {level}: {text}" for level, _index, text in harms]
        if places != self._lowerable or names != [
                self.lower_pick.itemText(i) for i in range(self.lower_pick.count())]:
            self.lower_pick.blockSignals(True)
            self.lower_pick.set_names(names)
            # the harm picked stays picked; else the worst, the last written in its row
            self.lower_pick.setCurrentIndex(places.index(picked) if picked in places
                                            else len(places) - 1)
            self.lower_pick.blockSignals(False)
            self._lowerable = places
        refuse(self.lower_harm, self._why_not_lower(scoundrel),
               "The resistance roll lowers the picked harm a level on the sheet (a level 1 "
               "harm goes): when the GM rules the harm reduced")

    def _lower_picked(self) -> tuple[int, int] | None:
        index = self.lower_pick.currentIndex()
        return self._lowerable[index] if 0 <= index < len(self._lowerable) else None

    def _why_not_lower(self, scoundrel: Scoundrel | None) -> str | None:
        """Why the last roll cannot lower the picked harm, or None."""
        if scoundrel is None:
            return "open a scoundrel"
        if self.last is None or self.last_kind != "resistance":
            return "roll resistance first: a resisted harm drops a level"
        if self._is_written("lower"):
            return (f"this roll has lowered a harm already{self._where('lower', 'in')}: "
                    "roll again to resist another")
        picked = self._lower_picked()
        if picked is None:
            return "the sheet has no harm to lower"
        return play.why_not_lower_harm(scoundrel, *picked)

    def _why_not_xp(self, scoundrel: Scoundrel | None) -> str | None:
        """Why the last action (or group) roll's desperate XP cannot be marked, or None:
        a group's is the leader's, for the leader's action picked from its sheet."""
        group = self.last_group is not None
        if scoundrel is None:
            return "open a scoundrel to lead the group" if group else "open a scoundrel"
        if self.last is None or self.last_kind not in ("action", "group"):
            return "roll an action or a group action first"
        if not self.last_desperate:
            return (f"the last {'group' if group else 'action'} roll was not at a desperate "
                    "position")
        if not self.last_action:
            return ("pick the leader's action from the sheet before rolling: it says which "
                    "XP track" if group else
                    "pick the action from the sheet before rolling: it says which XP track")
        if self._is_written("xp"):
            return (f"this roll's XP is marked already{self._where('xp')}: roll again "
                    "for more")
        return play.why_not_desperate_roll(scoundrel, self.last_action)

    def _why_not_tick(self, crew: Crew | None) -> str | None:
        """List the crew's clocks; why the chosen one cannot be ticked by the last action
        roll's effect, or None."""
        names = [c.name for c in crew.clocks] if crew is not None else []
        if [self.clock.itemText(i) for i in range(self.clock.count())] != names:
            self.clock.blockSignals(True)
            self.clock.set_names(names)
            self.clock.blockSignals(False)
        if crew is None:
            crews = self._open_crews()
            if crews:
                return (f"bring the tab of {' or '.join(crews)} to the front to tick its "
                        "clocks (a roll writes to the tab in front; the roll stays)")
            return "open a crew with clocks"
        if self.last is None or self.last_kind not in ("action", "group"):
            return "roll an action or a group action first"
        if not names:
            return "the crew has no clock"
        if self._is_written("ticks"):
            return (f"this roll has ticked a clock already{self._where('ticks', 'in')}: roll "
                    "again to tick one more")
        ticks = self.last.ticks(self._effect())
        return ("the roll filled no segment" if ticks == 0 else
                crew_rules.why_not_tick(crew, self.clock.currentText(), ticks))

    def _is_written(self, what: str) -> bool:
        """Whether the last roll's ``what`` stands written: its undo step is among the
        done steps of the document it went to (undone, or undone and replaced by another
        edit, it is not), or that document was read again from a file saved with it
        (read again from a file saved without it, it is not). Written to a document since
        closed, it counts as written: what that document holds is out of reach, and a new
        roll is the way on."""
        written = self._written.get(what)
        return written is not None and written.step.stands() is not False

    def _where(self, what: str, to: str = "to") -> str:
        """Where the last roll's ``what`` went when not to the document it writes to now
        (the open one, or the group's leader): " to", or the word ``to`` given, and that
        document's title; else nothing."""
        written = self._written.get(what)
        owner = written.step.owner() if written is not None else None
        here = self._payer() if what in ("stress", "xp") else self.owner
        if owner is here:
            return ""
        if owner is None or not shiboken6.isValid(owner):
            return f" {to} a document since closed"
        return f" {to} {owner.title()}"

    def _apply(self, text: str, mutate: Any, what: str = "",
               owner: DocumentOwner[Any] | None = None) -> bool:
        """Write through ``owner`` (the open document's by default); False when nothing
        was written."""
        owner = owner if owner is not None else self.owner
        if owner is None:
            return False
        stack = owner.undo_stack
        top = stack.command(stack.index() - 1) if stack.index() else None
        try:
            owner.apply(text, mutate)
        except REFUSALS as error:
            # the refusal goes to the log, the roller's one place to answer in (a status
            # label made for it here had no parent: shown, it was a window of its own,
            # mapped and destroyed again inside the click)
            self.log.insertItem(0, sentence("Not done", refusal_text(error)))
            self.refresh()
            return False
        name = owner.document_name().strip() or owner.title()
        item = QListWidgetItem(_Logged.line("Written", text, name))
        self.log.insertItem(0, item)
        step = stack.command(stack.index() - 1) if stack.index() else None
        if step is not None and step is not top:  # a step was pushed
            write = _Write(WrittenStep(weakref.ref(owner), weakref.ref(step)))
            write.step.state()  # looked at from the first move of the history on
            self._logged.append(_Logged(item, text, write, name))
            self._follow(owner)
            if what:
                self._written[what] = write
        self.refresh()
        return True

    def apply_stress(self) -> None:
        stress, trauma = self._stress(), self.trauma.condition()
        if stress is None:
            return
        group = self.last_group is not None
        label = ("clear 1 stress" if stress < 0 else
                 f"group action, the leader takes {stress} stress" if group else
                 f"{stress} stress")
        payer = self._payer()
        if payer is None:  # no leader (or nothing open): nowhere to write
            return
        scoundrel = payer.document
        if isinstance(scoundrel, Scoundrel) and play.stress_fills(scoundrel, stress):
            label += f", the track fills: trauma {trauma}, out of the action"
        if group:
            self._apply(f"Roll: {label}", lambda sc: play.lead_group(sc, stress, trauma),
                        "stress", payer)
        else:
            self._apply(f"Roll: {label}", lambda sc: play.resist(sc, stress, trauma), "stress")

    def apply_lower_harm(self) -> None:
        picked = self._lower_picked()
        if picked is None or self.owner is None:
            return
        level, index = picked
        text = self.owner.document.harm[level - 1][index]
        now = "gone" if level == 1 else f"level {level - 1}"

        def lower(sc: Scoundrel) -> None:  # (apply takes a returned value for the document)
            play.lower_harm(sc, level, index)

        self._apply(f"Roll: resisted, {text} lowered to {now}", lower, "lower")

    def apply_desperate_xp(self) -> None:
        action = self.last_action
        if not action:
            return
        owner = self._payer()
        if owner is None:
            return
        house = owner.document.house if isinstance(owner.document, Scoundrel) else None
        track = attribute_of(action, house).capitalize()
        group = " (group action)" if self.last_group is not None else ""
        self._apply(f"Roll: desperate {rules.action_name(action)}{group}, 1 XP in {track}",
                    lambda sc: play.desperate_roll(sc, action), "xp", owner)

    def apply_harm(self) -> None:
        level, text = self.harm_level.value(), self.harm_text.text()

        def write(sc: Scoundrel) -> None:
            play.add_harm(sc, level, text)

        if self._apply(f"Roll: level {level} harm", write):
            self.harm_text.clear()  # written: the same harm is not one click from twice

    def apply_ticks(self) -> None:
        if self.last is None:
            return
        ticks = self.last.ticks(self._effect())
        name = self.clock.currentText()
        self._apply(f"Roll: tick {name} by {ticks}",
                    lambda c: crew_rules.tick(c, name, ticks), "ticks")


def _scoundrel(owner: DocumentOwner[Any] | None) -> Scoundrel | None:
    """The scoundrel ``owner`` holds (None: no owner, or a crew)."""
    return owner.document if owner is not None and isinstance(
        owner.document, Scoundrel) else None


def _name(owner: DocumentOwner[Any] | None) -> str:
    """How the roller names a document: its name, else its title."""
    return "" if owner is None else owner.document_name().strip() or owner.title()
