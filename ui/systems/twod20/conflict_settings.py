"""The table settings of the 2d20 conflict tracker: Momentum cap and loss, the cost to keep
the initiative, the action order, opposed ties, assistants, the dice pool's cap, bonus d20
prices, the ranged difficulty, natural ones and the rule settings.

Every change is one undoable ``run`` of the tracker view (a function of
``seforge.systems.twod20.conflict``); the panel redraws from the document with
:meth:`TableSettings.refresh` and keeps no copy of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Conflict, OrderMode
from seforge.systems.twod20.conflict_model import ORDER_MODE_LABELS, ORDER_MODE_NOTES
from seforge.systems.twod20.settings import (
    ASSIST_GATE_LABELS,
    ASSIST_GATE_NOTES,
    OPPOSED_TIE_LABELS,
    OPPOSED_TIE_NOTES,
    SETTING_LABELS,
    SETTING_SOURCES,
    AssistGate,
    OpposedTieRule,
    parse_prices,
)
from ui.shell.choices import explained_choices
from ui.shell.widgets import spin_box, whole_numbers
from ui.systems.twod20.common import add_row, shrinkable, wrapping_form
from ui.systems.twod20.rule_settings import TRACKER_RULES, RuleSettingsForm

Run = Callable[[str, Callable[[Conflict], Conflict]], bool]
"""The view's ``run``: apply one named change to the tracker; False when refused."""


