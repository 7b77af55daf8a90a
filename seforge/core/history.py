"""A document's history of changes, for any pydantic document model (no game rules).

Each entry of the history may keep a *snapshot*: the document just after the
change, as compact JSON data (defaults left out), without the history itself and
without the fields a :class:`History` says are *carried* (large data such as a
portrait, which every past state takes from today's document). From the entries
the document as it was at any point can be rebuilt; :func:`dump` and
:func:`restore` give a whole document as data and put it back in place, for undo.

A system describes its document once::

    CHARACTER_HISTORY = History(Character, carried=("portrait",), noun="character")

and asks it for :meth:`History.snapshot` when it records a change and for
:meth:`History.state_at` when a view shows a past point.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


class HistoryError(ValueError):
    """The history cannot give what was asked; ``str()`` says why in plain words."""


class SnapshotEntry(Protocol):
    """What an entry of a history must have: the snapshot it kept, if any."""

    @property
    def snapshot(self) -> dict[str, Any] | None: ...


def utc_now() -> str:
    """Now, as the ISO timestamp (UTC, to the second) a history entry keeps."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def dump(document: BaseModel) -> dict[str, Any]:
    """The whole document as JSON data (for undo; see :func:`restore`)."""
    return document.model_dump(mode="json")


def restore(document: M, data: Mapping[str, Any]) -> None:
    """Make ``document`` equal to ``data`` (from :func:`dump`) in place, so every
    holder of the object sees the restored state. Validation errors leave the
    document as it was."""
    model = type(document)
    fresh = model.model_validate(data)
    for name in model.model_fields:
        setattr(document, name, getattr(fresh, name))


@dataclass(frozen=True)
class History(Generic[M]):
    """How one document model keeps its history.

    ``field``: the document's list of entries. ``carried``: fields left out of
    snapshots and taken from the current document when a past state is rebuilt.
    ``noun``: what the document is called in messages ("character").
    """

    model: type[M]
    field: str = "history"
    carried: tuple[str, ...] = ()
    noun: str = "document"

    def snapshot(self, document: M) -> dict[str, Any]:
        """The document as compact JSON data, without its history and carried fields.

        Fields SEForge does not know (kept from the file) are carried too: every past
        state takes them from today's document, so a file full of them is not copied
        into each entry (issue 28)."""
        unknown = set(document.__pydantic_extra__ or ())
        return document.model_dump(
            mode="json", exclude={self.field, *self.carried, *unknown}, exclude_defaults=True
        )

    def entries(self, document: M) -> Sequence[SnapshotEntry]:
        entries: Sequence[SnapshotEntry] = getattr(document, self.field)
        return entries

    def append(self, document: M, entry: SnapshotEntry) -> None:
        """Add ``entry`` at the end of the history (a new list, so pydantic sees it)."""
        setattr(document, self.field, [*self.entries(document), entry])

    def copy_sharing_history(self, document: M) -> M:
        """A deep copy of ``document`` that shares its history list: a change tried on
        the copy cannot reach the original (no entry is changed in place, and
        :meth:`append` gives the copy a list of its own), and the entries, most of a
        long-played document, are not copied again for every try."""
        entries = getattr(document, self.field)
        bare = document.model_copy(update={self.field: []})
        return bare.model_copy(deep=True).model_copy(update={self.field: entries})

    def state_at(self, document: M, entry_index: int) -> M:
        """The document as it was just after entry ``entry_index`` (negative counts
        from the end).

        Carried fields are today's; the history ends with that entry. Raises
        :class:`HistoryError` for an index out of range or for an entry written
        without a snapshot (by an older program or by hand).
        """
        entries = self.entries(document)
        if not -len(entries) <= entry_index < len(entries):
            raise HistoryError(f"there is no history entry number {entry_index + 1}")
        index = entry_index % len(entries)
        kept = entries[index].snapshot
        if kept is None:
            raise HistoryError(f"that history entry did not keep the {self.noun}'s state")
        past = self.model.model_validate(kept)
        for name in self.carried:
            setattr(past, name, getattr(document, name))
        for name, value in (document.__pydantic_extra__ or {}).items():
            if name not in kept:  # an older entry may have kept it itself
                setattr(past, name, value)
        setattr(past, self.field, list(entries[: index + 1]))
        return past

    def states(self, document: M) -> list[M | None]:
        """Every point of the history, oldest first (None where no snapshot was kept)."""
        out: list[M | None] = []
        for index, entry in enumerate(self.entries(document)):
            out.append(None if entry.snapshot is None else self.state_at(document, index))
        return out

