"""The 2d20 test calculator: exact odds of a test (with assistants and an opponent), the
damage and Harms of a hit, and judging the dice on the table. Every number comes from
``seforge.systems.twod20``; the widgets only collect inputs within the core's ranges.

The calculator is put together from its parts: :mod:`.calculator_skill` (the test's inputs
and their limits) and :mod:`.calculator_damage` (the damage's inputs, whom it hits and its
odds), on :mod:`.calculator_part`'s shared base; this module holds the page, the test's
answers and the judging of the dice rolled."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
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
    QVBoxLayout,
    QWidget,
)

from seforge.core.probability_text import exactly
from seforge.systems.twod20 import dice
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.settings import DEFAULT_SETTINGS, TableSettings, bonus_die_cost
from ui.shell.focus_nav import no_tab_trap
from ui.systems.twod20.calculator_damage import DamagePart
from ui.systems.twod20.calculator_part import chance_column
from ui.systems.twod20.calculator_skill import SkillPart
from ui.systems.twod20.common import ReflowRow, page_scroll, set_probability
from ui.systems.twod20.hazard_cost import HazardCost

W = TypeVar("W", bound=QWidget)


class Calculator(SkillPart, DamagePart):
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
        self._start_skill()
        self._start_damage()
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
        self._build_damage_results(column)
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
        # a full Vigor or Resolve track, or no Stress marked, until set otherwise
        self._typed_track = (10 if conan else 0, self._typed_track[1])
        self._show_track()
        self.hazard_group.setVisible(conan)
        self.fortune.setEnabled(True)
        self.recompute()

    def set_settings(self, settings: TableSettings) -> None:
        self.settings = settings
        self.set_typed_threshold(settings.harm_threshold)
        self._attack_changed()
        self._sync_limits()
        self.recompute()
        self.hazard_group.refresh()

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
