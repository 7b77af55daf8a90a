"""Keeping the library's editorial notes off player sheets.

The book PCs in the library carry notes written for the person choosing a
character: a one-sentence description ("A glory-seeking barbarian hunter with a
big axe."), then remarks on the entry ("Her SFX Quality is printed at Good...").
The remarks are not the character's notes, so a sheet leaves them out; the
description prints in the Notes box while the player has written none. A
player's own notes (written instead, or added after the library's) print alone.
"""

from __future__ import annotations

import re
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


_SENTENCE = re.compile(r"^(.+?[.!?])(?:\s|$)", re.DOTALL)


def library_description(character: Character) -> str:
    """The first sentence of the library's note: who the character is."""
    match = _SENTENCE.match(editorial_note(character))
    return match.group(1).strip() if match else editorial_note(character)


def player_notes(character: Character) -> str:
    """The notes to print: the character's notes without the library's editorial
    note, or the library's description when that leaves nothing."""
    notes = character.notes.strip()
    editorial = editorial_note(character)
    if editorial and notes.startswith(editorial):
        notes = notes[len(editorial):].strip()
        if not notes:
            return library_description(character)
    return notes
