"""Continuation pages: text that does not fit its box on a sheet goes on, word for word.

A sheet draws each box through a :class:`Spill`: what fits is drawn, the last line
ends with a marker naming the PDF page it continues on ("more on p. 3"), and what
did not fit is kept under a title. After the sheet's own page(s), a :class:`Flow`
prints the kept texts (and anything else a system lists there) down the page and
onto as many further pages as they need, each under a running title. Shared by
every system's sheets, so none of them cuts a word a player typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, draw_string
from seforge.core.pdf.geometry import Rect
from seforge.core.pdf.text import ELLIPSIS, Fitted, draw_fitted, draw_text, fit_text

MIN_PT = 7.0
"""Nothing on a sheet prints smaller."""
INK = (0.1, 0.1, 0.1)
SHADE = (0.88, 0.88, 0.88)
HEADING_BAND = 15.0


def number_pages_from(canvas: Canvas, first_page: int) -> None:
    """Number ``canvas``'s pages from ``first_page``: its PDF will be joined after
    ``first_page - 1`` pages of other sheets (``seforge export`` of several systems'
    files), so every "more on p. N" counts through the joined document. Call it before
    the first page is drawn. (ReportLab keeps the count in ``_pageNumber``, which only
    ``getPageNumber`` and the page callbacks read.)"""
    if first_page < 1:
        raise ValueError(f"page numbers start at 1, not {first_page}")
    canvas._pageNumber = first_page


def marker(page: int) -> str:
    """The words that end a box whose text goes on, on PDF page ``page``."""
    return f"more on p. {page}"


@dataclass
class Spill:
    """What did not fit on a sheet's page, and the PDF page where it continues."""

    page: int
    """The PDF page (counted through the whole PDF) where the continuation starts."""
    items: list[tuple[str, str]] = field(default_factory=list)

    @property
    def marker(self) -> str:
        return marker(self.page)

    def keep(self, title: str, fitted: Fitted) -> None:
        """Remember what ``fitted`` could not show, under ``title``: a box cut after
        its first line continues mid-phrase (so it says so)."""
        if fitted.rest.strip():
            self.items.append((title, f"{ELLIPSIS} {fitted.rest}"))

    def draw(self, canvas: Canvas, title: str, text: str, rect: Rect, *,
             face: Face = Face.REGULAR, size: float = 9.0, min_size: float = MIN_PT,
             max_lines: int | None = 1, multiline: bool = False, align: str = "left",
             valign: str = "top") -> Fitted:
        """Draw ``text`` in ``rect`` (shrunk to ``min_size``, wrapped to ``max_lines``);
        what does not fit ends with the marker and is kept under ``title``."""
        fitted = fit_text(text, rect.w, rect.h, face=face, size=size,
                          min_size=max(MIN_PT, min(min_size, size)), max_lines=max_lines,
                          multiline=multiline, marker=self.marker)
        draw_fitted(canvas, fitted, rect, align=align, valign=valign)
        self.keep(title, fitted)
        return fitted

    def __bool__(self) -> bool:
        return bool(self.items)


class Flow:
    """Text that runs down the page and onto new pages as it needs (nothing cut).

    Creating one ends the canvas's current page; each new page starts with ``title``.
    The caller ends the last page (``canvas.showPage()``) as for any other page.
    """

    def __init__(self, canvas: Canvas, size: tuple[float, float], title: str, *,
                 margin: float = 36.0) -> None:
        self.canvas = canvas
        self.width, self.height = size
        self.title, self.margin = title, margin
        self.x, self.w = margin, self.width - 2 * margin
        self.y = 0.0
        self.pages = 0
        self._page()

    @property
    def page(self) -> int:
        """The PDF page being drawn (from 1)."""
        return int(self.canvas.getPageNumber())

    def _page(self) -> None:
        self.canvas.showPage()
        self.pages += 1
        self.canvas.setFillColorRGB(*INK)
        top = self.height - self.margin
        draw_text(self.canvas, self.title, Rect(self.margin, top - 16, self.w, 18),
                  face=Face.BOLD, size=13, min_size=MIN_PT)
        self.y = top - 34

    def need(self, height: float) -> None:
        """Start a new page unless ``height`` points are left on this one."""
        if self.y - height < self.margin + 10:
            self._page()

    def heading(self, text: str) -> None:
        """A shaded band with ``text`` in capitals, kept with the line after it."""
        self.y -= 12  # the band rises above its baseline: keep it off the text above
        self.need(40)
        self.canvas.setFillColorRGB(*SHADE)
        self.canvas.rect(self.x, self.y - 4, self.w, HEADING_BAND, stroke=0, fill=1)
        self.canvas.setFillColorRGB(*INK)
        fitted = fit_text(text.upper(), self.w - 8, 12, face=Face.BOLD, size=9,
                          min_size=MIN_PT, max_lines=1)
        if not fitted.truncated:
            draw_string(self.canvas, self.x + 4, self.y, fitted.lines[0], Face.BOLD,
                        fitted.size)
            self.y -= 18
        else:  # a heading too long for the band goes on as text under it
            self.y -= 18
            self.text(text, face=Face.BOLD)

    def text(self, text: str, *, face: Face = Face.REGULAR, size: float = 9.0,
             indent: float = 0.0, multiline: bool = False) -> None:
        """Wrapped text; a long text continues on the next page, word for word."""
        rest = text
        while rest:
            room = self.y - self.margin - 10
            if room < size * 1.3:
                self._page()
                continue
            fitted = fit_text(rest, self.w - indent, room, face=face, size=size,
                              min_size=size, max_lines=None, multiline=multiline,
                              marker=marker(self.page + 1))
            draw_fitted(self.canvas, fitted, Rect(self.x + indent, self.y - room,
                                                   self.w - indent, room))
            self.y -= fitted.height + 3
            rest = fitted.rest
            if rest:
                self._page()

    def spilled(self, spill: Spill) -> None:
        """Everything ``spill`` kept, each under its title."""
        for title, text in spill.items:
            self.heading(title)
            self.text(text, multiline=True)
