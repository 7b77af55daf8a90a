"""Advancements (Pivot and Critical Failure), what they may do, and Stunts."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.budget import budget_report
from seforge.systems.swords_edge.fileformat import character_from_data, character_to_data
from seforge.systems.swords_edge.models import Acquired, Character, Element, ElementKind, Trait
from seforge.systems.swords_edge.play.advancement import (
    AdvancementOption,
    advancement_options,
    critical_success_stunt,
    earn_critical_failure_advancement,
    use_advancement,
)
from seforge.systems.swords_edge.play.advancement_uses import (
    ADVANCEMENT_USES,
    USE_CHECKERS,
    use_reason,
)
from seforge.systems.swords_edge.play.pivots import (
    earn_pivot_advancement,
)
from seforge.systems.swords_edge.play.session import end_scene, end_session, start_session
from seforge.systems.swords_edge.play.stress import (
    take_stress,
)
from seforge.systems.swords_edge.ranks import Rank
from tests.seforge.conftest import make_sarah, weakness

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


def _option(
    c: Character, index: int, use: str, target: str | None = None
) -> AdvancementOption:
    for option in advancement_options(c, index):
        if option.use == use and option.target == target:
            return option
    raise AssertionError(f"no option {use} {target}")


def test_pivot_advancement_one_per_scene(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    with pytest.raises(RefusedError, match="already earned in this scene"):
        earn_pivot_advancement(playing, "quirk")
    end_scene(playing)
    earn_pivot_advancement(playing, "quirk")
    assert [a.source for a in playing.play.advancements] == ["pivot", "pivot"]
    assert playing.play.advancements[1].earned_scene == 2


def test_pivot_advancement_needs_a_pivot(playing: Character) -> None:
    playing.pivots.style = None
    with pytest.raises(RefusedError, match="no Style Pivot"):
        earn_pivot_advancement(playing, "style")
    with pytest.raises(RefusedError, match="no Pivot slot"):
        earn_pivot_advancement(playing, "mood")


def test_pivot_advancement_raises_a_quality(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    use_advancement(playing, 0, "raise", "background")
    assert playing.background.rank == Rank.GREAT
    assert playing.background.advanced == 1
    assert playing.play.advancements == []
    assert budget_report(playing).spent == budget_report(make_sarah()).spent


def test_pivot_advancement_cannot_raise_a_trait(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    option = _option(playing, 0, "raise", "trait:Physique")
    assert not option.allowed
    assert "Critical Failure" in option.reason
    with pytest.raises(RefusedError, match="Traits rise only through a Critical Failure"):
        use_advancement(playing, 0, "raise", "trait:Physique")
    assert playing.trait_rank(P) == Rank.AVERAGE


def test_second_raise_in_a_session_refused(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    end_scene(playing)
    earn_pivot_advancement(playing, "quirk")
    use_advancement(playing, 0, "raise", "faculty")
    with pytest.raises(RefusedError, match="once a session"):
        use_advancement(playing, 0, "raise", "background")
    with pytest.raises(RefusedError, match="once a session"):
        use_advancement(
            playing, 0, "buy", new_element=Element(name="Tracker", trait=CU)
        )
    assert not _option(playing, 0, "buy").allowed
    end_session(playing)
    with pytest.raises(RefusedError, match="once a session"):  # counts for that session
        use_advancement(playing, 0, "raise", "background")
    start_session(playing)
    use_advancement(playing, 0, "raise", "background")


def test_buy_a_new_quality_at_good(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    new = Element(name="Tracker", trait=CU, rank=Rank.LEGENDARY)
    use_advancement(playing, 0, "buy", new_element=new)
    bought = playing.elements[-1]
    assert (bought.name, bought.rank, bought.acquired) == ("Tracker", Rank.GOOD, Acquired.PLAY)
    assert budget_report(playing).spent == budget_report(make_sarah()).spent


def test_buy_needs_name_and_trait(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    with pytest.raises(RefusedError, match="describe the new Quality"):
        use_advancement(playing, 0, "buy")
    with pytest.raises(RefusedError, match="name"):
        use_advancement(playing, 0, "buy", new_element=Element(name=" ", trait=CU))
    with pytest.raises(RefusedError, match="Trait"):
        use_advancement(playing, 0, "buy", new_element=Element(name="X"))
    with pytest.raises(RefusedError, match="cannot be bought"):
        use_advancement(
            playing, 0, "buy", new_element=Element(name="X", trait=CU, kind=ElementKind.STUNT)
        )


def test_legendary_is_the_cap(playing: Character) -> None:
    playing.concept.rank = Rank.LEGENDARY
    earn_pivot_advancement(playing, "goal")
    assert not _option(playing, 0, "raise", "concept").allowed
    with pytest.raises(RefusedError, match="already Legendary"):
        use_advancement(playing, 0, "raise", "concept")


def test_weakness_raised_to_average_disappears(playing: Character) -> None:
    playing.elements = [weakness("Lunger"), *playing.elements]
    earn_pivot_advancement(playing, "goal")
    earn_critical_failure_advancement(playing, ["element:1"], CU)
    label = _option(playing, 0, "raise", "element:0").label
    assert "removes it" in label
    use_advancement(playing, 0, "raise", "element:0")
    assert [e.name for e in playing.elements] == ["Sharp Eyes"]
    # the Critical Failure Advancement still points at "Sharp Eyes", now element 0
    assert playing.play.advancements[0].qualities == ["element:0"]
    use_advancement(playing, 0, "raise", "element:0")
    assert playing.elements[0].rank == Rank.GREAT


def test_poor_weakness_rises_to_basic_first(playing: Character) -> None:
    playing.elements = [
        *playing.elements,
        Element(name="Limp", rank=Rank.POOR, trait=P, kind=ElementKind.WEAKNESS),
    ]
    earn_pivot_advancement(playing, "goal")
    use_advancement(playing, 0, "raise", "element:1")
    assert playing.elements[1].rank == Rank.BASIC


def test_critical_failure_raises_only_used_qualities(playing: Character) -> None:
    earn_critical_failure_advancement(playing, ["faculty", "element:0"], CU)
    adv = playing.play.advancements[0]
    assert adv.source == "critical_failure"
    assert (adv.qualities, adv.trait) == (["faculty", "element:0"], CU)
    allowed = {o.target for o in advancement_options(playing, 0) if o.allowed}
    assert allowed == {"faculty", "element:0"}
    reason = _option(playing, 0, "raise", "concept").reason
    assert "not used" in reason
    with pytest.raises(RefusedError, match="not used in the Test"):
        use_advancement(playing, 0, "raise", "concept")
    with pytest.raises(RefusedError, match="also used other Qualities"):
        use_advancement(playing, 0, "raise", "trait:Cunning")
    with pytest.raises(RefusedError, match="only raise"):
        use_advancement(playing, 0, "luck")
    use_advancement(playing, 0, "raise", "faculty")
    assert playing.faculty.rank == Rank.GREAT


def test_critical_failure_with_trait_alone_raises_the_trait(playing: Character) -> None:
    earn_critical_failure_advancement(playing, ["trait:Physique"], None)
    assert not _option(playing, 0, "raise", "trait:Charisma").allowed
    use_advancement(playing, 0, "raise", "trait:Physique")
    assert playing.trait_rank(P) == Rank.GOOD
    assert playing.trait_advanced == {P: 1}
    assert budget_report(playing).spent == budget_report(make_sarah()).spent


def test_critical_failure_with_two_traits_is_recorded_but_no_trait_rises(
    playing: Character,
) -> None:
    # L363: Luck can add a second Trait; L533: a Trait rises only when it alone was used.
    earn_critical_failure_advancement(playing, ["trait:Physique", "trait:Cunning"], None)
    assert len(playing.play.advancements) == 1
    for key in ("trait:Physique", "trait:Cunning"):
        option = _option(playing, 0, "raise", key)
        assert not option.allowed and "cannot rise" in option.reason
    earn_critical_failure_advancement(playing, ["concept"], P)
    earn_critical_failure_advancement(playing, ["concept", "trait:Cunning"], P)
    assert _option(playing, 2, "raise", "concept").allowed
    assert not _option(playing, 2, "raise", "trait:Cunning").allowed


def test_critical_failure_is_not_bound_by_once_a_session(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    use_advancement(playing, 0, "raise", "background")
    earn_critical_failure_advancement(playing, ["background"], None)
    use_advancement(playing, 0, "raise", "background")
    assert playing.background.rank == Rank.EXCEPTIONAL
    assert playing.background.advanced == 2


def test_critical_failure_needs_known_qualities(playing: Character) -> None:
    with pytest.raises(RefusedError, match="no Quality"):
        earn_critical_failure_advancement(playing, ["element:9"], None)
    with pytest.raises(RefusedError, match="name the Qualities"):
        earn_critical_failure_advancement(playing, [], None)


def test_clear_penalties_only_at_session_end(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    take_stress(playing, P, 2)
    with pytest.raises(RefusedError, match="only at the end of a session"):
        use_advancement(playing, 0, "clear_penalties")
    end_session(playing)
    assert _option(playing, 0, "clear_penalties").allowed
    use_advancement(playing, 0, "clear_penalties")
    assert playing.play.penalty_ranks == {}


def test_end_session_can_clear_penalties(playing: Character) -> None:
    earn_critical_failure_advancement(playing, ["concept"], None)
    end_scene(playing)
    earn_pivot_advancement(playing, "goal")
    take_stress(playing, P, 2)
    end_session(playing, clear_penalties_with_advancement=True)
    assert playing.play.penalty_ranks == {}
    assert [a.source for a in playing.play.advancements] == ["critical_failure"]
    assert [h.kind for h in playing.history[-2:]] == ["end_session", "use_advancement"]


def test_end_session_clear_without_advancement_refused(playing: Character) -> None:
    take_stress(playing, P, 2)
    with pytest.raises(RefusedError, match="no Advancement from a Pivot"):
        end_session(playing, clear_penalties_with_advancement=True)
    assert playing.play.session_running


def test_advancement_as_luck(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    use_advancement(playing, 0, "luck")
    assert playing.play.luck == 4
    assert playing.play.advancements == []


def test_unknown_advancement_refused(playing: Character) -> None:
    with pytest.raises(RefusedError, match="no held Advancement"):
        use_advancement(playing, 0, "luck")
    with pytest.raises(RefusedError, match="no held Advancement"):
        advancement_options(playing, 0)


def test_critical_success_stunt(playing: Character) -> None:
    critical_success_stunt(playing, "Stand and Deliver", CH)
    stunt = playing.elements[-1]
    assert (stunt.name, stunt.rank, stunt.kind, stunt.acquired, stunt.trait) == (
        "Stand and Deliver", Rank.GOOD, ElementKind.STUNT, Acquired.PLAY, CH,
    )
    assert budget_report(playing).spent == budget_report(make_sarah()).spent
    with pytest.raises(RefusedError, match="name"):
        critical_success_stunt(playing, "  ", CH)


def test_overcoming_a_creation_weakness_keeps_the_creation_bonus() -> None:
    from seforge.systems.swords_edge import library
    from seforge.systems.swords_edge.validation import check_character

    rogue = library.load_pc("the-rogue")
    assert check_character(rogue).legal
    lunger = next(i for i, e in enumerate(rogue.elements) if e.kind is ElementKind.WEAKNESS)
    start_session(rogue)
    earn_pivot_advancement(rogue, "quirk")
    use_advancement(rogue, 0, "raise", f"element:{lunger}")
    assert all(e.kind is not ElementKind.WEAKNESS for e in rogue.elements)
    result = check_character(rogue)
    assert result.budget.budget == 7, "the bought-off Weakness still earned its creation Rank"
    assert result.legal, result.problems
    back = character_from_data(character_to_data(rogue))
    assert back.play.overcome_weaknesses == ['Lunger']


def test_buying_an_sfx_follows_the_subsystem_and_fetish_rules(playing: Character) -> None:
    # L397: a new Quality at Good; L677: under the subsystem an SFX at Basic;
    # L689: under the Fetish rule the new SFX brings its Basic Fetish.
    blast = Element(name="Mind Blast", trait=CU, kind=ElementKind.SFX)
    earn_pivot_advancement(playing, "goal")
    use_advancement(playing, 0, "buy", new_element=blast)
    assert playing.elements[-1].rank is Rank.GOOD
    playing.options.sfx_subsystem = True
    playing.options.fetish = True
    playing.play.session_advancement_used = False
    playing.play.pivot_advancement_this_scene = False
    earn_pivot_advancement(playing, "quirk")
    label = _option(playing, 0, "buy", None).label
    assert "Basic" in label and "Fetish" in label
    use_advancement(playing, 0, "buy", new_element=blast.model_copy(
        update={"name": "Bolt"}), fetish_name="Singed Hair")
    bolt, fetish = playing.elements[-2:]
    assert (bolt.name, bolt.rank) == ("Bolt", Rank.BASIC)
    assert (fetish.kind, fetish.rank, fetish.fetish_of, fetish.trait) == (
        ElementKind.FETISH, Rank.BASIC, "Bolt", CU)
    from seforge.systems.swords_edge.validation import check_character

    bolt_keys = {f"element:{len(playing.elements) - 2}", f"element:{len(playing.elements) - 1}"}
    assert not [p for p in check_character(playing).errors if p.field in bolt_keys]


def test_every_use_has_one_checker_and_shared_refusals_come_first(playing: Character) -> None:
    assert tuple(USE_CHECKERS) == ADVANCEMENT_USES
    assert use_reason(playing, 0, "luck", None, None, need_details=True) == (
        "there is no held Advancement number 1")
    playing.play.out_of_play = True
    assert use_reason(playing, 0, "nonsense", None, None, need_details=True) == (
        "the character is out of the game after a Doom")
