"""The crew's sheet: identity, Tier and hold, rep, turf, heat and wanted, coin, crew XP,
upgrades, abilities, cohorts and the claims map on page 1; more claims, the faction ladder,
the clocks, contacts and notes after it."""

from __future__ import annotations

from seforge.core.pdf.flow import Flow as PageFlow
from seforge.core.pdf.fonts import Face, draw_string, string_width
from seforge.core.pdf.geometry import Rect
from seforge.core.pdf.text import (
    ASCENT,
    DESCENT,
    LEADING,
    Fitted,
    draw_fitted,
    draw_text,
    fit_text,
)
from seforge.systems.blades import content
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.models import MAX_TRACK, Crew
from seforge.systems.blades.sheet_form import DATA_KEY, upgrade_pool
from seforge.systems.blades.sheet_page import (
    INK,
    MARGIN,
    MIN_PT,
    Flow,
    Sheet,
    document_data,
    draw_clock,
    draw_heading,
    draw_notes,
    page_columns,
)


def draw_crew(sheet: Sheet, crew: Crew) -> None:
    data = content.crew_type(crew.crew_type)
    left, right, col = page_columns(sheet)
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
    draw_notes(sheet, flow, crew.notes)
    sheet.field(DATA_KEY, Rect(0, 0, 0, 0), document_data(crew), "hidden")


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
    left, right, col = page_columns(sheet)
    y = top - 40
    y = sheet.label_value(left, y, col, "Reputation", crew.reputation, "reputation")
    yr = sheet.label_value(right, top - 40, col, "Crew type", crew.crew_type)
    y = sheet.label_value(left, y, col, "Lair", crew.lair, "lair")
    yr = sheet.label_value(right, yr, col, "Hunting", crew.hunting_grounds)
    y = sheet.label_value(left, y, col, "Contact", crew.contact, "contact")
    held = crew_rules.war_hold(crew)
    yr = sheet.label_value(right, yr, col, "Tier / hold",
                           f"{held.tier_text()} / {held.hold_text()}" + (
                               ", mastery" if crew.mastery else ""))
    return min(y, yr) - 6


TRACK_BOX = 9.0
"""A track box's side, in points (as the scoundrel sheet's coin boxes)."""
TRACK_PITCH = 12.0
"""From one track box to the next: a clear gap between two marked boxes."""
TRACK_ROW = 13.0
"""From one row of a long track's boxes to the next."""
TRACK_LABELS = ("Rep", "Heat", "Wanted", "Coin", "Crew XP")


