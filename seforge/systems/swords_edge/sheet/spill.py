"""Text that does not fit its box continues on a continuation page.

Nothing a player typed is cut: a box that is too small ends with a marker ("more
on p. 3") and what did not fit is gathered here, then printed in full on the
character's last pages under a heading that names where it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from seforge.core.pdf.fonts import Face
from seforge.core.pdf.text import ASCENT, DESCENT, ELLIPSIS, LEADING, Fitted, wrap
from seforge.systems.swords_edge.sheet.layout import HEADING_H, Rect

BODY_SIZE = 9.0
HEAD_SIZE = 8.5
HEAD_H = 15.0
BLOCK_GAP = 8.0


@dataclass
class Spill:
    """What did not fit on a character's pages, and the page it continues on."""

    page: int
    """The page (counted within the character) where the text continues."""
    items: list[tuple[str, str]] = field(default_factory=list)

    def marker(self) -> str:
        return f"more on p. {self.page}"

    def keep(self, title: str, fitted: Fitted) -> None:
        """Remember what ``fitted`` could not show, under ``title``."""
        if fitted.rest.strip():  # it starts mid-phrase: say so
            self.items.append((title, f"{ELLIPSIS} {fitted.rest}"))


@dataclass(frozen=True)
class Block:
    """One heading (or none, when a block continues from the page before) and lines."""

    title: str
    lines: tuple[str, ...]
    continued: bool = False


def _line_h() -> float:
    return BODY_SIZE * LEADING


def paginate(items: list[tuple[str, str]], body: Rect) -> list[list[Block]]:
    """Cut the spilled texts into pages of blocks that fit ``body``."""
    pages: list[list[Block]] = []
    page: list[Block] = []
    room = body.h - HEADING_H
    line_h = _line_h()
    first_line = BODY_SIZE * (ASCENT + DESCENT)
    for title, text in items:
        lines = wrap(text, body.w, Face.CONDENSED, BODY_SIZE)
        continued = False
        while lines:
            need_head = HEAD_H
            if room < need_head + first_line:
                pages.append(page)
                page, room = [], body.h - HEADING_H
            fits = 1 + int((room - need_head - first_line + 0.01) // line_h)
            chunk, lines = lines[:fits], lines[fits:]
            page.append(Block(title, tuple(chunk), continued))
            room -= need_head + first_line + (len(chunk) - 1) * line_h + BLOCK_GAP
            continued = True
            if lines:
                pages.append(page)
                page, room = [], body.h - HEADING_H
    if page:
        pages.append(page)
    return pages
