"""Exact damage: Challenge Dice [S] / Combat Dice [C], soak, Stress and Harms.

Rules (notes ``2d20.md`` §1.6 and §2.4):

- [``2d20.damage.die``] a d6 reads 1, 2, 0, 0, 1 + Effect, 1 + Effect [C] "Combat die"
  (the SRD's [CD] uses the same die; [S] never lists its faces).
- [``2d20.damage.srd``] [S] "Damage and Stress" lines 718-951: damage = dice + flat bonus +
  Vicious per Effect; Resistance = Armour + Cover dice (+1 per Cover Effect if Sturdy) minus
  Piercing X per Effect (never below 0); Stress = damage - Resistance; a Harm for 5+ Stress
  (the threshold setting) and a Harm for reaching maximum Stress.
- [``2d20.damage.intense``] [S] line 794: Intense adds one more Harm when an Effect was
  rolled and the attack caused a Harm; the rule leaves the GM no choice, so the odds count it
  and applying the damage adds it (:func:`harms_with_intense`, for both).
- [``2d20.damage.conan``] [C] "Stress and Harm": Stress comes off Vigor (or Resolve); a Harm
  per full 5 Stress, and one more when the track reaches 0.
- [``2d20.harms.limit``] the Harms counted are those applying the damage marks: no more than
  the target has room for (:attr:`DamageSpec.harm_room`, from :func:`.harm_state.harm_room`);
  the odds also give the chance a hit causes more than that (:attr:`DamageOdds.past_room`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from seforge.core.odds import Distribution, custom_die, pool_sum
from seforge.systems.twod20.profiles import Profile

MAX_DAMAGE_DICE = 30
MAX_COVER_DICE = 12
MAX_FLAT = 99

CHALLENGE_DIE_FACES: tuple[tuple[int, int], ...] = ((1, 0), (2, 0), (0, 0), (0, 0), (1, 1), (1, 1))
"""Faces 1..6 of a Challenge / Combat die as (damage, Effects)."""


class DamageError(ValueError):
    """A damage set-up the rules refuse; one line for the user."""


def challenge_die() -> Distribution[tuple[int, int]]:
    """One [CD]: (total, Effects) with P = 1/6 per face."""
    return custom_die(list(CHALLENGE_DIE_FACES))


@lru_cache(maxsize=64)
def challenge_dice(count: int) -> Distribution[tuple[int, int]]:
    """``count`` [CD] as the joint (total, Effects); 0 dice always read (0, 0)."""
    if not 0 <= count <= MAX_DAMAGE_DICE + MAX_COVER_DICE:
        raise DamageError(f"roll 0 to {MAX_DAMAGE_DICE} damage dice, not {count}")
    if count == 0:
        return Distribution.point((0, 0))
    return pool_sum(challenge_die(), count)


@dataclass(frozen=True)
class DamageSpec:
    """One attack's damage against one target."""

    profile: Profile = Profile.SRD2022
    dice: int = 2
    """All damage dice rolled: weapon + skill or attribute bonus + Momentum-bought [S]."""
    flat: int = 0
    """Flat damage added: Momentum in Conan (+1 each), Icons as +1 at the GM's choice [S]."""
    vicious: int = 0
    """+Stress per Effect (Vicious X)."""
    piercing: int = 0
    """Resistance ignored per Effect (Piercing X)."""
    intense: bool = False
    armour: int = 0
    """Persistent Resistance: Armour / Courage (static Soak in Conan)."""
    cover_dice: int = 0
    """Conditional Resistance dice: Cover / Morale."""
    sturdy: bool = False
    """The Cover adds +1 per Effect it rolls [S]."""
    current_stress: int = 0
    """SRD: Stress already marked. Conan: Vigor or Resolve left."""
    max_stress: int = 10
    """SRD: maximum Stress. Conan: unused (the track empties to 0)."""
    harm_threshold: int = 5
    """Stress in one attack that causes a Harm (5, or 5 + Scale)."""
    harm_room: int = 20
    """How many more Harms the target can be marked (:func:`.harm_state.harm_room`: up to
    the Harm limit under the Defeated rule); the Harms counted stop there, as applying does."""


def why_not_damage(spec: DamageSpec) -> str | None:
    if not 0 <= spec.dice <= MAX_DAMAGE_DICE:
        return f"damage dice must be 0 to {MAX_DAMAGE_DICE}, not {spec.dice}"
    if not 0 <= spec.cover_dice <= MAX_COVER_DICE:
        return f"Cover or Morale dice must be 0 to {MAX_COVER_DICE}, not {spec.cover_dice}"
    for label, value in (("flat damage", spec.flat), ("Vicious", spec.vicious),
                         ("Piercing", spec.piercing), ("Armour", spec.armour),
                         ("current Stress", spec.current_stress),
                         ("maximum Stress", spec.max_stress)):
        if not 0 <= value <= MAX_FLAT:
            return f"{label} must be 0 to {MAX_FLAT}, not {value}"
    if spec.harm_threshold < 1:
        return "the Harm threshold must be at least 1"
    if not 0 <= spec.harm_room <= 20:
        return f"the Harms the target has room for must be 0 to 20, not {spec.harm_room}"
    if spec.profile is Profile.SRD2022 and spec.current_stress > spec.max_stress:
        return (f"current Stress ({spec.current_stress}) cannot be above the maximum "
                f"({spec.max_stress})")
    return None


