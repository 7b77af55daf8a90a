"""Reference tables as data, with where they come from, and a search over them.

Every game system gives its GM screen's tables as :class:`ReferenceTable` values (the one
table type of the program): a title, column headings, rows of cells (text, in our own words
or the book's numbers), a note, and a :class:`ReferenceSource` naming the document, the
section and the lines (or the GM screen panel) the table summarises, so a reader can check
it against the book. A row may name its own source (a labelled default from outside the
text, say), and a table may carry tags (the rule sets of a game that has several).
:func:`search` finds the rows that hold every word of a query, case-insensitively, in every
table of a system (or those with one tag).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

ORIGINS: dict[str, str] = {
    "text": "",
    "inferred": "inferred from the text",
    "external": "not in the text: a labelled default",
    "computed": "computed by SEForge",
}
"""How a source backs its facts, and the words a reader sees for it (none for the text)."""


@dataclass(frozen=True)
class ReferenceSource:
    """Where a table's facts come from: a document, its section, and its lines or panel.

    :attr:`label` is what a user reads (the book's section, its page when the book has
    pages); :attr:`text` is the whole citation (file and lines) for checking it."""

    document: str
    """The source text, e.g. ``"rulebook.txt"`` (see shared/reference)."""
    section: str = ""
    """The section's heading in that document, e.g. ``"Levels of Success"``."""
    lines: str = ""
    """The lines, e.g. ``"L584-603"`` (for a text source)."""
    panel: str = ""
    """The panel of a printed GM screen, e.g. ``"Panel 2"`` (for a screen source)."""
    page: str = ""
    """The book's page of the section, e.g. ``"30"`` (when the book has pages)."""
    book: str = ""
    """The book's name as a reader knows it, e.g. ``"Conan GM screen"``: shown in the
    label when a system draws on several books."""
    origin: str = "text"
    """How it backs the facts: a key of :data:`ORIGINS`."""
    also: tuple[ReferenceSource, ...] = ()
    """Further places the same facts come from (another section or another book)."""

    def __post_init__(self) -> None:
        if self.origin not in ORIGINS:
            raise ValueError(f"unknown source origin {self.origin!r} "
                             f"(known: {', '.join(ORIGINS)})")

    @property
    def text(self) -> str:
        """``"rulebook.txt, Levels of Success, L584-603"``: file, section, lines."""
        own = ", ".join(part for part in (self.document, self.section, self.lines, self.panel)
                        if part)
        if self.origin != "text":
            own += f" ({self.origin})"
        return "; ".join((own, *(more.text for more in self.also)))

    @property
    def label(self) -> str:
        """What a reader sees: ``"Levels of Success (p. 30)"``, ``"Conan GM screen:
        Doom"``, with how it is backed when that is not the text itself."""
        parts = [self._own_label(with_book=True)]
        book = self.book
        for more in self.also:  # a book named once for its sections in a row
            parts.append(more._own_label(with_book=more.book != book))
            book = more.book
        return "; ".join(parts)

    def _own_label(self, *, with_book: bool) -> str:
        where = self.section or self.panel or self.document
        if self.section and self.panel:
            where += f", {self.panel}"
        if self.page:
            where += f" (p. {self.page})"
        if self.book and with_book:
            where = f"{self.book}: {where}"
        if ORIGINS[self.origin]:
            where += f" ({ORIGINS[self.origin]})"
        return where


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
    row_sources: tuple[ReferenceSource | None, ...] = ()
    """A row's own source where it differs from the table's (by row index; None or a
    missing entry: the table's)."""
    tags: tuple[str, ...] = ()
    """What the table belongs to inside its system (e.g. one of its rule sets); empty:
    all of it."""

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a reference table needs an id")
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"table {self.id}: row {row!r} does not fit {self.columns!r}")
        if len(self.row_sources) > len(self.rows):
            raise ValueError(f"table {self.id}: more row sources than rows")

    def source_of(self, row: int) -> ReferenceSource | None:
        """The source of row ``row``: its own, else the table's."""
        if 0 <= row < len(self.row_sources):
            own = self.row_sources[row]
            if own is not None:
                return own
        return self.source

    def tagged(self, tag: str | None) -> bool:
        """Whether the table belongs to ``tag`` (every table does to None, an untagged
        table to every tag)."""
        return tag is None or not self.tags or tag in self.tags

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
    tables: Sequence[ReferenceTable], text: str, *, tag: str | None = None
) -> list[tuple[ReferenceTable, list[int]]]:
    """The tables and the indexes of their rows that match ``text``, in table order.

    Every word of ``text`` must appear, case-insensitively. A table whose title and column
    headings hold every word shows all its rows; otherwise a row matches on its own cells
    plus the table's title. Blank text matches everything. Tables with no matching row are
    left out, and so are those not belonging to ``tag`` (see :meth:`ReferenceTable.tagged`).
    """
    words = _words(text)
    found: list[tuple[ReferenceTable, list[int]]] = []
    for entry in tables:
        if not entry.tagged(tag):
            continue
        all_rows = list(range(len(entry.rows)))
        if not words or _matches(words, " ".join((entry.title, *entry.columns))):
            found.append((entry, all_rows))
            continue
        rows = [i for i in all_rows if _matches(words, " ".join((entry.title, *entry.rows[i])))]
        if rows:
            found.append((entry, rows))
    return found
