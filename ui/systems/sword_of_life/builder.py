"""The Sword of Life character builder: characteristics, career, specialties, skills.

Every change is an undoable ``owner.apply`` of a core mutator from
``seforge.systems.sword_of_life.rules``; the widgets ask the core for their legal ranges and
for the reason a step is refused, and redraw from ``owner.document`` on ``owner.changed``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent, QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.character import (
    CHARACTERISTICS,
    LABELS,
    Characteristic,
    Skill,
    SolCharacter,
)
from seforge.systems.sword_of_life.reference import SCALES, SPECIALTY_EXAMPLES, scale_label
from seforge.systems.sword_of_life.rules import (
    BUDGET,
    EXAMPLE_CAREERS,
    GM_HIGHEST,
    GM_LOWEST,
    HIGHEST,
    LOWEST,
    NEW_SKILL,
    UNTRAINED_NOTE,
    add_skill,
    effective_ratings,
    legal_range,
    problems,
    rating_bounds,
    remaining,
    remove_skill,
    set_career,
    set_characteristic,
    set_grip_now,
    set_option,
    set_specialty,
    spent,
    why_not_set,
)
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import TwoColumns
from ui.shell.focus_nav import no_tab_trap
from ui.shell.mnemonic_scopes import mnemonic_scope
from ui.shell.refusal import REFUSALS, sentence, show_refusal
from ui.shell.steady_text import SteadyLabel
from ui.shell.tab_stops import focus_when_filled
from ui.shell.widgets import (
    DocumentLineEdit,
    follows_document,
    show_document_text,
    whole_numbers,
)
from ui.systems.sword_of_life.scroll_page import follow_view, scroll_page

NAME_CHARS = 200
CHARACTERISTIC_KEYS: dict[Characteristic, str] = {
    "edge": "E&dge", "grip": "&Grip", "point": "&Point", "temper": "&Temper"}
"""The characteristics' labels with their Alt letters (Alt+E is the Edit menu's)."""
PLACEHOLDER_PADDING = 16
"""Pixels a line edit takes round its text: its frame and Qt's margins, with room to spare."""
TWO_COLUMN_LEDGER = 360
"""The ledger column's width beside the builder."""
NARROW_LEDGER_HEIGHT = 520
"""The ledger's height under the builder, room for its three lists."""
OUTSIDE_NOTE = f"outside the usual {LOWEST}-{HIGHEST}"
"""What a rating the GM allowed outside 1-8 looks like (the text gives no example)."""
REFUSED = "Not done"
"""What a refused rating's reason starts with."""


class RatingBox(QSpinBox):
    """A rating's spin box that tells ``refused`` the whole number typed outside its range:
    Qt drops such a keystroke without a word (all 20 points spent, 5 typed into Point 4)."""

    refused = Signal(int)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        result = super().validate(text, pos)
        typed = text.strip()
        if result[0] == QValidator.State.Invalid and typed.lstrip("-").isdigit():
            value = int(typed)
            if not self.minimum() <= value <= self.maximum():
                self.refused.emit(value)
        return result


def _rating_reasons() -> tuple[str, ...]:
    """The longest reasons the core gives for refusing a rating, as the builder shows them:
    the line under the ratings keeps room for them."""
    spent_all = SolCharacter()  # the default ratings spend every point
    return tuple(sentence(REFUSED, reason) for key in CHARACTERISTICS
                 for value in (GM_LOWEST - 1, GM_HIGHEST)
                 if (reason := why_not_set(spent_all, key, value)) is not None)


