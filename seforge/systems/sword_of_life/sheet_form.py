"""Fill-in fields (AcroForm) on the Sword of Life character sheet, and reading a filled
sheet back (``seforge import``).

Each character of a sheet PDF gets fields named ``sol<N>_<key>`` (``N`` counts the
characters of the PDF from 1; a conflict's record has none): text fields over the name, the
career, the four ratings, their specialties, the listed skills' names and characteristics and
the notes, a checkbox over each Grip box (crossed: a wound) and over each "in career" box (a
specialty's, a listed skill's), blank rows for skills learnt in play (``skill_<n>_...`` numbered
on after the listed skills: name, characteristic, in career), and a hidden field holding the
whole character (its file's JSON). The text fields draw nothing of their own on an exported
sheet (the page prints every value in its embedded fonts); a reader draws a value once it is
edited. A Grip box's own look is the printed box, empty or crossed, on white, so unticking a
printed cross in a reader clears it.

Reading back starts from the hidden copy and lays over it each field whose value differs
from what the sheet was printed with, so an untouched sheet gives back exactly the character
it was printed from. A blank row filled in is a new skill, added after the listed ones as the
builder adds one (:func:`.rules.add_skill`: it needs a name), with its characteristic and its
"in career" box; a row left blank is passed over. The result is read as a character file is: a
value the file would refuse (a rating of 10**30, a name of five million characters, a word
where a number goes, a new skill with no name) refuses the sheet, in one line naming the field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seforge.core.documents import DocumentFileError, check_document, parse_json_bytes
from seforge.core.limits import MAX_NUMBER_CHARS
from seforge.core.pdf.form_read import ON, FormReadError, read_form_values, values_by_sheet
from seforge.core.pdf.geometry import Rect
from seforge.core.refused import RefusedError
from seforge.core.systems import DocumentFormat, SheetImport
from seforge.systems.sword_of_life.character import (
    CHARACTERISTICS,
    LABELS,
    Characteristic,
    Skill,
    SolCharacter,
)

if TYPE_CHECKING:  # reading a sheet back draws nothing: no ReportLab
    from reportlab.pdfgen.canvas import Canvas

SUBJECT = "Sword of Life character sheets"
"""The ``/Subject`` of a sheet PDF: ``seforge import`` knows the sheet by it (the system
restates it; a test keeps them equal)."""
DATA_KEY = "data"
"""The hidden field holding the character's file."""
WOUND_BOXES = 16
"""The most Grip boxes a sheet prints (a higher Grip still counts its wounds in full)."""

NEW_SKILL_ROWS = 3
"""The blank rows a sheet prints for skills learnt in play."""

_NAME = re.compile(r"^sol(\d{1,3})_(.+)$")
_SKILL_FIELD = re.compile(r"skill_(\d{1,4})_(?:name|characteristic|in_career)")
_WHOLE = re.compile(r"[+-]?\d+")


def _box_look(side: float, ticked: bool) -> bytes:
    """A printed box ``side`` points wide (a Grip box, an "in career" box), empty or crossed,
    on white, as a 10 x 10 appearance: its grey 0.8 pt lines scaled to the box (the edge
    drawn twice as wide, its outer half clipped)."""
    scale = 10 / side
    look = f"q 1 g 0 0 10 10 re f 0.7 0.7 0.7 RG {1.6 * scale:.2f} w 0 0 10 10 re S"
    if ticked:
        look += f" {0.8 * scale:.2f} w 0 0 m 10 10 l S 0 10 m 10 0 l S"
    return (look + " Q").encode("ascii")


def in_career_key(characteristic: Characteristic) -> str:
    """The key of the "in career" box of ``characteristic``'s specialty."""
    return f"{characteristic}_specialty_in_career"


def prefix(number: int) -> str:
    """The start of the names of the ``number``-th character's fields."""
    return f"sol{number}_"


def hurt(character: SolCharacter) -> int:
    """The wounds the Grip boxes show crossed (Grip less Grip now)."""
    from seforge.systems.sword_of_life.rules import grip_now

    return max(0, character.characteristics.grip - grip_now(character))


def wound_boxes(character: SolCharacter) -> int:
    """How many Grip boxes the sheet prints."""
    return min(max(0, character.characteristics.grip), WOUND_BOXES)


