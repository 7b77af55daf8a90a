"""Fill-in fields on the sheet (AcroForm), and what each field holds.

Every sheet carries fields over its boxes (name, campaign, genre, player, each
Quality's name and Rank, the Faculty's and Elements' Trait links, Pivots, notes,
and the Penalty, Luck and Advancement tracks as checkboxes), so a player can fill
the sheet in any PDF reader. On an exported sheet (:func:`overlay_values`) the
track boxes are ticked as the character's are, and every text and choice field
is empty: the sheet's own typesetting prints the values, and an empty field
draws nothing, so no reader shows a value twice. What a player types into a
field is drawn on a white background over the printed value and replaces it (a
lone "-" clears it). A hidden field keeps the whole character (its file's
JSON): reading the sheet back (:mod:`seforge.systems.swords_edge.sheet.readback`,
``seforge import``) starts from it and lays over only the fields that differ
from what was exported, so an untouched sheet gives back exactly its character.

Field names are ``c<N>_<key>``: ``N`` counts the characters of the PDF from 1,
``key`` is one of :func:`field_keys`' names.

The widgets are written as small raw PDF objects (ReportLab's own form fields
generate an appearance per field and would multiply a party PDF's export time).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from seforge.systems.swords_edge.fileformat import character_to_data, dumps
from seforge.systems.swords_edge.models import TRAITS, Character, ElementKind, Trait
from seforge.systems.swords_edge.ranks import QUALITY_RANKS, format_modifier
from seforge.systems.swords_edge.sheet.editorial import player_notes
from seforge.systems.swords_edge.sheet.layout import (
    PENALTY_BOXES,
    PLAYING_LABEL_W,
    TRACK_BOXES,
    ContinuationLayout,
    Rect,
    SheetLayout,
    penalty_row,
)

if TYPE_CHECKING:  # the widgets' PDF objects load when a sheet is written: reading one
    # back (readback, ``seforge import``) needs no ReportLab
    from reportlab.pdfbase.pdfdoc import PDFObject
    from reportlab.pdfgen.canvas import Canvas

RANK_OPTIONS: tuple[str, ...] = ("", *(r.label for r in QUALITY_RANKS))
RANK_DISPLAY: tuple[str, ...] = ("", *(f"{format_modifier(r.modifier)} {r.label}"
                                       for r in QUALITY_RANKS))
"""What a Rank field shows once picked: the modifier first. The field sits on the
modifier box, so picking a Rank on a blank sheet fills the box without JavaScript
(a PDF field can only show its own value; another box cannot follow it)."""
TRAIT_OPTIONS: tuple[str, ...] = ("", *(t.value for t in TRAITS))
KIND_OPTIONS: tuple[str, ...] = ("", *(k.value for k in ElementKind))
QUALITY_KEYS = ("concept", "background", "faculty")
PIVOT_KEYS = ("goal", "quirk", "style")
DATA_KEY = "data"
TRAIT_PREFIX_W = 24.0
"""Room of the printed "Trait:" before a Trait link's field."""
TRACKS_KEY = "tracks"
"""A hidden field saying ``clean`` when the tracks were printed empty."""
CLEAN = "clean"
ON = "Yes"


def field_prefix(number: int) -> str:
    """The prefix of the fields of the ``number``-th character (from 1)."""
    return f"c{number}_"


def trait_key(trait: Trait) -> str:
    return trait.value.lower()


@dataclass(frozen=True)
class Field:
    """One field: its key, where it sits, its kind, and for a choice its options."""

    key: str
    rect: Rect
    kind: str
    """``text``, ``multiline``, ``choice``, ``check`` or ``hidden``."""
    options: tuple[str, ...] = ()
    tooltip: str = ""
    size: float = 8.0
    """The size a reader draws a typed value at."""
    align: int = 0
    """0 left, 1 centred, 2 right (the PDF's /Q)."""
    display: tuple[str, ...] = ()
    """For a choice: what each option shows (its value is the option itself)."""


# --- what the fields hold ------------------------------------------------------


def field_values(character: Character | None, element_count: int = 0, *,
                 clean_tracks: bool = False) -> dict[str, str]:
    """The value of every field for ``character`` (all empty for a blank sheet).

    Checkboxes hold ``"Yes"`` or ``"Off"`` (all ``"Off"`` with ``clean_tracks``).
    The same function tells, on reading a sheet back, which fields the player
    changed.
    """
    values: dict[str, str] = {TRACKS_KEY: CLEAN if clean_tracks else ""}
    ch = character
    track = ch if not clean_tracks else None
    values.update(_identity_values(ch))
    values.update(_quality_values(ch))
    values.update(_trait_values(ch, track))
    values.update(_element_values(ch, element_count))
    for key in PIVOT_KEYS:
        values[f"pivot_{key}"] = (getattr(ch.pivots, key) or "") if ch else ""
    values["notes"] = player_notes(ch) if ch else ""
    values.update(_track_values(track))
    return values


