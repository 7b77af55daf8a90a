"""The one-page fillable player sheet of a 2d20 record, for either profile, and reading a
filled sheet back into a record.

Beside the GM's stat cards (:mod:`.cards`, four to a page), this is the sheet a player keeps:
name, attributes, the profile's tracks (Conan: Vigor and Resolve left with Wounds and Trauma
boxes; SRD: Stress marked with Wound and Trauma boxes), Fortune, Armour and Courage, every
skill with its attribute (Conan), rating, Focus and target number, the attacks with their
damage dice and qualities, talents, gear and notes. Every value sits in a fill-in field and is
printed in the embedded DejaVu faces at 7 pt or more; a hidden field keeps the whole record,
so :func:`read_player_sheet` loses nothing the fields cannot hold. What does not fit its box
(long talents, gear or notes, a long name) ends with "more on p. N" and goes on, word for
word, on continuation pages (:mod:`seforge.core.pdf.flow`).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seforge.core.pdf.form_read import FormReadError, UnreadablePdfError, read_form_values
from seforge.core.pdf.geometry import PAGE_SIZES, PaperSize, Rect
from seforge.core.pdf.paper import default_paper_for_locale
from seforge.core.systems import DocumentFormat, SheetImport
from seforge.systems.twod20.models import Character, Harm, HarmKind, Weapon
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.records import attack_damage, derived, skill_target
from seforge.systems.twod20.settings import HarmLimitRule, TableSettings
from seforge.systems.twod20.sheet_form import ON, FieldWriter, SheetField

if TYPE_CHECKING:  # the drawing modules load when a sheet is drawn: reading one back
    # (``seforge import``) needs no ReportLab
    from reportlab.pdfgen.canvas import Canvas

    from seforge.core.pdf.flow import Spill

MARGIN = 28.0
MIN_SIZE = 7.0
ROW = 14.0
HARM_BOXES = 5
"""Wound and Trauma boxes of each kind when the record's rules set no Harm limit (Conan)."""
ATTACK_ROWS = 5
INK = (0.12, 0.12, 0.12)
RULE = (0.6, 0.6, 0.6)
SHADE = (0.9, 0.9, 0.9)
DATA = "data"
KINDS = ("melee", "ranged", "mental")
SUBJECT = "2d20 player sheet"
"""The ``/Subject`` of a player sheet PDF: ``seforge import`` knows the sheet by it."""


def _spill(page: int) -> Spill:
    from seforge.core.pdf.flow import Spill

    return Spill(page)


class SheetReadError(ValueError):
    """A PDF that is not a 2d20 player sheet, or cannot be read (one line)."""


@dataclass
class _Page:
    canvas: Canvas
    writer: FieldWriter
    fields: list[SheetField] = field(default_factory=list)
    spill: Spill = field(default_factory=lambda: _spill(2))

    def label(self, text: str, rect: Rect, *, bold: bool = False, size: float = 7.5,
              align: str = "left") -> None:
        from seforge.core.pdf.fonts import Face
        from seforge.core.pdf.text import draw_text

        self.canvas.setFillColorRGB(*INK)
        draw_text(self.canvas, text, rect, face=Face.CONDENSED_BOLD if bold else Face.CONDENSED,
                  size=size, min_size=MIN_SIZE, align=align, valign="middle")

    def box(self, name: str, value: str, rect: Rect, tooltip: str, *, kind: str = "text",
            size: float = 9.0, align: str = "left") -> None:
        """A fill-in field with its value printed inside a ruled box."""
        from seforge.core.pdf.fonts import Face
        from seforge.core.pdf.text import draw_text

        self.canvas.setStrokeColorRGB(*RULE)
        self.canvas.setLineWidth(0.5)
        self.canvas.rect(rect.x, rect.y, rect.w, rect.h, stroke=1, fill=0)
        if kind == "check":
            if value == ON:
                self.canvas.setStrokeColorRGB(*INK)
                self.canvas.setLineWidth(1.2)
                inner = rect.inset(2)
                self.canvas.line(inner.x, inner.y, inner.right, inner.top)
                self.canvas.line(inner.x, inner.top, inner.right, inner.y)
        elif value and kind == "multiline":
            self.canvas.setFillColorRGB(*INK)
            self.spill.draw(self.canvas, f"{tooltip}, continued", value, rect.inset(2, 1),
                            size=size, max_lines=None, multiline=True, align=align)
        elif value:
            self.canvas.setFillColorRGB(*INK)
            fitted = draw_text(self.canvas, value, rect.inset(2, 1), face=Face.REGULAR,
                               size=size, min_size=MIN_SIZE, align=align, valign="middle")
            if fitted.truncated:  # too long for its cell: in full on the continuation
                self.spill.items.append((tooltip, value))
        sheet_field = SheetField(name, rect, kind, tooltip, size)
        self.fields.append(sheet_field)
        self.writer.add(sheet_field, value)

    def heading(self, text: str, area: Rect) -> Rect:
        band = area.take_top(13)
        self.canvas.setFillColorRGB(*SHADE)
        self.canvas.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
        self.label(text, band.inset(3, 0), bold=True, size=8.5)
        return area.below(16)


