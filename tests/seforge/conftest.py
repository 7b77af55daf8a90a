from __future__ import annotations

import pytest

from seforge.systems.swords_edge.models import Character, Element, ElementKind, Trait
from seforge.systems.swords_edge.ranks import Rank


def make_sarah() -> Character:
    """The book's character creation example, built in code."""
    return Character.model_validate(
        {
            "name": "Sarah X",
            "concept": {"name": "Bounty Hunter", "rank": "Exceptional"},
            "background": {"name": "Military", "rank": "Good"},
            "faculty": {"name": "Hunting", "rank": "Good", "trait": "Cunning"},
            "traits": {"Physique": "Average", "Charisma": "Average", "Cunning": "Exceptional"},
            "elements": [
                {"name": "Sharp Eyes", "rank": "Good", "trait": "Cunning", "kind": "quality"}
            ],
            "pivots": {
                "goal": "Make amends for her father's actions.",
                "quirk": "That's some fine dirt.",
                "style": "Stoic",
            },
        }
    )


def weakness(name: str = "Lunger", trait: Trait = Trait.PHYSIQUE) -> Element:
    return Element(name=name, rank=Rank.BASIC, trait=trait, kind=ElementKind.WEAKNESS)


@pytest.fixture
def sarah() -> Character:
    return make_sarah()
