"""The Dice Pool character builder: a name, the traits with their dice, notes, and what
the check says. Every control asks the core (:mod:`dice_pool.rules`) whether its change is
allowed and says why not; every change is one undoable ``apply`` on the document's owner,
and the page redraws from the owner's ``changed`` signal."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from seforge.core.refused import RefusedError
from ui.shell.document_owner import DocumentOwner
from ui.shell.widgets import HistoryLineEdit, HistoryPlainTextEdit

from dice_pool import rules
from dice_pool.models import Character

Mutator = Callable[[Character], None]
NOTES_DELAY_MS = 500
"""Typing in the notes becomes one undo step this long after the last key."""


class NotesEdit(HistoryPlainTextEdit):
    """The notes field: what was typed is kept when the field loses the focus."""

    def __init__(self, done: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._done = done

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._done()
        super().focusOutEvent(event)


class TraitRow:
    """The widgets of one trait: its name, its dice and a Remove button."""

    def __init__(self, builder: DicePoolBuilder, index: int) -> None:
        self.name = HistoryLineEdit()
        self.name.setAccessibleName(f"Trait {index + 1} name")
        self.name.setToolTip("The trait's name (each trait has its own)")
        self.name.editingFinished.connect(partial(builder.rename, index))
        self.pool = QSpinBox()
        self.pool.setAccessibleName(f"Trait {index + 1} dice")
        self.pool.setSuffix(" dice")
        self.pool.setRange(rules.MIN_POOL, rules.MAX_POOL)
        self.pool.valueChanged.connect(partial(builder.set_pool, index))
        self.remove = QPushButton("Remove")
        self.remove.setAccessibleName(f"Remove trait {index + 1}")
        self.remove.setToolTip("Remove this trait (its dice go back to the budget)")
        self.remove.clicked.connect(lambda _checked=False: builder.remove(index))

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.name, self.pool, self.remove)


class DicePoolBuilder(QWidget):
    """The editor widget for one ``dice-pool.character`` document."""

    def __init__(self, owner: DocumentOwner[Character], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self.setAccessibleName("Dice Pool character builder")
        host = QWidget()
        form = QVBoxLayout(host)
        self.status = QLabel()
        self.status.setAccessibleName("Last refusal")
        self.status.setWordWrap(True)
        self.status.setVisible(False)
        form.addWidget(self.status)

        identity = QGroupBox("Character")
        identity_form = QFormLayout(identity)
        self.name = HistoryLineEdit()
        self.name.setAccessibleName("Name")
        self.name.setToolTip("The character's name")
        self.name.editingFinished.connect(self._name_done)
        identity_form.addRow("&Name", self.name)
        form.addWidget(identity)

        traits = QGroupBox("Traits")
        traits_column = QVBoxLayout(traits)
        self.budget = QLabel()
        self.budget.setAccessibleName("Dice given")
        traits_column.addWidget(self.budget)
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        traits_column.addLayout(self.grid)
        self.rows: list[TraitRow] = []
        self.add_button = QPushButton("&Add Trait")
        self.add_button.setAccessibleName("Add trait")
        self.add_button.clicked.connect(lambda _checked=False: self.add())
        traits_column.addWidget(self.add_button)
        form.addWidget(traits)

        check = QGroupBox("Check")
        check_column = QVBoxLayout(check)
        self.problems = QListWidget()
        self.problems.setAccessibleName("Check results")
        self.problems.setToolTip("What the rules say about this character")
        self.problems.setWordWrap(True)
        self.problems.setMaximumHeight(120)
        check_column.addWidget(self.problems)
        form.addWidget(check)

        notes = QGroupBox("Notes")
        notes_column = QVBoxLayout(notes)
        self.notes = NotesEdit(self._notes_done)
        self.notes.setAccessibleName("Notes")
        self.notes.setToolTip("Anything worth remembering about the character")
        self.notes.setMinimumHeight(90)
        self._notes_timer = QTimer(self)
        self._notes_timer.setSingleShot(True)
        self._notes_timer.setInterval(NOTES_DELAY_MS)
        self._notes_timer.timeout.connect(self._notes_done)
        self.notes.textChanged.connect(self._notes_timer.start)
        notes_column.addWidget(self.notes)
        form.addWidget(notes)
        form.addStretch(1)

        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(host)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        owner.changed.connect(self.refresh)
        self.refresh()

    @property
    def character(self) -> Character:
        return self.owner.document

    def do(self, text: str, mutate: Mutator) -> bool:
        """One undo step; a refusal is shown above the form and changes nothing."""
        try:
            self.owner.apply(text, mutate)
        except (RefusedError, ValueError) as refused:
            self.status.setText(f"Not done: {getattr(refused, 'reason', str(refused))}")
            self.status.setVisible(True)
            self.refresh()
            return False
        self.status.clear()
        self.status.setVisible(False)
        return True

    # -- changes ------------------------------------------------------------------------
    def _name_done(self) -> None:
        value = self.name.text()
        if value.strip() != self.character.name:
            self.do("Edit name", lambda c: rules.set_name(c, value))

    def _notes_done(self) -> None:
        self._notes_timer.stop()
        value = self.notes.toPlainText()
        if value != self.character.notes:
            self.do("Edit notes", lambda c: rules.set_notes(c, value))

    def rename(self, index: int) -> None:
        if index >= len(self.character.traits):
            return
        value = self.rows[index].name.text()
        if value.strip() != self.character.traits[index].name:
            self.do("Rename trait", lambda c: rules.rename_trait(c, index, value))

    def set_pool(self, index: int, value: int) -> None:
        if index < len(self.character.traits) and value != self.character.traits[index].pool:
            self.do("Change dice", lambda c: rules.set_pool(c, index, value))

    def add(self) -> None:
        self.do("Add trait", rules.add_trait)

    def remove(self, index: int) -> None:
        self.do("Remove trait", lambda c: rules.remove_trait(c, index))

    # -- drawing ------------------------------------------------------------------------
    def _build_rows(self, count: int) -> None:
        for row in self.rows:
            for widget in row.widgets():
                self.grid.removeWidget(widget)
                widget.deleteLater()
        self.rows = []
        for index in range(count):
            row = TraitRow(self, index)
            for column, widget in enumerate(row.widgets()):
                self.grid.addWidget(widget, index, column)
            self.rows.append(row)

    def refresh(self) -> None:
        character = self.character
        if not self.name.hasFocus():
            self.name.set_text_quietly(character.name)
        if len(self.rows) != len(character.traits):
            self._build_rows(len(character.traits))
        for index, (row, trait) in enumerate(zip(self.rows, character.traits, strict=True)):
            if not row.name.hasFocus() or row.name.text().strip() == trait.name:
                row.name.set_text_quietly(trait.name)
            allowed = [v for v in range(rules.MIN_POOL, rules.MAX_POOL + 1)
                       if rules.why_not_set_pool(character, index, v) is None]
            blocked = row.pool.blockSignals(True)
            # a file's pool outside the rules is shown as it is, and can be lowered
            row.pool.setRange(min(rules.MIN_POOL, trait.pool), max([*allowed, trait.pool]))
            row.pool.setValue(trait.pool)
            row.pool.blockSignals(blocked)
            more = rules.why_not_set_pool(character, index, trait.pool + 1)
            row.pool.setToolTip(f"Dice {trait.name or 'this trait'} rolls, {rules.MIN_POOL} "
                                f"to {rules.MAX_POOL}" + (f"\nNo more: {more}." if more else ""))
        reason = rules.why_not_add_trait(character)
        self.add_button.setEnabled(reason is None)
        self.add_button.setToolTip("Add a trait with one die" if reason is None
                                   else f"Add a trait with one die\nNot now: {reason}.")
        left = rules.left(character)
        self.budget.setText(f"Dice given: {rules.spent(character)} of {rules.BUDGET}"
                            + (f" ({left} left)" if left > 0 else ""))
        self.problems.clear()
        found = rules.check_character(character)
        for problem in sorted(found, key=lambda p: p.severity != "error"):  # errors first
            self.problems.addItem(f"{problem.severity.capitalize()}: {problem.message}")
        if not found:
            self.problems.addItem("Legal: every die is given.")
        if not self.notes.hasFocus():
            self.notes.set_text_quietly(character.notes)


class DicePoolEditor:
    """A document editor (the shell's ``DocumentEditor``) for a Dice Pool character."""

    def __init__(self, owner: DocumentOwner[Character], parent: QWidget | None = None) -> None:
        self.owner = owner
        self._widget = DicePoolBuilder(owner, parent)

    def widget(self) -> QWidget:
        return self._widget

    @property
    def builder(self) -> DicePoolBuilder:
        return self._widget