def _crew_tracks(sheet: Sheet, crew: Crew, data: content.CrewTypeData | None, left: float,
                 y: float, col: float) -> float:
    """Rep, heat, wanted, coin and crew XP as rows of boxes, each with its length beside
    its boxes ("of 12"); then the XP trigger and the war's effects; the y below them."""
    canvas = sheet.canvas
    yl = draw_heading(canvas, left, y, col, "Rep, turf, heat, coin, XP")
    fill = crew_rules.rep_to_fill(crew)
    start = left + 2 + max(string_width(t, Face.CONDENSED_BOLD, 8) for t in TRACK_LABELS) + 8
    length_w = string_width(f"of {MAX_TRACK}", Face.CONDENSED_BOLD, 8) + 6

    def track(label: str, boxes: int, marked: int, yy: float, key: str,
              note: str = "") -> float:
        """One track: its label, its boxes in as few rows as the column holds (evenly
        filled), its length after the first row and ``note`` after that when it fits,
        else on a line of its own under the boxes; the y of the next track."""
        draw_string(canvas, left + 2, yy, label, Face.CONDENSED_BOLD, 8)
        room = int((left + col - start - length_w - (TRACK_PITCH - TRACK_BOX)) // TRACK_PITCH)
        rows = -(-boxes // max(1, room))
        per_row = -(-boxes // rows)
        canvas.saveState()
        canvas.setLineWidth(0.6)  # thin lines and a clear gap: each box reads on its own
        for i in range(boxes):
            sheet.check(f"{key}_{i + 1}", start + (i % per_row) * TRACK_PITCH,
                        yy - 2 - (i // per_row) * TRACK_ROW, TRACK_BOX, i < marked,
                        f"{label} {i + 1}")
        canvas.restoreState()
        after = start + per_row * TRACK_PITCH + 2
        length = f"of {boxes}"
        draw_string(canvas, after, yy, length, Face.CONDENSED_BOLD, 8)
        yy -= (rows - 1) * TRACK_ROW
        if note:
            beside = after + string_width(length, Face.CONDENSED_BOLD, 8) + 5
            if beside + string_width(note, Face.REGULAR, 7.5) <= left + col:
                draw_string(canvas, beside, yy + (rows - 1) * TRACK_ROW, note, Face.REGULAR,
                            7.5)
            else:
                yy -= 13
                draw_text(canvas, note, Rect(start, yy - 3, left + col - start, 11), size=7.5,
                          min_size=MIN_PT)
        return yy - 15

    yl = track("Rep", fill, crew.rep, yl, "rep", f"(turf {crew_rules.turf(crew)})")
    yl = track("Heat", crew.heat_boxes, crew.heat, yl, "heat")
    yl = track("Wanted", 4, crew.wanted, yl, "wanted")
    yl = track("Coin", crew_rules.vault_cap(crew), crew.coin, yl, "coin")
    yl = track("Crew XP", crew.crew_xp_boxes, crew.xp, yl, "xp",
               f"advance: each PC +{crew_rules.profit(crew)} stash")
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
    yl = draw_heading(sheet.canvas, left, yl - 2, col, "Upgrades")
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
    yr = draw_heading(canvas, right, y, col, "Special abilities")
    for name in crew.special_abilities or ["—"]:
        found = next((a for a in (data.special_abilities if data else ()) if a.name == name),
                     None)
        fitted = sheet.cell("", f"{name}: {found.summary}" if found else name,
                            Rect(right + 2, yr - 19, col - 2, 22), size=8.5, max_lines=2)
        yr -= fitted.height + 12  # clear of the heading band that rises above its line
    yr = draw_heading(canvas, right, yr - 2, col, "Cohorts")
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


CLAIM_LINES = (2, 3)
"""The lines a claim's name may take in its cell of the map: two, or three in taller cells
when a name needs them (every cell of the map is as tall as the tallest one needs)."""


def _lines_height(lines: int) -> float:
    """The height ``lines`` lines take at the sheets' smallest size."""
    return MIN_PT * (ASCENT + DESCENT) + (lines - 1) * MIN_PT * LEADING


def _whole_words(text: str, width: float, lines: int) -> Fitted | None:
    """``text`` in at most ``lines`` lines of ``width`` at the smallest size, every word
    whole on its line: in the regular face, else the condensed one; None when neither
    holds it (a word wider than the line, or too many words)."""
    for face in (Face.REGULAR, Face.CONDENSED):
        fitted = fit_text(text, width, _lines_height(lines), face=face, size=MIN_PT,
                          min_size=MIN_PT, max_lines=lines)
        if not fitted.truncated and " ".join(fitted.lines) == " ".join(text.split()):
            return fitted
    return None


def _claim_names(crew: Crew, width: float) -> tuple[list[Fitted], list[bool], float]:
    """The map's claim names fitted to a cell ``width`` wide, whether each was shortened
    (a word wider than the cell, or a name longer than three lines: given in full after
    the page), and the height of the cells' text."""
    texts = [claim.name + (" (turf)" if claim.turf else "") for claim in crew.claims[:14]]
    for lines in CLAIM_LINES:
        fitted = [_whole_words(text, width, lines) for text in texts]
        if all(f is not None for f in fitted) or lines == CLAIM_LINES[-1]:
            break
    height = _lines_height(lines)
    names: list[Fitted] = []
    shortened: list[bool] = []
    for text, whole in zip(texts, fitted, strict=True):
        if whole is not None:
            names.append(whole)
            shortened.append(False)
            continue
        cut = fit_text(text, width, height, face=Face.CONDENSED, size=MIN_PT,
                       min_size=MIN_PT, max_lines=lines)
        names.append(cut)
        shortened.append(True)
    return names, shortened, height


def _claims(sheet: Sheet, crew: Crew, right: float, yr: float, col: float) -> None:
    """The claims map: fourteen claims around the lair in a 5 x 3 grid, each name whole
    (on a further line or in the condensed face if it must) unless a word of it is wider
    than its cell."""
    canvas = sheet.canvas
    yr = draw_heading(canvas, right, yr - 6, col, "Claims (■ held)")
    cell_w = col / 5
    names, shortened, text_h = _claim_names(crew, cell_w - 6)
    cell_h = max(30.0, text_h + 13.5)  # the box to tick above the name
    count = min(len(crew.claims), 14)
    grid = [*range(min(count, 7)), None, *range(7, count)]
    for n, index in enumerate(grid):
        gx = right + (n % 5) * cell_w
        gy = yr - 2 - (n // 5) * (cell_h + 4) - cell_h
        canvas.setStrokeColorRGB(*INK)
        canvas.rect(gx + 1, gy, cell_w - 2, cell_h, stroke=1, fill=0)
        if index is None:
            draw_text(canvas, "Lair", Rect(gx + 3, gy + 2, cell_w - 6, cell_h - 4),
                      face=Face.BOLD, size=8, min_size=MIN_PT, valign="middle",
                      align="center")
            continue
        claim = crew.claims[index]
        number = n + 1 if n < 7 else n  # the lair sits eighth, between claims 7 and 8
        sheet.check(f"claim_{number}", gx + 3, gy + cell_h - 10, 7, claim.held,
                    f"Claim held: {claim.name}")
        draw_fitted(canvas, names[index], Rect(gx + 3, gy + 1, cell_w - 6, cell_h - 13))
        if shortened[index]:
            sheet.cut.append(f"Claim: {claim.name}" + (" (turf)" if claim.turf else ""))


def _more_claims_and_factions(flow: PageFlow, crew: Crew) -> None:
    """The claims past the map's fourteen, then the faction ladder."""
    extra_claims = crew.claims[14:]
    if extra_claims:
        flow.heading("More claims")
        for claim in extra_claims:
            turf = claim.turf and "turf" not in claim.name.casefold()  # not "Turf (turf)"
            flow.text(f"{'■' if claim.held else '□'} {claim.name}{' (turf)' if turf else ''}")
    flow.heading("Faction ladder")
    for faction in sorted(crew.factions, key=lambda f: -f.tier) or []:
        status = crew_rules.STATUS_NAMES[faction.status]
        held = crew_rules.faction_war_hold(faction)
        flow.text(f"Tier {held.tier_text()}, {held.hold_text()} hold: {faction.name} — "
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
        flow.text(crew_rules.link_text(link))
    if not crew.clocks:
        flow.text("—")
