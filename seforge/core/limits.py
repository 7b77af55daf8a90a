"""Input limits of SEForge documents: file size, nesting, numbers and text lengths.

Reading a document (:func:`seforge.core.documents.parse_json_bytes`) refuses one that breaks
a limit with a one-line message naming the field; saving checks the text lengths too, so a
file SEForge writes always opens again. The values are documented in the README
("The character file"); views may use :func:`text_limit` to cap their inputs.

The limits here are every system's (names, one-line texts, notes, paths). A game system
whose documents hold text fields of its own names their limits with
:func:`declare_text_limits` when its package is imported (before any of its files is read).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "KEY_CHARS",
    "LINE_CHARS",
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_NUMBER_CHARS",
    "MAX_WHOLE_NUMBER",
    "NAME_CHARS",
    "NOTES_CHARS",
    "PATH_CHARS",
    "TEXT_LIMITS",
    "declare_text_limits",
    "declared_text_limits",
    "text_limit",
    "text_limits",
]

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Larger files are refused without being read further."""
MAX_DEPTH = 64
"""Objects and lists nested deeper than this are refused (ours go about 8 deep)."""
MAX_NUMBER_CHARS = 40
"""A number literal longer than this (digits, sign, point, exponent) is refused."""
MAX_WHOLE_NUMBER = 1_000_000
"""A whole number in a document's known fields beyond +-this is refused when read: no
game's count comes near (a model's own bounds are tighter), and every widget can
show it (Qt's spin boxes stop at 2,147,483,647). Unknown fields are kept as they are."""

NAME_CHARS = 200
"""Names and short labels: a character's, a player's, a clock's, a campaign's..."""
LINE_CHARS = 2_000
"""One-line texts: a note on a part of a character, a history line, a log line; also the
limit for any text field not named below (unknown fields included)."""
PATH_CHARS = 4_096
"""A file path written in a document (a campaign's listed files, any system's; a scene
autosave's file): one limit for reading and saving."""
NOTES_CHARS = 100_000
"""Free notes (a character's, a campaign's)."""
KEY_CHARS = NAME_CHARS
"""The name of any field or dictionary key."""

TEXT_LIMITS: Mapping[str, int] = MappingProxyType({
    "name": NAME_CHARS,
    "player": NAME_CHARS,
    "campaign": NAME_CHARS,
    "id": NAME_CHARS,
    "documents": PATH_CHARS,
    "path": PATH_CHARS,
    "notes": NOTES_CHARS,
    "log": NOTES_CHARS,
})
"""Every system's text limits by field name (the nearest named field for a list's items);
a system adds its own with :func:`declare_text_limits`; any other text field gets
:data:`LINE_CHARS`."""

_DECLARED: dict[str, int] = {}


def declare_text_limits(limits: Mapping[str, int]) -> None:
    """A game system's limits for text fields of its own (by field name). Where two
    systems name the same field, or a system names one of :data:`TEXT_LIMITS`, the
    larger limit holds, so no system's file is refused for another's sake. Declaring the
    same limits again changes nothing."""
    for field, limit in limits.items():
        if not field or limit < 1:
            raise ValueError(f"a text limit needs a field name and a length, not {field!r}: "
                             f"{limit!r}")
        _DECLARED[field] = max(limit, _DECLARED.get(field, 0))


def declared_text_limits() -> dict[str, int]:
    """The limits the systems have declared so far (a copy)."""
    return dict(_DECLARED)


def text_limits() -> dict[str, int]:
    """Every named field's limit: :data:`TEXT_LIMITS` with the systems' declared ones
    (the larger where both name a field), as :func:`text_limit` gives them."""
    merged = dict(TEXT_LIMITS)
    for field, limit in _DECLARED.items():
        merged[field] = max(limit, merged.get(field, 0))
    return merged


def text_limit(field: str | None) -> int:
    """The longest text allowed in a field of this name."""
    if field is None:
        return LINE_CHARS
    own, declared = TEXT_LIMITS.get(field), _DECLARED.get(field)
    if own is None and declared is None:
        return LINE_CHARS
    return max(own or 0, declared or 0)
