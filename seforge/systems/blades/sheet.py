"""The printed scoundrel and crew sheets, as a fillable PDF.

Page 1 of a scoundrel holds what is played from the table (identity, actions and XP,
stress, trauma, harm, the healing clock, armor, coin and stash, load and the items to
tick); the pages after it hold what is read (special abilities with what they do, the
XP triggers, friends and rivals, advances, notes) and as many pages as they need, so no
text is lost. A crew prints its identity, Tier, hold, rep, turf, heat and wanted, coin,
crew XP, upgrades, abilities, cohorts, claims, the faction ladder and round clocks.

Drawn with the core's PDF primitives (embedded fonts with fallback, fitted text, never
below 7 pt); the fields (:mod:`seforge.systems.blades.sheet_form`) let a player fill the
sheet in any PDF reader, and :func:`seforge.systems.blades.sheet_form.read_sheets` reads
it back. Everything printed comes from the document, the rules and the game data; the
sheet restates no rule.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from seforge.core.atomic import atomic_write_bytes
from seforge.core.pdf.flow import Flow as PageFlow
from seforge.core.pdf.fonts import Face, draw_string, register_fonts
from seforge.core.pdf.geometry import PAGE_SIZES, PaperSize, Rect
from seforge.core.pdf.paper import default_paper_for_locale
from seforge.core.pdf.text import Fitted, draw_fitted, draw_text, fit_text
from seforge.systems.blades import content, rules
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.facts import ARMOR_BOXES, ATTRIBUTES, TRAUMA_CONDITIONS
from seforge.systems.blades.models import Crew, Scoundrel
from seforge.systems.blades.sheet_form import (
    DATA_KEY,
    ON,
    Field,
    FormWriter,
    item_entries,
    upgrade_pool,
)

MARGIN = 36.0
INK = (0.1, 0.1, 0.1)
SHADE = (0.88, 0.88, 0.88)
MIN_PT = 7.0
"""Nothing on a sheet is printed smaller."""

GENERIC_TRIGGERS: tuple[str, ...] = (
    "You expressed your beliefs, drives, heritage or background.",
    "You struggled with issues from your vice or traumas.",
)
"""The two end-of-session triggers every scoundrel shares (SRD, PC Advancement,
lines 515-518), in our words."""


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


def _heading(canvas: Canvas, x: float, y: float, width: float, text: str) -> float:
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

    def cell(self, label: str, text: str, rect: Rect, **fit: object) -> Fitted:
        """Draw ``text`` fitted to ``rect`` (see :func:`draw_text`); a value that does not
        fit is given in full, under ``label``, on the page after."""
        fit.setdefault("min_size", MIN_PT)
        fitted = draw_text(self.canvas, text, rect, **fit)  # type: ignore[arg-type]
        if fitted.truncated:
            self.cut.append(f"{label}: {text}" if label else text)
        return fitted

    def field(self, key: str, rect: Rect, value: str, kind: str = "text",
              tooltip: str = "", size: float = 9.0) -> None:
        self.form.add(self.number, Field(key, rect, kind, tooltip, size),  # type: ignore[arg-type]
                      value)

    def check(self, key: str, x: float, y: float, size: float, on: bool,
              tooltip: str) -> None:
        _box(self.canvas, x, y, size, on)
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


# --- the scoundrel ---------------------------------------------------------------------


def _columns(sheet: Sheet) -> tuple[float, float, float]:
    """The first page's two columns: the left one's x, the right one's x and their width."""
    col = (sheet.width - 2 * MARGIN - 18) / 2
    return MARGIN, MARGIN + col + 18, col


def draw_scoundrel(sheet: Sheet, sc: Scoundrel) -> None:
    left, right, col = _columns(sheet)
    y = _scoundrel_identity(sheet, sc)
    yl = _actions(sheet, sc, left, y, col)
    _playbook_xp_and_abilities(sheet, sc, left, yl, col)
    yr = _stress_and_trauma(sheet, sc, right, y, col)
    yr = _harm_and_healing(sheet, sc, right, yr, col)
    yr = _armor_and_coin(sheet, sc, right, yr, col)
    entries = item_entries(sc)
    shown = _load_and_items(sheet, sc, right, yr, col, entries)
    draw_string(sheet.canvas, MARGIN, MARGIN - 12, "Attributes count the actions with a dot; "
                "stress, harm and XP lengths are house defaults. [n]: load of the item.",
                Face.CONDENSED, 7)
    sheet.field(DATA_KEY, Rect(0, 0, 0, 0), _data(sc), "hidden")
    _scoundrel_pages(sheet, sc, entries[len(shown):])