def harm_boxes(settings: TableSettings) -> int:
    """How many Wound and how many Trauma boxes the sheet prints: as many as the Harms
    that leave a character Defeated (any mix of them counts [S] line 948) under the record's
    rules, else :data:`HARM_BOXES`."""
    if settings.harm_limit_rule is HarmLimitRule.DEFEATED:
        return settings.harm_limit
    return HARM_BOXES


def _harm_count(character: Character, kind: HarmKind) -> int:
    return sum(h.kind is kind for h in character.harms)


def _draw_tracks(page: _Page, character: Character, area: Rect) -> Rect:
    conan = character.profile is Profile.CONAN
    area = page.heading("Vigor, Resolve, Wounds and Trauma" if conan else "Stress and Harms",
                        area)
    from seforge.systems.twod20.roller import track_left

    rows: list[tuple[str, str, int, int, HarmKind, str]] = []
    if conan:
        for key, label, kind, harm in (("vigor", "Vigor", False, HarmKind.WOUND),
                                        ("resolve", "Resolve", True, HarmKind.TRAUMA)):
            left, top = track_left(character, kind)
            rows.append((key, label, left, top, harm,
                         "Wounds" if harm is HarmKind.WOUND else "Trauma"))
    else:
        marked, top = track_left(character, False)
        rows.append(("stress", "Stress", marked, top, HarmKind.WOUND, "Wounds"))
        rows.append(("", "", 0, 0, HarmKind.TRAUMA, "Traumas"))
    for key, label, value, top, harm, harm_label in rows:
        line = area.take_top(ROW + 2)
        x = line.x
        if key:
            page.label(f"{label} (max {top})", Rect(x, line.y, 80, line.h))
            what = "left" if conan else "marked"
            page.box(key, str(value), Rect(x + 82, line.y + 1, 34, ROW),
                     f"{label} {what} now (maximum {top})", align="center")
        x += 140
        page.label(harm_label, Rect(x, line.y, 46, line.h))
        count = _harm_count(character, harm)
        for index in range(harm_boxes(character.settings)):
            cell = Rect(x + 48 + index * (ROW + 3), line.y + 1, ROW, ROW)
            page.box(f"{harm.value}_{index + 1}", ON if index < count else "", cell,
                     f"{harm_label}: box {index + 1}", kind="check")
        area = area.below(ROW + 4)
    line = area.take_top(ROW + 2)
    numbers = [("fortune", "Fortune", character.fortune),
               ("armour", "Armor" if conan else "Armour", character.armour),
               ("courage", "Courage", character.courage),
               ("fatigue", "Fatigue", character.fatigue)]
    if conan:
        numbers.append(("renown", "Renown", character.renown))
    for cell, (key, label, value) in zip(line.columns(len(numbers), 8), numbers, strict=True):
        page.label(label, cell.take_left(cell.w - 36))
        page.box(key, str(value), Rect(cell.right - 34, cell.y + 1, 34, ROW), label,
                 align="center")
    limit = character.settings
    rule = ("no Harm limit: the GM rules" if limit.harm_limit_rule.value == "none" else
            f"{limit.harm_limit} Harms: Defeated")
    area = area.below(ROW + 4)
    page.label(f"A Harm for each {limit.harm_threshold} Stress in one hit; {rule}.",
               area.take_top(10), size=7)
    return area.below(13)


