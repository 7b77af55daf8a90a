"""The Sword of Life conflict screen: the tracker, its odds, the virtual deck and the log.

It shows one ``sword-of-life.conflict`` document through its DocumentOwner: every change is an
undoable ``owner.apply`` of a mutator of ``seforge.systems.sword_of_life.conflict``; the odds
come from ``seforge.systems.sword_of_life.odds``. The sides taken from character files and
the Grip written back to their sheets are :mod:`.conflict_characters`'; the sides' table,
the odds, cards and log drawn, and the table settings are modules of their own too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.documents import DocumentFileError
from seforge.systems.sword_of_life.character import CHARACTERISTICS, LABELS
from seforge.systems.sword_of_life.conflict import (
    add_opponent,
    aim,
    apply_margin,
    draw_exchange,
    remove_opponent,
    reset,
    score_name,
    set_kind,
    set_method,
    set_problem_tests,
    set_setting,
    set_side,
    standing,
    why_not_aim,
    why_not_draw,
    why_not_margin,
    winner,
)
from seforge.systems.sword_of_life.conflict_model import (
    MAX_OPPONENTS,
    MAX_SCORE,
    Side,
    SolConflict,
)
from seforge.systems.sword_of_life.odds import KIND_LABELS, KIND_NOTES, ConflictKind
from seforge.systems.sword_of_life.several import METHOD_LABELS, METHOD_NOTES
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import TwoColumns, flow_row
from ui.shell.focus_nav import no_tab_trap
from ui.shell.mnemonic_scopes import mnemonic_scope
from ui.shell.refusal import REFUSALS, refuse, show_refusal
from ui.shell.steady_text import SteadyLabel
from ui.shell.tab_stops import focus_when_filled
from ui.shell.widgets import DocumentLineEdit, buddy, spin_box
from ui.systems.sword_of_life.cards_view import CardRow
from ui.systems.sword_of_life.conflict_characters import CharacterLinks
from ui.systems.sword_of_life.exchanges_view import (
    LOG_HEADERS,
    draw_cards,
    draw_log,
    draw_odds,
)
from ui.systems.sword_of_life.scroll_page import follow_view, scroll_page
from ui.systems.sword_of_life.sides_table import (
    SIDE_COLUMNS,
    change_text,
    draw_sides,
    order_cells,
    short_headers,
    sides_table,
)
from ui.systems.sword_of_life.steady_controls import HistoryButton, name_list
from ui.systems.sword_of_life.table_settings_box import TableSettingsBox, combo

TWO_COLUMN_TRACKER = 520
"""The tracker column's narrowest width beside the settings."""
METHOD_TIP = "How the player's hand meets more than one opponent or problem"
MARGIN_TIP = "Apply a margin drawn with real cards to the right score"
MARGIN_BOX_TIP = "Your successes minus the opposition's, drawn with real cards"
MESSAGE_ROOM = ("Grip written to 12 sheet(s).",)
"""What the message line keeps room for when empty: a line, so that clearing it at the
next draw moves nothing under the mouse."""