def _scoundrel_identity(sheet: Sheet, sc: Scoundrel) -> float:
    """The name, the playbook and the identity rows; the y below them."""
    top = sheet.height - MARGIN
    full = sheet.width - 2 * MARGIN
    sheet.canvas.setFillColorRGB(*INK)
    title = Rect(MARGIN, top - 22, full * 0.6, 24)
    sheet.cell("Name", sc.name or "Unnamed scoundrel", title, face=Face.BOLD, size=18,
               min_size=10)
    sheet.field("name", title, sc.name, tooltip="Name", size=14)
    sheet.cell("Playbook", "Blades in the Dark — " + (sc.playbook or "scoundrel"),
               Rect(MARGIN + full * 0.6, top - 16, full * 0.4, 14), size=8, align="right")
    y = top - 40
    left, right, col = _columns(sheet)
    y = sheet.label_value(left, y, col, "Alias", sc.alias, "alias")
    yr = sheet.label_value(right, top - 40, col, "Playbook", sc.playbook)
    y = sheet.label_value(left, y, col, "Heritage", ", ".join(
        p for p in (sc.heritage, sc.heritage_detail) if p), "heritage", sc.heritage)
    yr = sheet.label_value(right, yr, col, "Background", ", ".join(
        p for p in (sc.background, sc.background_detail) if p), "background", sc.background)
    y = sheet.label_value(left, y, col, "Look", sc.look, "look")
    yr = sheet.label_value(right, yr, col, "Vice", sc.vice)
    y = sheet.label_value(left, y, col, "Close friend ▲", sc.friend, "friend")
    yr = sheet.label_value(right, yr, col, "Purveyor", sc.vice_purveyor, "vice_purveyor")
    y = sheet.label_value(left, y, col, "Rival ▼", sc.rival, "rival")
    yr = sheet.label_value(right, yr, col, "Coin", f"{sc.coin} carried, {sc.stash} stashed")
    return min(y, yr) - 6


def _actions(sheet: Sheet, sc: Scoundrel, left: float, y: float, col: float) -> float:
    """Each attribute with its rating and XP track, and its actions' dots."""
    canvas = sheet.canvas
    yl = _heading(canvas, left, y, col, "Actions")
    attrs = rules.attributes(sc)
    for attribute in ATTRIBUTES:
        draw_string(canvas, left + 2, yl, f"{attribute.capitalize()}  {attrs[attribute]}",
                    Face.BOLD, 10)
        length = rules.xp_track_length(sc, attribute)
        draw_string(canvas, left + col - length * 11 - 22, yl, "XP", Face.CONDENSED, 7)
        for i in range(length):
            sheet.check(f"xp_{attribute}_{i + 1}", left + col - length * 11 + i * 11, yl - 2,
                        8, i < sc.xp.get(attribute, 0), f"{attribute.capitalize()} XP {i + 1}")
        yl -= 15
        for action in sc.house.attribute_map[attribute]:
            rating = sc.actions.get(action, 0)
            for i in range(4):
                _dot(canvas, left + 10 + i * 12, yl + 3, 4, i < rating)
            draw_string(canvas, left + 62, yl, action.capitalize(), Face.REGULAR, 10)
            yl -= 14
        yl -= 4
    return yl


