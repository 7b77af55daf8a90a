"""The printable, fillable Sword of Life character sheet (ReportLab).

One page per character; what does not fit there (a long skill list, long notes, a long
name or specialty) ends its box with "more on p. N" and goes on, word for word, on
continuation pages after it (:mod:`seforge.core.pdf.flow`). Nothing prints below 7 pt
and every font is embedded. Every value a player writes on the page sits in a fill-in
field too (each specialty's and listed skill's "in career" box a checkbox), blank rows under
the ratings take skills learnt in play, and a hidden field keeps the whole character, so
``seforge import`` reads a filled sheet back (:mod:`.sheet_form`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from seforge.core.atomic import atomic_write_bytes
from seforge.core.documents import DocumentFileError, peek_format
from seforge.core.pdf.flow import Flow, Spill, number_pages_from
from seforge.core.pdf.fonts import Face, draw_string, register_fonts, string_width
from seforge.core.pdf.geometry import PAGE_SIZES, PaperSize, Rect
from seforge.core.pdf.paper import default_paper_for_locale
from seforge.core.pdf.text import draw_text, fit_text
from seforge.systems.sword_of_life.character import CHARACTERISTICS, LABELS, SolCharacter
from seforge.systems.sword_of_life.documents import CHARACTER
from seforge.systems.sword_of_life.reference import scale_label
from seforge.systems.sword_of_life.rules import (
    BUDGET,
    UNTRAINED_NOTE,
    RatedSkill,
    effective_ratings,
    problems,
    spent,
)
from seforge.systems.sword_of_life.sheet_form import (
    NEW_SKILL_ROWS,
    SUBJECT,
    SheetForm,
    hurt,
    in_career_key,
    wound_boxes,
)

if TYPE_CHECKING:
    from seforge.systems.sword_of_life.conflict_model import SolConflict

MARGIN = 36.0
GREY = (0.45, 0.45, 0.45)
RULE = (0.7, 0.7, 0.7)
TICK = 9.0
"""The side of an "in career" box."""
IN_CAREER = "in career"


def _box(canvas: Canvas, rect: Rect, title: str = "") -> None:
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.8)
    canvas.roundRect(rect.x, rect.y, rect.w, rect.h, 4, stroke=1, fill=0)
    if title:
        canvas.setFillColorRGB(*GREY)
        draw_string(canvas, rect.x + 8, rect.top - 13, title.upper(), Face.CONDENSED_BOLD, 8)
        canvas.setFillColorRGB(0, 0, 0)


def draw_sheet(canvas: Canvas, character: SolCharacter, size: tuple[float, float],
               form: SheetForm | None = None) -> Spill:
    """The first page for ``character``, with its fill-in fields (made with ``form``, one
    per PDF; a new one when None); what did not fit on it (to go on the pages after it,
    see :func:`draw_continuation`)."""
    form = form if form is not None else SheetForm(canvas)
    form.next_character(character)
    spill = Spill(int(canvas.getPageNumber()) + 1)
    width, height = size
    y = _draw_head(canvas, character, spill, height - MARGIN, width, form)
    y = _draw_characteristics(canvas, character, spill, y, width, form)
    y = _draw_wounds(canvas, character, y, width, form)
    y = _draw_ratings(canvas, character, spill, y, width, form)
    y = _draw_untrained_and_problems(canvas, character, y, width)
    _draw_notes(canvas, character, spill, y, width, form)
    return spill


def _draw_head(canvas: Canvas, character: SolCharacter, spill: Spill, top: float,
               width: float, form: SheetForm) -> float:
    """The name and the career, ruled off; the height under the rule."""
    inner = width - 2 * MARGIN
    canvas.setFillColorRGB(*GREY)
    draw_string(canvas, MARGIN, top - 8, "SWORD OF LIFE", Face.CONDENSED_BOLD, 9)
    canvas.setFillColorRGB(0, 0, 0)
    name = Rect(MARGIN, top - 44, inner * 0.62, 30)
    spill.draw(canvas, "Name", character.name or "Unnamed character", name, face=Face.BOLD,
               size=22, min_size=11, max_lines=2)
    form.text("name", name, character.name, "Name", size=16)
    career = Rect(MARGIN + inner * 0.64, top - 40, inner * 0.36, 24)
    spill.draw(canvas, "Career", f"Career: {character.career or '-'}", career, size=12,
               max_lines=2, align="right")
    form.text("career", career, character.career, "Career", size=11, align="right")
    y = top - 58
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.line(MARGIN, y, width - MARGIN, y)
    return y


def _tick_box(canvas: Canvas, x: float, y: float, ticked: bool) -> Rect:
    """An "in career" box printed with its lower left corner at ``x``, ``y``, crossed when
    ``ticked`` (grey, as the Grip boxes)."""
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.8)
    canvas.rect(x, y, TICK, TICK, stroke=1, fill=0)
    if ticked:
        canvas.line(x, y, x + TICK, y + TICK)
        canvas.line(x, y + TICK, x + TICK, y)
    return Rect(x, y, TICK, TICK)


def _draw_characteristics(canvas: Canvas, character: SolCharacter, spill: Spill, y: float,
                          width: float, form: SheetForm) -> float:
    """The four characteristics in boxes side by side, and the points spent under them."""
    inner = width - 2 * MARGIN
    gap = 8.0
    box_w = (inner - 3 * gap) / 4
    box_h = 132.0
    y -= 12 + box_h
    for i, key in enumerate(CHARACTERISTICS):
        rating = character.characteristics.get(key)
        rect = Rect(MARGIN + i * (box_w + gap), y, box_w, box_h)
        _box(canvas, rect, LABELS[key])
        draw_string(canvas, rect.x + rect.w / 2, rect.top - 52, str(rating), Face.BOLD, 34,
                    align="center")
        form.text(key, Rect(rect.x + 8, rect.top - 58, rect.w - 16, 38), str(rating),
                  LABELS[key], size=26, align="center")
        canvas.setFillColorRGB(*GREY)
        draw_text(canvas, scale_label(key, rating), Rect(rect.x + 6, rect.y + 44,
                  rect.w - 12, 28), size=8, min_size=7, max_lines=2, multiline=True,
                  align="center")
        canvas.setFillColorRGB(0, 0, 0)
        special = character.specialty(key)
        text = f"Specialty: {special.name}" if special else "Specialty: -"
        special_rect = Rect(rect.x + 6, rect.y + 22, rect.w - 12, 20)
        spill.draw(canvas, f"{LABELS[key]} specialty", text, special_rect, size=8,
                   max_lines=2, align="center")
        form.text(f"{key}_specialty", special_rect, special.name if special else "",
                  f"{LABELS[key]} specialty", size=8, align="center")
        # the specialty's "in career" box (crossed: +1; empty: outside it, no gain); with
        # no specialty yet, crossed as the builder offers one: in the career
        in_career = special.in_career if special else True
        label_w = string_width(IN_CAREER, Face.CONDENSED, 8)
        left = rect.x + (rect.w - TICK - 4 - label_w) / 2
        tick = _tick_box(canvas, left, rect.y + 8, in_career)
        canvas.setFillColorRGB(*GREY)
        draw_string(canvas, left + TICK + 4, rect.y + 9.5, IN_CAREER, Face.CONDENSED, 8)
        canvas.setFillColorRGB(0, 0, 0)
        form.box(in_career_key(key), tick, in_career,
                 f"{LABELS[key]} specialty: crossed when it belongs to the career")
    draw_string(canvas, width - MARGIN, y - 12, f"{spent(character)} of {BUDGET} points",
                Face.CONDENSED, 8, align="right")
    return y


def _draw_wounds(canvas: Canvas, character: SolCharacter, y: float, width: float,
                 form: SheetForm) -> float:
    """A box per point of Grip (at most :data:`~.sheet_form.WOUND_BOXES`), the wounds
    crossed; each box is a checkbox too."""
    inner = width - 2 * MARGIN
    y -= 30
    wound_rect = Rect(MARGIN, y - 40, inner, 40)
    _box(canvas, wound_rect, "Grip now (cross one box per wound; all crossed: unconscious)")
    wounds = hurt(character)
    for i in range(wound_boxes(character)):
        bx = MARGIN + 10 + i * 20
        canvas.rect(bx, y - 33, 14, 14, stroke=1, fill=0)
        if i < wounds:
            canvas.line(bx, y - 33, bx + 14, y - 19)
            canvas.line(bx, y - 19, bx + 14, y - 33)
        form.box(f"wound_{i + 1}", Rect(bx, y - 33, 14, 14), i < wounds,
                 f"Grip box {i + 1}: crossed for a wound")
    return y - 52


_RATING_COLUMNS = (0.0, 0.40, 0.54, 0.65, 0.73)
_RATING_HEADS = ("Skill", "Characteristic", "In career", "Cards", "Why")
_RATING_ROW = 14.0
_UNDER_RATINGS = 150.0
"""The height kept under the ratings' table: the untrained note, what makes the character
not legal, and the least box of notes with the line under it."""


def _draw_ratings(canvas: Canvas, character: SolCharacter, spill: Spill, y: float,
                  width: float, form: SheetForm) -> float:
    """The table of effective ratings, then blank rows for skills learnt in play; the rows
    that do not fit go to the continuation, and so does, in full, every row with a cell cut
    short."""
    inner = width - 2 * MARGIN
    rated = effective_ratings(character)
    first_skill = len(rated) - len(character.skills)
    room = max(4, int((y - MARGIN - _UNDER_RATINGS) / _RATING_ROW) - 2 - NEW_SKILL_ROWS)
    hidden: list[str] = []
    if len(rated) > room:  # a very long skill list goes on after the first page
        hidden = [_rating_line(item) for item in rated[room - 1:]]
        rated = rated[: room - 1]
    cut = [_rating_line(item) for item in rated if not _rating_row_fits(item, inner)]
    hidden = cut + hidden
    table_h = 31 + _RATING_ROW * (len(rated) + NEW_SKILL_ROWS + 1) + (12 if hidden else 0)
    table = Rect(MARGIN, y - table_h, inner, table_h)
    _box(canvas, table, "Effective ratings (cards drawn)")
    row_y = table.top - 30
    canvas.setFillColorRGB(*GREY)
    for x, head in zip(_RATING_COLUMNS, _RATING_HEADS, strict=True):
        draw_string(canvas, MARGIN + 8 + x * (inner - 16), row_y, head, Face.CONDENSED_BOLD, 8)
    canvas.setFillColorRGB(0, 0, 0)
    row_y -= 5  # a little air under the column heads
    for index, item in enumerate(rated):
        row_y -= _RATING_ROW
        cells = _rating_cells(item, row_y, inner)
        for cell, rect in cells:
            draw_text(canvas, cell, rect, face=Face.CONDENSED, size=9, min_size=7)
        if index >= first_skill:  # a skill the player listed: its name, characteristic and
            number = index - first_skill + 1  # whether it is in the career
            skill = character.skills[number - 1]
            form.text(f"skill_{number}_name", cells[0][1], skill.name, f"Skill {number}",
                      size=9)
            form.text(f"skill_{number}_characteristic", cells[1][1],
                      LABELS[skill.characteristic],
                      f"Skill {number}: Edge, Grip, Point or Temper", size=9)
            tick = _tick_box(canvas, *_tick_at(cells[2][1], row_y), skill.in_career)
            form.box(f"skill_{number}_in_career", tick, skill.in_career,
                     f"Skill {number}: crossed when it belongs to the career")
    for row in range(NEW_SKILL_ROWS):  # blank rows: a skill learnt in play, written in
        row_y -= _RATING_ROW
        number = len(character.skills) + row + 1
        rects = _column_rects(row_y, inner)
        canvas.setStrokeColorRGB(*RULE)
        canvas.setLineWidth(0.5)
        for rect in rects[:2]:
            canvas.line(rect.x, row_y - 2, rect.right, row_y - 2)
        form.text(f"skill_{number}_name", rects[0], "", f"Skill {number}: a new skill's name",
                  size=9)
        form.text(f"skill_{number}_characteristic", rects[1], "",
                  f"Skill {number}: Edge, Grip, Point or Temper", size=9)
        tick = _tick_box(canvas, *_tick_at(rects[2], row_y), False)
        form.box(f"skill_{number}_in_career", tick, False,
                 f"Skill {number}: crossed when it belongs to the career")
    if hidden:
        canvas.setFillColorRGB(*GREY)
        draw_string(canvas, MARGIN + 8, table.y + 6, f"... {len(hidden)} more in full on "
                    f"p. {spill.page}", Face.CONDENSED, 8)
        canvas.setFillColorRGB(0, 0, 0)
        spill.items.insert(0, ("Effective ratings, continued", "\n".join(hidden)))
    return table.y - 10


def _tick_at(cell: Rect, row_y: float) -> tuple[float, float]:
    """Where a row's "in career" box goes: under its column's head, level with the row's
    capitals (its baseline is about 4 pt over ``row_y``)."""
    head = string_width(_RATING_HEADS[2], Face.CONDENSED_BOLD, 8)
    return cell.x + (head - TICK) / 2, row_y + 2.8


def _column_rects(row_y: float, inner: float) -> list[Rect]:
    """The cells' boxes of a row of the ratings' table, one per column."""
    found: list[Rect] = []
    for index, x in enumerate(_RATING_COLUMNS):
        end = _RATING_COLUMNS[index + 1] if index + 1 < len(_RATING_COLUMNS) else 1.0
        cell_w = (end - x) * (inner - 16) - 6
        found.append(Rect(MARGIN + 8 + x * (inner - 16), row_y - 3, cell_w, _RATING_ROW))
    return found


def _rating_cells(item: RatedSkill, row_y: float, inner: float) -> list[tuple[str, Rect]]:
    """The cells of one row of the ratings' table, each with its box (the "in career"
    cell holds no text: a listed skill's box goes there)."""
    cells = (item.name, LABELS[item.characteristic], "", str(item.rating),
             item.how + ("; GM may forbid" if item.gm_ruling else ""))
    return list(zip(cells, _column_rects(row_y, inner), strict=True))


