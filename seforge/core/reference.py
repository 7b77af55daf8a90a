"""Reference tables as data, with where they come from, and a search over them.

A game system gives its GM screen's tables as :class:`ReferenceTable` values: a title,
column headings, rows of cells (text, in our own words or the book's numbers), a note, and a
:class:`ReferenceSource` naming the document, the section and the lines (or the GM screen
panel) the table summarises, so a reader can check it against the book. :func:`search`
finds the rows that hold every word of a query, case-insensitively.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ReferenceSource:
    """Where a table's facts come from: a document, its section, and its lines or panel."""

    document: str
    """The source text, e.g. ``"swords-edge-rules.txt"`` (see shared/reference)."""
    section: str = ""
    """The section's heading in that document, e.g. ``"Levels of Success"``."""
    lines: str = ""
    """The lines, e.g. ``"L584-603"`` (for a text source)."""
    panel: str = ""
    """The panel of a printed GM screen, e.g. ``"Panel 2"`` (for a screen source)."""

    @property
    def text(self) -> str:
        """``"swords-edge-rules.txt, Levels of Success, L584-603"``."""
        return ", ".join(part for part in (self.document, self.section, self.lines, self.panel)
                         if part)


@dataclass(frozen=True)
class ReferenceTable:
    """One table of a GM screen: a title, column headings, rows of cells, notes, a source."""

    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: str = ""
    """A few sentences under the table (our own words)."""
    source: ReferenceSource | None = None

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a reference table needs an id")
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"table {self.id}: row {row!r} does not fit {self.columns!r}")

    @property
    def note(self) -> str:
        """The notes (the name the GM screen used first)."""
        return self.notes


def find_table(tables: Sequence[ReferenceTable], table_id: str) -> ReferenceTable:
    """The table with this id; KeyError naming the known ids otherwise."""
    for entry in tables:
        if entry.id == table_id:
            return entry
    known = ", ".join(t.id for t in tables)
    raise KeyError(f"no reference table {table_id!r} (known: {known})")


def _words(text: str) -> list[str]:
    return [w for w in text.casefold().split() if w]


def _matches(words: Iterable[str], haystack: str) -> bool:
    folded = haystack.casefold()
    return all(w in folded for w in words)


def search(
    tables: Sequence[ReferenceTable], text: str
) -> list[tuple[ReferenceTable, list[int]]]:
    """The tables and the indexes of their rows that match ``text``, in table order.

    Every word of ``text`` must appear, case-insensitively. A table whose title and column
    headings hold every word shows all its rows; otherwise a row matches on its own cells
    plus the table's title. Blank text matches everything. Tables with no matching row are
    left out.
    """
    words = _words(text)
    found: list[tuple[ReferenceTable, list[int]]] = []
    for entry in tables:
        all_rows = list(range(len(entry.rows)))
        if not words or _matches(words, " ".join((entry.title, *entry.columns))):
            found.append((entry, all_rows))
            continue
        rows = [i for i in all_rows if _matches(words, " ".join((entry.title, *entry.rows[i])))]
        if rows:
            found.append((entry, rows))
    return found
