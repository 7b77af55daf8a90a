"""Drawing one NC card (and the page around the cards) on a ReportLab canvas.

The look follows the character sheet: fine grey rules, one accent colour, the
sheet's DejaVu faces and its text fitting (nothing leaves its box: text shrinks,
wraps, then ends in an ellipsis). Reminders are SEForge's own summaries.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from seforge.models import TRAITS, NarrativeCharacter, NCQuality, NCType
from seforge.nc_builder import TEMPLATES
from seforge.ranks import Rank, format_modifier
from seforge.sheet.draw import ACCENT, INK, MUTED, RULE, WASH, box, hline
from seforge.sheet.fonts import Face
from seforge.sheet.layout import Rect
from seforge.sheet.text import draw_text

PAD_X = 8.0
PAD_Y = 6.0
HEADER_H = 30.0
BADGE_W = 62.0
CONCEPT_H = 16.0
TRAITS_H = 27.0
ROW_H = 13.5
MIN_ROW_H = 10.5
FOOTER_H = 17.0
NOTES_MIN_H = 9.0
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
    draw_text(c, text, rect.inset(1, 0.5), face=Face.BOLD, size=size, min_size=5.0,
              align="center", valign="middle")


@dataclass(frozen=True)
class CardPlan:
    """How the rows of one card are sized (see :func:`plan_card`)."""

    row_h: float
    rows_shown: int
    """Element and flaw rows drawn; the rest are summed up in a "more" line."""
    more: int
    notes_h: float


def _rows(nc: NarrativeCharacter) -> list[tuple[NCQuality, bool]]:
    return [(e, False) for e in nc.elements] + [(f, True) for f in nc.flaws]


def plan_card(nc: NarrativeCharacter, card: Rect) -> CardPlan:
    """Fit the card's parts into ``card``: rows shrink to a minimum height, then
    notes give way, then extra rows are cut and counted."""
    inner_h = card.h - 2 * PAD_Y
    fixed = HEADER_H + SECTION_GAP + FOOTER_H + 2.0
    if nc.concept is not None:
        fixed += CONCEPT_H
    if nc.traits:
        fixed += SECTION_GAP + TRAITS_H
    rows = len(_rows(nc))
    if rows:
        fixed += SECTION_GAP
    room = inner_h - fixed
    wants_notes = bool(nc.notes.strip())
    notes_room = NOTES_GAP + NOTES_MIN_H if wants_notes else 0.0
    if rows == 0:
        return CardPlan(ROW_H, 0, 0, max(0.0, room - NOTES_GAP) if wants_notes else 0.0)
    if rows * ROW_H + notes_room <= room:
        row_h = ROW_H
    elif rows * MIN_ROW_H + notes_room <= room:
        row_h = (room - notes_room) / rows
    else:
        row_h = MIN_ROW_H
        notes_room = 0.0
    shown = min(rows, int((room - notes_room + 0.01) // row_h))
    more = rows - shown
    if more:
        shown = max(0, shown - 1)  # the last slot says how many are left out
        more = rows - shown
    used = (shown + (1 if more else 0)) * row_h
    notes_h = max(0.0, room - used - NOTES_GAP) if wants_notes and notes_room else 0.0
    return CardPlan(row_h, shown, more, notes_h)


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


def draw_card(c: Canvas, card: Rect, nc: NarrativeCharacter) -> None:
    """One NC's stat block inside ``card``."""
    _box(c, card, stroke=RULE, width=0.8, radius=4.0)
    inner = card.inset(PAD_X, PAD_Y)
    plan = plan_card(nc, card)
    base = nc.base_tn

    # Header: name, where it comes from, and the Rank badge.
    header = inner.take_top(HEADER_H)
    badge = Rect(header.right - BADGE_W, header.top - 26, BADGE_W, 26)
    c.saveState()
    c.setFillColor(ACCENT)
    c.roundRect(badge.x, badge.y, badge.w, badge.h, 3, stroke=0, fill=1)
    c.restoreState()
    kind, tn = badge_text(nc)
    c.setFillColor(white)
    draw_text(c, kind, Rect(badge.x + 3, badge.top - 10, badge.w - 6, 8.5),
              face=Face.CONDENSED_BOLD, size=6.5, min_size=4.5, align="center")
    draw_text(c, tn, Rect(badge.x + 3, badge.y + 2, badge.w - 6, 13), face=Face.BOLD,
              size=12.0, min_size=7.0, align="center", valign="middle")
    text_w = badge.x - header.x - 6
    c.setFillColor(INK)
    draw_text(c, nc.name.strip() or "Unnamed opponent",
              Rect(header.x, header.top - 17, text_w, 17), face=Face.BOLD, size=12.0,
              min_size=7.0, valign="middle")
    where = " \u00b7 ".join(p.strip() for p in (nc.genre, nc.source) if p.strip())
    if where:
        c.setFillColor(MUTED)
        draw_text(c, where, Rect(header.x, header.y + 1, text_w, 10), face=Face.CONDENSED,
                  size=6.5, min_size=4.5, valign="middle")
    hline(c, inner.x, inner.right, header.y - 1, color=ACCENT, width=0.9)
    y = header.y - SECTION_GAP

    # Concept.
    if nc.concept is not None:
        row = Rect(inner.x, y - CONCEPT_H, inner.w, CONCEPT_H)
        _quality_row(c, row, nc.concept.name, nc.concept.rank, base, label="Concept")
        y = row.y

    # Traits: three cells, a missing one shown as not given.
    if nc.traits:
        y -= SECTION_GAP
        strip = Rect(inner.x, y - TRAITS_H, inner.w, TRAITS_H)
        for trait, cell in zip(TRAITS, strip.columns(3, 5.0), strict=True):
            _trait_cell(c, cell, trait.value, nc.traits.get(trait), base)
        y = strip.y

    # Elements and flaws.
    rows = _rows(nc)
    if rows:
        y -= SECTION_GAP
        for quality, is_flaw in rows[: plan.rows_shown]:
            row = Rect(inner.x, y - plan.row_h, inner.w, plan.row_h)
            linked = quality.trait.value if quality.trait is not None else ""
            _quality_row(c, row, quality.name, quality.rank, base, trait=linked,
                         label="Flaw" if is_flaw else "")
            y = row.y
        if plan.more:
            row = Rect(inner.x, y - plan.row_h, inner.w, plan.row_h)
            c.setFillColor(MUTED)
            names = ", ".join(q.name for q, _ in rows[plan.rows_shown:])
            draw_text(c, f"+{plan.more} more: {names}", row.inset(2, 1),
                      face=Face.CONDENSED, size=6.5, min_size=4.5, valign="middle")
            y = row.y

    # Notes take what is left above the footer.
    footer = Rect(inner.x, inner.y, inner.w, FOOTER_H)
    if plan.notes_h > 0 and nc.notes.strip():
        top = y - NOTES_GAP
        notes = Rect(inner.x, footer.top + 2, inner.w, min(plan.notes_h, top - footer.top - 2))
        if notes.h >= 6:
            c.setFillColor(INK)
            draw_text(c, nc.notes, notes, face=Face.CONDENSED, size=7.0, min_size=5.0,
                      max_lines=None, multiline=True)

    _footer(c, footer, nc)


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
              min_size=5.5, align="right", valign="middle")
    x = mod.right + 5
    right = tn_rect.x - 4
    if label:
        tag_w = 34.0 if label == "Concept" else 22.0
        c.setFillColor(ACCENT)
        draw_text(c, label.upper(), Rect(x, row.y, tag_w, row.h), face=Face.CONDENSED_BOLD,
                  size=6.0, min_size=4.5, valign="middle")
        x += tag_w + 2
    if trait:
        trait_w = 44.0
        c.setFillColor(MUTED)
        draw_text(c, trait, Rect(right - trait_w, row.y, trait_w, row.h),
                  face=Face.CONDENSED, size=6.5, min_size=4.5, align="right",
                  valign="middle")
        right -= trait_w + 3
    c.setFillColor(INK)
    draw_text(c, name.strip() or "(unnamed)", Rect(x, row.y, max(1.0, right - x), row.h),
              face=Face.BOLD if label == "Concept" else Face.REGULAR,
              size=8.5, min_size=5.0, valign="middle")


