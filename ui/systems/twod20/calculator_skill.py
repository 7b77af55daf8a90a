"""The 2d20 calculator's skill test: the test's inputs (the target number, Difficulty, Focus,
the d20s rolled and the Fortune dice, the complication range, an attack's Difficulty), the
assistants and the opponent, and the limits the core sets on them, among them what whoever
the roller rolls for can pay for."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.twod20 import dice
from seforge.systems.twod20.attacks import MELEE_DIFFICULTY, RANGES, ranged_difficulty
from seforge.systems.twod20.roller import PayLimits
from seforge.systems.twod20.settings import DEFAULT_SETTINGS, focus_note
from ui.shell.refusal import refusal_text, sentence, status_line
from ui.shell.steady_text import reserve_lines
from ui.shell.widgets import spin_box
from ui.systems.twod20.calculator_part import CalculatorPart
from ui.systems.twod20.common import WideCombo, input_form, shrinkable

MAX_HELPERS = 4

class PaidBox(QSpinBox):
    """A number of dice someone pays for: while what can be paid stops it (``paid_top``),
    stepping it past its maximum is asked for still, and :attr:`asked_more` says how far
    (the calculator then says why it goes no further)."""

    asked_more = Signal(int)

    def __init__(self, name: str, low: int, high: int, value: int, tip: str) -> None:
        super().__init__()
        self.setAccessibleName(name)
        self.setRange(low, high)
        self.setValue(value)
        self.setToolTip(tip)
        self.paid_top = False

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        enabled = super().stepEnabled()
        if self.paid_top and self.isEnabled():
            enabled |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        return enabled

    def stepBy(self, steps: int) -> None:
        if self.paid_top and steps > 0 and self.value() + steps > self.maximum():
            self.asked_more.emit(self.value() + steps)
        super().stepBy(steps)


class HelperRow(QWidget):
    """One assistant's target number and Focus."""

    def __init__(self, number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.tn = spin_box(f"Assistant {number} target number", 0, dice.MAX_TN, 10,
                           "The assistant's own attribute + skill")
        self.focus = spin_box(f"Assistant {number} Focus", 0, dice.MAX_TN, 0,
                              "The assistant's Focus in the skill")
        row.addWidget(QLabel(f"#{number} TN"))
        row.addWidget(self.tn)
        row.addWidget(QLabel("Focus"))
        row.addWidget(self.focus)
        row.addStretch(1)


class SkillPart(CalculatorPart):
    """The skill test's inputs, built by :meth:`_build_test`, :meth:`_build_helpers` and
    :meth:`_build_opponent`, and the test they set up (:meth:`spec`)."""

    pay_limits: PayLimits | None
    """What whoever the roller rolls for can pay for (:meth:`set_pay_limits`); None: only
    the pool's cap bounds the d20s."""
    _asked: dict[str, int]
    """The d20s and Fortune dice last set in their boxes, which the boxes go back up to
    when a limit that lowered them rises again."""
    _limiting: bool
    """The boxes' ranges are being set (a value they lower is not one asked for)."""

    def _start_skill(self) -> None:
        """The test's state before its boxes are built."""
        self.pay_limits = None
        self._asked = {"dice": 2, "fortune": 0}
        self._limiting = False

    def _build_test(self, column: QVBoxLayout) -> None:
        group = QGroupBox("Skill test")
        form = input_form(group)
        self.tn = spin_box("Target number", 0, dice.MAX_TN, 10,
                           "Attribute + skill (Expertise in Conan): a d20 at or under it succeeds")
        self.difficulty = spin_box("Difficulty", 0, dice.MAX_DIFFICULTY, 1,
                                   "Successes needed: 0 Simple, 1 Average ... 5 Epic")
        self.focus = spin_box("Focus", 0, dice.MAX_TN, 0,
                              "A d20 at or under the Focus scores two successes")
        self.dice_count = PaidBox("d20s rolled", 2, DEFAULT_SETTINGS.pool_cap, 2,
                                  "Two d20s plus the bought ones")
        self.fortune = PaidBox("Fortune dice", 0, DEFAULT_SETTINGS.pool_cap - 2, 0,
                               "Each counts as a rolled 1 and still counts toward the pool cap")
        self.untrained = QCheckBox("Untrained (complications on 19-20)")
        self.untrained.setToolTip("An untrained skill widens the complication range to 19-20")
        self.range_extra = spin_box("Complication range modifiers", 0, 19, 0,
                                    "+1 face for each reason (sneaking, a written threat, "
                                    "each lie, each Uncertainty Setback)")
        self.range_label = QLabel()
        self.range_label.setAccessibleName("Complication range")
        self.cost_label = QLabel()
        self.cost_label.setAccessibleName("Price of bought dice")
        self.cost_label.setWordWrap(True)
        self.attack_kind = WideCombo()
        self.attack_kind.setAccessibleName("Kind of test")
        self.attack_kind.setToolTip("An attack sets the Difficulty from the rules; you can "
                                    "still change it afterwards")
        self.attack_kind.addItem("Any skill test", "test")
        self.attack_kind.addItem("Melee or mental attack", "melee")
        self.attack_kind.addItem("Ranged attack", "ranged")
        self.weapon_range = shrinkable(QComboBox())
        self.weapon_range.setAccessibleName("Weapon's range")
        self.target_range = shrinkable(QComboBox())
        self.target_range.setAccessibleName("Target's range")
        for name in RANGES:
            self.weapon_range.addItem(f"weapon {name}", name)
            self.target_range.addItem(f"target at {name}", name)
        ranges = QHBoxLayout()
        ranges.addWidget(self.weapon_range)
        ranges.addWidget(self.target_range)
        self.ranges_row = QWidget()
        self.ranges_row.setLayout(ranges)
        ranges.setContentsMargins(0, 0, 0, 0)
        for combo in (self.attack_kind, self.weapon_range, self.target_range):
            combo.currentIndexChanged.connect(self._attack_changed)
        form.addRow("Test", self.attack_kind)
        form.addRow(self.ranges_row)
        form.addRow("Target number", self.tn)
        form.addRow("Difficulty", self.difficulty)
        form.addRow("Focus", self.focus)
        form.addRow("d20s rolled", self.dice_count)
        form.addRow("Fortune dice", self.fortune)
        self.pay_note = status_line(name="Dice that cannot be paid for")
        reserve_lines(self.pay_note, 2)  # said or not, nothing below moves
        form.addRow(self.pay_note)
        self.pay_note.setHidden(False)  # on the page now (alone, it would be a window)
        form.addRow(self.untrained)
        form.addRow("Range modifiers", self.range_extra)
        form.addRow("Complications on", self.range_label)
        form.addRow(self.cost_label)
        column.addWidget(group)

    def _build_helpers(self, column: QVBoxLayout) -> None:
        group = QGroupBox("Assistants")
        box = QVBoxLayout(group)
        self.helper_count = spin_box("Number of assistants", 0, MAX_HELPERS, 0,
                                     "Each assistant rolls one d20 of their own")
        line = QHBoxLayout()
        line.addWidget(QLabel("Assistants"))
        line.addWidget(self.helper_count)
        line.addStretch(1)
        box.addLayout(line)
        self.helpers = [HelperRow(n + 1) for n in range(MAX_HELPERS)]
        for helper in self.helpers:
            box.addWidget(helper)
        self.helper_count.valueChanged.connect(self._show_helpers)
        self._show_helpers()
        column.addWidget(group)

    def _build_opponent(self, column: QVBoxLayout) -> None:
        group = self._optional_group("Opposed test", checked=False)
        self.opposed_group = group
        form = input_form(group)
        self.opp_tn = spin_box("Opponent target number", 0, dice.MAX_TN, 10, "The opponent's TN")
        self.opp_difficulty = spin_box("Opponent Difficulty", 0, dice.MAX_DIFFICULTY, 1,
                                       "Usually 1 for melee, mental and social struggles")
        self.opp_focus = spin_box("Opponent Focus", 0, dice.MAX_TN, 0, "The opponent's Focus")
        self.opp_dice = spin_box("Opponent d20s", 2, DEFAULT_SETTINGS.pool_cap, 2,
                                 "d20s the opponent rolls")
        form.addRow("Target number", self.opp_tn)
        form.addRow("Difficulty", self.opp_difficulty)
        form.addRow("Focus", self.opp_focus)
        form.addRow("d20s rolled", self.opp_dice)
        column.addWidget(group)

    def _attack_changed(self) -> None:
        kind = self.attack_kind.currentData()
        self.ranges_row.setVisible(kind == "ranged")
        if kind == "melee":
            self.difficulty.setValue(MELEE_DIFFICULTY)
        elif kind == "ranged":
            self.difficulty.setValue(ranged_difficulty(
                self.weapon_range.currentData(), self.target_range.currentData(),
                self.settings))

    def _show_helpers(self) -> None:
        for index, helper in enumerate(self.helpers):
            helper.setVisible(index < self.helper_count.value())

    def _range_changed(self) -> None:
        self.recompute()

    def complication_range(self) -> int:
        return dice.complication_range(self.untrained.isChecked(), self.range_extra.value())

    def set_pay_limits(self, limits: PayLimits | None) -> None:
        """The most d20s and Fortune dice whoever the roller rolls for can pay for (the
        core's :func:`~seforge.systems.twod20.roller.pay_limits`); None: no one's. The
        boxes' ranges follow, and their values: lowered to what can be paid, back up to
        the number asked once it can be."""
        if limits == self.pay_limits:
            return
        self.pay_limits = limits
        self.recompute()

    def _asked_for(self, which: str, value: int) -> None:
        if not self._limiting:
            self._asked[which] = value

    def _asked_past_top(self, which: str, value: int) -> None:
        """More dice asked than can be paid for: the line beside the boxes says why."""
        self._asked[which] = value
        self.recompute()

    def _sync_limits(self) -> None:
        """Ranges from the core: Focus at most the TN, the pool cap counting Fortune dice,
        and no more bought d20s or Fortune dice than can be paid for."""
        was, self._limiting = self._limiting, True
        try:
            self._sync_pool()
        finally:
            self._limiting = was
        found = dice.limits(self.spec_raw(), self.settings)
        self.focus.setMaximum(found.focus_max)
        opponent = dice.limits(dice.SkillTest(self.opp_tn.value(), dice=self.opp_dice.value()),
                               self.settings)
        self.opp_dice.setMaximum(opponent.dice_max)
        self.opp_focus.setMaximum(opponent.focus_max)
        for helper in self.helpers:
            helper.focus.setMaximum(dice.limits(dice.SkillTest(helper.tn.value()),
                                                self.settings).focus_max)
        self.focus.setToolTip("A d20 at or under the Focus scores two successes; "
                              f"{found.focus_reason}. "
                              f"{focus_note(self.profile, self.settings)}.")

    def _sync_pool(self) -> None:
        """The d20s and Fortune dice boxes' ranges; each value raised back towards the
        number asked where the new range allows it."""
        pay = self.pay_limits
        # the d20s and the Fortune dice share the pool's cap: each range is worked out
        # after the other's value is set, and once more when one of them has risen
        for _ in range(2):
            for box, which in ((self.fortune, "fortune"), (self.dice_count, "dice")):
                found = dice.limits(self.spec_raw(), self.settings)
                top = found.dice_max if which == "dice" else found.fortune_max
                if pay is not None:
                    paid = 2 + pay.bought_max if which == "dice" else pay.fortune_max
                    box.paid_top = paid < top
                    top = max(box.minimum(), min(top, paid))
                else:
                    box.paid_top = False
                box.setMaximum(top)
                wanted = min(self._asked[which], top)
                if box.value() < wanted:
                    box.blockSignals(True)
                    box.setValue(wanted)
                    box.blockSignals(False)
        found = dice.limits(self.spec_raw(), self.settings)
        bought_reason = pay.bought_reason if pay else None
        fortune_reason = pay.fortune_reason if pay else None
        self.dice_count.setToolTip(f"Two d20s plus the bought ones; {found.pool_reason}"
                                   + self._unpaid(bought_reason))
        self.fortune.setToolTip(f"Each counts as a rolled 1; {found.pool_reason}"
                                + self._unpaid(fortune_reason))
        # beside the boxes, why one stands below the number asked (the d20s' first)
        unpaid = next((reason for reason, box, which in (
            (bought_reason, self.dice_count, "dice"), (fortune_reason, self.fortune, "fortune"))
            if reason is not None and box.paid_top and self._asked[which] > box.value()),
            None)
        # the line stays on the page, empty when all is paid: nothing below it moves
        self.pay_note.setText(
            "" if unpaid is None else sentence("Cannot pay", refusal_text(unpaid)))
        self.pay_note.setToolTip(self.pay_note.text())

    @staticmethod
    def _unpaid(reason: str | None) -> str:
        return f"; no more can be paid for ({reason})" if reason else ""

    def spec_raw(self) -> dice.SkillTest:
        return dice.SkillTest(self.tn.value(), self.difficulty.value(), self.focus.value(),
                              self.dice_count.value(), self.fortune.value(), 1)

    def spec(self) -> dice.SkillTest:
        return dice.SkillTest(self.tn.value(), self.difficulty.value(), self.focus.value(),
                              self.dice_count.value(), self.fortune.value(),
                              self.complication_range())

    def helpers_in_use(self) -> list[dice.Helper]:
        return [dice.Helper(h.tn.value(), h.focus.value())
                for h in self.helpers[: self.helper_count.value()]]
