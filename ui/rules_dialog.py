"""Table rules: the options a group may switch on, stored with each character.

Titles and explanations come from ``seforge.table_rules`` (the one place they live).
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

from seforge.table_rules import TABLE_RULES, TableRule, table_rule
from ui.commands import SetFieldCommand
from ui.document import CharacterDocument

GM_CHARGE_NOTE = (
    "A GM who finds an Element too broad can charge extra Ranks for it: set that "
    "per Element with “GM charge” under the Elements table."
)


class TableRulesDialog(QDialog):
    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setWindowTitle("Table Rules")
        self.setMinimumWidth(600)
        layout = QVBoxLayout(self)
        layout.setSpacing(4)
        intro = QLabel(
            "Options your table has agreed on. They change what a legal character is "
            "and are saved with this character.", self
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addSpacing(8)
        self.boxes: dict[str, QCheckBox] = {}
        self.notes: dict[str, QLabel] = {}
        options = document.character.options
        for rule in TABLE_RULES:
            box = QCheckBox(rule.title, self)
            box.setChecked(bool(getattr(options, rule.field)))
            box.setAccessibleName(rule.title)
            box.setToolTip(_tooltip(rule))
            note = QLabel(rule.explanation, self)
            note.setWordWrap(True)
            note.setIndent(24)
            note.setEnabled(False)
            layout.addWidget(box)
            layout.addWidget(note)
            layout.addSpacing(4)
            self.boxes[rule.field] = box
            self.notes[rule.field] = note
        for box in self.boxes.values():
            box.toggled.connect(self._update_dependents)
        self._update_dependents()
        gm = QLabel(GM_CHARGE_NOTE, self)
        gm.setWordWrap(True)
        layout.addWidget(gm)
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


def _tooltip(rule: TableRule) -> str:
    return f"{rule.explanation}\nOff (default): {rule.default_text}\nRulebook: {rule.lines}"
