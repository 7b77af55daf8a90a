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
from typing import TYPE_CHECKING, Any, Literal

from seforge.core.pdf.form_read import ON as ON
from seforge.core.pdf.form_read import FormReadError, read_form_values, values_by_sheet
from seforge.core.pdf.geometry import Rect
from seforge.core.systems import GameSystem, SheetImport

if TYPE_CHECKING:  # reading a sheet back draws nothing: no ReportLab
    from reportlab.pdfgen.canvas import Canvas

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


def item_entries(scoundrel: Any) -> list[tuple[str, int, bool]]:
    """The items a scoundrel's sheet lists, in order, as ``(name, load, carried)``: every
    item the playbook offers, then the scoundrel's own. The sheet's ``item_<n>`` boxes
    are the first of these, numbered from 1."""
    from seforge.systems.blades import content

    carried = {item.name for item in scoundrel.items}
    offered = content.playbook_items(scoundrel.playbook)
    names = {o.name for o in offered}
    return [(o.name, o.load, o.name in carried) for o in offered] + [
        (i.name, i.boxes, True) for i in scoundrel.items if i.name not in names]


class FormWriter:
    """Adds the fields of every document to one canvas."""

    def __init__(self, canvas: Canvas) -> None:
        from seforge.core.pdf.form import WidgetWriter

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
    sheets = values_by_sheet(values, _NAME)
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
            _scoundrel_marks(data, values)
        else:
            _crew_marks(data, values)
        data.pop("format", None)
        data.pop("version", None)
        try:
            found.append(model.model_validate(data))
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            raise SheetReadError(f"{path.name}: sheet {number}: "
                                 f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    return found


def upgrade_pool(crew: Any) -> list[Any]:
    """The upgrades a crew's sheet lists, in order: its crew type's, then every crew's.
    The sheet's ``upgrade_<n>_<box>`` boxes number them from 1."""
    from seforge.systems.blades import content

    data = content.crew_type(crew.crew_type)
    return [*(data.upgrades if data else ()), *content.lists().crew_upgrades]


def _crew_marks(data: dict[str, Any], values: dict[str, str]) -> None:
    """Lay the boxes a player changed on paper over the crew's copy: rep, heat, wanted,
    coin, crew XP, upgrade boxes and the claims held."""
    from seforge.systems.blades.models import Crew

    for key in ("rep", "heat", "wanted", "coin", "xp"):
        data[key] = _recount(data.get(key, 0), values, f"{key}_")
    try:  # the upgrades as the sheet listed them, from the copy it was printed from
        pool = upgrade_pool(Crew.model_validate(
            {k: v for k, v in data.items() if k not in ("format", "version")}))
    except ValueError:
        pool = []
    upgrades = dict(data.get("upgrades", {}))
    for n, upgrade in enumerate(pool, start=1):
        old = upgrades.get(upgrade.name, 0)
        new = _recount(old, values, f"upgrade_{n}_")
        if new != old:
            upgrades[upgrade.name] = new
    data["upgrades"] = upgrades
    claims = data.get("claims")
    if isinstance(claims, list):
        for n, claim in enumerate(claims, start=1):
            box = values.get(f"claim_{n}")
            if box is not None and isinstance(claim, dict) and (box == ON) != claim.get("held"):
                claim["held"] = box == ON


def _recount(old: Any, values: dict[str, str], start: str) -> Any:
    """A count read from its boxes: each box ticked or unticked on paper adds or takes one
    from the printed count (which may be more than the boxes show)."""
    boxes = [key for key in values if key.startswith(start) and key[len(start):].isdigit()]
    if not boxes or not isinstance(old, int):
        return old
    return max(0, old + sum(values[k] == ON for k in boxes) - min(old, len(boxes)))


def _scoundrel_marks(data: dict[str, Any], values: dict[str, str]) -> None:
    """Lay the boxes and cells a player changed on paper over the scoundrel's copy:
    stress, trauma, XP, coin, armor, harm and the items carried."""
    data["stress"] = _recount(data.get("stress", 0), values, "stress_")
    ticked = [k.removeprefix("trauma_") for k in values
              if k.startswith("trauma_") and values[k] == ON]
    if set(ticked) != set(data.get("trauma", [])):
        data["trauma"] = ticked
    xp = data.get("xp")
    if isinstance(xp, dict):
        for track in list(xp):
            xp[track] = _recount(xp[track], values, f"xp_{track}_")
    data["coin"] = _recount(data.get("coin", 0), values, "coin_")
    _armor_marks(data, values)
    harm = data.get("harm")
    if isinstance(harm, list):
        for level, row in enumerate(harm, start=1):
            if isinstance(row, list):
                harm[level - 1] = _harm_row(row, level, values)
    _item_marks(data, values)


def _armor_marks(data: dict[str, Any], values: dict[str, str]) -> None:
    """The armor boxes used, when the sheet has them."""
    from seforge.systems.blades.facts import ARMOR_BOXES

    if any(f"armor_{box}" in values for box in ARMOR_BOXES):
        used = [box for box in ARMOR_BOXES if values.get(f"armor_{box}") == ON]
        if set(used) != set(data.get("armor_used", [])):
            data["armor_used"] = used


def _harm_row(row: list[Any], level: int, values: dict[str, str]) -> list[Any]:
    """One harm row read from its cells: the row as printed unless a cell was changed,
    then the written cells in order (and what the sheet had no cell for)."""
    cells = sorted((int(k.rsplit("_", 1)[1]), v) for k, v in values.items()
                   if k.startswith(f"harm_{level}_") and k.rsplit("_", 1)[1].isdigit())
    if not cells:
        return row
    printed = [row[n - 1] if n <= len(row) else "" for n, _v in cells]
    if [v for _n, v in cells] == printed:
        return row
    return [v.strip() for _n, v in cells if v.strip()] + row[len(cells):]


def _item_marks(data: dict[str, Any], values: dict[str, str]) -> None:
    """The items carried: a box ticked on paper adds its item, one unticked drops it."""
    from seforge.systems.blades.models import Item, Scoundrel

    try:  # the items as the sheet listed them, from the copy it was printed from
        entries = item_entries(Scoundrel.model_validate(
            {k: v for k, v in data.items() if k not in ("format", "version")}))
    except ValueError:
        return
    items = list(data.get("items", []))
    for n, (name, load, carried) in enumerate(entries, start=1):
        box = values.get(f"item_{n}")
        if box is None or (box == ON) == carried:
            continue
        if box == ON:
            items.append(Item(name=name, boxes=load).model_dump(mode="json"))
        else:
            items = [i for i in items if not (isinstance(i, dict) and i.get("name") == name)]
    data["items"] = items


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
