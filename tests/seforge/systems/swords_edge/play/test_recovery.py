"""Recovery at the end of a scene, a day and a week."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.play.recovery import end_of_day, end_of_week
from seforge.systems.swords_edge.play.session import end_scene
from seforge.systems.swords_edge.play.stress import (
    take_stress,
)

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


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
    with pytest.raises(RefusedError, match="only remove Penalty Ranks taken in this scene"):
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
    with pytest.raises(RefusedError, match="unknown Level"):
        end_scene(playing, "Superb")
