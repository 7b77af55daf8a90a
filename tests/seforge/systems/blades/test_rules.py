"""The scoundrel's creation rules, advancement and trackers, each refusal with its reason."""

from __future__ import annotations

import pytest

from seforge.core.trackers import RefusedError
from seforge.systems.blades import creation, play, rules
from seforge.systems.blades.facts import HouseDefaults
from seforge.systems.blades.models import Scoundrel


def hound() -> Scoundrel:
    """Steps 1-4 and 8 done; the special ability, friend, rival and vice still to choose."""
    sc = Scoundrel(name="Nadja", look="long coat", heritage="Iruvia",
                   heritage_detail="ore miners", background="Labor",
                   background_detail="hunter, mutineer")
    creation.set_playbook(sc, "Hound")
    creation.move_dot(sc, "heritage", "consort")
    creation.move_dot(sc, "background", "study")
    creation.add_dot(sc, "prowl")
    creation.add_dot(sc, "skirmish")
    return sc


def finished_hound() -> Scoundrel:
    sc = hound()
    creation.add_ability(sc, "Sharpshooter")
    creation.set_contact(sc, "friend", "Steiner")
    creation.set_contact(sc, "rival", "Casta")
    creation.set_vice(sc, "Gambling")
    creation.set_text(sc, "vice_purveyor", "Spades, at the Silver Stag")
    return sc


def rule_ids(sc: Scoundrel, severity: str) -> set[str]:
    return {p.rule for p in rules.check_scoundrel(sc) if p.severity == severity}


def test_the_hound_places_three_dots_and_attributes_count_dotted_actions() -> None:
    sc = Scoundrel()
    creation.set_playbook(sc, "hound")
    assert sc.playbook == "Hound"
    assert sc.actions["hunt"] == 2 and sc.actions["survey"] == 1
    assert rules.spent(sc) == 3 and "tracking" in sc.xp_trigger
    assert rules.attributes(sc) == {"insight": 2, "prowess": 0, "resolve": 0}
    reason = creation.why_not_add_dot(sc, "hunt")
    assert reason is not None and "above 2" in reason
    with pytest.raises(RefusedError, match="above 2"):
        creation.add_dot(sc, "hunt")


def test_a_full_creation_is_legal_and_the_ledger_says_where_dots_went() -> None:
    sc = finished_hound()
    assert rules.spent(sc) == 7 and rules.budget(sc) == 7
    assert "blades.dots.total" not in rule_ids(sc, "warning")
    assert not rule_ids(sc, "error")
    lines = rules.ledger_lines(sc)
    assert "Playbook (Hound): Hunt 2, Survey 1 (3 of 3)" in lines
    assert "Heritage: Consort 1 (1 of 1)" in lines
    assert "Free: Prowl 1, Skirmish 1 (2 of 2)" in lines
    assert creation.why_not_add_dot(sc, "wreck") == "all 7 creation dots are placed"
    assert rules.resistance_dice(sc) == {"insight": 3, "prowess": 2, "resolve": 1}


def test_each_source_gives_only_its_dots() -> None:
    sc = Scoundrel()
    creation.add_dot(sc, "wreck", "heritage")
    reason = creation.why_not_add_dot(sc, "sway", "heritage")
    assert reason == ("the heritage dot is placed (still to place: 3 playbook dots, "
                      "1 background dot, 2 free dots)")
    creation.add_dot(sc, "wreck", "free")
    creation.add_dot(sc, "sway", "free")
    assert creation.why_not_add_dot(sc, "tinker", "free") == (
        "the 2 free dots are placed (still to place: 3 playbook dots, 1 background dot)")
    creation.remove_dot(sc, "wreck", "free")
    assert creation.why_not_remove_dot(sc, "wreck", "free") == "Wreck has no free dot to take away"
    assert creation.why_not_move_dot(sc, "heritage", "sway") is None
    creation.move_dot(sc, "heritage", "sway")
    assert sc.actions["sway"] == 2 and sc.actions["wreck"] == 0


def test_playbook_preset_refused_when_its_dots_would_break_the_cap() -> None:
    sc = Scoundrel()
    creation.add_dot(sc, "hunt", "heritage")
    creation.add_dot(sc, "hunt", "free")
    reason = creation.why_not_set_playbook(sc, "Hound")
    assert reason is not None and "Hunt" in reason
    assert creation.why_not_set_playbook(sc, "Cutter") is None
    creation.set_playbook(sc, "Cutter")
    creation.set_playbook(sc, "Whisper")  # switching removes the old playbook's dots
    assert sc.actions["skirmish"] == 0 and sc.actions["attune"] == 2