class SheetForm:
    """Adds the fields of every character of one PDF (it owns the shared appearances)."""

    def __init__(self, canvas: Canvas) -> None:
        from seforge.core.pdf.form import WidgetWriter

        self.canvas = canvas
        self._writer = WidgetWriter(canvas)
        self._looks: dict[float, tuple[Any, Any]] = {}
        """The empty and crossed appearances of a box, by its side."""
        self.number = 0
        """The character whose fields are added now (from 1)."""

    def next_character(self, character: SolCharacter) -> None:
        """Start the fields of the next character: its hidden copy first."""
        self.number += 1
        self._writer.add(prefix(self.number) + DATA_KEY, Rect(0, 0, 0, 0), "hidden",
                         json.dumps(_file_data(character), ensure_ascii=False))

    def text(self, key: str, rect: Rect, value: str, tooltip: str, *, size: float = 9.0,
             align: str = "left", multiline: bool = False) -> None:
        """A text field over the value the page printed in ``rect``."""
        self._writer.add(prefix(self.number) + key, rect, "multiline" if multiline else "text",
                         value, tooltip=tooltip, size=size,
                         align={"left": 0, "center": 1, "right": 2}[align])

    def box(self, key: str, rect: Rect, ticked: bool, tooltip: str) -> None:
        """A checkbox over a printed (square) box, looking as the page prints it."""
        from seforge.core.pdf.form import add_widget, form_xobject, pdf_text, rect_entry

        state = ON if ticked else "Off"
        if rect.w not in self._looks:
            self._looks[rect.w] = (form_xobject(_box_look(rect.w, False)),
                                   form_xobject(_box_look(rect.w, True)))
        off, on = self._looks[rect.w]
        add_widget(self.canvas, [
            f"<< /Type /Annot /Subtype /Widget /T {pdf_text(prefix(self.number) + key)} "
            f"{rect_entry(rect)}/TU {pdf_text(tooltip)} /FT /Btn /F 4 /MK << /CA (8) >> "
            f"/DA (/ZaDb 0 Tf 0 g) /V /{state} /AS /{state} /AP << /N << /{ON} ", on,
            " /Off ", off, " >> >> >>"])


def _file_data(character: SolCharacter) -> dict[str, Any]:
    from seforge.systems.sword_of_life.documents import CHARACTER

    return CHARACTER.to_data(character)


# --- reading back ------------------------------------------------------------------------


class SheetReadError(ValueError):
    """Not a PDF, no Sword of Life sheet, or a field no character file may hold (one
    line)."""


class _FieldError(Exception):
    """A field's value cannot be read: its label and why."""

    def __init__(self, label: str, problem: str) -> None:
        super().__init__(f"{label}: {problem}")
        self.label = label
        self.problem = problem


def _fields(path: Path) -> dict[int, dict[str, str]]:
    """The sheet's field values by character number and key."""
    try:
        values = read_form_values(path)
    except FormReadError as exc:
        raise SheetReadError(f"{path.name}: {exc}") from None
    sheets = values_by_sheet(values, _NAME, least=1)
    if not sheets:
        raise SheetReadError(f"{path.name}: holds no Sword of Life character sheet")
    return sheets


def _shown(text: str, keep: int = 24) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= keep else text[:keep] + "...")


def _whole(text: str, label: str) -> int:
    """The whole number typed in a field (the file's own bounds are checked later)."""
    typed = text.strip()
    if len(typed) > MAX_NUMBER_CHARS or not _WHOLE.fullmatch(typed):
        raise _FieldError(label, f"{_shown(typed)} is not a whole number")
    return int(typed)


def _characteristic(text: str, label: str) -> Characteristic:
    typed = text.strip().lower()
    for key in CHARACTERISTICS:
        if typed in (key, LABELS[key].lower()):
            return key
    names = ", ".join(LABELS[key] for key in CHARACTERISTICS)
    raise _FieldError(label, f"{_shown(text)} is not one of {names}")


