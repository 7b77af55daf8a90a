"""QualityKey: the one type for "trait:Physique", "element:0" and the other keys."""

from __future__ import annotations

import json

from seforge.systems.swords_edge.models import HeldAdvancement, Trait
from seforge.systems.swords_edge.quality_key import QualityKey, is_element_key, is_trait_key


def test_builders_make_the_stored_text() -> None:
    assert QualityKey.of_trait(Trait.PHYSIQUE) == "trait:Physique"
    assert QualityKey.of_element(2) == "element:2"
    assert QualityKey.of("flaw", 0) == "flaw:0"
    assert QualityKey.of("sfx", "Fire Bolt") == "sfx:Fire Bolt"
    assert QualityKey.parse("concept") == "concept"


def test_a_key_is_the_plain_string_for_comparing_hashing_and_saving() -> None:
    key = QualityKey.of_trait(Trait.CUNNING)
    assert key == "trait:Cunning"
    assert key in {"trait:Cunning"} and {key: 1}["trait:Cunning"] == 1
    assert json.dumps([key]) == '["trait:Cunning"]'
    assert repr(key) == "'trait:Cunning'"
    assert f"{key!r}" == "'trait:Cunning'" and f"{key}" == "trait:Cunning"
    assert key.startswith("trait:") and key.index(":") == 5  # str methods stay str's
    held = HeldAdvancement(source="critical_failure", qualities=[QualityKey.of_element(1)])
    assert held.model_dump(mode="json")["qualities"] == ["element:1"]


def test_reading_a_key() -> None:
    trait = QualityKey.parse("trait:Physique")
    assert (trait.kind, trait.rest, trait.trait, trait.position) == (
        "trait", "Physique", Trait.PHYSIQUE, None)
    assert trait.is_trait and not trait.is_element and not trait.is_core
    assert QualityKey.parse("trait:physique").trait is Trait.PHYSIQUE
    assert QualityKey.parse("trait:Luck").trait is None
    element = QualityKey.parse("element:3")
    assert (element.kind, element.position, element.trait) == ("element", 3, None)
    assert element.is_element
    assert QualityKey.parse("element:x").position is None
    assert QualityKey.parse("flaw:1").position == 1
    core = QualityKey.parse("faculty")
    assert (core.kind, core.rest, core.is_core) == ("faculty", "", True)
    assert QualityKey.parse("removed:Old Sword").rest == "Old Sword"
    same = QualityKey.of_element(0)
    assert QualityKey.parse(same) is same
    assert is_trait_key("trait:Charisma") and not is_trait_key("element:0")
    assert is_element_key("element:0") and not is_element_key("concept")
