"""The Harm threshold and Intense of a hit (session 15, H9): the damage's odds count their
Harms at the threshold applying the damage uses for that target (the record's own table
setting, the tracker's for a tracker character, the one typed for nobody known), and with
Intense's one more Harm [S] line 794, which applying the damage adds too. Checked against
every face the damage and Cover dice can show, rolled and applied as the roller does."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20 import roller
from seforge.systems.twod20.damage import DamageSpec, damage_odds, harms_with_intense
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.models import Character
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.roller import HitTrack

RESOURCES = Path(__file__).parents[4] / "resources" / "systems" / "twod20"
TYPED = HitTrack(Profile.SRD2022, 2, 7)


class Loaded:
    """Dice showing the given faces, in order."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self._faces: Iterator[int] = iter(faces)

    def randint(self, a: int, b: int) -> int:
        face = next(self._faces)
        assert a <= face <= b
        return face


def with_threshold(record: Character, threshold: int) -> Character:
    return record.model_copy(update={"settings": record.settings.model_copy(
        update={"harm_threshold": threshold})})


def record(name: str) -> Character:
    loaded = CHARACTER_KIND.load(RESOURCES / name)
    assert isinstance(loaded, Character)
    return loaded


def odds_spec(track: HitTrack, threshold: int, dice: int, cover: int, soak: int,
              qualities: dict[str, int]) -> DamageSpec:
    """The damage's odds as the calculator sets them up for this hit."""
    conan = track.profile is Profile.CONAN
    return DamageSpec(profile=track.profile, dice=dice, vicious=qualities.get("Vicious", 0),
                      piercing=qualities.get("Piercing", 0), intense="Intense" in qualities,
                      armour=soak, cover_dice=cover, current_stress=track.current,
                      max_stress=track.current if conan else track.maximum,
                      harm_threshold=threshold)


def applied_harms(apply: Callable[[int, bool], int], dice: int, cover: int, soak: int,
                  qualities: str) -> dict[int, Fraction]:
    """Every face of ``dice`` damage dice and ``cover`` Cover dice rolled as the roller
    rolls them, the Stress applied by ``apply`` (a function of the Stress and whether
    Intense fires, giving the Harms it added): the Harms' chances."""
    counts: dict[int, int] = {}
    total = 0
    for faces in itertools.product(range(1, 7), repeat=dice + cover):
        hit = roller.roll_damage(dice, 0, qualities, Loaded(faces[:dice]))
        rolled_cover = roller.roll_soak_dice(cover, Loaded(faces[dice:]))
        harms = apply(hit.stress(soak + sum(rolled_cover)), hit.intense)
        counts[harms] = counts.get(harms, 0) + 1
        total += 1
    return {harms: Fraction(n, total) for harms, n in counts.items()}


def test_intense_adds_a_harm_only_to_a_hit_that_causes_one() -> None:
    assert [harms_with_intense(h, True) for h in range(4)] == [0, 2, 3, 4]
    assert [harms_with_intense(h, False) for h in range(4)] == [0, 1, 2, 3]
    fired = roller.roll_damage(1, 0, "Intense", Loaded((5,)))
    assert fired.intense and fired.effects == 1
    assert not roller.roll_damage(1, 0, "Intense", Loaded((2,))).intense    # no Effect
    assert not roller.roll_damage(1, 0, "Vicious 1", Loaded((5,))).intense  # not Intense


def test_the_threshold_is_the_one_applying_the_damage_uses() -> None:
    tracker = cf.set_settings(cf.add_combatant(cf.new_conflict(Profile.SRD2022), "Ann"),
                              harm_threshold=4)
    ann = cf.find(tracker, "Ann")
    ilse = with_threshold(record("ilse-varga.s2d20"), 7)
    assert roller.hit_threshold(None, tracker.settings, 6) == (6, False)
    assert roller.hit_threshold(ann, tracker.settings, 6) == (4, True)
    assert roller.hit_threshold(ilse, tracker.settings, 6) == (7, True)


QUALITIES = ["Intense", "Intense, Vicious 1", "Intense, Piercing 1", "Vicious 1"]


@pytest.mark.parametrize("qualities", QUALITIES)
@pytest.mark.parametrize("profile", list(Profile), ids=lambda p: p.value)
def test_a_tracker_character_takes_the_harms_the_odds_count(profile: Profile,
                                                            qualities: str) -> None:
    fight = cf.add_combatant(cf.new_conflict(profile), "Ann")
    fight = cf.set_settings(fight, harm_threshold=4)
    fight = cf.update_combatant(fight, "Ann", stress=3, max_stress=8, vigor=6, max_vigor=9,
                                resolve=5, max_resolve=7)
    ann = cf.find(fight, "Ann")
    dice, cover, soak = 3, 1, 1
    for mental in (False, True):
        track, _theirs = roller.hit_track(ann, mental, profile, TYPED)
        threshold, theirs = roller.hit_threshold(ann, fight.settings, 5)
        assert theirs and threshold == 4

        def apply(stress: int, intense: bool, mental: bool = mental) -> int:
            after = cf.take_stress(fight, "Ann", stress, mental, intense)
            return len(cf.find(after, "Ann").harms) - len(ann.harms)

        spec = odds_spec(track, threshold, dice, cover, soak,
                         roller.parse_qualities(qualities))
        odds = {h: p for h, p in damage_odds(spec).harms.items() if p}
        assert applied_harms(apply, dice, cover, soak, qualities) == odds, (mental, qualities)


@pytest.mark.parametrize("qualities", QUALITIES)
@pytest.mark.parametrize("name", ["ilse-varga.s2d20", "thak-the-reaver.s2d20"])
def test_a_record_takes_the_harms_the_odds_count(name: str, qualities: str) -> None:
    hurt = record(name)
    # near the end of the track, no Harm yet (none stopped by the Harm limit)
    hurt = with_threshold(hurt.model_copy(update={
        "stress": 9, "vigor_lost": 10, "resolve_lost": 8, "harms": []}), 6)
    dice, cover, soak = 3, 1, 0
    for mental in (False, True):
        # whatever the tracker plays and its threshold: the record's own count
        tracker = cf.set_settings(cf.new_conflict(Profile.SRD2022), harm_threshold=3)
        track, _theirs = roller.hit_track(hurt, mental, Profile.SRD2022, TYPED)
        threshold, theirs = roller.hit_threshold(hurt, tracker.settings, 5)
        assert theirs and threshold == 6

        def apply(stress: int, intense: bool, mental: bool = mental) -> int:
            after = roller.record_take_stress(hurt, stress, mental, intense)
            return len(after.harms) - len(hurt.harms)

        spec = odds_spec(track, threshold, dice, cover, soak,
                         roller.parse_qualities(qualities))
        odds = {h: p for h, p in damage_odds(spec).harms.items() if p}
        assert applied_harms(apply, dice, cover, soak, qualities) == odds, (mental, qualities)
