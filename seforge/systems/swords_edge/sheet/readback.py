"""Reading a filled-in sheet back into a character.

A sheet exported by SEForge keeps the whole character in a hidden field; what the
player typed in the visible fields (any PDF reader can fill them in; a lone "-"
clears a value) and the track boxes they ticked are laid over it. A blank sheet
filled by hand has no hidden field: the character is built from the fields
alone, and ``seforge check`` says what it still lacks.

A field counts as changed when it differs from what the sheet was exported with
(:func:`seforge.systems.swords_edge.sheet.form.overlay_values` of the saved character), so an
untouched sheet gives back exactly the character it was made from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from seforge.core.pdf.form_read import (
    MAX_FORM_PDF_BYTES,
    FormReadError,
    form_value,
    read_form_fields,
)
from seforge.systems.swords_edge.editing import rename_sfx_penalties
from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    character_from_data,
    parse_json_bytes,
)
from seforge.systems.swords_edge.models import (
    MAX_LUCK,
    TRAITS,
    Character,
    Element,
    ElementKind,
    HeldAdvancement,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet.form import (
    CLEAN,
    DATA_KEY,
    ON,
    PIVOT_KEYS,
    QUALITY_KEYS,
    TRACKS_KEY,
    field_values,
    overlay_values,
    trait_key,
)
from seforge.systems.swords_edge.sheet.layout import PENALTY_BOXES, TRACK_BOXES


class SheetReadError(ValueError):
    """The file is not a PDF, or holds no SEForge sheet fields."""


@dataclass
class ReadResult:
    """The character read from a sheet, and how it was read."""

    character: Character
    from_saved_data: bool
    """True when the sheet carried its character (an exported sheet)."""
    changed: list[str] = field(default_factory=list)
    """The keys of the fields the player changed (or filled, on a blank sheet)."""
    notes: list[str] = field(default_factory=list)
    """Values that could not be used, each as a one-line message."""
    characters_in_file: int = 1


MAX_SHEETS = 999
"""The most characters one sheet PDF numbers (``c1_`` to ``c999_``)."""
MAX_ELEMENT_SLOTS = 500
"""The most Element rows a sheet's fields may claim; a field claiming more is ignored."""
MAX_PDF_BYTES = MAX_FORM_PDF_BYTES
"""A sheet PDF larger than this is refused before it is parsed."""

_PREFIX = re.compile(r"^c(\d{1,3})_(.+)$")
_ELEMENT_KEY = re.compile(r"^element_(\d{1,3})_")


def _raw_fields(path: Path) -> dict[str, Any]:
    """The PDF's form fields; pypdf's own warnings are kept off the console."""
    try:
        return read_form_fields(path)
    except FormReadError as exc:
        raise SheetReadError(f"{path}: {exc}") from exc.__cause__


def _fields_of(path: Path) -> dict[int, dict[str, str]]:
    raw = _raw_fields(path)
    sheets: dict[int, dict[str, str]] = {}
    for name, info in raw.items():
        match = _PREFIX.match(str(name))
        if not match or not 1 <= int(match.group(1)) <= MAX_SHEETS:
            continue
        key = match.group(2)
        element = re.match(r"^element_(\d+)_", key)
        if element and not (_ELEMENT_KEY.match(key)
                            and 1 <= int(element.group(1)) <= MAX_ELEMENT_SLOTS):
            continue  # a row no sheet has: ignored, whatever number it claims
        try:
            value = info.get("/V") if hasattr(info, "get") else None
        except (RecursionError, ValueError, KeyError, TypeError):
            value = None
        sheets.setdefault(int(match.group(1)), {})[key] = form_value(value)
    if not sheets:
        raise SheetReadError(f"{path}: no SEForge sheet fields (was it made by SEForge?)")
    return sheets


def read_sheet(path: str | Path, number: int = 1) -> ReadResult:
    """The ``number``-th character (from 1) of the sheet PDF at ``path``."""
    path = Path(path)
    sheets = _fields_of(path)
    if number not in sheets:
        held = sorted(sheets)
        which = (f"only character {held[0]}" if len(held) == 1
                 else f"{len(held)} characters, numbered {held[0]} to {held[-1]}")
        raise SheetReadError(f"{path}: holds no character {number} ({which})")
    values = sheets[number]
    saved = values.get(DATA_KEY, "").strip()
    base = Character()
    from_saved = False
    notes: list[str] = []
    if saved:
        try:
            base = character_from_data(parse_json_bytes(saved.encode("utf-8"), str(path)),
                                       str(path))
            from_saved = True
        except CharacterFileError as exc:
            notes.append(f"the sheet's saved character could not be read ({exc}); "
                         "built from the fields")
    character = base.model_copy(deep=True)
    clean = values.get(TRACKS_KEY, "") == CLEAN
    slots = _element_slots(values)
    exported = (overlay_values(base, slots, clean_tracks=clean) if from_saved
                else field_values(None, slots))
    changed = [key for key, value in values.items()
               if key not in (DATA_KEY, TRACKS_KEY) and key in exported
               and value != exported[key]]
    _apply(character, values, set(changed), notes, exported)
    return ReadResult(character, from_saved, changed, notes, len(sheets))