def _rating_row_fits(item: RatedSkill, inner: float) -> bool:
    """False when a cell of the row is cut short (every cell is still printed, and
    the whole row goes on, in full, on the continuation)."""
    return not any(fit_text(cell, rect.w, rect.h, face=Face.CONDENSED, size=9,
                            min_size=7).truncated
                   for cell, rect in _rating_cells(item, 0.0, inner))


def _draw_untrained_and_problems(canvas: Canvas, character: SolCharacter, y: float,
                                 width: float) -> float:
    """The GM's note on untrained skills, and what makes the character not legal."""
    inner = width - 2 * MARGIN
    note = Rect(MARGIN, y - 44, inner, 44)
    _box(canvas, note, "Untrained")
    draw_text(canvas, UNTRAINED_NOTE, Rect(note.x + 8, note.y + 4, note.w - 16, 20),
              face=Face.CONDENSED, size=8, min_size=7, max_lines=2, multiline=True)
    y = note.y - 10
    errors = [p.message for p in problems(character) if p.severity == "error"]
    if errors:
        canvas.setFillColorRGB(0.6, 0, 0)
        draw_text(canvas, "Not legal: " + " ".join(errors), Rect(MARGIN, y - 24, inner, 24),
                  face=Face.CONDENSED, size=8, min_size=7, max_lines=2, multiline=True)
        canvas.setFillColorRGB(0, 0, 0)
        y -= 30
    return y


