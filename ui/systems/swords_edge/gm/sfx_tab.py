"""The SFX mode: Reach, Duration, Area and Energy give the Momentum TN, the Action
TN and the casting time (all from seforge.systems.swords_edge.resolution.sfx)."""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.opponents import parse_quick_qualities
from seforge.systems.swords_edge.resolution.sfx import (
    SFX_COMPONENTS,
    SFX_RANKS,
    MomentumReading,
    TargetReading,
    casting_time,
    sfx_action_tn,
    sfx_momentum_tn,
)
from ui.shell.widgets import buddy, tip
from ui.systems.swords_edge.gm.odds_view import OddsPanel
from ui.systems.swords_edge.gm.widgets import fill_with_scroll

COMPONENT_TITLES = {"reach": "Reach", "duration": "Duration", "area": "Area",
                    "energy": "Energy"}
COMPONENT_CAPTIONS = {"reach": "&Reach:", "duration": "D&uration:", "area": "&Area:",
                      "energy": "E&nergy:"}
"""The components' labels, each with an Alt key of its own that no menu has."""
COMPONENT_TIPS = {
    "reach": "How far away the target is",
    "duration": "How long the effect lasts (or how far in time it looks)",
    "area": "How much space or how many people it covers (the larger counts)",
    "energy": "How much power or strength the effect needs",
}
MOMENTUM_READINGS: tuple[tuple[MomentumReading, str], ...] = (
    ("table", "Rule (Area TN + Energy table)"),
    ("example", "Lightning example's method"),
)
MOMENTUM_READING_TIP = (
    "The book's rule: the Area's TN plus the Energy's modifier from the SFX table. Its "
    "lightning-at-a-giant example works differently (Area read one Rank down, Energy added "
    "at its ladder value) and lands on a TN the ladder does not even have. The first "
    "option follows the rule; the second follows the example's method."
)
TARGET_READINGS: tuple[tuple[TargetReading, str], ...] = (
    ("table", "SFX table modifier (Average +1)"),
    ("ladder", "Ladder modifier (Average +0)"),
)
TARGET_READING_TIP = (
    "How a regular's or hero's Qualities raise an SFX TN. The rule's sentence names the "
    "component table, so SFX table is the default; Ladder is the table rule that reads "
    "the book's goon example (+0, total unchanged) instead."
)



class WholeChoiceCombo(QComboBox):
    """A combo box no narrower than its longest choice shows whole, in pixels (the dock
    sizes its combo boxes by a count of characters, which overshoots a long choice: the
    page grew past a 1024x768 dock)."""

    def minimumSizeHint(self) -> QSize:  # Qt override
        hint = super().minimumSizeHint()
        metrics = self.fontMetrics()
        longest = max((metrics.horizontalAdvance(self.itemText(i))
                       for i in range(self.count())), default=0)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        whole = self.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option, QSize(longest + 4, hint.height()), self)
        return QSize(max(hint.width(), whole.width()), hint.height())

class SFXTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combos: dict[str, QComboBox] = {}
        components = QGroupBox("Components", self)
        form = QFormLayout(components)
        for key, labels in SFX_COMPONENTS.items():
            combo = QComboBox(components)
            for rank, label in zip(SFX_RANKS, labels, strict=True):
                combo.addItem(f"{label} ({rank.label})", int(rank))
            tip(combo, COMPONENT_TITLES[key], COMPONENT_TIPS[key])
            combo.currentIndexChanged.connect(self.recalc)
            self.combos[key] = combo
            form.addRow(buddy(COMPONENT_CAPTIONS[key], combo, components), combo)

        target = QGroupBox("Target and caster", self)
        self.target_edit = QLineEdit(target)
        self.target_edit.setPlaceholderText("e.g. Charisma +0")
        tip(self.target_edit, "Target's Qualities",
            "Qualities of a regular or hero target that resist the SFX (its fitting Trait "
            "always), each with its modifier, separated by commas")
        self.target_edit.textChanged.connect(self.recalc)
        self.target_reading = WholeChoiceCombo(target)
        for key, label in TARGET_READINGS:
            self.target_reading.addItem(label, key)
        tip(self.target_reading, "Target Quality reading", TARGET_READING_TIP)
        self.target_reading.currentIndexChanged.connect(self.recalc)
        self.momentum_reading = WholeChoiceCombo(target)
        for key, label in MOMENTUM_READINGS:
            self.momentum_reading.addItem(label, key)
        tip(self.momentum_reading, "SFX Momentum TN reading", MOMENTUM_READING_TIP)
        self.momentum_reading.currentIndexChanged.connect(self.recalc)
        self.modifier_spin = QSpinBox(target)
        self.modifier_spin.setRange(-40, 60)
        tip(self.modifier_spin, "Caster's modifier", "The caster's total modifier (Trait, "
            "SFX Quality and any others) for the Test shown below")
        self.modifier_spin.valueChanged.connect(self.recalc)
        self.odds_for = QComboBox(target)
        self.odds_for.addItem("Action", "action")
        self.odds_for.addItem("Momentum", "momentum")
        tip(self.odds_for, "Odds for", "Which SFX Test the odds below are for")
        self.odds_for.currentIndexChanged.connect(self.recalc)
        # The readings show their choice whole: with a narrow dock (1024x768) the box goes
        # under its label rather than cutting "Rule (Area TN + Energy)" short.
        tform = QFormLayout(target)
        tform.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        tform.addRow(buddy("&Target's Qualities:", self.target_edit, target), self.target_edit)
        tform.addRow(buddy("Tar&get reading:", self.target_reading, target),
                     self.target_reading)
        tform.addRow(buddy("&Momentum TN reading:", self.momentum_reading, target),
                     self.momentum_reading)
        tform.addRow(buddy("Caster's mo&difier:", self.modifier_spin, target),
                     self.modifier_spin)
        tform.addRow(buddy("&Odds for:", self.odds_for, target), self.odds_for)

        results = QGroupBox("SFX numbers", self)
        self.momentum_label = QLabel(results)
        self.momentum_label.setObjectName("sfx_momentum_tn")
        tip(self.momentum_label, "SFX Momentum TN", MOMENTUM_READING_TIP)
        self.action_label = QLabel(results)
        self.action_label.setObjectName("sfx_action_tn")
        tip(self.action_label, "SFX Action TN", "Highest component's TN plus the others' "
            "table modifiers, plus the target's Qualities")
        self.casting_label = QLabel(results)
        self.casting_label.setObjectName("sfx_casting_time")
        tip(self.casting_label, "Casting time", "Optional rule: the Rounds of all four "
            "components added up")
        self.error_label = QLabel(results)
        self.error_label.setWordWrap(True)
        self.odds = OddsPanel(results)
        rform = QFormLayout(results)
        rform.addRow("Momentum TN:", self.momentum_label)
        rform.addRow("Action TN:", self.action_label)
        rform.addRow("Casting time:", self.casting_label)
        rform.addRow(self.error_label)
        rform.addRow(self.odds)

        content = QWidget(self)
        body = QVBoxLayout(content)
        body.addWidget(components)
        body.addWidget(target)
        body.addWidget(results)
        body.addStretch(1)
        fill_with_scroll(self, content)
        self.recalc()

    def rank(self, key: str) -> Rank:
        value = self.combos[key].currentData()
        return Rank(int(value)) if value is not None else Rank.BASIC

    def choose(self, key: str, label: str) -> bool:
        """Pick a component by its table label ("close", "minute", "adult")."""
        from seforge.systems.swords_edge.resolution.sfx import sfx_rank

        rank = sfx_rank(key, label)
        index = self.combos[key].findData(int(rank))
        self.combos[key].setCurrentIndex(index)
        return index >= 0

    def recalc(self, *_args: object) -> None:
        try:
            targets: list[Rank | int] = [r for _, r in
                                         parse_quick_qualities(self.target_edit.text())]
        except ValueError as exc:
            self.error_label.setText(f"Cannot read the target's Qualities: {exc}")
            targets = []
        else:
            self.error_label.setText("")
        t_reading: TargetReading = "table" if self.target_reading.currentData() == "table" \
            else "ladder"
        m_reading: MomentumReading = "example" if self.momentum_reading.currentData() == \
            "example" else "table"
        reach, duration, area, energy = (self.rank(k) for k in SFX_COMPONENTS)
        try:
            momentum = sfx_momentum_tn(area, energy, targets, reading=m_reading,
                                       target_reading=t_reading)
            action = sfx_action_tn(reach, duration, area, energy, targets,
                                   target_reading=t_reading)
        except ValueError as exc:
            self.error_label.setText(str(exc))
            return
        rounds = casting_time(reach, duration, area, energy)
        self.momentum_label.setText(str(momentum))
        self.action_label.setText(str(action))
        self.casting_label.setText(f"{rounds} round" + ("" if rounds == 1 else "s"))
        tn = action if self.odds_for.currentData() == "action" else momentum
        self.odds.show_test(self.modifier_spin.value(), tn)

    def save_state(self) -> dict[str, Any]:
        return {
            "components": {k: self.rank(k).label for k in SFX_COMPONENTS},
            "targets": self.target_edit.text(),
            "target_reading": self.target_reading.currentData(),
            "momentum_reading": self.momentum_reading.currentData(),
            "modifier": self.modifier_spin.value(),
        }

    def restore_state(self, state: dict[str, Any]) -> None:
        for key, label in dict(state.get("components", {})).items():
            if key in self.combos:
                try:
                    index = self.combos[key].findData(int(Rank.parse(str(label))))
                except ValueError:
                    continue
                if index >= 0:
                    self.combos[key].setCurrentIndex(index)
        self.target_edit.setText(str(state.get("targets", "")))
        for combo, key in ((self.target_reading, "target_reading"),
                           (self.momentum_reading, "momentum_reading")):
            index = combo.findData(state.get(key))
            if index >= 0:
                combo.setCurrentIndex(index)
        with contextlib.suppress(TypeError, ValueError):
            self.modifier_spin.setValue(int(state.get("modifier", 0)))
        self.recalc()
