"""The Sword of Life page of the GM Screen: odds calculator, conflict tracker, reference."""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.probability_text import percent
from seforge.core.reference import ReferenceTable, search
from seforge.systems.sword_of_life.conflict_model import (
    SolConflict,
)
from seforge.systems.sword_of_life.documents import CONFLICT
from seforge.systems.sword_of_life.odds import (
    KIND_LABELS,
    KIND_NOTES,
    MAX_CARDS,
    WHOLE_NOTES,
    ConflictKind,
    Status,
    conflict,
    exchange,
    max_chain_score,
    why_not_exchange,
)
from seforge.systems.sword_of_life.reference import tables
from seforge.systems.sword_of_life.rule_options import ACE_RULE_LABELS, ACE_RULE_NOTES
from seforge.systems.sword_of_life.settings import (
    AceRule,
    DeuceTarget,
    RuleScope,
    TableSettings,
)
from seforge.systems.sword_of_life.several import (
    MAX_WHOLE_OPPONENTS,
    METHOD_LABELS,
    METHOD_NOTES,
    Fighter,
    Method,
    whole_conflict,
)
from ui.shell.document_owner import DocumentOwner
from ui.shell.focus_nav import FocusInView, no_tab_trap
from ui.shell.mnemonic_scopes import mnemonic_scope
from ui.shell.widgets import filling, spin_box
from ui.systems.sword_of_life.conflict_view import ConflictEditor
from ui.systems.sword_of_life.scroll_page import scroll_page
from ui.systems.sword_of_life.table_settings_box import combo


def _html(text: str) -> str:
    """``text`` for a rich-text label: a figure such as "<0.01%" or a name with "<"
    would otherwise be read as a tag and vanish."""
    return html.escape(text, quote=False)


def _percent_item(value: Fraction) -> QTableWidgetItem:
    item = QTableWidgetItem(percent(value))
    item.setToolTip(str(value))
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


TWO_COLUMN_ODDS = 640
"""The narrowest odds page that shows the tables beside the inputs."""


def _short_combo(box: QComboBox) -> None:
    """A combo whose long items do not widen a narrow page."""
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(12)


