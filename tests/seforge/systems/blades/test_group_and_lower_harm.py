"""A group action rolled for real (the best roll counts, the leader takes 1 stress per
member who rolls a 1-3), a resisted harm lowered a level, and each claim of a crew type's
map told apart by its place on the map."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades import odds, play, roller
from seforge.systems.blades.levels import RESULT_ORDER, ResultLevel
from seforge.systems.blades.models import Crew, Scoundrel


def test_a_group_roll_counts_the_best_and_charges_the_leader_per_bad_roll() -> None:
    group = roller.GroupRoll((roller.Roll(2, (3, 1)), roller.Roll(1, (5,)),
                              roller.Roll(0, (6, 2))))
    assert group.level is ResultLevel.PARTIAL and group.best.dice == (5,)
    assert group.leader_stress == 2  # the 3 and the lowest-of-two 2
    assert "Counts: partial success" in group.describe()
    assert "the leader takes 2 stress" in group.describe()
    rolled = roller.roll_group([2, 1, 3], random.Random(4))
    assert [r.pool for r in rolled.rolls] == [2, 1, 3]
    with pytest.raises(ValueError, match="at least one member"):
        roller.roll_group([])


@pytest.mark.parametrize("pools", [[1, 1], [2, 0], [1, 2]])
def test_the_group_roller_agrees_with_the_group_odds(pools: list[int]) -> None:
    """Every outcome of the dice, read by the roller, gives the exact odds of
    :func:`odds.group_action` (best result and the leader's expected stress)."""
    sizes = [2 if p <= 0 else p for p in pools]
    counts: dict[ResultLevel, int] = dict.fromkeys(RESULT_ORDER, 0)
    stress = 0
    total = 0
    for faces in itertools.product(range(1, 7), repeat=sum(sizes)):
        rolls, at = [], 0
        for pool, size in zip(pools, sizes, strict=True):
            rolls.append(roller.Roll(pool, faces[at:at + size]))
            at += size
        group = roller.GroupRoll(tuple(rolls))
        counts[group.level] += 1
        stress += group.leader_stress
        total += 1
    best, leader = odds.group_action(pools)
    assert {lv: Fraction(n, total) for lv, n in counts.items()} == {
        lv: best[lv] for lv in RESULT_ORDER}
    assert Fraction(stress, total) == leader


def test_the_leader_takes_the_group_stress() -> None:
    sc = Scoundrel(stress=3)
    assert "no member rolled a 1-3" in (play.why_not_lead_group(sc, 0) or "")
    play.lead_group(sc, 2)
    assert sc.stress == 5
    assert "choose the trauma" in (play.why_not_lead_group(sc, 4) or "")
    play.lead_group(sc, 4, "Cold")
    assert sc.stress == 0 and sc.trauma == ["Cold"]


def test_a_resisted_harm_drops_a_level_and_level_one_goes() -> None:
    sc = Scoundrel(harm=[["Battered"], [], ["Gut stabbed"]])
    assert play.lower_harm(sc, 3, 0) == 2  # SRD: Gut Stabbed resisted to level 2
    assert sc.harm == [["Battered"], ["Gut stabbed"], []]
    assert play.lower_harm(sc, 1, 0) == 0
    assert sc.harm == [[], ["Gut stabbed"], []]
    assert "no such harm" in (play.why_not_lower_harm(sc, 1, 0) or "")
    assert "1 to 3" in (play.why_not_lower_harm(sc, 4, 0) or "")


def test_a_harm_lowered_into_a_full_row_is_refused() -> None:
    sc = Scoundrel(harm=[["Battered", "Drained"], ["Deep cut"], []])
    assert "lesser row is full" in (play.why_not_lower_harm(sc, 2, 0) or "")
    with pytest.raises(RefusedError):
        play.lower_harm(sc, 2, 0)
    assert sc.harm == [["Battered", "Drained"], ["Deep cut"], []]
    sc.harm = [["Battered", "Drained"], ["Deep cut"], ["Gut stabbed"]]
    assert play.lower_harm(sc, 3, 0) == 2  # the moderate row has a free box
    assert sc.harm == [["Battered", "Drained"], ["Deep cut", "Gut stabbed"], []]


def test_claims_with_one_name_say_where_they_are_on_the_map() -> None:
    crew = Crew()
    crew_rules.set_crew_type(crew, "Smugglers")
    texts = [crew_rules.claim_text(crew, i) for i in range(len(crew.claims))]
    turfs = [t for t in texts if t.startswith("Turf")]
    assert len(turfs) == 4 and len(set(turfs)) == 4
    assert turfs[0] == "Turf (map row 1, column 1)"
    # the lair sits in the middle cell: the seventh claim is left of it, the eighth right
    assert crew_rules.claim_place(6) == (2, 2) and crew_rules.claim_place(7) == (2, 4)
    assert crew_rules.claim_place(13) == (3, 5) and crew_rules.claim_place(14) is None
    assert "Side Business" in texts  # a name of its own needs no place
    crew_rules.add_claim(crew, "Turf", turf_claim=True)
    assert crew_rules.claim_text(crew, 14) == "Turf (claim 15, past the map)"
    crew_rules.add_claim(crew, "Docks", turf_claim=True)
    assert crew_rules.claim_text(crew, 15) == "Docks (turf)"
