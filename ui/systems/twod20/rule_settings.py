"""The profile rules as a form: every rule where the SRD and the Conan screen differ (or that
neither states), each with its label and, as its tooltip, where its default comes from.

Used by the record editor and the conflict tracker; the form never changes a document
itself: it hands the chosen values (the model's own types) to ``on_change``, which applies
them through the document's owner, and shows a document's settings with :meth:`show`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QSpinBox, QWidget

from seforge.systems.twod20.settings import (
    FOCUS_RULE_LABELS,
    FOCUS_RULE_NOTES,
    HARM_LIMIT_RULE_LABELS,
    HARM_LIMIT_RULE_NOTES,
    SETTING_LABELS,
    SETTING_SOURCES,
    FocusRule,
    HarmLimitRule,
    TableSettings,
)
from ui.shell.choices import explained_choices
from ui.shell.widgets import whole_numbers
from ui.systems.twod20.common import shrinkable, wrapping_form


def _range(name: str) -> tuple[int, int]:
    low, high = 0, 99
    for meta in TableSettings.model_fields[name].metadata:
        low = int(getattr(meta, "ge", low))
        high = int(getattr(meta, "le", high))
    return low, high


RECORD_RULES = ("harm_limit_rule", "harm_limit", "harm_threshold", "focus_rule")
"""What a record's settings panel shows: the rules that act on the record itself."""
TRACKER_RULES = ("harm_limit_rule", "harm_limit", "harm_threshold", "npc_opener_cost",
                 "seize_initiative_cost", "act_early_cost", "initiative_tie_cost",
                 "hazard_cost_floor", "focus_rule")
"""The rules the conflict tracker's settings add to its own."""


def source_tip(name: str) -> str:
    return f"{SETTING_LABELS[name]}. Default from: {SETTING_SOURCES[name]}."


class RuleSettingsForm(QWidget):
    """A form of ``names`` settings; edits reach ``on_change(name, value)``."""

    def __init__(self, names: Sequence[str], on_change: Callable[[str, Any], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.on_change = on_change
        self.controls: dict[str, QWidget] = {}
        form = wrapping_form(QFormLayout(self))
        form.setContentsMargins(0, 0, 0, 0)
        for name in names:
            control: QWidget
            if name == "harm_limit_rule":
                combo = explained_choices(QComboBox(), HARM_LIMIT_RULE_LABELS,
                                          HARM_LIMIT_RULE_NOTES, source_tip(name))
                combo.currentIndexChanged.connect(
                    lambda _i, n=name, c=combo: self._emit(n, HarmLimitRule(c.currentData())))
                control = combo
            elif name == "focus_rule":
                combo = explained_choices(QComboBox(), FOCUS_RULE_LABELS, FOCUS_RULE_NOTES,
                                          source_tip(name))
                combo.currentIndexChanged.connect(
                    lambda _i, n=name, c=combo: self._emit(n, FocusRule(c.currentData())))
                control = combo
            else:
                box = QSpinBox()
                low, high = _range(name)
                box.setRange(low, high)
                whole_numbers(box)
                box.valueChanged.connect(lambda v, n=name: self._emit(n, int(v)))
                control = box
            if isinstance(control, QComboBox):
                shrinkable(control)
            else:
                control.setToolTip(source_tip(name))
            control.setAccessibleName(SETTING_LABELS[name])
            self.controls[name] = control
            caption = QLabel(SETTING_LABELS[name])
            caption.setBuddy(control)
            form.addRow(caption, control)

    def _emit(self, name: str, value: Any) -> None:
        self.on_change(name, value)

    def show_settings(self, settings: TableSettings) -> None:
        """Show ``settings`` without reporting them as edits."""
        for name, control in self.controls.items():
            value = getattr(settings, name)
            control.blockSignals(True)
            if isinstance(control, QComboBox):
                control.setCurrentIndex(max(0, control.findData(str(value))))
            elif isinstance(control, QSpinBox):
                control.setValue(int(value))
            control.blockSignals(False)
        limit = self.controls.get("harm_limit")
        if limit is not None:
            limit.setEnabled(settings.harm_limit_rule is HarmLimitRule.DEFEATED)
            limit.setToolTip(source_tip("harm_limit") if limit.isEnabled() else
                             source_tip("harm_limit") + " Not used: no Harm limit is chosen.")
