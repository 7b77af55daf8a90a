"""Drawing and writing the sheets' PDFs: what :mod:`seforge.systems.swords_edge.sheet` offers.

The package's ``__init__`` names these lazily, so that reading a sheet back
(:mod:`~seforge.systems.swords_edge.sheet.readback`, ``seforge import``) loads none of
ReportLab, the fonts or the drawing code.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from seforge import __version__
from seforge.core.atomic import atomic_write_bytes
from seforge.core.pdf.flow import number_pages_from
from seforge.core.pdf.fonts import Face, clean, register_fonts
from seforge.core.pdf.portrait import decode_portrait
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.sheet import APP_NAME, SUBJECT
from seforge.systems.swords_edge.sheet.draw import (
    SheetOptions,
    draw_continuation,
    draw_sheet,
    draw_spill_page,
)
from seforge.systems.swords_edge.sheet.extras import (
    SUMMARY_TITLE,
    draw_duplex_blank,
    draw_reference_page,
    draw_summary_page,
    summary_pages,
)
from seforge.systems.swords_edge.sheet.form import (
    DATA_KEY,
    FormWriter,
    continuation_fields,
    data_value,
    field_prefix,
    field_values,
    overlay_values,
    sheet_fields,
)
from seforge.systems.swords_edge.sheet.layout import (
    PaperSize,
    Rect,
    continuation_layout,
    element_pages,
    sheet_layout,
)
from seforge.systems.swords_edge.sheet.primitives import draw_footer_label
from seforge.systems.swords_edge.sheet.spill import Spill, paginate


def page_count(characters: Sequence[Character], paper: PaperSize = PaperSize.A4, *,
               options: SheetOptions | None = None) -> int:
    """How many pages :func:`export_sheets` writes for ``characters`` (it lays them
    out to know: long text may need continuation pages)."""
    return render_sheets(characters, paper, options=options)[1]


def _one_line(text: str) -> str:
    return " ".join(clean(text).split())


def _display_name(character: Character) -> str:
    return _one_line(character.name) or "Unnamed character"


def _metadata(characters: Sequence[Character], title: str | None) -> tuple[str, str]:
    if title is None:
        names = [_display_name(ch) for ch in characters]
        title = names[0] if len(names) == 1 else "Party: " + ", ".join(names)
    players: list[str] = []
    for ch in characters:
        player = _one_line(ch.player)
        if player and player not in players:
            players.append(player)
    return _one_line(title), ", ".join(players) if players else APP_NAME


def _canvas(buffer: io.BytesIO, paper: PaperSize, title: str, author: str) -> Canvas:
    register_fonts()
    layout = sheet_layout(paper)
    canvas = Canvas(buffer, pagesize=(layout.width, layout.height), pageCompression=1,
                    initialFontName=Face.REGULAR.value, initialFontSize=10)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(SUBJECT)
    canvas.setCreator(f"{APP_NAME} {__version__}")
    canvas.setKeywords("Sword's Edge, RPG, character sheet")
    return canvas


@dataclass
class _Labels:
    """Page labels drawn as forms once every page is known."""

    footer: Rect
    party: bool
    entries: list[tuple[str, int, int]] = field(default_factory=list)
    """(form name, page within the character, the character's first PDF page)."""
    totals: dict[int, int] = field(default_factory=dict)
    """The character's first PDF page -> its page count."""
    first_page: int = 1
    """The PDF page the first label is on (joined after other sheets: later than 1)."""

    def add(self, page: int, first: int) -> str:
        name = f"seforge-page-{len(self.entries) + 1}"
        self.entries.append((name, page, first))
        return name

    def texts(self, pdf_pages: int) -> dict[str, str]:
        """Each label form's text, by form name."""
        found: dict[str, str] = {}
        for pdf_page, (name, page, first) in enumerate(self.entries, start=self.first_page):
            pages = self.totals[first]
            parts = [f"Page {page} of {pages}"] if pages > 1 else []
            if self.party:
                parts.append(f"PDF page {pdf_page} of {pdf_pages}")
            found[name] = " \u00b7 ".join(parts)
        return found

    def draw(self, canvas: Canvas, pdf_pages: int) -> None:
        for name, text in self.texts(pdf_pages).items():
            canvas.beginForm(name)
            draw_footer_label(canvas, self.footer, text)
            canvas.endForm()


def _draw_character(canvas: Canvas, character: Character, paper: PaperSize,
                    labels: _Labels, first: int, options: SheetOptions,
                    fields: tuple[FormWriter, str] | None) -> int:
    """Draw one character's pages; returns how many were drawn."""
    main, more = sheet_layout(paper), continuation_layout(paper)
    chunks = element_pages(len(character.elements), paper)
    portrait = decode_portrait(character.portrait)
    # "more on p. N" names the PDF's page (a party PDF numbers its pages through)
    spill = Spill(page=first + len(chunks))
    values: dict[str, str] = {}
    if fields is not None:
        values = overlay_values(character, len(main.element_rows),
                                clean_tracks=options.clean_tracks)
        values[DATA_KEY] = data_value(character)
    for index, chunk in enumerate(chunks):
        elements = [character.elements[i] for i in chunk]
        form = labels.add(index + 1, first)
        if index == 0:
            draw_sheet(canvas, main, character, elements, portrait=portrait, spill=spill,
                       label_form=form, options=options, marks_in_fields=fields is not None)
            if fields is not None:
                fields[0].add(fields[1], sheet_fields(main), values)
        else:
            draw_continuation(canvas, more, character, elements, spill=spill,
                              label_form=form, options=options)
            if fields is not None:
                fields[0].add(fields[1], continuation_fields(more, len(chunk), chunk.start + 1),
                              values)
        canvas.showPage()
    pages = len(chunks)
    for blocks in paginate(spill.items, more.elements):
        pages += 1
        draw_spill_page(canvas, more, character, blocks, label_form=labels.add(pages, first))
        canvas.showPage()
    if options.reference:
        pages += 1
        draw_reference_page(canvas, paper, label_form=labels.add(pages, first))
        canvas.showPage()
        if pages % 2:
            # printed on both sides, the next sheet must start on a front page
            pages += 1
            draw_duplex_blank(canvas, paper)
            labels.add(pages, first)
            canvas.showPage()
    labels.totals[first] = pages
    return pages


def render_sheets(characters: Sequence[Character], paper: PaperSize = PaperSize.A4, *,
                  title: str | None = None, options: SheetOptions | None = None,
                  first_page: int = 1, total_pages: int | None = None) -> tuple[bytes, int]:
    """The PDF bytes of ``characters``' sheets and its page count.

    Every character's text is printed in full: what does not fit its box continues
    on a page after the character's sheet. A party PDF has one bookmark per
    character and numbers its pages: from ``first_page`` of ``total_pages`` when it
    will be joined after other sheets (see :func:`seforge.core.pdf.flow.number_pages_from`).
    """
    if not characters:
        raise ValueError("no characters to export")
    paper = PaperSize(paper)
    options = options or SheetOptions()
    doc_title, author = _metadata(characters, title)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, paper, doc_title, author)
    number_pages_from(canvas, first_page)
    labels = _Labels(sheet_layout(paper).footer,
                     party=len(characters) > 1 or options.party_summary, first_page=first_page)
    writer = FormWriter(canvas) if options.fields else None
    total = 0
    if options.party_summary:
        canvas.bookmarkPage("party-summary")
        canvas.addOutlineEntry(SUMMARY_TITLE, "party-summary", level=0)
        chunks = summary_pages(characters, paper)
        for index, chunk in enumerate(chunks, start=1):
            draw_summary_page(canvas, paper, chunk, label_form=labels.add(index, first_page))
            canvas.showPage()
        total = len(chunks)
        if options.reference and total % 2:  # the first sheet starts on a front page
            total += 1
            draw_duplex_blank(canvas, paper)
            labels.add(total, first_page)
            canvas.showPage()
        labels.totals[first_page] = total
    for number, character in enumerate(characters, start=1):
        key = f"character-{number}"
        canvas.bookmarkPage(key)
        canvas.addOutlineEntry(_display_name(character), key, level=0)
        fields = (writer, field_prefix(number)) if writer is not None else None
        total += _draw_character(canvas, character, paper, labels, first_page + total,
                                 options, fields)
    labels.draw(canvas, total_pages or first_page - 1 + total)
    if len(characters) > 1 or options.party_summary:
        canvas.showOutline()
    canvas.save()
    return buffer.getvalue(), total


