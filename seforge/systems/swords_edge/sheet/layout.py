"""Where everything goes on the sheet, per paper size, as plain data.

All geometry is in PDF points with the origin at the bottom-left corner of the
page. The drawing code draws each section inside its rectangle, and the tests
check that every piece of a character's text lands inside the rectangle of the
section it belongs to.

Page 1 (column-major, in the order of the book's sheet)::

    +---------------------------------------------------+
    | title band                                        |
    | Who are you?              | What are you playing? |
    | Concept    | Background   | Faculty               |
    | Traits: Physique | Charisma | Cunning             |
    | Elements (rows)           | Notes / sketch        |
    |                           | Luck                  |
    |                           | Advancement           |
    | Seize Momentum! | Pivots            | Ranks       |
    | footer                                            |
    +---------------------------------------------------+

Elements that do not fit the rows of page 1 continue on extra pages, which hold
a title band, a name strip and full-width Element rows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from seforge.core.pdf.geometry import PAGE_SIZES as PAGE_SIZES
from seforge.core.pdf.geometry import PaperSize as PaperSize
from seforge.core.pdf.geometry import Rect as Rect

MARGIN = 34.0
GAP = 10.0
"""Space between boxes."""
TITLE_H = 26.0
HEADER_H = 46.0
QUALITY_H = 74.0
TRAITS_H = 76.0
HEADING_H = 17.0
"""Height of a section heading line inside a section's rectangle."""
ELEMENT_ROW_H = 26.0
TRACK_H = 62.0
BOTTOM_H = 126.0
RANKS_W = 150.0
MOMENTUM_W = 124.0
FOOTER_H = 10.0
MIN_ELEMENT_ROWS = 5
TRACK_BOXES = 10
PLAYING_LABEL_W = 44.0
"""Room of a blank sheet's "Campaign", "Genre" and "Player" labels, left of their fields."""
"""Boxes in the Luck and Advancement tracks."""
PENALTY_BOXES = 7
"""Penalty Rank boxes per Trait (-1 to -7)."""


def box_row(area: Rect, count: int, size: float, gap: float) -> tuple[Rect, ...]:
    """``count`` boxes of at most ``size`` points in a row from ``area.x``, centred
    vertically in ``area``."""
    box_w = min(size, (area.w - gap * (count - 1)) / count)
    box_h = min(area.h, size)
    y = area.y + (area.h - box_h) / 2
    return tuple(Rect(area.x + i * (box_w + gap), y, box_w, box_h) for i in range(count))


def track_boxes(track: Rect) -> tuple[Rect, ...]:
    """The boxes of a Luck or Advancement track, along the bottom of ``track``."""
    inner = track.inset(8, 6)
    return box_row(Rect(inner.x, inner.y, inner.w, 14), TRACK_BOXES, 14.0, 4.0)


def penalty_row(trait_box: Rect) -> tuple[Rect, tuple[Rect, ...]]:
    """The caption cell and the seven Penalty Rank boxes at the bottom of a Trait box."""
    inner = trait_box.inset(7, 6)
    row = Rect(inner.x, inner.y, inner.w, 12)
    caption = Rect(row.x, row.y, 30, row.h)
    boxes = Rect(caption.right + 2, row.y, row.right - caption.right - 2, row.h)
    return caption, box_row(boxes, PENALTY_BOXES, 15.0, 3.0)


@dataclass(frozen=True)
class SheetLayout:
    """The rectangles of page 1 of a character's sheet."""

    paper: PaperSize
    width: float
    height: float
    title_band: Rect
    who: Rect
    playing: Rect
    concept: Rect
    background: Rect
    faculty: Rect
    traits: Rect
    trait_boxes: tuple[Rect, Rect, Rect]
    """Physique, Charisma, Cunning (the order of ``models.TRAITS``)."""
    elements: Rect
    element_rows: tuple[Rect, ...]
    notes: Rect
    luck: Rect
    advancement: Rect
    momentum: Rect
    pivots: Rect
    pivot_rows: tuple[Rect, Rect, Rect]
    """Goal, Quirk, Style."""
    ranks: Rect
    footer: Rect

    @property
    def luck_boxes(self) -> tuple[Rect, ...]:
        return track_boxes(self.luck)

    @property
    def advancement_boxes(self) -> tuple[Rect, ...]:
        return track_boxes(self.advancement)

    @property
    def penalty_boxes(self) -> tuple[tuple[Rect, ...], ...]:
        """Per Trait (Physique, Charisma, Cunning): the boxes -1 .. -7."""
        return tuple(penalty_row(box)[1] for box in self.trait_boxes)

    def sections(self) -> dict[str, Rect]:
        """Every section's rectangle by name, in reading order."""
        return {
            "title_band": self.title_band,
            "who": self.who,
            "playing": self.playing,
            "concept": self.concept,
            "background": self.background,
            "faculty": self.faculty,
            "traits": self.traits,
            "elements": self.elements,
            "notes": self.notes,
            "luck": self.luck,
            "advancement": self.advancement,
            "momentum": self.momentum,
            "pivots": self.pivots,
            "ranks": self.ranks,
            "footer": self.footer,
        }


