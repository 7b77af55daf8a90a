"""Each profile's own rules as settings (issue 32): the Harm limit and what it does,
Defeated characters who cannot act, the SRD's paid NPC opener, initiative and hazard costs,
the Focus rule, and old files read with their own profile's defaults."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seforge.core.trackers import RefusedError
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20 import editing as ed
from seforge.systems.twod20.conflict import OrderMode, Side
from seforge.systems.twod20.damage import hazard_doom_cost
from seforge.systems.twod20.documents import CHARACTER_KIND, CONFLICT_KIND
from seforge.systems.twod20.models import HarmKind, Skill, new_character
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.records import check_character, target_number
from seforge.systems.twod20.settings import (
    SETTING_LABELS,
    SETTING_SOURCES,
    FocusRule,
    HarmLimitRule,
    TableSettings,
    profile_settings,
)

THAK = Path(__file__).parents[4] / "resources" / "systems" / "twod20" / "thak-the-reaver.s2d20"


def test_every_setting_has_a_label_and_a_source() -> None:
    assert set(SETTING_LABELS) == set(TableSettings.model_fields) == set(SETTING_SOURCES)


def test_profiles_differ_where_their_documents_do() -> None:
    assert profile_settings(Profile.SRD2022).harm_limit_rule is HarmLimitRule.DEFEATED
    assert profile_settings(Profile.CONAN).harm_limit_rule is HarmLimitRule.NONE
    assert new_character(Profile.CONAN).settings.harm_limit_rule is HarmLimitRule.NONE
    assert cf.new_conflict(Profile.CONAN).settings.harm_limit_rule is HarmLimitRule.NONE


def test_thak_under_conan_is_not_blocked_at_three_wounds() -> None:
    thak = CHARACTER_KIND.load(THAK)
    assert thak.profile is Profile.CONAN
    for _ in range(4):
        assert ed.why_not_add_harm(thak) is None
        ed.add_harm(thak, HarmKind.WOUND)
    assert len(thak.harms) == 4
    assert not any(p.rule == "2d20.harms" for p in check_character(thak).problems)
    c = cf.add_combatant(cf.new_conflict(Profile.CONAN), "Thak", record=thak)
    assert cf.status(c, "Thak") == ""
    assert cf.waiting(c) == ["Thak"]


def test_the_srd_rule_still_defeats_at_three_harms_and_can_be_chosen_for_conan() -> None:
    srd = new_character(Profile.SRD2022)
    for _ in range(3):
        ed.add_harm(srd, HarmKind.WOUND)
    assert "leave the character Defeated" in (ed.why_not_add_harm(srd) or "")
    with pytest.raises(RefusedError):
        ed.add_harm(srd, HarmKind.TRAUMA)
    conan = ed.change_settings(new_character(Profile.CONAN),
                               harm_limit_rule=HarmLimitRule.DEFEATED, harm_limit=2)
    ed.add_harm(conan, HarmKind.WOUND)
    ed.add_harm(conan, HarmKind.TRAUMA)
    assert ed.why_not_add_harm(conan) is not None
    with pytest.raises(RefusedError, match="harm_limit"):
        ed.change_settings(conan, harm_limit=0)


def test_an_old_conan_file_without_the_rule_reads_with_conans_default(tmp_path: Path) -> None:
    data = json.loads(THAK.read_text(encoding="utf-8"))
    data["settings"].pop("harm_limit_rule", None)
    old = tmp_path / "old.s2d20"
    old.write_text(json.dumps(data), encoding="utf-8")
    assert CHARACTER_KIND.load(old).settings.harm_limit_rule is HarmLimitRule.NONE
    del data["settings"]
    old.write_text(json.dumps(data), encoding="utf-8")
    assert CHARACTER_KIND.load(old).settings.harm_limit_rule is HarmLimitRule.NONE
    tracker = cf.new_conflict(Profile.CONAN).model_dump(mode="json")
    tracker["settings"].pop("harm_limit_rule")
    path = tmp_path / "t.s2d20conflict"
    CONFLICT_KIND.save(cf.Conflict.model_validate(tracker), path)
    assert CONFLICT_KIND.load(path).settings.harm_limit_rule is HarmLimitRule.NONE


def test_changing_profile_takes_the_new_defaults_but_keeps_a_chosen_value() -> None:
    record = new_character(Profile.SRD2022)
    assert ed.change_profile(record, Profile.CONAN).settings.harm_limit_rule is \
        HarmLimitRule.NONE
    chosen = ed.change_settings(record, harm_limit=4)
    moved = ed.change_profile(chosen, Profile.CONAN)
    assert moved.settings.harm_limit == 4
    tracker = cf.change_profile(cf.new_conflict(Profile.SRD2022), Profile.CONAN)
    assert tracker.settings.harm_limit_rule is HarmLimitRule.NONE
    assert cf.change_profile(tracker, Profile.SRD2022).settings.harm_limit_rule is \
        HarmLimitRule.DEFEATED


def _defeated_table(mode: OrderMode) -> cf.Conflict:
    c = cf.set_order_mode(cf.new_conflict(Profile.SRD2022), mode)
    for name, side in (("Ana", Side.PC), ("Bo", Side.PC), ("Guard", Side.NPC)):
        c = cf.add_combatant(c, name, side)
    c = cf.add_gm_pool(c, 10)
    for kind in (HarmKind.WOUND, HarmKind.WOUND, HarmKind.TRAUMA):
        c = cf.add_harm(c, "Bo", kind)
        c = cf.add_harm(c, "Guard", kind)
    return c


@pytest.mark.parametrize("mode", list(OrderMode))
def test_a_defeated_character_cannot_act(mode: OrderMode) -> None:
    c = _defeated_table(mode)
    assert cf.status(c, "Bo") == "Defeated, Dying"
    assert cf.waiting(c) == ["Ana"]
    for name in ("Bo", "Guard"):
        reason = cf.why_not_take_turn(c, name) or ""
        assert "is Defeated" in reason and "cannot act" in reason
        with pytest.raises(RefusedError):
            cf.take_turn(c, name)
    assert "is Defeated" in (cf.why_not_seize(c, "Guard") or "")
    with pytest.raises(RefusedError):
        cf.seize_initiative(c, "Guard")
    if mode is OrderMode.INITIATIVE:
        assert "is Defeated" in (cf.why_not_act_early(c, "Bo") or "")


def test_defeated_sides_pass_and_the_living_act_in_turn() -> None:
    c = _defeated_table(OrderMode.ALTERNATING)
    c = cf.take_turn(c, "Ana")
    assert c.next_side is Side.NPC and cf.waiting(c, Side.NPC) == []
    # nobody left on the NPC side: it passes (the round can end)
    assert cf.why_not_end_round(c) is None


def test_under_conan_harms_never_stop_a_character_acting() -> None:
    c = cf.add_combatant(cf.new_conflict(Profile.CONAN), "Thak", Side.NPC)
    for _ in range(5):
        c = cf.add_harm(c, "Thak", HarmKind.WOUND)
    assert cf.status(c, "Thak") == "" and cf.why_not_take_turn(c, "Thak") is None


def test_srd_npc_opening_round_one_costs_the_gm_two_threat() -> None:
    c = cf.new_conflict(Profile.SRD2022)
    c = cf.add_combatant(cf.add_combatant(c, "Ana", Side.PC), "Guard", Side.NPC)
    reason = cf.why_not_take_turn(c, "Guard") or ""
    assert "spends 2 Threat to have Guard open it" in reason
    assert "needs" in (cf.why_not_npc_open(c, "Guard") or "") or \
        "has 0" in (cf.why_not_npc_open(c, "Guard") or "")
    c = cf.add_gm_pool(c, 3)
    assert cf.why_not_npc_open(c, "Ana") == "a player character opens round 1 without paying"
    opened = cf.npc_open(c, "Guard")
    assert opened.gm_pool == 1 and opened.last_actor == "Guard"
    assert cf.why_not_npc_open(opened, "Guard") is not None
    # a PC opens for free; afterwards NPCs act in their turn without paying
    after_pc = cf.take_turn(c, "Ana")
    assert after_pc.gm_pool == 3 and cf.why_not_take_turn(after_pc, "Guard") is None
    # 0 in the settings: the NPC clearly started the conflict
    free = cf.change_settings(c, c.settings.model_copy(update={"npc_opener_cost": 0}))
    assert cf.why_not_take_turn(free, "Guard") is None


def test_initiative_costs_come_from_the_settings() -> None:
    c = cf.new_conflict(Profile.CONAN)
    c = cf.add_combatant(cf.add_combatant(c, "Conan", Side.PC), "Thak", Side.NPC)
    c = cf.add_gm_pool(c, 5)
    assert "spend 1 Doom" in (cf.why_not_take_turn(c, "Thak") or "")
    c = cf.change_settings(c, c.settings.model_copy(update={"seize_initiative_cost": 2}))
    assert "spend 2 Doom" in (cf.why_not_take_turn(c, "Thak") or "")
    assert cf.seize_initiative(c, "Thak").gm_pool == 3
    ini = cf.set_order_mode(cf.new_conflict(Profile.SRD2022), OrderMode.INITIATIVE)
    ini = cf.add_combatant(ini, "Ana", Side.PC)
    ini = cf.add_combatant(ini, "Guard", Side.NPC)
    ini = cf.update_combatant(ini, "Ana", initiative=9)
    ini = cf.update_combatant(ini, "Guard", initiative=8)
    ini = cf.update_combatant(ini, "Ana", acted=False)
    ini = ini.model_copy(update={"last_actor": "x", "round": 2})
    ini = cf.change_settings(ini, ini.settings.model_copy(update={"act_early_cost": 3}))
    assert cf.act_early_cost(ini, "Guard") == 3


def test_hazard_floor_is_a_setting() -> None:
    assert hazard_doom_cost(2, {"Nonlethal": 0}, 1) == 0          # 2 - 2 - 3, floored at 0
    assert hazard_doom_cost(2, {"Nonlethal": 0}, 1, floor=1) == 1
    assert hazard_doom_cost(4, {"Piercing": 2, "Knockdown": 0}, 2, floor=1) == 5


def test_focus_rule_named_focus_reading() -> None:
    record = new_character(Profile.SRD2022)
    record.attributes["Agility"] = 9
    index = next(i for i, s in enumerate(record.skills) if s.name == "Fight")
    record.skills[index] = Skill(name="Fight", rating=3, focus=2, focuses="Blades")
    assert target_number(record, "Agility", "Fight") == (12, 2)
    named = ed.change_settings(record, focus_rule=FocusRule.SKILL_WITH_FOCUS)
    assert target_number(named, "Agility", "Fight") == (12, 3)
    named.skills[index] = Skill(name="Fight", rating=3, focus=2)
    assert target_number(named, "Agility", "Fight") == (12, 0)
