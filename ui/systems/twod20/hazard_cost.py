"""The Conan hazard's Doom cost, a part of the 2d20 test calculator: damage dice, qualities
and the test to avoid it in, the cost in Doom out (``seforge.systems.twod20.damage``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QSpinBox

from seforge.systems.twod20 import damage as dmg
from seforge.systems.twod20.settings import TableSettings
from ui.shell.widgets import spin_box
from ui.systems.twod20.common import WideCombo, input_form


class HazardCost(QGroupBox):
    """What a hazard costs the GM in Doom; the least cost is the table's setting."""

    def __init__(self, settings: Callable[[], TableSettings]) -> None:
        super().__init__("Hazard Doom cost (Conan)")
        self._settings = settings
        form = input_form(self)
        self.dice = spin_box("Hazard damage dice", 0, dmg.MAX_DAMAGE_DICE, 2,
                             "Combat dice of damage: 1 Doom each")
        form.addRow("Damage dice", self.dice)
        self.qualities: dict[str, QSpinBox | QCheckBox] = {}
        for name, (kind, value) in dmg.HAZARD_QUALITY_COSTS.items():
            control: QSpinBox | QCheckBox
            if kind == "flat":
                control = QCheckBox(name)
                control.setToolTip(f"{name}: {value:+d} Doom")
                control.toggled.connect(self.refresh)
                form.addRow(control)
            else:
                how = "half its rating, rounded up" if kind == "half" else "its rating"
                control = spin_box(f"{name} rating", 0, 20, 0, f"{name} X costs {how} in Doom")
                control.valueChanged.connect(self.refresh)
                form.addRow(f"{name} X", control)
            self.qualities[name] = control
        self.test = WideCombo()
        self.test.setAccessibleName("Test to avoid the hazard")
        for label, data in (("No test", 0), ("Average (D1)", 1), ("Challenging (D2)", 2),
                            ("Daunting (D3) or harder", 3)):
            self.test.addItem(label, data)
        self.test.currentIndexChanged.connect(self.refresh)
        self.dice.valueChanged.connect(self.refresh)
        form.addRow("Test to avoid it", self.test)
        self.cost = QLabel()
        self.cost.setAccessibleName("Hazard Doom cost")
        form.addRow("Doom cost", self.cost)
        self.refresh()

    def refresh(self) -> None:
        """The cost from the controls and the table's least cost."""
        qualities: dict[str, int] = {}
        for name, control in self.qualities.items():
            if isinstance(control, QCheckBox):
                if control.isChecked():
                    qualities[name] = 0
            elif control.value():
                qualities[name] = control.value()
        test = int(self.test.currentData())
        floor = self._settings().hazard_cost_floor
        raw = dmg.hazard_doom_cost(self.dice.value(), qualities, test or None, floor=-999)
        cost = max(floor, raw)
        self.cost.setText(f"{cost} Doom" + (
            f" (the sum is {raw}; raised to the least cost, {floor}: an assumption, the "
            "screen states no floor)" if raw < floor else ""))
        self.cost.setToolTip("Least cost: a table setting (Conan screen states none)")
