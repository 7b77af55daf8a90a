"""The printed scoundrel sheet (one page per scoundrel) and crew sheet, as a PDF.

Drawn with the core's PDF primitives (fonts with fallback, fitted text), on the
locale's paper. Everything printed is read from the document and the rules module; the
sheet restates no rule.
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
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades import rules
from seforge.systems.blades.facts import ARMOR_BOXES, ATTRIBUTES, TRAUMA_CONDITIONS
from seforge.systems.blades.models import Crew, Scoundrel

MARGIN = 36.0
INK = (0.1, 0.1, 0.1)
SHADE = (0.88, 0.88, 0.88)


def _box(canvas: Canvas, x: float, y: float, size: float, filled: bool) -> None:
    canvas.setStrokeColorRGB(*INK)
    canvas.setFillColorRGB(*(INK if filled else (1, 1, 1)))
    canvas.rect(x, y, size, size, stroke=1, fill=1)
    canvas.setFillColorRGB(*INK)


def _dot(canvas: Canvas, x: float, y: float, radius: float, filled: bool) -> None:
    canvas.setStrokeColorRGB(*INK)
    canvas.setFillColorRGB(*(INK if filled else (1, 1, 1)))
    canvas.circle(x, y, radius, stroke=1, fill=1)
    canvas.setFillColorRGB(*INK)


def _heading(canvas: Canvas, x: float, y: float, width: float, text: str) -> float:
    canvas.setFillColorRGB(*SHADE)
    canvas.rect(x, y - 4, width, 15, stroke=0, fill=1)
    canvas.setFillColorRGB(*INK)
    draw_string(canvas, x + 4, y, text.upper(), Face.BOLD, 9)
    return y - 18


def _label_value(canvas: Canvas, x: float, y: float, width: float, label: str,
                 value: str) -> float:
    canvas.setFillColorRGB(*INK)
    draw_string(canvas, x, y, label, Face.CONDENSED_BOLD, 8)
    draw_text(canvas, value or "—", Rect(x + 70, y - 3, width - 70, 12), size=9, min_size=6)
    canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
    canvas.line(x + 70, y - 3, x + width, y - 3)
    return y - 16


def _track(canvas: Canvas, x: float, y: float, boxes: int, marked: int, size: float = 9,
           gap: float = 2) -> float:
    for i in range(boxes):
        _box(canvas, x + i * (size + gap), y - 2, size, i < marked)
    return x + boxes * (size + gap)


def draw_scoundrel(canvas: Canvas, sc: Scoundrel, width: float, height: float) -> None:
    top = height - MARGIN
    full = width - 2 * MARGIN
    canvas.setFillColorRGB(*INK)
    draw_text(canvas, sc.name or "Unnamed scoundrel", Rect(MARGIN, top - 22, full * 0.6, 24),
              face=Face.BOLD, size=18, min_size=10)
    draw_text(canvas, "Blades in the Dark — scoundrel", Rect(MARGIN + full * 0.6, top - 16,
              full * 0.4, 14), size=8, align="right")
    y = top - 40
    col = (full - 18) / 2
    left, right = MARGIN, MARGIN + col + 18
    y = _label_value(canvas, left, y, col, "Alias", sc.alias)
    yr = _label_value(canvas, right, top - 40, col, "Playbook", sc.playbook)
    y = _label_value(canvas, left, y, col, "Heritage", ", ".join(
        p for p in (sc.heritage, sc.heritage_detail) if p))
    yr = _label_value(canvas, right, yr, col, "Background", ", ".join(
        p for p in (sc.background, sc.background_detail) if p))
    y = _label_value(canvas, left, y, col, "Look", sc.look)
    yr = _label_value(canvas, right, yr, col, "Vice", " — ".join(
        p for p in (sc.vice, sc.vice_purveyor) if p))
    y = _label_value(canvas, left, y, col, "Close friend", sc.friend)
    yr = _label_value(canvas, right, yr, col, "Rival", sc.rival)
    y = min(y, yr) - 6

    # left column: attributes and actions
    yl = _heading(canvas, left, y, col, "Actions")
    attrs = rules.attributes(sc)
    for attribute in ATTRIBUTES:
        canvas.setFillColorRGB(*INK)
        draw_string(canvas, left + 2, yl, f"{attribute.capitalize()}  {attrs[attribute]}",
                    Face.BOLD, 10)
        length = rules.xp_track_length(sc, attribute)
        draw_string(canvas, left + col - length * 11 - 22, yl, "XP", Face.CONDENSED, 7)
        _track(canvas, left + col - length * 11, yl, length, sc.xp.get(attribute, 0), size=8)
        yl -= 15
        for action in sc.house.attribute_map[attribute]:
            rating = sc.actions.get(action, 0)
            for i in range(4):
                _dot(canvas, left + 10 + i * 12, yl + 3, 4, i < rating)
            canvas.setFillColorRGB(*INK)
            draw_string(canvas, left + 62, yl, action.capitalize(), Face.REGULAR, 10)
            yl -= 14
        yl -= 4
    yl = _heading(canvas, left, yl, col, "Playbook")
    draw_string(canvas, left + 2, yl, "XP", Face.CONDENSED, 7)
    _track(canvas, left + 20, yl, rules.xp_track_length(sc, "playbook"), sc.xp.get(
        "playbook", 0), size=8)
    yl -= 14
    fitted = draw_text(canvas, sc.xp_trigger or "—", Rect(left, yl - 20, col, 26), size=8,
                       min_size=6, max_lines=3, multiline=True)
    yl -= 8 + fitted.height
    yl = _heading(canvas, left, yl, col, "Special abilities")
    for ability in sc.special_abilities or ["—"]:
        draw_text(canvas, "• " + ability, Rect(left + 2, yl - 3, col - 2, 12), size=9,
                  min_size=6)
        yl -= 13
    yl -= 4
    yl = _heading(canvas, left, yl, col, "Ledger")
    for line in rules.ledger_lines(sc)[1:]:
        draw_text(canvas, line, Rect(left + 2, yl - 3, col - 2, 12), size=8, min_size=5.5)
        yl -= 12

    # right column: stress, trauma, harm, armor, coin, load
    yr = _heading(canvas, right, y, col, "Stress and trauma")
    _track(canvas, right + 2, yr, sc.house.stress_boxes, sc.stress, size=11, gap=3)
    yr -= 18
    for i, condition in enumerate(TRAUMA_CONDITIONS):
        cx = right + 2 + (i % 4) * (col / 4)
        cy = yr - (i // 4) * 14
        marked = condition in sc.trauma
        _box(canvas, cx, cy - 2, 8, marked)
        canvas.setFillColorRGB(*INK)
        draw_string(canvas, cx + 11, cy, condition, Face.BOLD if marked else Face.REGULAR, 8.5)
    yr -= 34
    if rules.retired(sc):
        draw_string(canvas, right + 2, yr, "Retired: four trauma conditions", Face.BOLD, 9)
        yr -= 14
    yr = _heading(canvas, right, yr, col, "Harm")
    for level in (3, 2, 1):
        boxes = sc.house.harm_boxes[level - 1]
        row = sc.harm[level - 1]
        canvas.setFillColorRGB(*INK)
        draw_string(canvas, right + 2, yr, str(level), Face.BOLD, 10)
        cell = (col - 90) / boxes
        for b in range(boxes):
            bx = right + 16 + b * cell
            canvas.setStrokeColorRGB(*INK)
            canvas.rect(bx, yr - 4, cell - 4, 15, stroke=1, fill=0)
            if b < len(row):
                draw_text(canvas, row[b], Rect(bx + 2, yr - 3, cell - 8, 12), size=8,
                          min_size=5)
        draw_text(canvas, rules.HARM_PENALTIES[level - 1],
                  Rect(right + col - 70, yr - 3, 70, 12), size=8, min_size=6, align="right")
        yr -= 19
    yr -= 2
    yr = _heading(canvas, right, yr, col, "Armor")
    for i, box in enumerate(ARMOR_BOXES):
        bx = right + 2 + i * (col / 3)
        _box(canvas, bx, yr - 2, 9, box in sc.armor_used)
        canvas.setFillColorRGB(*INK)
        draw_string(canvas, bx + 13, yr, box.capitalize(), Face.REGULAR, 9)
    yr -= 20
    yr = _heading(canvas, right, yr, col, "Coin and stash")
    draw_string(canvas, right + 2, yr, "Coin", Face.CONDENSED_BOLD, 8)
    _track(canvas, right + 30, yr, 4, sc.coin, size=9)
    draw_string(canvas, right + 90, yr, f"Stash {sc.stash} / 40 (lifestyle "
                f"{rules.lifestyle(sc)})", Face.REGULAR, 9)
    yr -= 14
    for stash_row in range(4):
        _track(canvas, right + 2, yr, 10, max(0, min(10, sc.stash - stash_row * 10)), size=7,
               gap=1.5)
        yr -= 10
    yr -= 6
    yr = _heading(canvas, right, yr, col, "Load")
    load_name = rules.load_level(sc.load)
    draw_string(canvas, right + 2, yr, f"Load {sc.load or '—'} ({load_name}); used "
                f"{rules.items_load(sc)}", Face.REGULAR, 9)
    yr -= 14
    for item in sc.items[:12]:
        draw_text(canvas, f"{'▪' * item.boxes or '·'} {item.name}",
                  Rect(right + 2, yr - 3, col - 2, 12), size=8.5, min_size=6)
        yr -= 12
    yr -= 4
    if sc.notes.strip():
        yr = _heading(canvas, right, yr, col, "Notes")
        draw_text(canvas, sc.notes, Rect(right, MARGIN + 14, col, max(20, yr - MARGIN - 10)),
                  size=8, min_size=6, max_lines=None, multiline=True)
    draw_string(canvas, MARGIN, MARGIN - 12, "Attributes are counted from the actions; "
                "stress, harm and XP lengths are house defaults you can change.",
                Face.CONDENSED, 6.5)


def draw_crew(canvas: Canvas, crew: Crew, width: float, height: float) -> None:
    top = height - MARGIN
    full = width - 2 * MARGIN
    draw_text(canvas, crew.name or "Unnamed crew", Rect(MARGIN, top - 22, full * 0.6, 24),
              face=Face.BOLD, size=18, min_size=10)
    draw_text(canvas, "Blades in the Dark — crew", Rect(MARGIN + full * 0.6, top - 16,
              full * 0.4, 14), size=8, align="right")
    y = top - 40
    y = _label_value(canvas, MARGIN, y, full, "Crew type", crew.crew_type)
    y = _label_value(canvas, MARGIN, y, full, "Tier / hold", f"{crew.tier} / {crew.hold}")
    y = _label_value(canvas, MARGIN, y, full, "Rep", f"{crew.rep} of "
                     f"{crew_rules.rep_to_fill(crew)} (turf {crew_rules.turf(crew)})")
    y = _label_value(canvas, MARGIN, y, full, "Heat / wanted", f"{crew.heat} / {crew.wanted}")
    y = _label_value(canvas, MARGIN, y, full, "Coin", f"{crew.coin} of "
                     f"{crew_rules.vault_cap(crew)}")
    y = _heading(canvas, MARGIN, y - 4, full, "Factions")
    for faction in crew.factions:
        status = crew_rules.STATUS_NAMES[faction.status]
        draw_text(canvas, f"{faction.name} — Tier {faction.tier}, {faction.hold} hold, "
                  f"status {faction.status:+d} ({status})", Rect(MARGIN + 2, y - 3, full, 12),
                  size=9)
        y -= 13
    y = _heading(canvas, MARGIN, y - 4, full, "Claims")
    for claim in crew.claims:
        draw_text(canvas, f"{'■' if claim.held else '□'} {claim.name}"
                  f"{' (turf)' if claim.turf else ''}", Rect(MARGIN + 2, y - 3, full, 12),
                  size=9)
        y -= 13
    y = _heading(canvas, MARGIN, y - 4, full, "Clocks")
    for clock in crew.clocks:
        draw_text(canvas, f"{clock.name} ({clock.kind})", Rect(MARGIN + 2, y - 3, 200, 12),
                  size=9)
        _track(canvas, MARGIN + 210, y, clock.segments, clock.filled, size=8)
        y -= 13


def render(documents: Sequence[Scoundrel | Crew], paper: PaperSize | None = None) -> bytes:
    """The PDF bytes with one page per document."""
    register_fonts()
    width, height = PAGE_SIZES[paper or default_paper_for_locale()]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), pageCompression=1,
                    initialFontName=Face.REGULAR.value, initialFontSize=10)
    canvas.setTitle(", ".join(d.name or "Unnamed" for d in documents))
    canvas.setCreator("SEForge")
    canvas.setSubject("Blades in the Dark sheets")
    for document in documents:
        if isinstance(document, Scoundrel):
            draw_scoundrel(canvas, document, width, height)
        else:
            draw_crew(canvas, document, width, height)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def export(paths: Sequence[Path], out: Path, paper: PaperSize | None = None) -> int:
    """Read every document first (DocumentFileError stops before writing), then write."""
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
    atomic_write_bytes(out, render(documents, paper))
    return len(documents)
