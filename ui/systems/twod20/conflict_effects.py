"""The tracker's "Timed effects" box: effects that count down by round, turn or scene,
on the scene or on a character."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLineEdit,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.limits import NAME_CHARS
from seforge.core.trackers import TimeUnit
from seforge.systems.twod20 import conflict as cf
from ui.shell.widgets import spin_box
from ui.systems.twod20.common import flow_of
from ui.systems.twod20.conflict_part import ConflictPart


class EffectsPart(ConflictPart):
    """The timed effects, built by :meth:`_build_effects`."""

    def _build_effects(self) -> QWidget:
        box = QGroupBox("Timed effects")
        layout = QVBoxLayout(box)
        self.effects = QListWidget()
        self.effects.setAccessibleName("Timed effects")
        layout.addWidget(self.effects)
        self.effect_name = QLineEdit()
        self.effect_name.setMaxLength(NAME_CHARS)
        self.effect_name.setPlaceholderText("effect, e.g. Stunned")
        self.effect_name.setAccessibleName("Effect name")
        self.effect_length = spin_box("Effect duration", 1, 99, 1, "How long it lasts")
        self.effect_unit = QComboBox()
        self.effect_unit.setAccessibleName("Effect unit")
        for unit in TimeUnit:
            self.effect_unit.addItem(f"{unit.value}s", unit.value)
        self.effect_on = QCheckBox("on selected")
        self.effect_on.setToolTip("Tie the effect to the selected character (turn-long "
                                  "effects count down at the end of their turns)")
        self.effect_add = self._button("Add effect", "Add the timed effect", self.add_effect)
        self.effect_remove = self._button("Remove effect", "Remove the chosen effect",
                                          self.remove_effect)
        layout.addWidget(self.effect_name)
        layout.addWidget(flow_of([self.effect_length, self.effect_unit, self.effect_on,
                                  self.effect_add, self.effect_remove]))
        return box

    def add_effect(self) -> None:
        name = self.effect_name.text()
        target = self.selected() if self.effect_on.isChecked() else None
        unit = TimeUnit(self.effect_unit.currentData())
        length = self.effect_length.value()
        if self.run(f"Add the effect {name.strip()}", lambda d: cf.add_effect(
                d, name, length, unit, target or "")):
            self.effect_name.clear()

    def remove_effect(self) -> None:
        row = self.effects.currentRow()
        if row < 0:
            self.message.setText("Choose an effect first.")
            return
        self.run("Remove an effect", lambda d: cf.remove_effect(d, row))

    def _refresh_effects(self) -> None:
        """One line an effect, with the time it has left."""
        self.effects.clear()
        for effect in self.doc.effects:
            on = f" on {effect.target}" if effect.target else ""
            self.effects.addItem(f"{effect.name}{on}: {effect.remaining} {effect.unit.value}"
                                 f"{'s' if effect.remaining != 1 else ''} left")