def draw_sheet_pages(canvas: Canvas, characters: Sequence[Character],
                     paper: PaperSize = PaperSize.A4,
                     options: SheetOptions | None = None) -> int:
    """Draw the sheets of ``characters`` page by page on ``canvas``; the page count.

    ``canvas`` is a ReportLab canvas or anything with the same drawing methods (the
    app prints through a QPainter that way); each page ends with ``showPage()``. Each
    page names its label form (``doForm``) before the page count is known; a canvas that
    cannot define forms after the last page draws them from :func:`page_label_drawers`.
    """
    register_fonts()
    paper = PaperSize(paper)
    options = options or SheetOptions()
    labels = _Labels(sheet_layout(paper).footer, party=len(characters) > 1)
    total = 0
    for character in characters:
        total += _draw_character(canvas, character, paper, labels, total + 1, options, None)
    return total


def page_label_drawers(characters: Sequence[Character], paper: PaperSize = PaperSize.A4,
                       options: SheetOptions | None = None) -> dict[str, Callable[[Any], None]]:
    """What :func:`draw_sheet_pages` would put in each page label form ("Page 2 of 3",
    a party's "PDF page 4 of 9"), by form name: each draws its label on a canvas. Found
    by drawing the sheets once on a throw-away PDF canvas, since a page's label depends
    on the pages after it (a printer cannot go back to a page)."""
    register_fonts()
    paper = PaperSize(paper)
    options = options or SheetOptions()
    footer = sheet_layout(paper).footer
    labels = _Labels(footer, party=len(characters) > 1)
    scratch = _canvas(io.BytesIO(), paper, "", "")
    total = 0
    for character in characters:
        total += _draw_character(scratch, character, paper, labels, total + 1, options, None)

    def drawer(text: str) -> Callable[[Any], None]:
        return lambda canvas: draw_footer_label(canvas, footer, text)

    return {name: drawer(text) for name, text in labels.texts(total).items()}


