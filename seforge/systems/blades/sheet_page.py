"""What every Blades sheet page is drawn with: margins and ink, boxes, dots, clocks and
headings, the :class:`Sheet` that keeps a document's canvas, form fields and the text cut
short on its first page, and the continuation pages that give that text in full."""

from __future__ import annotations

import json

from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.flow import Flow as PageFlow
from seforge.core.pdf.flow import marker
from seforge.core.pdf.fonts import Face, draw_string
from seforge.core.pdf.geometry import Rect
from seforge.core.pdf.text import Fitted, draw_text
from seforge.systems.blades.models import Crew, Scoundrel
from seforge.systems.blades.sheet_form import ON, Field, FormWriter

MARGIN = 36.0
"""The page margin, in points."""
INK = (0.1, 0.1, 0.1)
SHADE = (0.88, 0.88, 0.88)

MIN_PT = 7.0
"""Nothing on a sheet is printed smaller."""


def draw_box(canvas: Canvas, x: float, y: float, size: float, filled: bool) -> None:
    canvas.setStrokeColorRGB(*INK)
    canvas.setFillColorRGB(*(INK if filled else (1, 1, 1)))
    canvas.rect(x, y, size, size, stroke=1, fill=1)
    canvas.setFillColorRGB(*INK)


def draw_dot(canvas: Canvas, x: float, y: float, radius: float, filled: bool) -> None:
    canvas.setStrokeColorRGB(*INK)
    canvas.setFillColorRGB(*(INK if filled else (1, 1, 1)))
    canvas.circle(x, y, radius, stroke=1, fill=1)
    canvas.setFillColorRGB(*INK)


def draw_clock(canvas: Canvas, cx: float, cy: float, radius: float, segments: int,
               filled: int) -> None:
    """A progress clock as the game draws it: a circle cut into ``segments`` wedges,
    ``filled`` of them shaded clockwise from the top."""
    span = 360 / segments
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.8)
    for i in range(segments):
        start = 90 - (i + 1) * span  # counter-clockwise degrees from 3 o'clock
        canvas.setFillColorRGB(*((0.35, 0.35, 0.35) if i < filled else (1, 1, 1)))
        canvas.wedge(cx - radius, cy - radius, cx + radius, cy + radius, start, span,
                     stroke=1, fill=1)
    canvas.setFillColorRGB(*INK)


def draw_heading(canvas: Canvas, x: float, y: float, width: float, text: str) -> float:
    canvas.setFillColorRGB(*SHADE)
    canvas.rect(x, y - 4, width, 15, stroke=0, fill=1)
    canvas.setFillColorRGB(*INK)
    draw_string(canvas, x + 4, y, text.upper(), Face.BOLD, 9)
    return y - 18


class Sheet:
    """One document's pages: the canvas, the form, and the field bookkeeping."""

    def __init__(self, canvas: Canvas, form: FormWriter, number: int, width: float,
                 height: float) -> None:
        self.canvas, self.form, self.number = canvas, form, number
        self.width, self.height = width, height
        self.cut: list[str] = []
        """Values too long for their place on the first page, given in full after it."""
        self.next_page = int(canvas.getPageNumber()) + 1
        """The PDF page the document's continuation starts on."""

    def cell(self, label: str, text: str, rect: Rect, *, listed: bool = True,
             **fit: object) -> Fitted:
        """Draw ``text`` fitted to ``rect`` (see :func:`draw_text`); a value that does not
        fit ends with "more on p. N" (the first continuation page) and is given in full,
        under ``label``, on that page. ``listed=False``: the continuation prints the
        whole text in a section of its own, so it is not listed again."""
        fit.setdefault("min_size", MIN_PT)
        fitted = draw_text(self.canvas, text, rect, marker=marker(self.next_page),
                           **fit)  # type: ignore[arg-type]
        if fitted.truncated and listed:
            self.cut.append(f"{label}: {text}" if label else text)
        return fitted

    def field(self, key: str, rect: Rect, value: str, kind: str = "text",
              tooltip: str = "", size: float = 9.0) -> None:
        self.form.add(self.number, Field(key, rect, kind, tooltip, size),  # type: ignore[arg-type]
                      value)

    def check(self, key: str, x: float, y: float, size: float, on: bool,
              tooltip: str) -> None:
        draw_box(self.canvas, x, y, size, on)
        self.field(key, Rect(x, y, size, size), ON if on else "", "check", tooltip)

    def label_value(self, x: float, y: float, width: float, label: str, value: str,
                    key: str = "", field_value: str | None = None) -> float:
        draw_string(self.canvas, x, y, label, Face.CONDENSED_BOLD, 8)
        rect = Rect(x + 70, y - 3, width - 70, 12)
        self.cell(label, value or "—", rect, size=9)
        self.canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
        self.canvas.line(x + 70, y - 3, x + width, y - 3)
        if key:
            self.field(key, rect, value if field_value is None else field_value,
                       tooltip=label)
        return y - 16


def Flow(sheet: Sheet, title: str) -> PageFlow:  # noqa: N802 - builds the core's Flow
    """The document's continuation pages (the core's :class:`~seforge.core.pdf.flow.Flow`),
    opening with every value that was too long for its place on the first page."""
    flow = PageFlow(sheet.canvas, (sheet.width, sheet.height), title, margin=MARGIN)
    if sheet.cut:
        flow.heading(f"In full (cut short on p. {sheet.next_page - 1})")
        for text in sheet.cut:
            flow.text(text)
    return flow


def page_columns(sheet: Sheet) -> tuple[float, float, float]:
    """The first page's two columns: the left one's x, the right one's x and their width."""
    col = (sheet.width - 2 * MARGIN - 18) / 2
    return MARGIN, MARGIN + col + 18, col


def draw_notes(sheet: Sheet, flow: PageFlow, notes: str) -> None:
    """The notes, printed and as a multi-line field the size of what they take."""
    flow.heading("Notes")
    notes_top = flow.y
    flow.text(notes or " ", multiline=True)
    sheet.field("notes", Rect(MARGIN, max(MARGIN, flow.y - 40), flow.w,
                              max(40.0, notes_top - flow.y + 40)), notes, "multiline",
                "Notes")


def document_data(document: Scoundrel | Crew) -> str:
    from seforge.systems.blades.documents import CREW, SCOUNDREL

    kind = CREW if isinstance(document, Crew) else SCOUNDREL
    return json.dumps({"format": kind.format_id, "version": 1,
                       **document.model_dump(mode="json")}, ensure_ascii=False)
