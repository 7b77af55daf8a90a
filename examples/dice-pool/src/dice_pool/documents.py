"""The Dice Pool document kind, on SEForge's one document format."""

from __future__ import annotations

from seforge.core.documents import DocumentKind

from dice_pool.formats import CHARACTER_FORMAT, CHARACTER_SUFFIX, CHARACTER_TITLE
from dice_pool.models import Character

CHARACTER: DocumentKind[Character] = DocumentKind(
    format_id=CHARACTER_FORMAT,
    model=Character,
    suffix=CHARACTER_SUFFIX,
    title=CHARACTER_TITLE,
)