def _lines(text: str) -> str:
    """A multiline field's text with the line ends a PDF reader may write made plain."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


@dataclass
class _Overlay:
    """One character's field values laid over its file's data (``body``)."""

    base: SolCharacter
    values: dict[str, str]
    body: dict[str, Any]
    numbers: list[int] = field(default_factory=list)
    """The sheet's number of each skill in ``body`` (a skill struck off shifts the rest)."""

    def changed(self, key: str, printed: str, clean: Callable[[str], str] = str.strip
                ) -> str | None:
        """What the player left in field ``key`` (cleaned), or None when it is absent or
        as printed."""
        if key not in self.values:
            return None
        typed = clean(self.values[key])
        return None if typed == clean(printed) else typed

    def ticked(self, key: str, printed: bool) -> bool | None:
        """Whether the player left box ``key`` crossed, or None when it is absent or as
        printed."""
        if key not in self.values:
            return None
        now = self.values[key] == ON
        return None if now == printed else now

    def texts(self) -> None:
        base, body = self.base, self.body
        for key in ("name", "career"):
            typed = self.changed(key, getattr(base, key))
            if typed is not None:
                body[key] = typed
        notes = self.changed("notes", base.notes, _lines)
        if notes is not None:
            body["notes"] = notes

    def characteristics(self) -> None:
        for key in CHARACTERISTICS:
            typed = self.changed(key, str(self.base.characteristics.get(key)))
            if typed is not None:
                self.body["characteristics"][key] = _whole(typed, LABELS[key])

    def specialties(self) -> None:
        specialties: dict[str, list[dict[str, Any]]] = self.body.setdefault("specialties", {})
        for key in CHARACTERISTICS:
            special = self.base.specialty(key)
            typed = self.changed(f"{key}_specialty", special.name if special else "")
            box = in_career_key(key)
            kept = specialties.get(key, [])
            at = next((i for i, s in enumerate(kept) if s["name"].strip()), None)
            if at is None:
                if typed:  # a new one: in the career unless its box (printed crossed)
                    # was cleared (a sheet printed before the box was has none)
                    in_career = box not in self.values or self.values[box] == ON
                    specialties[key] = [{"name": typed, "in_career": in_career}, *kept]
            elif typed == "":
                del kept[at]
            else:
                if typed:
                    kept[at]["name"] = typed
                ticked = self.ticked(box, special.in_career if special else True)
                if ticked is not None:
                    kept[at]["in_career"] = ticked
            if not specialties.get(key):
                specialties.pop(key, None)

    def skills(self) -> None:
        skills: list[dict[str, Any]] = self.body.get("skills", [])
        gone: set[int] = set()
        for index, skill in enumerate(self.base.skills):
            number = index + 1
            typed = self.changed(f"skill_{number}_name", skill.name)
            if typed is not None:
                if typed:
                    skills[index]["name"] = typed
                else:
                    gone.add(index)  # its name cleared: the skill is struck off
                    continue
            typed = self.changed(f"skill_{number}_characteristic",
                                 LABELS[skill.characteristic])
            if typed is not None:
                skills[index]["characteristic"] = _characteristic(
                    typed, f"Skill {number} characteristic")
            ticked = self.ticked(f"skill_{number}_in_career", skill.in_career)
            if ticked is not None:
                skills[index]["in_career"] = ticked
        self.numbers = [i + 1 for i in range(len(self.base.skills)) if i not in gone]
        if gone:
            self.body["skills"] = [s for i, s in enumerate(skills) if i not in gone]

    def new_skills(self) -> None:
        """The blank rows filled in: each a skill added after the listed ones, as the
        builder adds one (the core refuses a skill with no name)."""
        from seforge.systems.sword_of_life.rules import add_skill

        listed = len(self.base.skills)
        rows = sorted({int(match.group(1)) for key in self.values
                       if (match := _SKILL_FIELD.fullmatch(key)) is not None
                       and int(match.group(1)) > listed})
        learnt = SolCharacter()
        for number in rows:
            name = self.values.get(f"skill_{number}_name", "").strip()
            typed = self.values.get(f"skill_{number}_characteristic", "").strip()
            in_career = self.values.get(f"skill_{number}_in_career") == ON
            if not (name or typed or in_career):
                continue  # left blank
            try:  # (a row with no name is refused for that first)
                add_skill(learnt, Skill(name=name, in_career=in_career, characteristic=(
                    _characteristic(typed, f"Skill {number} characteristic") if name
                    else "point")))
            except RefusedError as exc:
                raise _FieldError(f"Skill {number}", exc.reason) from None
            self.numbers.append(number)
        if learnt.skills:
            self.body["skills"] = [*self.body.get("skills", []),
                                   *(skill.model_dump(mode="json") for skill in learnt.skills)]

    def wounds(self) -> int | None:
        """The wounds the Grip boxes now show, or None when no box was changed (each box
        crossed or cleared adds or takes one from the printed count, which may be more
        than the boxes show)."""
        before = hurt(self.base)
        shown = {f"wound_{i}": i <= before for i in range(1, wound_boxes(self.base) + 1)}
        boxes = [key for key in shown if key in self.values]
        now = [self.values[key] == ON for key in boxes]
        printed = [shown[key] for key in boxes]
        if now == printed:
            return None
        return max(0, before + sum(now) - sum(printed))


