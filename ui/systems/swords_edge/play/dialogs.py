"""Small dialogs of the play panel. They collect choices; the rules live in
``seforge.systems.swords_edge.play`` (the Advancement dialog only shows what
``advancement_options`` says).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.models import Character, Element, ElementKind, Trait
from seforge.systems.swords_edge.play.advancement import AdvancementOption, advancement_options
from seforge.systems.swords_edge.play.keys import describe_key
from seforge.systems.swords_edge.play.state import scene_penalty_total
from seforge.systems.swords_edge.quality_key import QualityKey
from ui.systems.swords_edge.play.widgets import TraitCombo

NO_TEST = "No Recovery Test, or it failed"


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    ok = box.button(QDialogButtonBox.StandardButton.Ok)
    ok.setAccessibleName("OK")
    cancel = box.button(QDialogButtonBox.StandardButton.Cancel)
    cancel.setAccessibleName("Cancel")
    return box


class EndSceneDialog(QDialog):
    """The Level of the scene's Recovery Test and the Luck spent on its Penalty Ranks."""

    def __init__(self, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("End scene")
        self.setAccessibleName("End scene")
        layout = QVBoxLayout(self)
        taken = scene_penalty_total(character)
        info = QLabel(
            f"Penalty Ranks taken in this scene: {taken}. Only these can be recovered now."
        )
        info.setWordWrap(True)
        layout.addWidget(info)
        form = QFormLayout()
        self.level = QComboBox()
        self.level.addItem(NO_TEST, None)
        for level in LEVELS:
            self.level.addItem(f"{level} success", level)
        self.level.setAccessibleName("Recovery Test level")
        self.level.setToolTip("The Level of Success rolled on the Recovery Test (TN 17)")
        form.addRow("Recovery Test:", self.level)
        self.luck = QSpinBox()
        self.luck.setRange(0, character.play.luck)
        self.luck.setAccessibleName("Luck to spend on this scene's Penalty Ranks")
        self.luck.setToolTip("Each Luck removes one Penalty Rank taken in this scene")
        form.addRow("Luck to spend:", self.luck)
        layout.addLayout(form)
        layout.addWidget(_buttons(self))

    def set_values(self, level: str | None, luck: int) -> None:
        self.level.setCurrentIndex(self.level.findData(level))
        self.luck.setValue(luck)

    def values(self) -> tuple[str | None, int]:
        level = self.level.currentData()
        return (level if isinstance(level, str) else None), self.luck.value()


class EndSessionDialog(QDialog):
    """Whether to spend an Advancement clearing all Penalty Ranks as the session ends."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("End session")
        self.setAccessibleName("End session")
        layout = QVBoxLayout(self)
        note = QLabel("Unspent Luck is lost when the session ends.")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.clear = QCheckBox("Use an Advancement to clear all Penalty Ranks")
        self.clear.setAccessibleName("Clear all Penalty Ranks with an Advancement")
        self.clear.setToolTip("Spends the first Advancement earned from a Pivot")
        layout.addWidget(self.clear)
        layout.addWidget(_buttons(self))

    def values(self) -> bool:
        return self.clear.isChecked()


class CriticalFailureDialog(QDialog):
    """Which Qualities and Trait the critically failed Test used."""

    def __init__(self, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Critical Failure")
        self.setAccessibleName("Critical Failure")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Tick what the Test used. The Advancement may only raise those; the Trait "
            "only if nothing else was used."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.boxes: dict[str, QCheckBox] = {}
        keys = ["concept", "background", "faculty"]
        keys += [
            QualityKey.of_element(i)
            for i, e in enumerate(character.elements)
            if e.kind not in (ElementKind.WEAKNESS, ElementKind.FETISH)
        ]
        for key in keys:
            box = QCheckBox(describe_key(character, key))
            box.setAccessibleName(f"Used {describe_key(character, key)}")
            box.setToolTip("Tick if this Quality modified the failed Test")
            layout.addWidget(box)
            self.boxes[key] = box
        form = QFormLayout()
        self.trait = QComboBox()
        self._traits: list[Trait | None] = [None, *Trait]
        for trait in self._traits:
            self.trait.addItem("No Trait" if trait is None else trait.value)
        self.trait.setAccessibleName("Trait used in the Test")
        self.trait.setToolTip("The Trait that modified the failed Test")
        form.addRow("Trait used:", self.trait)
        self.second_trait = QComboBox()
        for trait in self._traits:
            self.second_trait.addItem("None" if trait is None else trait.value)
        self.second_trait.setAccessibleName("Second Trait added with Luck")
        self.second_trait.setToolTip(
            "A second Trait brought into the Test with Luck; then no Trait may rise")
        form.addRow("Second Trait (Luck):", self.second_trait)
        layout.addLayout(form)
        layout.addWidget(_buttons(self))

    def set_values(self, keys: list[str], trait: Trait | None,
                   second: Trait | None = None) -> None:
        for key, box in self.boxes.items():
            box.setChecked(key in keys)
        self.trait.setCurrentIndex(self._traits.index(trait))
        self.second_trait.setCurrentIndex(self._traits.index(second))

    def values(self) -> tuple[list[str], Trait | None]:
        keys = [k for k, box in self.boxes.items() if box.isChecked()]
        second = self._traits[max(self.second_trait.currentIndex(), 0)]
        if second is not None:
            keys.append(QualityKey.of_trait(second))
        return keys, self._traits[max(self.trait.currentIndex(), 0)]


class AdvancementDialog(QDialog):
    """Every use of one held Advancement; those the rules refuse are disabled with
    the reason shown beside them."""

    def __init__(self, character: Character, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Use an Advancement")
        self.setAccessibleName("Use an Advancement")
        self.resize(560, 460)
        adv = character.play.advancements[index]
        layout = QVBoxLayout(self)
        source = "Critical Failure" if adv.source == "critical_failure" else "Pivot"
        head = QLabel(f"{source} Advancement. {adv.note}".strip())
        head.setWordWrap(True)
        layout.addWidget(head)
        self.options: list[AdvancementOption] = advancement_options(character, index)
        self.list = QListWidget()
        self.list.setAccessibleName("Advancement uses")
        self.list.setToolTip("What this Advancement can do now; greyed-out uses say why not")
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for option in self.options:
            text = option.label
            if not option.allowed:
                text += f"\n    not now: {option.reason}"
            item = QListWidgetItem(text)
            item.setToolTip(option.reason or option.label)
            if not option.allowed:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)
        layout.addWidget(self.list)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setAccessibleName("New Quality name")
        self.name.setToolTip("Name of the Quality to buy at Good")
        self.trait = TraitCombo("New Quality Trait")
        self.kind = QComboBox()
        self._kinds = [ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX]
        for label in ("Quality", "Item", "SFX"):
            self.kind.addItem(label)
        self.kind.setAccessibleName("New Quality kind")
        self.kind.setToolTip("What kind of Element the new Quality is")
        form.addRow("New Quality:", self.name)
        form.addRow("Linked to:", self.trait)
        form.addRow("Kind:", self.kind)
        layout.addLayout(form)
        self.buttons = _buttons(self)
        layout.addWidget(self.buttons)
        self.list.currentRowChanged.connect(self._on_row)
        self.name.textChanged.connect(lambda _text: self._on_row(self.list.currentRow()))
        enabled = self.enabled_rows()
        if enabled:
            self.list.setCurrentRow(enabled[0])
        self._on_row(self.list.currentRow())

    def _on_row(self, row: int) -> None:
        option = self.options[row] if 0 <= row < len(self.options) else None
        buying = option is not None and option.use == "buy"
        for widget in (self.name, self.trait, self.kind):
            widget.setEnabled(buying)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ready = option is not None and option.allowed
        if buying:
            ready = ready and bool(self.name.text().strip())
        ok.setEnabled(ready)

    def enabled_rows(self) -> list[int]:
        return [
            i
            for i in range(self.list.count())
            if self.list.item(i).flags() & Qt.ItemFlag.ItemIsEnabled
        ]

    def choose(self, use: str, target: str | None = None) -> None:
        for row, option in enumerate(self.options):
            if option.use == use and option.target == target:
                self.list.setCurrentRow(row)
                return
        raise KeyError((use, target))

    def chosen(self) -> tuple[str, str | None, Element | None]:
        option = self.options[self.list.currentRow()]
        element = None
        if option.use == "buy":
            element = Element(
                name=self.name.text().strip(),
                trait=self.trait.trait(),
                kind=self._kinds[max(self.kind.currentIndex(), 0)],
            )
        return option.use, option.target, element


class PivotDialog(QDialog):
    """The new text of one Pivot (blank removes it) and, optionally, why it changed.
    Whether a change is allowed now is decided by
    ``seforge.systems.swords_edge.play.change_pivot``."""

    def __init__(
        self, slot: str, current: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        name = slot.capitalize()
        self.setWindowTitle(f"Change {name} Pivot")
        self.setAccessibleName(f"Change {name} Pivot")
        self.resize(420, 0)
        layout = QVBoxLayout(self)
        note = QLabel(
            f"A character has at most one {name}. The new text replaces the current one; "
            "leave it blank to remove the Pivot."
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        form = QFormLayout()
        self.text = QLineEdit(current or "")
        self.text.setClearButtonEnabled(True)
        self.text.setPlaceholderText(f"No {name} (blank removes it)")
        self.text.setAccessibleName(f"New {name}")
        self.text.setToolTip(f"The new {name} Pivot; blank removes it")
        form.addRow(f"{name}:", self.text)
        self.why = QLineEdit()
        self.why.setPlaceholderText("Optional, e.g. found the fabled master")
        self.why.setAccessibleName(f"Reason for the {name} change")
        self.why.setToolTip("Shown in the history beside the change")
        form.addRow("Why:", self.why)
        layout.addLayout(form)
        layout.addWidget(_buttons(self))

    def set_values(self, text: str, why: str = "") -> None:
        self.text.setText(text)
        self.why.setText(why)

    def values(self) -> tuple[str, str]:
        return self.text.text(), self.why.text()
