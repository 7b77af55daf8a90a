"""The 2d20 conflict tracker: pools, action order, Stress and Harms, effects, its file."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.core.trackers import RefusedError, TimeUnit
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import OrderMode, Payment, Side
from seforge.systems.twod20.documents import CONFLICT_KIND
from seforge.systems.twod20.models import HarmKind, Role, new_character
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.records import check_file
from seforge.systems.twod20.settings import TableSettings


def table(profile: Profile = Profile.SRD2022) -> cf.Conflict:
    c = cf.new_conflict(profile, "Ambush")
    for name, side in (("Ana", Side.PC), ("Bo", Side.PC), ("Guard", Side.NPC),
                       ("Chief", Side.NPC)):
        c = cf.add_combatant(c, name, side)
    return c


def test_momentum_is_capped_spent_and_fades_each_round() -> None:
    c = cf.add_momentum(table(), 4)
    assert cf.momentum_overflow(c, 5) == 3
    c = cf.add_momentum(c, 5)
    assert c.momentum == 6                      # the default cap
    assert "has 6 to spend, not 7" in (cf.why_not_spend_momentum(c, 7) or "")
    c = cf.spend_momentum(c, 2)
    assert cf.end_round(c).momentum == 3        # loses 1 a round
    c = cf.change_settings(c, TableSettings(momentum_cap=3, momentum_loss_per_round=2))
    assert c.momentum == 3 and cf.end_round(c).momentum == 1


def test_gm_pool_and_fortune() -> None:
    c = cf.add_gm_pool(table(), 4)
    assert cf.spend_gm_pool(c, 4).gm_pool == 0
    with pytest.raises(RefusedError, match="Threat has 4 to spend"):
        cf.spend_gm_pool(c, 5)
    c = cf.gain_fortune(c, "Ana", 2)
    assert cf.spend_fortune(c, "Ana").combatants[0].fortune == 1
    assert "Fortune has 0" in (cf.why_not_spend_fortune(c, "Bo") or "")
    conan = table(Profile.CONAN)
    assert cf.gm_pool_name(conan) == "Doom" and cf.starting_doom(conan) == 6


def test_alternating_order_and_keeping_the_initiative() -> None:
    c = cf.add_momentum(table(), 4)
    c = cf.take_turn(c, "Ana")
    assert c.next_side is Side.NPC
    assert "the NPCs' turn" in (cf.why_not_take_turn(c, "Bo") or "")
    assert "already acted" in (cf.why_not_take_turn(c, "Ana") or "")
    c = cf.keep_initiative(c, Payment.MOMENTUM)         # 2 Momentum
    assert c.momentum == 2 and c.next_side is Side.PC
    c = cf.take_turn(c, "Bo")
    assert c.next_side is Side.NPC
    c = cf.take_turn(c, "Guard")
    assert "nobody among the NPCs" not in (cf.why_not_keep_initiative(c, Payment.GM_POOL) or "x")
    assert "Threat has 0" in (cf.why_not_keep_initiative(c, Payment.GM_POOL) or "")
    assert "pay with Threat" in (cf.why_not_keep_initiative(c, Payment.MOMENTUM) or "")
    c = cf.take_turn(c, "Chief")        # the PCs have nobody left, so the NPCs go on
    assert cf.waiting(c) == []
    c = cf.end_round(c, opener=Side.PC)
    assert c.round == 2 and c.next_side is Side.PC and c.momentum == 1


def test_a_side_that_kept_the_initiative_must_let_an_enemy_act() -> None:
    c = cf.add_momentum(table(), 6)
    c = cf.add_combatant(c, "Cy", Side.PC)
    c = cf.keep_initiative(cf.take_turn(c, "Ana"), Payment.MOMENTUM)
    c = cf.take_turn(c, "Bo")
    assert "kept the initiative last time" in (
        cf.why_not_keep_initiative(c, Payment.MOMENTUM) or "")
    c = cf.take_turn(c, "Guard")
    assert c.keep_locked == []


def test_pcs_adding_threat_and_opening_next_round() -> None:
    c = cf.take_turn(table(), "Ana")
    c = cf.keep_initiative(c, Payment.GM_POOL)          # +2 Threat
    assert c.gm_pool == 2
    c = cf.take_turn(cf.take_turn(cf.take_turn(c, "Bo"), "Guard"), "Chief")
    assert "Threat has 2 to spend" not in (cf.why_not_end_round(c, Side.NPC, Payment.GM_POOL)
                                            or "")
    c = cf.end_round(c, Side.NPC, Payment.GM_POOL)      # the last actor's own side: 2 Threat
    assert c.gm_pool == 0 and c.next_side is Side.NPC


def test_conan_pcs_first_and_seizing_the_initiative() -> None:
    c = table(Profile.CONAN)
    assert c.order_mode is OrderMode.PCS_FIRST
    assert "act first" in (cf.why_not_take_turn(c, "Guard") or "")
    assert "Doom has 0" in (cf.why_not_seize(c, "Guard") or "")
    c = cf.seize_initiative(cf.add_gm_pool(c, 3), "Guard")
    assert c.gm_pool == 2 and "already acted" in (cf.why_not_take_turn(c, "Guard") or "")
    assert "keeping the initiative" in (cf.why_not_keep_initiative(c, Payment.MOMENTUM) or "")


def test_srd_stress_and_harms() -> None:
    c = table()
    c = cf.update_combatant(c, "Ana", max_stress=8)
    assert cf.stress_harms(c, "Ana", 5) == 1
    c = cf.take_stress(c, "Ana", 3)
    ana = c.combatants[0]
    assert ana.stress == 3 and ana.harms == []
    c = cf.set_treated(cf.add_harm(c, "Ana", HarmKind.WOUND), "Ana", 0, True)
    c = cf.take_stress(c, "Ana", 5)                     # 5+ and reaches max: 2 Harms
    ana = c.combatants[0]
    assert ana.stress == 8 and len(ana.harms) == 3
    assert not ana.harms[0].treated                     # a new Wound undoes the treatment
    assert cf.status(c, "Ana") == "Defeated, Dying"
    assert cf.end_scene(c).combatants[0].stress == 0
    with pytest.raises(RefusedError, match="max_stress"):
        cf.update_combatant(c, "Ana", max_stress=-1)


def test_conan_vigor_resolve_and_harms() -> None:
    c = cf.update_combatant(table(Profile.CONAN), "Ana", vigor=7, resolve=4)
    c = cf.take_stress(c, "Ana", 7)                     # 1 per 5, +1 for reaching 0
    ana = c.combatants[0]
    assert ana.vigor == 0 and [h.kind for h in ana.harms] == [HarmKind.WOUND] * 2
    c = cf.take_stress(c, "Ana", 2, mental=True)
    assert c.combatants[0].resolve == 2 and len(c.combatants[0].harms) == 2
    c = cf.recover_stress(c, "Ana", 20)
    assert c.combatants[0].vigor == 10


def test_record_fills_the_tracks() -> None:
    ilse = new_character(Profile.SRD2022, name="Ilse")
    ilse.attributes["Will"] = 11
    ilse.fortune = 2
    c = cf.add_combatant(cf.new_conflict(), "Ilse", record=ilse)
    assert c.combatants[0].max_stress == 11 and c.combatants[0].fortune == 2
    thak = new_character(Profile.CONAN, Role.NPC, "Thak")
    c = cf.add_combatant(cf.new_conflict(Profile.CONAN), "Thak", record=thak)
    assert c.combatants[0].side is Side.NPC and c.combatants[0].max_vigor == 8
    assert "already in this conflict" in (cf.why_not_add(c, "Thak") or "")


def test_timed_effects_count_down_by_turn_and_round() -> None:
    c = cf.add_effect(table(), "Stunned", 1, TimeUnit.TURN, "Guard")
    c = cf.add_effect(c, "Smoke", 2, TimeUnit.ROUND)
    c = cf.add_effect(c, "Confidence", 1, TimeUnit.SCENE, "Ana")
    c = cf.take_turn(c, "Ana")
    assert len(c.effects) == 3
    c = cf.take_turn(c, "Guard")
    assert [e.name for e in c.effects] == ["Smoke", "Confidence"]
    c = cf.end_round(c)
    assert c.effects[0].remaining == 1
    c = cf.end_round(c)
    assert [e.name for e in c.effects] == ["Confidence"]
    assert cf.end_scene(c).effects == []
    with pytest.raises(RefusedError, match="at least 1"):
        cf.add_effect(c, "Nothing", 0)
    assert cf.remove_effect(c, 0).effects == []


def test_conflict_file_and_check(tmp_path: Path) -> None:
    c = cf.take_stress(cf.add_momentum(table(), 3), "Bo", 4)
    path = tmp_path / "ambush.s2d20conflict"
    CONFLICT_KIND.save(c, path)
    assert CONFLICT_KIND.load(path) == c
    report = check_file(path)
    assert report.legal and report.figures["momentum"] == 3 and report.figures["threat"] == 0
    broken = c.model_copy(update={"momentum": 9})
    CONFLICT_KIND.save(broken, path)
    assert [p.rule for p in check_file(path).problems] == ["2d20.momentum.cap"]


def test_conan_session_start() -> None:
    c = table(Profile.CONAN)
    c = cf.start_session(c, 2)
    assert c.gm_pool == 6 and [x.fortune for x in c.combatants] == [2, 2, 0, 0]
    assert "no starting Threat" in (cf.why_not_start_session(table()) or "")
    with pytest.raises(RefusedError, match="2 or 3"):
        cf.start_session(c, 5)


def test_initiative_score_order() -> None:
    c = cf.set_order_mode(table(), OrderMode.INITIATIVE)
    for name, score in (("Ana", 9), ("Bo", 11), ("Guard", 11), ("Chief", 7)):
        c = cf.update_combatant(c, name, initiative=score)
    assert cf.why_not_take_turn(c, "Chief") is None          # the opener may be anyone
    c = cf.take_turn(c, "Chief")
    assert cf.initiative_due(c) == ["Bo"]                     # tie across sides: the PC
    assert "Bo acts first" in (cf.why_not_take_turn(c, "Guard") or "")
    assert cf.act_early_cost(c, "Guard") == 1 and cf.act_early_cost(c, "Ana") == 2
    assert "Threat has 0" in (cf.why_not_act_early(c, "Guard") or "")
    c = cf.act_early(c, "Ana")                                # a PC adds 2 Threat
    assert c.gm_pool == 2
    c = cf.act_early(c, "Guard")                              # an NPC tied: spends 1
    assert c.gm_pool == 1 and cf.initiative_due(c) == ["Bo"]
    assert "without paying" in (cf.why_not_act_early(c, "Bo") or "")


def test_narrative_order_lets_the_gm_pick() -> None:
    c = cf.set_order_mode(table(), OrderMode.NARRATIVE)
    c = cf.take_turn(cf.take_turn(c, "Ana"), "Bo")
    assert cf.why_not_take_turn(c, "Guard") is None
    assert "already acted" in (cf.why_not_take_turn(c, "Ana") or "")
    assert "initiative-score" in (cf.why_not_act_early(c, "Guard") or "")


def test_names_stay_within_what_a_file_can_hold(tmp_path: Path) -> None:
    from seforge.systems.twod20 import editing
    from seforge.systems.twod20.documents import CHARACTER_KIND

    long = "x" * 201
    assert "limited to 200" in (cf.why_not_add(table(), long) or "")
    with pytest.raises(RefusedError, match="limited to 200"):
        cf.add_effect(table(), long, 1)
    record = new_character(Profile.SRD2022)
    with pytest.raises(RefusedError, match="limited"):
        editing.set_field(record, "name", long)
    with pytest.raises(RefusedError, match="limited"):
        editing.add_skill(record, long)
    with pytest.raises(RefusedError, match="limited"):
        editing.set_skill(record, 0, focuses="y" * 2001)
    record = editing.set_field(record, "notes", "z" * 5000)       # notes hold 100k
    CHARACTER_KIND.save(record, tmp_path / "r.s2d20")


def test_armour_and_courage_can_be_set_and_unset() -> None:
    conflict = table()                                  # Ana: added by name
    assert cf.find(conflict, "Ana").armour is None
    conflict = cf.set_soak(conflict, "Ana", 3, 1)
    assert (cf.find(conflict, "Ana").armour, cf.find(conflict, "Ana").courage) == (3, 1)
    conflict = cf.set_soak(conflict, "Ana", None, 1)
    assert cf.find(conflict, "Ana").armour is None
    assert cf.why_not_set_soak(conflict, "Ana", -1, None) is not None
    with pytest.raises(RefusedError, match="Courage"):
        cf.set_soak(conflict, "Ana", 0, cf.MAX_TRACK + 1)
    with pytest.raises(RefusedError, match="Nobody"):
        cf.set_soak(conflict, "Nobody", 1, 1)
