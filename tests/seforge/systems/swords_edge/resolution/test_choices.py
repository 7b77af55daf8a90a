"""The calculator's choice of a PC's Qualities and their Luck."""

from __future__ import annotations

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.resolution.qualities import (
    available_for_action,
    pc_choices,
    selection_luck,
    selection_modifier,
    selection_problems,
)


def test_pc_choices_and_luck() -> None:
    jyrell = load_pc("jyrell")
    choices = pc_choices(jyrell, Trait.PHYSIQUE)
    keys = {c.key for c in choices}
    free_for_action = {o.key for o in available_for_action(jyrell, Trait.PHYSIQUE, set())}
    assert free_for_action <= keys
    assert selection_modifier(jyrell, choices, {"trait:Physique", "element:1"}) == 6
    assert selection_luck(choices, {"trait:Physique", "element:0", "element:1"}) == 1
    assert selection_luck(choices, {"trait:Physique", "trait:Cunning", "element:2"}) == 1
    assert selection_problems(choices, {"element:2"})
    spent = pc_choices(jyrell, Trait.PHYSIQUE, {"element:1"})
    assert next(c for c in spent if c.key == "element:1").spent
    assert not next(c for c in spent if c.key == "trait:Physique").spent