class OddsCalculator(QWidget):
    """One exchange (N against M) and a whole extended conflict, exactly."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cards = spin_box("Player's cards", 0, MAX_CARDS, 5, "The rating plus any bonus cards")
        self.against = spin_box("Opposition's cards", 0, MAX_CARDS, 4,
                                "The opponent's rating, or k for a k-card problem")
        self.need = spin_box("Margin needed", 1, MAX_CARDS, 1,
                             "P(winning by at least this much): k clears a k-card problem at once")
        self.shared = QCheckBox("One shared deck")
        self.shared.setChecked(True)
        self.shared.setToolTip("Assumed: both hands come from the same deck (they depend on "
                               "each other); off: one deck each")
        self.aces = combo(ACE_RULE_LABELS, "Ace and Deuce rule",
                          "The optional Essence and Antithesis rules", ACE_RULE_NOTES)
        _short_combo(self.aces)
        self.player_only = QCheckBox("Rule reads the player only")
        self.player_only.setToolTip("On: the Ace and Deuce rule counts in the player's hand "
                                    "alone. Assumed off: it reads the opposition's too")
        self.floor = QCheckBox("Rule 1 totals never below 0")
        self.floor.setChecked(True)
        self.floor.setToolTip("Assumed on: black Deuces cannot push a hand below 0 "
                              "successes under Rule 1")
        self.deuce_other = QCheckBox("Rule 1 Deuce hits the other side")
        self.deuce_other.setToolTip("On: a black Deuce cancels the other side's successes. "
                                    "Assumed off: it cancels successes in its own hand")
        form = QFormLayout()
        # Alt+letters unique on the page with its tabs (N, O, R), none a menu's
        form.addRow("&Your cards (N)", self.cards)
        form.addRow("&Against (M)", self.against)
        form.addRow("Mar&gin needed", self.need)
        form.addRow(self.shared)
        form.addRow("Ace&s", self.aces)
        form.addRow(self.player_only)
        form.addRow(self.floor)
        form.addRow(self.deuce_other)

        self.result = QLabel()
        self.result.setAccessibleName("Result of the exchange")
        self.result.setWordWrap(True)
        self.margins = no_tab_trap(QTableWidget(0, 2))
        self.margins.setHorizontalHeaderLabels(["Margin", "Chance"])
        self.margins.setAccessibleName("Margin distribution")
        self.margins.verticalHeader().setVisible(False)
        self.margins.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.margins.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.automatic = no_tab_trap(QTableWidget(0, 2))
        self.automatic.setHorizontalHeaderLabels(["Automatic result", "Chance"])
        self.automatic.setAccessibleName("Automatic results")
        self.automatic.verticalHeader().setVisible(False)
        self.automatic.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.automatic.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)

        # whole conflict
        self.kind = combo(KIND_LABELS, "Kind of conflict",
                          "What is drawn and what each lost exchange wears down", KIND_NOTES)
        _short_combo(self.kind)
        self.player_score = spin_box("Player's score", 0, 20, 5, "Grip in combat, Point otherwise")
        self.opposition_score = spin_box("Opposition's score", 0, 20, 4,
                                         "Grip in combat, Point in debate, cards of a problem")
        self.opponents = spin_box("Opponents", 1, MAX_WHOLE_OPPONENTS, 1,
                                  "How many opponents alike (each draws M, with the opposition's "
                                  "score)")
        self.method = combo(METHOD_LABELS, "Several opponents",
                            "How the player's hand meets them; the odds of the realistic "
                            "method split the hand as evenly as it goes", METHOD_NOTES)
        _short_combo(self.method)
        self.whole = QLabel()
        self.whole.setAccessibleName("Whole-conflict result")
        self.whole.setWordWrap(True)
        self.whole_box = whole_box = QGroupBox("Whole conflict")
        # what the chosen kind draws (N and M count in combat only), every kind's in the tooltip
        whole_box.setToolTip("\n".join(WHOLE_NOTES.values()))
        whole_form = QFormLayout(whole_box)
        self.whole_note = QLabel()
        self.whole_note.setAccessibleName("What the whole conflict draws")
        self.whole_note.setWordWrap(True)
        whole_form.addRow(self.whole_note)
        whole_form.addRow("&Kind", self.kind)
        whole_form.addRow("P&layer's score", self.player_score)
        whole_form.addRow("Oppos&ition's score", self.opposition_score)
        whole_form.addRow("Opponen&ts alike", self.opponents)
        whole_form.addRow("Several o&pponents", self.method)
        whole_form.addRow(self.whole)

        for each in (form, whole_form):
            each.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for table in (self.margins, self.automatic):
            table.setMinimumHeight(140)
        # the inputs beside the tables when wide, above them when narrow, in a page
        # that scrolls down, never sideways
        body = QWidget()
        self._columns = QBoxLayout(QBoxLayout.Direction.LeftToRight, body)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.result)
        left.addWidget(whole_box)
        left.addStretch(1)
        tables_column = QVBoxLayout()
        tables_column.addWidget(self.margins, 2)
        tables_column.addWidget(self.automatic, 1)
        self._columns.addLayout(left, 1)
        self._columns.addLayout(tables_column, 1)
        self.page_scroll = scroll_page(self, body, 0, framed=False)

        for spin in (self.cards, self.against, self.need, self.player_score,
                     self.opposition_score, self.opponents):
            spin.valueChanged.connect(self.recalculate)
        for check in (self.shared, self.player_only, self.floor, self.deuce_other):
            check.toggled.connect(self.recalculate)
        self.aces.currentIndexChanged.connect(self.recalculate)
        self.kind.currentIndexChanged.connect(self.recalculate)
        self.method.currentIndexChanged.connect(self.recalculate)
        self.recalculate()

    def resizeEvent(self, event: QResizeEvent) -> None:
        wide = event.size().width() >= TWO_COLUMN_ODDS
        self._columns.setDirection(QBoxLayout.Direction.LeftToRight if wide
                                   else QBoxLayout.Direction.TopToBottom)
        super().resizeEvent(event)

    def settings(self) -> TableSettings:
        return TableSettings(
            shared_deck=self.shared.isChecked(), aces=self.aces.currentData(),
            floor_at_zero=self.floor.isChecked(),
            deuce_target=DeuceTarget.OTHER if self.deuce_other.isChecked() else DeuceTarget.OWN,
            rule_scope=RuleScope.PLAYER if self.player_only.isChecked() else RuleScope.BOTH)

    def recalculate(self) -> None:
        settings = self.settings()
        n, m = self.cards.value(), self.against.value()
        rule = settings.aces
        self.floor.setEnabled(rule == AceRule.DOUBLE)
        self.deuce_other.setEnabled(rule == AceRule.DOUBLE)
        self.player_only.setEnabled(rule != AceRule.NONE)
        kind = ConflictKind(self.kind.currentData())  # Qt hands the value back as a str
        self.whole_note.setText(WHOLE_NOTES[kind])
        top = max_chain_score(kind)
        for spin in (self.player_score, self.opposition_score):
            spin.setMaximum(top)
        problem = why_not_exchange(n, m, shared_deck=settings.shared_deck)
        if problem is not None:
            self.result.setText(problem)
            self.margins.setRowCount(0)
            self.automatic.setRowCount(0)
            self.whole.setText("")
            return
        odds = exchange(n, m, settings)
        k = self.need.value()
        self.result.setText(
            f"Win <b>{_html(percent(odds.win))}</b> · tie {_html(percent(odds.tie))} · "
            f"loss {_html(percent(odds.loss))}<br>Margin {k} or more: "
            f"{_html(percent(odds.at_least(k)))} · expected margin "
            f"{float(odds.expected_margin):+.2f}")
        self.result.setToolTip(f"win {odds.win}; tie {odds.tie}; loss {odds.loss}; "
                               f"margin >= {k}: {odds.at_least(k)}")
        margin = odds.effective  # what the scores lose: the win/tie/loss figures add it up
        support = margin.support()
        with filling(self.margins):
            self.margins.setRowCount(len(support))
            for row, value in enumerate(support):
                self.margins.setItem(row, 0, QTableWidgetItem(f"{value:+d}"))
                self.margins.setItem(row, 1, _percent_item(margin[value]))
        if rule == AceRule.AUTO:
            statuses = odds.statuses()
            words = {Status.SUCCESS: "automatic success", Status.NORMAL: "plain hand",
                     Status.FAILURE: "automatic failure"}
            each = odds.automatic()
            rows = [("You: automatic success", each["player_success"]),
                    ("You: automatic failure", each["player_failure"]),
                    ("They: automatic success", each["opposition_success"]),
                    ("They: automatic failure", each["opposition_failure"])]
            rows += [(f"you {words[a]}, they {words[b]}", statuses[(a, b)])
                     for a in Status for b in Status if statuses[(a, b)]]
            self.automatic.setRowCount(len(rows))
            for row, (text, p) in enumerate(rows):
                self.automatic.setItem(row, 0, QTableWidgetItem(text))
                self.automatic.setItem(row, 1, _percent_item(p))
        else:
            self.automatic.setRowCount(0)
        self.automatic.setEnabled(rule == AceRule.AUTO)
        self.automatic.setToolTip("" if rule == AceRule.AUTO else "Only with Rule 2")
        self.method.setEnabled(self.opponents.value() > 1)
        try:
            whole = self.whole_odds(kind, settings)
        except ValueError as error:
            self.whole.setText(str(error))
            self.whole.setToolTip("")
            return
        self.whole.setText(f"P(win the whole conflict) <b>{_html(percent(whole.win))}</b>, "
                           f"{float(whole.expected_exchanges):.2f} exchanges on average")
        self.whole.setToolTip(f"P(win) = {whole.win}; expected exchanges "
                              f"{whole.expected_exchanges}")

    def whole_odds(self, kind: ConflictKind, settings: TableSettings) -> Any:
        """The whole conflict's odds (``seforge odds --conflict`` with the same numbers:
        ``--scores P O``, or ``--scores P --opponents "M O" ... --method``)."""
        combat = kind == ConflictKind.COMBAT
        n, m = self.cards.value(), self.against.value()
        p, o = self.player_score.value(), self.opposition_score.value()
        count = self.opponents.value()
        if count == 1:
            return conflict(kind, p, o, player_cards=n if combat else 0,
                            opposition_cards=m if combat else 0, settings=settings)
        return whole_conflict(kind, Method(self.method.currentData()),
                              Fighter(n if combat else 0, p),
                              [Fighter(m if combat else 0, o)] * count, settings,
                              symmetric_losses=settings.symmetric_losses)


SHORT_FIRST_COLUMN = 16
"""A reference table whose first cells are at most this many characters keeps that
column at its contents' width."""


