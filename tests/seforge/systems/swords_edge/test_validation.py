from __future__ import annotations

from seforge.systems.swords_edge.models import Character, Element, ElementKind, RuleOptions, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.validation import Section, Severity, check_character
from tests.seforge.conftest import weakness


def rules(character: Character) -> set[str]:
    return {p.rule for p in check_character(character).problems}


def test_sarah_is_legal_with_no_problems(sarah: Character) -> None:
    result = check_character(sarah)
    assert result.legal
    assert result.problems == ()


def test_overspend_is_an_error_and_underspend_a_warning(sarah: Character) -> None:
    sarah.traits[Trait.PHYSIQUE] = Rank.GOOD
    result = check_character(sarah)
    assert not result.legal
    over = [p for p in result.problems if p.rule == "budget.over"]
    assert over and over[0].severity is Severity.ERROR
    assert over[0].section is Section.CREATION
    assert "7 Ranks spent but only 6" in over[0].message
    sarah.traits[Trait.PHYSIQUE] = Rank.AVERAGE
    sarah.traits[Trait.CUNNING] = Rank.GREAT
    result = check_character(sarah)
    assert result.legal
    assert [p.rule for p in result.warnings] == ["budget.unspent"]


def test_mythic_quality_and_low_starts(sarah: Character) -> None:
    sarah.elements[0].rank = Rank.MYTHIC
    sarah.concept.rank = Rank.AVERAGE
    sarah.background.rank = Rank.BASIC
    sarah.faculty.rank = Rank.AVERAGE
    sarah.traits[Trait.PHYSIQUE] = Rank.BASIC
    found = rules(sarah)
    assert {
        "rank.out_of_range", "creation.concept_below_good", "creation.background_below_good",
        "creation.faculty_below_good", "creation.trait_below_average",
    } <= found


def test_trait_refund_option_makes_lowering_legal(sarah: Character) -> None:
    sarah.traits[Trait.PHYSIQUE] = Rank.BASIC
    assert "creation.trait_below_average" in rules(sarah)
    sarah.options = RuleOptions(trait_lowering_refunds=True)
    result = check_character(sarah)
    assert "creation.trait_below_average" not in {p.rule for p in result.problems}
    assert result.budget.spent == 5


def test_links_are_required(sarah: Character) -> None:
    sarah.faculty.trait = None
    sarah.elements[0].trait = None
    problems = {p.rule: p for p in check_character(sarah).problems}
    assert problems["link.faculty_trait"].field == "faculty"
    assert problems["link.element_trait"].field == "element:0"


def test_weakness_rules(sarah: Character) -> None:
    lunger = weakness()
    lunger.rank = Rank.POOR
    sarah.elements.append(lunger)
    assert "creation.weakness_not_basic" in rules(sarah)
    lunger.rank = Rank.AVERAGE
    assert "weakness.removed" in rules(sarah)


def test_element_below_start(sarah: Character) -> None:
    sarah.elements[0].rank = Rank.AVERAGE
    assert "creation.element_below_good" in rules(sarah)
    sarah.elements[0].kind = ElementKind.SFX
    assert "creation.element_below_good" not in rules(sarah)
    sarah.elements[0].rank = Rank.POOR
    assert "creation.sfx_below_start" in rules(sarah)


def test_fetish_option() -> None:
    sfx = Element(name="Bolt of Fire", rank=Rank.BASIC, trait=Trait.CUNNING, kind=ElementKind.SFX)
    character = Character(name="Witch", faculty={"name": "Hexes", "trait": "Cunning"},
                          elements=[sfx], options=RuleOptions(fetish=True, sfx_subsystem=True))
    assert "fetish.missing" in rules(character)
    fetish = Element(name="Unwashed", rank=Rank.BASIC, trait=Trait.PHYSIQUE,
                     kind=ElementKind.FETISH, fetish_of="Bolt of Fire")
    character.elements.append(fetish)
    found = rules(character)
    assert "fetish.missing" not in found and "fetish.trait_mismatch" in found
    fetish.trait = Trait.CUNNING
    assert not check_character(character).errors
    fetish.fetish_of = "Nothing"
    assert {"fetish.orphan", "fetish.missing"} <= rules(character)
    character.options = RuleOptions(fetish=False)
    assert "fetish.option_off" in rules(character)


def test_every_problem_names_a_section_and_stable_rule(sarah: Character) -> None:
    sarah.name = ""
    sarah.faculty.trait = None
    sarah.concept.rank = Rank.LEGENDARY
    for problem in check_character(sarah).problems:
        assert problem.rule.count(".") == 1
        assert isinstance(problem.section, Section)
        assert problem.message.endswith((".", ")"))
        assert problem.as_json()["severity"] in ("error", "warning")
