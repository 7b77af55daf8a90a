"""The 2d20 test calculator: exact odds of a test (with assistants and an opponent), the
damage and Harms of a hit, and judging the dice on the table. Every number comes from
``seforge.systems.twod20``; the widgets only collect inputs within the core's ranges."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.probability_text import exactly, percent
from seforge.systems.twod20 import damage as dmg
from seforge.systems.twod20 import dice, roller
from seforge.systems.twod20.attacks import MELEE_DIFFICULTY, RANGES, ranged_difficulty
from seforge.systems.twod20.conflict_model import Combatant
from seforge.systems.twod20.models import Character
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.roller import PayLimits
from seforge.systems.twod20.settings import (
    DEFAULT_SETTINGS,
    TableSettings,
    bonus_die_cost,
    focus_note,
)
from ui.shell.focus_nav import no_tab_trap
from ui.shell.refusal import refusal_text, sentence, status_line
from ui.shell.steady_text import reserve_lines
from ui.shell.widgets import spin_box
from ui.systems.twod20.common import (
    ReflowRow,
    WideCombo,
    elide_headers,
    input_form,
    one_row_height,
    page_scroll,
    rows_height,
    set_probability,
    shrinkable,
)
from ui.systems.twod20.hazard_cost import HazardCost

MAX_HELPERS = 4
ARMOUR_TIP = ("Persistent Resistance (static Soak), for a target whose own Armour or Courage "
              "is not known")
"""The Armour box's tooltip while it holds the Soak typed by hand."""
W = TypeVar("W", bound=QWidget)


def chance_column(head: str, name: str, tip: str) -> QTableWidget:
    """A table of chances, one row per value of ``head`` (filled by
    :meth:`Calculator._fill_column`)."""
    table = QTableWidget(0, 2)
    table.setHorizontalHeaderLabels([head, "Chance"])
    table.setAccessibleName(name)
    table.setToolTip(tip)
    table.verticalHeader().setVisible(False)
    return table


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


