"""Issue 12's validation holes, each against the rulebook lines it rests on
(line numbers of shared/reference/swords-edge-rules.txt)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.budget import budget_report
from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    character_from_data,
    character_to_data,
)
from seforge.systems.swords_edge.models import (
    Acquired,
    Character,
    Element,
    ElementKind,
    HistoryEntry,
    PlayState,
    RuleOptions,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.validation import check_character
from tests.seforge.conftest import weakness


def rules(character: Character) -> set[str]:
    return {p.rule for p in check_character(character).errors}


def _stunt(rank: Rank = Rank.GOOD, **kw: object) -> Element:
    return Element(name="Cliff Climbing", rank=rank, trait=Trait.CUNNING,
                   kind=ElementKind.STUNT, **kw)  # type: ignore[arg-type]


# --- hole 1: Stunts at creation (L539-543) ---------------------------------------


def test_a_stunt_is_never_bought_at_creation(sarah: Character) -> None:
    # L539: a Stunt comes from a Critical Success and is a Good Quality.
    sarah.elements.append(_stunt(Rank.LEGENDARY))
    assert {"stunt.at_creation", "stunt.not_good"} <= rules(sarah)


def test_the_rogue_cannot_turn_six_gun_god_into_a_free_stunt() -> None:
    rogue = library.load_pc("the-rogue")
    index = next(i for i, e in enumerate(rogue.elements) if e.name == "Six-gun God")
    rogue.elements[index].kind = ElementKind.STUNT
    assert {"stunt.at_creation", "stunt.not_good"} <= rules(rogue)


def test_a_stunt_from_play_is_good_less_its_raises(sarah: Character) -> None:
    sarah.elements.append(_stunt(Rank.GOOD, acquired=Acquired.PLAY))
    assert not {r for r in rules(sarah) if r.startswith("stunt.")}
    sarah.elements[-1].rank = Rank.GREAT
    assert "stunt.not_good" in rules(sarah)
    sarah.elements[-1].advanced = 1
    assert "stunt.not_good" not in rules(sarah)


# --- hole 2: a creation Weakness at Average (L325, L335) ------------------------


def test_a_creation_weakness_at_average_is_an_error_and_earns_nothing(
    sarah: Character,
) -> None:
    lunger = weakness()
    sarah.elements.append(lunger)
    assert budget_report(sarah).budget == 7  # L325: Basic, one free Rank
    lunger.rank = Rank.AVERAGE  # L335: at Average it is removed
    result = check_character(sarah)
    assert "weakness.removed" in {p.rule for p in result.errors}
    assert result.budget.budget == 6


# --- hole 3: Qualities gained in play (L397, L539) ------------------------------


@pytest.mark.parametrize("kind", [ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX])
def test_a_quality_bought_in_play_came_in_at_good(sarah: Character, kind: ElementKind) -> None:
    # L397: an Advancement buys a new Quality at Good.
    bought = Element(name="Bought", rank=Rank.LEGENDARY, trait=Trait.CUNNING, kind=kind,
                     acquired=Acquired.PLAY)
    sarah.elements.append(bought)
    assert "play.start_rank" in rules(sarah)
    bought.advanced = 3
    assert "play.start_rank" not in rules(sarah)


def test_an_sfx_bought_in_play_under_the_subsystem_came_in_at_basic(sarah: Character) -> None:
    # L677: an SFX Quality is bought at Basic and advanced from there.
    sarah.options = RuleOptions(sfx_subsystem=True)
    sfx = Element(name="Hypnotism", rank=Rank.GOOD, trait=Trait.CHARISMA,
                  kind=ElementKind.SFX, acquired=Acquired.PLAY)
    sarah.elements.append(sfx)
    assert "play.start_rank" in rules(sarah)
    sfx.advanced = 2
    assert "play.start_rank" not in rules(sarah)


def test_a_weakness_from_a_doom_is_poor_or_basic(sarah: Character) -> None:
    # L616: Legendary Stress leaves a Basic Weakness; a survived Doom a Poor one.
    doom = weakness("One Arm")
    doom.acquired = Acquired.PLAY
    sarah.elements.append(doom)
    for rank, ok in ((Rank.POOR, True), (Rank.BASIC, True), (Rank.WEAK, False)):
        doom.rank = rank
        assert ("play.start_rank" not in rules(sarah)) is ok


# --- hole 4: the bonus through overcome_weaknesses alone (L325, L335) ------------


def test_an_overcome_weakness_needs_the_history_to_show_it(sarah: Character) -> None:
    sarah.play = PlayState(overcome_weaknesses=["Lunger"])
    result = check_character(sarah)
    assert result.budget.budget == 6
    assert "weakness.overcome_unrecorded" in {p.rule for p in result.errors}
    sarah.history = [HistoryEntry(
        what='Raised Weakness "Lunger": Poor → Average, so it is overcome and removed '
             "[Pivot Advancement]",
        kind="use_advancement",
    )]
    result = check_character(sarah)
    assert result.budget.budget == 7
    assert "weakness.overcome_unrecorded" not in {p.rule for p in result.errors}


# --- hole 5: a Fetish at Average (L689-691) -------------------------------------


def _witch(fetish_rank: Rank) -> Character:
    return Character(
        name="Witch", faculty={"name": "Hexes", "trait": "Cunning"},
        options=RuleOptions(sfx_subsystem=True, fetish=True),
        elements=[
            Element(name="Bolt of Fire", rank=Rank.BASIC, trait=Trait.CUNNING,
                    kind=ElementKind.SFX),
            Element(name="Unwashed", rank=fetish_rank, trait=Trait.CUNNING,
                    kind=ElementKind.FETISH, fetish_of="Bolt of Fire"),
        ],
    )


def test_a_fetish_at_average_no_longer_opens_its_sfx() -> None:
    # L689: the Fetish is taken at Basic; L691: advanced to Average it is gone,
    # and with it the access to the SFX Quality.
    assert not {r for r in rules(_witch(Rank.BASIC)) if r.startswith(("fetish.", "weakness."))}
    found = rules(_witch(Rank.AVERAGE))
    assert {"fetish.missing", "weakness.removed"} <= found


# --- hole 6: play state on load -------------------------------------------------


@pytest.mark.parametrize("play", [
    {"penalty_ranks": {"Physique": -1}},
    {"penalty_ranks": {"Physique": 8}},
    {"sfx_penalty_ranks": {"Bolt": -3}},
    {"luck": 89_478_485},
    {"luck": -1},
    {"session": 10**12},
])
def test_impossible_play_numbers_refuse_the_file(play: dict[str, object]) -> None:
    data = character_to_data(Character(name="X"))
    data["play"] = play
    with pytest.raises(CharacterFileError) as caught:
        character_from_data(data, "x.sechar")
    assert "\n" not in str(caught.value)


def test_negative_penalty_ranks_cannot_be_set_either() -> None:
    with pytest.raises(ValidationError):
        PlayState(penalty_ranks={Trait.PHYSIQUE: -2})


def test_penalty_ranks_past_weak_are_a_problem(sarah: Character) -> None:
    # L628: a Penalty Rank on a Weak Trait is a Doom, so an Average Trait holds at most 3.
    sarah.play = PlayState(penalty_ranks={Trait.PHYSIQUE: 3},
                           scene_penalty_ranks={Trait.PHYSIQUE: 3})
    assert not {r for r in rules(sarah) if r.startswith("play.")}
    sarah.play = PlayState(penalty_ranks={Trait.PHYSIQUE: 4},
                           scene_penalty_ranks={Trait.PHYSIQUE: 5})
    assert {"play.penalty_past_weak", "play.scene_penalty_range"} <= rules(sarah)
    sarah.play = PlayState(sfx_penalty_ranks={"Nothing": 1})
    assert "play.sfx_penalty_unknown" in rules(sarah)


# --- seforge check names each hole by its rule id --------------------------------


def test_seforge_check_reports_every_hole(tmp_path, sarah: Character,  # type: ignore[no-untyped-def]
                                          capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from seforge.cli import main
    from seforge.systems.swords_edge.fileformat import save_character

    sarah.elements += [
        _stunt(Rank.LEGENDARY),  # hole 1
        Element(name="Lunger", rank=Rank.AVERAGE, trait=Trait.PHYSIQUE,
                kind=ElementKind.WEAKNESS),  # hole 2
        Element(name="Bought", rank=Rank.LEGENDARY, trait=Trait.CUNNING,
                acquired=Acquired.PLAY),  # hole 3
    ]
    sarah.play = PlayState(overcome_weaknesses=["Ghost"],  # hole 4
                           penalty_ranks={Trait.PHYSIQUE: 6})  # hole 6
    path = tmp_path / "holes.sechar"
    save_character(sarah, path)
    assert main(["check", str(path), "--json"]) == 1
    found = {p["rule"] for p in json.loads(capsys.readouterr().out)["problems"]}
    assert {"stunt.at_creation", "stunt.not_good", "weakness.removed", "play.start_rank",
            "weakness.overcome_unrecorded", "play.penalty_past_weak"} <= found
    witch = tmp_path / "witch.sechar"
    save_character(_witch(Rank.AVERAGE), witch)  # hole 5
    assert main(["check", str(witch), "--json"]) == 1
    found = {p["rule"] for p in json.loads(capsys.readouterr().out)["problems"]}
    assert "fetish.missing" in found
