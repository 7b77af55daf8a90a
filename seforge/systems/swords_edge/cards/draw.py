"""Drawing one NC card (and the page around the cards) on a ReportLab canvas.

The look follows the character sheet: fine grey rules, one accent colour, the
sheet's DejaVu faces and its text fitting (nothing leaves its box: text shrinks,
wraps, then ends in an ellipsis). Reminders are SEForge's own summaries.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, clean, string_width
from seforge.core.pdf.text import (
    ASCENT,
    DESCENT,
    LEADING,
    Fitted,
    draw_fitted,
    draw_text,
    fit_text,
    wrap,
)
from seforge.systems.swords_edge.models import TRAITS, NarrativeCharacter, NCQuality, NCType
from seforge.systems.swords_edge.nc_builder import TEMPLATES
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.sheet.layout import Rect
from seforge.systems.swords_edge.sheet.primitives import (
    ACCENT,
    GAME_TITLE,
    INK,
    MUTED,
    RULE,
    WASH,
    box,
    hline,
)

PAD_X = 8.0
PAD_Y = 6.0
HEADER_H = 30.0
BADGE_W = 74.0
CONCEPT_H = 16.0
TRAITS_H = 27.0
ROW_H = 13.5
MIN_ROW_H = 10.5
FOOTER_H = 19.0
NOTES_MIN_H = 9.0
NOTES_SIZE = 7.5
SECTION_GAP = 3.0
NOTES_GAP = 4.0
MOD_W = 24.0
TN_W = 34.0

TYPE_LABEL: dict[NCType, str] = {
    NCType.MINION: "minion",
    NCType.REGULAR: "regular",
    NCType.HERO: "hero",
}


def _mod(rank: Rank) -> int:
    return rank.modifier if rank.is_quality_rank else 0


def _mod_text(rank: Rank) -> str:
    return format_modifier(_mod(rank)) if rank.is_quality_rank else "\u2014"


CARD_RADIUS = 2.5


def _box(c: Canvas, rect: Rect, *, stroke: Color = RULE, fill: Color | None = None,
         width: float = 0.7, radius: float = CARD_RADIUS) -> None:
    """The sheet's box with the cards' tighter corner."""
    box(c, rect, stroke=stroke, fill=fill, width=width, radius=radius)


def _modifier_box(c: Canvas, rect: Rect, text: str, *, color: Color = INK,
                  size: float = 8.5) -> None:
    _box(c, rect, stroke=ACCENT, fill=WASH, width=0.8, radius=2.0)
    c.setFillColor(color)
    draw_text(c, text, rect.inset(1, 0.5), face=Face.BOLD, size=size, min_size=7.0,
              align="center", valign="middle")


@dataclass(frozen=True)
class CardPiece:
    """What one card of an NC holds: its first card has the header, Concept, Traits
    and the stress track; a card that continues it holds more rows and notes."""

    index: int
    """0 for the NC's first card."""
    count: int
    """How many cards the NC takes."""
    rows: tuple[tuple[NCQuality, bool], ...]
    """Elements and flaws (flag True) on this card."""
    notes: str
    """The notes (or the part of them) printed on this card."""
    notes_go_on: bool = False
    """The notes continue on the next card."""
    row_h: float = 13.5
    """The height of a one-line row (smaller when that keeps the NC on fewer cards)."""
    notes_cut: bool = False
    """The card is too small for even a line of the notes left: it says how much of
    them it could not print (no paper size comes near; a zoomed card could)."""


CONTINUES = "more on the next card"


def _rows(nc: NarrativeCharacter) -> list[tuple[NCQuality, bool]]:
    return [(e, False) for e in nc.elements] + [(f, True) for f in nc.flaws]


def _concept_h(nc: NarrativeCharacter, width: float) -> float:
    if nc.concept is None:
        return 0.0
    return max(CONCEPT_H, row_height(nc.concept.name, width, trait=False, label="Concept"))


NAME_SIZE = 12.0
WHERE_SIZE = 7.0


def _name_text(nc: NarrativeCharacter, first: bool) -> str:
    name = " ".join(nc.name.split()) or "Unnamed opponent"
    return name if first else f"{name} (continued)"


