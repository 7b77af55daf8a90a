"""Fill-in fields on the Blades sheets (AcroForm) and reading a filled sheet back.

Each document of a PDF gets fields named ``b<N>_<key>`` (``N`` counts the documents
from 1): text fields over the identity lines and notes, checkboxes over the stress,
trauma, armor, coin, item and XP boxes, and a hidden field holding the whole document
(its file's JSON). The visible fields show nothing of their own on an exported sheet
(the page's typesetting shows the values); once a player edits one, the reader draws it.
Reading back starts from the hidden copy and lays over what the player changed, so an
untouched sheet gives back exactly the document it was printed from.

The widgets are small raw PDF objects with empty appearances, so the page's own
embedded fonts do the showing (no unembedded form font is drawn).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.form import ON as ON
from seforge.core.pdf.form import FormReadError, WidgetWriter, read_form_values
from seforge.core.pdf.geometry import Rect
from seforge.core.systems import GameSystem, SheetImport

SUBJECT = "Blades in the Dark sheets"
"""The ``/Subject`` of a Blades sheet PDF: ``seforge import`` knows the sheet by it."""
FieldKind = Literal["text", "multiline", "check", "hidden"]
DATA_KEY = "data"
TEXT_KEYS: tuple[str, ...] = (
    "name", "alias", "look", "heritage", "background", "vice_purveyor", "friend", "rival",
    "notes",
)
"""The scoundrel's text fields a player may edit on paper (read back over the copy)."""
CREW_TEXT_KEYS: tuple[str, ...] = ("name", "reputation", "lair", "contact", "notes")


@dataclass(frozen=True)
class Field:
    key: str
    rect: Rect
    kind: FieldKind = "text"
    tooltip: str = ""
    size: float = 9.0


def prefix(number: int) -> str:
    return f"b{number}_"


class FormWriter:
    """Adds the fields of every document to one canvas."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._writer = WidgetWriter(canvas)

    def add(self, number: int, field: Field, value: str) -> None:
        self._writer.add(prefix(number) + field.key, field.rect, field.kind, value,
                         tooltip=field.tooltip, size=field.size)


# --- reading back ------------------------------------------------------------------------

_NAME = re.compile(r"^b(\d+)_(.+)$")


class SheetReadError(ValueError):
    """Not a PDF, or a PDF without Blades sheet fields (one line)."""


def _fields(path: Path) -> dict[int, dict[str, str]]:
    try:
        values = read_form_values(path)
    except FormReadError as exc:
        raise SheetReadError(f"{path.name}: {exc}") from None
    sheets: dict[int, dict[str, str]] = {}
    for name, text in values.items():
        match = _NAME.match(name)
        if match is not None:
            sheets.setdefault(int(match.group(1)), {})[match.group(2)] = text
    if not sheets:
        raise SheetReadError(f"{path.name}: holds no Blades sheet fields")
    return sheets


def read_sheets(path: str | Path) -> list[Any]:
    """Every scoundrel and crew of a Blades sheet PDF, with what the player changed on
    paper laid over the copy the sheet carries."""
    from pydantic import ValidationError

    from seforge.systems.blades.models import Crew, Scoundrel

    path = Path(path)
    found: list[Any] = []
    for number, values in sorted(_fields(path).items()):
        try:
            data = json.loads(values.get(DATA_KEY, ""))
        except ValueError:
            raise SheetReadError(f"{path.name}: sheet {number} lost its saved copy") from None
        kind = data.get("format") if isinstance(data, dict) else None
        model: type[Scoundrel] | type[Crew] = Crew if kind == "blades.crew" else Scoundrel
        keys = CREW_TEXT_KEYS if model is Crew else TEXT_KEYS
        for key in keys:
            if key in values and values[key] != data.get(key, ""):
                data[key] = values[key]
        if model is Scoundrel:
            boxes = [k for k in values if k.startswith("stress_")]
            if boxes:
                data["stress"] = sum(values[k] == ON for k in boxes)
            ticked = [k.removeprefix("trauma_") for k in values
                      if k.startswith("trauma_") and values[k] == ON]
            if set(ticked) != set(data.get("trauma", [])):
                data["trauma"] = ticked
        data.pop("format", None)
        data.pop("version", None)
        try:
            found.append(model.model_validate(data))
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            raise SheetReadError(f"{path.name}: sheet {number}: "
                                 f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    return found


def import_sheet(path: Path, number: int, system: GameSystem) -> SheetImport:
    """``seforge import``: the ``number``-th document (from 1) of a Blades sheet PDF, a
    scoundrel (``.blades``) or a crew (``.bladescrew``), with what the ``system``'s
    ``check`` finds."""
    from seforge.systems.blades.documents import CREW, SCOUNDREL
    from seforge.systems.blades.models import Crew

    documents = read_sheets(path)
    if not 1 <= number <= len(documents):
        held = ("only 1 document" if len(documents) == 1
                else f"{len(documents)} documents, numbered 1 to {len(documents)}")
        raise SheetReadError(f"{path.name}: holds no document {number} ({held})")
    document = documents[number - 1]
    kind = CREW if isinstance(document, Crew) else SCOUNDREL
    document_format = next(f for f in system.formats if f.id == kind.format_id)

    def write(output: Path) -> None:
        kind.save(document, output)

    def report(output: Path, as_json: bool) -> str:
        check = system.check(output)
        name = document.name.strip() or "Unnamed"
        if as_json:
            return json.dumps({"output": str(output), "system": system.id,
                               "format": kind.format_id, "name": name,
                               "documents_in_file": len(documents),
                               "check": check.as_json()})
        lines = [f"{output}: {name} ({document_format.title}), read from sheet "
                 f"{number} of {len(documents)}"]
        lines.append(f"  {'legal' if check.legal else 'NOT legal'}")
        lines += [f"  {p.severity}: {p.message} [{p.rule}]" for p in check.problems]
        return "\n".join(lines)

    return SheetImport(document_format, write, report)