def harms_srd(stress: int, current: int, maximum: int, threshold: int = 5) -> int:
    """Harms from ``stress`` taken at once by an SRD character [``2d20.damage.srd``]."""
    if stress <= 0:
        return 0
    return int(stress >= threshold) + int(current + stress >= maximum)


def harms_conan(stress: int, left: int, per_harm: int = 5) -> int:
    """Harms from ``stress`` taken off a Conan track holding ``left`` [``2d20.damage.conan``].

    Counting the "track at 0" Harm after the Stress is taken is the notes' reading [I].
    """
    if stress <= 0:
        return 0
    return stress // per_harm + int(left - stress <= 0)


def intense_applies(intense: bool, effects: int) -> bool:
    """Whether an attack's Intense fires: it has the quality and rolled an Effect
    [``2d20.damage.intense``]."""
    return intense and effects >= 1


def harms_with_intense(harms: int, intense: bool) -> int:
    """The Harms an attack inflicts when its Intense fires (``intense``, from
    :func:`intense_applies`) and ``harms`` were caused: one more [``2d20.damage.intense``].
    The odds count it and applying the damage adds it, from here."""
    return harms + 1 if intense and harms >= 1 else harms


@dataclass(frozen=True)
class DamageOdds:
    dice: Distribution[tuple[int, int]]
    """The damage dice alone: (total, Effects)."""
    stress: Distribution[int]
    harms: Distribution[int]
    """Harms marked: those caused, no more than the target has room for
    [``2d20.harms.limit``]."""
    past_room: Fraction = Fraction(0)
    """The chance the hit causes more Harms than the target has room for (a Harm past the
    limit: what it does is the GM's ruling)."""

    @property
    def expected_total(self) -> Fraction:
        return self.dice.mean(lambda o: o[0])

    def harm_bands(self) -> dict[str, Fraction]:
        """P(0), P(1), P(2) and P(3 or more) Harms."""
        return {
            "0": self.harms[0], "1": self.harms[1], "2": self.harms[2],
            "3+": self.harms.p(lambda h: h >= 3),
        }


def damage_odds(spec: DamageSpec) -> DamageOdds:
    """Every damage roll and every Cover roll, enumerated exactly."""
    reason = why_not_damage(spec)
    if reason is not None:
        raise DamageError(reason)
    attack = challenge_dice(spec.dice)
    cover = challenge_dice(spec.cover_dice).map(
        lambda o: spec.armour + o[0] + (o[1] if spec.sturdy else 0))

    def stress_of(hit: tuple[int, int], resist_base: int) -> tuple[int, int]:
        total, effects = hit
        damage = total + spec.flat + spec.vicious * effects
        resist = max(0, resist_base - spec.piercing * effects)
        return max(0, damage - resist), effects

    taken = attack.combine(cover, stress_of)

    def caused_by(outcome: tuple[int, int]) -> int:
        stress, effects = outcome
        if spec.profile is Profile.CONAN:
            harms = harms_conan(stress, spec.current_stress, spec.harm_threshold)
        else:
            harms = harms_srd(stress, spec.current_stress, spec.max_stress,
                              spec.harm_threshold)
        return harms_with_intense(harms, intense_applies(spec.intense, effects))

    caused = taken.map(caused_by)
    return DamageOdds(attack, taken.map(lambda o: o[0]),
                      caused.map(lambda harms: min(harms, spec.harm_room)),
                      caused.p(lambda harms: harms > spec.harm_room))


# hazards (Conan) ----------------------------------------------------------------------------

HAZARD_QUALITY_COSTS: dict[str, tuple[str, int]] = {
    "Area": ("flat", 2),
    "Incendiary": ("half", 0),
    "Intense": ("flat", 2),
    "Knockdown": ("flat", 1),
    "Nonlethal": ("flat", -2),
    "Piercing": ("half", 0),
    "Stun": ("flat", 1),
    "Persistent": ("half", 0),
    "Vicious": ("rating", 0),
}
"""Doom cost of each hazard quality [C] "Hazards": a flat cost, half the rating rounded up,
or the rating itself."""

HAZARD_TEST_ADJUSTMENT: dict[int | None, int] = {None: 0, 1: -3, 2: -1, 3: 0}
"""Doom cost change by the test that avoids the hazard [C] "Hazard difficulties": none, D1,
D2, D3 or more."""


def hazard_doom_cost(dice: int, qualities: dict[str, int], test_difficulty: int | None,
                     floor: int = 0) -> int:
    """The Doom a Conan hazard costs [``2d20.hazard.cost``] (notes §3.5 and check #12).

    ``dice`` combat dice cost 1 Doom each (the table lists 2 to 6); ``qualities`` maps a
    quality name to its rating (ignored for unrated ones). The screen states no floor; the
    cost is never below ``floor`` (the table's ``hazard_cost_floor``, 0: an assumption [A]).
    """
    if not 0 <= dice <= MAX_DAMAGE_DICE:
        raise DamageError(f"a hazard rolls 0 to {MAX_DAMAGE_DICE} combat dice, not {dice}")
    cost = dice
    for name, rating in qualities.items():
        if name not in HAZARD_QUALITY_COSTS:
            raise DamageError(f"there is no hazard quality {name!r}")
        kind, value = HAZARD_QUALITY_COSTS[name]
        if rating < 0:
            raise DamageError(f"{name} cannot have a negative rating")
        cost += value if kind == "flat" else (rating + 1) // 2 if kind == "half" else rating
    if test_difficulty is not None:
        cost += HAZARD_TEST_ADJUSTMENT[min(max(test_difficulty, 1), 3)]
    return max(floor, cost)