def _trait_cell(c: Canvas, cell: Rect, name: str, rank: Rank | None, base: int) -> None:
    _box(c, cell, stroke=RULE, width=0.6, radius=2.5)
    inner = cell.inset(4, 2.5)
    c.setFillColor(ACCENT)
    draw_text(c, name.upper(), inner.take_top(8), face=Face.CONDENSED_BOLD, size=6.0,
              min_size=4.5)
    body = inner.below(8)
    if rank is None:
        c.setFillColor(MUTED)
        draw_text(c, "not given", body, face=Face.CONDENSED, size=6.5, min_size=4.5,
                  valign="middle")
        return
    c.setFillColor(INK)
    draw_text(c, _mod_text(rank), body.take_left(body.w * 0.42), face=Face.BOLD, size=10.0,
              min_size=6.0, valign="middle")
    draw_text(c, f"TN {base + _mod(rank)}", body.take_right(body.w * 0.58),
              face=Face.BOLD, size=8.0, min_size=5.0, align="right", valign="middle")


def _footer(c: Canvas, footer: Rect, nc: NarrativeCharacter) -> None:
    hline(c, footer.x, footer.right, footer.top, color=RULE, width=0.6)
    labels = stress_track(nc)
    size = 11.0
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
        draw_text(c, label, cell.inset(0.5, 0.5), face=Face.CONDENSED, size=5.5,
                  min_size=3.5, align="center", valign="middle")
    label_w = 30.0
    text_rect = Rect(footer.x, footer.y, footer.w - track_w - 6, footer.h - 2)
    c.setFillColor(ACCENT)
    draw_text(c, "STRESS", text_rect.take_left(label_w), face=Face.CONDENSED_BOLD, size=6.3,
              min_size=4.5, valign="middle")
    c.setFillColor(MUTED)
    draw_text(c, TEMPLATES[nc.type].stress_rule,
              Rect(text_rect.x + label_w, text_rect.y, text_rect.w - label_w, text_rect.h),
              face=Face.CONDENSED, size=6.3, min_size=4.5, max_lines=2, valign="middle")


