"""Drawing one character's pages (or a blank sheet) on a ReportLab canvas.

Every section is drawn inside its rectangle from :mod:`seforge.systems.swords_edge.sheet.layout`;
every string goes through :func:`seforge.core.pdf.text.fit_text`. The hints are
SEForge's own summaries of the rules, not the book's wording.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, draw_string
from seforge.core.pdf.portrait import Portrait
from seforge.core.pdf.text import ASCENT, DESCENT, LEADING, Fitted, draw_text
from seforge.systems.swords_edge.models import Character, Element, ElementKind, Trait
from seforge.systems.swords_edge.play.state import effective_sfx, effective_trait, penalty_room
from seforge.systems.swords_edge.ranks import QUALITY_RANKS, Rank, format_modifier
from seforge.systems.swords_edge.sheet.editorial import player_notes
from seforge.systems.swords_edge.sheet.layout import (
    HEADING_H,
    PENALTY_BOXES,
    PLAYING_LABEL_W,
    TRACK_BOXES,
    ContinuationLayout,
    Rect,
    SheetLayout,
    penalty_row,
)
from seforge.systems.swords_edge.sheet.primitives import (
    ACCENT,
    FAINT,
    INK,
    MUTED,
    WASH,
    _footer,
    _hint,
    _label,
    _modifier_box,
    _section_heading,
    _tick_boxes,
    _title_band,
    box,
    hline,
)
from seforge.systems.swords_edge.sheet.spill import (
    BLOCK_GAP,
    BODY_SIZE,
    HEAD_H,
    HEAD_SIZE,
    Block,
    Spill,
)

HINTS: dict[str, str] = {
    "concept": "Who your character is in one phrase. Add it to a Momentum or an Action Test.",
    "background": "Where your character comes from. Add it to a Momentum or an Action Test.",
    "faculty": "What your character has a knack for. Add it to a Momentum or an Action Test.",
    "traits": "Body, presence and wits. The Trait you roll for Momentum may also "
              "count in the Action that follows.",
    "elements": "Each tied to a Trait. One used for Momentum can't also help the "
                "Action.",
    "luck": "Spend one to add a Trait or Element or reroll a die; at a scene's end, "
            "one clears one Penalty Rank taken in it. Gone when the session ends.",
    "advancement": "From a Pivot (one per scene) or a natural 2. Raise a Quality or buy "
                   "one at Good (one a session), clear all Penalties at a session's end, "
                   "avoid a Doom, or use as Luck.",
    "momentum": "Lost the Momentum? On your turn, roll a Momentum Test against the "
                "Action of the side that holds it. Win and you act; fail and their "
                "attack hits you as Undefended.",
    "pivots": "One Goal, one Quirk, one Style at most. Bring one into a scene to earn "
              "an Advancement at its end (one a scene).",
}

KIND_TAGS: dict[ElementKind, str] = {
    ElementKind.QUALITY: "",
    ElementKind.ITEM: "Item",
    ElementKind.SFX: "SFX",
    ElementKind.WEAKNESS: "Weakness",
    ElementKind.FETISH: "Fetish",
    ElementKind.STUNT: "Stunt",
}

@dataclass(frozen=True)
class SheetOptions:
    """How a sheet is printed."""

    clean_tracks: bool = False
    """Print Penalty, Luck and Advancement tracks empty (and no in-play values), for
    a sheet kept up to date in pencil."""
    fields: bool = True
    """Carry fill-in fields (AcroForm) holding the character's values."""
    party_summary: bool = False
    """Start with the GM's one-page party summary."""
    reference: bool = False
    """Follow each character's pages with a reference back page (Ranks, Levels,
    Stress, Recovery)."""




def modifier_text(rank: Rank) -> str:
    """``+6`` for Exceptional; Mythic has no modifier and shows a dash."""
    if not rank.is_quality_rank:
        return "\u2014"
    return format_modifier(rank.modifier)


