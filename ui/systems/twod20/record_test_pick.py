"""The roller's test from the open record: pick an attribute and a skill of the record and
the calculator's target number and Focus are theirs, as the core works them out
(:func:`~seforge.systems.twod20.records.target_number`, under the table's Focus rule). A
skill with a usual attribute brings that attribute along; one whose attribute varies (the
SRD's) waits for the attribute to be picked. As the roller's *Attack* pick does for damage,
the numbers are set once: change them in the calculator as the scene asks."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from seforge.systems.twod20.models import Character
from seforge.systems.twod20.profiles import profile_info
from seforge.systems.twod20.records import attr, skill, target_number

UNPICKED = {"attribute": "(attribute)", "skill": "(skill)"}
"""What each box shows before a pick: the target number is then as set above."""


class SkillTestPick(QWidget):
    """An attribute and a skill of the record, side by side; picking them sets the
    calculator's target number and Focus through ``fill(tn, focus)``."""

    def __init__(self, fill: Callable[[int, int], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fill = fill
        self._record: Callable[[], Character | None] = lambda: None
        self._blocked: str | None = None
        """Why the record's numbers are not offered now (someone else rolls)."""
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.attribute = QComboBox()
        self.attribute.setAccessibleName("Attribute of the record")
        self.skill = QComboBox()
        self.skill.setAccessibleName("Skill of the record")
        for combo in (self.attribute, self.skill):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(3)  # shrinks with the dock (1024x768)
            row.addWidget(combo, 1)
        self.attribute.activated.connect(lambda _i: self._picked())
        self.skill.activated.connect(lambda _i: self._skill_picked())
        self.refresh()

    def set_record(self, record: Callable[[], Character | None]) -> None:
        """Where to read the open record (its owner's document, read at each look)."""
        self._record = record
        self.refresh()

    def set_blocked(self, reason: str | None) -> None:
        """Offer the record's attributes and skills (None), or not, saying why: the boxes
        would fill in the open record's numbers for someone else."""
        self._blocked = reason
        self.refresh()

    def refresh(self) -> None:
        """List the record's attributes and skills with their numbers as it has them now."""
        record = self._record()
        attributes = ([(name, f"{name} {attr(record, name)}")
                       for name in profile_info(record.profile).attributes]
                      if record is not None else [])
        skills = ([(s.name, f"{s.name} {s.rating}") for s in record.skills]
                  if record is not None else [])
        for combo, items, tip, unpicked in (
                (self.attribute, attributes, "The attribute the test uses",
                 UNPICKED["attribute"]),
                (self.skill, skills, "The skill the test uses (its usual attribute comes "
                                     "with it)", UNPICKED["skill"])):
            shown = [(str(combo.itemData(i)), combo.itemText(i))
                     for i in range(1, combo.count())]
            if shown != items or combo.count() == 0:
                current = combo.currentData()
                combo.blockSignals(True)
                combo.clear()
                combo.addItem(unpicked, None)
                for key, text in items:
                    combo.addItem(text, key)
                index = combo.findData(current) if current is not None else 0
                combo.setCurrentIndex(max(index, 0))
                combo.blockSignals(False)
            combo.setEnabled(record is not None and self._blocked is None)
            combo.setToolTip(f"{tip}: sets the target number and Focus above"
                             if record is None or self._blocked is None else
                             f"Not now: {self._blocked}")
            if record is None:
                combo.setToolTip("Open a 2d20 record to test from it")

    def _skill_picked(self) -> None:
        record = self._record()
        name = self.skill.currentData()
        found = skill(record, str(name)) if record is not None and name is not None else None
        if found is not None and found.attribute:
            index = self.attribute.findData(found.attribute)
            if index >= 0:
                self.attribute.setCurrentIndex(index)
        self._picked()

    def _picked(self) -> None:
        record = self._record()
        attribute, name = self.attribute.currentData(), self.skill.currentData()
        if record is None or attribute is None or name is None:
            return  # both are needed for a target number
        tn, focus = target_number(record, str(attribute), str(name))
        self._fill(tn, focus)
