"""The GM's pages: a one-page party summary and a reference back page.

The summary gives each PC's Traits (with Penalty Ranks and what they work at),
best Qualities, Pivots, Luck and Advancements at a glance. The reference page
prints the GM screen's Ranks, Levels of Success, Stress and Recovery tables from
:mod:`seforge.systems.swords_edge.reference`, so its numbers are the ones the program applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, string_width
from seforge.core.pdf.text import LEADING, draw_items, draw_text, fit_items, fit_text
from seforge.systems.swords_edge.models import TRAITS, Character, ElementKind
from seforge.systems.swords_edge.play.state import effective_trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet.draw import modifier_text
from seforge.systems.swords_edge.sheet.layout import (
    FOOTER_H,
    GAP,
    HEADING_H,
    MARGIN,
    PAGE_SIZES,
    TITLE_H,
    PaperSize,
    Rect,
)
from seforge.systems.swords_edge.sheet.primitives import (
    ACCENT,
    INK,
    MUTED,
    RULE,
    WASH,
    _footer,
    _section_heading,
    _title_band,
    box,
    hline,
)

if TYPE_CHECKING:  # the rules' tables load when a reference page is drawn
    from seforge.systems.swords_edge.reference import ReferenceTable

SUMMARY_TITLE = "Party summary"
REFERENCE_TABLES = ("ranks", "levels", "stress", "recovery")
FOOTER_TEXT = "Sword's Edge \u00b7 made with SEForge"


def _page(paper: PaperSize) -> tuple[Rect, Rect, Rect]:
    """Title band, body and footer of a GM page."""
    width, height = PAGE_SIZES[paper]
    page = Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    title = page.take_top(TITLE_H)
    footer = Rect(page.x, page.y, page.w, FOOTER_H)
    body = Rect(page.x, footer.top + 6, page.w, title.y - 8 - footer.top - 6)
    return title, body, footer


# --- party summary -------------------------------------------------------------------


def trait_items(character: Character) -> list[list[str]]:
    """Each Trait as ``[name, modifier, what it works at now]``, then a Doom."""
    items: list[list[str]] = []
    for trait in TRAITS:
        rank = character.trait_rank(trait)
        item = [trait.value, modifier_text(rank)]
        penalty = character.play.penalty_ranks.get(trait, 0)
        if penalty > 0:
            now = effective_trait(character, trait)
            item[-1] += ","
            item.append(f"now {modifier_text(now)} ({penalty} Penalty Rank{'s' * (penalty > 1)})")
        items.append(item)
    if character.play.doom_trait is not None:
        items.append([f"Doom on {character.play.doom_trait.value} to resolve"])
    return items


def trait_summary(character: Character) -> str:
    """"Physique +2 · Charisma +4, now +0 (2 Penalty Ranks) · Cunning +2 · Doom on …"."""
    return " \u00b7 ".join(" ".join(item) for item in trait_items(character))


def best_items(character: Character, count: int = 5) -> list[list[str]]:
    """The character's highest Qualities, Weaknesses left out: ``[name, modifier]``."""
    found: list[tuple[Rank, str]] = [
        (character.concept.rank, character.concept.name),
        (character.background.rank, character.background.name),
        (character.faculty.rank, character.faculty.name),
    ]
    for element in character.elements:
        if element.kind is not ElementKind.WEAKNESS:
            found.append((element.rank, element.name))
    found = [(rank, " ".join(name.split())) for rank, name in found if name.strip()]
    found.sort(key=lambda item: -int(item[0]))
    return [[name, modifier_text(rank)] for rank, name in found[:count]]


def best_qualities(character: Character, count: int = 5) -> str:
    """The character's highest Qualities, Weaknesses left out: "Noble Commander +4 · …"."""
    return " \u00b7 ".join(" ".join(item) for item in best_items(character, count))


def pivot_items(character: Character) -> list[list[str]]:
    pivots = character.pivots
    return [[f"{label}:", " ".join(value.split())] for label, value in
            (("Goal", pivots.goal), ("Quirk", pivots.quirk), ("Style", pivots.style))
            if value and value.strip()] or [["none"]]


def pivot_summary(character: Character) -> str:
    return " \u00b7 ".join(" ".join(item) for item in pivot_items(character))