def test_check_contract_over_under_and_cap() -> None:
    under = Scoundrel(actions={"hunt": 2, "study": 1})
    assert rules.spent(under) == 3
    problems = rules.check_scoundrel(under)
    total = [p for p in problems if p.rule == "blades.dots.total"]
    assert total and total[0].severity == "error" and "4 of the 7" in total[0].message
    assert total[0].message.startswith("Step 4 (action dots):")
    over = Scoundrel(actions={"hunt": 2, "study": 2, "sway": 2, "wreck": 2})
    assert "blades.dots.total" in rule_ids(over, "error")
    high = Scoundrel(actions={"hunt": 3})
    assert "blades.dots.cap" in rule_ids(high, "error")
    high.stage = "play"
    assert "blades.dots.cap" not in rule_ids(high, "error")


def test_ability_friend_rival_vice() -> None:
    sc = hound()
    creation.add_ability(sc, "Sharpshooter")
    assert "one special ability" in (creation.why_not_add_ability(sc, "Focused") or "")
    creation.set_contact(sc, "friend", "Steiner")
    reason = creation.why_not_set_contact(sc, "rival", "steiner")
    assert reason is not None and "two different people" in reason
    sc.rival = "Steiner"
    assert "blades.friend-rival" in rule_ids(sc, "error")
    sc.rival = "Kline"
    sc.vice = "Gambling"
    assert "blades.vice" in rule_ids(sc, "error")
    sc.vice_purveyor = "Spades"
    assert rule_ids(sc, "warning") == set() and rule_ids(sc, "error") == set()
    with pytest.raises(ValueError):
        Scoundrel(vice="Chess")


def test_finishing_creation_then_advances_up_to_three_and_mastery_four() -> None:
    sc = Scoundrel(actions={"hunt": 2})
    assert "Step 1 (playbook)" in (creation.why_not_finish_creation(sc) or "")
    sc = hound()
    assert "Step 5 (special ability)" in (creation.why_not_finish_creation(sc) or "")
    sc = finished_hound()
    creation.finish_creation(sc)
    reason = creation.why_not_move_dot(sc, "heritage", "sway")
    assert reason == "the heritage dot is placed at creation"
    assert "from an advance" in (creation.why_not_add_dot(sc, "hunt") or "")
    assert "not full" in (play.why_not_advance(sc, "insight", "hunt") or "")
    play.desperate_roll(sc, "hunt")
    assert sc.xp["insight"] == 1
    play.mark_xp(sc, "insight", 5)
    assert "take the advance first" in (play.why_not_desperate_roll(sc, "study") or "")
    assert "take the advance first" in (play.why_not_mark_xp(sc, "insight") or "")
    assert "not under Insight" in (play.why_not_advance(sc, "insight", "prowl") or "")
    play.take_advance(sc, "insight", "hunt")
    assert sc.actions["hunt"] == 3 and sc.xp["insight"] == 0 and rules.budget(sc) == 8
    assert not rule_ids(sc, "error")
    play.mark_xp(sc, "insight", 6)
    assert "highest rating now" in (play.why_not_advance(sc, "insight", "hunt") or "")
    sc.mastery = True
    play.take_advance(sc, "insight", "hunt")
    assert sc.actions["hunt"] == 4
    play.mark_xp(sc, "playbook", 8)
    play.take_advance(sc, "playbook", "Tireless")
    assert "Tireless" in sc.special_abilities


def test_stress_fills_into_trauma_and_four_traumas_retire() -> None:
    sc = hound()
    play.take_stress(sc, 7)
    assert "choose the trauma" in (play.why_not_take_stress(sc, 2) or "")
    play.take_stress(sc, 2, "Cold")
    assert sc.stress == 0 and sc.trauma == ["Cold"]
    for condition in ("Haunted", "Soft", "Vicious"):
        play.add_trauma(sc, condition)
    assert rules.retired(sc)
    assert "blades.trauma.retire" in rule_ids(sc, "warning")
    assert "retired" in (play.why_not_add_trauma(sc, "Reckless") or "")
    smaller = sc.model_copy(update={"house": HouseDefaults(stress_boxes=4), "trauma": []})
    assert "fills the stress track" in (play.why_not_take_stress(smaller, 4) or "")