# --- sections -----------------------------------------------------------------


def _spilled(c: Canvas, spill: Spill | None, title: str, text: str, rect: Rect,
             **kwargs: object) -> Fitted:
    """Draw ``text`` in ``rect``; with a ``spill``, what does not fit continues there."""
    marker = spill.marker() if spill is not None else None
    fitted = draw_text(c, text, rect, marker=marker, **kwargs)  # type: ignore[arg-type]
    if spill is not None:
        spill.keep(title, fitted)
    return fitted


def _who(c: Canvas, rect: Rect, character: Character | None, spill: Spill | None,
         *, label: str = "Who are you?") -> None:
    box(c, rect)
    inner = rect.inset(8, 5)
    _label(c, label, inner.take_top(9))
    if character is not None and character.name.strip():
        c.setFillColor(INK)
        _spilled(c, spill, "Name", character.name, inner.below(11), face=Face.BOLD,
                 size=16.0, min_size=7.0, max_lines=2, valign="middle")


def game_line(character: Character) -> str:
    """Campaign and genre, each once ("Western", not "Western · Western")."""
    parts: list[str] = []
    for part in (character.campaign, character.genre):
        part = " ".join(part.split())
        if part and part.casefold() not in (p.casefold() for p in parts):
            parts.append(part)
    return " \u00b7 ".join(parts)




def _playing(c: Canvas, rect: Rect, character: Character | None,
             spill: Spill | None) -> None:
    box(c, rect)
    inner = rect.inset(8, 5)
    _label(c, "What are you playing?", inner.take_top(9))
    if character is None:  # a blank sheet names its three lines (fields sit beside)
        body = inner.below(11)
        third = body.h / 3
        c.setFillColor(MUTED)
        for i, name in enumerate(("Campaign", "Genre", "Player")):
            row = Rect(body.x, body.top - (i + 1) * third, PLAYING_LABEL_W - 2, third)
            draw_text(c, name, row, face=Face.CONDENSED, size=7.0, min_size=7.0,
                      valign="middle")
            hline(c, body.x + PLAYING_LABEL_W, body.right, row.y + 1.5)
        return
    body = inner.below(11)
    game = game_line(character)
    player = character.player.strip()
    c.setFillColor(INK)
    if player:
        game_rect = body.take_top(body.h - 10)
        _spilled(c, spill, "Player", f"Player: {player}", Rect(body.x, body.y, body.w, 9),
                 face=Face.CONDENSED, size=7.5, min_size=7.0, valign="bottom")
    else:
        game_rect = body
    if game:
        _spilled(c, spill, "Campaign and genre", game, game_rect, face=Face.REGULAR,
                 size=10.5, min_size=7.0, max_lines=2, valign="middle")


def _quality(c: Canvas, rect: Rect, title: str, hint: str, name: str, rank: Rank | None,
             trait: Trait | None, *, show_trait: bool, spill: Spill | None) -> None:
    box(c, rect)
    inner = rect.inset(7, 6)
    mod = Rect(inner.right - 36, inner.top - 27, 36, 27)
    _modifier_box(c, mod, modifier_text(rank) if rank is not None else "")
    if rank is not None:
        c.setFillColor(MUTED)
        draw_text(c, rank.label, Rect(mod.x - 6, mod.y - 9, mod.w + 6, 8.5),
                  face=Face.CONDENSED, size=7.0, min_size=7.0, align="right")
    _label(c, title, Rect(inner.x, inner.top - 9, mod.x - inner.x - 6, 9))
    hint_rect = Rect(inner.x, inner.y, inner.w, 16)
    trait_rect = Rect(inner.x, hint_rect.top + 1, mod.x - inner.x - 4, 9)
    # the same room in all three boxes (Concept, Background, Faculty), so their names
    # sit on one line though only the Faculty prints its "Trait:" line under its name
    name_bottom = trait_rect.top + 1
    name_rect = Rect(inner.x, name_bottom, mod.x - inner.x - 6, inner.top - 11 - name_bottom)
    if name.strip():
        c.setFillColor(INK)
        _spilled(c, spill, title, name, name_rect, face=Face.BOLD, size=11.0, min_size=7.0,
                 max_lines=3, valign="middle")
    if show_trait:
        c.setFillColor(INK)
        draw_text(c, f"Trait: {trait.value}" if trait is not None else "Trait:", trait_rect,
                  face=Face.CONDENSED, size=7.5, min_size=7.0)
    _hint(c, hint, hint_rect, valign="bottom")


