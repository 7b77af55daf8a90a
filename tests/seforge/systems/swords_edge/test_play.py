"""Rules of play: sessions, Luck, Stress, Doom, Recovery, Advancements, Stunts, history."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
from seforge.systems.swords_edge.play.guards import PlayRuleError
from seforge.systems.swords_edge.play.history import full_dump, restore, snapshot, state_at
from seforge.systems.swords_edge.play.luck import (
    gain_luck,
    record_roll,
    spend_luck,
    spend_luck_on_roll,
)
from seforge.systems.swords_edge.play.pivots import (
    change_pivot,
    earn_pivot_advancement,
    pivot_change_reason,
)
from seforge.systems.swords_edge.play.recovery import end_of_day, end_of_week
from seforge.systems.swords_edge.play.session import end_scene, end_session, start_session
from seforge.systems.swords_edge.play.state import effective_trait, penalty_total
from seforge.systems.swords_edge.play.stress import (
    arcane_failure,
    resolve_doom,
    return_to_play,
    stress_from_level,
    take_stress,
)
from seforge.systems.swords_edge.ranks import Rank
from tests.seforge.conftest import make_sarah, weakness

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


@pytest.fixture
def sarah() -> Character:
    return make_sarah()


@pytest.fixture
def playing(sarah: Character) -> Character:
    start_session(sarah)
    return sarah


def _option(
    c: Character, index: int, use: str, target: str | None = None
) -> AdvancementOption:
    for option in advancement_options(c, index):
        if option.use == use and option.target == target:
            return option
    raise AssertionError(f"no option {use} {target}")


# ----------------------------------------------------------------- sessions, Luck


def test_start_session_sets_luck_and_scene(sarah: Character) -> None:
    start_session(sarah)
    assert (sarah.play.session, sarah.play.scene, sarah.play.luck) == (1, 1, 3)
    assert sarah.play.session_running
    assert sarah.history[-1].kind == "start_session"


def test_start_session_resets_luck_and_gm_can_choose(playing: Character) -> None:
    gain_luck(playing, "Weakness invoked")
    end_session(playing)
    assert playing.play.luck == 0  # unspent Luck does not carry over
    start_session(playing, luck=5)
    assert playing.play.luck == 5
    assert playing.play.session == 2


def test_cannot_start_a_running_session(playing: Character) -> None:
    with pytest.raises(PlayRuleError, match="already running"):
        start_session(playing)


def test_play_needs_a_session(sarah: Character) -> None:
    for action in (
        lambda: spend_luck(sarah, "reroll"),
        lambda: gain_luck(sarah, "x"),
        lambda: take_stress(sarah, P, 1),
        lambda: end_scene(sarah),
        lambda: end_session(sarah),
        lambda: earn_pivot_advancement(sarah, "goal"),
        lambda: critical_success_stunt(sarah, "Cliff Climbing", CU),
    ):
        with pytest.raises(PlayRuleError, match="no session is running"):
            action()
    assert sarah.history == []


def test_spend_and_gain_luck(playing: Character) -> None:
    spend_luck(playing, "exertion")
    spend_luck(playing, "reroll", 2)
    assert playing.play.luck == 0
    gain_luck(playing, "her Weakness was invoked")
    assert playing.play.luck == 1
    assert playing.history[-1].why == "her Weakness was invoked"


def test_luck_overspend_refused(playing: Character) -> None:
    with pytest.raises(PlayRuleError, match="not enough Luck: 4 needed, 3 held"):
        spend_luck(playing, "reroll", 4)
    assert playing.play.luck == 3
    with pytest.raises(PlayRuleError, match="unknown use of Luck"):
        spend_luck(playing, "bribe")
    with pytest.raises(PlayRuleError, match="ending the scene"):
        spend_luck(playing, "remove_stress")


def test_end_scene_luck_overspend_refused(playing: Character) -> None:
    take_stress(playing, P, 3)
    with pytest.raises(PlayRuleError, match="not enough Luck"):
        end_scene(playing, luck_for_penalties=4)


# ------------------------------------------------------------------ Stress, Doom


def test_stress_lowers_the_trait(playing: Character) -> None:
    assert not take_stress(playing, CU, 2)
    assert playing.play.penalty_ranks == {CU: 2}
    assert playing.play.scene_penalty_ranks == {CU: 2}
    assert effective_trait(playing, CU) == Rank.GOOD


def test_stress_down_to_weak_is_no_doom_but_one_more_is(playing: Character) -> None:
    assert not take_stress(playing, P, 3)  # Average -> Weak
    assert effective_trait(playing, P) == Rank.WEAK
    assert take_stress(playing, P, 1)  # lands on a Weak Trait
    assert playing.play.doom_trait is P
    assert not playing.play.doom_legendary
    assert playing.play.penalty_ranks[P] == 3  # the Trait cannot go below Weak


def test_doom_on_a_weak_trait_in_one_blow(playing: Character) -> None:
    assert take_stress(playing, P, 4)
    assert playing.play.doom_trait is P


def test_legendary_stress_is_a_doom(playing: Character) -> None:
    assert stress_from_level("Legendary") == (5, True)
    assert take_stress(playing, CU, 5, legendary=True)  # Exceptional -> Poor, still Doom
    assert playing.play.doom_legendary


def test_pending_doom_blocks_play(playing: Character) -> None:
    take_stress(playing, P, 4)
    for action in (
        lambda: take_stress(playing, CH, 1),
        lambda: end_scene(playing),
        lambda: end_session(playing),
    ):
        with pytest.raises(PlayRuleError, match="Doom on Physique must be resolved"):
            action()


def test_survived_doom_adds_poor_weakness(playing: Character) -> None:
    take_stress(playing, P, 4)
    resolve_doom(playing, "survived", weakness_name="Limp")
    limp = playing.elements[-1]
    assert (limp.name, limp.rank, limp.trait, limp.kind, limp.acquired) == (
        "Limp", Rank.POOR, P, ElementKind.WEAKNESS, Acquired.PLAY,
    )
    assert playing.play.doom_trait is None
    assert playing.play.removed_from_scene


def test_survived_legendary_doom_adds_both_weaknesses(playing: Character) -> None:
    take_stress(playing, P, 5, legendary=True)
    resolve_doom(playing, "survived")
    assert [e.rank for e in playing.elements[-2:]] == [Rank.POOR, Rank.BASIC]


def test_averted_doom_consumes_an_advancement(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    take_stress(playing, P, 4)
    before = len(playing.elements)
    resolve_doom(playing, "averted")
    assert playing.play.advancements == []
    assert len(playing.elements) == before  # no Poor Weakness
    assert playing.play.removed_from_scene
    assert playing.play.penalty_ranks[P] == 3  # not healed
    with pytest.raises(PlayRuleError, match="out of this scene"):
        take_stress(playing, P, 1)
    end_scene(playing)
    assert not playing.play.removed_from_scene


def test_avert_needs_a_pivot_advancement(playing: Character) -> None:
    earn_critical_failure_advancement(playing, ["concept"], None)
    take_stress(playing, P, 4)
    with pytest.raises(PlayRuleError, match="no Advancement from a Pivot"):
        resolve_doom(playing, "averted")
    with pytest.raises(PlayRuleError, match="Critical Failure Advancement can only raise"):
        use_advancement(playing, 0, "avert_doom")
    assert playing.play.doom_trait is P


def test_legendary_doom_averted_still_adds_basic_weakness(playing: Character) -> None:
    earn_pivot_advancement(playing, "style")
    take_stress(playing, P, 5, legendary=True)
    use_advancement(playing, 0, "avert_doom")
    added = playing.elements[-1]
    assert (added.rank, added.kind, added.trait) == (Rank.BASIC, ElementKind.WEAKNESS, P)
    assert len(playing.elements) == 2


def test_doom_out_marks_the_character(playing: Character) -> None:
    take_stress(playing, P, 5, legendary=True)
    resolve_doom(playing, "out")
    assert playing.play.out_of_play
    assert len(playing.elements) == 1  # the dead get no Weakness
    with pytest.raises(PlayRuleError, match="out of the game"):
        gain_luck(playing, "x")
    return_to_play(playing, "the GM brings her back")
    gain_luck(playing, "x")


def test_resolve_without_doom_refused(playing: Character) -> None:
    with pytest.raises(PlayRuleError, match="no Doom"):
        resolve_doom(playing, "survived")


def test_arcane_failure_penalises_sfx_and_trait(playing: Character) -> None:
    playing.elements = [
        *playing.elements,
        Element(name="Mind Blast", rank=Rank.BASIC, trait=CU, kind=ElementKind.SFX),
    ]
    # L677/L715: Arcane Tests belong to the optional SFX Qualities subsystem.
    with pytest.raises(PlayRuleError, match="subsystem"):
        arcane_failure(playing, 1)
    playing.options.sfx_subsystem = True
    arcane_failure(playing, 1)
    arcane_failure(playing, 1)
    assert playing.play.sfx_penalty_ranks == {"Mind Blast": 2}
    assert playing.play.penalty_ranks == {CU: 2}
    with pytest.raises(PlayRuleError, match="Weak and cannot be used"):
        arcane_failure(playing, 1)
    with pytest.raises(PlayRuleError, match="not an SFX"):
        arcane_failure(playing, 0)
    end_scene(playing, "Great")  # removes 2 of this scene's 4, largest first
    assert penalty_total(playing) == 2


# ---------------------------------------------------------------------- Recovery


def test_scene_recovery_removes_only_this_scenes_penalties(playing: Character) -> None:
    take_stress(playing, P, 2)
    end_scene(playing)  # no Recovery Test
    take_stress(playing, P, 1)
    take_stress(playing, CH, 1)
    end_scene(playing, "Legendary")  # would remove 3, only 2 were taken here
    assert playing.play.penalty_ranks == {P: 2}
    assert playing.play.scene_penalty_ranks == {}


@pytest.mark.parametrize(
    ("level", "removed"),
    [("Average", 1), ("Good", 1), ("Great", 2), ("Exceptional", 2), ("Legendary", 3)],
)
def test_scene_recovery_table(playing: Character, level: str, removed: int) -> None:
    take_stress(playing, CU, 4)
    end_scene(playing, level)
    assert playing.play.penalty_ranks.get(CU, 0) == 4 - removed


def test_luck_removes_this_scenes_penalties_only(playing: Character) -> None:
    take_stress(playing, P, 2)
    end_scene(playing)
    take_stress(playing, CH, 1)
    with pytest.raises(PlayRuleError, match="only remove Penalty Ranks taken in this scene"):
        end_scene(playing, luck_for_penalties=2)
    end_scene(playing, luck_for_penalties=1)
    assert playing.play.penalty_ranks == {P: 2}
    assert playing.play.luck == 2


def test_recovery_order_can_be_chosen(playing: Character) -> None:
    take_stress(playing, P, 2)
    take_stress(playing, CH, 1)
    end_scene(playing, "Average", order=["trait:Charisma"])
    assert playing.play.penalty_ranks == {P: 2}


@pytest.mark.parametrize(
    ("level", "removed"),
    [(None, 0), ("Average", 1), ("Good", 2), ("Great", 3), ("Exceptional", 4), ("Legendary", 5)],
)
def test_end_of_day_table(playing: Character, level: str | None, removed: int) -> None:
    take_stress(playing, CU, 6)
    end_scene(playing)
    end_of_day(playing, level)
    assert playing.play.penalty_ranks.get(CU, 0) == 6 - removed


def test_end_of_week_removes_one(playing: Character) -> None:
    take_stress(playing, CU, 2)
    end_of_week(playing)
    assert playing.play.penalty_ranks == {CU: 1}
    assert playing.play.scene_penalty_ranks == {CU: 1}


def test_unknown_level_refused(playing: Character) -> None:
    with pytest.raises(PlayRuleError, match="unknown Level"):
        end_scene(playing, "Superb")


# ------------------------------------------------------------------ Advancements


def test_pivot_advancement_one_per_scene(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    with pytest.raises(PlayRuleError, match="already earned in this scene"):
        earn_pivot_advancement(playing, "quirk")
    end_scene(playing)
    earn_pivot_advancement(playing, "quirk")
    assert [a.source for a in playing.play.advancements] == ["pivot", "pivot"]
    assert playing.play.advancements[1].earned_scene == 2


def test_pivot_advancement_needs_a_pivot(playing: Character) -> None:
    playing.pivots.style = None
    with pytest.raises(PlayRuleError, match="no Style Pivot"):
        earn_pivot_advancement(playing, "style")
    with pytest.raises(PlayRuleError, match="no Pivot slot"):
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
    with pytest.raises(PlayRuleError, match="Traits rise only through a Critical Failure"):
        use_advancement(playing, 0, "raise", "trait:Physique")
    assert playing.trait_rank(P) == Rank.AVERAGE


def test_second_raise_in_a_session_refused(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    end_scene(playing)
    earn_pivot_advancement(playing, "quirk")
    use_advancement(playing, 0, "raise", "faculty")
    with pytest.raises(PlayRuleError, match="once a session"):
        use_advancement(playing, 0, "raise", "background")
    with pytest.raises(PlayRuleError, match="once a session"):
        use_advancement(
            playing, 0, "buy", new_element=Element(name="Tracker", trait=CU)
        )
    assert not _option(playing, 0, "buy").allowed
    end_session(playing)
    with pytest.raises(PlayRuleError, match="once a session"):  # counts for that session
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
    with pytest.raises(PlayRuleError, match="describe the new Quality"):
        use_advancement(playing, 0, "buy")
    with pytest.raises(PlayRuleError, match="name"):
        use_advancement(playing, 0, "buy", new_element=Element(name=" ", trait=CU))
    with pytest.raises(PlayRuleError, match="Trait"):
        use_advancement(playing, 0, "buy", new_element=Element(name="X"))
    with pytest.raises(PlayRuleError, match="cannot be bought"):
        use_advancement(
            playing, 0, "buy", new_element=Element(name="X", trait=CU, kind=ElementKind.STUNT)
        )


def test_legendary_is_the_cap(playing: Character) -> None:
    playing.concept.rank = Rank.LEGENDARY
    earn_pivot_advancement(playing, "goal")
    assert not _option(playing, 0, "raise", "concept").allowed
    with pytest.raises(PlayRuleError, match="already Legendary"):
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
    with pytest.raises(PlayRuleError, match="not used in the Test"):
        use_advancement(playing, 0, "raise", "concept")
    with pytest.raises(PlayRuleError, match="also used other Qualities"):
        use_advancement(playing, 0, "raise", "trait:Cunning")
    with pytest.raises(PlayRuleError, match="only raise"):
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
    with pytest.raises(PlayRuleError, match="no Quality"):
        earn_critical_failure_advancement(playing, ["element:9"], None)
    with pytest.raises(PlayRuleError, match="name the Qualities"):
        earn_critical_failure_advancement(playing, [], None)


def test_clear_penalties_only_at_session_end(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    take_stress(playing, P, 2)
    with pytest.raises(PlayRuleError, match="only at the end of a session"):
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
    with pytest.raises(PlayRuleError, match="no Advancement from a Pivot"):
        end_session(playing, clear_penalties_with_advancement=True)
    assert playing.play.session_running


def test_advancement_as_luck(playing: Character) -> None:
    earn_pivot_advancement(playing, "goal")
    use_advancement(playing, 0, "luck")
    assert playing.play.luck == 4
    assert playing.play.advancements == []


def test_unknown_advancement_refused(playing: Character) -> None:
    with pytest.raises(PlayRuleError, match="no held Advancement"):
        use_advancement(playing, 0, "luck")
    with pytest.raises(PlayRuleError, match="no held Advancement"):
        advancement_options(playing, 0)


# ------------------------------------------------------------------ Stunts, Pivots


def test_critical_success_stunt(playing: Character) -> None:
    critical_success_stunt(playing, "Stand and Deliver", CH)
    stunt = playing.elements[-1]
    assert (stunt.name, stunt.rank, stunt.kind, stunt.acquired, stunt.trait) == (
        "Stand and Deliver", Rank.GOOD, ElementKind.STUNT, Acquired.PLAY, CH,
    )
    assert budget_report(playing).spent == budget_report(make_sarah()).spent
    with pytest.raises(PlayRuleError, match="name"):
        critical_success_stunt(playing, "  ", CH)


def test_pivots_change_only_at_start_or_end(sarah: Character) -> None:
    change_pivot(sarah, "goal", "Find her sister")  # between sessions
    start_session(sarah)
    change_pivot(sarah, "quirk", "Hums when nervous")  # nothing has happened yet
    gain_luck(sarah, "a fine speech")
    with pytest.raises(PlayRuleError, match="start or the end of a session"):
        change_pivot(sarah, "style", "Brash")
    end_session(sarah)
    change_pivot(sarah, "style", "")
    assert sarah.pivots.model_dump() == {
        "goal": "Find her sister", "quirk": "Hums when nervous", "style": None,
    }


def test_pivots_locked_from_scene_two(playing: Character) -> None:
    end_scene(playing)
    assert pivot_change_reason(playing)


# ------------------------------------------------------------------------- history


def test_every_change_is_in_history_with_a_snapshot(playing: Character) -> None:
    take_stress(playing, P, 1, why="a tavern brawl")
    end_scene(playing, "Average")
    entries = playing.history
    assert [e.kind for e in entries] == ["start_session", "take_stress", "end_scene"]
    assert entries[1].why == "a tavern brawl"
    assert (entries[2].session, entries[2].scene) == (1, 1)
    assert all(e.at and e.snapshot is not None for e in entries)
    assert "portrait" not in entries[1].snapshot  # type: ignore[operator]


def test_state_at_shows_an_earlier_point(playing: Character) -> None:
    playing.portrait = "cG9ydHJhaXQ="
    take_stress(playing, P, 2)
    end_scene(playing, "Great")
    past = state_at(playing, 1)
    assert past.play.penalty_ranks == {P: 2}
    assert past.play.scene == 1
    assert past.portrait == playing.portrait
    assert len(past.history) == 2
    assert state_at(playing, -1).play.penalty_ranks == {}
    with pytest.raises(PlayRuleError, match="no history entry"):
        state_at(playing, 5)


def test_restore_in_place(playing: Character) -> None:
    before = full_dump(playing)
    take_stress(playing, P, 2)
    same_object = playing
    restore(playing, before)
    assert same_object.play.penalty_ranks == {}
    assert full_dump(same_object) == before


def test_refusal_changes_nothing(playing: Character) -> None:
    before = full_dump(playing)
    with pytest.raises(PlayRuleError):
        end_scene(playing, "Good", luck_for_penalties=1)
    assert full_dump(playing) == before


# ------------------------------------------------------------------------ files


def test_version_1_file_without_play_fields_loads() -> None:
    data = {
        "format": "seforge.character",
        "version": 1,
        "name": "Old Timer",
        "concept": {"name": "Friar", "rank": "Good"},
        "play": {"luck": 2, "penalty_ranks": {"physique": 1}},
        "history": [{"what": "Created", "session": 0}],
    }
    c = character_from_data(data)
    assert c.play.penalty_ranks == {P: 1}
    assert not c.play.session_running
    assert c.play.doom_trait is None
    assert c.history[0].snapshot is None
    with pytest.raises(PlayRuleError, match="did not keep"):
        state_at(c, 0)
    start_session(c)
    assert c.play.luck == 3


def test_minimal_version_1_file_loads() -> None:
    c = character_from_data({"format": "seforge.character", "version": 1})
    assert c.play.scene_penalty_ranks == {} and c.play.advancements == []


def test_play_state_round_trips(playing: Character) -> None:
    take_stress(playing, P, 5, legendary=True)
    data = character_to_data(playing)
    again = character_from_data(data)
    assert again.play == playing.play
    assert again.history == playing.history


# -------------------------------------------------------------------- property


_operations = st.lists(
    st.one_of(
        st.tuples(st.just("start"), st.integers(0, 5)),
        st.tuples(st.just("end_scene"), st.sampled_from([None, "Average", "Great", "Legendary"]),
                  st.integers(0, 4)),
        st.tuples(st.just("end_session"), st.booleans()),
        st.tuples(st.just("spend"), st.sampled_from(["exertion", "reroll"]), st.integers(1, 4)),
        st.tuples(st.just("gain"), st.integers(1, 2)),
        st.tuples(st.just("stress"), st.sampled_from([P, CH, CU]), st.integers(1, 5),
                  st.booleans()),
        st.tuples(st.just("doom"), st.sampled_from(["averted", "survived"])),
        st.tuples(st.just("pivot"), st.sampled_from(["goal", "quirk", "style"])),
        st.tuples(st.just("cf"), st.sampled_from([["concept"], ["trait:Physique"], ["faculty"]])),
        st.tuples(st.just("use"), st.integers(0, 2),
                  st.sampled_from(["raise", "clear_penalties", "luck"]),
                  st.sampled_from(["concept", "background", "trait:Physique", "element:0"])),
        st.tuples(st.just("day"), st.sampled_from([None, "Good"])),
        st.tuples(st.just("week")),
    ),
    max_size=40,
)


def _apply(c: Character, op: tuple[object, ...]) -> None:
    name = op[0]
    args = op[1:]
    if name == "start":
        start_session(c, args[0])  # type: ignore[arg-type]
    elif name == "end_scene":
        end_scene(c, args[0], args[1])  # type: ignore[arg-type]
    elif name == "end_session":
        end_session(c, args[0])  # type: ignore[arg-type]
    elif name == "spend":
        spend_luck(c, args[0], args[1])  # type: ignore[arg-type]
    elif name == "gain":
        gain_luck(c, "reward", args[0])  # type: ignore[arg-type]
    elif name == "stress":
        take_stress(c, args[0], args[1], args[2])  # type: ignore[arg-type]
    elif name == "doom":
        resolve_doom(c, args[0])  # type: ignore[arg-type]
    elif name == "pivot":
        earn_pivot_advancement(c, args[0])  # type: ignore[arg-type]
    elif name == "cf":
        earn_critical_failure_advancement(c, args[0], None)  # type: ignore[arg-type]
    elif name == "use":
        use_advancement(c, args[0], args[1], args[2])  # type: ignore[arg-type]
    elif name == "day":
        end_of_day(c, args[0])  # type: ignore[arg-type]
    else:
        end_of_week(c)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_operations)
def test_state_stays_sane_over_random_play(operations: list[tuple[object, ...]]) -> None:
    c = make_sarah()
    for op in operations:
        before = full_dump(c)
        entries = len(c.history)
        try:
            _apply(c, op)
        except PlayRuleError:
            assert full_dump(c) == before  # a refusal changes nothing
            continue
        assert len(c.history) > entries
        p = c.play
        assert p.luck >= 0
        for trait in (P, CH, CU):
            total = p.penalty_ranks.get(trait, 0)
            assert 0 <= p.scene_penalty_ranks.get(trait, 0) <= total
            assert total <= int(c.trait_rank(trait)) <= int(Rank.LEGENDARY)
        for rank in (c.concept.rank, c.background.rank, c.faculty.rank):
            assert rank <= Rank.LEGENDARY
        if not p.session_running:
            assert p.luck == 0 or p.session == 0
        assert budget_report(c).spent == budget_report(make_sarah()).spent
        past = state_at(c, -1)
        assert snapshot(past) == snapshot(c)


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


def test_rolls_are_kept_in_the_history_and_a_reroll_spends_luck() -> None:
    character = Character(name="Roller")
    record_roll(character, "Roller · Action · rolled 3 and 9 · Success")
    assert character.history[-1].kind == "roll"
    assert character.history[-1].what == "Rolled: Roller · Action · rolled 3 and 9 · Success"
    with pytest.raises(PlayRuleError):
        record_roll(character, "  ")
    with pytest.raises(PlayRuleError, match="session"):
        spend_luck_on_roll(character, "reroll line")
    start_session(character, luck=1)
    spend_luck_on_roll(character, "Roller · Action · Luck reroll 7 and 9 · Success")
    assert character.play.luck == 0
    assert [e.kind for e in character.history[-2:]] == ["spend_luck", "roll"]
    with pytest.raises(PlayRuleError, match="not enough Luck"):
        spend_luck_on_roll(character, "again")
    assert character.history[-1].kind == "roll" and len(character.history) == 4
