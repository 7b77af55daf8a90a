"""Table rules: the options a group may switch on, stored with each character."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from ui.commands import SetFieldCommand
from ui.document import CharacterDocument

OPTIONS: tuple[tuple[str, str, str], ...] = (
    (
        "sfx_start_at_good",
        "SFX Qualities start at Good",
        "Buy SFX powers at Good like other Elements, as the book's example of play "
        "does. Off: they are bought at Basic, as the SFX chapter describes.",
    ),
    (
        "trait_lowering_refunds",
        "Lowering a Trait below Average refunds Ranks",
        "Let players drop a Trait under Average and get one Rank back for each "
        "step. Off: Traits cannot go below Average at creation.",
    ),
    (
        "fetish",
        "Fetish rule",
        "Every SFX power must come with a Fetish: a Basic Weakness on the same Trait "
        "that is the price of the power. It earns no extra Rank.",
    ),
)

GM_CHARGE_NOTE = (
    "A GM who finds an Element too broad can charge extra Ranks for it: set that "
    "per Element with “GM charge” under the Elements table."
)


class TableRulesDialog(QDialog):
    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setWindowTitle("Table Rules")
        self.setMinimumWidth(460)
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
        options = document.character.options
        for name, title, explanation in OPTIONS:
            box = QCheckBox(title, self)
            box.setChecked(bool(getattr(options, name)))
            box.setAccessibleName(title)
            box.setToolTip(explanation)
            note = QLabel(explanation, self)
            note.setWordWrap(True)
            note.setIndent(24)
            note.setEnabled(False)
            layout.addWidget(box)
            layout.addWidget(note)
            layout.addSpacing(6)
            self.boxes[name] = box
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