def _draw_skills(page: _Page, character: Character, area: Rect) -> Rect:
    conan = character.profile is Profile.CONAN
    area = page.heading("Skills" + (" (attribute, Expertise, Focus, TN)" if conan else
                                    " (rating, Focus, focuses)"), area)
    skills = character.skills
    columns = 2 if conan else 1
    per_column = (len(skills) + columns - 1) // columns
    height = per_column * (ROW + 2)
    block = area.take_top(height)
    for column_index, column in enumerate(block.columns(columns, 12)):
        for row in range(per_column):
            index = column_index * per_column + row
            if index >= len(skills):
                break
            skill = skills[index]
            line = Rect(column.x, column.top - (row + 1) * (ROW + 2), column.w, ROW + 2)
            x = line.x
            name_w = 96.0
            page.box(f"skill_{index + 1}_name", skill.name, Rect(x, line.y + 1, name_w, ROW),
                     "Skill name", size=8)
            x += name_w + 3
            if conan:
                page.label(skill.attribute or "varies", Rect(x, line.y, 62, line.h), size=7)
                x += 64
            page.box(f"skill_{index + 1}_rating", str(skill.rating),
                     Rect(x, line.y + 1, 24, ROW), f"{skill.name} rating", align="center")
            page.box(f"skill_{index + 1}_focus", str(skill.focus),
                     Rect(x + 27, line.y + 1, 24, ROW), f"{skill.name} Focus", align="center")
            x += 54
            if conan:
                tn = skill_target(character, skill)
                page.label(f"TN {tn}" if tn is not None else "", Rect(x, line.y, 40, line.h))
            else:
                page.box(f"skill_{index + 1}_focuses", skill.focuses,
                         Rect(x, line.y + 1, line.right - x, ROW),
                         f"{skill.name}: named focuses", size=8)
    return area.below(height + 4)


def _draw_attacks(page: _Page, character: Character, area: Rect) -> Rect:
    die = "§" if character.profile is Profile.CONAN else "[CD]"
    area = page.heading(f"Attacks (base dice, kind, qualities; damage in {die} with the bonus)",
                        area)
    weapons: list[Weapon | None] = [*character.weapons[:ATTACK_ROWS]]
    weapons += [None] * (ATTACK_ROWS - len(weapons))
    for index, weapon in enumerate(weapons):
        line = area.take_top(ROW + 2)
        number = index + 1
        w = line.w
        page.box(f"attack_{number}_name", weapon.name if weapon else "",
                 Rect(line.x, line.y + 1, w * 0.28, ROW), "Attack name", size=8)
        page.box(f"attack_{number}_dice", str(weapon.dice) if weapon else "",
                 Rect(line.x + w * 0.29, line.y + 1, 26, ROW), "Base damage dice",
                 align="center")
        page.box(f"attack_{number}_kind", weapon.kind if weapon else "",
                 Rect(line.x + w * 0.29 + 29, line.y + 1, 48, ROW),
                 "melee, ranged or mental", size=8)
        start = line.x + w * 0.29 + 80
        page.box(f"attack_{number}_qualities", weapon.qualities if weapon else "",
                 Rect(start, line.y + 1, line.right - start - 70, ROW), "Qualities", size=8)
        if weapon is not None:
            total, _how = attack_damage(character, weapon)
            page.label(f"= {total}{die}", Rect(line.right - 66, line.y, 66, line.h))
        area = area.below(ROW + 2)
    return area.below(4)


