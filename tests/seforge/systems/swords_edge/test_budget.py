from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from seforge.systems.swords_edge.budget import budget_report
from seforge.systems.swords_edge.models import (
    Acquired,
    Character,
    Element,
    ElementKind,
    Quality,
    RuleOptions,
    Trait,
)
from seforge.systems.swords_edge.ranks import QUALITY_RANKS, Rank
from tests.seforge.conftest import weakness


def test_sarah_spends_six(sarah: Character) -> None:
    report = budget_report(sarah)
    assert (report.spent, report.budget) == (6, 6)
    costs = {e.key: e.cost for e in report.entries}
    assert costs == {
        "concept": 2, "background": 0, "faculty": 0, "trait:Physique": 0,
        "trait:Charisma": 0, "trait:Cunning": 3, "element:0": 1,
    }
    assert report.summary() == "Ranks: 6 of 6 spent"


def test_weakness_bonus_and_summary(sarah: Character) -> None:
    sarah.elements.append(weakness("Lunger"))
    report = budget_report(sarah)
    assert (report.spent, report.budget) == (6, 7)
    assert report.summary() == 'Ranks: 6 of 7 spent (6 + 1 from Weakness "Lunger")'
    bonus = [e for e in report.entries if e.kind == "bonus"]
    assert len(bonus) == 1 and bonus[0].budget_change == 1
    sarah.elements.append(weakness("Rage-ohol", Trait.CHARISMA))
    again = budget_report(sarah)
    assert again.budget == 7, "a second Weakness gives no further Rank"
    # The line names the Weakness that gives the Rank, and says the other adds none.
    line = next(e for e in again.entries if e.kind == "bonus")
    assert line.label == 'Bonus from Weakness "Lunger"'
    assert line.describe() == ('Bonus from Weakness "Lunger": +1 Rank to spend '
                               '(one bonus Rank in all: "Rage-ohol" adds none)')
    assert again.summary() == 'Ranks: 6 of 7 spent (6 + 1 from Weakness "Lunger")'
    # Under the table rule each creation Weakness gives one: both are named.
    sarah.options.weakness_bonus_each = True
    each = budget_report(sarah)
    line = next(e for e in each.entries if e.kind == "bonus")
    assert each.budget == 8 and line.label == 'Bonus from Weaknesses "Lunger", "Rage-ohol"'
    assert line.note == ""
    assert each.summary() == 'Ranks: 6 of 8 spent (6 + 2 from Weaknesses "Lunger", "Rage-ohol")'


def test_weakness_from_play_gives_no_bonus(sarah: Character) -> None:
    doom = weakness("One Arm")
    doom.rank = Rank.POOR
    doom.acquired = Acquired.PLAY
    sarah.elements.append(doom)
    assert budget_report(sarah).budget == 6


def test_sfx_costs_simple_way_and_subsystem() -> None:
    # L665: the simple way, an SFX is a Quality like "Mind Blast" at Good (the default).
    # L677: the optional subsystem buys an SFX Quality at Basic.
    tella_voice = Element(name="Voice of Command", rank=Rank.GOOD, trait=Trait.CHARISMA,
                          kind=ElementKind.SFX)
    character = Character(elements=[tella_voice])
    assert budget_report(character).spent == 1  # bought at Good like other Elements
    character.options = RuleOptions(sfx_subsystem=True)
    assert budget_report(character).spent == 3  # 1 at Basic, +1 Average, +1 Good


def test_old_sfx_start_at_good_option_migrates() -> None:
    # Files written before issue 12 stored "sfx_start_at_good"; off meant Basic prices.
    assert RuleOptions.model_validate({"sfx_start_at_good": False}).sfx_subsystem is True
    assert RuleOptions.model_validate({"sfx_start_at_good": True}).sfx_subsystem is False
    assert "sfx_start_at_good" not in RuleOptions().model_dump()


def test_an_old_file_keeps_its_sfx_prices() -> None:
    from seforge.systems.swords_edge import library
    from seforge.systems.swords_edge.fileformat import character_from_data, character_to_data

    data = character_to_data(library.load_pc("tella-of-jost"))
    data["options"] = {"sfx_start_at_good": False, "trait_lowering_refunds": False,
                       "fetish": False}
    old = character_from_data(data, "tella.sechar")
    assert old.options.sfx_subsystem
    assert budget_report(old).spent == 8  # as before the change


def test_stunts_and_advancements_cost_nothing(sarah: Character) -> None:
    sarah.elements.append(Element(name="Stand and Deliver", rank=Rank.GOOD,
                                  trait=Trait.CHARISMA, kind=ElementKind.STUNT,
                                  acquired=Acquired.PLAY))
    sarah.concept.rank = Rank.LEGENDARY
    sarah.concept.advanced = 1
    sarah.traits[Trait.CUNNING] = Rank.LEGENDARY
    sarah.trait_advanced[Trait.CUNNING] = 1
    assert budget_report(sarah).spent == 6


