"""The scoundrel's sheet: page 1 holds what is played from the table (identity, actions and
XP, stress, trauma, harm, the healing clock, armor, coin and stash, load and the items to
tick); the pages after it hold what is read (what page 1 cut short, the XP triggers,
special abilities with what they do, friends and rivals, advances, notes)."""

from __future__ import annotations

import math

from seforge.core.pdf.flow import Flow as PageFlow
from seforge.core.pdf.fonts import Face, draw_string
from seforge.core.pdf.geometry import Rect
from seforge.core.pdf.text import draw_text
from seforge.systems.blades import content, rules
from seforge.systems.blades.facts import ARMOR_BOXES, ATTRIBUTES, TRAUMA_CONDITIONS
from seforge.systems.blades.models import Scoundrel
from seforge.systems.blades.sheet_form import DATA_KEY, item_entries
from seforge.systems.blades.sheet_page import (
    INK,
    MARGIN,
    MIN_PT,
    Flow,
    Sheet,
    document_data,
    draw_box,
    draw_clock,
    draw_dot,
    draw_heading,
    draw_notes,
    page_columns,
)

GENERIC_TRIGGERS: tuple[str, ...] = (
    "You expressed your beliefs, drives, heritage or background.",
    "You struggled with issues from your vice or traumas.",
)
"""The two end-of-session triggers every scoundrel shares (SRD, PC Advancement,
lines 515-518), in our words."""


def draw_scoundrel(sheet: Sheet, sc: Scoundrel) -> None:
    left, right, col = page_columns(sheet)
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
    sheet.field(DATA_KEY, Rect(0, 0, 0, 0), document_data(sc), "hidden")
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
    left, right, col = page_columns(sheet)
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
    yl = draw_heading(canvas, left, y, col, "Actions")
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
                draw_dot(canvas, left + 10 + i * 12, yl + 3, 4, i < rating)
            draw_string(canvas, left + 62, yl, action.capitalize(), Face.REGULAR, 10)
            yl -= 14
        yl -= 4
    return yl


def _playbook_xp_and_abilities(sheet: Sheet, sc: Scoundrel, left: float, yl: float,
                               col: float) -> None:
    """The playbook XP track, the XP triggers and the special abilities' names."""
    canvas = sheet.canvas
    yl = draw_heading(canvas, left, yl, col, "Playbook XP")
    length = rules.xp_track_length(sc, "playbook")
    for i in range(length):
        sheet.check(f"xp_playbook_{i + 1}", left + 2 + i * 11, yl - 2, 8,
                    i < sc.xp.get("playbook", 0), f"Playbook XP {i + 1}")
    yl -= 16
    for trigger in (sc.xp_trigger or "Your playbook's trigger.", *GENERIC_TRIGGERS):
        # one cut short goes on in the XP triggers section (not listed "in full" too)
        fitted = sheet.cell("XP trigger", "• " + trigger, Rect(left + 2, yl - 19, col - 2, 22),
                            size=8, max_lines=2, listed=False)
        yl -= fitted.height + 3
    yl -= 12  # the heading's band sits above its baseline: clear the last line
    yl = draw_heading(canvas, left, yl, col, "Special abilities")
    for ability in sc.special_abilities or ["—"]:
        sheet.cell("Special ability", "• " + ability, Rect(left + 2, yl - 3, col - 2, 12),
                   size=9)
        yl -= 13
    draw_string(canvas, left + 2, yl, "What each does: see the next page.", Face.CONDENSED,
                7)


def _stress_and_trauma(sheet: Sheet, sc: Scoundrel, right: float, y: float,
                       col: float) -> float:
    canvas = sheet.canvas
    yr = draw_heading(canvas, right, y, col, "Stress and trauma")
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
    yr = draw_heading(canvas, right, yr, col, "Harm")
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
    yr = draw_heading(canvas, right, yr, col, "Armor")
    for i, box in enumerate(ARMOR_BOXES):
        bx = right + 2 + i * (col / 3)
        sheet.check(f"armor_{box}", bx, yr - 2, 9, box in sc.armor_used,
                    f"{box.capitalize()} armor used")
        draw_string(canvas, bx + 13, yr, box.capitalize(), Face.REGULAR, 9)
    yr -= 20
    yr = draw_heading(canvas, right, yr, col, "Coin and stash")
    draw_string(canvas, right + 2, yr, "Coin", Face.CONDENSED_BOLD, 8)
    canvas.saveState()
    canvas.setLineWidth(0.6)  # thin lines and a clear gap: each box reads on its own
    for i in range(4):
        sheet.check(f"coin_{i + 1}", right + 30 + i * 12, yr - 2, 9, i < sc.coin,
                    f"Coin {i + 1}")
    draw_string(canvas, right + 90, yr, f"Stash {sc.stash} / 40 (lifestyle "
                f"{rules.lifestyle(sc)})", Face.REGULAR, 9)
    yr -= 14
    for stash_row in range(4):
        for i in range(10):
            draw_box(canvas, right + 2 + i * 10, yr - 2, 7, stash_row * 10 + i < sc.stash)
        yr -= 10
    canvas.restoreState()
    return yr - 6


def _load_and_items(sheet: Sheet, sc: Scoundrel, right: float, yr: float, col: float,
                    entries: list[tuple[str, int, bool]]) -> list[tuple[str, int, bool]]:
    """The load and the items to tick, in two columns, as many as the page holds; the
    items shown."""
    canvas = sheet.canvas
    yr = draw_heading(canvas, right, yr, col, "Load and items")
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
    """The pages after the first: what page 1 cut short, the XP triggers, items that did
    not fit, abilities with what they do, friends and rivals, advances and notes."""
    flow = Flow(sheet, f"{sc.name or 'Unnamed scoundrel'} — abilities, people and notes")
    # first after what was cut short: page 1 sends a long trigger here ("more on p. N")
    flow.heading("XP triggers (1 XP, or 2 if it happened a lot)")
    for trigger in (sc.xp_trigger or "Your playbook's trigger.", *GENERIC_TRIGGERS):
        flow.text("• " + trigger)
    flow.text("• A desperate action roll marks 1 XP in its attribute.")
    if more_items:
        flow.heading("Items, continued")
        for name, load, on in more_items:
            flow.text(f"{'☒' if on else '☐'} {name}" + (f" [{load}]" if load else ""))
    book = content.playbook(sc.playbook)
    _abilities_in_full(flow, sc, book)
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
    draw_notes(sheet, flow, sc.notes)


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
