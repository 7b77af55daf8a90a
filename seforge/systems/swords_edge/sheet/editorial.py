"""Keeping the library's editorial notes off player sheets.

The book PCs in the library carry notes written for the person choosing a
character ("Her SFX Quality is printed at Good..."). They explain the entry; they
are not the character's notes, so a sheet leaves them out. A player's own notes
(written instead, or added after the library's) still print.
"""

from __future__ import annotations

from functools import cache

from seforge.systems.swords_edge.models import Character


@cache
def _library_notes() -> dict[tuple[str, str], str]:
    """(name, source) of every library PC -> its editorial notes."""
    from seforge.systems.swords_edge.library import list_entries, load_pc

    notes: dict[tuple[str, str], str] = {}
    for entry in list_entries("pc"):
        try:
            pc = load_pc(entry.id)
        except Exception:  # a broken library file must not stop a sheet
            continue
        if pc.notes.strip():
            notes[(pc.name.strip(), pc.source.strip())] = pc.notes.strip()
    return notes


def editorial_note(character: Character) -> str:
    """The library's note for this character (empty when it is not a library PC)."""
    if not character.source.strip():
        return ""
    return _library_notes().get((character.name.strip(), character.source.strip()), "")


def player_notes(character: Character) -> str:
    """The notes to print: the character's notes without the library's editorial note."""
    notes = character.notes.strip()
    editorial = editorial_note(character)
    if editorial and notes.startswith(editorial):
        notes = notes[len(editorial):].strip()
    return notes