class TableSettings(QWidget):
    """The tracker's table settings, as tall as they are: the page they are on scrolls (a
    short scrolling panel of its own inside the scrolling page was a scroll area in a
    scroll area)."""

    def __init__(self, doc: Callable[[], Conflict], run: Run,
                 refuse: Callable[[Exception], None]) -> None:
        super().__init__()
        self._doc = doc
        self._run = run
        self._refuse = refuse
        box = QGroupBox("Table settings")
        form = wrapping_form(QFormLayout(box))
        s = self._doc().settings
        self.set_cap = spin_box(SETTING_LABELS["momentum_cap"], 0, 99, s.momentum_cap,
                                "Most Momentum the group can bank (not in the documents; "
                                "6 is usual)")
        self.set_loss = spin_box(SETTING_LABELS["momentum_loss_per_round"], 0, 99,
                                 s.momentum_loss_per_round,
                                 "Momentum lost at the end of each round (1 on the Conan screen)")
        self.set_keep = spin_box(SETTING_LABELS["keep_initiative_cost"], 0, 99,
                                 s.keep_initiative_cost,
                                 "Momentum or Threat/Doom to keep the initiative (2 in the SRD)")
        # short names in the boxes (the whole explanations were cut at 1366x768), what each
        # choice does in its tooltip
        self.set_order = explained_choices(
            shrinkable(QComboBox()), ORDER_MODE_LABELS, ORDER_MODE_NOTES,
            "Who acts next in a round")
        self.set_order.setAccessibleName("Action order")
        self.set_tie = explained_choices(
            shrinkable(QComboBox()), OPPOSED_TIE_LABELS, OPPOSED_TIE_NOTES,
            f"Who wins an opposed test when both sides succeed with equal Momentum. Default "
            f"from: {SETTING_SOURCES['opposed_tie_rule']}.")
        self.set_tie.setAccessibleName(SETTING_LABELS["opposed_tie_rule"])
        self.set_assist = explained_choices(
            shrinkable(QComboBox()), ASSIST_GATE_LABELS, ASSIST_GATE_NOTES,
            f"When the assistants' successes count. Default from: "
            f"{SETTING_SOURCES['assist_gate']}.")
        self.set_assist.setAccessibleName(SETTING_LABELS["assist_gate"])
        self.set_pool = spin_box(SETTING_LABELS["pool_cap"], 2, 10, s.pool_cap,
                                 "Most d20s in one test, Fortune dice included (5 on the Conan "
                                 "screen; talents may allow more)")
        self.set_prices = QLineEdit(", ".join(str(p) for p in s.bonus_die_prices))
        self.set_prices.setAccessibleName(SETTING_LABELS["bonus_die_prices"])
        self.set_prices.setToolTip("Momentum (or Threat/Doom) for the 1st, 2nd, 3rd bought d20; "
                                   "not in the documents, 1, 2, 3 is usual")
        self.set_ranged = spin_box(SETTING_LABELS["ranged_base_difficulty"], 0, 5,
                                   s.ranged_base_difficulty,
                                   "The SRD gives D2 in the attack steps and D1 in the Range "
                                   "section; choose the table's reading")
        self.rules = RuleSettingsForm(TRACKER_RULES, self._rule_changed)
        self.set_one = QCheckBox(SETTING_LABELS["natural_one_doubles"])
        self.set_one.setToolTip("A convention outside both documents, off by default")
        add_row(form, SETTING_LABELS["momentum_cap"], self.set_cap)
        add_row(form, SETTING_LABELS["momentum_loss_per_round"], self.set_loss)
        add_row(form, SETTING_LABELS["keep_initiative_cost"], self.set_keep)
        add_row(form, "Action order", self.set_order)
        add_row(form, "Opposed tie goes to", self.set_tie)
        add_row(form, "Assistants count", self.set_assist)
        add_row(form, SETTING_LABELS["pool_cap"], self.set_pool)
        add_row(form, SETTING_LABELS["bonus_die_prices"], self.set_prices)
        add_row(form, SETTING_LABELS["ranged_base_difficulty"], self.set_ranged)
        form.addRow(self.set_one)
        form.addRow(self.rules)
        for name, control in (("momentum_cap", self.set_cap),
                              ("momentum_loss_per_round", self.set_loss),
                              ("keep_initiative_cost", self.set_keep),
                              ("pool_cap", self.set_pool),
                              ("bonus_die_prices", self.set_prices),
                              ("ranged_base_difficulty", self.set_ranged),
                              ("natural_one_doubles", self.set_one)):
            control.setToolTip(f"{control.toolTip()}. Default from: {SETTING_SOURCES[name]}.")
        for box_ in (self.set_cap, self.set_loss, self.set_keep, self.set_pool, self.set_ranged):
            whole_numbers(box_)
            box_.valueChanged.connect(self._settings_changed)
        self.set_one.toggled.connect(self._settings_changed)
        self.set_prices.editingFinished.connect(self._settings_changed)
        for combo in (self.set_tie, self.set_assist):
            combo.currentIndexChanged.connect(self._settings_changed)
        self.set_order.currentIndexChanged.connect(lambda _i: self._run(
            "Change the action order", lambda d: cf.set_order_mode(
                d, OrderMode(self.set_order.currentData()))))
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(box)

    def _settings_changed(self) -> None:
        try:
            prices = parse_prices(self.set_prices.text())
        except ValueError as exc:
            self._refuse(exc)
            prices_now = self._doc().settings.bonus_die_prices
            self.set_prices.setText(", ".join(str(p) for p in prices_now))
            return
        settings = self._doc().settings.model_copy(update={
            "pool_cap": self.set_pool.value(),
            "bonus_die_prices": prices,
            "ranged_base_difficulty": self.set_ranged.value(),
            "natural_one_doubles": self.set_one.isChecked(),
            "momentum_cap": self.set_cap.value(),
            "momentum_loss_per_round": self.set_loss.value(),
            "keep_initiative_cost": self.set_keep.value(),
            "opposed_tie_rule": OpposedTieRule(self.set_tie.currentData()),
            "assist_gate": AssistGate(self.set_assist.currentData()),
        })
        self._run("Change the table settings", lambda d: cf.change_settings(d, settings))

    def _rule_changed(self, name: str, value: Any) -> None:
        self._run(f"Change the setting {SETTING_LABELS[name]}",
                 lambda d: cf.set_settings(d, **{name: value}))
        self.rules.show_settings(self._doc().settings)

    def refresh(self) -> None:
        """Every control from the document's settings and action order (no signals)."""
        doc = self._doc()
        s = doc.settings
        for widget, value in ((self.set_cap, s.momentum_cap),
                              (self.set_loss, s.momentum_loss_per_round),
                              (self.set_keep, s.keep_initiative_cost),
                              (self.set_pool, s.pool_cap),
                              (self.set_ranged, s.ranged_base_difficulty)):
            widget.blockSignals(True)
            widget.setValue(value)
            widget.blockSignals(False)
        self.set_one.blockSignals(True)
        self.set_one.setChecked(s.natural_one_doubles)
        self.set_one.blockSignals(False)
        self.rules.show_settings(s)
        if not self.set_prices.hasFocus():
            self.set_prices.setText(", ".join(str(p) for p in s.bonus_die_prices))
        for combo, data in ((self.set_order, doc.order_mode.value),
                            (self.set_tie, doc.settings.opposed_tie_rule.value),
                            (self.set_assist, doc.settings.assist_gate.value)):
            combo.blockSignals(True)
            combo.setCurrentIndex(max(0, combo.findData(data)))
            combo.blockSignals(False)