class Calculator(QWidget):
    """Inputs on the left, exact answers on the right; recomputed on every change."""

    recomputed = Signal()

    def __init__(self, parent: QWidget | None = None,
                 head: Callable[[Calculator], QWidget] | None = None) -> None:
        """``head`` makes the first piece of the results column (the GM Screen's dice
        roller, which needs the calculator): made here, before the odds, so that Tab
        reaches it where it stands, after the inputs and before the odds."""
        super().__init__(parent)
        self.profile = Profile.SRD2022
        self.settings: TableSettings = DEFAULT_SETTINGS
        self.last_odds: dice.SkillOdds | None = None
        self.last_opposed: dice.OpposedOdds | None = None
        self.last_damage: dmg.DamageOdds | None = None
        self.pay_limits: PayLimits | None = None
        """What whoever the roller rolls for can pay for (:meth:`set_pay_limits`); None:
        only the pool's cap bounds the d20s."""
        self._asked = {"dice": 2, "fortune": 0}
        """The d20s and Fortune dice last set in their boxes, which the boxes go back up
        to when a limit that lowered them rises again."""
        self._limiting = False
        self.hit: tuple[Character | Combatant | None, str, bool] = (None, "", False)
        """Whom the roller's damage hits (None: nobody known), their name, and whether the
        damage is mental: their Armour or Courage is the damage's Soak when it is known
        (:meth:`set_hit_target`)."""
        self._typed_soak = 0
        """The Soak typed in the Armour box, used while the target's own is not known."""
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        inputs = QWidget()
        form_column = QVBoxLayout(inputs)
        self._build_test(form_column)
        self._build_helpers(form_column)
        self._build_opponent(form_column)
        self._build_damage(form_column)
        self.hazard_group = HazardCost(lambda: self.settings)
        form_column.addWidget(self.hazard_group)
        form_column.addStretch(1)
        form_column.setContentsMargins(0, 0, 0, 0)
        results = QWidget()
        self.results_layout = QVBoxLayout(results)
        self.results_layout.setContentsMargins(0, 0, 0, 0)
        self.head = head(self) if head is not None else None
        if self.head is not None:
            self.results_layout.addWidget(self.head)
        self._build_results(self.results_layout)
        # inputs beside the results when wide, above them when narrow; one page to scroll
        self.columns = ReflowRow([inputs, results], (2, 3))
        self.page_scroll = page_scroll(self.columns)
        outer.addWidget(self.page_scroll)
        for table in self.findChildren(QTableWidget):
            no_tab_trap(table)
        # before the odds follow the change: the number asked is known when they do
        for paid, which in ((self.dice_count, "dice"), (self.fortune, "fortune")):
            paid.valueChanged.connect(lambda v, w=which: self._asked_for(w, v))
            paid.asked_more.connect(lambda v, w=which: self._asked_past_top(w, v))
        for box in self._own(QSpinBox):
            box.valueChanged.connect(self.recompute)
        for check in self._own(QCheckBox):
            check.toggled.connect(self.recompute)
        self.untrained.toggled.connect(self._range_changed)
        self.range_extra.valueChanged.connect(self._range_changed)
        self._sync_limits()
        self.ranges_row.setVisible(False)
        self.hazard_group.setVisible(False)
        self.recompute()

    def _own(self, kind: type[W]) -> list[W]:
        """The calculator's own widgets of ``kind`` (not those of its head)."""
        head = self.head
        return [w for w in self.findChildren(kind) if head is None or not head.isAncestorOf(w)]

    # -- building ----------------------------------------------------------------------
    def _optional_group(self, title: str, *, checked: bool) -> QGroupBox:
        """A part of the test the user switches on and off (the odds follow at once)."""
        group = QGroupBox(title)
        group.setCheckable(True)
        group.setChecked(checked)
        group.toggled.connect(self.recompute)
        return group

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

    def _build_damage(self, column: QVBoxLayout) -> None:
        group = self._optional_group("Damage", checked=True)
        self.damage_group = group
        form = input_form(group)
        self.dmg_dice = spin_box("Damage dice", 0, dmg.MAX_DAMAGE_DICE, 3,
                                 "Weapon dice + skill or attribute bonus + dice bought")
        self.dmg_flat = spin_box("Flat damage", 0, dmg.MAX_FLAT, 0,
                                 "Added to the total (Conan: +1 per Momentum)")
        self.vicious = spin_box("Vicious", 0, 9, 0, "+1 Stress per Effect per rating")
        self.piercing = spin_box("Piercing", 0, 9, 0, "Ignore this much Resistance per Effect")
        self.intense = QCheckBox("Intense")
        self.intense.setToolTip("One more Harm when an Effect is rolled and a Harm is caused")
        self.armour = spin_box("Armour or Courage", 0, dmg.MAX_FLAT, 0, ARMOUR_TIP)
        # before the odds follow it: they take the Soak typed
        self.armour.valueChanged.connect(self._soak_typed)
        self.cover = spin_box("Cover or Morale dice", 0, dmg.MAX_COVER_DICE, 0,
                              "Conditional Resistance rolled as dice")
        self.sturdy = QCheckBox("Sturdy cover")
        self.sturdy.setToolTip("The cover adds +1 per Effect it rolls")
        self.current = spin_box("Current Stress", 0, dmg.MAX_FLAT, 0,
                                "Stress the target already has")
        self.maximum = spin_box("Maximum Stress", 0, dmg.MAX_FLAT, 10,
                                "The target's maximum Stress")
        self.threshold = spin_box("Harm threshold", 1, 20, DEFAULT_SETTINGS.harm_threshold,
                                  "Stress in one hit that causes a Harm (5, or 5 + Scale)")
        self.current_label = QLabel("Current Stress")
        self.max_label = QLabel("Maximum Stress")
        form.addRow("Damage dice", self.dmg_dice)
        form.addRow("Flat damage", self.dmg_flat)
        form.addRow("Vicious", self.vicious)
        form.addRow("Piercing", self.piercing)
        form.addRow(self.intense)
        form.addRow("Armour / Courage", self.armour)
        form.addRow("Cover / Morale dice", self.cover)
        form.addRow(self.sturdy)
        form.addRow(self.current_label, self.current)
        form.addRow(self.max_label, self.maximum)
        form.addRow("Harm threshold", self.threshold)
        column.addWidget(group)

    def _build_results(self, column: QVBoxLayout) -> None:
        group = QGroupBox("Test")
        grid = QGridLayout(group)
        self.p_success = QLabel()
        self.p_clean = QLabel()
        self.p_complication = QLabel()
        self.expected = QLabel()
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setAccessibleName("Why the test cannot be worked out")
        rows = (("Success", self.p_success), ("Success with no complication", self.p_clean),
                ("At least one complication", self.p_complication),
                ("Expected successes", self.expected))
        for index, (text, label) in enumerate(rows):
            label.setAccessibleName(text)
            grid.addWidget(QLabel(text), index, 0)
            grid.addWidget(label, index, 1)
        grid.addWidget(self.problem, len(rows), 0, 1, 2)
        column.addWidget(group)
        self.momentum_table = chance_column("Momentum", "Momentum histogram",
                                            "P(success with exactly this much Momentum); "
                                            "the chances add up to the chance of success")
        momentum_caption = QLabel("Momentum generated on a success")
        momentum_caption.setWordWrap(True)
        column.addWidget(momentum_caption)
        column.addWidget(self.momentum_table)
        self.opposed_box = QGroupBox("Opposed test")
        self.opposed_table = QTableWidget(0, 2)
        self.opposed_table.setHorizontalHeaderLabels(["Outcome", "Chance"])
        self.opposed_table.setAccessibleName("Opposed test outcomes")
        self.opposed_table.verticalHeader().setVisible(False)
        self.opposed_table.setMaximumHeight(260)
        opposed_layout = QVBoxLayout(self.opposed_box)
        opposed_layout.addWidget(self.opposed_table)
        column.addWidget(self.opposed_box)
        self.damage_box = QGroupBox("Damage")
        damage_layout = QVBoxLayout(self.damage_box)
        self.damage_summary = QLabel()
        self.damage_summary.setWordWrap(True)
        self.damage_summary.setAccessibleName("Damage summary")
        self.harm_table = QTableWidget(1, 0)
        self.harm_table.setVerticalHeaderLabels(["Chance"])
        self.harm_table.setAccessibleName("Harms after soak")
        self.harm_table.setToolTip("Chance of 0, 1, 2, or 3 or more Harms from this hit")
        self.harm_table.setFixedHeight(one_row_height(self.harm_table))
        self.total_table = QTableWidget(0, 3)
        self.total_table.setHorizontalHeaderLabels(["Dice total", "Chance", "With an Effect"])
        self.total_table.setAccessibleName("Damage dice totals")
        self.total_table.verticalHeader().setVisible(False)
        self.total_table.setMaximumHeight(200)
        self.effects_table = chance_column("Effects", "Effects rolled",
                                           "Chance of rolling exactly this many Effects")
        damage_layout.addWidget(self.damage_summary)
        damage_layout.addWidget(QLabel("Harms after soak"))
        damage_layout.addWidget(self.harm_table)
        damage_layout.addWidget(QLabel("Effects rolled"))
        damage_layout.addWidget(self.effects_table)
        damage_layout.addWidget(self.total_table)
        column.addWidget(self.damage_box)
        column.addWidget(self._build_judge())
        column.addStretch(1)

    def _build_judge(self) -> QGroupBox:
        group = QGroupBox("Judge the dice rolled")
        box = QVBoxLayout(group)
        line = QHBoxLayout()
        self.faces = QLineEdit()
        self.faces.setPlaceholderText("faces, e.g. 3 14 20")  # whole in the dock at 1024
        self.faces.setAccessibleName("Faces rolled")
        self.faces.setToolTip("The d20 faces on the table, separated by spaces; Fortune dice "
                              "come from the Fortune box")
        self.judge_button = QPushButton("Judge")
        self.judge_button.setToolTip("Count successes, Momentum and complications")
        line.addWidget(self.faces, 1)
        line.addWidget(self.judge_button)
        box.addLayout(line)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setAccessibleName("Verdict")
        box.addWidget(self.verdict)
        self.judge_button.clicked.connect(self.judge)
        self.faces.returnPressed.connect(self.judge)
        return group

    # -- state ---------------------------------------------------------------------------
    def set_profile(self, profile: Profile | str) -> None:
        self.profile = Profile(profile)
        conan = self.profile is Profile.CONAN
        self.current_label.setText("Vigor or Resolve left" if conan else "Current Stress")
        self.current.setToolTip("What the target's track holds now" if conan
                                else "Stress the target already has")
        self.current.blockSignals(True)
        self.current.setValue(10 if conan else 0)
        self.current.blockSignals(False)
        self.max_label.setVisible(not conan)
        self.hazard_group.setVisible(conan)
        self.maximum.setVisible(not conan)
        self.fortune.setEnabled(True)
        self.recompute()

    def set_settings(self, settings: TableSettings) -> None:
        self.settings = settings
        self.threshold.blockSignals(True)
        self.threshold.setValue(settings.harm_threshold)
        self.threshold.blockSignals(False)
        self._attack_changed()
        self._sync_limits()
        self.recompute()
        self.hazard_group.refresh()

    def set_hit_target(self, target: Character | Combatant | None, name: str,
                       mental: bool) -> None:
        """Whom the roller's damage hits (None: nobody known) and whether it is mental: the
        odds soak with their Armour or Courage when it is known, as the roll does (the
        core's :func:`~seforge.systems.twod20.roller.hit_soak`); the Armour box shows it,
        greyed, and gets back the Soak typed once it is not known."""
        before = (self.soak(), self.hit[1:])
        self.hit = (target, name, mental)
        if (self.soak(), self.hit[1:]) == before:
            return
        self._show_soak()
        self.recompute()

    def soak(self) -> tuple[int, bool]:
        """The static Soak of the damage's odds, and whether it is the target's own."""
        target, _name, mental = self.hit
        return roller.hit_soak(target, mental, self._typed_soak)

    def typed_soak(self) -> int:
        """The Soak typed in the Armour box (the target's own counts when it is known)."""
        return self._typed_soak

    def soak_source(self) -> str:
        """Where the static Soak comes from, in words."""
        _target, name, mental = self.hit
        if self.soak()[1]:
            return f"{name}'s {'Courage' if mental else 'Armour'}"
        return f"the Armour / Courage box, as {name}'s own is not known" if name else (
            "the Armour / Courage box")

    def _soak_typed(self, value: int) -> None:
        """The box set (by hand, or by code while it shows the target's): kept for a target
        whose own Soak is not known; the box goes on showing the target's when it is."""
        self._typed_soak = value
        if self.soak()[1]:
            self._show_soak()

    def _show_soak(self) -> None:
        value, theirs = self.soak()
        self.armour.blockSignals(True)
        self.armour.setValue(value)
        self.armour.blockSignals(False)
        self.armour.setEnabled(not theirs)
        self.armour.setToolTip(
            f"{self.soak_source()}: the Soak of whom the roller's damage hits (set in the "
            "tracker or their record); the odds and the roll both use it" if theirs
            else ARMOUR_TIP)

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

    def damage_spec(self) -> dmg.DamageSpec:
        conan = self.profile is Profile.CONAN
        return dmg.DamageSpec(
            profile=self.profile, dice=self.dmg_dice.value(), flat=self.dmg_flat.value(),
            vicious=self.vicious.value(), piercing=self.piercing.value(),
            intense=self.intense.isChecked(), armour=self.soak()[0],
            cover_dice=self.cover.value(), sturdy=self.sturdy.isChecked(),
            current_stress=self.current.value(),
            max_stress=self.current.value() if conan else self.maximum.value(),
            harm_threshold=self.threshold.value())

    # -- answers -------------------------------------------------------------------------
    def recompute(self) -> None:
        if not hasattr(self, "damage_box"):
            return
        self._sync_limits()
        spec = self.spec()
        info = profile_info(self.profile)
        low = 21 - spec.complication_range
        self.range_label.setText("20" if low == 20 else f"{low}-20")
        bought = spec.dice - 2
        cost = bonus_die_cost(self.settings, bought)
        self.cost_label.setText(
            "No dice bought." if bought == 0 else
            f"{bought} bought d20{'s' if bought > 1 else ''}: {cost} Momentum, or {cost} "
            f"{info.gm_pool} added by a PC (prices "
            f"{', '.join(str(p) for p in self.settings.bonus_die_prices)}: a convention in "
            "neither document, set in the table settings)"
            + (f"; {spec.fortune} Fortune spent" if spec.fortune else ""))
        reason = dice.why_not(spec, self.settings)
        self.problem.setText(reason or "")
        if reason is None:
            odds = dice.assisted_odds(spec, self.helpers_in_use(), self.settings)
            self.last_odds = odds
            set_probability(self.p_success, odds.success)
            set_probability(self.p_clean, odds.success_clean)
            set_probability(self.p_complication, odds.complication)
            self.expected.setText(f"{float(odds.expected_successes):.3f}")
            self.expected.setToolTip(exactly(odds.expected_successes))
            self._fill_column(self.momentum_table,
                              [(str(k), p) for k, p in odds.momentum.items()])
        self._opposed()
        self._damage()
        self.recomputed.emit()

    def _fill(self, table: QTableWidget, rows: list[tuple[str, Fraction]]) -> None:
        table.setRowCount(len(rows))
        for index, (text, p) in enumerate(rows):
            table.setItem(index, 0, QTableWidgetItem(text))
            item = QTableWidgetItem(percent(p))
            item.setToolTip(exactly(p))
            table.setItem(index, 1, item)
        elide_headers(table)

    def _fill_row(self, table: QTableWidget, cells: list[tuple[str, Fraction]]) -> None:
        """One row of chances under one column header each."""
        table.setColumnCount(len(cells))
        table.setHorizontalHeaderLabels([text for text, _ in cells])
        for index, (_text, p) in enumerate(cells):
            item = QTableWidgetItem(percent(p))
            item.setToolTip(exactly(p))
            table.setItem(0, index, item)
        elide_headers(table)
        table.setFixedHeight(one_row_height(table))

    def _fill_column(self, table: QTableWidget, rows: list[tuple[str, Fraction]]) -> None:
        """A chance per row, every row in view (a row of many columns cut each to a few
        letters in the docked GM Screen: "13.1…")."""
        self._fill(table, rows)
        table.setFixedHeight(rows_height(table, len(rows)))

    def _opposed(self) -> None:
        on = self.opposed_group.isChecked()
        self.opposed_box.setVisible(on)
        self.last_opposed = None
        if not on:
            return
        other = dice.SkillTest(self.opp_tn.value(), self.opp_difficulty.value(),
                               self.opp_focus.value(), self.opp_dice.value())
        if dice.why_not(self.spec(), self.settings) or dice.why_not(other, self.settings):
            self.opposed_table.setRowCount(0)
            return
        odds = dice.opposed_odds(self.spec(), other, self.settings)
        self.last_opposed = odds
        self._fill(self.opposed_table, [
            ("Only you succeed", odds.only_a), ("Only the opponent succeeds", odds.only_b),
            ("Both fail", odds.both_fail), ("Both succeed, you have more Momentum",
                                            odds.both_a_more),
            ("Both succeed, the opponent has more", odds.both_b_more),
            ("Both succeed, equal Momentum", odds.both_equal),
            ("You win (table's tie rule)", odds.a_wins),
            ("The opponent wins (table's tie rule)", odds.b_wins),
            ("Nobody wins", odds.draw),
        ])

    def _damage(self) -> None:
        on = self.damage_group.isChecked()
        self.damage_box.setVisible(on)
        self.last_damage = None
        if not on:
            return
        spec = self.damage_spec()
        reason = dmg.why_not_damage(spec)
        if reason is not None:
            self.damage_summary.setText(reason)
            self.harm_table.setColumnCount(0)
            self.effects_table.setRowCount(0)
            self.total_table.setRowCount(0)
            return
        odds = dmg.damage_odds(spec)
        self.last_damage = odds
        effect = odds.dice.p(lambda o: o[1] >= 1)
        die = profile_info(self.profile).damage_die
        self.damage_summary.setText(
            f"{spec.dice} {die}: average total {float(odds.expected_total):.2f}, "
            f"at least one Effect {percent(effect)}; average Stress after soak "
            f"{float(odds.stress.mean()):.2f} (static Soak {spec.armour}: "
            f"{self.soak_source()}).")
        self.damage_summary.setToolTip(
            f"average total {exactly(odds.expected_total)}; Effect {exactly(effect)}")
        self._fill_row(self.harm_table, [(f"{k} Harm{'' if k == '1' else 's'}", p)
                                         for k, p in odds.harm_bands().items()])
        effect_counts = odds.dice.map(lambda o: o[1])
        self._fill_column(self.effects_table,
                          [(str(k), effect_counts[k]) for k in range(spec.dice + 1)])
        totals: dict[int, tuple[Fraction, Fraction]] = {}
        for (total, effects), p in odds.dice.items():
            all_p, with_effect = totals.get(total, (Fraction(0), Fraction(0)))
            totals[total] = (all_p + p, with_effect + (p if effects else 0))
        self.total_table.setRowCount(len(totals))
        for index, total in enumerate(sorted(totals)):
            all_p, with_effect = totals[total]
            self.total_table.setItem(index, 0, QTableWidgetItem(str(total)))
            for column, value in ((1, all_p), (2, with_effect)):
                item = QTableWidgetItem(percent(value))
                item.setToolTip(exactly(value))
                self.total_table.setItem(index, column, item)
        elide_headers(self.total_table)

    def judge(self) -> None:
        text = self.faces.text().replace(",", " ")
        try:
            faces = [int(part) for part in text.split()]
        except ValueError:
            self.verdict.setText("Type the faces as whole numbers, e.g. 3 14 20.")
            return
        if not faces:
            self.verdict.setText("Type the faces rolled first.")
            return
        try:
            verdict = dice.judge(faces, self.spec(), self.settings)
        except dice.SkillTestError as exc:
            self.verdict.setText(str(exc).capitalize() + ".")
            return
        per_die = ", ".join(f"{face}: {s} success{'es' if s != 1 else ''}"
                            + (" + complication" if c else "")
                            for face, s, c in verdict.per_die)
        self.verdict.setText(f"{verdict.successes} successes, {verdict.complications} "
                             f"complications ({per_die}).\n" + "\n".join(verdict.next_steps))


def profile_combo(parent: QWidget | None = None) -> QComboBox:
    """A picker of the two profiles (data: the profile id)."""
    combo = QComboBox(parent)
    for profile in Profile:
        combo.addItem(profile_info(profile).title, profile.value)
    combo.setAccessibleName("Profile")
    combo.setToolTip("Which 2d20 game: the SRD 2022 chapter (Threat, Challenge Dice, Stress) "
                     "or Conan (Doom, Combat Dice, Vigor and Resolve, Fortune)")
    return combo