def in_play_text(character: Character, trait: Trait) -> str:
    """What a Trait works at mid-play ("Now −2 Weak") and a Doom waiting on it."""
    play = character.play
    penalty = play.penalty_ranks.get(trait, 0)
    parts: list[str] = []
    if penalty > 0:
        rank = effective_trait(character, trait)
        parts.append(f"Now {modifier_text(rank)} {rank.label}")
        scene = min(penalty, play.scene_penalty_ranks.get(trait, 0))
        if scene > 0:  # recoverable at the scene's end: kept apart from the rest
            parts[-1] += f", {scene} this scene"
    if play.doom_trait is trait:
        parts.append("Doom!")  # a Legendary one is explained in the notes box
    return " \u00b7 ".join(parts)


def doom_note(character: Character) -> str:
    """What a pending Legendary Doom adds, for the notes box (its Trait box has no
    room): the Basic Weakness it brings."""
    play = character.play
    if play.doom_trait is None or not play.doom_legendary:
        return ""
    return (f"Legendary Doom on {play.doom_trait.value} to resolve: it also adds a "
            "Basic Weakness.")


def _traits(c: Canvas, layout: SheetLayout, character: Character | None,
            options: SheetOptions, *, marks_in_fields: bool = False) -> None:
    _section_heading(c, layout.traits, "Traits", HINTS["traits"])
    labels = [str(-i) for i in range(1, PENALTY_BOXES + 1)]
    for trait, rect in zip((Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING),
                           layout.trait_boxes, strict=True):
        box(c, rect)
        inner = rect.inset(7, 6)
        mod = Rect(inner.right - 36, inner.top - 25, 36, 25)
        rank = character.trait_rank(trait) if character is not None else None
        _modifier_box(c, mod, modifier_text(rank) if rank is not None else "", size=14.0)
        c.setFillColor(INK)
        draw_text(c, trait.value.upper(), Rect(inner.x, inner.top - 12, mod.x - inner.x - 4, 12),
                  face=Face.BOLD, size=10.0, min_size=7.0)
        if rank is not None:
            c.setFillColor(MUTED)
            draw_text(c, rank.label, Rect(inner.x, inner.top - 22, mod.x - inner.x - 4, 9),
                      face=Face.CONDENSED, size=7.5, min_size=7.0)
        ticked = 0
        if character is not None and not options.clean_tracks:
            ticked = max(0, min(PENALTY_BOXES, character.play.penalty_ranks.get(trait, 0)))
            now = in_play_text(character, trait)
            if now:
                c.setFillColor(ACCENT)
                draw_text(c, now, Rect(inner.x, inner.y + 13, inner.w, 9),
                          face=Face.CONDENSED_BOLD, size=7.5, min_size=7.0, valign="middle")
        caption, cells = penalty_row(rect)
        c.setFillColor(MUTED)
        draw_text(c, "Penalty", caption, face=Face.CONDENSED, size=7.0, min_size=7.0,
                  valign="middle")
        _tick_boxes(c, cells, ticked, labels=labels, marks_in_fields=marks_in_fields)
        if character is not None:  # as the Play dock does: no box past Weak
            room = character.play.penalty_ranks.get(trait, 0) + penalty_room(character, trait)
            room = max(ticked, room)
            _cross_out(c, cells[room:])


