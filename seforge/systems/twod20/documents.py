"""The 2d20 document kinds: the character / NPC record and the conflict tracker."""

from __future__ import annotations

from seforge.core.documents import DocumentKind
from seforge.systems.twod20.conflict import Conflict
from seforge.systems.twod20.formats import CHARACTER_FORMAT, CONFLICT_FORMAT
from seforge.systems.twod20.models import Character

CHARACTER_KIND: DocumentKind[Character] = DocumentKind(
    format_id=CHARACTER_FORMAT, model=Character, suffix=".s2d20",
    title="2d20 character or NPC",
)
CONFLICT_KIND: DocumentKind[Conflict] = DocumentKind(
    format_id=CONFLICT_FORMAT, model=Conflict, suffix=".s2d20conflict",
    title="2d20 conflict tracker",
)
KINDS = {kind.format_id: kind for kind in (CHARACTER_KIND, CONFLICT_KIND)}
