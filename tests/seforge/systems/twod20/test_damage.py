"""Challenge / Combat dice, soak and Harms against brute force and the notes' numbers."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from seforge.systems.twod20.damage import (
    CHALLENGE_DIE_FACES,
    DamageError,
    DamageSpec,
    challenge_dice,
    damage_odds,
    harms_conan,
    harms_srd,
    hazard_doom_cost,
)
from seforge.systems.twod20.profiles import Profile

F = Fraction


def test_one_die_and_four_dice() -> None:
    one = challenge_dice(1)
    assert one.p(lambda o: o[0] == 0) == F(1, 3)                   # notes §2.5 #8
    assert one.p(lambda o: o[1] == 1) == F(1, 3)
    four = challenge_dice(4)
    assert four.mean(lambda o: o[0]) == F(10, 3)                   # #9
    assert four.p(lambda o: o[0] >= 5) == F(85, 432)
    assert challenge_dice(0).p(lambda o: o == (0, 0)) == 1


def brute_harms(spec: DamageSpec) -> dict[int, F]:
    out: dict[int, int] = {}
    count = 0
    for faces in itertools.product(CHALLENGE_DIE_FACES, repeat=spec.dice + spec.cover_dice):
        count += 1
        hit, cover = faces[: spec.dice], faces[spec.dice:]
        total = sum(v for v, _ in hit)
        effects = sum(e for _, e in hit)
        damage = total + spec.flat + spec.vicious * effects
        resist = spec.armour + sum(v for v, _ in cover)
        resist += sum(e for _, e in cover) if spec.sturdy else 0
        resist = max(0, resist - spec.piercing * effects)
        stress = max(0, damage - resist)
        if spec.profile is Profile.CONAN:
            harms = stress // 5 + (1 if stress and spec.current_stress - stress <= 0 else 0)
        else:
            reach = stress >= 1 and spec.current_stress + stress >= spec.max_stress
            harms = (stress >= 5) + reach
        if spec.intense and effects and harms:
            harms += 1
        out[harms] = out.get(harms, 0) + 1
    return {h: F(n, count) for h, n in out.items()}


@pytest.mark.parametrize("spec", [
    DamageSpec(dice=4, vicious=1, armour=1, cover_dice=1, max_stress=10),
    DamageSpec(dice=5, piercing=2, armour=3, cover_dice=2, sturdy=True, intense=True,
               current_stress=6, max_stress=9),
    DamageSpec(dice=3, flat=2, current_stress=9, max_stress=9),
    DamageSpec(profile=Profile.CONAN, dice=5, flat=1, armour=2, cover_dice=1, current_stress=7),
    DamageSpec(profile=Profile.CONAN, dice=4, piercing=1, vicious=1, armour=3, current_stress=3,
               intense=True),
], ids=str)
def test_harms_match_every_face_combination(spec: DamageSpec) -> None:
    odds = damage_odds(spec)
    assert {h: p for h, p in odds.harms.items()} == brute_harms(spec)


def test_worked_harm_numbers() -> None:
    srd = damage_odds(DamageSpec(dice=4, vicious=1, armour=1, cover_dice=1, max_stress=10))
    assert srd.harms.p(lambda h: h >= 1) == F(29, 144)             # notes §2.5 #10
    conan = damage_odds(DamageSpec(profile=Profile.CONAN, dice=3, armour=1, current_stress=10))
    assert conan.harms.p(lambda h: h >= 1) == F(1, 216)            # #11
    bands = srd.harm_bands()
    assert sum(bands.values()) == 1


def test_harm_rules() -> None:
    assert harms_srd(0, 10, 10) == 0
    assert harms_srd(1, 10, 10) == 1          # already at max: any Stress is a Harm
    assert harms_srd(5, 10, 10) == 2
    assert harms_srd(5, 0, 10) == 1
    assert harms_srd(4, 6, 10) == 1           # reaches max
    assert harms_srd(7, 0, 12, threshold=7) == 1
    assert harms_conan(5, 10) == 1 and harms_conan(10, 10) == 3 and harms_conan(3, 3) == 1
    assert harms_conan(0, 0) == 0


def test_hazard_cost() -> None:
    assert hazard_doom_cost(4, {"Piercing": 2, "Knockdown": 0}, 2) == 5   # notes §2.5 #12
    assert hazard_doom_cost(2, {"Nonlethal": 0}, 1) == 0
    assert hazard_doom_cost(3, {"Vicious": 2, "Incendiary": 3}, None) == 7
    with pytest.raises(DamageError):
        hazard_doom_cost(3, {"Sparkly": 1}, None)


def test_bad_damage_input_is_refused() -> None:
    with pytest.raises(DamageError, match="damage dice"):
        damage_odds(DamageSpec(dice=31))
    with pytest.raises(DamageError, match="current Stress"):
        damage_odds(DamageSpec(current_stress=11, max_stress=10))