def _identity_values(ch: Character | None) -> dict[str, str]:
    """Name, player, campaign and genre."""
    return {
        "name": ch.name if ch else "",
        "player": ch.player if ch else "",
        "campaign": ch.campaign if ch else "",
        "genre": ch.genre if ch else "",
    }


def _quality_values(ch: Character | None) -> dict[str, str]:
    """The three Qualities' names and Ranks, and the Faculty's Trait."""
    values: dict[str, str] = {}
    for key in QUALITY_KEYS:
        quality = getattr(ch, key) if ch else None
        values[f"{key}_name"] = quality.name if quality else ""
        values[f"{key}_rank"] = quality.rank.label if quality else ""
    values["faculty_trait"] = ch.faculty.trait.value if ch and ch.faculty.trait else ""
    return values


def _trait_values(ch: Character | None, track: Character | None) -> dict[str, str]:
    """Each Trait's Rank and its Penalty boxes (ticked from ``track``)."""
    values: dict[str, str] = {}
    for trait in TRAITS:
        tk = trait_key(trait)
        values[f"{tk}_rank"] = ch.trait_rank(trait).label if ch else ""
        ticked = min(PENALTY_BOXES, track.play.penalty_ranks.get(trait, 0)) if track else 0
        for box in range(1, PENALTY_BOXES + 1):
            values[f"{tk}_penalty_{box}"] = ON if box <= ticked else "Off"
    return values


def _element_values(ch: Character | None, element_count: int) -> dict[str, str]:
    """Every Element row's fields, at least ``element_count`` rows."""
    values: dict[str, str] = {}
    count = max(element_count, len(ch.elements) if ch else 0)
    for i in range(count):
        element = ch.elements[i] if ch and i < len(ch.elements) else None
        key = f"element_{i + 1}"
        values[f"{key}_name"] = element.name if element else ""
        values[f"{key}_rank"] = element.rank.label if element else ""
        values[f"{key}_trait"] = element.trait.value if element and element.trait else ""
        values[f"{key}_kind"] = element.kind.value if element else ""
        values[f"{key}_note"] = element.note if element else ""
    return values


def _track_values(track: Character | None) -> dict[str, str]:
    """The Luck and Advancement boxes (all ``"Off"`` without ``track``)."""
    values: dict[str, str] = {}
    luck = min(TRACK_BOXES, track.play.luck) if track else 0
    advancements = min(TRACK_BOXES, len(track.play.advancements)) if track else 0
    for box in range(1, TRACK_BOXES + 1):
        values[f"luck_{box}"] = ON if box <= luck else "Off"
        values[f"advancement_{box}"] = ON if box <= advancements else "Off"
    return values


def is_check_key(key: str) -> bool:
    """Whether the field ``key`` is a checkbox (a track box)."""
    return key.startswith(("luck_", "advancement_")) or "_penalty_" in key


def overlay_values(character: Character, element_count: int = 0, *,
                   clean_tracks: bool = False) -> dict[str, str]:
    """What an exported sheet's fields hold: its track boxes as ticked, every other
    field empty. The sheet prints the values itself; a field typed into replaces
    its value (a lone "-" clears it). Empty fields draw nothing, whichever reader
    redraws them, so nothing prints twice."""
    real = field_values(character, element_count, clean_tracks=clean_tracks)
    return {key: value if is_check_key(key) or key == TRACKS_KEY else ""
            for key, value in real.items()}


# --- where the fields go ---------------------------------------------------------


def _quality_fields(key: str, rect: Rect) -> Iterator[Field]:
    inner = rect.inset(7, 6)
    mod = Rect(inner.right - 36, inner.top - 27, 36, 27)
    name_bottom = inner.y + 18 + (10 if key == "faculty" else 0)
    title = key.capitalize()
    yield Field(f"{key}_name", Rect(inner.x, name_bottom, mod.x - inner.x - 6,
                                    inner.top - 11 - name_bottom), "multiline",
                tooltip=f"{title}: its name", size=10.0)
    # The Rank is picked on the modifier box, which then shows "+2 Good".
    yield Field(f"{key}_rank", mod, "choice", RANK_OPTIONS, f"{title}: its Rank", size=0.0,
                align=1, display=RANK_DISPLAY)
    if key == "faculty":
        yield Field("faculty_trait", Rect(inner.x + TRAIT_PREFIX_W, inner.y + 17,
                                          mod.x - inner.x - 4 - TRAIT_PREFIX_W, 10),
                    "choice", TRAIT_OPTIONS, "Faculty: the Trait it is tied to", size=7.5)


