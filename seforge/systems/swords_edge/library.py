"""The book library: the sample PCs and NCs of the rulebook, shipped as JSON (each listed
as the core's :class:`~seforge.core.library.LibraryEntry`, its kind "pc" or "nc").

The files live in ``resources/systems/swords_edge/library/pcs`` and ``.../ncs``
(each system keeps its resources under ``resources/systems/<package>``); a file's
name without ``.json`` is its library id (``sarah-x``). Ids are unique across both
folders, so one id names one entry.

The index is read once and cached; ``clear_cache()`` forgets it (for tests or after
the files change on disk).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from seforge.core.library import LibraryEntry as LibraryEntry  # re-exported
from seforge.core.resources import resource_path

if TYPE_CHECKING:  # the models load when an entry is, not for `seforge library list`
    from seforge.systems.swords_edge.models import Character, NarrativeCharacter

Kind = Literal["pc", "nc"]

KINDS: tuple[Kind, ...] = ("pc", "nc")
LIBRARY_FOLDER: tuple[str, ...] = ("systems", "swords_edge", "library")
"""The library's folder inside ``resources``."""
_FOLDERS: dict[Kind, str] = {"pc": "pcs", "nc": "ncs"}
_ARTICLED: dict[str, str] = {"pc": "a PC", "nc": "an NC"}


class LibraryError(ValueError):
    """A library file cannot be read or is not a JSON object."""


def library_folder(kind: Kind) -> Path:
    """The folder holding the files of ``kind``."""
    return resource_path(*LIBRARY_FOLDER, _FOLDERS[kind])


def _read_object(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LibraryError(f"library file {path} cannot be read: {exc}") from exc
    if not isinstance(data, dict):
        raise LibraryError(f"library file {path} does not hold a JSON object")
    return data


def _entry(kind: Kind, path: Path) -> LibraryEntry:
    data = _read_object(path)
    return LibraryEntry(
        id=path.stem,
        title=str(data.get("name") or path.stem),
        kind=kind,
        genre=str(data.get("genre") or ""),
        source=str(data.get("source") or ""),
        path=path,
    )


def _sort_key(entry: LibraryEntry) -> tuple[int, str, str, str]:
    return (KINDS.index(entry.kind),
            entry.genre.casefold(), entry.title.casefold(), entry.id)


@cache
def _index() -> tuple[LibraryEntry, ...]:
    entries: list[LibraryEntry] = []
    seen: dict[str, Path] = {}
    for kind in KINDS:
        folder = library_folder(kind)
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.json")):
            if path.stem in seen:
                raise LibraryError(
                    f"library id {path.stem!r} is used twice: {seen[path.stem]} and {path}"
                )
            seen[path.stem] = path
            entries.append(_entry(kind, path))
    return tuple(sorted(entries, key=_sort_key))


def clear_cache() -> None:
    """Forget the cached index; the next call reads the folders again."""
    _index.cache_clear()


def list_entries(kind: Kind | None = None) -> list[LibraryEntry]:
    """The entries, PCs first then NCs, each sorted by genre then name."""
    return [e for e in _index() if kind is None or e.kind == kind]


def get_entry(entry_id: str) -> LibraryEntry:
    """The entry with this id; KeyError naming the id when there is none."""
    for entry in _index():
        if entry.id == entry_id:
            return entry
    raise KeyError(
        f"no book character has the library id {entry_id!r} "
        "(see 'seforge library list' for the ids)"
    )


def _entry_of_kind(entry_id: str, kind: Kind) -> LibraryEntry:
    entry = get_entry(entry_id)
    if entry.kind != kind:
        raise KeyError(
            f"library id {entry_id!r} names {_ARTICLED[entry.kind]}, "
            f"not {_ARTICLED[kind]} (use load_{entry.kind})"
        )
    return entry


def load_pc(entry_id: str) -> Character:
    """The book PC with this id, as a model (a fresh copy each call)."""
    entry = _entry_of_kind(entry_id, "pc")
    from seforge.systems.swords_edge.fileformat import character_from_data

    return character_from_data(_read_object(entry.path), entry.path.name)


def load_nc(entry_id: str) -> NarrativeCharacter:
    """The book NC with this id, as a model (a fresh copy each call)."""
    entry = _entry_of_kind(entry_id, "nc")
    from seforge.systems.swords_edge.fileformat import nc_from_data

    return nc_from_data(_read_object(entry.path), entry.path.name)


def raw_json(entry_id: str) -> str:
    """The text of the entry's file, as stored."""
    path = get_entry(entry_id).path
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LibraryError(f"library file {path} cannot be read: {exc}") from exc