def draw_page_frame(c: Canvas, header: Rect, footer: Rect, page: int, pages: int) -> None:
    """The slim title band above the cards and the footer line below them."""
    c.saveState()
    c.setFillColor(ACCENT)
    c.roundRect(header.x, header.y, header.w, header.h, 2.5, stroke=0, fill=1)
    c.restoreState()
    inner = header.inset(8, 2)
    c.setFillColor(white)
    fitted = draw_text(c, "SWORD'S EDGE", Rect(inner.x, inner.y, 120, inner.h),
                       face=Face.BOLD, size=9.5, min_size=7.0, valign="middle")
    x = inner.x + fitted.width + 8
    draw_text(c, "Opponent cards", Rect(x, inner.y, 120, inner.h), face=Face.REGULAR,
              size=8.0, min_size=6.0, valign="middle")
    draw_text(c, f"Page {page} of {pages}", inner.take_right(90), face=Face.CONDENSED,
              size=7.0, min_size=5.0, align="right", valign="middle")
    c.setFillColor(MUTED)
    draw_text(c, "Sword's Edge NC cards \u00b7 made with SEForge", footer.take_left(footer.w / 2),
              face=Face.CONDENSED, size=6.0, min_size=4.5, valign="middle")
    draw_text(c, "Momentum: a Trait (heroes may add an Element), never the Concept.",
              footer.take_right(footer.w / 2), face=Face.CONDENSED, size=6.0, min_size=4.5,
              align="right", valign="middle")