def _cross_out(c: Canvas, cells: Sequence[Rect]) -> None:
    """A thin stroke from corner to corner over boxes a Trait cannot fill (past Weak),
    unlike a taken Penalty Rank's filled cross."""
    c.saveState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.7)
    for cell in cells:
        c.line(cell.x + 0.5, cell.top - 0.5, cell.right - 0.5, cell.y + 0.5)
    c.restoreState()


def element_tag(element: Element) -> str:
    """The mark shown beside an Element's name: SFX, Weakness, Stunt, Fetish, Item."""
    return KIND_TAGS.get(element.kind, "")


def element_extra(character: Character | None, element: Element, *,
                  in_play: bool = True) -> str:
    """The small line under an Element's name: its Fetish, its note, an SFX in play."""
    parts: list[str] = []
    if element.kind is ElementKind.FETISH and element.fetish_of:
        parts.append(f"for {element.fetish_of}")
    if element.note.strip():
        parts.append(element.note.strip())
    if in_play and character is not None and element.kind is ElementKind.SFX:
        penalty = character.play.sfx_penalty_ranks.get(element.name, 0)
        if penalty > 0:
            rank = effective_sfx(character, element)
            parts.append(f"Penalty {-penalty}: in play {modifier_text(rank)} {rank.label}")
    return " \u2014 ".join(parts)


def _element_row(c: Canvas, row: Rect, element: Element | None, *,
                 character: Character | None = None, spill: Spill | None = None,
                 options: SheetOptions = SheetOptions()) -> None:
    c.saveState()
    c.setStrokeColor(FAINT)
    c.setLineWidth(0.6)
    c.line(row.x, row.y, row.right, row.y)
    c.restoreState()
    mod = Rect(row.x + 1, row.y + 4, 30, row.h - 8)
    trait_w = 66.0
    tag_w = 44.0
    trait_rect = Rect(row.right - trait_w, row.y + 3, trait_w - 2, row.h - 6)
    tag_rect = Rect(trait_rect.x - tag_w - 4, row.y + 7, tag_w, row.h - 14)
    name_rect = Rect(mod.right + 7, row.y + 2, tag_rect.x - mod.right - 11, row.h - 4)
    if element is None:
        _modifier_box(c, mod, "")
        c.setFillColor(MUTED)
        draw_text(c, "Trait:", trait_rect, face=Face.CONDENSED, size=7.5, min_size=7.0,
                  valign="middle")
        return
    is_weakness = element.kind is ElementKind.WEAKNESS
    _modifier_box(c, mod, modifier_text(element.rank), size=11.0,
                  color=ACCENT if is_weakness else INK)
    tag = element_tag(element)
    if tag:
        color = ACCENT if is_weakness else MUTED
        box(c, tag_rect, stroke=color, width=0.7, radius=5.0)
        c.setFillColor(color)
        draw_text(c, tag.upper(), tag_rect.inset(2, 1), face=Face.CONDENSED_BOLD, size=7.0,
                  min_size=7.0, align="center", valign="middle")
    c.setFillColor(INK)
    trait_text = f"Trait: {element.trait.value}" if element.trait is not None else "Trait: \u2014"
    draw_text(c, trait_text, trait_rect, face=Face.CONDENSED, size=7.5, min_size=7.0,
              valign="middle")
    name = element.name.strip() or "(unnamed)"
    extra = element_extra(character, element, in_play=not options.clean_tracks)
    c.setFillColor(INK)
    short = " ".join(name.split()[:6])
    if extra:
        _spilled(c, spill, f"Element name: {short}", name, name_rect.take_top(12), face=Face.BOLD,
                 size=9.5, min_size=7.0, valign="middle")
        c.setFillColor(MUTED)
        _spilled(c, spill, f"Element: {short}", extra, name_rect.below(12),
                 face=Face.CONDENSED, size=7.0, min_size=7.0, valign="middle")
    else:
        _spilled(c, spill, f"Element name: {short}", name, name_rect, face=Face.BOLD, size=9.5,
                 min_size=7.0, max_lines=2, valign="middle")


