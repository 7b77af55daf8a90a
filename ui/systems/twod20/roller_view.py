"""The dice roller on the Calculator page: it rolls the test and the damage the calculator
is set up for (so the exact odds stay beside it) and writes a result to a conflict or to the
record open in the window, each through its owner as one undo step.

The conflict it writes to is the one the GM works with: a conflict open in a tab once that tab
has been current (until it closes), else the GM Screen's own tracker; its *Writes to* box names
it and picks another. The roller keeps no copy of a document: it holds the owners it may write
to, the last roll (a value) until it is applied, and a log of what it rolled and where each
result went. The log follows each write's undo step on its document's history: undone and
redone there, the log says so.

Before the d20s are rolled, the roller asks the core what whoever rolls can pay for (the bought
d20s and the Fortune dice, :func:`~seforge.systems.twod20.roller.why_not_pay_test`, the question
that refuses writing an unpaid roll): the calculator's boxes go no further, and a line beside
them says why.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QWidget,
)

from seforge.core.limits import LINE_CHARS
from seforge.core.refused import RefusedError
from seforge.systems.twod20 import roller
from seforge.systems.twod20.conflict import Conflict, Side, gm_pool_name
from seforge.systems.twod20.conflict_model import Combatant
from seforge.systems.twod20.models import Character, Role
from seforge.systems.twod20.profiles import profile_info
from ui.shell.document_owner import DocumentOwner
from ui.shell.name_pick import NamePick
from ui.shell.refusal import refusal_text, sentence, show_refusal
from ui.shell.steady_text import reserve_lines
from ui.shell.widgets import spin_box
from ui.shell.written_step import WrittenStep
from ui.systems.twod20.calculator import Calculator
from ui.systems.twod20.common import set_reason
from ui.systems.twod20.record_test_pick import SkillTestPick

RECORD = "\x00record"
"""The target combo's data for the record open in the window (tracker entries hold names)."""

RECORD_KEEPS = "a record keeps only the Fortune spent (Momentum needs the tracker)"
"""Why a test without Fortune dice is not written to the open record."""

LOGGED_WRITES = 40
"""How many of the latest writes the log follows on their documents' histories."""


@dataclass
class _Write:
    """A result the roller wrote: which roll's ``what`` ("test", "damage"), the step the
    write pushed on its document's history (followed weakly: :class:`WrittenStep`, which
    says whether the write stands, after an undo or a File › Revert), how the log names
    it, and whether the write stood when the log last looked (what the log last said of
    it)."""

    what: str
    roll: int
    written: WrittenStep
    text: str
    where: str
    done: bool = True