_FIELD_LABELS: dict[str, str] = {
    "name": "Name", "career": "Career", "notes": "Notes",
    **{f"characteristics.{key}": LABELS[key] for key in CHARACTERISTICS},
}


def _label(field: str | None, numbers: list[int]) -> str:
    """The sheet's word for a file's field (``specialties.edge[0].name``: Edge specialty;
    ``skills[i].name``: Skill N name, ``N`` the sheet's number of the file's ``i``-th skill,
    from ``numbers``)."""
    if field is None:
        return "the character"
    if field in _FIELD_LABELS:
        return _FIELD_LABELS[field]
    match = re.fullmatch(r"specialties\.(\w+)\[\d+\]\.name", field)
    if match and match.group(1) in LABELS:
        return f"{LABELS[match.group(1)]} specialty"  # type: ignore[index]
    match = re.fullmatch(r"skills\[(\d+)\]\.(\w+)", field)
    if match:
        index = int(match.group(1))
        number = numbers[index] if index < len(numbers) else index + 1
        return f"Skill {number} {match.group(2)}"
    return field


def _read_one(path: Path, number: int, values: dict[str, str]) -> SolCharacter:
    """The ``number``-th character of the sheet, from its hidden copy and its fields."""
    from seforge.systems.sword_of_life.documents import CHARACTER
    from seforge.systems.sword_of_life.rules import fit_grip_now, set_grip_now

    where = f"{path.name}: sheet {number}"
    try:
        base = CHARACTER.from_data(parse_json_bytes(values.get(DATA_KEY, "").encode(
            "utf-8", "surrogatepass"), where), where)
    except (DocumentFileError, ValueError):
        raise SheetReadError(f"{where} lost its saved copy of the character (was it made "
                             "by SEForge?)") from None
    overlay = _Overlay(base, values, CHARACTER.to_data(base))
    try:
        overlay.texts()
        overlay.characteristics()
        overlay.specialties()
        overlay.skills()
        overlay.new_skills()
        wounds = overlay.wounds()
    except _FieldError as exc:
        raise SheetReadError(f"{where}, field '{exc.label}': {exc.problem}") from None
    try:
        check_document(overlay.body, where)
        character = CHARACTER.from_data(overlay.body, where)
    except DocumentFileError as exc:
        raise SheetReadError(f"{where}, field '{_label(exc.field, overlay.numbers)}': "
                             f"{exc.problem}") from None
    if character.characteristics.grip != base.characteristics.grip:
        fit_grip_now(character)
    if wounds is not None:
        grip = max(0, character.characteristics.grip)
        set_grip_now(character, max(0, grip - wounds))
    return character


def read_sheets(path: str | Path) -> list[SolCharacter]:
    """Every character of a Sword of Life sheet PDF, with what the player changed in its
    fields laid over the copy the sheet carries (SheetReadError, one line, when the PDF
    cannot be read or a field holds what no character file may)."""
    source = Path(path)
    return [_read_one(source, number, values)
            for number, values in sorted(_fields(source).items())]


def import_sheet(path: Path, number: int, document_format: DocumentFormat) -> SheetImport:
    """``seforge import``: the ``number``-th character (from 1) of a sheet PDF, to be
    written as a ``.sol`` file, with what ``check`` finds."""
    from seforge.systems.sword_of_life.documents import CHARACTER

    sheets = _fields(path)
    if number not in sheets:
        held = sorted(sheets)
        which = (f"only character {held[0]}" if len(held) == 1
                 else f"{len(held)} characters, numbered {held[0]} to {held[-1]}")
        raise SheetReadError(f"{path.name}: holds no character {number} ({which})")
    character = _read_one(path, number, sheets[number])

    def write(output: Path) -> None:
        CHARACTER.save(character, output)

    def report(output: Path, as_json: bool) -> str:
        from seforge.systems.sword_of_life.rules import check_character

        check = check_character(character)
        name = character.name.strip() or "Unnamed character"
        if as_json:
            return json.dumps({"output": str(output), "system": "sword-of-life",
                               "format": document_format.id, "name": name,
                               "characters_in_file": len(sheets), "check": check.as_json()})
        lines = [f"{output}: {name} ({document_format.title}), read from sheet {number} "
                 f"of {len(sheets)}"]
        lines.append(f"  {'legal' if check.legal else 'NOT legal'}")
        lines += [f"  {p.severity}: {p.message} [{p.rule}]" for p in check.problems]
        return "\n".join(lines)

    return SheetImport(document_format, write, report)
