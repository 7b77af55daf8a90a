"""Printable character sheets (PDF, drawn with ReportLab).

One sheet per character, laid out like the book's sheet, plus continuation pages
when a character has more Elements than the sheet has rows::

    export_sheets([sarah, rogue], Path("party.pdf"), PaperSize.LETTER)
    export_blank(Path("blank.pdf"))
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from seforge import __version__
from seforge.atomic import atomic_write_bytes
from seforge.models import Character
from seforge.sheet.draw import draw_continuation, draw_sheet
from seforge.sheet.fonts import Face, clean, register_fonts
from seforge.sheet.layout import (
    PaperSize,
    continuation_layout,
    element_pages,
    pages_for,
    sheet_layout,
)
from seforge.sheet.paper import default_paper_for_locale
from seforge.sheet.portrait import decode_portrait

__all__ = [
    "SUBJECT",
    "PaperSize",
    "default_paper_for_locale",
    "export_blank",
    "export_sheets",
    "page_count",
    "render_blank",
    "render_sheets",
    "write_pdf",
]

SUBJECT = "Sword's Edge character sheet"
APP_NAME = "SEForge"


def page_count(characters: Sequence[Character], paper: PaperSize = PaperSize.A4) -> int:
    """How many pages :func:`export_sheets` writes for ``characters``."""
    return sum(pages_for(len(ch.elements), paper) for ch in characters)


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


def render_sheets(characters: Sequence[Character], paper: PaperSize = PaperSize.A4, *,
                  title: str | None = None) -> tuple[bytes, int]:
    """The PDF bytes of ``characters``' sheets and its page count."""
    if not characters:
        raise ValueError("no characters to export")
    paper = PaperSize(paper)
    doc_title, author = _metadata(characters, title)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, paper, doc_title, author)
    main, more = sheet_layout(paper), continuation_layout(paper)
    total = 0
    for character in characters:
        chunks = element_pages(len(character.elements), paper)
        portrait = decode_portrait(character.portrait)
        for index, chunk in enumerate(chunks):
            elements = [character.elements[i] for i in chunk]
            if index == 0:
                draw_sheet(canvas, main, character, elements, portrait=portrait,
                           page=1, pages=len(chunks))
            else:
                draw_continuation(canvas, more, character, elements, page=index + 1,
                                  pages=len(chunks))
            canvas.showPage()
            total += 1
    canvas.save()
    return buffer.getvalue(), total


def render_blank(paper: PaperSize = PaperSize.A4, copies: int = 1) -> tuple[bytes, int]:
    """The PDF bytes of ``copies`` blank sheets and its page count."""
    if copies < 1:
        raise ValueError("copies must be at least 1")
    paper = PaperSize(paper)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, paper, "Blank character sheet", APP_NAME)
    layout = sheet_layout(paper)
    for _ in range(copies):
        draw_sheet(canvas, layout, None, (), portrait=None, page=1, pages=1)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), copies


def export_sheets(characters: Sequence[Character], out: Path | BinaryIO,
                  paper: PaperSize = PaperSize.A4, *, title: str | None = None) -> None:
    """Write one sheet (plus continuation pages) per character into one PDF.

    ``title`` replaces the document title in the PDF's metadata (by default the
    character's name, or "Party: A, B, C"). A path is written atomically.
    """
    data, _pages = render_sheets(characters, paper, title=title)
    write_pdf(data, out)


def export_blank(out: Path | BinaryIO, paper: PaperSize = PaperSize.A4,
                 copies: int = 1) -> None:
    """Write ``copies`` blank sheets into one PDF."""
    data, _pages = render_blank(paper, copies)
    write_pdf(data, out)


def write_pdf(data: bytes, out: Path | BinaryIO) -> None:
    """Write ``data`` to a stream, or atomically to a path (temp file, then rename)."""
    if isinstance(out, (str, os.PathLike)):
        atomic_write_bytes(out, data)
    else:
        out.write(data)