def test_harm_overflows_up_and_penalties_follow() -> None:
    sc = hound()
    assert play.add_harm(sc, 1, "Battered") == 1
    assert play.add_harm(sc, 1, "Drained") == 1
    assert play.add_harm(sc, 1, "Scared") == 2  # row 1 full: one row up
    assert rules.harm_penalties(sc) == ["less effect", "-1d"]
    play.add_harm(sc, 2, "Cut")
    assert play.add_harm(sc, 2, "Burned") == 3
    assert "catastrophic" in (play.why_not_add_harm(sc, 3) or "")
    assert "fatal" in (play.why_not_add_harm(sc, 4) or "")
    play.clear_harm(sc, 3)
    assert sc.harm[2] == []


def test_armor_load_coin_and_stash() -> None:
    sc = hound()
    assert "not wearing" in (play.why_not_mark_armor(sc, "heavy") or "")
    assert "special armor" in (play.why_not_mark_armor(sc, "special") or "")
    sc.heavy_armor = True
    assert "standard box first" in (play.why_not_mark_armor(sc, "heavy") or "")
    play.mark_armor(sc, "standard")
    play.mark_armor(sc, "heavy")
    play.set_load(sc, 3)
    assert sc.armor_used == [] and rules.load_level(3) == "light"
    play.add_item(sc, "Fine rifle", 2)
    assert "needs 2 more" in (play.why_not_add_item(sc, "Armor", 2) or "")
    assert "already take 2" in (play.why_not_set_load(sc, 1) or "")
    play.gain_coin(sc, 1)
    assert "load slot each" in (play.why_not_gain_coin(sc, 1) or "")
    assert rules.items_load(sc) == 3
    play.set_load(sc, 9)
    play.gain_coin(sc, 3)
    assert "capped at 4" in (play.why_not_gain_coin(sc, 1) or "")
    play.stash_coin(sc, 4)
    assert (sc.coin, sc.stash) == (0, 4)
    assert "costs 6 stash" in (play.why_not_withdraw(sc, 3) or "")
    play.withdraw(sc, 2)
    assert (sc.coin, sc.stash, rules.lifestyle(sc)) == (2, 0, 0)
    assert rules.load_level(6) == "heavy" and rules.load_level(9) == "encumbered"


def test_house_defaults_are_checked() -> None:
    with pytest.raises(ValueError, match="each of the twelve"):
        HouseDefaults(attribute_map={"insight": ("hunt",), "prowess": (), "resolve": ()})
    custom = HouseDefaults(attribute_map={
        "insight": ("hunt", "study", "survey", "sway"),
        "prowess": ("finesse", "prowl", "skirmish", "wreck"),
        "resolve": ("attune", "command", "consort", "tinker")})
    sc = hound().model_copy(update={"house": custom})
    assert rules.attribute_rating(sc, "insight") == 3
    with pytest.raises(ValueError, match="no action 'dance'"):
        Scoundrel(actions={"dance": 1})


def test_an_empty_scoundrel_is_not_legal_and_each_problem_names_its_step() -> None:
    """Issue 31: 0 of 7 dots read '✔ Legal new scoundrel — 8 warnings'."""
    problems = rules.check_scoundrel(Scoundrel())
    errors = [p for p in problems if p.severity == "error"]
    steps = {p.message.split(":")[0] for p in errors}
    assert steps == {"Step 1 (playbook)", "Step 2 (heritage)", "Step 3 (background)",
                     "Step 4 (action dots)", "Step 5 (special ability)",
                     "Step 6 (friend and rival)", "Step 7 (vice)",
                     "Step 8 (name, alias and look)"}
    assert all(p.message.startswith("Step ") for p in problems)
    assert all(p.rule in rules.RULES for p in problems)
    sc = finished_hound()
    assert not rules.check_scoundrel(sc)
    for field in ("name", "heritage", "background", "playbook"):
        broken = sc.model_copy(deep=True)
        setattr(broken, field, "")
        assert rule_ids(broken, "error"), field


def test_the_healing_clock_lowers_every_harm_when_it_fills() -> None:
    sc = Scoundrel()
    assert "no harm" in (play.why_not_tick_healing(sc, 1) or "")
    play.add_harm(sc, 1, "Battered")
    play.add_harm(sc, 2, "Deep cut")
    play.add_harm(sc, 3, "Broken leg")
    assert play.tick_healing(sc, 3) == 0 and sc.healing == 3
    assert play.tick_healing(sc, 2) == 1
    assert sc.harm == [["Deep cut"], ["Broken leg"], []] and sc.healing == 1
    sc.special_abilities = ["Vigorous"]
    assert rules.healing_segments(sc) == 3
    assert play.tick_healing(sc, 5) == 2 and sc.harm == [[], [], []] and sc.healing == 0
    assert "segments to clear" in (play.why_not_tick_healing(sc, -1) or "")