def draw_player_sheet(canvas: Canvas, character: Character, paper: PaperSize) -> _Page:
    """Draw ``character``'s sheet on the canvas's current page, with its fields; what did
    not fit is in the page's :attr:`_Page.spill` (see :func:`draw_continuation`)."""
    from seforge.core.pdf.fonts import Face, draw_string

    page = _Page(canvas, FieldWriter(canvas), spill=_spill(int(canvas.getPageNumber()) + 1))
    width, height = PAGE_SIZES[paper]
    area = Rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    info = profile_info(character.profile)
    top = area.take_top(24)
    page.box("name", character.name, top.take_left(top.w * 0.6).inset(0, 2), "Name",
             size=13)
    role = "Player character" if character.role.value == "pc" else "NPC"
    page.label(f"{role} · {info.title} · 2d20 player sheet",
               Rect(top.x + top.w * 0.62, top.y, top.w * 0.38, top.h), align="right")
    area = area.below(28)
    area = page.heading("Attributes", area)
    cells = area.take_top(30).columns(len(info.attributes), 4)
    for cell, name in zip(cells, info.attributes, strict=True):
        page.label(name, cell.take_top(10), align="center", size=7)
        page.box(f"attr_{name}", str(character.attributes.get(name, 0)),
                 Rect(cell.x + cell.w / 2 - 16, cell.y, 32, 18), name, size=11,
                 align="center")
    area = area.below(34)
    area = _draw_tracks(page, character, area)
    area = _draw_skills(page, character, area)
    area = _draw_attacks(page, character, area)
    rest = area.h - 3 * 16
    for key, label, share in (("talents", "Talents", 0.4), ("gear", "Gear", 0.25),
                              ("notes", "Notes", 0.35)):
        area = page.heading(label, area)
        box_h = max(24.0, rest * share - 3)
        page.box(key, getattr(character, key), area.take_top(box_h), label,
                 kind="multiline", size=8)
        area = area.below(box_h + 3)
    page.fields.append(SheetField(DATA, Rect(0, 0, 0, 0), "hidden"))
    page.writer.add(page.fields[-1], character.model_dump_json())
    if page.spill:
        canvas.setFillColorRGB(*INK)
        draw_string(canvas, MARGIN, MARGIN - 10, f"What did not fit goes on in full on "
                    f"p. {page.spill.page}.", Face.CONDENSED, 7)
    return page


def draw_continuation(canvas: Canvas, character: Character, paper: PaperSize,
                      spill: Spill) -> int:
    """The pages after the sheet that hold what ``spill`` kept (ends the sheet's page);
    the number of pages drawn (0 when nothing was kept)."""
    if not spill:
        return 0
    from seforge.core.pdf.flow import Flow

    flow = Flow(canvas, PAGE_SIZES[paper],
                f"{character.name.strip() or 'Unnamed'}: player sheet, continued",
                margin=MARGIN)
    flow.spilled(spill)
    return flow.pages


def render_player_sheet(character: Character, paper: PaperSize | str | None = None) -> bytes:
    """The PDF of ``character``'s player sheet: one page, and continuation pages when
    its text does not fit."""
    return player_sheet_pdf(character, paper)[0]


def player_sheet_pdf(character: Character,
                     paper: PaperSize | str | None = None) -> tuple[bytes, int]:
    """The player sheet's PDF (see :func:`render_player_sheet`) and its page count."""
    from reportlab.pdfgen.canvas import Canvas

    from seforge.core.pdf.fonts import Face, register_fonts

    register_fonts()
    size = PaperSize(paper) if paper is not None else default_paper_for_locale()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=PAGE_SIZES[size], pageCompression=1,
                    initialFontName=Face.REGULAR.value, initialFontSize=10)
    canvas.setTitle(f"{character.name or '2d20 character'}: player sheet")
    canvas.setCreator("SEForge")
    canvas.setSubject(SUBJECT)
    page = draw_player_sheet(canvas, character, size)
    draw_continuation(canvas, character, size, page.spill)
    canvas.showPage()
    pages = int(canvas.getPageNumber()) - 1
    canvas.save()
    return buffer.getvalue(), pages


def export_player_sheet(path: Path, out: Path, paper: PaperSize | str | None = None) -> None:
    """Read a record and write its player sheet to ``out`` atomically."""
    from seforge.core.atomic import atomic_write_bytes
    from seforge.systems.twod20.documents import CHARACTER_KIND

    atomic_write_bytes(out, render_player_sheet(CHARACTER_KIND.load(path), paper))


# reading back ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetRead:
    """A record read from a sheet, and what could not be read (one line each)."""

    character: Character
    notes: tuple[str, ...]


def _field_values(path: Path) -> dict[str, str]:
    try:
        return read_form_values(path)
    except UnreadablePdfError as exc:
        raise SheetReadError(f"{path.name}: cannot read the PDF ({exc.reason})") from None
    except FormReadError as exc:
        raise SheetReadError(f"{path.name}: {exc}") from None


