"""The damage's Harm odds stop at the Harm limit, as applying the damage does (session 15,
H11): under the Defeated rule a record or a tracker character is marked no Harm past the
limit [S] lines 948-950 and the "Defeated" sidebar, so the odds count the Harms marked, no
more than the target has room for (one core rule, ``harm_state.harms_marked``), and say how
often a hit causes more. Checked against every face the damage and Cover dice can show,
rolled and applied as the roller does."""

from __future__ import annotations

from fractions import Fraction

import pytest

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20 import roller
from seforge.systems.twod20.damage import DamageSpec, damage_odds
from seforge.systems.twod20.harm_state import MAX_HARMS, harm_room, harms_marked
from seforge.systems.twod20.models import Character, Harm, HarmKind
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.roller import HitTrack
from seforge.systems.twod20.settings import HarmLimitRule, TableSettings
from tests.seforge.systems.twod20.test_hit_threshold_intense import (
    applied_harms,
    odds_spec,
    record,
)

TYPED = HitTrack(Profile.SRD2022, 2, 7)
QUALITIES = ["Intense", "Vicious 1"]


def wounds(count: int) -> list[Harm]:
    return [Harm(kind=HarmKind.WOUND, name=f"Wound {i + 1}") for i in range(count)]


def capped_spec(track: HitTrack, threshold: int, room: int, qualities: str) -> DamageSpec:
    spec = odds_spec(track, threshold, 3, 1, 0, roller.parse_qualities(qualities))
    return DamageSpec(**{**spec.__dict__, "harm_room": room})


def test_the_room_is_the_harm_limit_under_the_defeated_rule_only() -> None:
    defeated = TableSettings(harm_limit_rule=HarmLimitRule.DEFEATED, harm_limit=3)
    unlimited = TableSettings(harm_limit_rule=HarmLimitRule.NONE, harm_limit=3)
    assert [harm_room(defeated, held) for held in range(5)] == [3, 2, 1, 0, 0]
    assert [harm_room(unlimited, held) for held in (0, 3, 19, 20)] == [MAX_HARMS, 17, 1, 0]
    assert [harms_marked(caused, defeated, 2) for caused in range(4)] == [0, 1, 1, 1]
    assert harms_marked(3, unlimited, 5) == 3


def test_the_odds_never_count_more_harms_than_the_room_and_say_how_often_a_hit_causes_more(
        ) -> None:
    free = damage_odds(DamageSpec(dice=4, flat=3, current_stress=8, max_stress=10))
    assert free.harms.p(lambda h: h >= 2) > 0 and free.past_room == 0
    capped = damage_odds(DamageSpec(dice=4, flat=3, current_stress=8, max_stress=10,
                                    harm_room=1))
    assert max(capped.harms.support()) == 1
    assert capped.harms[1] == free.harms.p(lambda h: h >= 1)
    assert capped.past_room == free.harms.p(lambda h: h >= 2)
    bands = capped.harm_bands()
    assert bands["2"] == bands["3+"] == 0 and sum(bands.values()) == 1
    at_limit = damage_odds(DamageSpec(dice=4, flat=3, current_stress=8, max_stress=10,
                                      harm_room=0))
    assert at_limit.harms[0] == 1 and at_limit.past_room == free.harms.p(lambda h: h >= 1)


def test_the_harms_of_whom_the_damage_hits() -> None:
    ilse = record("ilse-varga.s2d20").model_copy(update={"harms": wounds(2)})
    assert ilse.settings.harm_limit_rule is HarmLimitRule.DEFEATED
    tracker = cf.new_conflict(Profile.CONAN)                 # no limit
    harms, theirs = roller.hit_harms(ilse, tracker.settings, 0)
    assert theirs and (harms.held, harms.room, harms.limit) == (2, 1, 3)
    fight = cf.update_combatant(cf.add_combatant(tracker, "Ann"), "Ann", harms=wounds(4))
    harms, theirs = roller.hit_harms(cf.find(fight, "Ann"), fight.settings, 0)
    assert theirs and (harms.held, harms.room, harms.limit) == (4, MAX_HARMS - 4, None)
    srd = cf.new_conflict(Profile.SRD2022).settings
    harms, theirs = roller.hit_harms(None, srd, 1)
    assert not theirs and (harms.held, harms.room, harms.limit) == (1, 2, 3)


