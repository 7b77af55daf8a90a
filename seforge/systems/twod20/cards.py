"""PDF stat cards of 2d20 records: one card per record, four to a page (a GM's sheet).

Each card shows the record's attributes, the skills with a rating or Focus, the derived values
of :mod:`.records`, weapons with their damage dice (base + bonus), Harms, talents and gear.
Text that does not fit shrinks, then ends with an ellipsis (``seforge.core.pdf.text``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, register_fonts
from seforge.core.pdf.geometry import PAGE_SIZES, PaperSize, Rect
from seforge.core.pdf.paper import default_paper_for_locale
from seforge.core.pdf.text import draw_text
from seforge.systems.twod20.models import Character, HarmKind, Weapon
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.records import attr, derived_values, rating

MARGIN = 28.0
GAP = 14.0
PER_PAGE = 4
INK = (0.15, 0.15, 0.15)
RULE = (0.55, 0.55, 0.55)
SHADE = (0.92, 0.92, 0.92)


def weapon_damage(character: Character, weapon: Weapon) -> str:
    """A weapon's damage dice with the character's bonus, e.g. "3+2 [CD]"."""
    die = "[CD]" if character.profile is Profile.SRD2022 else "combat dice"
    if character.profile is Profile.CONAN:
        from seforge.systems.twod20.records import attribute_bonus

        source = {"melee": "Brawn", "ranged": "Awareness", "mental": "Personality"}[weapon.kind]
        bonus = attribute_bonus(attr(character, source))
    else:
        bonus = rating(character, "Talk" if weapon.kind == "mental" else "Fight")
    return f"{weapon.dice}+{bonus} {die}" if bonus else f"{weapon.dice} {die}"


def card_rects(paper: PaperSize) -> list[Rect]:
    width, height = PAGE_SIZES[paper]
    area = Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    rows = (Rect(area.x, area.y + (area.h + GAP) / 2, area.w, (area.h - GAP) / 2),
            Rect(area.x, area.y, area.w, (area.h - GAP) / 2))
    return [cell for row in rows for cell in row.columns(2, GAP)]


def _heading(canvas: Canvas, rect: Rect, text: str) -> Rect:
    band = rect.take_top(13)
    canvas.setFillColorRGB(*SHADE)
    canvas.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    canvas.setFillColorRGB(*INK)
    draw_text(canvas, text, band.inset(3, 1.5), face=Face.CONDENSED_BOLD, size=8.5)
    return rect.below(15)


def draw_card(canvas: Canvas, character: Character, rect: Rect) -> None:
    """One record's card inside ``rect``."""
    info = profile_info(character.profile)
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.8)
    canvas.roundRect(rect.x, rect.y, rect.w, rect.h, 6, stroke=1, fill=0)
    canvas.setFillColorRGB(*INK)
    body = rect.inset(8)
    title = character.name.strip() or "Unnamed"
    draw_text(canvas, title, body.take_top(18), face=Face.BOLD, size=13, min_size=8)
    body = body.below(18)
    role = "Player character" if character.role.value == "pc" else "NPC"
    draw_text(canvas, f"{role} · {info.title}", body.take_top(11), face=Face.CONDENSED,
              size=8)
    body = body.below(14)

    body = _heading(canvas, body, "Attributes")
    cells = body.take_top(24).columns(len(info.attributes), 2)
    for cell, name in zip(cells, info.attributes, strict=True):
        draw_text(canvas, name, cell.take_top(10), face=Face.CONDENSED, size=6.5,
                  min_size=4.5, align="center")
        draw_text(canvas, str(attr(character, name)), cell.below(10), face=Face.BOLD, size=11,
                  align="center")
    body = body.below(28)

    body = _heading(canvas, body, "Skills (rating / Focus)")
    shown = [s for s in character.skills if s.rating or s.focus or s.focuses]
    if character.profile is Profile.SRD2022:
        shown = list(character.skills)
    skill_text = "; ".join(
        f"{s.name} {s.rating}" + (f"/{s.focus}" if s.focus else "")
        + (f" ({s.focuses})" if s.focuses else "") for s in shown) or "none trained"
    draw_text(canvas, skill_text, body.take_top(36), face=Face.CONDENSED, size=8,
              min_size=6, max_lines=4)
    body = body.below(39)

    body = _heading(canvas, body, "Derived")
    lines = [f"{d.label}: {d.value}" for d in derived_values(character)]
    lines.append(f"Armour {character.armour}, Courage {character.courage}"
                 + (f", Fatigue {character.fatigue}" if character.fatigue else ""))
    if character.role.value == "pc":
        lines.append(f"Fortune {character.fortune}"
                     + (f", Renown {character.renown}"
                        if character.profile is Profile.CONAN else ""))
    halves = body.take_top(11 * ((len(lines) + 1) // 2)).columns(2, 6)
    split = (len(lines) + 1) // 2
    for half, part in zip(halves, (lines[:split], lines[split:]), strict=True):
        for index, line in enumerate(part):
            draw_text(canvas, line, Rect(half.x, half.top - 11 * (index + 1), half.w, 11),
                      face=Face.CONDENSED, size=7.5, min_size=5.5)
    body = body.below(11 * split + 4)

    if character.weapons:
        body = _heading(canvas, body, "Attacks")
        for weapon in character.weapons[:4]:
            text = (f"{weapon.name or 'Attack'} ({weapon.kind}): "
                    f"{weapon_damage(character, weapon)}"
                    + (f", {weapon.qualities}" if weapon.qualities else ""))
            draw_text(canvas, text, body.take_top(11), face=Face.CONDENSED, size=7.5,
                      min_size=5.5)
            body = body.below(11)
        body = body.below(3)

    wounds = sum(h.kind is HarmKind.WOUND for h in character.harms)
    harm_line = (f"Harms {len(character.harms)}/{character.settings.harm_limit}: "
                 f"{wounds} Wound(s), {len(character.harms) - wounds} Trauma(s)")
    if character.harms:
        harm_line += " — " + ", ".join(h.name or h.kind.value for h in character.harms)
    body = _heading(canvas, body, "Harms")
    draw_text(canvas, harm_line, body.take_top(20), face=Face.CONDENSED, size=7.5,
              min_size=5.5, max_lines=2)
    body = body.below(23)

    rest = "\n".join(part for part in (
        f"Talents: {character.talents.strip()}" if character.talents.strip() else "",
        f"Gear: {character.gear.strip()}" if character.gear.strip() else "",
    ) if part)
    if rest and body.h > 20:
        body = _heading(canvas, body, "Talents and gear")
        draw_text(canvas, rest, body, face=Face.CONDENSED, size=7.5, min_size=5.5,
                  max_lines=None, multiline=True)


def render_cards(characters: Sequence[Character], paper: PaperSize | str | None = None
                 ) -> tuple[bytes, int]:
    """The PDF bytes of the cards (four to a page) and the page count."""
    if not characters:
        raise ValueError("no 2d20 records to print")
    register_fonts()
    size = PaperSize(paper) if paper is not None else default_paper_for_locale()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=PAGE_SIZES[size], pageCompression=1,
                    initialFontName=Face.REGULAR.value, initialFontSize=10)
    canvas.setTitle("2d20 stat cards")
    canvas.setCreator("SEForge")
    rects = card_rects(size)
    pages = 0
    for start in range(0, len(characters), PER_PAGE):
        for character, rect in zip(characters[start:start + PER_PAGE], rects, strict=False):
            draw_card(canvas, character, rect)
        canvas.showPage()
        pages += 1
    canvas.save()
    return buffer.getvalue(), pages


def export_cards(paths: Sequence[Path], out: Path, paper: PaperSize | str | None = None) -> int:
    """Read every record (DocumentFileError names the first bad one; nothing is written
    then), write the cards to ``out`` atomically and return the page count."""
    from seforge.core.atomic import atomic_write_bytes
    from seforge.core.documents import peek_format
    from seforge.systems.twod20.documents import CHARACTER_KIND

    characters: list[Character] = []
    for path in paths:
        if not CHARACTER_KIND.accepts(peek_format(path)):
            raise ValueError(f"{Path(path).name}: only 2d20 character or NPC records print "
                             "as stat cards")
        characters.append(CHARACTER_KIND.load(path))
    data, pages = render_cards(characters, paper)
    atomic_write_bytes(out, data)
    return pages
