"""What the Sword of Life conflict screen shows of its exchanges: the exact odds of the next
one and of the whole conflict, the cards of the last one, and the log. Each function draws a
widget of the screen from the document; none changes it.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from seforge.core.probability_text import percent
from seforge.systems.sword_of_life.conflict import (
    Method,
    draw_count,
    standing,
    winner,
)
from seforge.systems.sword_of_life.conflict_model import (
    Side,
    SolConflict,
    card_label,
)
from seforge.systems.sword_of_life.odds import (
    ConflictKind,
    exchange,
    max_chain_score,
    why_not_exchange,
)
from seforge.systems.sword_of_life.several import Fighter, whole_conflict
from ui.shell.widgets import filling
from ui.systems.sword_of_life.cards_view import CARD_H, CardRow

LOG_HEADERS = (("#", "Exchange"), ("Against", "Against"), ("You", "Player's cards"),
               ("Them", "Opposition's cards"), ("±", "Margin"), ("Result", "Result"))
"""The exchange log's column heads, short (shown) and in full (their tooltips)."""


def _html(text: str) -> str:
    """``text`` for a rich-text label: a figure such as "<0.01%" or a name with "<"
    would otherwise be read as a tag and vanish."""
    return html.escape(text, quote=False)


def fighters(doc: SolConflict) -> tuple[Fighter, list[Fighter]]:
    """The sides as the whole-conflict odds read them (the same numbers the command line's
    ``--cards``, ``--scores`` and ``--opponents`` take)."""
    def one(side: Side) -> Fighter:
        return Fighter(side.cards if doc.kind == ConflictKind.COMBAT else 0, side.score,
                       side.bonus)

    return one(doc.player), [one(side) for side in doc.opponents]


def draw_odds(next_label: QLabel, whole_label: QLabel, doc: SolConflict) -> None:
    """The exact odds of the next exchange and of the whole conflict from here."""
    active = standing(doc)
    if winner(doc) is not None or not active:
        next_label.setText("The conflict is over.")
        whole_label.setText("")
        return
    opponent = doc.opponents[active[0]]
    n = draw_count(doc, doc.player) + (1 if doc.saved else 0)
    if doc.method == Method.SPLIT and len(active) > 1:
        n = opponent.split
    m = draw_count(doc, opponent)
    problem = why_not_exchange(n, m, shared_deck=doc.settings.shared_deck)
    if problem is not None:
        next_label.setText(problem)
        whole_label.setText("")
        return
    odds = exchange(n, m, doc.settings)
    next_label.setText(
        f"Next exchange, {n} cards against {_html(opponent.name or 'the opposition')}'s {m}: "
        f"win <b>{_html(percent(odds.win))}</b>, tie {_html(percent(odds.tie))}, "
        f"loss {_html(percent(odds.loss))}")
    next_label.setToolTip(f"win {odds.win}, tie {odds.tie}, loss {odds.loss}")
    try:
        whole = whole_conflict(doc.kind, doc.method, *fighters(doc), doc.settings,
                               symmetric_losses=doc.settings.symmetric_losses)
    except ValueError as error:
        top = max_chain_score(doc.kind)
        whole_label.setText(f"Whole conflict: {error}")
        whole_label.setToolTip(f"Scores up to {top} are computed exactly")
        return
    against = "" if len(active) == 1 else (
        " (the hand split as evenly as it goes each exchange)"
        if doc.method == Method.SPLIT else "")
    whole_label.setText(
        f"Whole conflict from here{against}: win <b>{_html(percent(whole.win))}</b>, about "
        f"{float(whole.expected_exchanges):.2f} more exchanges")
    whole_label.setToolTip(f"P(win) = {whole.win}; expected exchanges "
                           f"{whole.expected_exchanges}")


def draw_cards(rows_layout: QVBoxLayout, box: QWidget, saved_row: CardRow,
               doc: SolConflict) -> None:
    """The card kept face down, and the hands of the last exchange (a row each) in
    ``rows_layout``, the layout of ``box``."""
    while rows_layout.count():
        item = rows_layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()
    if doc.saved is not None:
        saved_row.set_cards([], f"Saved card (held {doc.saved.turns} turn(s))",
                            face_down=1)
        saved_row.show()
    else:
        saved_row.hide()
    last = [c for c in doc.log if c.exchange == doc.exchanges and c.player_cards]
    for index, contest in enumerate(last):
        if index == 0 or doc.method != Method.CARRY:
            mine = CardRow()
            mine.set_cards(contest.player_cards,
                           f"{doc.player.name or 'Player'}: {contest.player_successes} "
                           "success(es)" if doc.method != Method.CARRY else
                           f"{doc.player.name or 'Player'}'s hand")
            rows_layout.addWidget(mine)
        theirs = CardRow()
        theirs.set_cards(contest.opposition_cards,
                         f"{contest.opponent or 'Opposition'}: "
                         f"{contest.opposition_successes} success(es); margin "
                         f"{contest.margin:+d}")
        rows_layout.addWidget(theirs)
    rows = rows_layout.count()
    box.setMinimumHeight(rows * (CARD_H + 28) + max(0, rows - 1) * rows_layout.spacing())


def draw_log(table: QTableWidget, doc: SolConflict) -> None:
    """A row per contest of the log, the newest shown."""
    with filling(table):
        table.setRowCount(len(doc.log))
        for row, contest in enumerate(doc.log):
            cells = (str(contest.exchange), contest.opponent,
                     " ".join(card_label(c) for c in contest.player_cards),
                     " ".join(card_label(c) for c in contest.opposition_cards),
                     f"{contest.margin:+d}",
                     contest.result + (" (fresh deck)" if contest.reshuffled else ""))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(f"{LOG_HEADERS[column][1]}: {text}")
                if column in (0, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                table.setItem(row, column, item)
    if doc.log:
        table.scrollToBottom()