def _elements(c: Canvas, section: Rect, rows: Sequence[Rect], elements: Sequence[Element],
              *, title: str, blank: bool, continued: bool = False,
              character: Character | None = None, spill: Spill | None = None,
              options: SheetOptions = SheetOptions()) -> None:
    _section_heading(c, section, title, HINTS["elements"])
    for i, row in enumerate(rows):
        if i < len(elements):
            _element_row(c, row, elements[i], character=character, spill=spill,
                         options=options)
        elif blank or not continued:
            _element_row(c, row, None)


PORTRAIT_SHARE = 0.4
"""With notes, the portrait takes at most this share of the notes box."""


def _notes(c: Canvas, rect: Rect, character: Character | None,
           portrait: Portrait | None, spill: Spill | None, *, in_play: bool = True) -> None:
    box(c, rect)
    inner = rect.inset(8, 6)
    _label(c, "Character notes / sketch", inner.take_top(9))
    body = inner.below(13)
    notes = player_notes(character) if character is not None else ""
    doom = doom_note(character) if character is not None and in_play else ""
    if doom:
        notes = f"{doom}\n{notes}" if notes else doom
    if portrait is not None:
        image_area = body if not notes else body.take_top(body.h * PORTRAIT_SHARE)
        portrait.draw(c, image_area)
        body = body.below(image_area.h + 6) if notes else Rect(body.x, body.y, body.w, 0)
    if notes:
        c.setFillColor(INK)
        _spilled(c, spill, "Character notes", notes, body, face=Face.CONDENSED, size=8.0,
                 min_size=7.0, max_lines=None, multiline=True)


def _track(c: Canvas, rect: Rect, cells: Sequence[Rect], title: str, hint: str,
           value: int | None, *, marks_in_fields: bool = False) -> None:
    box(c, rect)
    inner = rect.inset(8, 6)
    head = inner.take_top(9)
    _label(c, title, head)
    if value is not None and value > TRACK_BOXES:
        c.setFillColor(ACCENT)
        draw_text(c, f"{value}", head, face=Face.BOLD, size=8.0, min_size=7.0, align="right")
    _hint(c, hint, Rect(inner.x, inner.y + 17, inner.w, inner.h - 9 - 17), lines=3)
    _tick_boxes(c, cells, value or 0, held=True, marks_in_fields=marks_in_fields)


def _momentum(c: Canvas, rect: Rect) -> None:
    box(c, rect, stroke=ACCENT, width=1.0)
    band = rect.take_top(22)
    c.saveState()
    c.setFillColor(ACCENT)
    path = c.beginPath()
    r = 3.0
    path.moveTo(band.x, band.y)
    path.lineTo(band.x, band.top - r)
    path.arcTo(band.x, band.top - 2 * r, band.x + 2 * r, band.top, 180, -90)
    path.lineTo(band.right - r, band.top)
    path.arcTo(band.right - 2 * r, band.top - 2 * r, band.right, band.top, 90, -90)
    path.lineTo(band.right, band.y)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
    c.setFillColor(white)
    draw_text(c, "Seize Momentum!", band.inset(7, 3), face=Face.BOLD, size=10.5, min_size=7.0,
              valign="middle")
    c.setFillColor(INK)
    draw_text(c, HINTS["momentum"], rect.below(22).inset(8, 7), face=Face.CONDENSED,
              size=9.0, min_size=7.0, max_lines=None, valign="middle")