def _set_harms(harms: list[Harm], kind: HarmKind, count: int) -> list[Harm]:
    of_kind = [h for h in harms if h.kind is kind]
    others = [h for h in harms if h.kind is not kind]
    label = "Wound" if kind is HarmKind.WOUND else "Trauma"
    kept = of_kind[:count] + [Harm(kind=kind, name=f"{label} {i + 1}")
                              for i in range(len(of_kind), count)]
    return others + kept if kind is HarmKind.TRAUMA else kept + others


@dataclass
class _Fields:
    """A sheet's field values, and the notes on those that could not be read."""

    values: dict[str, str]
    notes: list[str] = field(default_factory=list)

    def number(self, key: str, label: str, low: int, high: int) -> int | None:
        """The field's whole number, or None (absent, or unreadable: then noted)."""
        text = self.values.get(key, "").strip()
        if key not in self.values:
            return None
        try:
            value = int(text)
        except ValueError:
            self.notes.append(f"{label}: {text!r} is not a whole number; kept the record's")
            return None
        if not low <= value <= high:
            self.notes.append(f"{label}: {value} is outside {low} to {high}; kept the record's")
            return None
        return value


def _base_record(source: Path, values: dict[str, str]) -> Character:
    """The hidden copy of the record a sheet keeps; SheetReadError when there is none."""
    if DATA not in values:
        raise SheetReadError(f"{source.name}: not a 2d20 player sheet (its record is missing)")
    try:
        return Character.model_validate(json.loads(values[DATA]))
    except ValueError as exc:
        raise SheetReadError(f"{source.name}: its record cannot be read ({exc})") from None


def _read_numbers(fields: _Fields, base: Character, data: dict[str, Any]) -> None:
    """The name, the attributes and the numbers (Fortune to Renown) into ``data``."""
    values = fields.values
    if "name" in values:
        data["name"] = values["name"].strip()
    for attribute in profile_info(base.profile).attributes:
        found = fields.number(f"attr_{attribute}", attribute, 0, 30)
        if found is not None:
            data["attributes"][attribute] = found
    for key, label, low, high in (("fortune", "Fortune", 0, 99), ("armour", "Armour", 0, 99),
                                  ("courage", "Courage", 0, 99), ("fatigue", "Fatigue", 0, 99),
                                  ("renown", "Renown", -2, 5)):
        found = fields.number(key, label, low, high)
        if found is not None:
            data[key] = found


def _read_skills(fields: _Fields, data: dict[str, Any]) -> None:
    """Each skill's name, rating, Focus and focuses into ``data``."""
    values = fields.values
    for index, skill in enumerate(data["skills"]):
        prefix = f"skill_{index + 1}_"
        if values.get(prefix + "name", "").strip():
            skill["name"] = values[prefix + "name"].strip()
        for part, label, high in (("rating", "rating", 10), ("focus", "Focus", 40)):
            found = fields.number(prefix + part, f"{skill['name']} {label}", 0, high)
            if found is not None:
                skill[part] = found
        if prefix + "focuses" in values:
            skill["focuses"] = values[prefix + "focuses"].strip()


def _read_attack(fields: _Fields, number: int, kept: dict[str, Any] | None
                 ) -> dict[str, object] | None:
    """The weapon of attack row ``number`` on top of the record's (``kept``), or None for
    an empty row the record has no weapon for."""
    values = fields.values
    prefix = f"attack_{number}_"
    name = values.get(prefix + "name", "").strip()
    if not name and kept is None:
        return None
    weapon = dict(kept or {"name": name, "dice": 1, "kind": "melee", "qualities": ""})
    weapon["name"] = name
    found = fields.number(prefix + "dice", f"{name or 'Attack'} dice", 0, 20)
    if found is not None:
        weapon["dice"] = found
    kind = values.get(prefix + "kind", "").strip().lower()
    if kind in KINDS:
        weapon["kind"] = kind
    elif kind:
        fields.notes.append(f"{name or 'Attack'}: the kind {kind!r} is not melee, ranged or "
                            "mental; kept the record's")
    weapon["qualities"] = values.get(prefix + "qualities", "").strip()
    return weapon