class ConflictEditor(QWidget):
    """Tracker, odds, virtual deck and log of one conflict document."""

    COLUMNS = SIDE_COLUMNS

    def __init__(self, owner: DocumentOwner[SolConflict], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self.rng = random.Random()
        self.setObjectName("solConflictEditor")

        self.name_edit = DocumentLineEdit()  # what is typed stays while the page redraws
        self.name_edit.setMaxLength(200)
        self.name_edit.setAccessibleName("Conflict name")
        self.name_edit.editingFinished.connect(self._name_edited)
        # short names in the box (the explanations were cut at 1366x768); what each kind
        # draws and wears down in its tooltip and in the line under it
        self.kind = combo(KIND_LABELS, "Kind of conflict",
                          "What is drawn and what each lost exchange wears down", KIND_NOTES)
        self.kind_note = QLabel()
        self.kind_note.setAccessibleName("What the kind of conflict draws and wears down")
        self.kind_note.setWordWrap(True)
        self.kind.activated.connect(lambda _i: self._choose(
            "Kind of conflict", "kind", set_kind, self.kind.currentData()))
        self.tests = combo({key: LABELS[key] for key in CHARACTERISTICS},
                            "What the problem tests",
                            "A problem tests Grip (radiation, falls), Point (repairs, research), "
                            "Temper (horror, the alien) or Edge (traffic, a chase)")
        self.tests.activated.connect(lambda _i: self._choose(
            "What the problem tests", "problem_tests", set_problem_tests,
            self.tests.currentData()))
        self.method = combo(METHOD_LABELS, "Several opponents", METHOD_TIP, METHOD_NOTES)
        self.method.activated.connect(lambda _i: self._choose(
            "Method", "method", set_method, self.method.currentData()))
        self.time_edit = DocumentLineEdit()
        self.time_edit.setMaxLength(100)
        self.time_edit.setPlaceholderText("half an hour, one round...")
        self.time_edit.setAccessibleName("Time per exchange")
        self.time_edit.setToolTip("How long one exchange or attempt takes in the story")
        self.time_edit.editingFinished.connect(
            lambda: self._set("Time per exchange", "time_per_exchange",
                              self.time_edit.text().strip()))
        setup = QFormLayout()
        # Alt+letters unique on the GM page too, whose tabs take N, O and R, and none a
        # menu's (File, Edit, View, Help, Character): Print record... has none left
        setup.addRow("Conf&lict", self.name_edit)
        setup.addRow("&Time each", self.time_edit)
        setup.addRow("&Kind", self.kind)
        setup.addRow(self.kind_note)
        setup.addRow("Pro&blem tests", self.tests)
        # short labels, so that each sits beside its list in the narrow settings column
        several = buddy("&Several", self.method)
        several.setToolTip(f"Several opponents: {METHOD_TIP.lower()}")
        setup.addRow(several, self.method)

        # table settings ---------------------------------------------------------------------
        self.settings_box = TableSettingsBox(self._setting)
        box = self.settings_box
        self.shared, self.aces, self.floor = box.shared, box.aces, box.floor
        self.scope, self.deuce, self.resolution = box.scope, box.deuce, box.resolution
        self.reshuffle, self.symmetric = box.reshuffle, box.symmetric

        # sides ------------------------------------------------------------------------------
        self.sides = sides_table()
        self.add_button = QPushButton("Add o&pponent")
        self.add_button.clicked.connect(self._add_opponent)
        self.remove_button = QPushButton("Remove opponent")
        self.remove_button.clicked.connect(self._remove_opponent)
        self.reset_button = QPushButton("St&art over")
        self.reset_button.setToolTip("Every score back to its start, less the Grip lost "
                                     "written to a character's sheet; the log is cleared")
        self.reset_button.clicked.connect(lambda: self._apply("Start over", reset))
        self.undo_button = HistoryButton(owner.undo_stack, undo=True)
        self.redo_button = HistoryButton(owner.undo_stack, undo=False)
        side_buttons = flow_row(self.add_button, self.remove_button, self.reset_button,
                                self.undo_button, self.redo_button)
        self.message = SteadyLabel(MESSAGE_ROOM)
        self.message.setAccessibleName("Last refused action")
        # a side from a character file, its specialty, its Grip written back
        self.characters = CharacterLinks(self, owner, self.sides, self._apply,
                                         self.message.setText)
        self.sides.currentCellChanged.connect(
            lambda *_: self.characters.draw(self.owner.document))
        self.character_button = self.characters.character_button
        self.specialty = self.characters.specialty
        self.write_back_button = self.characters.write_back_button
        self.record_button = QPushButton("Print record...")
        self.record_button.setToolTip("A PDF of the conflict: who, their scores and every "
                                      "exchange")
        self.record_button.clicked.connect(self._print_record)
        character_buttons = flow_row(self.character_button, self.specialty,
                                     self.write_back_button, self.record_button)
        self.status = QLabel()
        self.status.setAccessibleName("State of the conflict")
        self.status.setWordWrap(True)

        # odds -------------------------------------------------------------------------------
        self.odds_next = QLabel()
        self.odds_next.setWordWrap(True)
        self.odds_next.setAccessibleName("Odds of the next exchange")
        self.odds_whole = QLabel()
        self.odds_whole.setWordWrap(True)
        self.odds_whole.setAccessibleName("Odds of the whole conflict")
        odds_box = QGroupBox("Exact odds")
        odds_layout = QVBoxLayout(odds_box)
        odds_layout.addWidget(self.odds_next)
        odds_layout.addWidget(self.odds_whole)

        # deck -------------------------------------------------------------------------------
        self.draw_button = QPushButton("&Draw exchange")
        self.draw_button.clicked.connect(self._draw)
        self.aim_button = QPushButton("A&im (save a card)")
        self.aim_button.clicked.connect(self._aim)
        self.margin = spin_box("Margin drawn with real cards", -MAX_SCORE, MAX_SCORE, 0,
                               MARGIN_BOX_TIP)
        self.target = name_list("Opponent the margin is against")
        self.margin_button = QPushButton("Apply mar&gin")
        self.margin_button.clicked.connect(self._apply_margin)
        deck_buttons = flow_row(self.draw_button, self.aim_button)
        real_cards = flow_row(QLabel("Or with real cards, the margin"), self.margin,
                              self.target, self.margin_button)
        self.card_rows_box = QWidget()
        self.card_rows = QVBoxLayout(self.card_rows_box)
        self.card_rows.setContentsMargins(0, 0, 0, 0)
        self.saved_row = CardRow("Saved card")

        self.log = no_tab_trap(QTableWidget(0, 6))
        short_headers(self.log, LOG_HEADERS)
        self.log.setAccessibleName("Exchange log")
        self.log.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.log.verticalHeader().setVisible(False)
        focus_when_filled(self.log)
        log_header = self.log.horizontalHeader()
        log_header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        for column in (0, 4):
            log_header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.log.setMinimumHeight(150)
        # a row as tall as its longest cell: a result of three lines was cut to two
        self.log.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

        deck_box = QGroupBox("Virtual deck")
        deck_layout = QVBoxLayout(deck_box)
        deck_layout.addWidget(deck_buttons)
        deck_layout.addWidget(real_cards)
        deck_layout.addWidget(self.saved_row)
        deck_layout.addWidget(self.card_rows_box)
        deck_layout.addWidget(self.message)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addLayout(setup)
        left_layout.addWidget(self.settings_box)
        left_layout.addStretch(1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.sides)
        right_layout.addWidget(side_buttons)
        right_layout.addWidget(character_buttons)
        right_layout.addWidget(self.status)
        right_layout.addWidget(odds_box)
        right_layout.addWidget(deck_box)
        right_layout.addWidget(self.log, 1)
        # settings beside the tracker when the view is wide, above it when narrow;
        # the page scrolls down, never sideways
        for form in (setup, self.settings_box.form):
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        left_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self._left, self._right = left, right
        body = QWidget()
        self._grid = QGridLayout(body)
        self.columns = TwoColumns(self._grid, left, right, second_width=TWO_COLUMN_TRACKER,
                                  stretch=(1, 3))
        self.page_scroll = scroll_page(self, body, 4)

        # the Grip written back, followed in the conflict's and the characters' histories
        self.write_backs = self.characters.follow(self.refresh)

        # a new conflict's tab gives the focus to its name, where typing starts
        self.setFocusProxy(self.name_edit)
        mnemonic_scope(self)
        owner.changed.connect(self.refresh)
        self.refresh()

    def widget(self) -> QWidget:
        return self

    # -- reflow: the settings beside the tracker (wide) or above it (narrow) ---
    def resizeEvent(self, event: QResizeEvent) -> None:
        follow_view(self.columns, self.page_scroll, event)
        super().resizeEvent(event)

    # -- changes --------------------------------------------------------------------------
    def _apply(self, text: str, mutate: Callable[[SolConflict], Any]) -> bool:
        try:
            self.owner.apply(text, mutate)
        except REFUSALS as refused:
            show_refusal(self.message, refused, "")
            self.refresh()
            return False
        self.message.clear()
        return True

    def _name_edited(self) -> None:
        name = self.name_edit.text().strip()
        if name != self.owner.document.name:
            self._apply("Rename conflict", lambda c: setattr(c, "name", name))

    def _set(self, text: str, field: str, value: object) -> None:
        if getattr(self.owner.document, field) != value:
            self._apply(text, lambda c: setattr(c, field, value))

    def _choose(self, text: str, field: str, mutate: Callable[[SolConflict, Any], None],
                value: object) -> None:
        """A combo's choice through its core mutator (which validates the plain value Qt
        hands back into the model's own type)."""
        if getattr(self.owner.document, field) != value:
            self._apply(text, lambda c: mutate(c, value))

    def _setting(self, field: str, value: object) -> None:
        if getattr(self.owner.document.settings, field) == value:
            return
        self._apply("Change table setting", lambda c: set_setting(c, field, value))

    def _side_changed(self, index: int | None, field: str, value: object) -> None:
        side = self.owner.document.player if index is None else self.owner.document.opponents[
            index]
        if getattr(side, field) != value:
            self._apply(change_text(self.owner.document, index, field),
                        lambda c: set_side(c, index, **{field: value}))

    def _add_opponent(self) -> None:
        number = len(self.owner.document.opponents) + 1
        self._apply("Add opponent",
                    lambda c: add_opponent(c, Side(name=f"Opponent {number}")))

    def _remove_opponent(self) -> None:
        row = self.sides.currentRow()
        index = row - 1 if row >= 1 else len(self.owner.document.opponents) - 1
        self._apply("Remove opponent", lambda c: remove_opponent(c, index))

    def _draw(self) -> None:
        rng = self.rng
        self._apply("Draw exchange", lambda c: draw_exchange(c, rng))

    def _aim(self) -> None:
        rng = self.rng
        self._apply("Aim", lambda c: aim(c, rng))

    def _apply_margin(self) -> None:
        index = self.target.currentData()
        value = self.margin.value()
        if index is None:
            return
        self._apply("Apply margin", lambda c: apply_margin(c, int(index), value))

    # -- characters and the record ---------------------------------------------------------
    def take_character_file(self, path: Path, index: int | None) -> bool:
        """Make side ``index`` (None: the player) the character saved in ``path``."""
        return self.characters.take_character_file(path, index)

    def write_back(self) -> int:
        """Write each character's Grip lost (or won back) since its last write to its sheet
        (:meth:`CharacterLinks.write_back`); the sheets written."""
        return self.characters.write_back()

    def _print_record(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from ui.shell.pdf_export import pdf_name

        name = pdf_name(self.owner.document.name or "conflict")
        path, _ = QFileDialog.getSaveFileName(self, "Print the conflict record", name,
                                              "PDF (*.pdf)")
        if path:
            self.print_record(Path(path))

    def print_record(self, out: Path) -> int:
        """The conflict record as it is now, written to ``out``; the pages."""
        from seforge.systems.sword_of_life.sheet import export_sheets
        from ui.shell.pdf_export import export_owner

        try:
            pages = export_owner(self.owner, export_sheets, out)
        except (DocumentFileError, OSError, ValueError) as error:
            self.message.setText(f"{out.name}: {error}".splitlines()[0])
            return 0
        self.message.setText(f"Record written to {out.name} ({pages} page(s)).")
        return pages

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        doc = self.owner.document
        quiet = (self.name_edit, self.kind, self.method, self.tests,
                 *self.settings_box.controls())
        for widget in quiet:
            widget.blockSignals(True)
        try:
            # a field being typed in keeps its text (Alt+D drawing an exchange redrew
            # the page and erased a name typed and not yet finished)
            self.name_edit.show_text(doc.name)
            self.time_edit.show_text(doc.time_per_exchange)
            self.kind.setCurrentIndex(self.kind.findData(doc.kind))
            self.kind_note.setText(KIND_NOTES[ConflictKind(doc.kind)])
            self.method.setCurrentIndex(self.method.findData(doc.method))
            self.tests.setCurrentIndex(self.tests.findData(doc.problem_tests))
            self.tests.setEnabled(doc.kind == ConflictKind.PROBLEM)
            self.settings_box.draw(doc.settings)
        finally:
            for widget in quiet:
                widget.blockSignals(False)
        self._draw_sides(doc)
        self._draw_state(doc)
        draw_odds(self.odds_next, self.odds_whole, doc)
        draw_cards(self.card_rows, self.card_rows_box, self.saved_row, doc)
        draw_log(self.log, doc)

    def _draw_sides(self, doc: SolConflict) -> None:
        draw_sides(self.sides, doc, self._side_changed)
        order_cells(self.sides, self.add_button)
        full = len(doc.opponents) >= MAX_OPPONENTS
        self.add_button.setEnabled(not full)
        self.add_button.setToolTip(f"At most {MAX_OPPONENTS} opponents" if full else
                                   "Add another opponent or problem")
        self.characters.draw(doc)
        self.remove_button.setEnabled(len(doc.opponents) > 1)
        self.remove_button.setToolTip("Remove the selected opponent" if len(doc.opponents) > 1
                                      else "A conflict needs at least one opponent")

    def _draw_state(self, doc: SolConflict) -> None:
        won = winner(doc)
        scores = ", ".join(f"{side.name or 'opponent'} {side.score}" for side in doc.opponents)
        if won == "player":
            text = f"<b>{doc.player.name or 'The player'} wins</b> after {doc.exchanges} " \
                   "exchange(s)."
        elif won == "opposition":
            text = f"<b>{doc.player.name or 'The player'} is out</b> after {doc.exchanges} " \
                   "exchange(s)."
        else:
            text = (f"{score_name(doc)}: {doc.player.name or 'player'} "
                    f"{doc.player.score} against {scores}.")
        if doc.time_per_exchange and doc.exchanges:
            text += f" Time spent: {doc.exchanges} × {doc.time_per_exchange}."
        self.status.setText(text)
        reason = why_not_draw(doc)
        self.draw_button.setEnabled(reason is None)
        self.draw_button.setToolTip(reason or "Deal both sides' cards, compare the red ones and "
                                    "apply the margin")
        aim_reason = why_not_aim(doc)
        self.aim_button.setEnabled(aim_reason is None)
        self.aim_button.setToolTip(aim_reason or "Keep one card face down for up to two turns; "
                                   "the rest of the hand is discarded")
        self.target.blockSignals(True)
        self.target.clear()
        for index in standing(doc):
            self.target.addItem(doc.opponents[index].name or f"Opponent {index + 1}", index)
        self.target.blockSignals(False)
        margin_reason = why_not_margin(doc)
        refuse(self.margin, margin_reason, MARGIN_BOX_TIP)
        refuse(self.target, margin_reason, self.target.currentText() or "No opponent standing")
        refuse(self.margin_button, margin_reason, MARGIN_TIP)
