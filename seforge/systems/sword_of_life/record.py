"""The printable record of a Sword of Life conflict: who took part, their scores, every
exchange (ReportLab, the core's embedded fonts; pages as many as the log needs, nothing cut).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, draw_string
from seforge.core.pdf.text import wrap
from seforge.systems.sword_of_life.conflict import (
    grip_lost,
    grip_written,
    score_name,
    winner,
    zero_state,
)
from seforge.systems.sword_of_life.conflict_model import Side, SolConflict, card_label
from seforge.systems.sword_of_life.odds import ConflictKind

MARGIN = 36.0
GREY = (0.45, 0.45, 0.45)
RULE = (0.7, 0.7, 0.7)
SIZE = 8.5
"""The body text size (nothing on the record is smaller than 7 pt)."""
LEADING = 11.0

KIND_WORDS = {ConflictKind.COMBAT: "Combat: Edge drawn, Grip lost",
              ConflictKind.DEBATE: "Debate: Point drawn and lost",
              ConflictKind.PROBLEM: "Problem"}
METHOD_WORDS = {"split": "realistic (the hand split between them)",
                "carry": "less realistic (successes carried on)",
                "cinematic": "cinematic (a full hand against each)"}


class _Pages:
    """A cursor down the page that starts a new page (with a running head) when full."""

    def __init__(self, canvas: Canvas, size: tuple[float, float], title: str) -> None:
        self.canvas = canvas
        self.width, self.height = size
        self.title = title
        self.pages = 1
        self.y = self.height - MARGIN

    @property
    def inner(self) -> float:
        return self.width - 2 * MARGIN

    def need(self, height: float, repeat: Sequence[tuple[float, str]] | None = None) -> None:
        if self.y - height >= MARGIN + 14:
            return
        self.footer()
        self.canvas.showPage()
        self.pages += 1
        self.y = self.height - MARGIN
        self.canvas.setFillColorRGB(*GREY)
        draw_string(self.canvas, MARGIN, self.y - 8, f"{self.title} (continued)",
                    Face.CONDENSED_BOLD, 8)
        self.canvas.setFillColorRGB(0, 0, 0)
        self.y -= 20
        if repeat:
            self.heads(repeat)

    def heads(self, columns: Sequence[tuple[float, str]]) -> None:
        self.canvas.setFillColorRGB(*GREY)
        for x, text in columns:
            draw_string(self.canvas, MARGIN + x * self.inner, self.y - 8, text,
                        Face.CONDENSED_BOLD, 8)
        self.canvas.setFillColorRGB(0, 0, 0)
        self.y -= 12
        self.rule()

    def rule(self) -> None:
        self.canvas.setStrokeColorRGB(*RULE)
        self.canvas.setLineWidth(0.5)
        self.canvas.line(MARGIN, self.y, self.width - MARGIN, self.y)
        self.canvas.setStrokeColorRGB(0, 0, 0)
        self.y -= 3

    def row(self, columns: Sequence[float], cells: Sequence[str],
            heads: Sequence[tuple[float, str]] | None = None, face: Face = Face.CONDENSED) -> None:
        """One table row; each cell wraps within its column, so nothing is cut."""
        bounds = [*columns, 1.0]
        wrapped = [wrap(cell, (bounds[i + 1] - bounds[i]) * self.inner - 6, face, SIZE) or [""]
                   for i, cell in enumerate(cells)]
        height = LEADING * max(len(lines) for lines in wrapped) + 3
        self.need(height, heads)
        for x, lines in zip(columns, wrapped, strict=True):
            for number, line in enumerate(lines):
                draw_string(self.canvas, MARGIN + x * self.inner,
                            self.y - 8.5 - number * LEADING, line, face, SIZE)
        self.y -= height
        self.rule()

    def paragraph(self, text: str, face: Face = Face.REGULAR, size: float = 9.0) -> None:
        for line in wrap(text, self.inner, face, size) or [""]:
            self.need(size + 4)
            draw_string(self.canvas, MARGIN, self.y - size, line, face, size)
            self.y -= size + 3

    def section(self, title: str) -> None:
        self.need(40)
        self.y -= 8
        self.canvas.setFillColorRGB(*GREY)
        draw_string(self.canvas, MARGIN, self.y - 9, title.upper(), Face.CONDENSED_BOLD, 9)
        self.canvas.setFillColorRGB(0, 0, 0)
        self.y -= 16

    def footer(self) -> None:
        self.canvas.setFillColorRGB(*GREY)
        draw_string(self.canvas, self.width - MARGIN, MARGIN - 4, f"page {self.pages}",
                    Face.CONDENSED, 7, align="right")
        self.canvas.setFillColorRGB(0, 0, 0)


def _state(conflict: SolConflict, side: Side, player: bool) -> str:
    if side.score <= 0:
        return zero_state(conflict, player=player)
    return "still in"


def draw_record(canvas: Canvas, conflict: SolConflict, size: tuple[float, float]) -> int:
    """The record of ``conflict`` from the current page on; the pages it took."""
    title = conflict.name or "Conflict"
    pages = _Pages(canvas, size, f"Sword of Life: {title}")
    _draw_title(pages, title)
    pages.paragraph(_facts(conflict), Face.REGULAR, 9)
    pages.paragraph(_outcome(conflict), Face.BOLD, 10)
    _draw_sides(pages, conflict)
    _draw_exchanges(pages, conflict)
    if conflict.notes.strip():
        pages.section("Notes")
        pages.paragraph(conflict.notes, Face.REGULAR, 9)
    pages.footer()
    return pages.pages


def _draw_title(pages: _Pages, title: str) -> None:
    canvas = pages.canvas
    canvas.setFillColorRGB(*GREY)
    draw_string(canvas, MARGIN, pages.y - 8, "SWORD OF LIFE: CONFLICT RECORD",
                Face.CONDENSED_BOLD, 9)
    canvas.setFillColorRGB(0, 0, 0)
    pages.y -= 16
    for line in wrap(title, pages.inner, Face.BOLD, 20) or [""]:
        pages.need(26)
        draw_string(canvas, MARGIN, pages.y - 20, line, Face.BOLD, 20)
        pages.y -= 25


def _facts(conflict: SolConflict) -> str:
    """The conflict's kind and the table's rules, in one paragraph."""
    kind = KIND_WORDS[ConflictKind(conflict.kind)]
    if conflict.kind == ConflictKind.PROBLEM:
        kind += f" (tests {score_name(conflict).split(' /')[0]})"
    settings = conflict.settings
    rule = {"none": "plain cards", "double": "Rule 1 (red Ace 2, black Deuce -2)",
            "auto": "Rule 2 (automatic results)"}[str(settings.aces)]
    facts = [f"Kind: {kind}.",
             f"Several opponents: {METHOD_WORDS[str(conflict.method)]}." if len(
                 conflict.opponents) > 1 else "",
             f"Deck: {'one shared deck' if settings.shared_deck else 'one deck each'}; "
             f"{rule}; a lost exchange "
             f"{'costs the player' if settings.symmetric_losses else 'costs the player nothing'}"
             " in combat and debate.",
             f"Each exchange takes {conflict.time_per_exchange}." if conflict.time_per_exchange
             else ""]
    return " ".join(f for f in facts if f)


def _outcome(conflict: SolConflict) -> str:
    won = winner(conflict)
    player = conflict.player.name or "The player"
    return (f"{player} won after {conflict.exchanges} exchange(s)." if won == "player" else
            f"{player} was beaten after {conflict.exchanges} exchange(s)." if won else
            f"Still going after {conflict.exchanges} exchange(s).")


def _draw_sides(pages: _Pages, conflict: SolConflict) -> None:
    pages.section(f"Who (scores: {score_name(conflict)})")
    combat = conflict.kind == ConflictKind.COMBAT
    columns = (0.0, 0.30, 0.42, 0.52, 0.62, 0.72, 0.82)
    heads = list(zip(columns, ("Name", "Side", "Edge" if combat else "Draws",
                               "Start", "Now", "Bonus",
                               "State"), strict=True))
    pages.heads(heads)
    sides = [(conflict.player, True), *((side, False) for side in conflict.opponents)]
    for side, is_player in sides:
        pages.row(columns, _side_row(conflict, side, is_player, combat), heads)


def _side_row(conflict: SolConflict, side: Side, is_player: bool,
              combat: bool) -> tuple[str, ...]:
    name = side.name or ("Player" if is_player else "Opponent")
    if side.character is not None and side.character.path:
        name += f" (from {side.character.path.replace(chr(92), '/').rsplit('/', 1)[-1]})"
    lost = grip_lost(conflict, side)
    state = _state(conflict, side, is_player)
    written = grip_written(side) if combat else 0
    if lost or written:
        state += f"; Grip lost {lost}"
        if written == lost:
            state += ", written to the sheet"
        elif written:
            state += f" ({written} written to the sheet)"
    return (name, "player" if is_player else "opposition",
            str(side.cards) if combat else "its score", str(side.start),
            str(side.score), f"{side.bonus:+d}", state)


def _draw_exchanges(pages: _Pages, conflict: SolConflict) -> None:
    pages.section("Exchanges")
    if not conflict.log:
        pages.paragraph("No exchange drawn yet.", Face.REGULAR, 9)
    columns = (0.0, 0.05, 0.19, 0.40, 0.58, 0.67, 0.73)
    heads = list(zip(columns, ("#", "Against", "Player's cards", "Opposition's cards",
                               "Successes", "Margin", "Result"), strict=True))
    if conflict.log:
        pages.heads(heads)
    for contest in conflict.log:
        drawn = bool(contest.player_cards or contest.opposition_cards)
        pages.row(columns, (
            str(contest.exchange), contest.opponent or "-",
            " ".join(card_label(c) for c in contest.player_cards) or "-",
            " ".join(card_label(c) for c in contest.opposition_cards) or "-",
            f"{contest.player_successes} - {contest.opposition_successes}" if drawn else "-",
            f"{contest.margin:+d}",
            contest.result + (" (fresh deck)" if contest.reshuffled else "")), heads)
