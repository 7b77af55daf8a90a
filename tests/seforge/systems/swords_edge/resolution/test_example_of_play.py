"""The book's Example of Play and Levels of Success examples, step by step."""

from __future__ import annotations

from seforge.systems.swords_edge.dice import odds, roll_outcome
from seforge.systems.swords_edge.models import (
    NarrativeCharacter,
    NCQuality,
    NCType,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.stress import (
    apply_stress_to_nc,
    stress_for_level,
)
from seforge.systems.swords_edge.resolution.tns import (
    group_action_tn,
    group_momentum_tn,
    momentum_bonus,
    nc_tn,
)

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


def level(d1: int, d2: int, modifier: int, tn: int) -> str | None:
    return roll_outcome(d1, d2, modifier, tn).level


def test_kyle_scans_the_cavern() -> None:
    cavern = NarrativeCharacter(name="Uncover the Cavern's Secrets", rank=Rank.WEAK)
    momentum_tn = nc_tn(cavern, [4])  # "Mysterious +4"
    assert momentum_tn == 7
    assert roll_outcome(7, 8, 4, momentum_tn).total == 19
    assert level(7, 8, 4, momentum_tn) == "Good"
    assert momentum_bonus("Good") == 2
    action_tn = nc_tn(cavern, [8, 4])  # "The Unknown +8", "Vast and Unlit +4"
    assert action_tn == 15
    modifier = 4 + 2 + 2 + 4 + 2 + momentum_bonus("Good")  # Cyborg, Scientist, ...
    assert modifier == 16
    kyle = roll_outcome(2, 3, modifier, action_tn)
    assert (kyle.total, kyle.level) == (21, "Average")
    assert odds(16, 15).success.numerator == 99
    assert apply_stress_to_nc(NCType.MINION, Rank.WEAK, 0, stress_for_level("Average")).removed


def test_jyrell_holds_the_gate() -> None:
    momentum_tn = group_momentum_tn([(Rank.POOR, 0), (Rank.POOR, 0)])
    assert momentum_tn == 7
    # Physique +4 and "Fist and Feet +2"; dice 8 -> 14, a Good success
    assert roll_outcome(4, 4, 6, momentum_tn).total == 14
    assert level(4, 4, 6, momentum_tn) == "Good"
    action_tn = group_action_tn([(Rank.POOR, 2), (Rank.POOR, 2)])
    assert action_tn == 9
    modifier = 14 + momentum_bonus("Good")
    hit = roll_outcome(3, 3, modifier, action_tn)
    assert (hit.total, hit.margin, hit.level) == (22, 13, "Good")
    assert stress_for_level("Good") == 2
    for _ in range(2):
        assert apply_stress_to_nc(NCType.MINION, Rank.POOR, 0, 1).removed


def test_jyrell_second_exchange() -> None:
    momentum_tn = group_momentum_tn([(Rank.POOR, 0)] * 3)
    assert momentum_tn == 9
    # rolls 12, Physique +4, "Gladiator +2" -> 18, Good
    assert roll_outcome(6, 6, 6, momentum_tn).total == 18
    assert level(6, 6, 6, momentum_tn) == "Good"
    modifier = 12 + momentum_bonus("Good")
    assert roll_outcome(5, 6, modifier, 9).total == 25
    assert level(5, 6, modifier, 9) == "Great"
    # three Troopers each applying their Concept would set 11: still Great
    assert level(5, 6, modifier, group_action_tn([(Rank.POOR, 2)] * 3)) == "Great"
    assert stress_for_level("Great") == 3


def test_kyle_scans_for_weapons() -> None:
    scan = NarrativeCharacter(type=NCType.REGULAR, rank=Rank.BASIC, traits={CU: Rank.GOOD})
    assert nc_tn(scan, [scan.traits[CU]]) == 10  # Momentum: the Trait only
    action_tn = nc_tn(scan, [2, scan.traits[CU]])  # "Cave Signal Diffusion +2"
    assert action_tn == 12
    assert roll_outcome(4, 5, 10 + 2, action_tn).total == 21
    assert level(4, 5, 12, action_tn) == "Good"
    after = apply_stress_to_nc(NCType.REGULAR, Rank.BASIC, 0, 2)
    assert (after.removed, after.rank, after.stress_total) == (False, Rank.BASIC, 2)


def test_tella_voice_of_command() -> None:
    leader = NarrativeCharacter(
        type=NCType.REGULAR, rank=Rank.AVERAGE,
        concept=NCQuality(name="Assassin Monk", rank=Rank.GOOD), traits={CH: Rank.GOOD},
    )
    momentum_tn = nc_tn(leader, [leader.traits[CH]])
    assert momentum_tn == 14
    # Charisma +4, "Royalty +2"; dice 2 and 4 fail (the book prints 10, the sum is 12)
    first = roll_outcome(2, 4, 6, momentum_tn)
    assert (first.success, first.total) == (False, 12)
    # one Luck: the 2 is rerolled to a 7 -> 17
    second = roll_outcome(7, 4, 6, momentum_tn)
    assert (second.success, second.total, second.level) == (True, 17, "Average")
    assert momentum_bonus(second.level) == 0
    assert leader.concept is not None
    action_tn = nc_tn(leader, [leader.concept, leader.traits[CH]])
    assert action_tn == 16
    crit = roll_outcome(10, 10, 12, action_tn)
    # the book prints 30; 20 + 12 is 32; both are Great
    assert (crit.success, crit.critical, crit.level, crit.total) == (True, "success", "Great", 32)
    assert roll_outcome(9, 9, 12, action_tn).level == "Great"  # a result of 30


def test_levels_of_success_examples() -> None:
    assert level(6, 6, 0, 5) == "Good"  # TN 5, result 12
    assert level(10, 9, 0, 5) == "Great"  # result 19
    assert level(10, 9, 4, 16) == "Good"  # TN 16, result 23
    assert level(10, 9, 11, 16) == "Great"  # result 30