class RollerPanel(QGroupBox):
    """Roll d20s and damage dice; apply a result to a conflict or the current record.

    ``conflict_changed`` is emitted when the roller is pointed at another conflict or a
    conflict it can write to changes or is saved under another name; ``undo_changed`` when
    the history Edit › Undo should follow from inside the roller (:meth:`undo_stack`) is
    another one.
    """

    conflict_changed = Signal()
    undo_changed = Signal()

    def __init__(self, calculator: Calculator, conflict_owner: DocumentOwner[Conflict],
                 parent: QWidget | None = None) -> None:
        super().__init__("Roll the dice", parent)
        self.setObjectName("twod20-roller")
        self.calculator = calculator
        self.home_owner = conflict_owner
        """The GM Screen's own tracker: written to when no conflict tab is chosen."""
        self.conflict_owner = conflict_owner
        """The conflict results are written to now."""
        self.tab_conflicts: list[DocumentOwner[Conflict]] = []
        """The conflicts open in the window's tabs."""
        self.record_owner: DocumentOwner[Character] | None = None
        self._undo: QUndoStack | None = None
        self.last_test: roller.TestRoll | None = None
        self.last_damage: roller.DamageRoll | None = None
        self.last_stress = 0
        self._rolls = {"test": 0, "damage": 0}
        """Which roll of each kind is the last one (a count)."""
        self._writes: list[_Write] = []
        """What the rolls have written, the latest first. Not a copy of any document:
        whether a write stands is read from its document's history each time, so a roll is
        written once; undoing its step lets it be written again (to the same place or,
        chosen anew, another), redoing it does not."""
        self._followed: list[weakref.ref[QUndoStack]] = []
        """The histories the log follows (those written to)."""
        self.source: roller.Dice = roller.secure_dice()
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.writes_to = self._combo("Conflict the roller writes to", "")
        form.addRow("Writes to", self.writes_to)
        self.who = NamePick(12, tip="Who rolls the test (and makes the attack): a character "
                                    "in the conflict tracker, or the record open in the window")
        self.who.setAccessibleName("Who rolls")
        form.addRow("Who", self.who)
        self.test_pick = SkillTestPick(self._fill_test)
        self.test_pick.set_record(
            lambda: self.record_owner.document if self.record_owner is not None else None)
        form.addRow("Test", self.test_pick)
        self.roll_test_button = self._button("Roll d20s", "Roll the test set up in the "
                                             "calculator with the system's secure random "
                                             "source", self.roll_test)
        self.apply_test_button = self._button("Apply test", "", self.apply_test)
        form.addRow(self._pair(self.roll_test_button, self.apply_test_button))
        self.apply_test_note = self._result("", "Why the test cannot be applied")
        reserve_lines(self.apply_test_note, 2)
        form.addRow(self.apply_test_note)
        self.pay = self._combo("Pay for bought d20s with",
                               "A PC pays for bought d20s from the Momentum pool or by adding "
                               "to the GM's pool; an NPC always pays from the GM's pool")
        self.pay.addItem("Momentum", True)
        self.pay.addItem("adding Threat", False)
        form.addRow("Bought dice", self.pay)
        self.test_result = self._result("No test rolled yet.", "Rolled test")
        reserve_lines(self.test_result, 3)
        form.addRow(self.test_result)
        self.weapon = self._combo("Weapon of the record", "Take the damage dice and qualities "
                                  "from one of the record's attacks")
        self.weapon.activated.connect(self._weapon_chosen)
        form.addRow("Attack", self.weapon)
        self.qualities = QLineEdit()
        self.qualities.setMaxLength(LINE_CHARS)
        self.qualities.setAccessibleName("Weapon qualities")
        # short enough to show whole in the docked GM Screen at 1024x768
        self.qualities.setPlaceholderText("e.g. Vicious 1")
        self.qualities.setToolTip("The weapon's qualities, separated by commas (e.g. "
                                  "Vicious 1, Piercing 2, Knockdown); each rolled Effect "
                                  "triggers them")
        form.addRow("Qualities", self.qualities)
        self.hits = NamePick(12, tip="Who the damage hits and whose Soak counts: by default "
                                     "someone on the other side from whoever rolls")
        self.hits.setAccessibleName("Who the damage hits")
        self.hits.currentIndexChanged.connect(self._hits_chosen)
        form.addRow("Hits", self.hits)
        self._hits_by_hand = False
        """The user picked whom the damage hits (kept until *Who* changes)."""
        self.roll_damage_button = self._button(
            "Roll damage", "Roll the damage dice set up in the calculator (Flat, Armour and "
            "Cover included) with these qualities", self.roll_damage)
        self.apply_damage_button = self._button("Apply Stress", "", self.apply_damage)
        form.addRow(self._pair(self.roll_damage_button, self.apply_damage_button))
        self.mental = QCheckBox("Mental (Resolve, Trauma)")
        self.mental.setToolTip("The Stress goes to Resolve and causes Trauma (Conan), or is "
                               "mental Stress causing Traumas (SRD)")
        form.addRow(self.mental)
        self.damage_result = self._result("No damage rolled yet.", "Rolled damage")
        reserve_lines(self.damage_result, 5)
        form.addRow(self.damage_result)
        self._cover_faces: tuple[int, ...] = ()
        """The Cover or Morale dice rolled with the last damage."""
        self.fortune_amount = spin_box("Fortune to spend", 1, 9, 1, "Fortune points to spend")
        self.spend_fortune_button = self._button(
            "Spend Fortune", "Spend Fortune outside a roll (a bonus action, second wind, "
            "a story declaration...)", self.spend_fortune)
        form.addRow(self._pair(self.fortune_amount, self.spend_fortune_button))
        self.log = QListWidget()
        self.log.setAccessibleName("Roll log")
        self.log.setWordWrap(True)
        self.log.setMaximumHeight(90)
        form.addRow(self.log)
        self._watch(conflict_owner)
        self.writes_to.currentIndexChanged.connect(self._conflict_chosen)
        self.who.currentIndexChanged.connect(self._who_chosen)
        self.mental.toggled.connect(self.refresh)
        self.pay.currentIndexChanged.connect(self.refresh)
        self.fortune_amount.valueChanged.connect(self.refresh)
        calculator.recomputed.connect(self._refresh_roll)
        self.refresh()

    @staticmethod
    def _combo(name: str, tip: str) -> QComboBox:
        combo = QComboBox()
        combo.setAccessibleName(name)
        combo.setToolTip(tip)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(12)
        return combo

    @staticmethod
    def _pair(first: QWidget, second: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(first)
        row.addWidget(second)
        return row

    @staticmethod
    def _result(text: str, name: str) -> QLabel:
        label = QLabel(text)
        label.setWordWrap(True)
        label.setAccessibleName(name)
        return label

    def _button(self, text: str, tip: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.clicked.connect(slot)
        return button

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

    def _alive(self) -> bool:
        """The roller and its buttons still exist: at quit Qt deletes them while a
        document's history, deleted later, may still say it moved (a traceback once)."""
        return shiboken6.isValid(self) and all(
            shiboken6.isValid(b) for b in (self.apply_test_button, self.roll_test_button))

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

    # -- rolling --------------------------------------------------------------------------------
    def _why_not_roll_test(self) -> str | None:
        """Why the test set up in the calculator may not be rolled for whoever rolls: the
        core's answer to whether they can pay for its bought d20s and Fortune dice (the
        question that refuses writing it)."""
        spec = self.calculator.spec()
        where, name = self._target()
        if where == "record" and self.record_owner is not None:
            return roller.why_not_pay_record_test(self.record_owner.document, spec)
        if where == "tracker":
            return roller.why_not_pay_test(self.conflict_owner.document, name, spec,
                                           bool(self.pay.currentData()))
        return None

    def roll_test(self) -> None:
        reason = self._why_not_roll_test()
        if reason is not None:
            show_refusal(self.test_result, reason, "Not rolled")
            return
        try:
            roll = roller.roll_test(self.calculator.spec(), self.calculator.settings,
                                    self.source, self.calculator.helpers_in_use())
        except RefusedError as exc:
            show_refusal(self.test_result, exc, "Not rolled")
            return
        self.last_test = roll
        self._rolls["test"] += 1
        self.test_result.setText(roll.summary())
        self._log(f"Rolled: {roll.summary()}")
        self.refresh()

    def roll_damage(self) -> None:
        calc = self.calculator
        try:
            damage = roller.roll_damage(calc.dmg_dice.value(), calc.dmg_flat.value(),
                                        self._qualities_text(), self.source)
            cover = roller.roll_soak_dice(calc.cover.value(), self.source)
        except RefusedError as exc:
            show_refusal(self.damage_result, exc, "Not rolled")
            return
        self.last_damage = damage
        self._cover_faces = cover
        self._rolls["damage"] += 1
        self._log(f"Rolled: {self._show_damage()}")
        self.refresh()

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

    def _soak(self) -> tuple[int, str]:
        """The static Soak against the last damage and where it comes from: the Armour (or
        Courage, for mental damage) of whom it hits when that is known, else the
        calculator's Armour (the core's ``hit_soak``, which the calculator's odds use too)."""
        mental = self.mental.isChecked()
        target, name = self._hit_target()
        soak, theirs = roller.hit_soak(target, mental, self.calculator.typed_soak())
        if not theirs:
            return soak, "the calculator's Armour"
        return soak, f"{name}'s {'Courage' if mental else 'Armour'}"

    def _show_damage(self) -> str:
        """The last damage against whom it hits now: its Stress (kept as ``last_stress``)
        and the line saying how it was worked out."""
        damage, cover = self.last_damage, self._cover_faces
        if damage is None:
            return self.damage_result.text()
        static, source = self._soak()
        soak = static + sum(cover)
        self.last_stress = damage.stress(soak)
        soak_text = (f"Soak {static} ({source}) + dice {roller.describe(cover)} = {soak}"
                     if cover else f"Soak {soak} ({source})")
        ignored = min(soak, damage.piercing)
        pierced = f", {ignored} ignored by Piercing" if ignored else ""
        text = f"{damage.summary()}. {soak_text}{pierced}: {self.last_stress} Stress."
        self.damage_result.setText(text)
        return text

    def _qualities_text(self) -> str:
        """The typed qualities, plus Vicious and Piercing from the calculator unless typed."""
        text = self.qualities.text()
        typed = roller.parse_qualities(text)
        extra = [f"{name} {box.value()}" for name, box in (
            ("Vicious", self.calculator.vicious), ("Piercing", self.calculator.piercing))
            if box.value() and name not in typed]
        if self.calculator.intense.isChecked() and "Intense" not in typed:
            extra.append("Intense")
        return ", ".join(part for part in [text, *extra] if part.strip())

    def _fill_test(self, tn: int, focus: int) -> None:
        """The calculator's target number and Focus, from the record's attribute and skill."""
        self.calculator.tn.setValue(tn)
        self.calculator.focus.setValue(focus)

    def _weapon_chosen(self, index: int) -> None:
        from seforge.systems.twod20.records import attack_damage

        owner = self.record_owner
        position = self.weapon.itemData(index)
        if owner is None or position is None:
            return
        weapon = owner.document.weapons[int(position)]
        total, _how = attack_damage(owner.document, weapon)
        self.calculator.dmg_dice.setValue(total)
        self.qualities.setText(weapon.qualities)
        self.mental.setChecked(weapon.kind == "mental")

    def _who_chosen(self) -> None:
        """Another roller: whom the damage hits is chosen anew for them."""
        self._hits_by_hand = False
        self.refresh()

    def _hits_chosen(self, _index: int) -> None:
        self._hits_by_hand = True
        self.refresh()

    # -- applying -------------------------------------------------------------------------------
    def _damage_target(self) -> tuple[str, str]:
        """Whom the damage hits: ("record", "") or ("tracker", name), or ("", reason)."""
        data = self.hits.currentData()
        if data is None:
            return "", "choose whom the damage hits: add characters to the tracker or open a record"
        if data == RECORD:
            return ("record", "") if self.record_owner is not None else (
                "", "the record is no longer open")
        return "tracker", str(data)

    def _target(self) -> tuple[str, str]:
        """("record", "") or ("tracker", name), or ("", reason) when there is none."""
        data = self.who.currentData()
        if data is None:
            return "", "choose who rolled: add characters to the tracker or open a record"
        if data == RECORD:
            return ("record", "") if self.record_owner is not None else (
                "", "the record is no longer open")
        return "tracker", str(data)

    def _why_written(self, what: str, noun: str) -> str | None:
        """Why the last roll's ``what`` ("test", "damage"; ``noun`` names it) may not be
        written again: a write of it stands (written, or undone and redone), or it went to
        a document whose tab has closed since (saved or not, its step can no longer be
        undone: reopening the file must not let the same roll be written twice). None when
        it may be written."""
        for write in self._writes:
            if write.what != what or write.roll != self._rolls[what]:
                continue
            stands = write.written.stands()
            if stands is None:
                return f"{noun} went to a document that is closed now (roll again)"
            if stands and write.written.restarted:
                return (f"{noun} is written already: {write.where} was read again from a "
                        "file saved with it (roll again)")
            if stands:
                return (f"{noun} is written already (undo it to write it again, or roll "
                        "again)")
        return None

    @staticmethod
    def _top(stack: QUndoStack) -> QUndoCommand | None:
        """The step the history would undo next."""
        return stack.command(stack.index() - 1) if stack.index() else None

    def _wrote(self, what: str, owner: DocumentOwner[Any], top: QUndoCommand | None,
               text: str, where: str) -> None:
        """Follow the step the last roll's ``what`` just pushed on ``owner``'s history
        (``top`` was its last step before: a roll that changed nothing pushed none)."""
        stack = owner.undo_stack
        step = self._top(stack)
        if step is None or step is top:
            return
        written = WrittenStep(weakref.ref(owner), weakref.ref(step))
        written.state()  # looked at from the first move of the history on
        self._writes.insert(0, _Write(what, self._rolls[what], written, text, where))
        del self._writes[LOGGED_WRITES:]
        self._followed = [ref for ref in self._followed if ref() is not None]
        if not any(ref() is stack for ref in self._followed):
            self._followed.append(weakref.ref(stack))
            stack.indexChanged.connect(self._step_moved)
            # a save moves the clean index only: whether File › Revert keeps a write
            stack.cleanChanged.connect(self._step_moved)

    def _step_moved(self, _moved: int | bool) -> None:
        """A history written to moved: the log says which writes were undone or redone,
        reverted away (the file read again was saved without them) or brought back by a
        revert (saved with them)."""
        if not self._alive():
            return
        moved = False
        for write in reversed(self._writes):  # the oldest first, as they were written
            stands = write.written.stands()
            if stands is None or stands == write.done:
                continue
            write.done, moved = stands, True
            restarted = bool(write.written.restarted)
            if write.done:
                twice = next((other.where for other in self._writes if other is not write
                              and (other.what, other.roll) == (write.what, write.roll)
                              and other.written.stands()), None)
                also = f"; the same roll stands in {twice} too" if twice else ""
                word = "Back with the saved file" if restarted else "Redone"
                self._log(f"{word}: {write.text}{also}.")
            else:
                self._log(f"{'Reverted' if restarted else 'Undone'}: {write.text}.")
        if moved:
            self.refresh()

    def _why_not_apply_test(self) -> str | None:
        if self.last_test is None:
            return "roll the d20s first"
        written = self._why_written("test", "this roll")
        if written is not None:
            return written
        where, name = self._target()
        if not where:
            return name
        if where == "record" and self.record_owner is not None:
            if not self.last_test.spec.fortune:
                return RECORD_KEEPS
            return roller.why_not_pay_record_test(self.record_owner.document,
                                                  self.last_test.spec)
        return roller.why_not_pay_test(self.conflict_owner.document, name,
                                       self.last_test.spec, bool(self.pay.currentData()))

    def _why_not_apply_spec(self) -> str | None:
        """Before the d20s are rolled: why the test set up could not be applied to whoever
        rolls (the open record keeps only the Fortune a roll spends)."""
        where, _name = self._target()
        if where == "record" and not self.calculator.spec().fortune:
            return RECORD_KEEPS
        return None

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

    def _why_not_apply_damage(self) -> str | None:
        if self.last_damage is None:
            return "roll the damage first"
        written = self._why_written("damage", "this damage")
        if written is not None:
            return written
        where, name = self._damage_target()
        return None if where else name

    def _record_name(self) -> str:
        """The open record's name, as the log and the undo steps call it."""
        owner = self.record_owner
        return (owner.document.name or "the record") if owner is not None else ""

    def _apply_result(self, what: str, where: str, name: str, logged: str,
                      to_record: tuple[str, Callable[[Character], Any]],
                      to_tracker: tuple[str, Callable[[Conflict], Any]]) -> str | None:
        """Apply the last roll's ``what`` ("test", "damage": an undo step's text and its
        core change) to the open record when ``where`` is "record", else to ``name`` in the
        tracker, through that document's owner; the log follows the step as ``logged``
        ("the test", "3 Stress") applied to where it went. Where it went; None when it was
        refused (the log says why)."""
        try:
            if where == "record" and self.record_owner is not None:
                who, record = self._record_name(), self.record_owner
                top = self._top(record.undo_stack)
                record.apply(*to_record)
                self._wrote(what, record, top, f"{logged} applied to {who}", who)
                return who
            conflict = self.conflict_owner
            top = self._top(conflict.undo_stack)
            conflict.apply(*to_tracker)
            target = f"{name} in {self.conflict_title(conflict)}"
            self._wrote(what, conflict, top, f"{logged} applied to {target}",
                        self.conflict_title(conflict))
            return target
        except RefusedError as exc:
            self._log(sentence("Not applied", refusal_text(exc)))
            return None

    def apply_test(self) -> None:
        roll = self.last_test
        reason = self._why_not_apply_test()
        if roll is None or reason is not None:
            self._log(f"Not applied: {reason}.")
            return
        where, name = self._target()
        pay = bool(self.pay.currentData())
        try:
            paid = (roller.record_test_payment(roll) if where == "record" else
                    roller.paid_and_banked(self.conflict_owner.document, roll, name, pay))
        except RefusedError:
            paid = ""  # applying says why
        target = self._apply_result(
            "test", where, name, "the test",
            (f"Apply a roll to {self._record_name()}",
             lambda c: roller.apply_test_to_record(c, roll)),
            (f"Apply {name}'s roll", lambda d: roller.apply_test_to_conflict(d, roll, name, pay)))
        if target is None:
            return
        self._log(f"Applied the test to {target}: {paid}.")
        self.refresh()

    def apply_damage(self) -> None:
        from seforge.systems.twod20 import conflict as cf

        reason = self._why_not_apply_damage()
        if reason is not None:
            self._log(f"Not applied: {reason}.")
            return
        where, name = self._damage_target()
        amount, mental = self.last_stress, self.mental.isChecked()
        target = self._apply_result(
            "damage", where, name, f"{amount} Stress",
            (f"{self._record_name()} takes {amount} Stress",
             lambda c: roller.record_take_stress(c, amount, mental)),
            (f"{name} takes {amount} Stress", lambda d: cf.take_stress(d, name, amount, mental)))
        if target is None:
            return
        self._log(f"Applied {amount} Stress to {target}.")
        self.refresh()

    def spend_fortune(self) -> None:
        from seforge.systems.twod20 import conflict as cf

        where, name = self._target()
        amount = self.fortune_amount.value()
        try:
            if where == "record" and self.record_owner is not None:
                self.record_owner.apply(f"Spend {amount} Fortune",
                                        lambda c: roller.record_spend_fortune(c, amount))
            elif where == "tracker":
                self.conflict_owner.apply(f"{name} spends {amount} Fortune",
                                          lambda d: cf.spend_fortune(d, name, amount))
            else:
                raise RefusedError(name)
        except RefusedError as exc:
            self._log(sentence("Not spent", refusal_text(exc)))
            return
        self._log(f"Spent {amount} Fortune.")

    def _log(self, text: str) -> None:
        self.log.insertItem(0, text)
        self.log.setCurrentRow(0)

    # -- drawing --------------------------------------------------------------------------------
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

    def _pay_limits(self) -> roller.PayLimits | None:
        """What whoever rolls can pay for, as the core works it out (None: nobody rolls)."""
        where, name = self._target()
        if where == "record" and self.record_owner is not None:
            return roller.record_pay_limits(self.record_owner.document,
                                            self.calculator.settings.pool_cap)
        if where == "tracker":
            return roller.pay_limits(self.conflict_owner.document, name,
                                     bool(self.pay.currentData()))
        return None

    def _refresh_roll(self) -> None:
        """Roll d20s: refused, with the core's reason, while whoever rolls cannot pay for
        the dice set up (the calculator's boxes go no further than they can pay: its line
        beside them says why)."""
        if not self._alive():
            return
        set_reason(self.roll_test_button, self._why_not_roll_test(),
                   "Roll the test set up in the calculator with the system's secure random "
                   "source")

    def _refresh_weapons(self) -> None:
        """The record's attacks, the one picked still picked while the record has it (each
        roll redraws the roller: the box went back to '(attack set above)' after the damage
        of the attack picked was rolled)."""
        chosen, shown = self.weapon.currentData(), self.weapon.currentText()
        before = self.weapon.count() - 1
        names = ([weapon.name or f"Attack {position + 1}" for position, weapon
                  in enumerate(self.record_owner.document.weapons)]
                 if self.record_owner is not None else [])
        self.weapon.blockSignals(True)
        self.weapon.clear()
        self.weapon.addItem("(attack set above)", None)
        for position, name in enumerate(names):
            self.weapon.addItem(name, position)
        # the same attack: its place holds the same name, or only names changed (a rename)
        same = chosen is not None and int(chosen) < len(names) and (
            names[int(chosen)] == shown or len(names) == before)
        self.weapon.setCurrentIndex(int(chosen) + 1 if same else 0)
        self.weapon.blockSignals(False)
        self.weapon.setEnabled(self.weapon.count() > 1)

    def refresh(self) -> None:
        from seforge.systems.twod20 import conflict as cf

        doc = self.conflict_owner.document
        chosen = self.who.currentData()
        self.who.blockSignals(True)
        self.who.clear()
        if self.record_owner is not None:
            record = self.record_owner.document
            self.who.addItem(f"{record.name or 'Unnamed record'} (the open record)", RECORD)
        for combatant in doc.combatants:
            side = "PC" if combatant.side is Side.PC else "NPC"
            self.who.addItem(f"{combatant.name} ({side}, tracker)", combatant.name)
        index = self.who.findData(chosen) if chosen is not None else -1
        self.who.setCurrentIndex(index if index >= 0 else (0 if self.who.count() else -1))
        self.who.blockSignals(False)
        self._refresh_hits()
        self.calculator.set_hit_target(*self._hit_target(), self.mental.isChecked())
        self._refresh_writes_to()
        gm = gm_pool_name(doc)
        self.pay.setItemText(1, f"adding {gm}")
        self._refresh_weapons()
        where, name = self._target()
        self.test_pick.set_blocked(
            f"{name} rolls: their attributes and skills are not in the tracker; set the "
            "target number and Focus above" if where == "tracker" else None)
        self.calculator.set_pay_limits(self._pay_limits())
        self._refresh_roll()
        test_reason = self._why_not_apply_test()
        set_reason(self.apply_test_button, test_reason,
                   f"Write the roll to {self.conflict_title(self.conflict_owner)} (Momentum "
                   "banked, bought dice paid, Fortune spent) or to the record (Fortune spent)")
        if self.last_test is None:  # said before the roll, not only after it
            test_reason = self._why_not_apply_spec()
        self.apply_test_note.setText(sentence("Apply test", test_reason)
                                     if test_reason else "")
        if self.last_damage is not None:
            self._show_damage()  # against whom it hits now
        hit_where, _hit = self._damage_target()
        damage_reason = self._why_not_apply_damage()
        # the record applies its own rules, the tracker its own: name the target's
        rules = (self.record_owner.document.profile
                 if hit_where == "record" and self.record_owner is not None else doc.profile)
        set_reason(self.apply_damage_button, damage_reason,
                   f"The target takes the Stress after Soak, with the Harms of "
                   f"{profile_info(rules).title}'s rules")
        fortune_reason: str | None = name if not where else None
        if where == "record" and self.record_owner is not None:
            fortune_reason = roller.why_not_spend_record_fortune(
                self.record_owner.document, self.fortune_amount.value())
        elif where == "tracker":
            fortune_reason = cf.why_not_spend_fortune(doc, name, self.fortune_amount.value())
        set_reason(self.spend_fortune_button, fortune_reason, "Spend Fortune")