def _fit_rows(widget: QTableWidget) -> None:
    """As tall as the rows it shows, so the page scrolls instead of each table."""
    rows = sum(widget.rowHeight(r) for r in range(widget.rowCount()) if not widget.isRowHidden(r))
    widget.setFixedHeight(widget.horizontalHeader().sizeHint().height() + rows
                          + 2 * widget.frameWidth() + 2)


def _cell_margin(widget: QWidget) -> int:
    """The room a table cell leaves round its text, both sides together (Qt's own)."""
    style = widget.style()
    return 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1)


def _widest_words(table: ReferenceTable, widget: QWidget) -> list[int]:
    """Each column's narrowest whole width: its longest word (head or cell) and a cell's
    margins."""
    metrics = widget.fontMetrics()
    margin = _cell_margin(widget) + 2
    return [max(metrics.horizontalAdvance(word) for text in (head, *(row[c] for row in table.rows))
                for word in (text.split() or [""])) + margin
            for c, head in enumerate(table.columns)]


def column_parts(table: ReferenceTable, room: int, widest: list[int],
                 first: int) -> list[list[int]]:
    """The columns of ``table`` after the first, in as few parts as ``room`` pixels allow
    with every word whole: the first column (``first`` pixels, the row heads) opens each
    part, and the other columns share what is left equally (they stretch)."""
    def fits(part: list[int]) -> bool:
        return len(part) * max(widest[c] for c in part) <= room - first

    parts: list[list[int]] = [[]]
    for column in range(1, len(table.columns)):
        if parts[-1] and not fits([*parts[-1], column]):
            parts.append([column])
        else:
            parts[-1] = [*parts[-1], column]
    # as many parts, but as even as they go (8 columns: 4 and 4, not 6 and 2)
    count, others = len(parts), len(table.columns) - 1
    even = [list(range(1 + i * others // count, 1 + (i + 1) * others // count))
            for i in range(count)]
    return even if all(part and fits(part) for part in even) else parts


class ReferencePanel(QWidget):
    """Every reference table, filtered by a search box; each shows its source. A table too
    wide for the page shows its columns in parts, one under the other, each opening with
    the row heads, so no word is cut short."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the tables...")
        self.search.setAccessibleName("Search reference tables")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.filter)
        self.tables: list[tuple[ReferenceTable, QGroupBox, QTableWidget]] = []
        """Each table, its box and its first part (the whole table when it fits)."""
        self._parts: dict[str, list[QTableWidget]] = {}
        self._split: dict[str, list[list[int]]] = {}
        self._holders: dict[str, QVBoxLayout] = {}
        self._reflowing = False
        body = QWidget()
        column = QVBoxLayout(body)
        for table in tables():
            box = QGroupBox()  # the title as a label that wraps on a narrow page
            box.setAccessibleName(table.title)
            inner = QVBoxLayout(box)
            title = QLabel(f"<b>{table.title}</b>")
            title.setWordWrap(True)
            inner.addWidget(title)
            holder = QVBoxLayout()
            holder.setContentsMargins(0, 0, 0, 0)
            inner.addLayout(holder)
            self._holders[table.id] = holder
            where = table.source.label if table.source is not None else "not given"
            source = QLabel(f"Source: {where}")
            source.setAccessibleName(f"{table.title} source")
            source.setToolTip(table.source.text if table.source is not None else "")
            source.setWordWrap(True)
            source.setEnabled(False)
            inner.addWidget(source)
            column.addWidget(box)
            self.tables.append((table, box, self._show_parts(
                table, [list(range(1, len(table.columns)))])))
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop: it would show no focus
        scroll.setWidget(body)
        FocusInView(scroll)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(scroll)

    def _part(self, table: ReferenceTable, columns: list[int]) -> QTableWidget:
        """A table widget of the first column and ``columns`` of ``table``."""
        shown = [0, *columns]
        widget = no_tab_trap(QTableWidget(len(table.rows), len(shown)))
        widget.setHorizontalHeaderLabels([table.columns[c] for c in shown])
        widget.setAccessibleName(table.title)
        widget.verticalHeader().setVisible(False)
        widget.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        widget.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        if self._short_heads(table):
            # short row heads (a rating, a name) keep their width, the rest wraps
            widget.horizontalHeader().setSectionResizeMode(
                0, QHeaderView.ResizeMode.ResizeToContents)
        # rows as tall as their wrapped cells, the table as tall as its rows
        widget.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        widget.verticalHeader().sectionResized.connect(
            lambda *_args, w=widget: QTimer.singleShot(0, w, lambda: _fit_rows(w)))
        widget.setWordWrap(True)
        widget.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        where = table.source.label if table.source is not None else "not given"
        for r, row in enumerate(table.rows):
            for c, source_column in enumerate(shown):
                text = row[source_column]
                item = QTableWidgetItem(text)
                item.setToolTip(f"{text}\nSource: {where}")
                widget.setItem(r, c, item)
        _fit_rows(widget)
        widget.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return widget

    @staticmethod
    def _short_heads(table: ReferenceTable) -> bool:
        return max((len(row[0]) for row in table.rows), default=0) <= SHORT_FIRST_COLUMN

    def _show_parts(self, table: ReferenceTable, split: list[list[int]]) -> QTableWidget:
        """Show ``table`` in the parts ``split`` names (the rows the search hides stay
        hidden); the first part."""
        holder = self._holders[table.id]
        for old in self._parts.get(table.id, []):
            holder.removeWidget(old)
            old.hide()
            old.deleteLater()
        hidden = self._hidden_rows(table.id)
        parts = [self._part(table, columns) for columns in split]
        for part in parts:
            for r in hidden:
                part.setRowHidden(r, True)
            _fit_rows(part)
            holder.addWidget(part)
        self._parts[table.id] = parts
        self._split[table.id] = split
        return parts[0]

    def _hidden_rows(self, table_id: str) -> list[int]:
        parts = self._parts.get(table_id)
        if not parts:
            return []
        return [r for r in range(parts[0].rowCount()) if parts[0].isRowHidden(r)]

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The cells wrap to the new width (each table as tall as its rows), and a table
        too wide for it shows its columns in parts, once the layout has settled."""
        super().resizeEvent(event)
        for parts in self._parts.values():
            for widget in parts:
                widget.resizeRowsToContents()
                _fit_rows(widget)
        if not self._reflowing:
            self._reflowing = True
            QTimer.singleShot(0, self, self.reflow)

    def reflow(self) -> None:
        """Each table in as few parts as its width allows with every word whole."""
        self._reflowing = False
        for index, (table, box, first) in enumerate(self.tables):
            room = first.viewport().width()
            if room <= 0 or not first.isVisibleTo(self):
                continue
            widest = _widest_words(table, first)
            head = (first.horizontalHeader().sectionSize(0) if self._short_heads(table)
                    else max(widest))
            split = column_parts(table, room, widest, head)
            if split != self._split[table.id]:
                self.tables[index] = (table, box, self._show_parts(table, split))

    def filter(self, text: str) -> None:
        """Keep the rows holding every word of ``text`` (the core's search)."""
        found = {table.id: set(rows) for table, rows in
                 search([table for table, _box, _widget in self.tables], text)}
        for table, box, _first in self.tables:
            rows = found.get(table.id, set())
            for widget in self._parts[table.id]:
                for r in range(len(table.rows)):
                    widget.setRowHidden(r, r not in rows)
                widget.resizeRowsToContents()
                _fit_rows(widget)
            box.setVisible(bool(rows))


class SolGmScreen(QTabWidget):
    """The GM Screen page: the calculator, a conflict tracker and the reference tables."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solGmScreen")
        self.calculator = OddsCalculator()
        self.owner: DocumentOwner[SolConflict] = DocumentOwner(
            CONFLICT, CONFLICT.model(), title="Conflict", parent=self)
        self.conflict = ConflictEditor(self.owner)
        self.reference = ReferencePanel()
        self.addTab(self.conflict, "Co&nflict")
        self.addTab(self.calculator, "&Odds")
        self.addTab(self.reference, "&Reference")
        self.setAccessibleName("Sword of Life GM screen")
        mnemonic_scope(self)  # its letters work while the GM works in it

    def documents(self) -> list[DocumentOwner[SolConflict]]:
        """The conflict (its tracker, virtual deck and log) the shell saves, autosaves
        and asks about (its File menu)."""
        return [self.owner]

    def new_tracker(self, owner: DocumentOwner[SolConflict]) -> SolConflict:
        """File › New on the page: an empty conflict (the shell's TrackerPage)."""
        return CONFLICT.model()
