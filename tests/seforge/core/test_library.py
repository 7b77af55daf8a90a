"""The one library entry type every system's library() gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.core.library import LibraryEntry, document_title
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


def test_shipped_documents_are_listed_by_the_names_they_give_themselves(
        tmp_path: Path) -> None:
    titles = {e.id: e.title for sid in ("blades", "2d20", "sword-of-life")
              for e in registry().get(sid).library()}
    assert titles["nadja-hound"] == "Nadja"
    assert titles["ilse-varga"] == "Captain Ilse Varga"
    assert titles["fighter-pilot"] == "Space fighter pilot"
    spaced = tmp_path / "spaced.json"
    spaced.write_text('{"name": "  Two\\n words "}', encoding="utf-8")
    assert document_title(spaced) == "Two words"
    for text in ("[1, 2]", '{"name": 3}', "not json", ""):
        odd = tmp_path / "odd.json"
        odd.write_text(text, encoding="utf-8")
        assert document_title(odd) == ""
    assert document_title(tmp_path / "missing.json") == ""
    assert document_title(tmp_path) == ""  # a folder
