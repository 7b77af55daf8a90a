"""The files Sword of Life writes: a character (``.sol``) and a conflict (``.solconflict``).

:data:`CONFLICT` (and :data:`KINDS`, which holds it) is made on first use, so that reading a
character (``seforge check``) does not import the conflict's models and odds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from seforge.core.documents import DocumentKind
from seforge.systems.sword_of_life.character import SolCharacter

if TYPE_CHECKING:
    from seforge.systems.sword_of_life.conflict_model import SolConflict

CHARACTER_FORMAT = "sword-of-life.character"
CONFLICT_FORMAT = "sword-of-life.conflict"

CHARACTER = DocumentKind(
    format_id=CHARACTER_FORMAT,
    model=SolCharacter,
    suffix=".sol",
    title="Sword of Life character",
)
CONFLICT: DocumentKind[SolConflict]  # made by __getattr__ on first use
KINDS: dict[str, DocumentKind[Any]]  # likewise


def __getattr__(name: str) -> Any:
    if name not in ("CONFLICT", "KINDS"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from seforge.systems.sword_of_life.conflict_model import (
        CONFLICT_VERSION,
        SolConflict,
        migrate_v1,
    )

    conflict = DocumentKind(
        format_id=CONFLICT_FORMAT,
        model=SolConflict,
        suffix=".solconflict",
        title="Sword of Life conflict",
        version=CONFLICT_VERSION,
        # version 2 keeps how much Grip lost was written back (written_grip); a version 1
        # reader would take a side written once as written for good: it refuses the file
        migrations={1: migrate_v1},
    )
    made = {"CONFLICT": conflict, "KINDS": {CHARACTER_FORMAT: CHARACTER, CONFLICT_FORMAT: conflict}}
    globals().update(made)
    return made[name]
