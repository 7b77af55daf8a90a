"""Table rules: the options a group may switch on, stored with each character and,
as the table's defaults, with a campaign.

Titles and explanations come from ``seforge.systems.swords_edge.table_rules`` (the one place they
live).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.models import RuleOptions
from seforge.systems.swords_edge.table_rules import TABLE_RULES, TableRule, table_rule
from ui.systems.swords_edge.commands import SetFieldCommand
from ui.systems.swords_edge.document import CharacterDocument

GM_CHARGE_NOTE = (
    "A GM who finds an Element too broad can charge extra Ranks for it: set that "
    "per Element with “GM charge” under the Elements table."
)

CHARACTER_INTRO = (
    "Options your table has agreed on. They change what a legal character is "
    "and are saved with this character."
)
CAMPAIGN_INTRO = (
    "The table rules this campaign plays by. New characters made for it start with "
    "them, and the party view flags a character whose rules differ."
)


class _RulesDialog(QDialog):
    """One check box per table rule, its explanation under it."""

    def __init__(self, title: str, intro: str, options: RuleOptions,
                 parent: QWidget | None = None, note: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(600)
        layout = QVBoxLayout(self)
        layout.setSpacing(4)
        intro_label = QLabel(intro, self)
        intro_label.setWordWrap(True)
        layout.addWidget(intro_label)
        layout.addSpacing(8)
        self.boxes: dict[str, QCheckBox] = {}
        self.notes: dict[str, QLabel] = {}
        for rule in TABLE_RULES:
            box = QCheckBox(rule.title, self)
            box.setChecked(bool(getattr(options, rule.field)))
            box.setAccessibleName(rule.title)
            box.setToolTip(_tooltip(rule))
            explanation = QLabel(rule.explanation, self)
            explanation.setObjectName("ruleExplanation")
            explanation.setWordWrap(True)
            explanation.setIndent(24)
            # Full-contrast text: a disabled label is too faint to read, and these
            # explanations are what the choice rests on.
            explanation.setAccessibleDescription(rule.explanation)
            layout.addWidget(box)
            layout.addWidget(explanation)
            layout.addSpacing(4)
            self.boxes[rule.field] = box
            self.notes[rule.field] = explanation
        for box in self.boxes.values():
            box.toggled.connect(self._update_dependents)
        self._update_dependents()
        if note:
            extra = QLabel(note, self)
            extra.setWordWrap(True)
            layout.addWidget(extra)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addSpacing(8)
        layout.addWidget(buttons)
        self.resize(self.minimumWidth(), self.heightForWidth(self.minimumWidth()))

    def _update_dependents(self) -> None:
        """A rule that needs another (the Fetish needs the SFX subsystem) is only
        offered while that one is ticked; unticking it keeps the choice but greys it."""
        for rule in TABLE_RULES:
            if rule.needs is not None:
                on = self._in_force(rule.needs)
                self.boxes[rule.field].setEnabled(on)
                tip = _tooltip(rule)
                if not on:
                    tip += f"\nNeeds “{table_rule(rule.needs).title}”."
                self.boxes[rule.field].setToolTip(tip)

    def _in_force(self, field: str) -> bool:
        rule = table_rule(field)
        ticked = self.boxes[field].isChecked()
        return ticked and (rule.needs is None or self._in_force(rule.needs))

    def chosen(self) -> RuleOptions:
        """The options as ticked."""
        return RuleOptions(**{name: box.isChecked() for name, box in self.boxes.items()})


class TableRulesDialog(_RulesDialog):
    """A character's table rules; :meth:`apply` pushes the change as one undo step."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__("Table Rules", CHARACTER_INTRO, document.character.options, parent,
                         GM_CHARGE_NOTE)
        self.document = document

    def apply(self) -> bool:
        """Push the changed options as one undoable step; False when nothing changed."""
        options = self.document.character.options
        changes = [
            (name, box.isChecked()) for name, box in self.boxes.items()
            if box.isChecked() != getattr(options, name)
        ]
        if not changes:
            return False
        stack = self.document.undo_stack
        stack.beginMacro("Change table rules")
        for name, value in changes:
            self.document.push(
                SetFieldCommand(self.document, f"option:{name}", value, "Change table rule")
            )
        stack.endMacro()
        return True


class CampaignRulesDialog(_RulesDialog):
    """A campaign's default table rules; read the result with :meth:`chosen`."""

    def __init__(self, options: RuleOptions, parent: QWidget | None = None) -> None:
        super().__init__("Campaign Table Rules", CAMPAIGN_INTRO, options, parent)


def _tooltip(rule: TableRule) -> str:
    return f"{rule.explanation}\nOff (default): {rule.default_text}\nRulebook: {rule.lines}"