def _playbook_xp_and_abilities(sheet: Sheet, sc: Scoundrel, left: float, yl: float,
                               col: float) -> None:
    """The playbook XP track, the XP triggers and the special abilities' names."""
    canvas = sheet.canvas
    yl = _heading(canvas, left, yl, col, "Playbook XP")
    length = rules.xp_track_length(sc, "playbook")
    for i in range(length):
        sheet.check(f"xp_playbook_{i + 1}", left + 2 + i * 11, yl - 2, 8,
                    i < sc.xp.get("playbook", 0), f"Playbook XP {i + 1}")
    yl -= 16
    for trigger in (sc.xp_trigger or "Your playbook's trigger.", *GENERIC_TRIGGERS):
        fitted = sheet.cell("XP trigger", "• " + trigger, Rect(left + 2, yl - 19, col - 2, 22),
                            size=8, max_lines=2)
        yl -= fitted.height + 3
    yl -= 12  # the heading's band sits above its baseline: clear the last line
    yl = _heading(canvas, left, yl, col, "Special abilities")
    for ability in sc.special_abilities or ["—"]:
        sheet.cell("Special ability", "• " + ability, Rect(left + 2, yl - 3, col - 2, 12),
                   size=9)
        yl -= 13
    draw_string(canvas, left + 2, yl, "What each does: see the next page.", Face.CONDENSED,
                7)


