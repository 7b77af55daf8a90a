"""The printed Dice Pool character sheet: one page per character.

The page holds the name, each trait with its dice drawn as boxes and the chance of at
least one success at the usual targets, the dice spent of the budget, and the notes
(fitted to the page; text that cannot fit ends with an ellipsis). Drawn with SEForge's PDF
primitives (embedded fonts with fallback for every script, fitted text never below 7 pt).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from seforge.core.atomic import atomic_write_bytes
from seforge.core.pdf.fonts import Face, draw_string, register_fonts
from seforge.core.pdf.geometry import PAGE_SIZES, PaperSize, Rect
from seforge.core.pdf.paper import default_paper_for_locale
from seforge.core.pdf.text import draw_text
from seforge.core.probability_text import format_probability

from dice_pool import rules
from dice_pool.models import Character
from dice_pool.odds import at_least, successes
from dice_pool.reference import TARGETS

MARGIN = 42.0
INK = (0.1, 0.1, 0.1)
SHADE = (0.88, 0.88, 0.88)
MIN_PT = 7.0
SUBJECT = "Dice Pool sheets"
ROW = 26.0


def _heading(canvas: Canvas, x: float, y: float, width: float, text: str) -> float:
    canvas.setFillColorRGB(*SHADE)
    canvas.rect(x, y - 4, width, 15, stroke=0, fill=1)
    canvas.setFillColorRGB(*INK)
    draw_string(canvas, x + 4, y, text.upper(), Face.BOLD, 9)
    return y - 22


def _boxes(canvas: Canvas, x: float, y: float, filled: int) -> None:
    """The trait's dice: :data:`rules.MAX_POOL` boxes, ``filled`` of them shaded."""
    canvas.setStrokeColorRGB(*INK)
    for i in range(rules.MAX_POOL):
        canvas.setFillColorRGB(*((0.3, 0.3, 0.3) if i < filled else (1, 1, 1)))
        canvas.rect(x + i * 15, y, 11, 11, stroke=1, fill=1)
    canvas.setFillColorRGB(*INK)


def draw_page(canvas: Canvas, character: Character, width: float, height: float) -> None:
    """One character's page."""
    x, w = MARGIN, width - 2 * MARGIN
    top = height - MARGIN
    canvas.setFillColorRGB(*INK)
    draw_string(canvas, x, top - 14, "DICE POOL", Face.BOLD, 16)
    draw_text(canvas, character.name or "(no name)", Rect(x + 130, top - 22, w - 130, 23),
              face=Face.BOLD, size=16, min_size=MIN_PT, align="right")
    canvas.setStrokeColorRGB(*INK)
    canvas.line(x, top - 26, x + w, top - 26)
    y = _heading(canvas, x, top - 50, w, "Traits")
    odds_x = x + 300
    columns = (x, x + 180, odds_x, odds_x + (w - 300) / 3, odds_x + 2 * (w - 300) / 3)
    draw_string(canvas, columns[0], y, "Trait", Face.CONDENSED_BOLD, 8)
    draw_string(canvas, columns[1], y, "Dice", Face.CONDENSED_BOLD, 8)
    for column, target in zip(columns[2:], TARGETS, strict=True):
        draw_string(canvas, column, y, f"1+ success at {target}+", Face.CONDENSED_BOLD, 8)
    y -= ROW - 8
    for shown, trait in enumerate(character.traits):
        if y < MARGIN + 170 and shown < len(character.traits):
            rest = len(character.traits) - shown
            draw_string(canvas, x, y, f"… and {rest} more trait{'s' * (rest > 1)} "
                        "(more than a character may have)", Face.REGULAR, 10)
            y -= ROW
            break
        draw_text(canvas, trait.name or "(unnamed)", Rect(columns[0], y - 5, 170, 13),
                  size=10, min_size=MIN_PT)
        _boxes(canvas, columns[1], y - 2, trait.pool)
        draw_string(canvas, columns[1] + rules.MAX_POOL * 15 + 4, y, str(trait.pool),
                    Face.BOLD, 10)
        for column, target in zip(columns[2:], TARGETS, strict=True):
            chance = (format_probability(at_least(successes(trait.pool, target))[1], 1,
                                          fixed=True)
                      if rules.MIN_POOL <= trait.pool <= rules.MAX_POOL else "—")
            draw_string(canvas, column, y, chance, Face.REGULAR, 10)
        canvas.setStrokeColorRGB(0.7, 0.7, 0.7)
        canvas.line(x, y - 8, x + w, y - 8)
        y -= ROW
    y -= 6
    draw_string(canvas, x, y, f"Dice given: {rules.spent(character)} of {rules.BUDGET}",
                Face.BOLD, 10)
    y = _heading(canvas, x, y - 28, w, "Notes")
    notes = Rect(x, MARGIN + 20, w, max(0.0, y + 8 - (MARGIN + 20)))
    draw_text(canvas, character.notes, notes, size=10, min_size=MIN_PT, max_lines=None,
              multiline=True)
    draw_string(canvas, x, MARGIN, "SEForge · Dice Pool", Face.CONDENSED, 7)


def render(characters: Sequence[Character], paper: PaperSize | None = None) -> bytes:
    """The PDF bytes of every character's sheet."""
    register_fonts()
    size = PAGE_SIZES[paper or default_paper_for_locale()]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, pageCompression=1)
    canvas.setTitle(characters[0].name if len(characters) == 1 and characters[0].name
                    else "Dice Pool characters")
    canvas.setSubject(SUBJECT)
    canvas.setCreator("SEForge Dice Pool")
    for character in characters:
        draw_page(canvas, character, *size)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def export(paths: Sequence[Path], out: Path, paper: str | None = None) -> int:
    """Read every document first (a DocumentFileError stops before anything is written),
    then write one PDF with a page per character; the page count."""
    from dice_pool.documents import CHARACTER

    characters = [CHARACTER.load(path) for path in paths]
    if not characters:
        raise ValueError("no character to print")
    atomic_write_bytes(out, render(characters, PaperSize(paper) if paper else None))
    return len(characters)