def _draw_notes(canvas: Canvas, character: SolCharacter, spill: Spill, y: float,
                width: float, form: SheetForm) -> None:
    """The notes fill the rest of the page; the rule of the cards goes at its foot."""
    inner = width - 2 * MARGIN
    notes = Rect(MARGIN, MARGIN + 16, inner, max(40.0, y - MARGIN - 16))
    _box(canvas, notes, "Notes")
    text = Rect(notes.x + 8, notes.y + 6, notes.w - 16, notes.h - 24)
    if character.notes.strip():
        spill.draw(canvas, "Notes, continued", character.notes, text, size=9,
                   max_lines=None, multiline=True)
    form.text("notes", text, character.notes, "Notes", size=9, multiline=True)
    canvas.setFillColorRGB(*GREY)
    draw_string(canvas, MARGIN, MARGIN, "Draw as many cards as the rating: red succeeds, black "
                "fails; more successes than the other side wins by the difference.",
                Face.CONDENSED, 7)
    canvas.setFillColorRGB(0, 0, 0)


def _rating_line(item: RatedSkill) -> str:
    return (f"{item.name}: {LABELS[item.characteristic]}, {item.rating} cards, {item.how}"
            + ("; GM may forbid" if item.gm_ruling else ""))


def draw_continuation(canvas: Canvas, character: SolCharacter, size: tuple[float, float],
                      spill: Spill) -> int:
    """The pages after a character's first that hold what ``spill`` kept (ends the
    first page); the number of pages drawn (0 when nothing was kept)."""
    if not spill:
        return 0
    flow = Flow(canvas, size, f"{character.name or 'Unnamed character'}, continued",
                margin=MARGIN)
    flow.spilled(spill)
    return flow.pages


