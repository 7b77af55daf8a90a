"""Rules a play session needed from the core: the dice a scoundrel's harm takes off a roll,
the harm named with its penalty, and whether a stress fills the track."""

from __future__ import annotations

import pytest

from seforge.systems.blades import odds, play, rules
from seforge.systems.blades.models import Scoundrel


def test_moderate_harm_takes_a_die_off_and_names_itself() -> None:
    sc = Scoundrel(name="Vey", stage="play")
    assert rules.harm_dice(sc) == 0 and rules.harm_marks(sc) == []
    sc.harm = [["Battered"], ["Deep cut", "Concussed"], []]
    assert rules.harm_dice(sc) == -1  # one row, one penalty: two marks in it take one die
    assert rules.harm_marks(sc) == ["Deep cut (-1d)", "Concussed (-1d)",
                                    "Battered (less effect)"]


def test_harm_dice_count_in_the_pool_and_never_add() -> None:
    bonus = odds.BonusDice(push=True, harm_dice=-1)
    assert bonus.dice == 0
    assert odds.action_odds(2, bonus).dice == 2
    assert odds.action_odds(1, odds.BonusDice(harm_dice=-1)).dice == 0  # two dice, low
    with pytest.raises(ValueError, match="takes dice off"):
        odds.action_odds(2, odds.BonusDice(harm_dice=1))


def test_stress_fills_at_the_last_box() -> None:
    sc = Scoundrel(name="Vey", stage="play", stress=7)
    assert not play.stress_fills(sc, 1) and play.stress_fills(sc, 2)
    assert not play.stress_fills(sc, -1)