def _element_slots(values: dict[str, str]) -> int:
    slots = 0
    for key in values:
        match = _ELEMENT_KEY.match(key)
        if match:
            slots = max(slots, min(int(match.group(1)), MAX_ELEMENT_SLOTS))
    return slots


def _rank(text: str, what: str, notes: list[str]) -> Rank | None:
    text = text.strip()
    if not text:
        return None
    try:
        rank = Rank[text.upper()]
    except KeyError:
        notes.append(f"{what}: '{text}' is not a Rank; left as it was")
        return None
    return rank


def _trait(text: str, what: str, notes: list[str]) -> Trait | None:
    text = text.strip()
    if not text:
        return None
    for trait in TRAITS:
        if trait.value.lower() == text.lower():
            return trait
    notes.append(f"{what}: '{text}' is not a Trait; left out")
    return None


def _count(values: dict[str, str], prefix: str, boxes: int) -> int:
    return sum(1 for i in range(1, boxes + 1) if values.get(f"{prefix}_{i}") == ON)


def _recount(old: int, values: dict[str, str], exported: dict[str, str], prefix: str,
             boxes: int) -> int:
    """A count whose boxes were ticked or unticked: the saved count, less each box
    the player unticked, plus each they ticked. A count above the boxes (Luck 15
    prints ten ticked boxes and "15") keeps what the boxes cannot show."""
    now = _count(values, prefix, boxes)
    if exported.get(TRACKS_KEY) == CLEAN:
        return now  # the boxes were printed empty, to be ticked: they are the count
    before = _count(exported, prefix, boxes)
    return max(0, old + now - before)


CLEAR = frozenset({"-", "\u2013", "\u2014"})
"""Typed alone in a field of an exported sheet, clears its value."""


def _typed(value: str) -> str:
    value = value.strip()
    return "" if value in CLEAR else value


def _changed(values: dict[str, str], changed: set[str], key: str) -> str | None:
    """What the player typed in field ``key``, or None when it is unchanged."""
    return _typed(values[key]) if key in changed else None


def _apply(ch: Character, values: dict[str, str], changed: set[str],
           notes: list[str], exported: dict[str, str] | None = None) -> None:
    """Lay the changed fields over ``ch``."""
    for key in ("name", "player", "campaign", "genre"):
        value = _changed(values, changed, key)
        if value is not None:
            setattr(ch, key, value.strip())
    _apply_qualities(ch, values, changed, notes)
    _apply_traits(ch, values, changed, notes)
    _apply_elements(ch, values, changed, notes)
    for key in PIVOT_KEYS:
        value = _changed(values, changed, f"pivot_{key}")
        if value is not None:
            setattr(ch.pivots, key, value.strip() or None)
    notes_value = _changed(values, changed, "notes")
    if notes_value is not None:
        ch.notes = notes_value.strip()
    _apply_tracks(ch, values, changed, exported or {})


def _apply_qualities(ch: Character, values: dict[str, str], changed: set[str],
                     notes: list[str]) -> None:
    """The three Qualities' names and Ranks, and the Faculty's Trait."""
    for key in QUALITY_KEYS:
        quality = getattr(ch, key)
        name = _changed(values, changed, f"{key}_name")
        if name is not None:
            quality.name = name.strip()
        rank_text = _changed(values, changed, f"{key}_rank")
        if rank_text is not None:
            rank = _rank(rank_text, key.capitalize(), notes)
            if rank is not None:
                quality.rank = rank
    faculty_trait = _changed(values, changed, "faculty_trait")
    if faculty_trait is not None:
        ch.faculty.trait = _trait(faculty_trait, "Faculty", notes)


