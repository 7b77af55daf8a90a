"""Sword's Edge's own text limits (the core's :mod:`seforge.core.limits` holds every
system's): the names and labels a character, an NC or a campaign of Sword's Edge holds, and
a portrait's picture. Declared to the core when the package is imported, so they hold for
every Sword's Edge file read or written."""

from __future__ import annotations

from seforge.core.limits import NAME_CHARS, PATH_CHARS

PORTRAIT_CHARS = 4 * 1024 * 1024
"""The base64 text of a portrait (the app stores at most 512 px, far below this)."""

TEXT_LIMITS: dict[str, int] = {
    "genre": NAME_CHARS,
    "source": NAME_CHARS,
    "fetish_of": NAME_CHARS,
    "base_name": NAME_CHARS,
    "qualities": NAME_CHARS,
    "overcome_weaknesses": NAME_CHARS,
    "spent_on_momentum": NAME_CHARS,
    "facing": NAME_CHARS,
    "characters": PATH_CHARS,
    "opponents": PATH_CHARS,
    "portrait": PORTRAIT_CHARS,
}
"""Sword's Edge's fields and their limits (a list's items: its field's): Quality and
Fetish names, the NC's genre and source, the scene's facing list, the campaign's party
lists (paths) and the portrait."""