def _stress_and_trauma(sheet: Sheet, sc: Scoundrel, right: float, y: float,
                       col: float) -> float:
    canvas = sheet.canvas
    yr = _heading(canvas, right, y, col, "Stress and trauma")
    for i in range(sc.house.stress_boxes):
        sheet.check(f"stress_{i + 1}", right + 2 + i * 14, yr - 3, 11, i < sc.stress,
                    f"Stress {i + 1}")
    yr -= 18
    for i, condition in enumerate(TRAUMA_CONDITIONS):
        cx = right + 2 + (i % 4) * (col / 4)
        cy = yr - (i // 4) * 14
        marked = condition in sc.trauma
        sheet.check(f"trauma_{condition}", cx, cy - 2, 8, marked, f"Trauma: {condition}")
        draw_string(canvas, cx + 11, cy, condition, Face.BOLD if marked else Face.REGULAR, 8.5)
    yr -= 34
    if rules.retired(sc):
        draw_string(canvas, right + 2, yr, "Retired: four trauma conditions", Face.BOLD, 9)
        yr -= 14
    return yr


def _harm_and_healing(sheet: Sheet, sc: Scoundrel, right: float, yr: float,
                      col: float) -> float:
    """The three harm rows (worst first) with their penalties, then the healing clock."""
    canvas = sheet.canvas
    yr = _heading(canvas, right, yr, col, "Harm")
    harm_width = col - 70
    for level in (3, 2, 1):
        boxes = sc.house.harm_boxes[level - 1]
        row = sc.harm[level - 1]
        draw_string(canvas, right + 2, yr, str(level), Face.BOLD, 10)
        cell = (harm_width - 16) / boxes
        for b in range(boxes):
            bx = right + 16 + b * cell
            canvas.setStrokeColorRGB(*INK)
            canvas.rect(bx, yr - 4, cell - 4, 15, stroke=1, fill=0)
            rect = Rect(bx + 2, yr - 3, cell - 8, 12)
            text = row[b] if b < len(row) else ""
            if text:
                sheet.cell(f"Harm level {level}", text, rect, size=8)
            sheet.field(f"harm_{level}_{b + 1}", rect, text, tooltip=f"Harm level {level}")
        draw_text(canvas, rules.HARM_PENALTIES[level - 1],
                  Rect(right + harm_width, yr - 3, 68, 12), size=8, min_size=MIN_PT,
                  align="right")
        yr -= 19
    draw_clock(canvas, right + 14, yr - 14, 12, rules.HEALING_SEGMENTS,
               sc.healing + rules.HEALING_SEGMENTS - rules.healing_segments(sc))
    draw_text(canvas, "Healing clock: tick it when you recover in downtime; when it fills, "
              "each harm drops one level.", Rect(right + 32, yr - 28, col - 32, 26), size=8,
              min_size=MIN_PT, max_lines=3)
    return yr - 36


def _armor_and_coin(sheet: Sheet, sc: Scoundrel, right: float, yr: float,
                    col: float) -> float:
    """The armor boxes, the coin carried and the stash."""
    canvas = sheet.canvas
    yr = _heading(canvas, right, yr, col, "Armor")
    for i, box in enumerate(ARMOR_BOXES):
        bx = right + 2 + i * (col / 3)
        sheet.check(f"armor_{box}", bx, yr - 2, 9, box in sc.armor_used,
                    f"{box.capitalize()} armor used")
        draw_string(canvas, bx + 13, yr, box.capitalize(), Face.REGULAR, 9)
    yr -= 20
    yr = _heading(canvas, right, yr, col, "Coin and stash")
    draw_string(canvas, right + 2, yr, "Coin", Face.CONDENSED_BOLD, 8)
    for i in range(4):
        sheet.check(f"coin_{i + 1}", right + 30 + i * 11, yr - 2, 9, i < sc.coin,
                    f"Coin {i + 1}")
    draw_string(canvas, right + 90, yr, f"Stash {sc.stash} / 40 (lifestyle "
                f"{rules.lifestyle(sc)})", Face.REGULAR, 9)
    yr -= 14
    for stash_row in range(4):
        for i in range(10):
            _box(canvas, right + 2 + i * 8.5, yr - 2, 7, stash_row * 10 + i < sc.stash)
        yr -= 10
    return yr - 6


def _load_and_items(sheet: Sheet, sc: Scoundrel, right: float, yr: float, col: float,
                    entries: list[tuple[str, int, bool]]) -> list[tuple[str, int, bool]]:
    """The load and the items to tick, in two columns, as many as the page holds; the
    items shown."""
    canvas = sheet.canvas
    yr = _heading(canvas, right, yr, col, "Load and items")
    draw_string(canvas, right + 2, yr, f"Load {sc.load or '—'} ({rules.load_level(sc.load)}); "
                f"used {rules.items_load(sc)}. Light 1-3, normal 4-5, heavy 6.",
                Face.REGULAR, 8)
    yr -= 13
    half = (col - 4) / 2
    rows = math.ceil(len(entries) / 2)
    room = int((yr - MARGIN - 8) // 11)
    shown = entries[: 2 * min(rows, room)]
    per_column = math.ceil(len(shown) / 2)
    for n, (name, load, on) in enumerate(shown):
        ix = right + 2 + (n // per_column) * half if per_column else right + 2
        iy = yr - (n % per_column) * 11
        face = Face.CONDENSED if load == 0 else Face.REGULAR  # no-load items set apart
        sheet.check(f"item_{n + 1}", ix, iy - 1, 7, on, f"Carry {name}")
        sheet.cell("Item", f"{name}" + (f" [{load}]" if load else ""),
                   Rect(ix + 10, iy - 3, half - 12, 11), face=face, size=7.5)
    return shown


def _scoundrel_pages(sheet: Sheet, sc: Scoundrel,
                     more_items: list[tuple[str, int, bool]]) -> None:
    """The pages after the first: items that did not fit, abilities with what they do,
    XP triggers, friends and rivals, advances and notes."""
    flow = Flow(sheet, f"{sc.name or 'Unnamed scoundrel'} — abilities, people and notes")
    if more_items:
        flow.heading("Items, continued")
        for name, load, on in more_items:
            flow.text(f"{'☒' if on else '☐'} {name}" + (f" [{load}]" if load else ""))
    book = content.playbook(sc.playbook)
    _abilities_in_full(flow, sc, book)
    flow.heading("XP triggers (1 XP, or 2 if it happened a lot)")
    for trigger in (sc.xp_trigger or "Your playbook's trigger.", *GENERIC_TRIGGERS):
        flow.text("• " + trigger)
    flow.text("• A desperate action roll marks 1 XP in its attribute.")
    if book is not None:
        flow.heading("Friends ▲ and rivals ▼")
        for person in book.friends:
            mark = ("▲ " if person.name == sc.friend else "▼ " if person.name == sc.rival
                    else "   ")
            flow.text(f"{mark}{person.label()}")
    if sc.advances:
        flow.heading("Advances")
        for advance in sc.advances:
            gained = advance.action.capitalize() or advance.ability
            flow.text(f"{advance.track.capitalize()}: {gained}")
    _notes(sheet, flow, sc.notes)


def _abilities_in_full(flow: PageFlow, sc: Scoundrel, book: content.PlaybookData | None) -> None:
    """The scoundrel's special abilities with what each does, then the playbook's others."""
    flow.heading("Special abilities")
    for name in sc.special_abilities:
        found = book.ability(name) if book else None
        flow.text(name, face=Face.BOLD)
        if found is not None:
            flow.text(found.summary + ("; uses special armor" if found.special_armor else ""),
                      indent=10, size=8.5)
    if book is not None:
        others = [a for a in book.special_abilities if a.name not in sc.special_abilities]
        if others:
            flow.text("Others of the playbook (taken with playbook advances):",
                      face=Face.CONDENSED_BOLD, size=8.5)
            for other in others:
                flow.text(f"{other.name}: {other.summary}", indent=10, size=8)


def _notes(sheet: Sheet, flow: PageFlow, notes: str) -> None:
    """The notes, printed and as a multi-line field the size of what they take."""
    flow.heading("Notes")
    notes_top = flow.y
    flow.text(notes or " ", multiline=True)
    sheet.field("notes", Rect(MARGIN, max(MARGIN, flow.y - 40), flow.w,
                              max(40.0, notes_top - flow.y + 40)), notes, "multiline",
                "Notes")


def _data(document: Scoundrel | Crew) -> str:
    from seforge.systems.blades.documents import CREW, SCOUNDREL

    kind = CREW if isinstance(document, Crew) else SCOUNDREL
    return json.dumps({"format": kind.format_id, "version": 1,
                       **document.model_dump(mode="json")}, ensure_ascii=False)


# --- the crew ----------------------------------------------------------------------------


def draw_crew(sheet: Sheet, crew: Crew) -> None:
    data = content.crew_type(crew.crew_type)
    left, right, col = _columns(sheet)
    y = _crew_identity(sheet, crew)
    yl = _crew_tracks(sheet, crew, data, left, y, col)
    _upgrades(sheet, crew, left, yl, col)
    yr = _crew_abilities_and_cohorts(sheet, crew, data, right, y, col)
    _claims(sheet, crew, right, yr, col)
    flow = Flow(sheet, f"{crew.name or 'Unnamed crew'} — factions, clocks and notes")
    _more_claims_and_factions(flow, crew)
    _clocks(sheet, flow, crew)
    if data is not None:
        flow.heading("Contacts")
        for person in data.contacts:
            flow.text(("★ " if person.name == crew.contact else "   ") + person.label())
    _notes(sheet, flow, crew.notes)
    sheet.field(DATA_KEY, Rect(0, 0, 0, 0), _data(crew), "hidden")


def _crew_identity(sheet: Sheet, crew: Crew) -> float:
    """The crew's name, type and identity rows (Tier and hold as war counts them); the y
    below them."""
    top = sheet.height - MARGIN
    full = sheet.width - 2 * MARGIN
    title = Rect(MARGIN, top - 22, full * 0.6, 24)
    sheet.cell("Name", crew.name or "Unnamed crew", title, face=Face.BOLD, size=18,
               min_size=10)
    sheet.field("name", title, crew.name, tooltip="Crew name", size=14)
    sheet.cell("Crew type", "Blades in the Dark — " + (crew.crew_type or "crew"),
               Rect(MARGIN + full * 0.6, top - 16, full * 0.4, 14), size=8, align="right")
    left, right, col = _columns(sheet)
    y = top - 40
    y = sheet.label_value(left, y, col, "Reputation", crew.reputation, "reputation")
    yr = sheet.label_value(right, top - 40, col, "Crew type", crew.crew_type)
    y = sheet.label_value(left, y, col, "Lair", crew.lair, "lair")
    yr = sheet.label_value(right, yr, col, "Hunting", crew.hunting_grounds)
    y = sheet.label_value(left, y, col, "Contact", crew.contact, "contact")
    effective = crew.tier - (1 if crew_rules.at_war(crew) and crew.hold == "weak" and
                             "War Dogs" not in crew.special_abilities else 0)
    yr = sheet.label_value(right, yr, col, "Tier / hold", f"{crew.tier} / {crew.hold}" + (
        f" (at war: counts as {max(0, effective)})" if effective != crew.tier else "") + (
        ", mastery" if crew.mastery else ""))
    return min(y, yr) - 6


def _crew_tracks(sheet: Sheet, crew: Crew, data: content.CrewTypeData | None, left: float,
                 y: float, col: float) -> float:
    """Rep, heat, wanted, coin and crew XP as rows of boxes, the XP trigger and the war's
    effects; the y below them."""
    canvas = sheet.canvas
    yl = _heading(canvas, left, y, col, "Rep, turf, heat, coin, XP")
    fill = crew_rules.rep_to_fill(crew)

    def track(label: str, boxes: int, marked: int, yy: float, note: str = "",
              key: str = "") -> float:
        draw_string(canvas, left + 2, yy, label, Face.CONDENSED_BOLD, 8)
        for i in range(boxes):
            sheet.check(f"{key}_{i + 1}", left + 60 + i * 10, yy - 2, 8, i < marked,
                        f"{label} {i + 1}")
        if note:
            draw_text(canvas, note, Rect(left + 64 + boxes * 10, yy - 3,
                                         col - 64 - boxes * 10, 12), size=7.5,
                      min_size=MIN_PT)
        return yy - 14

    yl = track("Rep", fill, crew.rep, yl, f"of {fill} (turf {crew_rules.turf(crew)})",
               "rep")
    yl = track("Heat", crew.heat_boxes, crew.heat, yl, f"wanted {crew.wanted}", "heat")
    yl = track("Wanted", 4, crew.wanted, yl, key="wanted")
    yl = track("Coin", crew_rules.vault_cap(crew), crew.coin, yl, key="coin")
    yl = track("Crew XP", crew.crew_xp_boxes, crew.xp, yl,
               f"advance: each PC +{crew_rules.profit(crew)} stash", "xp")
    if data is not None:
        fitted = sheet.cell("Crew XP", "XP: " + data.xp_trigger,
                            Rect(left + 2, yl - 19, col - 2, 22), size=8, max_lines=2)
        yl -= fitted.height + 12
    for effect in crew_rules.war_effects(crew):
        sheet.cell("", "War: " + effect, Rect(left + 2, yl - 3, col - 2, 12), size=8)
        yl -= 12
    return yl


def _upgrades(sheet: Sheet, crew: Crew, left: float, yl: float, col: float) -> None:
    """Every upgrade the crew can take, with its boxes."""
    yl = _heading(sheet.canvas, left, yl - 2, col, "Upgrades")
    pool = upgrade_pool(crew)
    for n, upgrade in enumerate(pool, start=1):
        marks = crew.upgrades.get(upgrade.name, 0)
        for i in range(upgrade.boxes):
            sheet.check(f"upgrade_{n}_{i + 1}", left + 2 + i * 9, yl - 2, 7, i < marks,
                        f"{upgrade.name} {i + 1}")
        sheet.cell("Upgrade", upgrade.name, Rect(left + 42, yl - 3, col - 42, 11), size=8)
        yl -= 11


def _crew_abilities_and_cohorts(sheet: Sheet, crew: Crew, data: content.CrewTypeData | None,
                                right: float, y: float, col: float) -> float:
    """The crew's special abilities with what they do, then its cohorts; the y below."""
    canvas = sheet.canvas
    yr = _heading(canvas, right, y, col, "Special abilities")
    for name in crew.special_abilities or ["—"]:
        found = next((a for a in (data.special_abilities if data else ()) if a.name == name),
                     None)
        fitted = sheet.cell("", f"{name}: {found.summary}" if found else name,
                            Rect(right + 2, yr - 19, col - 2, 22), size=8.5, max_lines=2)
        yr -= fitted.height + 12  # clear of the heading band that rises above its line
    yr = _heading(canvas, right, yr - 2, col, "Cohorts")
    for cohort in crew.cohorts or []:
        sheet.cell("Cohort", f"{cohort.name}: {cohort.kind}, {cohort.type}, quality "
                  f"{crew_rules.cohort_quality(crew, cohort)}" + (
                      f"; edges {', '.join(cohort.edges)}" if cohort.edges else "") + (
                      f"; flaws {', '.join(cohort.flaws)}" if cohort.flaws else ""),
                   Rect(right + 2, yr - 3, col - 2, 12), size=8.5)
        yr -= 13
    if not crew.cohorts:
        draw_string(canvas, right + 2, yr, "—", Face.REGULAR, 9)
        yr -= 13
    return yr


def _claims(sheet: Sheet, crew: Crew, right: float, yr: float, col: float) -> None:
    """The claims map: fourteen claims around the lair in a 5 x 3 grid."""
    canvas = sheet.canvas
    yr = _heading(canvas, right, yr - 6, col, "Claims (■ held)")
    cell_w, cell_h = col / 5, 30
    grid = [*crew.claims[:7], None, *crew.claims[7:14]]
    for n, claim in enumerate(grid[:15]):
        gx = right + (n % 5) * cell_w
        gy = yr - 2 - (n // 5) * (cell_h + 4) - cell_h
        canvas.setStrokeColorRGB(*INK)
        canvas.rect(gx + 1, gy, cell_w - 2, cell_h, stroke=1, fill=0)
        if claim is None:
            draw_text(canvas, "Lair", Rect(gx + 3, gy + 2, cell_w - 6, cell_h - 4),
                      face=Face.BOLD, size=8, min_size=MIN_PT, valign="middle",
                      align="center")
            continue
        number = n + 1 if n < 7 else n  # the lair sits eighth, between claims 7 and 8
        sheet.check(f"claim_{number}", gx + 3, gy + cell_h - 10, 7, claim.held,
                    f"Claim held: {claim.name}")
        sheet.cell("Claim", claim.name + (" (turf)" if claim.turf else ""),
                   Rect(gx + 3, gy + 1, cell_w - 6, cell_h - 12), size=7, max_lines=2)


def _more_claims_and_factions(flow: PageFlow, crew: Crew) -> None:
    """The claims past the map's fourteen, then the faction ladder."""
    extra_claims = crew.claims[14:]
    if extra_claims:
        flow.heading("More claims")
        for claim in extra_claims:
            flow.text(f"{'■' if claim.held else '□'} {claim.name}"
                      f"{' (turf)' if claim.turf else ''}")
    flow.heading("Faction ladder")
    for faction in sorted(crew.factions, key=lambda f: -f.tier) or []:
        status = crew_rules.STATUS_NAMES[faction.status]
        flow.text(f"Tier {faction.tier} {faction.hold[0].upper()}  {faction.name} — "
                  f"status {faction.status:+d} ({status})" + (
                      f". {faction.notes}" if faction.notes else ""))
    if not crew.factions:
        flow.text("—")


def _clocks(sheet: Sheet, flow: PageFlow, crew: Crew) -> None:
    """The crew's clocks in rows, each name under its clock (in full below the row when it
    does not fit), then the links between them."""
    flow.heading("Clocks")
    radius = 16.0
    per_row = max(1, int(flow.w // 90))
    for start in range(0, len(crew.clocks), per_row):
        flow.need(2 * radius + 34)
        cut: list[str] = []
        for i, clock in enumerate(crew.clocks[start:start + per_row]):
            cx = MARGIN + 45 + i * 90
            draw_clock(sheet.canvas, cx, flow.y - radius - 2, radius, clock.segments,
                       clock.filled)
            label = fit_text(f"{clock.name} {clock.filled}/{clock.segments}", 88, 24,
                             size=7.5, min_size=MIN_PT, max_lines=2)
            draw_fitted(sheet.canvas, label, Rect(cx - 44, flow.y - 2 * radius - 30, 88, 24),
                        align="center")
            if label.truncated:
                cut.append(f"{clock.name} {clock.filled}/{clock.segments}")
        flow.y -= 2 * radius + 34
        for text in cut:  # a name too long under its clock, in full under the row
            flow.text(text)
    for link in crew.links:
        flow.text(f"Linked ({link.kind}): {link.first} and {link.second}")
    if not crew.clocks:
        flow.text("—")


def render(documents: Sequence[Scoundrel | Crew], paper: PaperSize | None = None) -> bytes:
    """The PDF bytes: each document on its own pages."""
    register_fonts()
    width, height = PAGE_SIZES[paper or default_paper_for_locale()]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), pageCompression=1,
                    initialFontName=Face.REGULAR.value, initialFontSize=10)
    canvas.setTitle(", ".join(d.name or "Unnamed" for d in documents))
    canvas.setCreator("SEForge")
    canvas.setSubject("Blades in the Dark sheets")
    form = FormWriter(canvas)
    draw: dict[type, Callable[[Sheet, object], None]] = {
        Scoundrel: draw_scoundrel,  # type: ignore[dict-item]
        Crew: draw_crew,  # type: ignore[dict-item]
    }
    for number, document in enumerate(documents, start=1):
        sheet = Sheet(canvas, form, number, width, height)
        draw[type(document)](sheet, document)
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