def _element_fields(index: int, row: Rect) -> Iterator[Field]:
    """Fields of Element row ``index`` (from 1), laid out as the row is drawn."""
    mod = Rect(row.x + 1, row.y + 4, 30, row.h - 8)
    trait_rect = Rect(row.right - 66, row.y + 3, 64, row.h - 6)
    tag_rect = Rect(trait_rect.x - 48, row.y + 7, 44, row.h - 14)
    name_rect = Rect(mod.right + 7, row.y + 2, tag_rect.x - mod.right - 11, row.h - 4)
    key = f"element_{index}"
    yield Field(f"{key}_rank", mod, "choice", RANK_OPTIONS, f"Element {index}: Rank",
                size=0.0, align=1, display=RANK_DISPLAY)
    yield Field(f"{key}_name", name_rect.take_top(12), "text",
                tooltip=f"Element {index}: name", size=9.0)
    yield Field(f"{key}_note", name_rect.below(12), "text", tooltip=f"Element {index}: note",
                size=7.0)
    yield Field(f"{key}_kind", tag_rect, "choice", KIND_OPTIONS,
                f"Element {index}: kind (quality, item, sfx, weakness, fetish, stunt)",
                size=7.0, align=1)
    yield Field(f"{key}_trait", Rect(trait_rect.x + TRAIT_PREFIX_W, trait_rect.y,
                                     trait_rect.w - TRAIT_PREFIX_W, trait_rect.h),
                "choice", TRAIT_OPTIONS, f"Element {index}: the Trait it is tied to",
                size=7.5)


def _checks(prefix: str, cells: Sequence[Rect], what: str) -> Iterator[Field]:
    for i, cell in enumerate(cells, start=1):
        yield Field(f"{prefix}_{i}", cell, "check", tooltip=f"{what} {i}")


def sheet_fields(layout: SheetLayout, first_element: int = 1) -> list[Field]:
    """Every field of page 1, Element rows numbered from ``first_element``."""
    fields: list[Field] = []
    who = layout.who.inset(8, 5).below(11)
    fields.append(Field("name", who, "text", tooltip="Who are you? The character's name",
                        size=14.0))
    body = layout.playing.inset(8, 5).below(11)
    body = Rect(body.x + PLAYING_LABEL_W, body.y, body.w - PLAYING_LABEL_W, body.h)
    third = body.h / 3
    fields += [
        Field("campaign", Rect(body.x, body.top - third, body.w, third), "text",
              tooltip="Campaign"),
        Field("genre", Rect(body.x, body.y + third, body.w, third), "text", tooltip="Genre"),
        Field("player", Rect(body.x, body.y, body.w, third), "text", tooltip="Player"),
    ]
    for key in QUALITY_KEYS:
        fields += _quality_fields(key, getattr(layout, key))
    for trait, rect in zip(TRAITS, layout.trait_boxes, strict=True):
        inner = rect.inset(7, 6)
        tk = trait_key(trait)
        fields.append(Field(f"{tk}_rank", Rect(inner.right - 36, inner.top - 25, 36, 25),
                            "choice", RANK_OPTIONS, f"{trait.value}: its Rank", size=0.0,
                            align=1, display=RANK_DISPLAY))
        fields += _checks(f"{tk}_penalty", penalty_row(rect)[1], f"{trait.value} Penalty Rank")
    for i, row in enumerate(layout.element_rows):
        fields += _element_fields(first_element + i, row)
    notes = layout.notes.inset(8, 6).below(13)
    fields.append(Field("notes", notes, "multiline", tooltip="Character notes"))
    fields += _checks("luck", layout.luck_boxes, "Luck")
    fields += _checks("advancement", layout.advancement_boxes, "Advancement")
    for key, row in zip(PIVOT_KEYS, layout.pivot_rows, strict=True):
        fields.append(Field(f"pivot_{key}", Rect(row.x + 36, row.y + 1, row.w - 36, row.h - 2),
                            "multiline", tooltip=f"Pivot: {key.capitalize()}"))
    fields.append(Field(DATA_KEY, Rect(0, 0, 0, 0), "hidden"))
    fields.append(Field(TRACKS_KEY, Rect(0, 0, 0, 0), "hidden"))
    return fields


