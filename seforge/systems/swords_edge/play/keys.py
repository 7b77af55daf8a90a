"""The keys that name a character's Qualities in play (``"concept"``,
``"trait:Physique"``, ``"element:0"``, ``"sfx:<name>"``: a
:class:`~seforge.systems.swords_edge.quality_key.QualityKey`) as a character has them."""

from __future__ import annotations

from seforge.systems.swords_edge.editing import CORE_KEYS, quality_for
from seforge.systems.swords_edge.models import (
    Character,
    Element,
    ElementKind,
)
from seforge.systems.swords_edge.quality_key import QualityKey

FLAWS = (ElementKind.WEAKNESS, ElementKind.FETISH)


def key_exists(character: Character, key: str) -> bool:
    """Whether ``key`` names a Concept, Background, Faculty or existing Element."""
    if key in CORE_KEYS:
        return True
    parsed = QualityKey.parse(key)
    position = parsed.position
    return parsed.is_element and position is not None and position < len(character.elements)


def describe_key(character: Character, key: str) -> str:
    """``Concept "Friar"``, ``Physique``, ``Element "Sharp Eyes"``."""
    parsed = QualityKey.parse(key)
    if parsed.trait is not None:
        return parsed.trait.value
    if not key_exists(character, key):
        return parsed.rest if ":" in parsed else str(parsed)
    quality = quality_for(character, key)
    if isinstance(quality, Element):
        word = {
            ElementKind.WEAKNESS: "Weakness",
            ElementKind.FETISH: "Fetish",
            ElementKind.SFX: "SFX",
            ElementKind.STUNT: "Stunt",
            ElementKind.ITEM: "Item",
        }.get(quality.kind, "Element")
    else:
        word = key.capitalize()
    return f'{word} "{quality.name}"'

