"""The ``.sechar`` (character) and ``.senc`` (NC) file formats.

A file is a JSON object with ``format`` and ``version`` first, then the model's
fields. Every version has its own loader; a loader for version N turns the raw
data of an N file into the current model, so a later version 2 only has to add a
migration from 1 to 2.

Every failure to read a file raises :class:`CharacterFileError` whose message is
one line naming the file, the field and the problem. Saving is atomic: the data
goes to a temporary file beside the target, which then replaces it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from seforge.atomic import atomic_write_bytes as atomic_write_bytes  # re-exported
from seforge.models import Character, NarrativeCharacter

CHARACTER_FORMAT = "seforge.character"
NC_FORMAT = "seforge.nc"
CURRENT_VERSION = 1
CHARACTER_SUFFIX = ".sechar"
NC_SUFFIX = ".senc"
MAX_FILE_BYTES = 16 * 1024 * 1024
"""Larger files are refused before parsing (a portrait is limited far below this)."""

ModelT = TypeVar("ModelT", bound=BaseModel)
Migration = Callable[[dict[str, Any]], dict[str, Any]]


class CharacterFileError(Exception):
    """A file that cannot be read as a character or NC; ``str()`` is one line."""

    def __init__(self, source: str, problem: str, field: str | None = None) -> None:
        self.source = source
        self.field = field
        self.problem = problem
        where = f"field '{field}': " if field else ""
        super().__init__(f"{source}: {where}{problem}")


# Migrations from version N to N+1, applied in turn before validation. Empty while
# version 1 is the only version; version 2 adds ``{1: _v1_to_v2}``.
CHARACTER_MIGRATIONS: dict[int, Migration] = {}
NC_MIGRATIONS: dict[int, Migration] = {}


def read_json_file(path: Path) -> Any:
    """Read and parse a SEForge JSON document (character, NC, campaign, scene).

    Every failure is a one-line CharacterFileError naming the file.
    """
    source = path.name or str(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise CharacterFileError(source, "no such file") from None
    except OSError as exc:
        raise CharacterFileError(source, f"cannot be read ({exc.strerror})") from None
    if path.is_dir():
        raise CharacterFileError(source, "is a folder, not a file")
    if size > MAX_FILE_BYTES:
        raise CharacterFileError(
            source, f"is too large ({size // 1024} KiB) to be a SEForge document"
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CharacterFileError(source, f"cannot be read ({exc.strerror})") from None
    return parse_json_bytes(raw, source)


def parse_json_bytes(raw: bytes, source: str) -> Any:
    """Decode UTF-8 JSON, turning every failure into a one-line CharacterFileError."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CharacterFileError(source, "is not a text file (not UTF-8 JSON)") from None
    if not text.strip():
        raise CharacterFileError(source, "is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        truncated = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated")
        what = "is cut short (truncated JSON)" if truncated else "is not valid JSON"
        raise CharacterFileError(
            source, f"{what}: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None


def _format_loc(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        elif parts:
            parts.append(f".{item}")
        else:
            parts.append(str(item))
    return "".join(parts)


def _validation_message(exc: ValidationError) -> tuple[str, str]:
    errors = exc.errors(include_url=False)
    first = errors[0]
    field = _format_loc(tuple(first["loc"])) or "(top level)"
    message = str(first["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    if first["type"] == "missing":
        message = "is required but missing"
    if len(errors) > 1:
        message += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    return field, message


def decode_document(
    data: Any,
    source: str,
    *,
    expected_format: str,
    model: type[ModelT],
    migrations: Mapping[int, Migration],
    current_version: int = CURRENT_VERSION,
) -> ModelT:
    """Check ``format`` and ``version``, migrate, then validate into ``model``.

    Each format has its own version line (``current_version``) and migrations.
    """
    if not isinstance(data, dict):
        raise CharacterFileError(source, f"expected a JSON object, found {type(data).__name__}")
    fmt = data.get("format")
    if fmt is None:
        raise CharacterFileError(
            source, f"is missing; expected '{expected_format}'", field="format"
        )
    if fmt != expected_format:
        raise CharacterFileError(
            source, f"expected '{expected_format}', found {fmt!r}", field="format"
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise CharacterFileError(
            source, f"must be a whole number, found {version!r}", field="version"
        )
    if version > current_version:
        raise CharacterFileError(
            source,
            f"the file is version {version}, written by a newer SEForge; this one reads up "
            f"to version {current_version}. Update SEForge to open it",
            field="version",
        )
    if version < 1:
        raise CharacterFileError(source, f"version {version} does not exist", field="version")
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    for step in range(version, current_version):
        body = migrations[step](body)
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        field, message = _validation_message(exc)
        raise CharacterFileError(source, message, field=field) from None


def character_from_data(data: Any, source: str = "<data>") -> Character:
    return decode_document(
        data,
        source,
        expected_format=CHARACTER_FORMAT,
        model=Character,
        migrations=CHARACTER_MIGRATIONS,
    )


def nc_from_data(data: Any, source: str = "<data>") -> NarrativeCharacter:
    return decode_document(
        data, source, expected_format=NC_FORMAT, model=NarrativeCharacter,
        migrations=NC_MIGRATIONS,
    )


def load_character(path: str | os.PathLike[str]) -> Character:
    """Read a character file (any extension). Raises CharacterFileError."""
    p = Path(path)
    return character_from_data(read_json_file(p), p.name or str(p))


def load_nc(path: str | os.PathLike[str]) -> NarrativeCharacter:
    """Read an NC file (any extension). Raises CharacterFileError."""
    p = Path(path)
    return nc_from_data(read_json_file(p), p.name or str(p))


def character_to_data(character: Character) -> dict[str, Any]:
    """The JSON object written for ``character`` (format and version first)."""
    return {
        "format": CHARACTER_FORMAT,
        "version": CURRENT_VERSION,
        **character.model_dump(mode="json"),
    }


def nc_to_data(nc: NarrativeCharacter) -> dict[str, Any]:
    return {"format": NC_FORMAT, "version": CURRENT_VERSION, **nc.model_dump(mode="json")}


def dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def save_character(character: Character, path: str | os.PathLike[str]) -> None:
    """Write ``character`` as a ``.sechar`` document, atomically."""
    atomic_write_bytes(path, dumps(character_to_data(character)).encode("utf-8"))


def save_nc(nc: NarrativeCharacter, path: str | os.PathLike[str]) -> None:
    """Write ``nc`` as a ``.senc`` document, atomically."""
    atomic_write_bytes(path, dumps(nc_to_data(nc)).encode("utf-8"))
