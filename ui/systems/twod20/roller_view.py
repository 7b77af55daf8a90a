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

The panel is put together from its parts: :mod:`.roller_targets` (where it writes, whom it
rolls for and hits), :mod:`.roller_log` (the writes its log follows) and :mod:`.roller_damage`
(the damage rolled and applied), on :mod:`.roller_part`'s shared base; this module builds the
panel, rolls and applies the test, spends Fortune and redraws.
"""

from __future__ import annotations

import weakref

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QWidget,
)

from seforge.core.limits import LINE_CHARS
from seforge.core.refused import RefusedError
from seforge.systems.twod20 import roller
from seforge.systems.twod20.conflict import Conflict, Side, gm_pool_name
from seforge.systems.twod20.models import Character
from seforge.systems.twod20.profiles import profile_info
from ui.shell.document_owner import DocumentOwner
from ui.shell.name_pick import NamePick
from ui.shell.refusal import refusal_text, sentence, show_refusal
from ui.shell.steady_text import reserve_lines
from ui.shell.widgets import spin_box
from ui.systems.twod20.calculator import Calculator
from ui.systems.twod20.common import set_reason
from ui.systems.twod20.record_test_pick import SkillTestPick
from ui.systems.twod20.roller_damage import DamageRollPart
from ui.systems.twod20.roller_part import RECORD, RECORD_KEEPS

__all__ = ["RECORD", "RollerPanel"]
"""The panel, and the Who and Hits boxes' data for the open record (tests pick it)."""


class RollerPanel(DamageRollPart):
    """Roll d20s and damage dice; apply a result to a conflict or the current record.

    ``conflict_changed`` is emitted when the roller is pointed at another conflict or a
    conflict it can write to changes or is saved under another name; ``undo_changed`` when
    the history Edit › Undo should follow from inside the roller (:meth:`undo_stack`) is
    another one (both declared on :class:`~ui.systems.twod20.roller_part.RollerPart`).
    """

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
        self._writes = []
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

    # -- the test -------------------------------------------------------------------------------
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

    def _fill_test(self, tn: int, focus: int) -> None:
        """The calculator's target number and Focus, from the record's attribute and skill."""
        self.calculator.tn.setValue(tn)
        self.calculator.focus.setValue(focus)

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

    # -- drawing --------------------------------------------------------------------------------
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
        self.calculator.set_hit_target(*self._hit_target(), self.mental.isChecked(),
                                       doc.profile, doc.settings)
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
