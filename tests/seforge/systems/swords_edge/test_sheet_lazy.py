"""A sheet does only the work it needs (issue 28): the library's editorial note of one
character is found by loading that one library entry, not every library PC."""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.sheet import editorial
from seforge.systems.swords_edge.sheet.editorial import editorial_note, player_notes


@pytest.fixture(autouse=True)
def _fresh_notes() -> None:
    editorial._library_note.cache_clear()


def test_every_library_pc_finds_its_own_note() -> None:
    for entry in library.list_entries("pc"):
        pc = library.load_pc(entry.id)
        assert editorial_note(pc) == pc.notes.strip(), entry.id


def test_a_note_is_found_by_loading_only_its_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    tella = library.load_pc("tella-of-jost")
    tella.notes += "\nOwes Kestrel a favour."
    loaded: list[str] = []
    real = library.load_pc

    def counting(entry_id: str) -> object:
        loaded.append(entry_id)
        return real(entry_id)

    monkeypatch.setattr(library, "load_pc", counting)
    assert player_notes(tella) == "Owes Kestrel a favour."
    assert loaded == ["tella-of-jost"]


def test_the_same_name_from_another_source_has_no_note() -> None:
    tella = library.load_pc("tella-of-jost")
    tella.source = "My own campaign"
    assert editorial_note(tella) == ""
    tella.source = library.load_pc("captain").source  # a source with other PCs, not her
    assert editorial_note(tella) == ""
    tella.source, tella.name = library.load_pc("tella-of-jost").source, "Tella"
    assert editorial_note(tella) == ""