ROW_SIZE = 8.5
LABEL_W = 46.0
HEAD_H = 19.0
"""The name line and its rule."""
ROW_GAP = 2.0
MAX_ROW_LINES = 4
"""A row longer than this many lines shrinks, then ends with an ellipsis."""


def _rows(character: Character) -> tuple[tuple[str, list[list[str]]], ...]:
    return (("Traits", trait_items(character)), ("Best", best_items(character)),
            ("Pivots", pivot_items(character)))


def _row_heights(character: Character, width: float) -> list[float]:
    room = MAX_ROW_LINES * ROW_SIZE * LEADING
    heights: list[float] = []
    for _label, items in _rows(character):
        flowed = fit_items(items, width - LABEL_W, room, face=Face.CONDENSED, size=ROW_SIZE,
                           min_size=7.0)
        heights.append(max(flowed.height, ROW_SIZE) + ROW_GAP)
    return heights


def block_height(character: Character, width: float) -> float:
    """The height of a PC's summary block: as tall as its rows need."""
    inner_w = width - 16
    return 10 + HEAD_H + sum(_row_heights(character, inner_w))


def _summary_block(c: Canvas, rect: Rect, character: Character) -> None:
    box(c, rect)
    inner = rect.inset(8, 5)
    play = character.play
    track = f"Luck {play.luck} \u00b7 Advancements {len(play.advancements)}"
    track_w = string_width(track, Face.BOLD, 9.0) + 4
    c.setFillColor(ACCENT)
    draw_text(c, track, Rect(inner.right - track_w, inner.top - 14, track_w, 14),
              face=Face.BOLD, size=9.0, min_size=7.0, align="right", valign="middle")
    head = [" ".join(character.name.split()) or "Unnamed character"]
    if character.player.strip():
        head.append(f"({' '.join(character.player.split())})")
    c.setFillColor(INK)
    draw_items(c, [head], Rect(inner.x, inner.top - 14, inner.w - track_w - 6, 14),
               face=Face.BOLD, size=11.0, min_size=7.0, valign="middle", separator=" ")
    hline(c, inner.x, inner.right, inner.top - 16, color=RULE)
    y = inner.top - HEAD_H
    for (label, items), h in zip(_rows(character), _row_heights(character, inner.w),
                                 strict=True):
        row = Rect(inner.x, y - h, inner.w, h - ROW_GAP)
        c.setFillColor(ACCENT)
        draw_text(c, label.upper(), Rect(row.x, row.top - ROW_SIZE * LEADING, LABEL_W - 2,
                                         ROW_SIZE * LEADING),
                  face=Face.CONDENSED_BOLD, size=7.5, min_size=7.0, valign="middle")
        c.setFillColor(INK)
        draw_items(c, items, Rect(row.x + LABEL_W, row.y, row.w - LABEL_W, row.h),
                   face=Face.CONDENSED, size=ROW_SIZE, min_size=7.0)
        y -= h


def summary_pages(characters: Sequence[Character], paper: PaperSize) -> list[list[Character]]:
    """The characters of each summary page, blocks as tall as their text needs."""
    _title, body, _footer_rect = _page(paper)
    room = body.h - HEADING_H - 4
    pages: list[list[Character]] = [[]]
    used = 0.0
    for character in characters:
        h = min(block_height(character, body.w), room)
        if pages[-1] and used + GAP + h > room:
            pages.append([])
            used = 0.0
        used += h + (GAP if pages[-1] else 0.0)
        pages[-1].append(character)
    return pages


def draw_summary_page(c: Canvas, paper: PaperSize, characters: Sequence[Character],
                      label_form: str | None = None) -> None:
    """One page of the party summary."""
    title, body, footer = _page(paper)
    _title_band(c, title, "SEForge", title="Party summary for the GM")
    _section_heading(c, body.take_top(HEADING_H), SUMMARY_TITLE,
                     "Each PC at a glance: Traits with Penalty Ranks, best Qualities, "
                     "Pivots, Luck and Advancements.")
    area = body.below(HEADING_H + 4)
    top = area.top
    for character in characters:
        h = min(block_height(character, area.w), area.h)
        _summary_block(c, Rect(area.x, top - h, area.w, h), character)
        top -= h + GAP
    _footer(c, footer, FOOTER_TEXT, label_form)


