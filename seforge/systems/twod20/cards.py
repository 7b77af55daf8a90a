"""PDF stat cards of 2d20 records: one card per record, four to a page (a GM's sheet).

Each card shows the record's attributes, the skills with a rating or Focus, the derived values
of :mod:`.records`, weapons with their damage dice (base + bonus), Harms, talents, gear and
notes. Text shrinks to 7 pt, never below; what still does not fit ends with "more on the next
card" and the next card (the record's name, then the rest) goes on with it, word for word.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, register_fonts
from seforge.core.pdf.geometry import PAGE_SIZES, PaperSize, Rect
from seforge.core.pdf.paper import default_paper_for_locale
from seforge.core.pdf.text import (
    ASCENT,
    DESCENT,
    ELLIPSIS,
    LEADING,
    draw_fitted,
    draw_text,
    fit_text,
)
from seforge.systems.twod20.models import Character, HarmKind, Weapon
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.records import attr, derived_values, rating
from seforge.systems.twod20.settings import HarmLimitRule

MARGIN = 28.0
GAP = 14.0
PER_PAGE = 4
INK = (0.15, 0.15, 0.15)
RULE = (0.55, 0.55, 0.55)
SHADE = (0.92, 0.92, 0.92)
MIN_PT = 7.0


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
    draw_text(canvas, text, band.inset(3, 1.5), face=Face.CONDENSED_BOLD, size=8.5,
              min_size=MIN_PT)
    return rect.below(15)


MARKER = "more on the next card"
"""How a card whose text goes on says so (the next card continues it)."""
BODY = 7.5
"""The size of a card's text (it shrinks to 7 pt, never below)."""
LINE = BODY * LEADING


Block = tuple[str, str]
"""One section of a card: its heading and its text (lines split at newlines)."""


def _skills_text(character: Character) -> str:
    """The skills a card lists (SRD: all; Conan: those trained) with rating, Focus, focuses."""
    shown = [s for s in character.skills if s.rating or s.focus or s.focuses]
    if character.profile is Profile.SRD2022:
        shown = list(character.skills)
    return "; ".join(
        f"{s.name} {s.rating}" + (f"/{s.focus}" if s.focus else "")
        + (f" ({s.focuses})" if s.focuses else "") for s in shown) or "none trained"


def _derived_text(character: Character) -> str:
    """The derived values, Armour, Courage, Fatigue and (a PC's) Fortune and Renown."""
    lines = [f"{d.label}: {d.value}" for d in derived_values(character)]
    lines.append(f"Armour {character.armour}, Courage {character.courage}"
                 + (f", Fatigue {character.fatigue}" if character.fatigue else ""))
    if character.role.value == "pc":
        lines.append(f"Fortune {character.fortune}"
                     + (f", Renown {character.renown}"
                        if character.profile is Profile.CONAN else ""))
    return "\n".join(lines)


def _tracks_text(character: Character) -> str:
    """The Stress marked now (SRD), or the Vigor and Resolve left (Conan)."""
    from seforge.systems.twod20.roller import track_left

    if character.profile is Profile.CONAN:
        vigor, resolve = track_left(character, False), track_left(character, True)
        return (f"Vigor {vigor[0]} of {vigor[1]} left, "
                f"Resolve {resolve[0]} of {resolve[1]} left")
    marked, top = track_left(character, False)
    return f"Stress {marked} of {top} marked"


def _harms_text(character: Character) -> str:
    """The Harms (against the limit when the record's rule has one), Wounds and Traumas
    counted, then each by name; under them the Stress marked (or Vigor and Resolve left)."""
    wounds = sum(h.kind is HarmKind.WOUND for h in character.harms)
    limit = (f"/{character.settings.harm_limit}"
             if character.settings.harm_limit_rule is HarmLimitRule.DEFEATED else "")
    harm_line = (f"Harms {len(character.harms)}{limit}: "
                 f"{wounds} Wound(s), {len(character.harms) - wounds} Trauma(s)")
    if character.harms:
        harm_line += " — " + ", ".join(h.name or h.kind.value for h in character.harms)
    return f"{harm_line}\n{_tracks_text(character)}"


