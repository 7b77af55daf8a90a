"""The Blades GM Screen page: action, resistance and fortune odds with position and effect,
clock fill odds, and the searchable reference tables. Ranges come from the core."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.odds import Contest
from seforge.core.probability_text import exactly, percent
from seforge.core.trackers import MAX_CLOCK_SEGMENTS
from seforge.systems.blades import odds, reference, rules
from seforge.systems.blades.crew import BLADES_CLOCK_SIZES, clock_size_label
from seforge.systems.blades.facts import MAX_RATING, Effect, Position
from ui.shell.document_owner import DocumentOwner
from ui.shell.focus_nav import FocusInView
from ui.shell.refusal import refuse
from ui.shell.widgets import spin_box
from ui.systems.blades.common import (
    header_tips,
    percent_item,
    room_for_placeholder,
    share_columns,
    stretch_columns,
    text_item,
)
from ui.systems.blades.group_page import GroupPage
from ui.systems.blades.roller_box import RollerBox
from ui.systems.blades.screen_parts import (
    LEVEL_NAMES,
    combo,
    consequences_table,
    fill_consequences,
    fit_rows,
    odds_table,
    source_label,
)
from ui.systems.blades.sheet_picks import SheetPick, action_choices, attribute_choices


class RollKinds(QWidget):
    """The kinds of roll: a tab bar at the top and the page of the kind picked under it,
    as tall as that page (a tab widget is as tall as its tallest page: the roller under a
    short pool sat far below it). Only the page shown is in the layout, so its height,
    its height for a width and its minimum are the page's own."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self._bar = QTabBar()
        self._bar.setAccessibleName("Roll kind")
        self._bar.setExpanding(False)
        self._bar.setUsesScrollButtons(True)  # a narrow dock: never wider than the page
        self._bar.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout.addWidget(self._bar)
        self._pages: list[QWidget] = []
        self._pages_layout = QVBoxLayout()
        layout.addLayout(self._pages_layout)
        self._bar.currentChanged.connect(self._show)

    def setAccessibleName(self, name: str) -> None:  # Qt override: the bar says it too
        super().setAccessibleName(name)
        self._bar.setAccessibleName(name)

    def setToolTip(self, tip: str) -> None:  # Qt override
        super().setToolTip(tip)
        self._bar.setToolTip(tip)

    def tabBar(self) -> QTabBar:
        return self._bar

    def addTab(self, page: QWidget, text: str) -> int:
        self._pages.append(page)
        self._pages_layout.addWidget(page)
        index = self._bar.addTab(text)
        self._show(self._bar.currentIndex())
        return index

    def count(self) -> int:
        return len(self._pages)

    def tabText(self, index: int) -> str:
        return self._bar.tabText(index)

    def widget(self, index: int) -> QWidget:
        return self._pages[index]

    def currentIndex(self) -> int:
        return self._bar.currentIndex()

    def setCurrentIndex(self, index: int) -> None:
        self._bar.setCurrentIndex(index)

    def currentWidget(self) -> QWidget | None:
        index = self._bar.currentIndex()
        return self._pages[index] if 0 <= index < len(self._pages) else None

    def _show(self, index: int) -> None:
        for i, page in enumerate(self._pages):
            page.setVisible(i == index)


