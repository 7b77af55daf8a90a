"""The ``.sechar`` (character) and ``.senc`` (NC) file formats.

A file is a JSON object with ``format`` and ``version`` first, then the model's
fields. Every version has its own loader; a loader for version N turns the raw
data of an N file into the current model, so a later version 2 only has to add a
migration from 1 to 2.

Every failure to read a file raises :class:`CharacterFileError` whose message is
one line naming the file, the field and the problem. Reading is bounded (only
ordinary files, at most :data:`~seforge.core.limits.MAX_FILE_BYTES`) and the parsed
JSON is checked against :mod:`seforge.core.limits` (nesting, number length, text
lengths, duplicate keys, lone surrogates). Fields the models do not know are kept
(``extra="allow"``) and written back. Saving is atomic (:mod:`seforge.core.atomic`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from seforge.core.atomic import NotRegularFileError as NotRegularFileError  # re-exported
from seforge.core.atomic import ReadOnlyFileError as ReadOnlyFileError  # re-exported
from seforge.core.atomic import atomic_write_bytes as atomic_write_bytes  # re-exported
from seforge.core.documents import DocumentFileError
from seforge.core.documents import Migration as Migration
from seforge.core.documents import UnsavableTextError as UnsavableTextError
from seforge.core.documents import check_document as check_document
from seforge.core.documents import decode_document as decode_document
from seforge.core.documents import dumps as dumps
from seforge.core.documents import encode_document as encode_document
from seforge.core.documents import parse_json_bytes as parse_json_bytes
from seforge.core.documents import read_json_file as read_json_file
from seforge.systems.swords_edge.models import Character, NarrativeCharacter

CharacterFileError = DocumentFileError
"""The error of every unreadable character or NC file (one-line message)."""

CHARACTER_FORMAT = "seforge.character"
NC_FORMAT = "seforge.nc"
CURRENT_VERSION = 1
CHARACTER_SUFFIX = ".sechar"
NC_SUFFIX = ".senc"

# Migrations from version N to N+1, applied in turn before validation. Empty while
# version 1 is the only version; version 2 adds ``{1: _v1_to_v2}``.
CHARACTER_MIGRATIONS: dict[int, Migration] = {}
NC_MIGRATIONS: dict[int, Migration] = {}


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


def save_character(
    character: Character, path: str | os.PathLike[str], *, overwrite_read_only: bool = False
) -> None:
    """Write ``character`` as a ``.sechar`` document, atomically.

    Raises :class:`ReadOnlyFileError` for a read-only file unless
    ``overwrite_read_only``, :class:`NotRegularFileError` for a device or FIFO,
    :class:`UnsavableTextError` for an over-long text (all are OSError).
    """
    atomic_write_bytes(path, encode_document(character_to_data(character)),
                       overwrite_read_only=overwrite_read_only)


def save_nc(
    nc: NarrativeCharacter, path: str | os.PathLike[str], *, overwrite_read_only: bool = False
) -> None:
    """Write ``nc`` as a ``.senc`` document, atomically (see :func:`save_character`)."""
    atomic_write_bytes(path, encode_document(nc_to_data(nc)),
                       overwrite_read_only=overwrite_read_only)
