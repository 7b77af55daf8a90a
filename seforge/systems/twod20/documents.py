"""The 2d20 document kinds: the character / NPC record and the conflict tracker.

:data:`CONFLICT_KIND` (and :data:`KINDS`, which holds it) is made on first use, so that
reading a record (``seforge check``) does not import the conflict tracker's models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from seforge.core.documents import DocumentKind
from seforge.systems.twod20.formats import CHARACTER_FORMAT, CONFLICT_FORMAT
from seforge.systems.twod20.models import Character

if TYPE_CHECKING:
    from seforge.systems.twod20.conflict import Conflict

CHARACTER_KIND: DocumentKind[Character] = DocumentKind(
    format_id=CHARACTER_FORMAT, model=Character, suffix=".s2d20",
    title="2d20 character or NPC",
)
CONFLICT_KIND: DocumentKind[Conflict]  # made by __getattr__ on first use
KINDS: dict[str, DocumentKind[Any]]  # likewise


def __getattr__(name: str) -> Any:
    if name not in ("CONFLICT_KIND", "KINDS"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from seforge.systems.twod20.conflict import Conflict

    conflict_kind: DocumentKind[Conflict] = DocumentKind(
        format_id=CONFLICT_FORMAT, model=Conflict, suffix=".s2d20conflict",
        title="2d20 conflict tracker",
    )
    made = {"CONFLICT_KIND": conflict_kind,
            "KINDS": {kind.format_id: kind for kind in (CHARACTER_KIND, conflict_kind)}}
    globals().update(made)
    return made[name]
