"""The keys that name a character's Qualities in play (``"concept"``,
``"trait:Physique"``, ``"element:0"``, ``"sfx:<name>"``) and how they read."""

from __future__ import annotations

from seforge.systems.swords_edge.editing import CORE_KEYS, quality_for
from seforge.systems.swords_edge.models import (
    TRAITS,
    Character,
    Element,
    ElementKind,
    Trait,
)

FLAWS = (ElementKind.WEAKNESS, ElementKind.FETISH)


def trait_key(trait: Trait) -> str:
    return f"trait:{trait.value}"


def sfx_key(name: str) -> str:
    return f"sfx:{name}"


def parse_trait_key(key: str) -> Trait | None:
    if not key.startswith("trait:"):
        return None
    name = key.removeprefix("trait:")
    for trait in TRAITS:
        if trait.value.lower() == name.lower():
            return trait
    return None


def key_exists(character: Character, key: str) -> bool:
    if key in CORE_KEYS:
        return True
    if key.startswith("element:"):
        rest = key.removeprefix("element:")
        return rest.isdigit() and int(rest) < len(character.elements)
    return False


def describe_key(character: Character, key: str) -> str:
    """``Concept "Friar"``, ``Physique``, ``Element "Sharp Eyes"``."""
    trait = parse_trait_key(key)
    if trait is not None:
        return trait.value
    if not key_exists(character, key):
        return key.split(":", 1)[-1]
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