def card_blocks(character: Character) -> list[Block]:
    """Everything a record's card prints, section by section, in order."""
    info = profile_info(character.profile)
    blocks: list[Block] = [("Attributes", " · ".join(
        f"{name} {attr(character, name)}" for name in info.attributes))]
    blocks.append(("Skills (rating / Focus)", _skills_text(character)))
    blocks.append(("Derived", _derived_text(character)))
    if character.weapons:
        blocks.append(("Attacks", "\n".join(
            f"{weapon.name or 'Attack'} ({weapon.kind}): {weapon_damage(character, weapon)}"
            + (f", {weapon.qualities}" if weapon.qualities else "")
            for weapon in character.weapons)))
    blocks.append(("Harms", _harms_text(character)))
    for key, title in (("talents", "Talents"), ("gear", "Gear"), ("notes", "Notes")):
        text = str(getattr(character, key)).strip()
        if text:
            blocks.append((title, text))
    return blocks


def _card_frame(canvas: Canvas, character: Character, rect: Rect, continued: bool) -> Rect:
    """The card's border, title and role line; the body left under them."""
    info = profile_info(character.profile)
    canvas.setStrokeColorRGB(*RULE)
    canvas.setLineWidth(0.8)
    canvas.roundRect(rect.x, rect.y, rect.w, rect.h, 6, stroke=1, fill=0)
    canvas.setFillColorRGB(*INK)
    body = rect.inset(8)
    title = character.name.strip() or "Unnamed"
    fitted = draw_text(canvas, title, body.take_top(18 if not continued else 14),
                       face=Face.BOLD, size=13 if not continued else 10, min_size=8)
    if continued:
        body = body.below(14)
        return body
    body = body.below(18)
    role = "Player character" if character.role.value == "pc" else "NPC"
    if fitted.truncated:  # a long name prints in full under it
        return _flow_blocks(canvas, [("Name", title)], body, limit=3)[1]
    draw_text(canvas, f"{role} · {info.title}", body.take_top(11), face=Face.CONDENSED,
              size=8)
    return body.below(14)


def _flow_blocks(canvas: Canvas, blocks: list[Block], body: Rect, *,
                 limit: int | None = None) -> tuple[list[Block], Rect]:
    """Draw ``blocks`` down ``body`` (each under a shaded heading); what does not fit
    ends with :data:`MARKER` and is given back (with the body left unused)."""
    blocks = list(blocks)
    while blocks:
        heading, text = blocks[0]
        later = len(blocks) > 1
        room = body.h - 15 - (LINE if later else 0)  # a marker line always fits after
        if room < BODY * (ASCENT + DESCENT):
            break
        body = _heading(canvas, body, heading)
        fitted = fit_text(text, body.w, room, face=Face.CONDENSED, size=BODY,
                          min_size=MIN_PT, max_lines=limit, multiline=True, marker=MARKER)
        draw_fitted(canvas, fitted, body.take_top(fitted.height))
        body = body.below(fitted.height + 3)
        if fitted.rest:
            title = heading if heading.endswith(", continued") else f"{heading}, continued"
            blocks[0] = (title, f"{ELLIPSIS} {fitted.rest}")
            return blocks, body
        blocks.pop(0)
    if blocks:
        draw_text(canvas, MARKER, body.take_top(LINE), face=Face.CONDENSED, size=BODY,
                  min_size=MIN_PT)
    return blocks, body


def draw_card(canvas: Canvas, character: Character, rect: Rect,
              blocks: list[Block] | None = None) -> list[Block]:
    """One record's card inside ``rect``: with ``blocks``, a card that continues the
    record's card before it. What does not fit is given back, to go on the next card."""
    continued = blocks is not None
    body = _card_frame(canvas, character, rect, continued)
    left, _body = _flow_blocks(canvas, card_blocks(character) if blocks is None else blocks,
                               body)
    return left


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
    pages, slot = 0, 0
    for character in characters:
        left: list[Block] | None = None
        while True:
            if slot == len(rects):
                canvas.showPage()
                pages, slot = pages + 1, 0
            left = draw_card(canvas, character, rects[slot], left)
            slot += 1
            if not left:
                break
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
