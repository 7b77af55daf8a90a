"""Printable NC cards: compact stat blocks, eight to a page (2 columns × 4 rows),
or index cards (5 × 3 in) or A6 cards, with cut marks; blank cards to fill in.

Each card shows the NC's name, a badge with its type, Rank and base TN, its
Concept, Traits, Elements and flaws each with the TN it gives when it applies,
its notes, and a footer with boxes to tick as it takes
Stress. An NC that needs more room continues on the next card::

    export_cards(ncs, Path("opponents.pdf"), paper="letter")
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from seforge import __version__
from seforge.core.pdf.fonts import Face, clean, register_fonts
from seforge.systems.swords_edge.cards.draw import (
    CardPiece,
    draw_blank_card,
    draw_card,
    draw_page_frame,
    fewest_cards,
    least_cards,
    notes_lines,
    plan_card,
    plan_cards,
    stress_track,
)
from seforge.systems.swords_edge.cards.layout import (
    PER_PAGE,
    CardSize,
    PageLayout,
    page_count,
    page_layout,
)
from seforge.systems.swords_edge.models import NarrativeCharacter
from seforge.systems.swords_edge.sheet import write_pdf
from seforge.systems.swords_edge.sheet.layout import PaperSize, Rect
from seforge.systems.swords_edge.sheet.primitives import MUTED

__all__ = [
    "PER_PAGE",
    "SUBJECT",
    "CardPiece",
    "CardSize",
    "PageLayout",
    "PaperSize",
    "export_cards",
    "page_count",
    "page_layout",
    "plan_card",
    "plan_cards",
    "render_cards",
    "stress_track",
]

SUBJECT = "Sword's Edge NC cards"
APP_NAME = "SEForge"


def _title(ncs: Sequence[NarrativeCharacter]) -> str:
    names = [" ".join(clean(nc.name).split()) or "Unnamed" for nc in ncs]
    if len(names) == 1:
        return f"Opponent card: {names[0]}"
    shown = ", ".join(names[:6])
    if len(names) > 6:
        shown += f" and {len(names) - 6} more"
    return f"Opponent cards: {shown}"


def _cut_marks(canvas: Canvas, layout: PageLayout) -> None:
    """Short hairlines in the margin on every card edge, to guide the cutter."""
    xs, ys = layout.cut_lines()
    cards = layout.cards
    left = min(c.x for c in cards)
    right = max(c.right for c in cards)
    bottom = min(c.y for c in cards)
    top = max(c.top for c in cards)
    canvas.saveState()
    canvas.setStrokeColor(MUTED)
    canvas.setLineWidth(0.3)
    for x in xs:
        canvas.line(x, top + 2, x, top + 8)
        canvas.line(x, bottom - 2, x, bottom - 7)
    for y in ys:
        canvas.line(left - 2, y, left - 14, y)
        canvas.line(right + 2, y, right + 14, y)
    canvas.restoreState()


def render_cards(
    ncs: Sequence[NarrativeCharacter], paper: PaperSize | str = PaperSize.A4, *,
    size: CardSize | str = CardSize.GRID, blank: int = 0, cut_marks: bool = True,
) -> tuple[bytes, int]:
    """The PDF bytes of the cards of ``ncs`` (then ``blank`` empty cards) and its
    page count. An NC that needs more room continues on the next card."""
    if not ncs and blank < 1:
        raise ValueError("no NCs to export")
    register_fonts()
    buffer = io.BytesIO()
    layout = page_layout(paper, size)
    canvas = Canvas(buffer, pagesize=(layout.width, layout.height), pageCompression=1,
                    initialFontName=Face.REGULAR.value, initialFontSize=10)
    canvas.setTitle(_title(ncs) if ncs else "Blank NC cards")
    canvas.setAuthor(APP_NAME)
    canvas.setSubject(SUBJECT)
    canvas.setCreator(f"{APP_NAME} {__version__}")
    canvas.setKeywords("Sword's Edge, RPG, NC, opponents, GM")
    pages = draw_card_pages(canvas, ncs, paper, size=size, blank=blank, cut_marks=cut_marks)
    canvas.save()
    return buffer.getvalue(), pages


ZOOMS = (1.5, 1.4, 1.3, 1.2, 1.1)
"""How much larger an index or A6 card may draw an NC, largest first."""


def card_zoom(nc: NarrativeCharacter, card: Rect, size: CardSize) -> float:
    """How much larger than the grid's print ``nc`` is drawn on ``card``: an index or A6
    card has room to spare for most NCs, so their text grows (up to 1.5 times) as long
    as the NC still takes no more cards than at the normal size and its notes are
    printed whole; 1.0 for grid cards."""
    return 1.0 if size is CardSize.GRID else _zoomed(nc, card, size)[0]


def _zoomed(nc: NarrativeCharacter, card: Rect,
            size: CardSize) -> tuple[float, list[CardPiece]]:
    """:func:`card_zoom` and the NC's cards at that zoom (planned once).

    A zoom whose cards the NC's notes alone would outnumber (:func:`least_cards`, one
    wrap of the notes) is passed over unplanned; the others are planned only until
    they take more cards than the normal size. A zoom whose cards are too small to
    print the notes (a long name's header fills them) is passed over too."""
    cards = plan_cards(nc, card)
    if size is CardSize.GRID:
        return 1.0, cards
    widest = Rect(0, 0, card.w / ZOOMS[-1], card.h / ZOOMS[-1])
    lines = notes_lines(nc, widest)  # no zoom's notes take fewer lines
    for zoom in ZOOMS:
        virtual = Rect(0, 0, card.w / zoom, card.h / zoom)
        if least_cards(nc, virtual, lines) > len(cards):
            continue
        zoomed = fewest_cards(nc, virtual, len(cards))
        if zoomed is not None and (cards[-1].notes_cut or not zoomed[-1].notes_cut):
            return zoom, zoomed
    return 1.0, cards


def draw_card_pages(
    canvas: Canvas, ncs: Sequence[NarrativeCharacter], paper: PaperSize | str = PaperSize.A4,
    *, size: CardSize | str = CardSize.GRID, blank: int = 0, cut_marks: bool = True,
) -> int:
    """Draw the cards of ``ncs`` page by page on ``canvas``; the page count.

    ``canvas`` is a ReportLab canvas or anything with the same drawing methods (the
    app prints through a QPainter that way); each page ends with ``showPage()``.
    """
    layout = page_layout(paper, size)
    slots: list[tuple[NarrativeCharacter, CardPiece, float] | None] = []
    for nc in ncs:
        zoom, pieces = _zoomed(nc, layout.cards[0], CardSize(size))
        slots += [(nc, piece, zoom) for piece in pieces]
    slots += [None] * max(0, blank)
    per_page = layout.per_page
    pages = page_count(len(slots), per_page)
    register_fonts()
    for page in range(pages):
        chunk = slots[page * per_page:(page + 1) * per_page]
        draw_page_frame(canvas, layout.header, layout.footer, page + 1, pages)
        if cut_marks:
            _cut_marks(canvas, layout)
        for slot, card in zip(chunk, layout.cards, strict=False):
            if slot is None:
                draw_blank_card(canvas, card)
            elif slot[2] == 1.0:
                draw_card(canvas, card, slot[0], slot[1])
            else:  # drawn larger on a card with room to spare
                nc, piece, zoom = slot
                canvas.saveState()
                canvas.translate(card.x, card.y)
                canvas.scale(zoom, zoom)
                draw_card(canvas, Rect(0, 0, card.w / zoom, card.h / zoom), nc, piece)
                canvas.restoreState()
        canvas.showPage()
    return pages


def export_cards(
    ncs: Sequence[NarrativeCharacter],
    out: Path | BinaryIO,
    paper: PaperSize | str = PaperSize.A4,
    *,
    size: CardSize | str = CardSize.GRID,
    blank: int = 0,
) -> None:
    """Write the cards of ``ncs`` as one PDF to a stream, or atomically to a path.

    ``paper`` is ``"a4"`` or ``"letter"`` (or a :class:`PaperSize`); ``size`` is
    ``grid`` (8 to a page), ``index`` (5 × 3 in) or ``a6``; ``blank`` adds empty cards.
    """
    data, _pages = render_cards(ncs, paper, size=size, blank=blank)
    write_pdf(data, out)
