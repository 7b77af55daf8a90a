"""The table's dice roller: secure dice, judged results, and results written to a record or a
tracker (issue 32)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20 import roller
from seforge.systems.twod20.conflict import Side
from seforge.systems.twod20.dice import SkillTest
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.models import HarmKind, new_character
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.settings import DEFAULT_SETTINGS, HarmLimitRule

THAK = Path(__file__).parents[4] / "resources" / "systems" / "twod20" / "thak-the-reaver.s2d20"


class Loaded:
    """Dice that show the given faces in order."""

    def __init__(self, faces: list[int]) -> None:
        self._faces: Iterator[int] = iter(faces)

    def randint(self, a: int, b: int) -> int:
        face = next(self._faces)
        assert a <= face <= b
        return face


def test_the_default_source_is_the_systems_secure_generator() -> None:
    assert isinstance(roller.secure_dice(), random.SystemRandom)
    roll = roller.roll_test(SkillTest(10, 1, 2, 3), DEFAULT_SETTINGS)
    assert len(roll.faces) == 3 and all(1 <= f <= 20 for f in roll.faces)
    damage = roller.roll_damage(4)
    assert len(damage.faces) == 4 and all(1 <= f <= 6 for f in damage.faces)


def test_a_rolled_test_is_judged_with_focus_fortune_and_complications() -> None:
    spec = SkillTest(tn=10, difficulty=2, focus=3, dice=3, fortune=1, complication_range=2)
    roll = roller.roll_test(spec, DEFAULT_SETTINGS, Loaded([2, 12, 19]))
    # 2 <= Focus: 2 successes; 12 > TN: 0; 19 in the range 19-20: a complication, no success;
    # the Fortune die counts as a 1: 2 successes
    assert roll.faces == (2, 12, 19)
    assert roll.verdict.successes == 4 and roll.verdict.momentum == 2
    assert roll.verdict.complications == 1 and roll.bought == 1
    assert "Momentum" in roll.summary()
    with pytest.raises(RefusedError, match="at most 5"):
        roller.roll_test(SkillTest(10, 1, 0, 5, 1), DEFAULT_SETTINGS)


def test_combat_dice_faces_effects_and_weapon_qualities() -> None:
    # faces 1, 2, 3, 5, 6 read 1, 2, 0, 1+E, 1+E
    roll = roller.roll_damage(5, flat=1, qualities="Vicious 1, Piercing 2, Knockdown",
                              source=Loaded([1, 2, 3, 5, 6]))
    assert roll.effects == 2
    assert roll.total == 1 + 2 + 0 + 1 + 1 + 1 + 2       # + flat 1 + Vicious 1 per Effect
    assert roll.piercing == 4
    assert roll.stress(soak=5) == 8 - 1                   # Soak 5 - 4 ignored
    assert any(t.startswith("Knockdown") for t in roll.triggered())
    # each die reads as its damage and Effect, the d6 faces after
    assert roll.readings() == ["1", "2", "0", "1+E", "1+E"]
    assert roll.summary().startswith(
        "Damage dice 1 2 0 1+E 1+E + 1: 8 damage, 2 Effects (d6 faces 1 2 3 5 6)")
    blank = roller.roll_damage(2, qualities="Vicious 2", source=Loaded([3, 4]))
    assert blank.total == 0 and blank.triggered() == []
    with pytest.raises(RefusedError, match="cannot read"):
        roller.parse_qualities("Vicious 1, !!")
    assert roller.roll_soak_dice(3, Loaded([1, 2, 6])) == (1, 2, 1)


def test_applying_a_test_to_the_tracker() -> None:
    c = cf.new_conflict(Profile.CONAN)
    c = cf.add_combatant(cf.add_combatant(c, "Conan", Side.PC), "Thak", Side.NPC)
    c = cf.update_combatant(c, "Conan", fortune=2)
    c = cf.add_gm_pool(cf.add_momentum(c, 5), 4)
    spec = SkillTest(tn=12, difficulty=1, focus=2, dice=4, fortune=1)
    roll = roller.roll_test(spec, DEFAULT_SETTINGS, Loaded([1, 1, 1, 1]))
    assert roll.verdict.momentum == 9
    paid = roller.apply_test_to_conflict(c, roll, "Conan", pay_with_momentum=True)
    # 2 bought dice cost 1 + 2 = 3 Momentum; 9 banked, capped at 6; 1 Fortune spent
    assert paid.momentum == 6 and cf.find(paid, "Conan").fortune == 1 and paid.gm_pool == 4
    doom = roller.apply_test_to_conflict(c, roll, "Conan", pay_with_momentum=False)
    assert doom.gm_pool == 7 and doom.momentum == 6
    npc_roll = roller.roll_test(SkillTest(12, 1, 0, 3), DEFAULT_SETTINGS, Loaded([5, 5, 5]))
    npc = roller.apply_test_to_conflict(c, npc_roll, "Thak")
    assert npc.gm_pool == 3 and npc.momentum == 5      # the NPC pays 1 Doom, banks nothing
    with pytest.raises(RefusedError):
        roller.apply_test_to_conflict(cf.spend_momentum(c, 5), roll, "Conan")


def test_a_conan_record_takes_wounds_past_three_and_spends_fortune() -> None:
    thak = CHARACTER_KIND.load(THAK)
    left, top = roller.track_left(thak, mental=False)
    assert left == top > 0
    hurt = roller.record_take_stress(thak, 5)
    assert len(hurt.harms) == 1 and roller.track_left(hurt, False)[0] == top - 5
    for _ in range(4):
        hurt = roller.record_take_stress(hurt, 5)
    assert sum(h.kind is HarmKind.WOUND for h in hurt.harms) >= 5   # no limit of three
    assert roller.track_left(hurt, False)[0] == 0
    healed = roller.record_recover(hurt, 4)
    assert roller.track_left(healed, False)[0] == 4
    mind = roller.record_take_stress(thak, 3, mental=True)
    assert mind.resolve_lost == 3 and not mind.harms
    rich = roller.record_gain_fortune(thak, 2)
    roll = roller.roll_test(SkillTest(10, 1, 0, 2, 1), DEFAULT_SETTINGS, Loaded([4, 9]))
    assert roller.apply_test_to_record(rich, roll).fortune == rich.fortune - 1
    with pytest.raises(RefusedError, match="Fortune"):
        roller.record_spend_fortune(thak, thak.fortune + 1)


def test_an_srd_record_stops_at_the_harm_limit_under_the_defeated_rule() -> None:
    srd = new_character(Profile.SRD2022)
    assert srd.settings.harm_limit_rule is HarmLimitRule.DEFEATED
    for _ in range(5):
        srd = roller.record_take_stress(srd, 6)
    assert len(srd.harms) == 3
    assert roller.record_recover(srd, 99).stress == 0


def test_a_hurt_record_joins_the_tracker_as_it_stands() -> None:
    thak = roller.record_take_stress(CHARACTER_KIND.load(THAK), 4)
    c = cf.add_combatant(cf.new_conflict(Profile.CONAN), "Thak", record=thak)
    joined = cf.find(c, "Thak")
    assert (joined.vigor, joined.max_vigor) == (10, 14)
    srd = roller.record_take_stress(new_character(Profile.SRD2022), 3)
    c = cf.add_combatant(cf.new_conflict(Profile.SRD2022), "Ana", record=srd)
    assert cf.find(c, "Ana").stress == 3


def test_what_a_roller_can_pay_for_is_asked_before_the_roll_and_refused_at_apply() -> None:
    """The bought d20s and Fortune dice a test may have are those the roller can pay for;
    the same question refuses writing a roll that cannot be paid."""
    c = cf.new_conflict(Profile.CONAN)
    c = cf.add_combatant(cf.add_combatant(c, "Conan", Side.PC), "Thak", Side.NPC)
    c = cf.update_combatant(c, "Conan", fortune=1)
    c = cf.add_momentum(c, 1)                                  # prices 1, 2, 3: one d20 only
    three = SkillTest(12, dice=3)
    four = SkillTest(12, dice=4)
    assert roller.why_not_pay_test(c, "Conan", three) is None
    reason = roller.why_not_pay_test(c, "Conan", four)
    assert reason == "2 bought d20s cost 3; Momentum has 1 to spend, not 3"
    assert roller.why_not_pay_test(c, "Conan", four, pay_with_momentum=False) is None
    assert roller.why_not_pay_test(c, "Thak", three) == (
        "1 bought d20 costs 1; Doom has 0 to spend, not 1")
    assert "Fortune" in str(roller.why_not_pay_test(c, "Conan", SkillTest(12, fortune=2)))
    limits = roller.pay_limits(c, "Conan")
    assert (limits.bought_max, limits.fortune_max) == (1, 1)
    assert limits.bought_reason == reason
    assert roller.pay_limits(c, "Conan", pay_with_momentum=False).bought_reason is None
    assert roller.pay_limits(c, "Thak").bought_max == 0
    roll = roller.roll_test(four, DEFAULT_SETTINGS, Loaded([5, 5, 5, 5]))
    with pytest.raises(RefusedError, match="Momentum has 1 to spend"):
        roller.apply_test_to_conflict(c, roll, "Conan")
    # a record pays its Fortune dice only
    record = new_character(profile=Profile.CONAN).model_copy(update={"fortune": 1})
    mine = roller.record_pay_limits(record, 5)
    assert (mine.bought_max, mine.fortune_max) == (3, 1)
    assert "Fortune" in str(mine.fortune_reason)
    assert roller.why_not_pay_record_test(record, SkillTest(12, fortune=2)) is not None


def test_the_soak_against_a_hit_is_the_target_s_own_when_known() -> None:
    """One answer for the damage odds and the rolled damage (session 15, H3): the target's
    Armour or Courage, else the Soak set by hand."""
    thak = CHARACTER_KIND.load(THAK)
    fight = cf.add_combatant(cf.add_combatant(cf.new_conflict(Profile.SRD2022), "Ann"),
                             thak.name, record=thak)
    ann, reaver = cf.find(fight, "Ann"), cf.find(fight, thak.name)
    assert reaver.armour is not None and reaver.courage is not None
    assert roller.hit_soak(reaver, False, 7) == (reaver.armour, True)
    assert roller.hit_soak(reaver, True, 7) == (reaver.courage, True)
    assert roller.hit_soak(thak, True, 7) == (thak.courage, True)
    assert roller.hit_soak(ann, False, 7) == (7, False)       # added by name: not known
    assert roller.hit_soak(None, False, 3) == (3, False)      # nobody to hit
