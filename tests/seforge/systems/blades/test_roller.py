"""The dice roller: its reading agrees with a brute-force reading of every roll, its dice
come from the system's secure source, and what it writes goes through the rules."""

from __future__ import annotations

import itertools
import random

import pytest

from seforge.systems.blades import play, roller
from seforge.systems.blades.levels import Effect, ResultLevel
from seforge.systems.blades.models import Scoundrel


def brute_level(dice: tuple[int, ...], zero: bool) -> ResultLevel:
    read = min(dice) if zero else max(dice)
    if read == 6 and not zero and dice.count(6) >= 2:
        return ResultLevel.CRITICAL
    return (ResultLevel.SUCCESS if read == 6 else ResultLevel.PARTIAL if read >= 4
            else ResultLevel.FAILURE)


@pytest.mark.parametrize("pool", [0, 1, 2, 3])
def test_every_roll_reads_as_the_brute_force_oracle(pool: int) -> None:
    for dice in itertools.product(range(1, 7), repeat=max(2, pool) if pool <= 0 else pool):
        rolled = roller.Roll(pool, dice)
        assert rolled.level is brute_level(dice, pool <= 0)
        expected_stress = -1 if rolled.level is ResultLevel.CRITICAL else 6 - rolled.read
        assert rolled.stress == expected_stress


def test_rolls_use_the_secure_source_and_a_test_seed() -> None:
    assert isinstance(roller._SYSTEM, random.SystemRandom)
    first = roller.roll(3, random.Random(7))
    assert first == roller.roll(3, random.Random(7)) and len(first.dice) == 3
    zero = roller.roll(-1, random.Random(1))
    assert len(zero.dice) == 2 and zero.zero_dice and "lowest of two" in zero.describe()
    assert all(1 <= d <= 6 for d in roller.roll(6).dice)
    with pytest.raises(ValueError, match="more than"):
        roller.roll(31)


def test_ticks_and_what_a_resistance_writes() -> None:
    crit = roller.Roll(2, (6, 6))
    assert crit.ticks(Effect.STANDARD) == 3 and roller.Roll(2, (5, 1)).ticks(
        Effect.LIMITED) == 1
    assert roller.Roll(1, (3,)).ticks(Effect.GREAT) == 0
    sc = Scoundrel(stress=3)
    play.resist(sc, roller.Roll(2, (2, 1)).stress)
    assert sc.stress == 7
    play.resist(sc, crit.stress)
    assert sc.stress == 6
    assert "choose the trauma" in (play.why_not_resist(sc, 4) or "")
    play.resist(sc, 4, "Cold")
    assert sc.stress == 0 and sc.trauma == ["Cold"]


def test_a_resistance_that_changes_nothing_is_refused() -> None:
    """A resistance roll that costs no stress, or a critical with no stress to clear,
    writes nothing: the rules say why rather than let a write that changes nothing be
    logged as made (found in a session: "Written: Roll: 0 stress", twice)."""
    sc = Scoundrel(stress=0)
    assert "no stress" in (play.why_not_resist(sc, roller.Roll(2, (6, 1)).stress) or "")
    assert "no stress to clear" in (play.why_not_resist(sc, -1) or "")
    with pytest.raises(ValueError, match="no stress"):
        play.resist(sc, 0)
    sc.stress = 2
    assert play.why_not_resist(sc, -1) is None and play.why_not_resist(sc, 1) is None


def test_a_pool_below_zero_reads_as_zero_dice() -> None:
    """Harm can take a 0-rated action below zero: it is rolled and said as 0d."""
    rolled = roller.roll(-1, random.Random(1))
    assert rolled.zero_dice and rolled.describe().startswith("0d [")
