"""Where the NC cards go on a page, as plain data (PDF points, origin bottom-left)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from seforge.sheet.layout import PAGE_SIZES, PaperSize, Rect

COLUMNS = 2
ROWS = 4
PER_PAGE = COLUMNS * ROWS
MARGIN = 28.0
GAP = 10.0
HEADER_H = 16.0
FOOTER_H = 10.0


@dataclass(frozen=True)
class PageLayout:
    width: float
    height: float
    header: Rect
    footer: Rect
    cards: tuple[Rect, ...]
    """Card slots, left to right then top to bottom."""


def page_layout(paper: PaperSize | str) -> PageLayout:
    """The header strip, footer strip and the 2 × 4 card slots for ``paper``."""
    width, height = PAGE_SIZES[PaperSize(paper)]
    inner = Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    header = inner.take_top(HEADER_H)
    footer = Rect(inner.x, inner.y, inner.w, FOOTER_H)
    area = Rect(inner.x, footer.top + 4, inner.w, header.y - 6 - (footer.top + 4))
    card_w = (area.w - GAP * (COLUMNS - 1)) / COLUMNS
    card_h = (area.h - GAP * (ROWS - 1)) / ROWS
    cards = tuple(
        Rect(area.x + col * (card_w + GAP), area.top - (row + 1) * card_h - row * GAP,
             card_w, card_h)
        for row in range(ROWS)
        for col in range(COLUMNS)
    )
    return PageLayout(width, height, header, footer, cards)


def page_count(n_cards: int) -> int:
    """Pages needed for ``n_cards`` cards."""
    return max(1, math.ceil(n_cards / PER_PAGE)) if n_cards else 0