def export_sheets(paths: Sequence[Path], out: Path, paper: PaperSize | None = None, *,
                  first_page: int = 1) -> int:
    """Write one PDF: a page per character, and a record (as many pages as it needs) per
    conflict; nothing is written if one cannot be read. Returns the pages written."""
    from seforge.systems.sword_of_life import documents as kinds

    documents: list[SolCharacter | SolConflict] = []
    for path in paths:
        format_id = peek_format(path)
        if CHARACTER.accepts(format_id):
            documents.append(CHARACTER.load(path))
        elif kinds.CONFLICT.accepts(format_id):  # the conflict's models load only here
            documents.append(kinds.CONFLICT.load(path))
        else:
            raise DocumentFileError(path.name, "only a Sword of Life character or conflict "
                                    "prints", field="format")
    return write_pdf(documents, out, paper, first_page=first_page)


def write_pdf(documents: Sequence[SolCharacter | SolConflict], out: Path,
              paper: PaperSize | None = None, *, first_page: int = 1) -> int:
    register_fonts()
    size = PAGE_SIZES[paper or default_paper_for_locale()]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, initialFontName=Face.REGULAR.value,
                    initialFontSize=9)  # no unembedded Helvetica
    number_pages_from(canvas, first_page)
    conflicts = [d for d in documents if not isinstance(d, SolCharacter)]
    canvas.setTitle("Sword of Life conflict" if conflicts and len(conflicts) == len(documents)
                    else "Sword of Life characters")
    form: SheetForm | None = None
    if len(conflicts) < len(documents):  # a character's sheet: fillable, read back by this
        canvas.setSubject(SUBJECT)
        form = SheetForm(canvas)
    pages = 0
    for document in documents:
        if isinstance(document, SolCharacter):
            spill = draw_sheet(canvas, document, size, form)
            pages += 1 + draw_continuation(canvas, document, size, spill)
        else:  # a conflict's record (its module loads with the first one)
            from seforge.systems.sword_of_life.record import draw_record

            pages += draw_record(canvas, document, size)
        canvas.showPage()
    canvas.save()
    atomic_write_bytes(out, buffer.getvalue())
    return pages