def _pivots(c: Canvas, layout: SheetLayout, character: Character | None,
            spill: Spill | None) -> None:
    rect = layout.pivots
    box(c, rect)
    inner = rect.inset(8, 6)
    _label(c, "Pivots", inner.take_top(9))
    _hint(c, HINTS["pivots"], Rect(inner.x, inner.top - 9 - 17, inner.w, 16))
    values: tuple[str | None, ...] = (None, None, None)
    if character is not None:
        p = character.pivots
        values = (p.goal, p.quirk, p.style)
    for label, value, row in zip(("Goal", "Quirk", "Style"), values, layout.pivot_rows,
                                 strict=True):
        if row is not layout.pivot_rows[-1]:
            c.saveState()
            c.setStrokeColor(FAINT)
            c.setLineWidth(0.6)
            c.line(row.x, row.y, row.right, row.y)
            c.restoreState()
        c.setFillColor(ACCENT)
        draw_text(c, label, Rect(row.x, row.y + 2, 32, row.h - 4), face=Face.CONDENSED_BOLD,
                  size=8.0, min_size=7.0, valign="middle")
        if value:
            c.setFillColor(INK)
            _spilled(c, spill, f"Pivot: {label}", value,
                     Rect(row.x + 36, row.y + 1, row.w - 36, row.h - 2),
                     face=Face.REGULAR, size=8.5, min_size=7.0, max_lines=3,
                     valign="middle")


def _ranks(c: Canvas, rect: Rect) -> None:
    box(c, rect)
    inner = rect.inset(8, 6)
    _label(c, "Ranks", inner.take_top(9))
    table = inner.below(12)
    rows: list[tuple[str, str, str]] = [("Rank", "Modifier", "TN")]
    rows += [(r.label, modifier_text(r), str(r.target_number)) for r in QUALITY_RANKS]
    rows.append((Rank.MYTHIC.label, "\u2014", str(Rank.MYTHIC.target_number)))
    row_h = table.h / len(rows)
    col_a, col_b, col_c = table.w * 0.44, table.w * 0.30, table.w * 0.26
    for i, (name, mod, tn) in enumerate(rows):
        row = Rect(table.x, table.top - (i + 1) * row_h, table.w, row_h)
        header = i == 0
        if not header and i % 2 == 1:
            c.saveState()
            c.setFillColor(WASH)
            c.rect(row.x, row.y, row.w, row.h, stroke=0, fill=1)
            c.restoreState()
        face = Face.CONDENSED_BOLD if header else Face.CONDENSED
        size = 7.0 if header else 7.5
        c.setFillColor(ACCENT if header else INK)
        cell = row.inset(3, 0.5)
        if header:
            name, mod, tn = name.upper(), mod.upper(), tn.upper()
        draw_text(c, name, Rect(cell.x, cell.y, col_a - 3, cell.h), face=face, size=size,
                  min_size=7.0, valign="middle")
        draw_text(c, mod, Rect(row.x + col_a, cell.y, col_b, cell.h), face=face, size=size,
                  min_size=7.0, align="center", valign="middle")
        draw_text(c, tn, Rect(row.x + col_a + col_b, cell.y, col_c - 3, cell.h), face=face,
                  size=size, min_size=7.0, align="right", valign="middle")
    c.saveState()
    c.setStrokeColor(ACCENT)
    c.setLineWidth(0.6)
    y = table.top - row_h
    c.line(table.x, y, table.right, y)
    c.restoreState()


# --- pages --------------------------------------------------------------------

FOOTER_TEXT = "Sword's Edge character sheet \u00b7 made with SEForge"


