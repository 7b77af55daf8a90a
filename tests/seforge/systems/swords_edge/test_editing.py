from __future__ import annotations

from seforge.systems.swords_edge.budget import budget_report
from seforge.systems.swords_edge.editing import (
    get_rank,
    insert_element,
    move_element,
    new_element,
    rank_choices,
    remove_element,
    set_kind,
    set_link,
    set_pivot,
    set_rank,
)
from seforge.systems.swords_edge.models import Character, ElementKind, RuleOptions, Trait
from seforge.systems.swords_edge.ranks import Rank


def allowed(character: Character, key: str) -> list[Rank]:
    return [c.rank for c in rank_choices(character, key) if c.allowed]


def test_fresh_character_choices() -> None:
    c = Character()
    assert allowed(c, "concept") == [Rank.GOOD, Rank.GREAT, Rank.EXCEPTIONAL, Rank.LEGENDARY]
    assert allowed(c, "trait:Physique")[0] is Rank.AVERAGE
    reasons = {ch.rank: ch.reason for ch in rank_choices(c, "trait:Physique")}
    assert "start at Average" in reasons[Rank.BASIC]
    c.options = RuleOptions(trait_lowering_refunds=True)
    assert Rank.WEAK in allowed(c, "trait:Physique")


def test_overspend_not_offered(sarah: Character) -> None:
    assert budget_report(sarah).remaining == 0
    choices = {c.rank: c for c in rank_choices(sarah, "concept")}
    assert choices[Rank.EXCEPTIONAL].allowed  # current
    assert choices[Rank.GOOD].allowed and choices[Rank.GOOD].cost_change == -2
    assert not choices[Rank.LEGENDARY].allowed
    assert choices[Rank.LEGENDARY].reason == "needs 1 more Rank than you have left"


def test_over_budget_character_can_still_move_down(sarah: Character) -> None:
    sarah.traits[Trait.PHYSIQUE] = Rank.GREAT  # 8 of 6
    assert allowed(sarah, "trait:Physique") == [Rank.AVERAGE, Rank.GOOD, Rank.GREAT]


def test_weakness_only_basic_at_creation(sarah: Character) -> None:
    w = new_element(ElementKind.WEAKNESS, sarah, Trait.PHYSIQUE)
    assert w.rank is Rank.BASIC
    insert_element(sarah, 1, w)
    assert allowed(sarah, "element:1") == [Rank.BASIC]
    # the bonus Rank now lets Sharp Eyes rise one step
    assert Rank.GREAT in allowed(sarah, "element:0")


def test_mutators_return_what_they_replaced(sarah: Character) -> None:
    assert set_rank(sarah, "trait:Cunning", Rank.GREAT) is Rank.EXCEPTIONAL
    assert get_rank(sarah, "trait:Cunning") is Rank.GREAT
    assert set_link(sarah, "element:0", Trait.PHYSIQUE) is Trait.CUNNING
    assert set_pivot(sarah, "style", None) == "Stoic"
    sarah.options.sfx_subsystem = True
    extra = new_element(ElementKind.SFX, sarah, Trait.CUNNING)
    assert extra.rank is Rank.BASIC
    insert_element(sarah, 0, extra)
    move_element(sarah, 0, 1)
    assert sarah.elements[1] is extra or sarah.elements[1] == extra
    assert remove_element(sarah, 1) == extra
    old_kind, old_rank = set_kind(sarah, 0, ElementKind.WEAKNESS)
    assert (old_kind, old_rank) == (ElementKind.QUALITY, Rank.GOOD)
    assert sarah.elements[0].rank is Rank.BASIC


def test_set_field_allow_list_and_restore_kind(sarah: Character) -> None:
    import pytest

    from seforge.systems.swords_edge.editing import restore_kind, set_field

    assert set_field(sarah, "player", "Dana") == ""
    assert set_field(sarah, "option:sfx_subsystem", True) is False
    assert sarah.options.sfx_subsystem is True
    assert set_field(sarah, "element:0:gm_extra_cost", 2) == 0
    with pytest.raises(KeyError):
        set_field(sarah, "concept", "x")  # has its own rule-aware mutators
    with pytest.raises(KeyError):
        set_field(sarah, "element:0:rank", Rank.LEGENDARY)
    with pytest.raises(ValueError):
        set_field(sarah, "element:0:gm_extra_cost", -1)
    old = set_kind(sarah, 0, ElementKind.WEAKNESS)
    restore_kind(sarah, 0, *old)
    assert (sarah.elements[0].kind, sarah.elements[0].rank) == (ElementKind.QUALITY, Rank.GOOD)