def _where_text(nc: NarrativeCharacter, index: int, count: int) -> str:
    where = " \u00b7 ".join(" ".join(p.split()) for p in (nc.genre, nc.source) if p.strip())
    if count > 1:
        where = f"Card {index + 1} of {count}" + (f" \u00b7 {where}" if where else "")
    return where


def _badge_w(nc: NarrativeCharacter) -> float:
    kind, _tn = badge_text(nc)
    return max(BADGE_W, string_width(kind, Face.CONDENSED_BOLD, 7.0) + 8)


def _fit_name(nc: NarrativeCharacter, first: bool, width: float) -> Fitted:
    """The name on one or two lines down to 7 pt, then on as many lines as it needs:
    never cut."""
    return _fitted_name(_name_text(nc, first), width)


@lru_cache(maxsize=256)
def _fitted_name(name: str, width: float) -> Fitted:
    """:func:`_fit_name`, worked out once for all the cards of an NC (a 200-character
    name tries every size from 12 pt down on each card otherwise)."""
    fitted = fit_text(name, width, 18.0, face=Face.BOLD, size=NAME_SIZE, min_size=7.0,
                      max_lines=2)
    if fitted.truncated:
        fitted = fit_text(name, width, 10_000.0, face=Face.BOLD, size=7.0, min_size=7.0,
                          max_lines=None)
    return fitted


def _fit_where(nc: NarrativeCharacter, width: float, count: int = 2) -> Fitted:
    """Genre and source (and "Card n of m"), wrapped rather than cut."""
    return fit_text(_where_text(nc, 0, count), width, 10_000.0, face=Face.CONDENSED,
                    size=WHERE_SIZE, min_size=WHERE_SIZE, max_lines=None)


@dataclass(frozen=True)
class _Head:
    """What a card's header prints, and what its first card cut short."""

    name: Fitted
    where: Fitted
    height: float
    concept_h: float
    """The Concept row's height (first card; 0 on the others)."""
    cut: tuple[str, ...] = ()
    """Texts the first card cut short, given in full in the notes that follow."""


def _lines_h(lines: int, size: float) -> float:
    return lines * size * LEADING + 1.0


