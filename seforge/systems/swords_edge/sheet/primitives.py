"""The sheet's ink and drawing primitives: its colours, titles, boxes, rules, labels,
hints, modifier boxes, tick boxes, headings, title band and footer, shared by the character
pages (:mod:`seforge.systems.swords_edge.sheet.draw`), the extra pages and the NC cards."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, string_width
from seforge.core.pdf.text import draw_text
from seforge.systems.swords_edge.sheet.layout import (
    HEADING_H,
    Rect,
)

ACCENT: Color = HexColor("#8C2A1F")
INK: Color = HexColor("#1F1F1F")
MUTED: Color = HexColor("#666666")
RULE: Color = HexColor("#9C9C9C")
FAINT: Color = HexColor("#D2D2D2")
WASH: Color = HexColor("#F4F1ED")

GAME_TITLE = "SWORD'S EDGE"
SHEET_TITLE = "Character Sheet"


def box(c: Canvas, rect: Rect, *, stroke: Color = RULE, fill: Color | None = None,
         width: float = 0.7, radius: float = 3.0) -> None:
    c.saveState()
    c.setLineWidth(width)
    c.setStrokeColor(stroke)
    if fill is not None:
        c.setFillColor(fill)
    c.roundRect(rect.x, rect.y, rect.w, rect.h, radius, stroke=1, fill=int(fill is not None))
    c.restoreState()


def hline(c: Canvas, x0: float, x1: float, y: float, *, color: Color = FAINT,
          width: float = 0.5) -> None:
    c.saveState()
    c.setStrokeColor(color)
    c.setLineWidth(width)
    c.line(x0, y, x1, y)
    c.restoreState()


def _label(c: Canvas, text: str, rect: Rect, *, color: Color = ACCENT, size: float = 7.5,
           align: str = "left", valign: str = "top") -> None:
    c.setFillColor(color)
    draw_text(c, text.upper(), rect, face=Face.CONDENSED_BOLD, size=size, min_size=7.0,
              align=align, valign=valign)


def _hint(c: Canvas, text: str, rect: Rect, *, size: float = 7.0, lines: int = 2,
          valign: str = "top") -> None:
    c.setFillColor(MUTED)
    draw_text(c, text, rect, face=Face.CONDENSED, size=max(7.0, size), min_size=7.0,
              max_lines=lines, valign=valign)


def _modifier_box(c: Canvas, rect: Rect, text: str, *, size: float = 15.0,
                  color: Color = INK) -> None:
    box(c, rect, stroke=ACCENT, fill=WASH, width=1.1, radius=3.0)
    if text:
        c.setFillColor(color)
        draw_text(c, text, rect.inset(2, 1), face=Face.BOLD, size=size, min_size=7.0,
                  align="center", valign="middle")


def _tick_boxes(c: Canvas, cells: Sequence[Rect], ticked: int, *,
                labels: Sequence[str] = (), held: bool = False,
                marks_in_fields: bool = False) -> None:
    """Draw ``cells`` as boxes, the first ``ticked`` marked: crossed (a Penalty Rank
    taken) or, ``held``, with a disc (Luck, Advancements: a cross would read as
    spent). With ``marks_in_fields`` every box prints empty: the checkbox field
    over it draws the mark, so unticking it in a reader leaves nothing behind."""
    for i, cell in enumerate(cells):
        on = i < ticked
        if on and marks_in_fields:  # an empty box (no label under the field's mark)
            box(c, cell, stroke=RULE, width=0.8, radius=1.5)
            continue
        if on and held:
            box(c, cell, stroke=ACCENT, width=0.8, radius=1.5)
            c.setFillColor(ACCENT)
            r = min(cell.w, cell.h) * 0.32
            c.roundRect(cell.x + cell.w / 2 - r, cell.y + cell.h / 2 - r, 2 * r, 2 * r, r,
                        stroke=0, fill=1)
            continue
        box(c, cell, stroke=ACCENT if on else RULE, fill=ACCENT if on else None,
             width=0.8, radius=1.5)
        if on:
            c.saveState()
            c.setStrokeColor(white)
            c.setLineWidth(1.0)
            pad = min(cell.w, cell.h) * 0.28
            c.line(cell.x + pad, cell.y + pad, cell.right - pad, cell.top - pad)
            c.line(cell.x + pad, cell.top - pad, cell.right - pad, cell.y + pad)
            c.restoreState()
        elif i < len(labels):
            c.setFillColor(MUTED)
            draw_text(c, labels[i], cell.inset(0.5, 0.5), face=Face.CONDENSED, size=7.0,
                      min_size=7.0, align="center", valign="middle")


def _section_heading(c: Canvas, rect: Rect, title: str, hint: str) -> None:
    """A heading line at the top of an unboxed section, with its hint beside it."""
    head = rect.take_top(HEADING_H)
    c.setFillColor(ACCENT)
    title_w = min(head.w * 0.5, string_width(title.upper(), Face.BOLD, 10.5) + 1)
    fitted = draw_text(c, title.upper(), Rect(head.x, head.y + 4, title_w, head.h - 4),
                       face=Face.BOLD, size=10.5, min_size=7.0, valign="middle")
    hint_x = head.x + fitted.width + 10
    _hint(c, hint, Rect(hint_x, head.y + 3, head.right - hint_x, head.h - 3),
          valign="middle")
    c.saveState()
    c.setStrokeColor(ACCENT)
    c.setLineWidth(0.9)
    c.line(head.x, head.y + 2, head.right, head.y + 2)
    c.restoreState()


def _title_band(c: Canvas, rect: Rect, right_text: str, title: str = SHEET_TITLE) -> None:
    c.saveState()
    c.setFillColor(ACCENT)
    c.roundRect(rect.x, rect.y, rect.w, rect.h, 3, stroke=0, fill=1)
    c.restoreState()
    inner = rect.inset(10, 4)
    c.setFillColor(white)
    fitted = draw_text(c, GAME_TITLE, Rect(inner.x, inner.y, 160, inner.h), face=Face.BOLD,
                       size=14.0, min_size=9.0, valign="middle")
    x = inner.x + fitted.width + 10
    right_w = min(200.0, inner.right - x - 120)
    draw_text(c, title, Rect(x, inner.y, inner.right - right_w - x - 6, inner.h),
              face=Face.REGULAR, size=10.5, min_size=7.0, valign="middle")
    draw_text(c, right_text, Rect(inner.right - right_w, inner.y, right_w, inner.h),
              face=Face.CONDENSED, size=8.0, min_size=7.0, align="right", valign="middle")


def _footer(c: Canvas, rect: Rect, left: str, right_form: str | None) -> None:
    """The footer: credit on the left; the page label on the right is a form drawn
    once the page count is known (see :func:`footer_label_rect`)."""
    half = rect.w / 2 - 4
    c.setFillColor(MUTED)
    draw_text(c, left, rect.take_left(half), face=Face.CONDENSED, size=7.0, min_size=7.0,
              valign="middle")
    if right_form is not None:
        c.doForm(right_form)


def footer_label_rect(footer: Rect) -> Rect:
    """Where the page label goes in ``footer``."""
    return footer.take_right(footer.w / 2 - 4)


def draw_footer_label(c: Canvas, footer: Rect, text: str) -> None:
    """Draw the page label (inside the label's form)."""
    c.setFillColor(MUTED)
    draw_text(c, text, footer_label_rect(footer), face=Face.CONDENSED, size=7.0,
              min_size=7.0, align="right", valign="middle")