def test_gm_extra_cost_for_broad_quality() -> None:
    fighting = Element(name="Fighting", rank=Rank.GOOD, trait=Trait.PHYSIQUE, gm_extra_cost=2)
    report = budget_report(Character(elements=[fighting]))
    assert report.spent == 3  # "three Ranks just to create the Quality at Good"
    assert "GM charge" in report.entries[-1].describe()


def test_lowered_trait_refund_option() -> None:
    myrrdin = Character(traits={Trait.PHYSIQUE: Rank.BASIC})
    assert budget_report(myrrdin).spent == 0
    myrrdin.options = RuleOptions(trait_lowering_refunds=True)
    report = budget_report(myrrdin)
    assert report.spent == -1
    assert "refunds 1 Rank" in report.entries[3].describe()


def test_ledger_lines_read_plainly(sarah: Character) -> None:
    lines = [e.describe() for e in budget_report(sarah).entries]
    assert lines[0] == 'Concept "Bounty Hunter": Good → Exceptional, 2 Ranks'
    assert lines[5] == "Cunning: Average → Exceptional, 3 Ranks"
    assert lines[6] == 'Element "Sharp Eyes": Good, 1 Rank'


# --- properties ---------------------------------------------------------------

core_ranks = st.sampled_from([r for r in QUALITY_RANKS if r >= Rank.GOOD])
trait_ranks = st.sampled_from([r for r in QUALITY_RANKS if r >= Rank.AVERAGE])
element_kinds = st.sampled_from([ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX,
                                 ElementKind.WEAKNESS])


@st.composite
def elements(draw: st.DrawFn, sfx_subsystem: bool = True) -> Element:
    kind = draw(element_kinds)
    if kind is ElementKind.WEAKNESS:
        rank = Rank.BASIC
    elif kind is ElementKind.SFX and sfx_subsystem:
        rank = draw(st.sampled_from([r for r in QUALITY_RANKS if r >= Rank.BASIC]))
    else:
        rank = draw(core_ranks)
    return Element(name=draw(st.text(max_size=5)), rank=rank,
                   trait=draw(st.sampled_from(list(Trait))), kind=kind)


@st.composite
def characters(draw: st.DrawFn) -> Character:
    sfx_subsystem = draw(st.booleans())
    return Character(
        concept=Quality(rank=draw(core_ranks)),
        background=Quality(rank=draw(core_ranks)),
        faculty={"rank": draw(core_ranks), "trait": draw(st.sampled_from(list(Trait)))},
        traits={t: draw(trait_ranks) for t in Trait},
        elements=draw(st.lists(elements(sfx_subsystem), max_size=6)),
        options=RuleOptions(sfx_subsystem=sfx_subsystem),
    )


def independent_cost(c: Character) -> int:
    total = sum(int(q.rank) - int(Rank.GOOD) for q in (c.concept, c.background, c.faculty))
    total += sum(int(r) - int(Rank.AVERAGE) for r in c.traits.values())
    for e in c.elements:
        if e.kind is ElementKind.WEAKNESS:
            continue
        start = Rank.BASIC if e.kind is ElementKind.SFX and c.options.sfx_subsystem else Rank.GOOD
        total += 1 + int(e.rank) - int(start)
    return total


@settings(max_examples=200, deadline=None)
@given(characters())
def test_spent_matches_independent_arithmetic(character: Character) -> None:
    report = budget_report(character)
    assert report.spent == independent_cost(character)
    has_weakness = any(e.kind is ElementKind.WEAKNESS for e in character.elements)
    assert report.budget == 6 + (1 if has_weakness else 0)
    assert report.spent == sum(e.cost for e in report.entries)


@settings(max_examples=200, deadline=None)
@given(characters(), st.sampled_from(["concept", "background", "faculty"]))
def test_each_step_up_costs_exactly_one(character: Character, key: str) -> None:
    quality = getattr(character, key)
    if quality.rank is Rank.LEGENDARY:
        return
    before = budget_report(character).spent
    quality.rank = Rank(int(quality.rank) + 1)
    assert budget_report(character).spent == before + 1


@settings(max_examples=100, deadline=None)
@given(characters())
def test_adding_an_element_costs_at_least_one(character: Character) -> None:
    before = budget_report(character).spent
    character.elements.append(Element(name="x", rank=Rank.GOOD, trait=Trait.CUNNING))
    assert budget_report(character).spent == before + 1
