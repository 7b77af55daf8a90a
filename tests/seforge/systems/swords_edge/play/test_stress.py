"""Stress and Doom: Penalty Ranks, Dooms and how they are settled, Arcane failures."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Acquired, Character, Element, ElementKind, Trait
from seforge.systems.swords_edge.play.advancement import (
    earn_critical_failure_advancement,
    use_advancement,
)
from seforge.systems.swords_edge.play.luck import (
    gain_luck,
)
from seforge.systems.swords_edge.play.pivots import (
    earn_pivot_advancement,
)
from seforge.systems.swords_edge.play.session import end_scene, end_session
from seforge.systems.swords_edge.play.state import effective_trait, penalty_total
from seforge.systems.swords_edge.play.stress import (
    arcane_failure,
    resolve_doom,
    return_to_play,
    stress_from_level,
    take_stress,
)
from seforge.systems.swords_edge.ranks import Rank

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


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
        with pytest.raises(RefusedError, match="Doom on Physique must be resolved"):
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
    resolve_doom(playing, "survived", weakness_name="Limp", legendary_weakness_name="Scar")
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
    with pytest.raises(RefusedError, match="out of this scene"):
        take_stress(playing, P, 1)
    end_scene(playing)
    assert not playing.play.removed_from_scene


def test_avert_needs_a_pivot_advancement(playing: Character) -> None:
    earn_critical_failure_advancement(playing, ["concept"], None)
    take_stress(playing, P, 4)
    with pytest.raises(RefusedError, match="no Advancement from a Pivot"):
        resolve_doom(playing, "averted")
    with pytest.raises(RefusedError, match="Critical Failure Advancement can only raise"):
        use_advancement(playing, 0, "avert_doom")
    assert playing.play.doom_trait is P


def test_legendary_doom_averted_still_adds_basic_weakness(playing: Character) -> None:
    earn_pivot_advancement(playing, "style")
    take_stress(playing, P, 5, legendary=True)
    # the Legendary Stress's Weakness needs a name, which the Advancement alone lacks
    with pytest.raises(RefusedError, match="Legendary Stress leaves a Weakness to name"):
        use_advancement(playing, 0, "avert_doom")
    resolve_doom(playing, "averted", legendary_weakness_name="Scar")
    added = playing.elements[-1]
    assert (added.rank, added.kind, added.trait) == (Rank.BASIC, ElementKind.WEAKNESS, P)
    assert len(playing.elements) == 2


def test_doom_out_marks_the_character(playing: Character) -> None:
    take_stress(playing, P, 5, legendary=True)
    resolve_doom(playing, "out")
    assert playing.play.out_of_play
    assert len(playing.elements) == 1  # the dead get no Weakness
    with pytest.raises(RefusedError, match="out of the game"):
        gain_luck(playing, "x")
    return_to_play(playing, "the GM brings her back")
    gain_luck(playing, "x")


def test_resolve_without_doom_refused(playing: Character) -> None:
    with pytest.raises(RefusedError, match="no Doom"):
        resolve_doom(playing, "survived")


def test_arcane_failure_penalises_sfx_and_trait(playing: Character) -> None:
    playing.elements = [
        *playing.elements,
        Element(name="Mind Blast", rank=Rank.BASIC, trait=CU, kind=ElementKind.SFX),
    ]
    # L677/L715: Arcane Tests belong to the optional SFX Qualities subsystem.
    with pytest.raises(RefusedError, match="subsystem"):
        arcane_failure(playing, 1)
    playing.options.sfx_subsystem = True
    arcane_failure(playing, 1)
    arcane_failure(playing, 1)
    assert playing.play.sfx_penalty_ranks == {"Mind Blast": 2}
    assert playing.play.penalty_ranks == {CU: 2}
    with pytest.raises(RefusedError, match="Weak and cannot be used"):
        arcane_failure(playing, 1)
    with pytest.raises(RefusedError, match="not an SFX"):
        arcane_failure(playing, 0)
    end_scene(playing, "Great")  # removes 2 of this scene's 4, largest first
    assert penalty_total(playing) == 2