@pytest.mark.parametrize("qualities", QUALITIES)
@pytest.mark.parametrize("held", [0, 1, 2, 3])
@pytest.mark.parametrize("name", ["ilse-varga.s2d20", "thak-the-reaver.s2d20"])
def test_a_record_takes_no_more_harms_than_the_odds_count(name: str, held: int,
                                                          qualities: str) -> None:
    base = record(name)
    for rule in HarmLimitRule:
        settings = base.settings.model_copy(update={"harm_limit_rule": rule,
                                                    "harm_limit": 3})
        hurt: Character = base.model_copy(update={
            "stress": 9, "vigor_lost": 10, "resolve_lost": 8, "harms": wounds(held),
            "settings": settings})
        for mental in (False, True):
            track, _theirs = roller.hit_track(hurt, mental, Profile.SRD2022, TYPED)
            threshold, _theirs = roller.hit_threshold(hurt, settings, 5)
            harms, theirs = roller.hit_harms(hurt, cf.new_conflict(Profile.CONAN).settings, 0)
            assert theirs

            def apply(stress: int, intense: bool, mental: bool = mental,
                      hurt: Character = hurt) -> int:
                after = roller.record_take_stress(hurt, stress, mental, intense)
                return len(after.harms) - len(hurt.harms)

            odds = damage_odds(capped_spec(track, threshold, harms.room, qualities))
            shown = {h: p for h, p in odds.harms.items() if p}
            assert applied_harms(apply, 3, 1, 0, qualities) == shown, (rule, mental)
            if rule is HarmLimitRule.DEFEATED:
                assert max(shown) <= 3 - held


@pytest.mark.parametrize("qualities", QUALITIES)
@pytest.mark.parametrize("held", [0, 2, 3])
@pytest.mark.parametrize("profile", list(Profile), ids=lambda p: p.value)
def test_a_tracker_character_takes_no_more_harms_than_the_odds_count(
        profile: Profile, held: int, qualities: str) -> None:
    for rule in HarmLimitRule:
        fight = cf.set_settings(cf.add_combatant(cf.new_conflict(profile), "Ann"),
                                harm_limit_rule=rule, harm_limit=3, harm_threshold=4)
        fight = cf.update_combatant(fight, "Ann", stress=6, max_stress=8, vigor=6,
                                    max_vigor=9, resolve=5, max_resolve=7,
                                    harms=wounds(held))
        ann = cf.find(fight, "Ann")
        for mental in (False, True):
            track, _theirs = roller.hit_track(ann, mental, profile, TYPED)
            threshold, _theirs = roller.hit_threshold(ann, fight.settings, 5)
            harms, _theirs = roller.hit_harms(ann, fight.settings, 0)

            def apply(stress: int, intense: bool, mental: bool = mental,
                      fight: cf.Conflict = fight) -> int:
                marked = cf.stress_harms_marked(fight, "Ann", stress, mental, intense)
                after = cf.take_stress(fight, "Ann", stress, mental, intense)
                added = len(cf.find(after, "Ann").harms) - held
                assert added == marked
                return added

            odds = damage_odds(capped_spec(track, threshold, harms.room, qualities))
            shown = {h: p for h, p in odds.harms.items() if p}
            assert applied_harms(apply, 3, 1, 0, qualities) == shown, (rule, mental)
            if rule is HarmLimitRule.DEFEATED:
                assert max(shown) <= 3 - held
            assert not [p for p in cf.check_conflict(cf.take_stress(
                fight, "Ann", 20, mental, True)).problems if p.rule == "2d20.harms"]


def test_past_the_room_is_the_chance_of_more_harms_than_are_marked() -> None:
    spec = DamageSpec(dice=3, flat=2, current_stress=6, max_stress=8, intense=True)
    free = damage_odds(spec)
    for room in range(4):
        capped = damage_odds(DamageSpec(**{**spec.__dict__, "harm_room": room}))
        assert capped.past_room == sum((p for h, p in free.harms.items() if h > room),
                                       Fraction(0))
        assert sum(p for _h, p in capped.harms.items()) == Fraction(1)
