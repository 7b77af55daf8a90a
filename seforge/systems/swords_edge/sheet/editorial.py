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
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the sheets import this module before any model is needed
    from seforge.systems.swords_edge.models import Character


@lru_cache(maxsize=256)
def _library_note(name: str, source: str) -> str:
    """The editorial notes of the library PC named ``name`` (stripped) from ``source``
    (stripped), or "". Only the library entries whose index title and source match are
    loaded (a sheet used to load every library PC to find one note); should several
    match, the last in the library's order wins."""
    from seforge.systems.swords_edge.library import list_entries, load_pc

    note = ""
    for entry in list_entries("pc"):
        # the index titles a nameless file by its id: such an entry can only match
        # a character with no name either
        if entry.source.strip() != source or (name and entry.title.strip() != name):
            continue
        try:
            pc = load_pc(entry.id)
        except Exception:  # a broken library file must not stop a sheet
            continue
        if pc.name.strip() == name and pc.source.strip() == source and pc.notes.strip():
            note = pc.notes.strip()
    return note


def editorial_note(character: Character) -> str:
    """The library's note for this character (empty when it is not a library PC)."""
    source = character.source.strip()
    if not source:
        return ""
    return _library_note(character.name.strip(), source)


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