def draw_sheet(c: Canvas, layout: SheetLayout, character: Character | None,
               elements: Sequence[Element], *, portrait: Portrait | None,
               spill: Spill | None = None, label_form: str | None = None,
               options: SheetOptions = SheetOptions(), marks_in_fields: bool = False) -> None:
    """Page 1 of a character's sheet (``character`` None: a blank sheet).

    ``marks_in_fields``: the page gets checkbox fields, which draw the track marks.

    Text that does not fit goes to ``spill``; ``label_form`` names the form that
    holds the page label (drawn when the page count is known).
    """
    _title_band(c, layout.title_band, "SEForge")
    _who(c, layout.who, character, spill)
    _playing(c, layout.playing, character, spill)
    qualities = (
        ("concept", "Concept", layout.concept),
        ("background", "Background", layout.background),
        ("faculty", "Faculty", layout.faculty),
    )
    for key, title, rect in qualities:
        if character is None:
            _quality(c, rect, title, HINTS[key], "", None, None, show_trait=key == "faculty",
                     spill=None)
            continue
        q = getattr(character, key)
        trait = character.faculty.trait if key == "faculty" else None
        _quality(c, rect, title, HINTS[key], q.name, q.rank, trait,
                 show_trait=key == "faculty", spill=spill)
    _traits(c, layout, character, options, marks_in_fields=marks_in_fields)
    _elements(c, layout.elements, layout.element_rows, elements, title="Elements",
              blank=character is None, character=character, spill=spill, options=options)
    _notes(c, layout.notes, character, portrait, spill, in_play=not options.clean_tracks)
    play = character.play if character is not None and not options.clean_tracks else None
    _track(c, layout.luck, layout.luck_boxes, "Luck", HINTS["luck"],
           play.luck if play is not None else None, marks_in_fields=marks_in_fields)
    _track(c, layout.advancement, layout.advancement_boxes, "Advancement", HINTS["advancement"],
           len(play.advancements) if play is not None else None,
           marks_in_fields=marks_in_fields)
    _momentum(c, layout.momentum)
    _pivots(c, layout, character, spill)
    _ranks(c, layout.ranks)
    _footer(c, layout.footer, FOOTER_TEXT, label_form)


def _page_head(c: Canvas, layout: ContinuationLayout, character: Character) -> None:
    _title_band(c, layout.title_band, "SEForge")
    _who(c, layout.who, character, None, label="Who are you? \u2014 continued")


def draw_continuation(c: Canvas, layout: ContinuationLayout, character: Character,
                      elements: Sequence[Element], *, spill: Spill | None = None,
                      label_form: str | None = None,
                      options: SheetOptions = SheetOptions()) -> None:
    """A page with more of ``character``'s Elements."""
    _page_head(c, layout, character)
    _elements(c, layout.elements, layout.element_rows, elements,
              title="Elements (continued)", blank=False, continued=True,
              character=character, spill=spill, options=options)
    _footer(c, layout.footer, FOOTER_TEXT, label_form)


def draw_spill_page(c: Canvas, layout: ContinuationLayout, character: Character,
                    blocks: Sequence[Block], *, label_form: str | None = None) -> None:
    """A page with the text that did not fit in its box, each under its heading."""
    _page_head(c, layout, character)
    section = layout.elements
    _section_heading(c, section, "Continued",
                     "The rest of each text that did not fit its box, from where the "
                     "box stops, under the box's name.")
    y = section.top - HEADING_H - 4
    for block in blocks:
        c.setFillColor(ACCENT)
        title = f"{block.title} (continued)" if block.continued else block.title
        draw_text(c, title.upper(), Rect(section.x, y - HEAD_H + 3, section.w, HEAD_H - 3),
                  face=Face.CONDENSED_BOLD, size=HEAD_SIZE, min_size=7.0, valign="middle")
        y -= HEAD_H
        c.setFillColor(INK)
        baseline = y - BODY_SIZE * ASCENT
        for line in block.lines:
            draw_string(c, section.x, baseline, line, Face.CONDENSED, BODY_SIZE)
            baseline -= BODY_SIZE * LEADING
        y -= BODY_SIZE * (ASCENT + DESCENT) + (len(block.lines) - 1) * BODY_SIZE * LEADING
        y -= BLOCK_GAP
    _footer(c, layout.footer, FOOTER_TEXT, label_form)
