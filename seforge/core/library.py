"""The one library entry type: a ready-made document a game system ships.

Every system's ``library()`` gives :class:`LibraryEntry` values: an id (unique within the
system, usually the file's name without its suffix), the file's path and the title a list
shows. A system whose list needs more (one that sorts its sample characters by kind and
genre and names the book's page) fills the optional fields; one with a single kind of
document leaves them empty.
"""

from __future__ import annotations

from pathlib import Path

from seforge.core.frozen import FrozenRecord

MAX_TITLE_READ = 1024 * 1024
"""A shipped document read for its name is at most this large."""


class LibraryEntry(FrozenRecord):
    """One ready-made document: what a list shows, and where its file is."""

    __slots__ = _FIELDS = ("id", "path", "title", "kind", "genre", "source")
    id: str
    path: Path
    title: str
    """What a list shows; empty: the id."""
    kind: str
    """What it is within its system (e.g. ``"pc"`` or ``"nc"``); empty with one kind."""
    genre: str
    """The genre or setting it belongs to, for grouping; may be empty."""
    source: str
    """Where it comes from (the book and page), for the reader; may be empty."""

    def __init__(self, id: str, path: Path, title: str = "",
                 kind: str = "", genre: str = "", source: str = "") -> None:
        if not id:
            raise ValueError("a library entry needs an id")
        self._init(id, path, title or id, kind, genre, source)

    @property
    def name(self) -> str:
        """The title (the name a character list calls it)."""
        return self.title


def document_title(path: Path) -> str:
    """The name a shipped document gives itself (its top-level ``name``), for a list:
    "" when the file has none or cannot be read (the list then shows its id)."""
    import json  # (not for ``seforge odds``, which imports this module)

    from seforge.core.bounded_read import FileReadError, read_bounded

    try:
        data = json.loads(read_bounded(path, MAX_TITLE_READ))
    except (FileReadError, ValueError):
        return ""
    name = data.get("name") if isinstance(data, dict) else None
    return " ".join(name.split()) if isinstance(name, str) else ""
