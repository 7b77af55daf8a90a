"""The one library entry type every system's library() gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.core.library import LibraryEntry
from seforge.systems import registry


def test_the_title_defaults_to_the_id_and_an_entry_needs_an_id() -> None:
    plain = LibraryEntry("ilse", Path("ilse.s2d20"))
    assert plain.title == plain.name == "ilse" and plain.kind == plain.genre == ""
    full = LibraryEntry("sarah-x", Path("sarah-x.json"), "Sarah X", kind="pc",
                        genre="Fantasy", source="p. 66")
    assert full.name == "Sarah X" and full.kind == "pc"
    with pytest.raises(ValueError, match="needs an id"):
        LibraryEntry("", Path("x"))


def test_every_built_in_system_lists_core_entries_of_files_that_exist() -> None:
    systems = [registry().get(name) for name in ("swords-edge", "blades", "2d20",
                                                   "sword-of-life")]
    for system in systems:
        entries = system.library()
        assert entries, system.id
        for entry in entries:
            assert type(entry) is LibraryEntry, system.id
            assert entry.path.is_file() and entry.title, entry
        assert len({e.id for e in entries}) == len(entries), system.id