class CharacterEditor(QWidget):
    """The builder for one ``sword-of-life.character`` document."""

    def __init__(self, owner: DocumentOwner[SolCharacter], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self.setObjectName("solCharacterEditor")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Last refused change")

        self.name_edit = DocumentLineEdit()  # what is typed stays while the page redraws
        self.name_edit.setMaxLength(NAME_CHARS)
        self.name_edit.setAccessibleName("Character name")
        self.name_edit.editingFinished.connect(self._name_edited)
        self.career = QComboBox()
        self.career.setEditable(True)
        self.career.addItems(["", *EXAMPLE_CAREERS])
        self.career.setAccessibleName("Career")
        self.career.setToolTip("One career per character; type your own or narrow one down "
                               "(Military: fighter pilot, starship marine...).")
        line = self.career.lineEdit()
        assert line is not None
        follows_document(line)  # before the handler below: see show_document_text
        line.setMaxLength(NAME_CHARS)
        line.editingFinished.connect(self._career_edited)
        self.career.activated.connect(lambda _i: self._career_edited())

        self.grip_now = QSpinBox()
        self.grip_now.setAccessibleName("Grip now")
        self.grip_now.setMaximumWidth(80)
        self.grip_now.setToolTip("Grip after wounds: each lost combat exchange takes the "
                                 "margin off; at 0 the character is unconscious")
        whole_numbers(self.grip_now)
        self.grip_now.valueChanged.connect(self._grip_now_changed)
        top = QFormLayout()
        # Alt+letters unique on the page, none a menu's (File, Edit, View, Help, Character)
        top.addRow("&Name", self.name_edit)
        top.addRow("Ca&reer", self.career)
        top.addRow("Grip n&ow", self.grip_now)

        grid = QGridLayout()
        for column, head in enumerate(("", "Rating", "Looks like (example setting)", "Specialty",
                                       "In career")):
            label = QLabel(f"<b>{head}</b>")
            label.setWordWrap(True)  # the long heads take two lines in a narrow view
            grid.addWidget(label, 0, column)
        self.spins: dict[Characteristic, QSpinBox] = {}
        self.scales: dict[Characteristic, SteadyLabel] = {}
        self.specialties: dict[Characteristic, DocumentLineEdit] = {}
        self.in_career: dict[Characteristic, QCheckBox] = {}
        for row, key in enumerate(CHARACTERISTICS, start=1):
            label = QLabel(CHARACTERISTIC_KEYS[key])
            spin = RatingBox()
            spin.setAccessibleName(LABELS[key])
            whole_numbers(spin)
            spin.valueChanged.connect(lambda value, k=key: self._rating_changed(k, value))
            spin.refused.connect(lambda value, k=key: self._rating_refused(k, value))
            label.setBuddy(spin)
            # as tall as the longest example, so a rating typed never moves the rows below
            scale = SteadyLabel((*SCALES[key], OUTSIDE_NOTE))
            scale.setMinimumWidth(90)
            scale.setAccessibleName(f"{LABELS[key]} example")
            special = DocumentLineEdit()
            special.setMaxLength(NAME_CHARS)
            # one example fits the field at 1024x768 (two were cut short); the rest are
            # in the tooltip and the completer
            special.setPlaceholderText(f"{SPECIALTY_EXAMPLES[key][0]}...")
            special.setMinimumWidth(  # never so narrow that Qt cuts the example short
                special.fontMetrics().horizontalAdvance(special.placeholderText())
                + PLACEHOLDER_PADDING)
            special.setCompleter(QCompleter(list(SPECIALTY_EXAMPLES[key]), special))
            special.setAccessibleName(f"{LABELS[key]} specialty")
            special.setToolTip(f"At most one {LABELS[key]} specialty: +1 when it belongs to the "
                               "career, no gain outside it. For example: "
                               + ", ".join(SPECIALTY_EXAMPLES[key]) + ".")
            special.editingFinished.connect(lambda k=key: self._specialty_edited(k))
            check = QCheckBox()
            check.setAccessibleName(f"{LABELS[key]} specialty belongs to the career")
            check.setToolTip("Whether the specialty is part of the character's career")
            check.toggled.connect(lambda _on, k=key: self._specialty_edited(k))
            grid.addWidget(label, row, 0)
            grid.addWidget(spin, row, 1)
            grid.addWidget(scale, row, 2)
            grid.addWidget(special, row, 3)
            grid.addWidget(check, row, 4)
            self.spins[key], self.scales[key] = spin, scale
            self.specialties[key], self.in_career[key] = special, check
        # why a rating typed or stepped was refused, where the player looks; as tall as the
        # longest reason, so it never moves the rows under it
        self.rating_status = SteadyLabel(_rating_reasons())
        self.rating_status.setAccessibleName("Why the last rating was refused")
        grid.addWidget(self.rating_status, len(CHARACTERISTICS) + 1, 0, 1, 5)
        grid.setColumnStretch(2, 2)
        grid.setColumnStretch(3, 2)
        ratings_box = QGroupBox("Characteristics")
        ratings_box.setLayout(grid)

        # the character's table options (SolSettings), each one undoable step
        self.unspent_error = QCheckBox("Every point must be spent")
        self.unspent_error.setToolTip(
            "On: points left over make the character illegal (an error in Problems). "
            "Off: they are only a warning, for tables that let a player keep some back.")
        self.outside_range = QCheckBox(f"The GM allows ratings outside {LOWEST}-{HIGHEST}")
        self.outside_range.setToolTip(
            f"On: the rating boxes go from {GM_LOWEST} to {GM_HIGHEST} (the {BUDGET} points "
            f"still cap them) and a rating outside {LOWEST}-{HIGHEST} is only a warning. "
            "Off: such a rating is an error, and its box only lets it come back in.")
        self.options: dict[str, QCheckBox] = {
            "unspent_points_are_error": self.unspent_error,
            "gm_allows_outside_range": self.outside_range}
        for field, box in self.options.items():
            box.toggled.connect(lambda on, f=field: self._option_toggled(f, on))
        options_box = QGroupBox("Table options")
        options_layout = QVBoxLayout(options_box)
        options_layout.addWidget(self.unspent_error)
        options_layout.addWidget(self.outside_range)

        self.skills = no_tab_trap(QTableWidget(0, 4))
        self.skills.setHorizontalHeaderLabels(["Skill", "Characteristic", "In career",
                                               "Specialised"])
        self.skills.setAccessibleName("Other skills")
        self.skills.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.skills.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.skills.verticalHeader().setVisible(False)
        focus_when_filled(self.skills)
        self.skill_name = QLineEdit()
        self.skill_name.setMaxLength(NAME_CHARS)
        self.skill_name.setPlaceholderText("architecture, particle physics...")
        self.skill_name.setAccessibleName("New skill name")
        self.skill_characteristic = QComboBox()
        for key in CHARACTERISTICS:
            self.skill_characteristic.addItem(LABELS[key], key)
        self.skill_characteristic.setAccessibleName("New skill characteristic")
        self.skill_career = QCheckBox("In career")
        self.skill_career.setToolTip("Whether the new skill is part of the character's career")
        self.skill_special = QCheckBox("Highly specialised")
        self.skill_special.setToolTip(UNTRAINED_NOTE)
        self._new_skill_boxes()
        self.add_skill_button = QPushButton("&Add skill")
        self.add_skill_button.clicked.connect(self._add_skill)
        self.skill_name.returnPressed.connect(self.add_skill_button.click)  # Enter: Add skill
        self.remove_skill_button = QPushButton("Re&move skill")
        self.remove_skill_button.clicked.connect(self._remove_skill)
        self.skills.itemSelectionChanged.connect(self._draw_remove_button)
        # short rows, so the adder fits a narrow column
        adder = QGridLayout()
        adder.addWidget(self.skill_name, 0, 0, 1, 2)
        adder.addWidget(self.skill_characteristic, 0, 2)
        adder.addWidget(self.skill_career, 1, 0)
        adder.addWidget(self.skill_special, 1, 1, 1, 2)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.add_skill_button)
        buttons.addWidget(self.remove_skill_button)
        adder.addLayout(buttons, 2, 0, 1, 3)
        adder.setColumnStretch(1, 1)
        skills_box = QGroupBox("Other skills (for their effective ratings)")
        skills_layout = QVBoxLayout(skills_box)
        skills_layout.addWidget(self.skills)
        skills_layout.addLayout(adder)

        self.notes = QPlainTextEdit()
        self.notes.setAccessibleName("Notes")
        self.notes.setPlaceholderText("Background, gear, wounds...")
        self.notes.setMaximumHeight(90)
        self.notes.setTabChangesFocus(True)  # Tab moves on, as from every other field
        self.notes.focusOutEvent = self._notes_focus_out  # type: ignore[method-assign]

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addLayout(top)
        left_layout.addWidget(ratings_box)
        left_layout.addWidget(options_box)
        left_layout.addWidget(skills_box, 1)
        left_layout.addWidget(QLabel("Notes"))
        left_layout.addWidget(self.notes)
        left_layout.addWidget(self.message)

        # the ledger
        self.points = QLabel()
        self.points.setAccessibleName("Points spent")
        self.ledger = QListWidget()
        self.ledger.setAccessibleName("Ledger")
        self.problem_list = QListWidget()
        self.problem_list.setAccessibleName("Problems")
        self.problem_list.setWordWrap(True)
        self.ratings = no_tab_trap(QTableWidget(0, 3))
        self.ratings.setHorizontalHeaderLabels(["Skill", "Cards", "Why"])
        self.ratings.setAccessibleName("Effective ratings")
        self.ratings.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.ratings.verticalHeader().setVisible(False)
        header = self.ratings.horizontalHeader()
        # the skill and its reason share the width; the reason wraps
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.ratings.setWordWrap(True)
        self.ratings.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        gm_note = QLabel(f"GM: {UNTRAINED_NOTE}")
        gm_note.setWordWrap(True)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.points)
        right_layout.addWidget(self.ledger, 1)
        right_layout.addWidget(QLabel("Problems"))
        right_layout.addWidget(self.problem_list, 1)
        right_layout.addWidget(QLabel("Effective ratings"))
        right_layout.addWidget(self.ratings, 2)
        right_layout.addWidget(gm_note)

        # one page that scrolls down, never sideways: the builder beside the ledger when
        # the view is wide, the ledger under the builder when it is narrow
        self._left, self._right = left, right
        self._sheet = QWidget()
        self._grid = QGridLayout(self._sheet)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.page_scroll = scroll_page(self, self._sheet, 6, framed=False)
        self.columns = TwoColumns(self._grid, self._left, self._right,
                                  second_width=TWO_COLUMN_LEDGER, stretch=(3, 2),
                                  narrow_height=NARROW_LEDGER_HEIGHT)

        # a new character's tab gives the focus to its name, where typing starts
        self.setFocusProxy(self.name_edit)
        mnemonic_scope(self)
        owner.changed.connect(self.refresh)
        owner.changed.connect(self._rating_status_clear)  # a reason said goes stale
        self.refresh()

    def widget(self) -> QWidget:
        return self

    # -- reflow: the builder beside its ledger (wide) or above it (narrow) ------
    def resizeEvent(self, event: QResizeEvent) -> None:
        follow_view(self.columns, self.page_scroll, event)
        super().resizeEvent(event)

    # -- changes --------------------------------------------------------------
    def _apply(self, text: str, mutate: Callable[[SolCharacter], Any]) -> None:
        try:
            self.owner.apply(text, mutate)
        except RefusedError as refused:
            show_refusal(self.message, refused, "")
            self.refresh()
            return
        self.message.clear()

    def _name_edited(self) -> None:
        name = self.name_edit.text().strip()
        if name != self.owner.document.name:
            self._apply("Rename", lambda c: setattr(c, "name", name))

    def _career_edited(self) -> None:
        career = self.career.currentText().strip()
        if career != self.owner.document.career:
            self._apply("Change career", lambda c: set_career(c, career))

    def _rating_changed(self, key: Characteristic, value: int) -> None:
        if value == self.owner.document.characteristics.get(key):
            return
        try:
            self.owner.apply(f"Set {LABELS[key]}", lambda c: set_characteristic(c, key, value))
        except REFUSALS as refused:
            show_refusal(self.rating_status, refused, REFUSED)
            self.refresh()
            return
        self.message.clear()

    def _rating_refused(self, key: Characteristic, value: int) -> None:
        """A number typed into ``key``'s box outside its range: the core's reason."""
        reason = why_not_set(self.owner.document, key, value)
        if reason is not None:
            show_refusal(self.rating_status, reason, REFUSED)

    def _rating_status_clear(self) -> None:
        self.rating_status.clear()  # its room stays (a SteadyLabel)
        self.rating_status.setToolTip("")

    def _option_toggled(self, field: str, on: bool) -> None:
        if on != getattr(self.owner.document.settings, field):
            self._apply(f"{'Set' if on else 'Clear'} {self.options[field].text()!r}",
                        lambda c: set_option(c, field, on))

    def _grip_now_changed(self, value: int) -> None:
        document = self.owner.document
        current = document.grip_now if document.grip_now is not None else (
            document.characteristics.grip)
        if value != current:
            self._apply("Set Grip now", lambda c: set_grip_now(c, value))

    def _specialty_edited(self, key: Characteristic) -> None:
        name = self.specialties[key].text().strip()
        in_career = self.in_career[key].isChecked()
        current = self.owner.document.specialty(key)
        if current is None and not name:
            return
        if current is not None and (current.name, current.in_career) == (name, in_career):
            return
        self._apply(f"{LABELS[key]} specialty",
                    lambda c: set_specialty(c, key, name, in_career))

    def _add_skill(self) -> None:
        skill = Skill(name=self.skill_name.text().strip(),
                      characteristic=self.skill_characteristic.currentData(),
                      in_career=self.skill_career.isChecked(),
                      highly_specialised=self.skill_special.isChecked())
        self._apply("Add skill", lambda c: add_skill(c, skill))
        if not self.message.text():
            self.skill_name.clear()
            self._new_skill_boxes()

    def _new_skill_boxes(self) -> None:
        """The new skill's boxes as the core starts a new skill (the characteristic chosen
        stays, for a run of skills of one characteristic)."""
        self.skill_career.setChecked(NEW_SKILL.in_career)
        self.skill_special.setChecked(NEW_SKILL.highly_specialised)

    def _remove_skill(self) -> None:
        row = self.skills.currentRow()
        self._apply("Remove skill", lambda c: remove_skill(c, row))

    def _notes_focus_out(self, event: Any) -> None:
        QPlainTextEdit.focusOutEvent(self.notes, event)
        text = self.notes.toPlainText()
        if text != self.owner.document.notes:
            self._apply("Edit notes", lambda c: setattr(c, "notes", text))

    # -- drawing --------------------------------------------------------------
    def refresh(self) -> None:
        character = self.owner.document
        widgets: list[QWidget] = [self.name_edit, self.career, self.grip_now,
                                  *self.spins.values(),
                                  *self.specialties.values(), *self.in_career.values(),
                                  *self.options.values()]
        for widget in widgets:
            widget.blockSignals(True)
        try:
            # a field being typed in keeps its text (Alt+A adding a skill redrew the
            # page and erased a name typed and not yet finished)
            self.name_edit.show_text(character.name)
            career_line = self.career.lineEdit()
            assert career_line is not None
            show_document_text(career_line, character.career)
            for field, box in self.options.items():
                box.setChecked(getattr(character.settings, field))
            lowest, highest = rating_bounds(character)  # 1-8, or wider with the GM's leave
            for key in CHARACTERISTICS:
                value = character.characteristics.get(key)
                low, high = legal_range(character, key)
                spin = self.spins[key]
                spin.setRange(min(low, value), max(high, value))
                spin.setValue(value)
                blocked = why_not_set(character, key, value + 1) if value < highest else (
                    f"{LABELS[key]} is at its top of {highest}")
                spin.setToolTip(f"{LABELS[key]}: {lowest} to {highest}, one point each."
                                + (f" Cannot go higher: {blocked}." if blocked else ""))
                self.scales[key].setText(scale_label(key, value) or OUTSIDE_NOTE)
                special = character.specialty(key)
                self.specialties[key].show_text(special.name if special else "")
                self.in_career[key].setChecked(special.in_career if special else True)
            grip = character.characteristics.grip
            self.grip_now.setRange(0, max(0, grip))
            self.grip_now.setValue(character.grip_now if character.grip_now is not None
                                   else grip)
            if not self.notes.hasFocus() and self.notes.toPlainText() != character.notes:
                self.notes.setPlainText(character.notes)
        finally:
            for widget in widgets:
                widget.blockSignals(False)
        self._draw_skills(character)
        self._draw_ledger(character)

    def _draw_skills(self, character: SolCharacter) -> None:
        self.skills.setRowCount(len(character.skills))
        for row, skill in enumerate(character.skills):
            cells = (skill.name, LABELS[skill.characteristic], "yes" if skill.in_career else "no",
                     "yes" if skill.highly_specialised else "")
            for column, text in enumerate(cells):
                self.skills.setItem(row, column, QTableWidgetItem(text))
        self._draw_remove_button()

    def _draw_remove_button(self) -> None:
        """Remove skill removes the skill picked in the table: none picked, nothing to do."""
        picked = bool(self.skills.selectedItems()) and self.skills.currentRow() >= 0
        self.remove_skill_button.setEnabled(picked)
        self.remove_skill_button.setToolTip(
            "Remove the skill picked in the table" if picked else
            "Pick a skill in the table to remove it" if self.owner.document.skills else
            "There is no skill yet")

    def _draw_ledger(self, character: SolCharacter) -> None:
        left = remaining(character)
        self.points.setText(f"<b>{spent(character)} of {BUDGET} points spent</b>, {left} left"
                            if left >= 0 else
                            f"<b>{spent(character)} of {BUDGET} points spent</b>, "
                            f"{-left} too many")
        self.ledger.clear()
        for key in CHARACTERISTICS:
            value = character.characteristics.get(key)
            self.ledger.addItem(f"{LABELS[key]} {value}: {value} points")
        career = character.career.strip() or "no career yet"
        self.ledger.addItem(f"Career: {career}")
        self.problem_list.clear()
        found = problems(character)
        for problem in found:
            item = QListWidgetItem(f"{problem.severity.title()}: {problem.message}")
            item.setToolTip(f"rule {problem.rule}")
            self.problem_list.addItem(item)
        if not found:
            self.problem_list.addItem("None: the character is legal.")
        rated = effective_ratings(character)
        self.ratings.setRowCount(len(rated))
        for row, rated_skill in enumerate(rated):
            why = rated_skill.how + ("; the GM may rule it out" if rated_skill.gm_ruling else "")
            label = LABELS[rated_skill.characteristic]
            name = rated_skill.name if label in rated_skill.name else (
                f"{rated_skill.name} ({label})")
            for column, text in enumerate((name, str(rated_skill.rating), why)):
                cell = QTableWidgetItem(text)
                if column == 1:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.ratings.setItem(row, column, cell)
