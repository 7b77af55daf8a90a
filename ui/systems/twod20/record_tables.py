"""The two tables of the 2d20 record editor: the skills and the attacks.

Each is a group box that builds its rows from the record, redraws them from it, and hands
every edit to the editor's ``run`` (one undoable ``owner.apply`` of a function in
``seforge.systems.twod20.editing``); neither keeps a copy of the record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.limits import LINE_CHARS, NAME_CHARS
from seforge.systems.twod20 import editing as ed
from seforge.systems.twod20.models import MAX_SKILL, Character
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.records import attack_damage, skill_target
from seforge.systems.twod20.settings import focus_note
from ui.shell.focus_nav import no_tab_trap
from ui.shell.widgets import DocumentLineEdit, spin_box, whole_numbers
from ui.systems.twod20.common import (
    elide_headers,
    fixed_columns,
    flow_of,
)

Run = Callable[[str, Callable[[Character], Character | None]], bool]
"""The editor's ``run``: apply one named change to the record; False when refused."""
SkillRow = tuple[DocumentLineEdit, QSpinBox, QSpinBox, DocumentLineEdit, QComboBox]
AttackRow = tuple[DocumentLineEdit, QSpinBox, QComboBox, DocumentLineEdit]


def _table(columns: list[str], name: str) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    no_tab_trap(table)
    table.setHorizontalHeaderLabels(columns)
    table.setAccessibleName(name)
    table.verticalHeader().setVisible(False)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    return table


def _read_only(item: QTableWidgetItem, text: str, tip: str) -> None:
    item.setText(text)
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    item.setToolTip(tip)


