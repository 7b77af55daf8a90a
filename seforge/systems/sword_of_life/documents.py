"""The files Sword of Life writes: a character (``.sol``) and a conflict (``.solconflict``)."""

from __future__ import annotations

from typing import Any

from seforge.core.documents import DocumentKind
from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.conflict import SolConflict

CHARACTER_FORMAT = "sword-of-life.character"
CONFLICT_FORMAT = "sword-of-life.conflict"

CHARACTER = DocumentKind(
    format_id=CHARACTER_FORMAT,
    model=SolCharacter,
    suffix=".sol",
    title="Sword of Life character",
)
CONFLICT = DocumentKind(
    format_id=CONFLICT_FORMAT,
    model=SolConflict,
    suffix=".solconflict",
    title="Sword of Life conflict",
)
KINDS: dict[str, DocumentKind[Any]] = {CHARACTER_FORMAT: CHARACTER, CONFLICT_FORMAT: CONFLICT}