class RollsTab(QWidget):
    """Action roll (with bonus dice, position and effect), resistance and fortune odds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        # the kind of roll is picked at the top and the roller follows its pool: side by
        # side they needed more than a dock's width, and the resistance and fortune pools
        # went under the action roll and the roller, out of sight
        self.kinds = RollKinds()
        self.kinds.setAccessibleName("Roll kind")
        self.kinds.setToolTip("The kind of roll whose pool and odds are set here")
        action = QWidget()
        form = QFormLayout(action)
        self.rating = spin_box("Action rating", 0, MAX_RATING, 2,
                            f"The action's rating, 0 to {MAX_RATING}")
        self.assist = QCheckBox("Assistance (+1d, helper takes 1 stress)")
        self.push = QCheckBox("Push yourself (+1d, 2 stress)")
        self.bargain = QCheckBox("Devil's Bargain (+1d, its cost)")
        self.push_effect = QCheckBox("Push for +1 effect (2 stress)")
        self.harm = QCheckBox("Harm from the sheet")
        self.harm.setAccessibleName("Harm from the sheet")
        self._harm_sheet: object = None
        """The sheet whose harm the box was last set for (ticked anew for a new sheet)."""
        self.ability = spin_box("Ability dice", 0, odds.MAX_ABILITY_DICE, 0,
                             "Extra dice from special abilities")
        self.position = combo("Position", [p.value for p in Position], "risky",
                              "How dangerous the action is (changes no odds)")
        self.effect = combo("Effect", [e.value for e in Effect], "standard",
                            "How much the action can achieve (changes no odds)")
        for check in (self.assist, self.push, self.bargain, self.push_effect):
            check.setAccessibleName(check.text())
        self.action_pick = SheetPick("Action from the sheet", self.rating, action_choices,
                                     "action's dots")
        form.addRow("Action", self.action_pick)
        form.addRow("Rating", self.rating)
        form.addRow(self.assist)
        form.addRow(self.push)
        form.addRow(self.bargain)
        form.addRow(self.push_effect)
        form.addRow(self.harm)
        form.addRow("Ability dice", self.ability)
        form.addRow("Position", self.position)
        form.addRow("Effect", self.effect)
        self.pool = QLabel()
        self.pool.setAccessibleName("Pool and stress")
        self.pool.setWordWrap(True)
        form.addRow(self.pool)
        self.results = odds_table(["Result", "Chance"], "Action roll odds")
        fit_rows(self.results, 4)
        form.addRow(self.results)
        self.consequences = consequences_table("Consequences")
        form.addRow(self.consequences)
        resist = QWidget()
        rform = QFormLayout(resist)
        self.resist_dice = spin_box("Resistance dice", 0, MAX_RATING, 2,
                                 "The attribute's rating (0: two dice, keep the lowest)")
        self.resist_pick = SheetPick("Attribute from the sheet", self.resist_dice,
                                     attribute_choices, "attribute's rating")
        rform.addRow("Attribute", self.resist_pick)
        rform.addRow("Attribute dice", self.resist_dice)
        self.stress = odds_table(["Stress", "Chance"], "Resistance stress")
        fit_rows(self.stress, 7)
        rform.addRow(self.stress)
        self.expected = QLabel()
        self.expected.setAccessibleName("Expected stress")
        rform.addRow(self.expected)
        fortune = QWidget()
        fform = QFormLayout(fortune)
        self.fortune_dice = spin_box("Fortune dice", 0, odds.MAX_TRAIT_DICE, 1,
                                  "A trait's rating, Tier or magnitude (1 die for plain luck)")
        self.versus = spin_box("Opposed by", 0, odds.MAX_TRAIT_DICE, 0,
                            "The other side's dice (0: no opposition)")
        fform.addRow("Dice", self.fortune_dice)
        fform.addRow("Opposed by (dice, 0 = none)", self.versus)
        self.fortune = QLabel()
        self.fortune.setAccessibleName("Fortune odds")
        self.fortune.setWordWrap(True)
        fform.addRow(self.fortune)
        group = GroupPage()
        self.group_page = group
        self.members = group.members
        self.group = group.odds
        self.leader = group.leader
        self.leader_action = group.leader_action
        self.group_position = group.position
        self.group_effect = group.effect
        self.group_consequences = group.consequences
        for page, kind in ((action, "Action"), (resist, "Resistance"), (fortune, "Fortune"),
                           (group, "Group")):
            page.setAccessibleName(f"{kind} roll")
            self.kinds.addTab(page, kind)
        layout.addWidget(self.kinds)
        self.roller = RollerBox(self)
        layout.addWidget(self.roller)
        layout.addStretch(1)
        for spin in (self.rating, self.ability, self.resist_dice, self.fortune_dice,
                     self.versus, *self.members):
            spin.valueChanged.connect(lambda _v: self.refresh())
        for check in (self.assist, self.push, self.bargain, self.push_effect, self.harm):
            check.toggled.connect(lambda _on: self.refresh())
        self.action_pick.currentIndexChanged.connect(lambda _i: self.refresh())
        self.action_pick.synced.connect(self.refresh)
        for pick in (self.position, self.effect):
            pick.currentIndexChanged.connect(lambda _i: self.refresh())
        self.refresh()

    def bonus(self, *, push: bool | None = None, bargain: bool | None = None) -> odds.BonusDice:
        return odds.BonusDice(
            assist=self.assist.isChecked(),
            push=self.push.isChecked() if push is None else push,
            bargain=self.bargain.isChecked() if bargain is None else bargain,
            ability_dice=self.ability.value(),
            push_effect=self.push_effect.isChecked(),
            harm_dice=self._harm_dice() if self.harm.isChecked() else 0)

    def _harm_dice(self) -> int:
        """The dice the harm on the picked action's sheet takes off (0: none, or the
        action is set by hand)."""
        scoundrel = self.action_pick.scoundrel()
        if scoundrel is None or not self.action_pick.choice():
            return 0
        return rules.harm_dice(scoundrel)

    def _refresh_harm(self) -> None:
        """Offer the sheet's harm for an action picked from a hurt sheet: ticked when it
        first shows (the GM unticks it where the harm does not apply)."""
        scoundrel = self.action_pick.scoundrel()
        dice = self._harm_dice()
        self.harm.blockSignals(True)
        if dice and scoundrel is not None:
            # short: a check box does not wrap, and the page must not grow sideways; the
            # harm itself is named in the tooltip and in the pool's line (which wraps)
            self.harm.setText(f"Harm {dice}d (from the sheet)")
            if self._harm_sheet is not scoundrel:
                self.harm.setChecked(True)
            self._harm_sheet = scoundrel
            refuse(self.harm, None, "Take the sheet's harm off this roll's dice ("
                   + ", ".join(rules.harm_marks(scoundrel)) + "); untick it where the "
                   "harm does not get in the way")
        else:
            self.harm.setText("Harm from the sheet")
            self.harm.setChecked(False)
            self._harm_sheet = None
            refuse(self.harm, "pick the action from a sheet whose harm costs dice",
                   "Take the sheet's harm off this roll's dice")
        self.harm.blockSignals(False)

    def refresh(self) -> None:
        self._refresh_harm()
        refuse(self.push, self.bonus(push=True).why_not(), "Take 2 stress for +1d")
        refuse(self.bargain, self.bonus(bargain=True).why_not(),
               "Accept a Devil's Bargain for +1d")
        bonus = self.bonus()
        position = Position(str(self.position.currentData()))
        effect = Effect(str(self.effect.currentData()))
        result = odds.action_odds(self.rating.value(), bonus, position, effect)
        dice = result.dice
        pool = f"{dice}d" if dice > 0 else "0d: roll two dice and keep the lower (no critical)"
        hurt = self.action_pick.scoundrel()
        harm = (f" Harm {bonus.harm_dice}d counted: {', '.join(rules.harm_marks(hurt))}."
                if bonus.harm_dice and hurt is not None else "")
        self.pool.setText(f"Pool {pool}. Stress: roller {bonus.roller_stress}, helper "
                          f"{bonus.helper_stress}. {position.value.capitalize()}, "
                          f"{result.final_effect.value} effect ({result.clock_ticks} "
                          f"clock ticks on a success).{harm}")
        self.results.setRowCount(4)
        for row, level in enumerate(LEVEL_NAMES):
            self.results.setItem(row, 0, text_item(LEVEL_NAMES[level]))
            self.results.setItem(row, 1, percent_item(result.p(level)))
        fill_consequences(self.consequences, position)
        stress = odds.resistance_stress(self.resist_dice.value())
        self.stress.setRowCount(len(stress))
        for row, value in enumerate(stress.support()):
            label = "clear 1 (critical)" if value == -1 else f"{value} stress"
            self.stress.setItem(row, 0, text_item(label))
            self.stress.setItem(row, 1, percent_item(stress[value]))
        mean = stress.mean()
        self.expected.setText(f"Expected stress {float(mean):.2f}")
        self.expected.setToolTip(exactly(mean))
        levels = odds.fortune_roll(self.fortune_dice.value())
        text = ", ".join(f"{LEVEL_NAMES[lv].split(' (')[0]} {percent(levels[lv])}"
                         for lv in LEVEL_NAMES)
        if self.versus.value() > 0:
            contest = odds.opposed_fortune(self.fortune_dice.value(), self.versus.value())
            text += (f". Against {self.versus.value()}d: better "
                     f"{percent(contest[Contest.WIN])}, same "
                     f"{percent(contest[Contest.TIE])}, worse "
                     f"{percent(contest[Contest.LOSS])}")
        self.fortune.setText(text)
        self.group_page.refresh()
        self.fortune.setToolTip(", ".join(f"{lv.value} {levels[lv]}" for lv in LEVEL_NAMES))


class ClocksTab(QWidget):
    """The chance a clock fills within N rolls at a chosen pool and effect."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.segments = QComboBox()
        self.segments.setAccessibleName("Clock segments")
        for size in BLADES_CLOCK_SIZES:
            self.segments.addItem(clock_size_label(size), size)
        self.segments.setCurrentIndex(list(BLADES_CLOCK_SIZES).index(6))
        self.segments.setToolTip(f"Clock size (the core allows 2 to {MAX_CLOCK_SEGMENTS})")
        self.filled = spin_box("Already filled", 0, 11, 0, "Segments filled already")
        self.dice = spin_box("Dice per roll", 0, odds.MAX_TRAIT_DICE, 2,
                          "Dice in each roll against the clock")
        self.effect = combo("Effect", [e.value for e in Effect], "standard",
                            "Effect of each roll: ticks 0/1/2/3/5 by effect (a default "
                            "from the published game); a critical counts one level higher")
        self.rolls = spin_box("Rolls", 1, 24, 6, f"Rolls to look ahead (up to {odds.MAX_ROLLS})")
        form.addRow("Clock", self.segments)
        form.addRow("Already filled", self.filled)
        form.addRow("Dice per roll", self.dice)
        form.addRow("Effect", self.effect)
        form.addRow("Rolls", self.rolls)
        layout.addLayout(form)
        self.summary = QLabel()
        self.summary.setAccessibleName("Expected rolls")
        layout.addWidget(self.summary)
        self.table = odds_table(["Within", "Filled"], "Clock fill odds")
        layout.addWidget(self.table, 1)
        self.segments.currentIndexChanged.connect(lambda _i: self.refresh())
        for widget in (self.filled, self.dice, self.rolls):
            widget.valueChanged.connect(lambda _v: self.refresh())
        self.effect.currentIndexChanged.connect(lambda _i: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        segments = int(self.segments.currentData())
        self.filled.blockSignals(True)
        self.filled.setMaximum(segments - 1)
        self.filled.blockSignals(False)
        effect = Effect(str(self.effect.currentData()))
        self.table.setRowCount(self.rolls.value())
        for n in range(1, self.rolls.value() + 1):
            p = odds.clock_fill_odds(segments, self.dice.value(), effect, n,
                                     filled=self.filled.value())
            self.table.setItem(n - 1, 0, text_item(f"{n} roll{'s' * (n > 1)}"))
            self.table.setItem(n - 1, 1, percent_item(p))
        expected = odds.clock_expected_rolls(segments, self.dice.value(), effect,
                                             filled=self.filled.value())
        if expected is None:
            self.summary.setText("This clock never fills at this effect.")
            self.summary.setToolTip("")
        else:
            self.summary.setText(f"On average {float(expected):.2f} rolls to fill.")
            self.summary.setToolTip(exactly(expected))


class ReferenceTab(QWidget):
    """Every reference table, filtered by a search field, each row with its source."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.search = QLineEdit()
        self.search.setAccessibleName("Search the reference tables")
        self.search.setPlaceholderText("Search tables (e.g. harm, stress, coin)")
        self.search.setClearButtonEnabled(True)
        room_for_placeholder(self.search)
        layout.addWidget(self.search)
        self.pick = QComboBox()
        self.pick.setAccessibleName("Reference table")
        layout.addWidget(self.pick)
        self.source = QLabel()
        self.source.setAccessibleName("Table source")
        self.source.setWordWrap(True)
        layout.addWidget(self.source)
        self.table = odds_table([], "Reference rows")
        stretch_columns(self.table, wrap=True)
        self.table.setWordWrap(True)
        layout.addWidget(self.table, 1)
        self.search.textChanged.connect(lambda _t: self.refresh())
        self.pick.currentIndexChanged.connect(lambda _i: self.show_table())
        self._matches: dict[str, list[int]] = {}
        self.refresh()

    def refresh(self) -> None:
        found = reference.search(self.search.text())
        self._matches = {t.id: rows for t, rows in found}
        current = self.pick.currentData()
        self.pick.blockSignals(True)
        self.pick.clear()
        for t, rows in found:
            self.pick.addItem(f"{t.title} ({len(rows)})", t.id)
        index = self.pick.findData(current)
        self.pick.setCurrentIndex(index if index >= 0 else 0)
        self.pick.blockSignals(False)
        self.show_table()

    def show_table(self) -> None:
        table_id = self.pick.currentData()
        if table_id is None:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            self.source.setText("No table matches the search.")
            self.source.setToolTip("")
            return
        found = reference.table(str(table_id))
        rows = self._matches.get(found.id, [])
        notes = f"{found.notes}\n" if found.notes else ""
        self.source.setText(f"{notes}Source: {source_label(found.source)}")
        self.source.setToolTip(found.source.text if found.source is not None else "")
        self.table.setColumnCount(len(found.columns) + 1)
        self.table.setHorizontalHeaderLabels([*found.columns, "Source"])
        header_tips(self.table)
        self.table.setRowCount(len(rows))
        for r, index in enumerate(rows):
            source = found.source_of(index)
            for c, cell in enumerate(found.rows[index]):
                self.table.setItem(r, c, text_item(cell, f"{cell}\n{source_label(source)}"))
            self.table.setItem(r, len(found.columns), text_item(
                source_label(source), source.text if source is not None else ""))
        share_columns(self.table)


class BladesGmScreen(QTabWidget):
    """The GM Screen page of Blades in the Dark."""

    def set_target(self, owner: DocumentOwner[Any] | None) -> None:
        """The open scoundrel or crew the roller writes to (and a scoundrel's sheet the
        rolls can take their dice from)."""
        self.rolls.action_pick.set_owner(owner)
        self.rolls.resist_pick.set_owner(owner)
        self.rolls.leader.set_front(owner)
        self.rolls.roller.set_target(owner)

    def set_scoundrels(self, scoundrels: list[DocumentOwner[Any]]) -> None:
        """The scoundrels open in the window's tabs: the group's leader is one of them."""
        self.rolls.leader.set_scoundrels(scoundrels)

    def set_crews(self, crews: list[DocumentOwner[Any]]) -> None:
        """The crews open in the window's tabs (see :meth:`RollerBox.set_crews`)."""
        self.rolls.roller.set_crews(crews)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Blades in the Dark GM screen")
        self.rolls = RollsTab()
        self.clocks = ClocksTab()
        self.reference = ReferenceTab()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.rolls)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop: it would show no focus
        self.rolls_focus = FocusInView(scroll)
        bar = scroll.verticalScrollBar().sizeHint().width()
        scroll.setMinimumWidth(self.rolls.minimumSizeHint().width() + bar)
        self.addTab(scroll, "Rolls")
        self.addTab(self.clocks, "Clocks")
        self.addTab(self.reference, "Reference")
