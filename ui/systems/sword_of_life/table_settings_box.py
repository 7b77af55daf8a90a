"""The table settings of a Sword of Life conflict as a group of controls: every point the text
leaves open (the shared deck, the Ace and Deuce rules, the reshuffle, the player's losses),
each with the assumption it starts from as its tooltip. The box shows the document's
settings; a change goes to the conflict screen's ``changed(field, value)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QWidget

from seforge.systems.sword_of_life.rule_options import ACE_RULE_LABELS, ACE_RULE_NOTES
from seforge.systems.sword_of_life.settings import (
    AceRule,
    AutoResolution,
    DeuceTarget,
    Reshuffle,
    RuleScope,
    TableSettings,
)
from ui.shell.choices import explained_choices
from ui.shell.widgets import buddy


def combo(items: Mapping[Any, str], name: str, tip: str,
          notes: Mapping[Any, str] | None = None) -> QComboBox:
    """A combo of ``items`` (value: text), named and explained, that never widens the page.
    With ``notes`` (value: what the choice does, from the core) the items are short names,
    each with its note as its tooltip in the open list, and the combo's tooltip gives every
    note after ``tip``."""
    box = QComboBox()
    if notes is not None:
        explained_choices(box, items, notes, tip)
    else:
        for value, text in items.items():
            box.addItem(text, value)
        box.setToolTip(tip)
    box.setAccessibleName(name)
    # a long item must not widen the page past a 1024-pixel screen
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(14)
    return box


class TableSettingsBox(QGroupBox):
    """The "Table settings" group; ``changed(field, value)`` hears each choice (a
    :class:`TableSettings` field and the value the control holds)."""

    def __init__(self, changed: Callable[[str, object], None],
                 parent: QWidget | None = None) -> None:
        super().__init__("Table settings", parent)
        self.shared = QCheckBox("One shared deck")
        self.shared.setToolTip("Assumed: both sides draw from the same shuffled deck, so the "
                               "hands depend on each other. Off: one deck each.")
        self.aces = combo(ACE_RULE_LABELS, "Ace and Deuce rule", "The optional Essence and "
                          "Antithesis rules", ACE_RULE_NOTES)
        self.floor = QCheckBox("Totals never below 0")
        self.floor.setToolTip("Assumed for Rule 1: black Deuces cannot push a hand below 0")
        self.scope = combo({RuleScope.BOTH: "Both sides", RuleScope.PLAYER: "Player only"},
                           "Who the Ace rule reads", "Assumed: the rule reads the GM's hands "
                           "too")
        self.deuce = combo({DeuceTarget.OWN: "Its own hand", DeuceTarget.OTHER: "The other "
                            "side"}, "Whose successes a black Deuce cancels",
                           "Assumed for Rule 1: a black Deuce cancels two successes of the "
                           "hand that drew it")
        self.resolution = combo(
            {AutoResolution.STATUS_FIRST: "Automatic results decide",
             AutoResolution.CARDS_ONLY: "Cards decide"},
            "Automatic results", "Assumed for Rule 2: an automatic success beats a plain hand, "
            "which beats an automatic failure, winning by at least 1")
        self.reshuffle = combo({Reshuffle.EVERY_EXCHANGE: "Every exchange",
                                Reshuffle.WHEN_EMPTY: "When the deck runs out"},
                               "Reshuffle", "Assumed: a fresh deck for every exchange (the odds "
                               "assume it too)")
        self.symmetric = QCheckBox("The player loses on a lost exchange")
        self.symmetric.setToolTip("Inferred: a negative margin lowers the player's own Grip or "
                                  "Point (the text shows it only for problems)")
        for check, field in ((self.shared, "shared_deck"), (self.floor, "floor_at_zero"),
                             (self.symmetric, "symmetric_losses")):
            check.toggled.connect(lambda on, f=field: changed(f, on))
        for box, field in ((self.aces, "aces"), (self.scope, "rule_scope"),
                           (self.resolution, "auto_resolution"),
                           (self.deuce, "deuce_target"),
                           (self.reshuffle, "reshuffle")):
            box.activated.connect(lambda _i, c=box, f=field: changed(f, c.currentData()))
        self.form = QFormLayout(self)
        self.form.addRow(self.shared)
        self.form.addRow("Aces", self.aces)
        self.form.addRow("Rule for", self.scope)
        self.form.addRow(self.floor)
        # short, so that it sits beside its list in the narrow settings column
        deuce = buddy("Deuces", self.deuce)
        deuce.setToolTip("Whose successes a black Deuce cancels")
        self.form.addRow(deuce, self.deuce)
        self.form.addRow("Rule 2", self.resolution)
        self.form.addRow("Reshuffle", self.reshuffle)
        self.form.addRow(self.symmetric)

    def controls(self) -> tuple[QWidget, ...]:
        """Every control of the box (to block their signals while the screen redraws)."""
        return (self.shared, self.aces, self.floor, self.scope, self.resolution,
                self.reshuffle, self.symmetric, self.deuce)

    def draw(self, s: TableSettings) -> None:
        """Show ``s``; a control that does not apply under the chosen rules is disabled."""
        self.shared.setChecked(s.shared_deck)
        self.aces.setCurrentIndex(self.aces.findData(s.aces))
        self.floor.setChecked(s.floor_at_zero)
        self.floor.setEnabled(s.aces == AceRule.DOUBLE)
        self.scope.setCurrentIndex(self.scope.findData(s.rule_scope))
        self.deuce.setCurrentIndex(self.deuce.findData(s.deuce_target))
        self.deuce.setEnabled(s.aces == AceRule.DOUBLE)
        self.scope.setEnabled(s.aces != AceRule.NONE)
        self.resolution.setCurrentIndex(self.resolution.findData(s.auto_resolution))
        self.resolution.setEnabled(s.aces == AceRule.AUTO)
        self.reshuffle.setCurrentIndex(self.reshuffle.findData(s.reshuffle))
        self.symmetric.setChecked(s.symmetric_losses)