def _apply_traits(ch: Character, values: dict[str, str], changed: set[str],
                  notes: list[str]) -> None:
    """Each Trait's Rank and its Penalty boxes."""
    for trait in TRAITS:
        tk = trait_key(trait)
        rank_text = _changed(values, changed, f"{tk}_rank")
        if rank_text is not None:
            rank = _rank(rank_text, trait.value, notes)
            if rank is not None:
                ch.traits[trait] = rank
        if any(f"{tk}_penalty_{i}" in changed for i in range(1, PENALTY_BOXES + 1)):
            _set_penalty(ch, trait, _count(values, f"{tk}_penalty", PENALTY_BOXES))


def _set_penalty(ch: Character, trait: Trait, count: int) -> None:
    """``count`` Penalty Ranks on ``trait`` (this scene's part trimmed to fit)."""
    if count:
        ch.play.penalty_ranks[trait] = count
    else:
        ch.play.penalty_ranks.pop(trait, None)
    # this scene's part of them can never exceed what is left
    scene = min(ch.play.scene_penalty_ranks.get(trait, 0), count)
    if scene:
        ch.play.scene_penalty_ranks[trait] = scene
    else:
        ch.play.scene_penalty_ranks.pop(trait, None)


def _apply_tracks(ch: Character, values: dict[str, str], changed: set[str],
                  before: dict[str, str]) -> None:
    """The Luck and Advancement boxes ticked or unticked."""
    if any(f"luck_{i}" in changed for i in range(1, TRACK_BOXES + 1)):
        ch.play.luck = min(MAX_LUCK, _recount(ch.play.luck, values, before, "luck",
                                              TRACK_BOXES))
    if any(f"advancement_{i}" in changed for i in range(1, TRACK_BOXES + 1)):
        count = _recount(len(ch.play.advancements), values, before, "advancement",
                         TRACK_BOXES)
        held = ch.play.advancements[:count]
        held += [HeldAdvancement() for _ in range(count - len(held))]
        ch.play.advancements = held


def _apply_elements(ch: Character, values: dict[str, str], changed: set[str],
                    notes: list[str]) -> None:
    slots = _element_slots(values)
    kept: list[Element] = []
    for i in range(1, slots + 1):
        element = _element_row(ch, i, values, changed, notes)
        if element is not None:
            kept.append(element)
    kept += [e.model_copy(deep=True) for e in ch.elements[slots:]]
    ch.elements = kept


def _element_row(ch: Character, i: int, values: dict[str, str], changed: set[str],
                 notes: list[str]) -> Element | None:
    """Element row ``i`` (from 1) as the player left it, or None when it is gone
    (or an empty new row)."""
    key = f"element_{i}"
    touched = any(k.startswith(f"{key}_") for k in changed)
    element = ch.elements[i - 1].model_copy(deep=True) if i <= len(ch.elements) else None
    if not touched:
        return element
    typed = {part: _typed(values.get(f"{key}_{part}", ""))
             for part in ("name", "rank", "trait", "kind", "note")}
    name_changed = f"{key}_name" in changed
    raw_name = values.get(f"{key}_name", "").strip()
    if name_changed and not raw_name:
        # a blank name (a space typed, a field emptied) is no instruction:
        # only a lone "-" removes an Element
        name_changed = False
    if name_changed and not typed["name"]:
        if element is not None:
            _drop_sfx_penalties(ch, element.name)
        return None  # its name was cleared: the Element is gone
    if element is None:
        if not typed["name"]:
            return None  # a new row needs a name
        element = Element(name=typed["name"])
    if name_changed:
        if i <= len(ch.elements):
            rename_sfx_penalties(ch, element.name, typed["name"])
        element.name = typed["name"]
    _overlay_element(element, key, typed, changed, notes)
    return element


def _overlay_element(element: Element, key: str, typed: dict[str, str], changed: set[str],
                     notes: list[str]) -> None:
    """Lay a row's Rank, Trait, kind and note over ``element``."""
    name = element.name
    rank = _rank(typed["rank"], f"Element {name!r}", notes)
    if rank is not None:
        element.rank = rank
    if f"{key}_trait" in changed:
        element.trait = _trait(typed["trait"], f"Element {name!r}", notes)
    kind = typed["kind"].lower()
    if kind:
        try:
            element.kind = ElementKind(kind)
        except ValueError:
            notes.append(f"Element {name!r}: '{kind}' is not a kind of Element")
    if f"{key}_note" in changed:
        element.note = typed["note"]


def _drop_sfx_penalties(ch: Character, name: str) -> None:
    """Forget the SFX Penalty Ranks of a removed Element (unless another keeps the name)."""
    if sum(1 for e in ch.elements if e.name == name) > 1:
        return
    ch.play.sfx_penalty_ranks.pop(name, None)
    ch.play.scene_sfx_penalty_ranks.pop(name, None)
