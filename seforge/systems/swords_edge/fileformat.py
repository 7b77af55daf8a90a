"""The ``.sechar`` (character) and ``.senc`` (NC) documents, as core DocumentKinds.

:data:`CHARACTER_KIND` and :data:`NC_KIND` describe the two kinds
(:class:`seforge.core.documents.DocumentKind`): format ids ``swords-edge.character`` and
``swords-edge.nc``, written in every new file; the ids written before game systems
existed (``seforge.character``, ``seforge.nc``) are their aliases, so every older file
still opens. Each version has its migration to the next; a newer version is refused,
never rewritten.

The functions below (:func:`load_character`, :func:`save_character`,
:func:`character_to_data` ...) are thin wrappers over the kinds, kept for the rest of
the code and the UI. Every failure to read a file raises :class:`CharacterFileError`
(:class:`seforge.core.documents.DocumentFileError`), whose message is one line naming
the file, the field and the problem. Fields the models do not know are kept
(``extra="allow"``) and written back. Saving is atomic (:mod:`seforge.core.atomic`).
"""

from __future__ import annotations

import os
from typing import Any

from seforge.core.atomic import NotRegularFileError as NotRegularFileError  # re-exported
from seforge.core.atomic import ReadOnlyFileError as ReadOnlyFileError  # re-exported
from seforge.core.atomic import atomic_write_bytes as atomic_write_bytes  # re-exported
from seforge.core.documents import DocumentFileError, DocumentKind
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

CURRENT_VERSION = 1
CHARACTER_SUFFIX = ".sechar"
NC_SUFFIX = ".senc"

# Migrations from version N to N+1, applied in turn before validation. Empty while
# version 1 is the only version; version 2 adds ``{1: _v1_to_v2}``.
CHARACTER_MIGRATIONS: dict[int, Migration] = {}
NC_MIGRATIONS: dict[int, Migration] = {}

CHARACTER_KIND: DocumentKind[Character] = DocumentKind(
    format_id="swords-edge.character",
    model=Character,
    suffix=CHARACTER_SUFFIX,
    title="Sword's Edge character",
    version=CURRENT_VERSION,
    aliases=("seforge.character",),
    migrations=CHARACTER_MIGRATIONS,
)
"""A Sword's Edge PC (``.sechar``)."""

NC_KIND: DocumentKind[NarrativeCharacter] = DocumentKind(
    format_id="swords-edge.nc",
    model=NarrativeCharacter,
    suffix=NC_SUFFIX,
    title="Sword's Edge NC",
    version=CURRENT_VERSION,
    aliases=("seforge.nc",),
    migrations=NC_MIGRATIONS,
)
"""A Sword's Edge narrative character, the GM's opponent (``.senc``)."""

CHARACTER_FORMAT = CHARACTER_KIND.format_id
NC_FORMAT = NC_KIND.format_id


def character_from_data(data: Any, source: str = "<data>") -> Character:
    return CHARACTER_KIND.from_data(data, source)


def nc_from_data(data: Any, source: str = "<data>") -> NarrativeCharacter:
    return NC_KIND.from_data(data, source)


def load_character(path: str | os.PathLike[str]) -> Character:
    """Read a character file (any extension). Raises CharacterFileError."""
    return CHARACTER_KIND.load(path)


def load_nc(path: str | os.PathLike[str]) -> NarrativeCharacter:
    """Read an NC file (any extension). Raises CharacterFileError."""
    return NC_KIND.load(path)


def character_to_data(character: Character) -> dict[str, Any]:
    """The JSON object written for ``character`` (format and version first)."""
    return CHARACTER_KIND.to_data(character)


def nc_to_data(nc: NarrativeCharacter) -> dict[str, Any]:
    return NC_KIND.to_data(nc)


def save_character(
    character: Character, path: str | os.PathLike[str], *, overwrite_read_only: bool = False
) -> None:
    """Write ``character`` as a ``.sechar`` document, atomically.

    Raises :class:`ReadOnlyFileError` for a read-only file unless
    ``overwrite_read_only``, :class:`NotRegularFileError` for a device or FIFO,
    :class:`UnsavableTextError` for an over-long text (all are OSError).
    """
    CHARACTER_KIND.save(character, path, overwrite_read_only=overwrite_read_only)


def save_nc(
    nc: NarrativeCharacter, path: str | os.PathLike[str], *, overwrite_read_only: bool = False
) -> None:
    """Write ``nc`` as a ``.senc`` document, atomically (see :func:`save_character`)."""
    NC_KIND.save(nc, path, overwrite_read_only=overwrite_read_only)