def _read_attacks(fields: _Fields, data: dict[str, Any]) -> None:
    """The attack rows into ``data``'s weapons (those past the rows stay as they are)."""
    weapons: list[dict[str, object]] = []
    for number in range(1, ATTACK_ROWS + 1):
        kept = data["weapons"][number - 1] if number <= len(data["weapons"]) else None
        weapon = _read_attack(fields, number, kept)
        if weapon is not None:
            weapons.append(weapon)
    data["weapons"] = weapons + data["weapons"][ATTACK_ROWS:]


def _read_harms(values: dict[str, str], data: dict[str, Any], printed: int) -> None:
    """The Wound and Trauma boxes (``printed`` of each) into ``data``'s Harms."""
    harms = [Harm.model_validate(h) for h in data["harms"]]
    for kind in HarmKind:
        boxes = [values.get(f"{kind.value}_{i}", "") for i in range(1, printed + 1)]
        ticked = sum(box == ON for box in boxes)
        current = sum(h.kind is kind for h in harms)
        if ticked != min(current, printed):
            # more Harms than boxes print as full boxes: each box unticked takes one away
            harms = _set_harms(harms, kind, max(0, current + ticked - min(current, printed)))
    data["harms"] = [h.model_dump() for h in harms]


def _read_tracks(fields: _Fields, character: Character) -> Character:
    """``character`` with the track fields (Vigor and Resolve left, or Stress marked)."""
    conan = character.profile is Profile.CONAN
    tracks = (("vigor", "Vigor"), ("resolve", "Resolve")) if conan else (("stress", "Stress"),)
    for key, label in tracks:
        top = derived(character, "max_stress" if key == "stress" else key)
        found = fields.number(key, label, 0, top)
        if found is not None:
            update = {"stress": found} if key == "stress" else {f"{key}_lost": top - found}
            character = character.model_copy(update=update)
    return character


def read_player_sheet(path: str | Path) -> SheetRead:
    """The record a filled-in player sheet holds: the hidden copy of the record, with every
    field's value on top of it. A value that cannot be read keeps the record's and is named
    in :attr:`SheetRead.notes`. SheetReadError when the PDF is not a 2d20 player sheet."""
    source = Path(path)
    values = _field_values(source)
    base = _base_record(source, values)
    data = base.model_dump()
    fields = _Fields(values)
    _read_numbers(fields, base, data)
    _read_skills(fields, data)
    _read_attacks(fields, data)
    for key in ("talents", "gear", "notes"):
        if key in values:
            data[key] = values[key]
    _read_harms(values, data, harm_boxes(base.settings))
    try:
        character = Character.model_validate(data)
    except ValueError as exc:
        raise SheetReadError(f"{source.name}: the filled values do not make a record ({exc})"
                             ) from None
    character = _read_tracks(fields, character)
    return SheetRead(character, tuple(fields.notes))


def import_sheet(path: Path, number: int, document_format: DocumentFormat) -> SheetImport:
    """``seforge import``: the record of a player sheet (one record a sheet, so ``number``
    must be 1), to be written as a record (``document_format``, the system's) with the
    notes and what ``check`` finds."""
    from seforge.systems.twod20.documents import CHARACTER_KIND

    if number != 1:
        raise SheetReadError(f"{path.name}: a 2d20 player sheet holds one record, "
                             f"not {number}")
    read = read_player_sheet(path)

    def write(output: Path) -> None:
        CHARACTER_KIND.save(read.character, output)

    def report(output: Path, as_json: bool) -> str:
        from seforge.systems.twod20.records import check_file

        check = check_file(output)
        name = read.character.name.strip() or "Unnamed record"
        if as_json:
            return json.dumps({"output": str(output), "system": "2d20",
                               "format": document_format.id, "name": name,
                               "profile": read.character.profile.value,
                               "notes": list(read.notes), "check": check.as_json()})
        lines = [f"{output}: {name} ({profile_info(read.character.profile).title}), "
                 "read from the player sheet"]
        lines += [f"  note: {note}" for note in read.notes]
        lines.append(f"  {'legal' if check.legal else 'NOT legal'}")
        lines += [f"  {p.severity}: {p.message} [{p.rule}]" for p in check.problems]
        return "\n".join(lines)

    return SheetImport(document_format, write, report)
