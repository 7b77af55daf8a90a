"""Printable NC cards: compact stat blocks, eight to a page (2 columns × 4 rows).

Each card shows the NC's name, a badge with its type, Rank and base TN, its
Concept, Traits, Elements and flaws each with the TN it gives when it applies,
its notes (shrunk or cut to fit), and a footer with boxes to tick as it takes
Stress::

    export_cards(ncs, Path("opponents.pdf"), paper="letter")
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from seforge import __version__
from seforge.cards.draw import draw_card, draw_page_frame, plan_card, stress_track
from seforge.cards.layout import PER_PAGE, PageLayout, page_count, page_layout
from seforge.models import NarrativeCharacter
from seforge.sheet import write_pdf
from seforge.sheet.fonts import Face, clean, register_fonts
from seforge.sheet.layout import PaperSize

__all__ = [
    "PER_PAGE",
    "SUBJECT",
    "PageLayout",
    "PaperSize",
    "export_cards",
    "page_count",
    "page_layout",
    "plan_card",
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


def render_cards(
    ncs: Sequence[NarrativeCharacter], paper: PaperSize | str = PaperSize.A4
) -> tuple[bytes, int]:
    """The PDF bytes of the cards of ``ncs`` and its page count."""
    if not ncs:
        raise ValueError("no NCs to export")
    layout = page_layout(paper)
    pages = page_count(len(ncs))
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(layout.width, layout.height), pageCompression=1,
                    initialFontName=Face.REGULAR.value, initialFontSize=10)
    canvas.setTitle(_title(ncs))
    canvas.setAuthor(APP_NAME)
    canvas.setSubject(SUBJECT)
    canvas.setCreator(f"{APP_NAME} {__version__}")
    canvas.setKeywords("Sword's Edge, RPG, NC, opponents, GM")
    for page in range(pages):
        chunk = ncs[page * PER_PAGE:(page + 1) * PER_PAGE]
        draw_page_frame(canvas, layout.header, layout.footer, page + 1, pages)
        for nc, slot in zip(chunk, layout.cards, strict=False):
            draw_card(canvas, slot, nc)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), pages


def export_cards(
    ncs: Sequence[NarrativeCharacter],
    out: Path | BinaryIO,
    paper: PaperSize | str = PaperSize.A4,
) -> None:
    """Write the cards of ``ncs`` as one PDF to a stream, or atomically to a path.

    ``paper`` is ``"a4"`` or ``"letter"`` (or a :class:`PaperSize`).
    """
    data, _pages = render_cards(ncs, paper)
    write_pdf(data, out)
