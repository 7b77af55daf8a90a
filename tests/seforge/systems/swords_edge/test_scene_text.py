"""The rule text the scene tracker and the Play dock show, built from the rules' numbers."""

from __future__ import annotations

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.play.luck import DEFAULT_LUCK, LUCK_PURPOSES
from seforge.systems.swords_edge.play.stress import DOOM_OUTCOMES
from seforge.systems.swords_edge.scene import Scene
from seforge.systems.swords_edge.scene_text import (
    DOOM_OUTCOME_TEXT,
    PLAY_TIPS,
    hit_levels_text,
    luck_purposes,
    momentum_level_text,
    nc_state_text,
    nc_stress_rule,
    recovery_levels_text,
)


def test_nc_stress_rule_per_type() -> None:
    assert nc_stress_rule(NCType.MINION) == "out at 1"
    assert nc_stress_rule(NCType.REGULAR) == "out at 3 in all"
    assert nc_stress_rule(NCType.HERO) == "loses a Rank each"


def test_nc_state_follows_the_scene() -> None:
    scene = Scene(name="Gate")
    (regular,) = scene.add_nc(library.load_nc("desert-acolytes-leader")).ids
    entry = scene.nc(regular)
    assert entry.nc.type is NCType.REGULAR
    assert nc_state_text(entry).endswith(", 0 of 3 Stress")
    scene.nc_takes_stress(regular, 2)
    assert nc_state_text(scene.nc(regular)) == \
        f"{entry.current_rank.label} (TN {entry.tn}), 2 of 3 Stress"
    scene.nc_takes_stress(regular, 1)
    assert nc_state_text(scene.nc(regular)) == "out (Stress)"
    (goblin,) = scene.add_nc(library.load_nc("goblin")).ids
    scene.remove_nc(goblin, "fled")
    assert nc_state_text(scene.nc(goblin)) == "out (fled)"


def test_hit_levels_say_what_the_core_does() -> None:
    # Exceptional is 4 Penalty Ranks in the rules (the old tooltip said 3).
    assert hit_levels_text() == ("Average 1 Penalty Rank, Good 2, Great 3, "
                                 "Exceptional 4 and Undefended, Legendary 5 and a Doom")


def test_momentum_and_recovery_tables() -> None:
    assert momentum_level_text().endswith("Good +2, Great +4, Exceptional +6, Legendary +8")
    assert recovery_levels_text() == (
        "The Recovery Test (TN 17) removes Penalty Ranks taken in this scene: "
        "Average 1, Good 1, Great 2, Exceptional 2, Legendary 3")
    assert recovery_levels_text(daily=True).endswith(
        "any Penalty Ranks: Average 1, Good 2, Great 3, Exceptional 4, Legendary 5")


def test_choices_cover_the_core_keys() -> None:
    assert set(DOOM_OUTCOME_TEXT) == set(DOOM_OUTCOMES)
    assert DOOM_OUTCOME_TEXT["survived"].startswith("Survived: a Poor Weakness")
    assert "remove_stress" not in luck_purposes()
    assert set(luck_purposes(spendable_only=False)) == set(LUCK_PURPOSES)
    assert luck_purposes()["reroll"] == "Reroll one of the two dice"
    assert str(DEFAULT_LUCK) in PLAY_TIPS["starting_luck"]


def test_play_tips_are_complete_sentences_of_our_own() -> None:
    assert PLAY_TIPS["pivot_one"].format(slot="Goal").startswith(
        "A character has at most one Goal.")
    assert "{" not in "".join(v for k, v in PLAY_TIPS.items() if k != "pivot_one")
    assert all(text and text[0].isupper() for text in PLAY_TIPS.values())