@dataclass(frozen=True)
class ContinuationLayout:
    """The rectangles of a page that carries more Elements."""

    paper: PaperSize
    width: float
    height: float
    title_band: Rect
    who: Rect
    elements: Rect
    element_rows: tuple[Rect, ...]
    footer: Rect

    def sections(self) -> dict[str, Rect]:
        return {
            "title_band": self.title_band,
            "who": self.who,
            "elements": self.elements,
            "footer": self.footer,
        }


def _content(paper: PaperSize) -> tuple[float, float, Rect]:
    width, height = PAGE_SIZES[paper]
    return width, height, Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)


def _rows(section: Rect) -> tuple[Rect, ...]:
    body = section.below(HEADING_H)
    count = int((body.h + 0.01) // ELEMENT_ROW_H)
    return tuple(Rect(body.x, body.top - (i + 1) * ELEMENT_ROW_H, body.w, ELEMENT_ROW_H)
                 for i in range(count))


@cache
def sheet_layout(paper: PaperSize = PaperSize.A4) -> SheetLayout:
    """The geometry of page 1 for ``paper``."""
    width, height, page = _content(paper)
    title_band = page.take_top(TITLE_H)
    y = title_band.y - 8
    header = Rect(page.x, y - HEADER_H, page.w, HEADER_H)
    who_w = round(page.w * 0.58)
    who = header.take_left(who_w)
    playing = Rect(who.right + GAP, header.y, header.right - who.right - GAP, HEADER_H)
    y = header.y - GAP
    concept, background, faculty = Rect(page.x, y - QUALITY_H, page.w, QUALITY_H).columns(3, GAP)
    y = concept.y - GAP
    traits = Rect(page.x, y - TRAITS_H, page.w, TRAITS_H)
    boxes = traits.below(HEADING_H).columns(3, GAP)
    trait_boxes = (boxes[0], boxes[1], boxes[2])
    y = traits.y - GAP

    footer = Rect(page.x, page.y, page.w, FOOTER_H)
    bottom = Rect(page.x, footer.top + 6, page.w, BOTTOM_H)
    momentum = bottom.take_left(MOMENTUM_W)
    ranks = bottom.take_right(RANKS_W)
    pivots = Rect(momentum.right + GAP, bottom.y, ranks.x - GAP - momentum.right - GAP,
                  BOTTOM_H)
    pivot_body = pivots.below(HEADING_H + 17).inset(6, 4)
    row_h = pivot_body.h / 3
    pivot_rows = tuple(Rect(pivot_body.x, pivot_body.top - (i + 1) * row_h, pivot_body.w,
                            row_h) for i in range(3))

    middle = Rect(page.x, bottom.top + GAP, page.w, y - bottom.top - GAP)
    left_w = round((middle.w - GAP) * 0.6)
    elements = middle.take_left(left_w)
    right = Rect(elements.right + GAP, middle.y, middle.right - elements.right - GAP, middle.h)
    advancement = Rect(right.x, right.y, right.w, TRACK_H)
    luck = Rect(right.x, advancement.top + GAP, right.w, TRACK_H)
    notes = Rect(right.x, luck.top + GAP, right.w, right.top - luck.top - GAP)
    return SheetLayout(
        paper=paper, width=width, height=height, title_band=title_band, who=who,
        playing=playing, concept=concept, background=background, faculty=faculty,
        traits=traits, trait_boxes=trait_boxes, elements=elements,
        element_rows=_rows(elements), notes=notes, luck=luck, advancement=advancement,
        momentum=momentum, pivots=pivots,
        pivot_rows=(pivot_rows[0], pivot_rows[1], pivot_rows[2]), ranks=ranks,
        footer=footer,
    )


@cache
def continuation_layout(paper: PaperSize = PaperSize.A4) -> ContinuationLayout:
    """The geometry of an Elements continuation page for ``paper``."""
    width, height, page = _content(paper)
    title_band = page.take_top(TITLE_H)
    who = Rect(page.x, title_band.y - 8 - HEADER_H, page.w, HEADER_H)
    footer = Rect(page.x, page.y, page.w, FOOTER_H)
    elements = Rect(page.x, footer.top + 6, page.w, who.y - GAP - footer.top - 6)
    return ContinuationLayout(paper=paper, width=width, height=height,
                              title_band=title_band, who=who, elements=elements,
                              element_rows=_rows(elements), footer=footer)


def element_pages(count: int, paper: PaperSize = PaperSize.A4) -> list[range]:
    """Which Elements go on which page: page 1 first, then continuation pages."""
    first = len(sheet_layout(paper).element_rows)
    more = len(continuation_layout(paper).element_rows)
    pages = [range(0, min(count, first))]
    start = first
    while start < count:
        pages.append(range(start, min(count, start + more)))
        start += more
    return pages


def pages_for(element_count: int, paper: PaperSize = PaperSize.A4) -> int:
    """How many pages a character with ``element_count`` Elements takes."""
    first = len(sheet_layout(paper).element_rows)
    more = len(continuation_layout(paper).element_rows)
    return 1 + max(0, math.ceil((element_count - first) / more))
