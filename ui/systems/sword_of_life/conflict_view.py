"""The Sword of Life conflict screen: the tracker, its odds, the virtual deck and the log.

It shows one ``sword-of-life.conflict`` document through its DocumentOwner: every change is an
undoable ``owner.apply`` of a mutator of ``seforge.systems.sword_of_life.conflict``; the odds
come from ``seforge.systems.sword_of_life.odds``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
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
from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.character import CHARACTERISTICS, LABELS, SolCharacter
from seforge.systems.sword_of_life.conflict import (
    add_opponent,
    aim,
    apply_margin,
    draw_exchange,
    grip_to_write,
    grip_written,
    mark_written_back,
    remove_opponent,
    reset,
    score_name,
    set_kind,
    set_method,
    set_problem_tests,
    set_setting,
    set_side,
    set_use_specialty,
    side_character,
    standing,
    take_character,
    to_write_back,
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
from seforge.systems.sword_of_life.documents import CHARACTER
from seforge.systems.sword_of_life.odds import KIND_LABELS, KIND_NOTES, ConflictKind
from seforge.systems.sword_of_life.rules import take_wounds
from seforge.systems.sword_of_life.several import METHOD_LABELS, METHOD_NOTES
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import TwoColumns, flow_row
from ui.shell.focus_nav import no_tab_trap
from ui.shell.mnemonic_scopes import mnemonic_scope
from ui.shell.refusal import REFUSALS, refuse, show_refusal
from ui.shell.tab_stops import focus_when_filled
from ui.shell.widgets import DocumentLineEdit, buddy, spin_box
from ui.shell.written_step import WrittenStep, last_step
from ui.systems.sword_of_life.cards_view import CardRow
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
from ui.systems.sword_of_life.steady_controls import HistoryButton, SteadyLabel, name_list
from ui.systems.sword_of_life.table_settings_box import TableSettingsBox, combo
from ui.systems.sword_of_life.write_back import WriteBacks, write_sheet


def _wounded(character: SolCharacter, lost: int) -> None:
    take_wounds(character, lost)


def _written(conflict: SolConflict, index: int | None) -> None:
    mark_written_back(conflict, index)  # (WriteBacks keeps it true to the sheet's history)


TWO_COLUMN_TRACKER = 520
"""The tracker column's narrowest width beside the settings."""
METHOD_TIP = "How the player's hand meets more than one opponent or problem"
MARGIN_TIP = "Apply a margin drawn with real cards to the right score"
MARGIN_BOX_TIP = "Your successes minus the opposition's, drawn with real cards"
MESSAGE_ROOM = ("Grip lost written to 12 sheet(s).",)
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
        self.sides.currentCellChanged.connect(
            lambda *_: self._draw_character_buttons(self.owner.document))
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
        self.character_button = QPushButton("Fro&m character file...")
        self.character_button.setToolTip(
            "The selected side (the player when none is selected) becomes a character from "
            "its .sol file: its Edge, Grip, Point, Temper and specialties")
        self.character_button.clicked.connect(self._choose_character)
        self.specialty = QCheckBox("Specialty applies")
        self.specialty.setToolTip("The selected character's specialty in what this conflict "
                                  "draws applies (its rating is drawn instead)")
        self.specialty.toggled.connect(self._specialty_toggled)
        self.write_back_button = QPushButton("&Write Grip lost to sheets")
        self.write_back_button.clicked.connect(self.write_back)
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
        self.message = SteadyLabel(MESSAGE_ROOM)
        self.message.setAccessibleName("Last refused action")

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
        self.write_backs = WriteBacks(owner, self._is_open, self.refresh,
                                      self.message.setText, self)

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
    def _selected_side(self) -> int | None:
        """The opponent index of the selected row (None: the player)."""
        row = self.sides.currentRow()
        return row - 1 if row >= 1 and row - 1 < len(self.owner.document.opponents) else None

    def _choose_character(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Character for the conflict",
                                              self._suggested_character(),
                                              f"Sword of Life character (*{CHARACTER.suffix})")
        if path:
            self.take_character_file(Path(path), self._selected_side())

    def _suggested_character(self) -> str:
        """Where the file dialog starts: the file of a character open in a tab and not in
        the conflict yet (the last opened), chosen already, else the dialog's own."""
        doc = self.owner.document
        taken = {Path(side.character.path).resolve() for side in (doc.player, *doc.opponents)
                 if side.character is not None and side.character.path}
        finder = getattr(self.window(), "documents", None)
        files = [document.path for document in (finder() if callable(finder) else [])
                 if isinstance(document, DocumentOwner) and document.kind is CHARACTER
                 and document.path is not None]
        free = [path for path in files if path.resolve() not in taken]
        return str(free[-1]) if free else ""

    def take_character_file(self, path: Path, index: int | None) -> bool:
        """Make side ``index`` (None: the player) the character saved in ``path``."""
        try:
            character = CHARACTER.load(path)
        except (DocumentFileError, OSError, ValueError) as error:
            self.message.setText(f"{path.name}: {getattr(error, 'reason', None) or error}"
                                 .splitlines()[0])
            return False
        held = side_character(character, str(path))
        name = character.name or path.stem
        return self._apply(f"Bring in {name}",
                           lambda c: take_character(c, index, held, name))

    def _specialty_toggled(self, on: bool) -> None:
        index = self._selected_side()
        self._apply("Specialty applies" if on else "Specialty does not apply",
                    lambda c: set_use_specialty(c, index, on))

    def _character_owner(self, path: Path) -> tuple[DocumentOwner[Any], bool]:
        """The owner of the character in ``path``: the window's, when it is open in a tab
        (True), else the one that read the file for its last write, else one that reads it
        (False)."""
        finder = getattr(self.window(), "documents", None)
        for document in finder() if callable(finder) else []:
            if (isinstance(document, DocumentOwner) and document.kind is CHARACTER
                    and document.path is not None
                    and document.path.resolve() == path.resolve()):
                return document, True
        return self.write_backs.held(path) or DocumentOwner.load(CHARACTER, path), False

    def _is_open(self, path: Path) -> bool:
        """Whether the character in ``path`` is open in a tab of the window."""
        finder = getattr(self.window(), "documents", None)
        return any(isinstance(document, DocumentOwner) and document.kind is CHARACTER
                   and document.path is not None and document.path.resolve() == path.resolve()
                   for document in (finder() if callable(finder) else []))

    def _pending(self, doc: SolConflict) -> list[tuple[int | None, Side]]:
        """The sides whose Grip lost may be written now: not yet written, and no earlier
        write of theirs still stands in the character's history."""
        return [(index, side) for index, side in to_write_back(doc)
                if self.write_backs.blocked(index, side) is None]

    def write_back(self) -> int:
        """Write each character's Grip lost in this combat since its last write to its sheet
        through the character's owner (an undoable step of its open tab, or the file read,
        changed and saved); the sides written are marked with the Grip lost so far, so a
        second press writes nothing twice. Each mark follows its write's step in the
        character's history (:class:`WriteBacks`): undoing either undoes both."""
        written = 0
        for index, side in self._pending(self.owner.document):
            assert side.character is not None
            path = Path(side.character.path)
            lost, had = grip_to_write(self.owner.document, side), grip_written(side)
            with self.write_backs.writing(index):
                try:
                    owner, is_open = self._character_owner(path)
                    name = self.owner.document.name or "a conflict"
                    write = write_sheet(owner, f"Grip lost in {name}",
                                        partial(_wounded, lost=lost), is_open)
                except (DocumentFileError, OSError, RefusedError, ValueError) as error:
                    self.message.setText(
                        f"{path.name}: {getattr(error, 'reason', None) or error}"
                        .splitlines()[0])
                    return written
                before = last_step(self.owner.undo_stack)
                if not self._apply("Grip written back", partial(_written, index=index)):
                    return written
                mark = WrittenStep.pushed(self.owner, before)
            self.write_backs.record(index, self.owner.document.player if index is None
                                    else self.owner.document.opponents[index], write, mark,
                                    None if is_open else owner, had)
            written += 1
        self.message.setText(f"Grip lost written to {written} sheet(s)." if written else
                             "Nothing to write back.")
        self._draw_character_buttons(self.owner.document)
        return written

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
        self._draw_character_buttons(doc)
        self.remove_button.setEnabled(len(doc.opponents) > 1)
        self.remove_button.setToolTip("Remove the selected opponent" if len(doc.opponents) > 1
                                      else "A conflict needs at least one opponent")

    def _draw_character_buttons(self, doc: SolConflict) -> None:
        index = self._selected_side()
        side = doc.player if index is None else doc.opponents[index]
        held = side.character
        self.specialty.blockSignals(True)
        self.specialty.setChecked(bool(held and held.use_specialty))
        self.specialty.blockSignals(False)
        names = ", ".join(f"{LABELS[k]}: {n}" for k, n in held.specialty_names.items()) if (
            held) else ""
        self.specialty.setEnabled(bool(held and held.specialties) and not doc.log)
        self.specialty.setToolTip(
            f"{side.name or 'This side'}'s specialties: {names}" if names else
            "Only a side taken from a character with a specialty")
        self.character_button.setEnabled(not doc.log)
        pending = self._pending(doc)
        blocked = [reason for index, side in to_write_back(doc)
                   if (reason := self.write_backs.blocked(index, side)) is not None]
        self.write_back_button.setEnabled(bool(pending))
        written = [f"{side.name or 'the character'} {grip_written(side)}"
                   for side in (doc.player, *doc.opponents) if grip_written(side)]
        done = f"Grip lost written already: {', '.join(written)}" if written else ""
        tip = ("Lower each character's current Grip on its sheet by the Grip lost here since "
               "the last write: " + ", ".join(f"{s.name or 'side'} {grip_to_write(doc, s)}"
                                              for _, s in pending)
               if pending else "" if blocked or written else
               "Only the Grip lost in combat by characters from files")
        self.write_back_button.setToolTip("\n".join(filter(None, (tip, *blocked, done))))

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
