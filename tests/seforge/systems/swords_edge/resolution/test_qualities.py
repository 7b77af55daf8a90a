"""A PC's Qualities in a Test: keys, modifiers, Fetishes, Luck and the setup."""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge.models import (
    Character,
    Element,
    ElementKind,
    LinkedQuality,
    PlayState,
    Quality,
    RuleOptions,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.qualities import (
    ActionOption,
    TestSetup,
    available_for_action,
    exertion_cost,
)

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


def test_exertion_cost() -> None:
    assert exertion_cost(0, 0) == 0
    assert exertion_cost(1, 1) == 2
    assert exertion_cost(0, 2) == 2
    with pytest.raises(ValueError):
        exertion_cost(-1, 0)


def jyrell() -> Character:
    return Character(
        name="Jyrell",
        concept=Quality(name="Warrior Saint", rank=Rank.GREAT),
        background=Quality(name="Gladiator", rank=Rank.GOOD),
        faculty=LinkedQuality(name="Sword-Staff", rank=Rank.GOOD, trait=P),
        traits={P: Rank.GREAT, CH: Rank.GOOD, CU: Rank.AVERAGE},
        elements=[
            Element(name="Blades", rank=Rank.GOOD, trait=P),
            Element(name="Fist and Feet", rank=Rank.GOOD, trait=P),
            Element(name="Cat's Eyes", rank=Rank.GOOD, trait=CU),
            Element(name="Hot Temper", rank=Rank.BASIC, trait=P, kind=ElementKind.WEAKNESS),
        ],
    )


def test_available_for_action_second_exchange() -> None:
    options = available_for_action(jyrell(), P, {"background", "trait:Physique"})
    assert [o.key for o in options] == [
        "concept", "faculty", "trait:Physique", "element:0", "element:1",
    ]
    assert options[0] == ActionOption("concept", "Warrior Saint", 4, "concept")
    chosen = ["concept", "faculty", "trait:Physique", "element:0"]
    assert sum(o.modifier for o in options if o.key in chosen) == 12


def test_available_for_action_other_trait() -> None:
    keys = [o.key for o in available_for_action(jyrell(), CU, set())]
    assert keys == ["concept", "background", "trait:Cunning", "element:2"]


def test_trait_option_counts_penalty_ranks() -> None:
    hurt = jyrell()
    hurt.play = PlayState(penalty_ranks={P: 2})
    trait = [o for o in available_for_action(hurt, P, set()) if o.source == "trait"]
    assert trait[0].modifier == 0  # Great +4 with two Penalty Ranks


def test_test_setup_first_exchange() -> None:
    setup = TestSetup(
        trait=P,
        momentum=["trait:Physique", "element:1"],
        action=["concept", "background", "faculty", "trait:Physique", "element:0"],
        momentum_level="Good",
    )
    character = jyrell()
    assert setup.momentum_modifier(character) == 6
    assert setup.action_modifier(character) == 16
    assert setup.conflicts() == []
    assert setup.action_luck_cost() == 0
    setup.action.append("element:1")
    assert setup.conflicts() == ["element:1"]
    assert setup.action_luck_cost() == 1
    later = TestSetup(trait=P, action=["trait:Physique"], momentum_level="Good",
                      first_round=False, action_index=2)
    assert later.action_modifier(character) == 4 - 4


def test_fetish_counts_with_its_trait() -> None:
    witch = Character(
        traits={CH: Rank.GOOD},
        elements=[
            Element(name="Voice", rank=Rank.BASIC, trait=CH, kind=ElementKind.SFX),
            Element(name="Facial Tattoo", rank=Rank.BASIC, trait=CH, kind=ElementKind.FETISH,
                    fetish_of="Voice"),
        ],
        options=RuleOptions(sfx_subsystem=True, fetish=True),
    )
    keys = [o.key for o in available_for_action(witch, CH, set())]
    assert "element:1" not in keys and "element:0" in keys
    setup = TestSetup(trait=CH, momentum=["trait:Charisma"], action=["concept"])
    assert setup.momentum_modifier(witch) == 2 - 2
    assert setup.action_modifier(witch) == 2  # default Concept Good, Trait not applied
    # L323, L327: with the Fetish rule off a Fetish is a plain Weakness, applied
    # only when someone invokes it, not on every Test of its Trait.
    witch.options = RuleOptions()
    assert setup.momentum_modifier(witch) == 2


def test_a_fetish_raised_to_average_closes_its_sfx() -> None:
    # L691: removing the Fetish (advancing it to Average) removes access to the SFX.
    witch = Character(
        elements=[
            Element(name="Voice", rank=Rank.BASIC, trait=CH, kind=ElementKind.SFX),
            Element(name="Facial Tattoo", rank=Rank.AVERAGE, trait=CH, kind=ElementKind.FETISH,
                    fetish_of="Voice"),
        ],
        options=RuleOptions(sfx_subsystem=True, fetish=True),
    )
    assert "element:0" not in [o.key for o in available_for_action(witch, CH, set())]
    witch.options = RuleOptions(sfx_subsystem=True)
    assert "element:0" in [o.key for o in available_for_action(witch, CH, set())]