def continuation_fields(layout: ContinuationLayout, rows: int, first_element: int
                        ) -> list[Field]:
    """The fields of the ``rows`` Element rows of a continuation page."""
    fields: list[Field] = []
    for i, row in enumerate(layout.element_rows[:rows]):
        fields += _element_fields(first_element + i, row)
    return fields


# --- writing the widgets -----------------------------------------------------------


def _pdf_name(text: str) -> str:
    return "/" + "".join(ch if ch.isalnum() else f"#{ord(ch):02X}" for ch in text)


@dataclass
class FormWriter:
    """Adds fields to a canvas; one per document (it owns the shared appearances)."""

    canvas: Canvas

    def __post_init__(self) -> None:
        from seforge.core.pdf.form import form_xobject, set_form_fonts

        self._empty = form_xobject(b"")
        # A ticked box is drawn by its field alone (the page prints it empty), so
        # unticking it in a reader leaves nothing behind. A Penalty Rank taken is
        # a filled box crossed out; Luck and Advancements held are a filled disc
        # (a cross would read as spent).
        self._cross = form_xobject(b"q 0.549 0.165 0.122 rg 0.4 0.4 9.2 9.2 re f "
                                   b"1 1 1 RG 1.1 w 1 J 2.8 2.8 m 7.2 7.2 l S "
                                   b"2.8 7.2 m 7.2 2.8 l S Q")
        self._held = form_xobject(b"q 0.549 0.165 0.122 rg 8.2 5 m 8.2 6.77 6.77 8.2 5 8.2 c "
                                  b"3.23 8.2 1.8 6.77 1.8 5 c 1.8 3.23 3.23 1.8 5 1.8 c "
                                  b"6.77 1.8 8.2 3.23 8.2 5 c f Q")
        set_form_fonts(self.canvas)

    def add(self, prefix: str, fields: Sequence[Field], values: dict[str, str]) -> None:
        for field in fields:
            self._widget(prefix + field.key, field, values.get(field.key, ""))

    def _widget(self, name: str, field: Field, value: str) -> None:
        from seforge.core.pdf.form import add_widget, form_xobject, pdf_text

        fixed = _fixed_part(field)
        head = f"<< /Type /Annot /Subtype /Widget /T {pdf_text(name)} {fixed}"
        parts: list[str | PDFObject]
        if field.kind == "hidden":
            parts = [head, f"/V {pdf_text(value)} >>"]
        elif field.kind == "check":
            state = ON if value == ON else "Off"
            mark = self._cross if "_penalty_" in field.key else self._held
            parts = [head, f"/V /{state} /AS /{state} /AP << /N << /Yes ", mark,
                     " /Off ", self._empty, " >> >> >>"]
        else:
            # its own empty appearance: a program filling the form rewrites that object in
            # place, and one shared by every field would show the value in all of them
            parts = [head, f"/V {pdf_text(value)} /AP << /N ", form_xobject(b""), " >> >>"]
        add_widget(self.canvas, parts)


@lru_cache(maxsize=4096)
def _fixed_part(field: Field) -> str:
    """What a widget says whatever its name and value: where, what kind, its help."""
    from seforge.core.pdf.form import WHITE_BACKGROUND, pdf_text, rect_entry, text_appearance

    out = rect_entry(field.rect)
    if field.tooltip:
        out += f"/TU {pdf_text(field.tooltip)} "
    if field.kind == "hidden":
        return out + "/FT /Tx /F 2 /Ff 1 "
    if field.kind == "check":
        return out + "/FT /Btn /F 4 /MK << /CA (8) >> /DA (/ZaDb 0 Tf 0 g) "
    # a value typed in a reader is drawn on white, over what the sheet printed
    out += f"/F 4 {text_appearance(field.size)}/Q {field.align} {WHITE_BACKGROUND}"
    if field.kind == "choice":
        if field.display:
            options = " ".join(f"[{pdf_text(o)} {pdf_text(d)}]"
                               for o, d in zip(field.options, field.display, strict=True))
        else:
            options = " ".join(pdf_text(o) for o in field.options)
        return out + f"/FT /Ch /Ff 131072 /Opt [{options}] "
    flags = 4096 if field.kind == "multiline" else 0
    return out + f"/FT /Tx /Ff {flags} "


def data_value(character: Character) -> str:
    """The hidden field's value: the character file's JSON."""
    return dumps(character_to_data(character))