def _head(nc: NarrativeCharacter, inner: Rect, index: int = 0, count: int = 2) -> _Head:
    """The header of card ``index`` of ``count`` and the first card's Concept row.

    The first card prints the name, genre and source and Concept whole while the card
    has room for them over its Traits and Stress track; at the file's limits (200
    characters each) the source line, then the name, then the Concept are cut short to
    fit, and go on in full at the head of the notes. The cards after it print the
    name (whole) and only "Card n of m" under it."""
    text_w = inner.w - _badge_w(nc) - 6
    if index > 0:
        name = _fit_name(nc, False, text_w)
        where = fit_text(f"Card {index + 1} of {count}", text_w, 9.0, face=Face.CONDENSED,
                         size=WHERE_SIZE, min_size=WHERE_SIZE, max_lines=1)
        height = max(HEADER_H, max(18.0, name.height + 3) + where.height + 2)
        return _Head(name, where, height, 0.0)
    name = _fit_name(nc, True, text_w)
    where_text = _where_text(nc, 0, count)
    where = _fit_where(nc, text_w, count)
    concept_h = _concept_h(nc, inner.w)
    rest = (inner.h - SECTION_GAP - FOOTER_H - 2.0 - MARKER_H
            - (SECTION_GAP + TRAITS_H if nc.traits else 0.0))
    cut: list[str] = []

    def over() -> float:
        where_h = where.height + 2 if where.lines else 0.0
        return max(HEADER_H, max(18.0, name.height + 3) + where_h) + concept_h - rest

    if over() > 0.01 and len(where.lines) > 1:
        room = max(1, int((len(where.lines) * where.size * LEADING - over())
                          // (WHERE_SIZE * LEADING)))
        where = fit_text(where_text, text_w, _lines_h(room, WHERE_SIZE), face=Face.CONDENSED,
                         size=WHERE_SIZE, min_size=WHERE_SIZE, max_lines=room)
        if where.truncated:
            cut.append(_where_text(nc, 0, 1))
    if over() > 0.01 and len(name.lines) > 2:
        room = max(2, int((len(name.lines) * name.size * LEADING - over())
                          // (7.0 * LEADING)))
        name = fit_text(_name_text(nc, True), text_w, _lines_h(room, 7.0), face=Face.BOLD,
                        size=7.0, min_size=7.0, max_lines=room)
        if name.truncated:
            cut.insert(0, f"Name: {_name_text(nc, True)}")
    if over() > 0.01 and nc.concept is not None and concept_h > CONCEPT_H:
        concept_h = max(CONCEPT_H, concept_h - over())
        cut.append(f"Concept: {' '.join(nc.concept.name.split())}")
    where_h = where.height + 2 if where.lines else 0.0
    height = max(HEADER_H, max(18.0, name.height + 3) + where_h)
    return _Head(name, where, height, concept_h, tuple(cut))


def header_height(nc: NarrativeCharacter, first: bool, card_w: float,
                  card_h: float = 10_000.0) -> float:
    """The header: as tall as the name and the source line need (at least the badge),
    within a card ``card_h`` high (inside its padding)."""
    return _head(nc, Rect(0, 0, card_w, card_h), 0 if first else 1).height


def _fixed(nc: NarrativeCharacter, first: bool, inner: Rect) -> float:
    head = _head(nc, inner, 0 if first else 1)
    fixed = head.height + SECTION_GAP + FOOTER_H + 2.0
    if first:
        fixed += head.concept_h
    if first and nc.traits:
        fixed += SECTION_GAP + TRAITS_H
    return fixed


MARKER_H = 10.0
"""Room for the "more on the next card" line."""


def _quality_h(row: tuple[NCQuality, bool], width: float, base: float = ROW_H) -> float:
    quality, is_flaw = row
    return row_height(quality.name, width, trait=quality.trait is not None,
                      label="Flaw" if is_flaw else "", base=base)


def plan_cards(nc: NarrativeCharacter, card: Rect) -> list[CardPiece]:
    """Cut the NC into cards of ``card``'s size: what does not fit goes on the next
    card, never dropped. Rows are drawn tighter when that saves a card."""
    pieces = fewest_cards(nc, card)
    assert pieces is not None  # no limit given
    return pieces


def fewest_cards(nc: NarrativeCharacter, card: Rect,
                 most: int | None = None) -> list[CardPiece] | None:
    """:func:`plan_cards`, or None as soon as it is clear that the NC takes more than
    ``most`` cards (planning stops there: an NC with long notes is not cut to the end
    only to find it too long)."""
    pieces = _plan(nc, card, ROW_H, most)
    if pieces is not None and len(pieces) <= 1:
        return pieces
    if _same_rows(nc, card):
        return pieces  # tighter rows would plan the very same cards
    fewer = most if pieces is None else len(pieces) - 1
    tight = _plan(nc, card, MIN_ROW_H, fewer)
    return tight if tight is not None else pieces


def _same_rows(nc: NarrativeCharacter, card: Rect) -> bool:
    """Whether every row is as high at the tight row height as at the normal one
    (rows of long names are as high as their lines need at either)."""
    width = card.inset(PAD_X, PAD_Y).w
    return all(_quality_h(row, width, ROW_H) == _quality_h(row, width, MIN_ROW_H)
               for row in _rows(nc))


def _plan(nc: NarrativeCharacter, card: Rect, base: float,
          most: int | None = None) -> list[CardPiece] | None:
    """The cards at row height ``base``; None once they are more than ``most``."""
    inner = card.inset(PAD_X, PAD_Y)
    rows = _rows(nc)
    notes = "\n".join((*_head(nc, inner).cut, nc.notes.strip())).strip()
    pieces: list[tuple[tuple[tuple[NCQuality, bool], ...], str, bool]] = []
    cut = False
    first = True
    fixed = (_fixed(nc, True, inner), _fixed(nc, False, inner))  # the same on every card
    held: dict[float, int] = {}  # characters of notes the last card of a height took
    while first or rows or notes:
        room = inner.h - fixed[0 if first else 1]
        if rows:
            room -= SECTION_GAP
        taken: list[tuple[NCQuality, bool]] = []
        while rows:
            height = _quality_h(rows[0], inner.w, base)
            # room for "more on the next card" whenever anything follows
            more = MARKER_H if len(rows) > 1 or notes else 0.0
            if (taken or first) and height + more > room + 0.01:
                break  # on the next card (a card that goes on takes one row at least)
            taken.append(rows.pop(0))
            room -= height
        if rows:
            room -= MARKER_H
        shown = ""
        go_on = False
        before = notes
        if notes and not rows and room - NOTES_GAP >= NOTES_MIN_H:
            height = room - NOTES_GAP
            shown, notes = _notes_on_card(notes, inner.w, height, held.get(height, 0))
            held[height] = len(before) - len(notes)
            go_on = bool(notes)
        pieces.append((tuple(taken), shown, go_on))
        if most is not None and len(pieces) > most:
            return None
        if not first and not taken and notes == before:
            # a card after the first takes a row or a line of notes (its body is free
            # for them) on every paper and card size; one too small even for a line
            # says how much of the notes it could not print
            if notes:
                pieces[-1] = (tuple(taken), _cut_note(notes), False)
                cut = True
            break
        first = False
    count = len(pieces)
    return [CardPiece(i, count, taken, shown, go_on, base, cut and i == count - 1)
            for i, (taken, shown, go_on) in enumerate(pieces)]


def _notes_on_card(notes: str, width: float, height: float,
                   held: int = 0) -> tuple[str, str]:
    """The part of ``notes`` that fits ``width`` x ``height`` (its last line ending with
    "more on the next card" when more follows) and the rest, word for word.

    Only a stretch of the notes a little longer than the card holds is fitted (doubled
    until it runs over the card), so 100,000 characters of notes take time in
    proportion to their length rather than to its square. The stretch ends before a
    space or line break, and the lines shown are the same as the whole notes give: each
    of them has a further line after it within the stretch. ``held``: how many
    characters a card of this size took last (0: not known); the stretch starts a
    little longer than that, so each card fits hardly more text than it prints."""
    lines = 1 + int(height // (NOTES_SIZE * LEADING))
    chars = max(64, int(lines * width / (NOTES_SIZE * 0.25)))  # narrow letters: generous
    if held > 0:
        chars = min(chars, held + held // 16 + int(2 * width / NOTES_SIZE))
    while True:
        end = _space_at_or_after(notes, chars)
        stretch = notes[:end]
        fitted = fit_text(stretch, width, height, face=Face.CONDENSED, size=NOTES_SIZE,
                          min_size=NOTES_SIZE, max_lines=None, multiline=True,
                          marker=CONTINUES)
        if fitted.rest:
            return "\n".join(fitted.lines), fitted.rest + notes[end:]
        if end >= len(notes):
            return stretch, ""
        chars = 2 * end


def notes_lines(nc: NarrativeCharacter, card: Rect) -> int:
    """How many lines the NC's notes wrap to on ``card`` (one pass; blank lines left
    out): a card may break a paragraph's line earlier, never later, so the notes take
    at least this many lines on cards as wide or narrower."""
    width = card.inset(PAD_X, PAD_Y).w
    paragraphs = (" ".join(part.split())
                  for part in clean(nc.notes, keep_newlines=True).split("\n"))
    text = "\n".join(part for part in paragraphs if part)
    return len(wrap(text, width, Face.CONDENSED, NOTES_SIZE)) if text else 0


def least_cards(nc: NarrativeCharacter, card: Rect, lines: int | None = None) -> int:
    """A floor under ``len(plan_cards(nc, card))`` that costs one wrap of the notes
    rather than a plan (0 when this card is too small for the reckoning to hold).

    ``lines``: at most as many lines as the notes take at this card's width (their
    :func:`notes_lines` here or at a wider card); worked out when None. A card holds
    rows and lines of notes within its body (the first line as high as its letters, each
    further one a line's height), or a single row higher than that."""
    inner = card.inset(PAD_X, PAD_Y)
    fixed = (_fixed(nc, True, inner), _fixed(nc, False, inner))
    line = NOTES_SIZE * LEADING
    letters = NOTES_SIZE * (ASCENT + DESCENT)
    if inner.h - fixed[1] - NOTES_GAP < 3 * line:
        return 0  # a later card too small for lines of notes may end the NC short
    if lines is None:
        lines = notes_lines(nc, card)
    rows = _rows(nc)
    least = sum(_quality_h(row, inner.w, MIN_ROW_H) for row in rows)  # the lower heights
    highest = max((_quality_h(row, inner.w, ROW_H) for row in rows), default=0.0)
    per_card = max(inner.h - min(fixed) - NOTES_GAP + line - letters + 0.01, highest)
    return max(1, math.ceil((lines * line + least) / per_card - 1e-9))


def _space_at_or_after(text: str, at: int) -> int:
    """Where the first run of whitespace from ``at`` on starts in ``text`` (its length if
    none): a stretch cut there ends with a word and leaves the whole run (blank lines
    between paragraphs) to the rest."""
    for index in range(max(1, min(at, len(text))), len(text)):
        if text[index].isspace() and not text[index - 1].isspace():
            return index
    return len(text)


def _cut_note(notes: str) -> str:
    """What a card says when the rest of the notes cannot be printed at all."""
    return f"\u2026 notes cut: {len(notes)} characters not printed"


def plan_card(nc: NarrativeCharacter, card: Rect) -> CardPiece:
    """The first card of ``nc`` (see :func:`plan_cards`)."""
    return plan_cards(nc, card)[0]


def stress_track(nc: NarrativeCharacter) -> list[str]:
    """Labels of the boxes to tick as the NC takes Stress; the last one is "out".

    A hero's boxes show the TN it drops to with each Stress.
    """
    if nc.type is NCType.MINION:
        return ["out"]
    if nc.type is NCType.REGULAR:
        return ["1", "2", "out"]
    steps = [nc.rank.shifted(-k) for k in range(1, int(nc.rank) + 1)]
    return [str(r.target_number) for r in steps if r is not None] + ["out"]


def badge_text(nc: NarrativeCharacter) -> tuple[str, str]:
    """The badge's two lines: ``("GREAT HERO", "TN 23")``."""
    return f"{nc.rank.label} {TYPE_LABEL[nc.type]}".upper(), f"TN {nc.base_tn}"


def _badge(c: Canvas, badge: Rect, kind: str, tn: str) -> None:
    c.saveState()
    c.setFillColor(ACCENT)
    c.roundRect(badge.x, badge.y, badge.w, badge.h, 3, stroke=0, fill=1)
    c.restoreState()
    c.setFillColor(white)
    draw_text(c, kind, Rect(badge.x + 2, badge.top - 10, badge.w - 4, 9),
              face=Face.CONDENSED_BOLD, size=7.0, min_size=7.0, align="center")
    draw_text(c, tn, Rect(badge.x + 3, badge.y + 2, badge.w - 6, 13), face=Face.BOLD,
              size=12.0, min_size=7.0, align="center", valign="middle")


def draw_card(c: Canvas, card: Rect, nc: NarrativeCharacter,
              piece: CardPiece | None = None) -> None:
    """One card of an NC's stat block inside ``card`` (by default its first)."""
    piece = piece if piece is not None else plan_card(nc, card)
    _box(c, card, stroke=RULE, width=0.8, radius=4.0)
    inner = card.inset(PAD_X, PAD_Y)
    base = nc.base_tn
    first = piece.index == 0

    # Header: name, where it comes from, and the Rank badge.
    head = _head(nc, inner, piece.index, piece.count)
    header = inner.take_top(head.height)
    kind, tn = badge_text(nc)
    badge_w = _badge_w(nc)
    badge = Rect(header.right - badge_w, header.top - 26, badge_w, 26)
    _badge(c, badge, kind, tn)
    text_w = badge.x - header.x - 6
    c.setFillColor(INK)
    name = head.name
    name_h = max(18.0, name.height + 3)
    draw_fitted(c, name, Rect(header.x, header.top - name_h, text_w, name_h),
                valign="middle")
    where = head.where
    if where.lines:
        c.setFillColor(MUTED)
        draw_fitted(c, where, Rect(header.x, header.y + 1, text_w, where.height),
                    valign="bottom")
    hline(c, inner.x, inner.right, header.y - 1, color=ACCENT, width=0.9)
    y = header.y - SECTION_GAP

    # Concept.
    if first and nc.concept is not None:
        height = head.concept_h
        row = Rect(inner.x, y - height, inner.w, height)
        _quality_row(c, row, nc.concept.name, nc.concept.rank, base, label="Concept")
        y = row.y

    # Traits: three cells, a missing one shown as not given.
    if first and nc.traits:
        y -= SECTION_GAP
        strip = Rect(inner.x, y - TRAITS_H, inner.w, TRAITS_H)
        for trait, cell in zip(TRAITS, strip.columns(3, 5.0), strict=True):
            _trait_cell(c, cell, trait.value, nc.traits.get(trait), base)
        y = strip.y

    # Elements and flaws.
    if piece.rows:
        y -= SECTION_GAP
        for quality, is_flaw in piece.rows:
            height = _quality_h((quality, is_flaw), inner.w, piece.row_h)
            row = Rect(inner.x, y - height, inner.w, height)
            linked = quality.trait.value if quality.trait is not None else ""
            _quality_row(c, row, quality.name, quality.rank, base, trait=linked,
                         label="Flaw" if is_flaw else "")
            y = row.y

    # Notes take what is left above the footer.
    footer = Rect(inner.x, inner.y, inner.w, FOOTER_H)
    if piece.notes:
        notes = Rect(inner.x, footer.top + 2, inner.w, y - NOTES_GAP - footer.top - 2)
        c.setFillColor(INK)
        draw_text(c, piece.notes, notes, face=Face.CONDENSED, size=NOTES_SIZE,
                  min_size=NOTES_SIZE, max_lines=None, multiline=True)
    elif piece.index + 1 < piece.count:
        c.setFillColor(MUTED)
        draw_text(c, f"\u2026 {CONTINUES}", Rect(inner.x, footer.top + 2, inner.w, 10),
                  face=Face.CONDENSED, size=7.0, min_size=7.0, align="right")

    if first:
        _footer(c, footer, nc)
    else:
        hline(c, footer.x, footer.right, footer.top, color=RULE, width=0.6)
        c.setFillColor(MUTED)
        draw_text(c, "Stress: tick it on the first card.", footer, face=Face.CONDENSED,
                  size=7.0, min_size=7.0, valign="middle")


def draw_blank_card(c: Canvas, card: Rect) -> None:
    """A card to fill in by hand: name, type and Rank, Concept, Traits, rows, Stress."""
    _box(c, card, stroke=RULE, width=0.8, radius=4.0)
    inner = card.inset(PAD_X, PAD_Y)
    header = inner.take_top(HEADER_H)
    badge = Rect(header.right - BADGE_W, header.top - 26, BADGE_W, 26)
    _box(c, badge, stroke=ACCENT, width=0.9, radius=3.0)
    c.setFillColor(ACCENT)
    draw_text(c, "RANK / TN", Rect(badge.x + 2, badge.top - 10, badge.w - 4, 9),
              face=Face.CONDENSED_BOLD, size=7.0, min_size=7.0, align="center")
    c.setFillColor(MUTED)
    draw_text(c, "Name", Rect(header.x, header.top - 12, 40, 10), face=Face.CONDENSED,
              size=7.0, min_size=7.0)
    draw_text(c, "\u25a1 minion   \u25a1 regular   \u25a1 hero",
              Rect(header.x, header.y + 1, badge.x - header.x - 6, 10), face=Face.CONDENSED,
              size=7.0, min_size=7.0, valign="middle")
    hline(c, inner.x, inner.right, header.y - 1, color=ACCENT, width=0.9)
    y = header.y - SECTION_GAP
    row = Rect(inner.x, y - CONCEPT_H, inner.w, CONCEPT_H)
    _blank_row(c, row, "CONCEPT")
    y = row.y - SECTION_GAP
    strip = Rect(inner.x, y - TRAITS_H, inner.w, TRAITS_H)
    for trait, cell in zip(TRAITS, strip.columns(3, 5.0), strict=True):
        _box(c, cell, stroke=RULE, width=0.6, radius=2.5)
        c.setFillColor(ACCENT)
        draw_text(c, trait.value.upper(), cell.inset(4, 2.5).take_top(9),
                  face=Face.CONDENSED_BOLD, size=7.0, min_size=7.0)
    y = strip.y - SECTION_GAP
    footer = Rect(inner.x, inner.y, inner.w, FOOTER_H)
    while y - ROW_H >= footer.top + 2:
        row = Rect(inner.x, y - ROW_H, inner.w, ROW_H)
        _blank_row(c, row, "")
        y = row.y
    hline(c, footer.x, footer.right, footer.top, color=RULE, width=0.6)
    c.setFillColor(ACCENT)
    draw_text(c, "STRESS", footer.take_left(34), face=Face.CONDENSED_BOLD, size=7.0,
              min_size=7.0, valign="middle")
    cells = 6
    size = 12.0
    x = footer.right - cells * (size + 2)
    for i in range(cells):
        _box(c, Rect(x + i * (size + 2), footer.y + (footer.h - size) / 2, size, size),
             stroke=ACCENT if i == cells - 1 else RULE, width=0.7, radius=1.5)


def _blank_row(c: Canvas, row: Rect, label: str) -> None:
    hline(c, row.x, row.right, row.y)
    box_h = min(row.h - 2, 12.0)
    _modifier_box(c, Rect(row.x, row.y + (row.h - box_h) / 2, MOD_W, box_h), "")
    c.setFillColor(MUTED)
    if label:
        c.setFillColor(ACCENT)
        draw_text(c, label, Rect(row.x + MOD_W + 5, row.y, 40, row.h),
                  face=Face.CONDENSED_BOLD, size=7.0, min_size=7.0, valign="middle")
    c.setFillColor(MUTED)
    draw_text(c, "TN", Rect(row.right - TN_W, row.y, TN_W - 14, row.h), face=Face.CONDENSED,
              size=7.0, min_size=7.0, align="right", valign="middle")


def _quality_row(c: Canvas, row: Rect, name: str, rank: Rank, base: int, *,
                 trait: str = "", label: str = "") -> None:
    hline(c, row.x, row.right, row.y)
    box_h = min(row.h - 2, 12.0)
    mod = Rect(row.x, row.y + (row.h - box_h) / 2, MOD_W, box_h)
    is_flaw = label == "Flaw"
    _modifier_box(c, mod, _mod_text(rank), color=ACCENT if is_flaw else INK,
                  size=min(8.5, box_h - 1.5))
    tn_rect = Rect(row.right - TN_W, row.y, TN_W, row.h)
    c.setFillColor(INK)
    draw_text(c, f"TN {base + _mod(rank)}", tn_rect, face=Face.BOLD, size=8.5,
              min_size=7.0, align="right", valign="middle")
    x = mod.right + 5
    right = tn_rect.x - 4
    if label:
        tag_w = 36.0 if label == "Concept" else 22.0
        c.setFillColor(ACCENT)
        draw_text(c, label.upper(), Rect(x, row.y, tag_w, row.h), face=Face.CONDENSED_BOLD,
                  size=7.0, min_size=7.0, valign="middle")
        x += tag_w + 2
    if trait:
        trait_w = 44.0
        c.setFillColor(MUTED)
        draw_text(c, trait, Rect(right - trait_w, row.y, trait_w, row.h),
                  face=Face.CONDENSED, size=7.0, min_size=7.0, align="right",
                  valign="middle")
        right -= trait_w + 3
    c.setFillColor(INK)
    draw_text(c, name.strip() or "(unnamed)", Rect(x, row.y, max(1.0, right - x), row.h),
              face=Face.BOLD if label == "Concept" else Face.REGULAR,
              size=8.5, min_size=7.0, max_lines=None, valign="middle")


def _name_width(row_w: float, *, trait: bool, label: str) -> float:
    """The room a row leaves for the name (as :func:`_quality_row` lays it out)."""
    width = row_w - MOD_W - 5 - TN_W - 4
    if label:
        width -= (36.0 if label == "Concept" else 22.0) + 2
    if trait:
        width -= 44.0 + 3
    return max(1.0, width)


def row_height(name: str, row_w: float, *, trait: bool, label: str = "",
               base: float = ROW_H) -> float:
    """A row is one line high (``base``), or as many lines as a long name needs at 7 pt."""
    face = Face.BOLD if label == "Concept" else Face.REGULAR
    width = _name_width(row_w, trait=trait, label=label)
    fitted = fit_text(name.strip() or "(unnamed)", width, base, face=face, size=8.5,
                      min_size=7.0, max_lines=1)
    if not fitted.truncated:
        return base
    lines = len(wrap(" ".join(name.split()), width, face, 7.0))
    return max(base, lines * 7.0 * LEADING + 4.0)


def _trait_cell(c: Canvas, cell: Rect, name: str, rank: Rank | None, base: int) -> None:
    _box(c, cell, stroke=RULE, width=0.6, radius=2.5)
    inner = cell.inset(4, 2.5)
    c.setFillColor(ACCENT)
    draw_text(c, name.upper(), inner.take_top(9), face=Face.CONDENSED_BOLD, size=7.0,
              min_size=7.0)
    body = inner.below(9)
    if rank is None:
        c.setFillColor(MUTED)
        draw_text(c, "not given", body, face=Face.CONDENSED, size=7.0, min_size=7.0,
                  valign="middle")
        return
    c.setFillColor(INK)
    draw_text(c, _mod_text(rank), body.take_left(body.w * 0.42), face=Face.BOLD, size=10.0,
              min_size=7.0, valign="middle")
    draw_text(c, f"TN {base + _mod(rank)}", body.take_right(body.w * 0.58),
              face=Face.BOLD, size=8.0, min_size=7.0, align="right", valign="middle")


def _footer(c: Canvas, footer: Rect, nc: NarrativeCharacter) -> None:
    hline(c, footer.x, footer.right, footer.top, color=RULE, width=0.6)
    labels = stress_track(nc)
    size = 13.0
    gap = 2.0
    track_w = len(labels) * size + (len(labels) - 1) * gap
    max_track = footer.w * 0.55
    if track_w > max_track:
        size = (max_track - (len(labels) - 1) * gap) / len(labels)
        track_w = max_track
    x = footer.right - track_w
    y = footer.y + (footer.h - 2 - size) / 2
    for i, label in enumerate(labels):
        cell = Rect(x + i * (size + gap), y, size, size)
        out = label == "out"
        _box(c, cell, stroke=ACCENT if out else RULE, width=0.7, radius=1.5)
        c.setFillColor(ACCENT if out else MUTED)
        draw_text(c, label, cell.inset(0.3, 0.5), face=Face.CONDENSED, size=7.0,
                  min_size=7.0, align="center", valign="middle")
    label_w = 30.0
    text_rect = Rect(footer.x, footer.y, footer.w - track_w - 6, footer.h - 2)
    c.setFillColor(ACCENT)
    draw_text(c, "STRESS", text_rect.take_left(label_w), face=Face.CONDENSED_BOLD, size=7.0,
              min_size=7.0, valign="middle")
    c.setFillColor(MUTED)
    draw_text(c, TEMPLATES[nc.type].stress_rule,
              Rect(text_rect.x + label_w, text_rect.y, text_rect.w - label_w, text_rect.h),
              face=Face.CONDENSED, size=7.0, min_size=7.0, max_lines=2, valign="middle")


def draw_page_frame(c: Canvas, header: Rect, footer: Rect, page: int, pages: int) -> None:
    """The slim title band above the cards and the footer line below them."""
    c.saveState()
    c.setFillColor(ACCENT)
    c.roundRect(header.x, header.y, header.w, header.h, 2.5, stroke=0, fill=1)
    c.restoreState()
    inner = header.inset(8, 2)
    c.setFillColor(white)
    fitted = draw_text(c, GAME_TITLE, Rect(inner.x, inner.y, 120, inner.h),
                       face=Face.BOLD, size=9.5, min_size=7.0, valign="middle")
    x = inner.x + fitted.width + 8
    draw_text(c, "Opponent cards", Rect(x, inner.y, 120, inner.h), face=Face.REGULAR,
              size=8.0, min_size=7.0, valign="middle")
    draw_text(c, f"Page {page} of {pages}", inner.take_right(90), face=Face.CONDENSED,
              size=7.0, min_size=7.0, align="right", valign="middle")
    c.setFillColor(MUTED)
    draw_text(c, "Sword's Edge NC cards \u00b7 made with SEForge",
              footer.take_left(footer.w / 2 - 24),
              face=Face.CONDENSED, size=7.0, min_size=7.0, valign="middle")
    draw_text(c, "Momentum: a Trait (heroes may add an Element), never the Concept.",
              footer.take_right(footer.w / 2 + 20), face=Face.CONDENSED, size=7.0,
              min_size=7.0, align="right", valign="middle")