def draw_blank_pages(canvas: Canvas, paper: PaperSize = PaperSize.A4, copies: int = 1) -> int:
    """Draw ``copies`` blank sheets on ``canvas`` (see :func:`draw_sheet_pages`)."""
    register_fonts()
    layout = sheet_layout(PaperSize(paper))
    for _ in range(copies):
        draw_sheet(canvas, layout, None, (), portrait=None)
        canvas.showPage()
    return copies


def render_blank(paper: PaperSize = PaperSize.A4, copies: int = 1, *,
                 reference: bool = False) -> tuple[bytes, int]:
    """The PDF bytes of ``copies`` blank sheets (each followed by the reference back
    page with ``reference``) and its page count."""
    if copies < 1:
        raise ValueError("copies must be at least 1")
    paper = PaperSize(paper)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, paper, "Blank character sheet", APP_NAME)
    layout = sheet_layout(paper)
    writer = FormWriter(canvas)
    values = field_values(None, len(layout.element_rows))
    for copy in range(1, copies + 1):
        draw_sheet(canvas, layout, None, (), portrait=None)
        writer.add(field_prefix(copy), sheet_fields(layout), values)
        canvas.showPage()
        if reference:
            draw_reference_page(canvas, paper)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue(), copies * (2 if reference else 1)


def export_sheets(characters: Sequence[Character], out: Path | BinaryIO,
                  paper: PaperSize = PaperSize.A4, *, title: str | None = None,
                  options: SheetOptions | None = None) -> None:
    """Write one sheet (plus continuation pages) per character into one PDF.

    ``title`` replaces the document title in the PDF's metadata (by default the
    character's name, or "Party: A, B, C"). A path is written atomically.
    """
    data, _pages = render_sheets(characters, paper, title=title, options=options)
    write_pdf(data, out)


def export_blank(out: Path | BinaryIO, paper: PaperSize = PaperSize.A4,
                 copies: int = 1, *, reference: bool = False) -> None:
    """Write ``copies`` blank sheets into one PDF."""
    data, _pages = render_blank(paper, copies, reference=reference)
    write_pdf(data, out)


def write_pdf(data: bytes, out: Path | BinaryIO) -> None:
    """Write ``data`` to a stream, or atomically to a path (temp file, then rename)."""
    if isinstance(out, (str, os.PathLike)):
        atomic_write_bytes(out, data)
    else:
        out.write(data)
