"""Input limits of SEForge documents: file size, nesting, numbers and text lengths.

The loader (:mod:`seforge.systems.swords_edge.fileformat`) refuses a document that breaks one with a
one-line message naming the field; saving checks the text lengths too, so a
file SEForge writes always opens again. The values are documented in the README
("The character file"); views may use :func:`text_limit` to cap their inputs.
"""

from __future__ import annotations

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
    "PORTRAIT_CHARS",
    "TEXT_LIMITS",
    "text_limit",
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
"""Names and short labels: a character's, player's, Quality's, NC's, clock's..."""
LINE_CHARS = 2_000
"""One-line texts: Pivots, an Element's note, a history line, a log line; also the
limit for any text field not named below (unknown fields included)."""
PATH_CHARS = 4_096
"""A file path written in a document (a campaign's listed files, any system's; a scene
autosave's file): one limit for reading and saving."""
NOTES_CHARS = 100_000
"""Free notes (a character's, an NC's, a campaign's)."""
PORTRAIT_CHARS = 4 * 1024 * 1024
"""The base64 text of a portrait (the app stores at most 512 px, far below this)."""
KEY_CHARS = NAME_CHARS
"""The name of any field or dictionary key."""

TEXT_LIMITS: dict[str, int] = {
    "name": NAME_CHARS,
    "player": NAME_CHARS,
    "campaign": NAME_CHARS,
    "genre": NAME_CHARS,
    "source": NAME_CHARS,
    "fetish_of": NAME_CHARS,
    "base_name": NAME_CHARS,
    "id": NAME_CHARS,
    "qualities": NAME_CHARS,
    "overcome_weaknesses": NAME_CHARS,
    "spent_on_momentum": NAME_CHARS,
    "facing": NAME_CHARS,
    "characters": PATH_CHARS,
    "opponents": PATH_CHARS,
    "documents": PATH_CHARS,
    "path": PATH_CHARS,
    "notes": NOTES_CHARS,
    "log": NOTES_CHARS,
    "portrait": PORTRAIT_CHARS,
}
"""Text limits by field name (the nearest named field for a list's items); any
other text field gets :data:`LINE_CHARS`."""


def text_limit(field: str | None) -> int:
    """The longest text allowed in a field of this name."""
    if field is None:
        return LINE_CHARS
    return TEXT_LIMITS.get(field, LINE_CHARS)
