"""The track a hit lands on (session 15, H6): the damage's odds count their Harms from the
track of whom the damage hits, by the rules applying the damage follows, so for every amount
of Stress the odds' Harms are the Harms applying it causes."""

from __future__ import annotations

from pathlib import Path

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20 import roller
from seforge.systems.twod20.damage import DamageSpec, damage_odds
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.models import Character
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.roller import HitTrack

RESOURCES = Path(__file__).parents[4] / "resources" / "systems" / "twod20"
TYPED = HitTrack(Profile.SRD2022, 2, 7)


def odds_harms(track: HitTrack, stress: int, threshold: int) -> int:
    """The Harms the damage's odds count for exactly ``stress`` Stress on ``track``."""
    spec = DamageSpec(profile=track.profile, dice=0, flat=stress, current_stress=track.current,
                      max_stress=track.current if track.profile is Profile.CONAN
                      else track.maximum, harm_threshold=threshold)
    harms = damage_odds(spec).harms
    assert len(harms) == 1
    return next(iter(harms))


def test_nobody_hit_gives_the_track_typed() -> None:
    assert roller.hit_track(None, False, Profile.CONAN, TYPED) == (TYPED, False)


def test_a_tracker_character_s_track_by_the_tracker_s_rules() -> None:
    for profile in Profile:
        fight = cf.add_combatant(cf.new_conflict(profile), "Ann")
        fight = cf.update_combatant(fight, "Ann", stress=6, max_stress=8, vigor=4,
                                    max_vigor=9, resolve=2, max_resolve=7)
        ann = cf.find(fight, "Ann")
        for mental in (False, True):
            track, theirs = roller.hit_track(ann, mental, profile, TYPED)
            assert theirs and track.profile is profile
            if profile is Profile.CONAN:
                assert (track.current, track.maximum) == ((2, 7) if mental else (4, 9))
            else:
                assert (track.current, track.maximum) == (6, 8)
            for stress in range(16):
                assert odds_harms(track, stress, fight.settings.harm_threshold) == (
                    cf.stress_harms(fight, "Ann", stress, mental)), (profile, mental, stress)


def test_a_record_s_track_by_its_own_rules_whatever_the_tracker_plays() -> None:
    thak = CHARACTER_KIND.load(RESOURCES / "thak-the-reaver.s2d20")
    ilse = CHARACTER_KIND.load(RESOURCES / "ilse-varga.s2d20")
    assert isinstance(thak, Character) and isinstance(ilse, Character)
    thak = thak.model_copy(update={"vigor_lost": 3, "resolve_lost": 1})
    ilse = ilse.model_copy(update={"stress": 4})
    for record in (thak, ilse):
        for mental in (False, True):
            track, theirs = roller.hit_track(record, mental, Profile.SRD2022, TYPED)
            assert theirs and track.profile is record.profile
            assert (track.current, track.maximum) == roller.track_left(record, mental)
            for stress in range(16):
                assert odds_harms(track, stress, record.settings.harm_threshold) == (
                    roller.record_harms_from(record, stress, mental)), (record.name, stress)
