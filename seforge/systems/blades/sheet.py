"""The printed scoundrel and crew sheets, as a fillable PDF.

Page 1 of a scoundrel holds what is played from the table (identity, actions and XP,
stress, trauma, harm, the healing clock, armor, coin and stash, load and the items to
tick); the pages after it hold what is read (the XP triggers, special abilities with
what they do, friends and rivals, advances, notes) and as many pages as they need, so no
text is lost: a value too long for its place on page 1 ends there with "more on p. N"
and is given in full on page N. A crew prints its identity, Tier, hold, rep, turf, heat
and wanted, coin, crew XP, upgrades, abilities, cohorts, claims, the faction ladder and
round clocks.

Drawn with the core's PDF primitives (embedded fonts with fallback, fitted text, never
below 7 pt); the fields (:mod:`seforge.systems.blades.sheet_form`) let a player fill the
sheet in any PDF reader, and :func:`seforge.systems.blades.sheet_form.read_sheets` reads
it back. Everything printed comes from the document, the rules and the game data; the
sheet restates no rule.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from seforge.core.atomic import atomic_write_bytes
from seforge.core.pdf.flow import number_pages_from
from seforge.core.pdf.fonts import Face, register_fonts
from seforge.core.pdf.geometry import PAGE_SIZES, PaperSize
from seforge.core.pdf.paper import default_paper_for_locale
from seforge.systems.blades.models import Crew, Scoundrel
from seforge.systems.blades.scoundrel_sheet import draw_scoundrel
from seforge.systems.blades.sheet_form import FormWriter
from seforge.systems.blades.sheet_page import Sheet


def render(documents: Sequence[Scoundrel | Crew], paper: PaperSize | None = None, *,
           first_page: int = 1) -> tuple[bytes, int]:
    """The PDF bytes, each document on its own pages (numbered from ``first_page``, see
    :func:`seforge.core.pdf.flow.number_pages_from`), and the page count."""
    register_fonts()
    width, height = PAGE_SIZES[paper or default_paper_for_locale()]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), pageCompression=1,
                    initialFontName=Face.REGULAR.value, initialFontSize=10)
    number_pages_from(canvas, first_page)
    canvas.setTitle(", ".join(d.name or "Unnamed" for d in documents))
    canvas.setCreator("SEForge")
    canvas.setSubject("Blades in the Dark sheets")
    form = FormWriter(canvas)
    draw: dict[type, Callable[[Sheet, object], None]] = {
        Scoundrel: draw_scoundrel,  # type: ignore[dict-item]
    }
    if any(isinstance(document, Crew) for document in documents):
        # the crew's rules load with the first crew: a scoundrel's sheet needs none of them
        from seforge.systems.blades.crew_sheet import draw_crew

        draw[Crew] = draw_crew  # type: ignore[assignment]
    for number, document in enumerate(documents, start=1):
        sheet = Sheet(canvas, form, number, width, height)
        draw[type(document)](sheet, document)
        canvas.showPage()
    pages = int(canvas.getPageNumber()) - first_page
    canvas.save()
    return buffer.getvalue(), pages


def export(paths: Sequence[Path], out: Path, paper: PaperSize | None = None, *,
           first_page: int = 1) -> int:
    """Read every document first (DocumentFileError stops before writing), then write;
    the page count (continuation pages included)."""
    from seforge.core.documents import DocumentFileError, peek_format
    from seforge.systems.blades.documents import CREW, SCOUNDREL

    documents: list[Scoundrel | Crew] = []
    for path in paths:
        fmt = peek_format(path)
        if CREW.accepts(fmt):
            documents.append(CREW.load(path))
        elif SCOUNDREL.accepts(fmt):
            documents.append(SCOUNDREL.load(path))
        else:
            raise DocumentFileError(path.name, f"is a {fmt!r} file, not a Blades document",
                                    field="format")
    data, pages = render(documents, paper, first_page=first_page)
    atomic_write_bytes(out, data)
    return pages