class SkillTable(QGroupBox):
    """The record's skills: name, rating, Focus, focuses, usual attribute and TN."""

    def __init__(self, doc: Callable[[], Character], run: Run,
                 parent: QWidget | None = None) -> None:
        super().__init__("Skills", parent)
        self._doc = doc
        self._run = run
        self.rows: list[SkillRow] = []
        layout = QVBoxLayout(self)
        self.table = _table(["Skill", "Rating", "Focus", "Focuses", "Usual attribute", "TN"],
                            "Skills")
        elide_headers(self.table, ("", "", "", "Focuses: named focuses", "Usual attribute: the "
                                   "attribute usually tested with the skill",
                                   "TN: the target number"))
        fixed_columns(self.table, {1: 64, 2: 64, 4: 118, 5: 40})
        self.table.setMinimumHeight(300)
        layout.addWidget(self.table)
        self.new_name = QLineEdit()
        self.new_name.setMaxLength(NAME_CHARS)
        self.new_name.setPlaceholderText("new skill")
        self.new_name.setAccessibleName("New skill name")
        add = QPushButton("Add skill")
        add.setToolTip("Add a skill with this name")
        add.clicked.connect(self.add)
        remove = QPushButton("Remove skill")
        remove.setToolTip("Remove the selected skill")
        remove.clicked.connect(self.remove)
        self.new_name.setMinimumWidth(120)
        layout.addWidget(self.new_name)
        layout.addWidget(flow_of([add, remove]))

    def add(self) -> None:
        name = self.new_name.text()
        if self._run(f"Add the skill {name.strip()}", lambda c: ed.add_skill(c, name)):
            self.new_name.clear()

    def remove(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self._run("Remove a skill", lambda c: ed.remove_skill(c, row))

    def _edit(self, index: int, **values: Any) -> None:
        self._run("Edit a skill", lambda c: ed.set_skill(c, index, **values))

    def _new_row(self, index: int, attributes: tuple[str, ...]) -> SkillRow:
        name = DocumentLineEdit()
        name.setMaxLength(NAME_CHARS)
        name.setAccessibleName(f"Skill {index + 1} name")
        rating = spin_box(f"Skill {index + 1} rating", 0, MAX_SKILL, 0,
                          "Added to the attribute for the target number")
        focus = spin_box(f"Skill {index + 1} Focus", 0, 40, 0, "")
        focuses = DocumentLineEdit()
        focuses.setMaxLength(LINE_CHARS)
        focuses.setAccessibleName(f"Skill {index + 1} focuses")
        focuses.setToolTip("Named focuses, e.g. Blades, Brawling")
        attribute = QComboBox()
        attribute.setAccessibleName(f"Skill {index + 1} usual attribute")
        attribute.setToolTip("The attribute usually tested with it; sets the target number "
                             "the Focus must stay within")
        attribute.addItem("(varies)", "")
        for attr_name in attributes:
            attribute.addItem(attr_name, attr_name)
        name.editingFinished.connect(lambda i=index, w=name: self._edit(
            i, name=w.text().strip() or self._doc().skills[i].name))
        whole_numbers(rating, focus)
        rating.valueChanged.connect(lambda v, i=index: self._edit(i, rating=v))
        focus.valueChanged.connect(lambda v, i=index: self._edit(i, focus=v))
        focuses.editingFinished.connect(lambda i=index, w=focuses: self._edit(
            i, focuses=w.text()))
        attribute.currentIndexChanged.connect(lambda _x, i=index, w=attribute: (
            self._edit(i, attribute=w.currentData())))
        return name, rating, focus, focuses, attribute

    def _rebuild(self) -> None:
        doc = self._doc()
        attributes = tuple(profile_info(doc.profile).attributes)
        if len(self.rows) == len(doc.skills) and all(
                row[4].count() == len(attributes) + 1 for row in self.rows):
            return
        self.table.setRowCount(len(doc.skills))
        self.rows = []
        for index in range(len(doc.skills)):
            row = self._new_row(index, attributes)
            for column, widget in enumerate(row):
                self.table.setCellWidget(index, column, widget)
            self.table.setItem(index, 5, QTableWidgetItem(""))
            self.rows.append(row)

    def refresh(self) -> None:
        """The rows (rebuilt when their number or the profile changed) from the record."""
        self._rebuild()
        doc = self._doc()
        for skill, row in zip(doc.skills, self.rows, strict=True):
            skill_name, rating, focus, focuses, attribute = row
            for widget in row:
                widget.blockSignals(True)
            skill_name.show_text(skill.name)
            rating.setValue(skill.rating)
            limit, reason = ed.focus_limit(doc, skill)
            focus.setMaximum(max(limit, skill.focus))
            focus.setValue(skill.focus)
            focus.setToolTip(f"A d20 at or under the Focus scores two successes. {reason}. "
                             f"{focus_note(doc.profile, doc.settings)}.")
            focuses.show_text(skill.focuses)
            attribute.setCurrentIndex(max(0, attribute.findData(skill.attribute)))
            for widget in row:
                widget.blockSignals(False)
        for index, skill in enumerate(doc.skills):
            tn = skill_target(doc, skill)
            item = self.table.item(index, 5)
            if item is not None:
                _read_only(item, "" if tn is None else str(tn), "" if tn is None else
                           f"Target number: {skill.attribute} + {skill.name}")


class AttackTable(QGroupBox):
    """The record's attacks: name, base dice, kind, qualities and the damage with the bonus.
    The table grows with its rows and never scrolls."""

    def __init__(self, doc: Callable[[], Character], run: Run,
                 parent: QWidget | None = None) -> None:
        super().__init__("Attacks", parent)
        self._doc = doc
        self._run = run
        self.rows: list[AttackRow] = []
        layout = QVBoxLayout(self)
        self.table = _table(["Attack", "Dice", "Kind", "Qualities", "Damage"], "Attacks")
        elide_headers(self.table, ("", "Base damage dice", "", "Damage effects", ""))
        fixed_columns(self.table, {1: 64, 2: 96})
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.table)
        add = QPushButton("Add attack")
        add.setToolTip("Add a weapon or attack")
        add.clicked.connect(self.add)
        remove = QPushButton("Remove attack")
        remove.setToolTip("Remove the selected attack")
        remove.clicked.connect(self.remove)
        layout.addWidget(flow_of([add, remove]))

    def add(self) -> None:
        """A new attack, its placeholder name chosen so that typing replaces it."""
        if self._run("Add an attack", lambda c: ed.add_weapon(c)) and self.rows:
            name = self.rows[-1][0]
            name.setFocus()
            name.selectAll()

    def remove(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self._run("Remove an attack", lambda c: ed.remove_weapon(c, row))

    def _edit(self, index: int, **values: Any) -> None:
        self._run("Edit an attack", lambda c: ed.set_weapon(c, index, **values))

    def _new_row(self, index: int) -> AttackRow:
        name = DocumentLineEdit()
        name.setMaxLength(NAME_CHARS)
        name.setAccessibleName(f"Attack {index + 1} name")
        dice = spin_box(f"Attack {index + 1} dice", 0, 20, 1,
                        "Base damage dice before the skill or attribute bonus")
        kind = QComboBox()
        kind.setAccessibleName(f"Attack {index + 1} kind")
        for value in ("melee", "ranged", "mental"):
            kind.addItem(value, value)
        qualities = DocumentLineEdit()
        qualities.setMaxLength(LINE_CHARS)
        qualities.setAccessibleName(f"Attack {index + 1} qualities")
        qualities.setToolTip("Damage effects, e.g. Vicious 1, Piercing 2")
        name.editingFinished.connect(lambda i=index, w=name: self._edit(i, name=w.text()))
        whole_numbers(dice)
        dice.valueChanged.connect(lambda v, i=index: self._edit(i, dice=v))
        kind.currentIndexChanged.connect(lambda _x, i=index, w=kind: self._edit(
            i, kind=w.currentData()))
        qualities.editingFinished.connect(lambda i=index, w=qualities: self._edit(
            i, qualities=w.text()))
        return name, dice, kind, qualities

    def _rebuild(self) -> None:
        weapons = self._doc().weapons
        if len(self.rows) == len(weapons):
            return
        self.table.setRowCount(len(weapons))
        self.rows = []
        for index in range(len(weapons)):
            row = self._new_row(index)
            for column, widget in enumerate(row):
                self.table.setCellWidget(index, column, widget)
            self.table.setItem(index, 4, QTableWidgetItem(""))
            self.rows.append(row)
        self._fit()

    def _fit(self) -> None:
        """Every attack row in view, whatever their number (the table never scrolls)."""
        table = self.table
        table.resizeRowsToContents()
        height = table.horizontalHeader().height() + 2 * table.frameWidth()
        height += sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setFixedHeight(max(height, table.horizontalHeader().height() + 30))

    def refresh(self) -> None:
        """The rows (rebuilt when their number changed) and the damage from the record."""
        self._rebuild()
        doc = self._doc()
        for weapon, row in zip(doc.weapons, self.rows, strict=True):
            name, dice, kind, qualities = row
            for widget in row:
                widget.blockSignals(True)
            name.show_text(weapon.name)
            dice.setValue(weapon.dice)
            kind.setCurrentIndex(kind.findData(weapon.kind))
            qualities.show_text(weapon.qualities)
            qualities.setToolTip(weapon.qualities
                                 or "Damage effects, e.g. Vicious 1, Piercing 2")
            for widget in row:
                widget.blockSignals(False)
        die = "§" if doc.profile is Profile.CONAN else " [CD]"
        for index, weapon in enumerate(doc.weapons):
            total, how = attack_damage(doc, weapon)
            item = self.table.item(index, 4)
            if item is not None:
                _read_only(item, f"{total}{die}" + (
                    f", {weapon.qualities}" if weapon.qualities else ""), f"Damage dice: {how}")
        self._fit()