# --- reference page ------------------------------------------------------------------


def _widths(ref: ReferenceTable, width: float) -> list[float]:
    weights = [max(len(col), *(len(row[i]) for row in ref.rows), 4)
               for i, col in enumerate(ref.columns)]
    total = sum(weights)
    return [width * w / total for w in weights]


def _row_height(ref: ReferenceTable, row: Sequence[str], width: float) -> float:
    lines = 1
    for cell, cell_w in zip(row, _widths(ref, width), strict=True):
        fitted = fit_text(cell, cell_w - 4, 1000, face=Face.CONDENSED, size=7.5, min_size=7.5,
                          max_lines=None)
        lines = max(lines, len(fitted.lines))
    return 4 + lines * 7.5 * 1.18


def _note_height(ref: ReferenceTable, width: float) -> float:
    fitted = fit_text(ref.note, width, 1000, face=Face.CONDENSED, size=7.0, min_size=7.0,
                      max_lines=None)
    return 3 + fitted.height


def _draw_table(c: Canvas, rect: Rect, ref: ReferenceTable) -> float:
    """Draw ``ref`` from the top of ``rect``; returns the height used."""
    y = rect.top
    c.setFillColor(ACCENT)
    draw_text(c, ref.title.upper(), Rect(rect.x, y - 14, rect.w, 14), face=Face.BOLD,
              size=9.5, min_size=7.0, valign="middle")
    y -= 14
    widths = _widths(ref, rect.w)
    x = rect.x
    c.setFillColor(ACCENT)
    for col, w in zip(ref.columns, widths, strict=True):
        draw_text(c, col.upper(), Rect(x + 2, y - 17, w - 4, 17), face=Face.CONDENSED_BOLD,
                  size=7.0, min_size=7.0, max_lines=2, valign="bottom")
        x += w
    y -= 18
    hline(c, rect.x, rect.right, y, color=ACCENT, width=0.6)
    for i, row in enumerate(ref.rows):
        h = _row_height(ref, row, rect.w)
        if i % 2 == 0:
            c.saveState()
            c.setFillColor(WASH)
            c.rect(rect.x, y - h, rect.w, h, stroke=0, fill=1)
            c.restoreState()
        x = rect.x
        c.setFillColor(INK)
        for cell, w in zip(row, widths, strict=True):
            draw_text(c, cell, Rect(x + 2, y - h + 2, w - 4, h - 4), face=Face.CONDENSED,
                      size=7.5, min_size=7.5, max_lines=None, valign="middle")
            x += w
        y -= h
    if ref.note:
        c.setFillColor(MUTED)
        h = _note_height(ref, rect.w)
        draw_text(c, ref.note, Rect(rect.x, y - h, rect.w, h - 2), face=Face.CONDENSED,
                  size=7.0, min_size=7.0, max_lines=None)
        y -= h
    return rect.top - y


def draw_duplex_blank(c: Canvas, paper: PaperSize) -> None:
    """A page left blank so that the next sheet prints on a front page."""
    width, height = PAGE_SIZES[paper]
    c.setFillColor(MUTED)
    draw_text(c, "This page is left blank for double-sided printing.",
              Rect(MARGIN, height / 2 - 10, width - 2 * MARGIN, 20), face=Face.CONDENSED,
              size=8.0, min_size=7.0, align="center", valign="middle")


def draw_reference_page(c: Canvas, paper: PaperSize, label_form: str | None = None) -> None:
    """The reference back page: Ranks, Levels of Success, Stress and Recovery."""
    from seforge.systems.swords_edge.reference import table

    title, body, footer = _page(paper)
    _title_band(c, title, "SEForge", title="Reference tables")
    y = body.top
    for table_id in REFERENCE_TABLES:
        ref = table(table_id)
        used = _draw_table(c, Rect(body.x, body.y, body.w, y - body.y), ref)
        y -= used + GAP + 4
    _footer(c, footer, FOOTER_TEXT, label_form)


__all__ = [
    "best_qualities",
    "draw_duplex_blank",
    "draw_reference_page",
    "draw_summary_page",
    "pivot_summary",
    "summary_pages",
    "trait_summary",
]
