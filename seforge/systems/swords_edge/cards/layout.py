"""Where the NC cards go on a page, as plain data (PDF points, origin bottom-left).

Three card sizes: ``grid`` fills the page with 2 × 4 cards; ``index`` is a 5 × 3
inch index card and ``a6`` an A6 card (landscape), as many as fit the page. Cut
marks sit in the margin on every card edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from reportlab.lib.units import inch, mm

from seforge.systems.swords_edge.sheet.layout import PAGE_SIZES, PaperSize, Rect

COLUMNS = 2
ROWS = 4
PER_PAGE = COLUMNS * ROWS
"""Cards on a page in the default ``grid`` size."""
MARGIN = 28.0
GAP = 10.0
HEADER_H = 16.0
FOOTER_H = 10.0


class CardSize(StrEnum):
    GRID = "grid"
    INDEX = "index"
    A6 = "a6"


CARD_SIZES: dict[CardSize, tuple[float, float]] = {
    CardSize.INDEX: (5 * inch, 3 * inch),
    CardSize.A6: (148 * mm, 105 * mm),
}
"""Width and height of the fixed card sizes (landscape)."""


@dataclass(frozen=True)
class PageLayout:
    width: float
    height: float
    header: Rect
    footer: Rect
    cards: tuple[Rect, ...]
    """Card slots, left to right then top to bottom."""

    @property
    def per_page(self) -> int:
        return len(self.cards)

    def cut_lines(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The x and y positions of every card edge (where to cut)."""
        xs = sorted({round(v, 2) for c in self.cards for v in (c.x, c.right)})
        ys = sorted({round(v, 2) for c in self.cards for v in (c.y, c.top)})
        return tuple(xs), tuple(ys)


def _area(paper: PaperSize | str) -> tuple[float, float, Rect, Rect, Rect]:
    width, height = PAGE_SIZES[PaperSize(paper)]
    inner = Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    header = inner.take_top(HEADER_H)
    footer = Rect(inner.x, inner.y, inner.w, FOOTER_H)
    area = Rect(inner.x, footer.top + 8, inner.w, header.y - 10 - (footer.top + 8))
    return width, height, header, footer, area


def page_layout(paper: PaperSize | str, size: CardSize | str = CardSize.GRID) -> PageLayout:
    """The header strip, footer strip and the card slots for ``paper`` and ``size``."""
    width, height, header, footer, area = _area(paper)
    size = CardSize(size)
    if size is CardSize.GRID:
        cols, rows, gap = COLUMNS, ROWS, GAP
        card_w = (area.w - gap * (cols - 1)) / cols
        card_h = (area.h - gap * (rows - 1)) / rows
    else:
        card_w, card_h = CARD_SIZES[size]
        gap = 0.0
        cols = max(1, int((area.w + 0.01) // card_w))
        rows = max(1, int((area.h + 0.01) // card_h))
    grid_w = cols * card_w + (cols - 1) * gap
    grid_h = rows * card_h + (rows - 1) * gap
    x0 = area.x + (area.w - grid_w) / 2
    top = area.top - (area.h - grid_h) / 2
    cards = tuple(
        Rect(x0 + col * (card_w + gap), top - (row + 1) * card_h - row * gap, card_w, card_h)
        for row in range(rows)
        for col in range(cols)
    )
    return PageLayout(width, height, header, footer, cards)


def page_count(n_cards: int, per_page: int = PER_PAGE) -> int:
    """Pages needed for ``n_cards`` cards."""
    return max(1, math.ceil(n_cards / per_page)) if n_cards else 0
