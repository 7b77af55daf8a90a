"""The playbook and crew-type data files, validated by their schema, and what the rules
read from them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seforge.core.resources import resource_path
from seforge.systems.blades import content, creation, play, rules
from seforge.systems.blades.content import ContentError, CrewTypeData, PlaybookData
from seforge.systems.blades.models import Scoundrel

PLAYBOOK_FILES = sorted(resource_path("systems", "blades", "playbooks").glob("*.json"))
CREW_FILES = sorted(resource_path("systems", "blades", "crews").glob("*.json"))


def test_seven_playbooks_and_six_crew_types_one_file_each() -> None:
    assert [p.stem for p in PLAYBOOK_FILES] == [
        "cutter", "hound", "leech", "lurk", "slide", "spider", "whisper"]
    assert [p.stem for p in CREW_FILES] == [
        "assassins", "bravos", "cult", "hawkers", "shadows", "smugglers"]
    assert [p.name for p in content.playbooks()] == [
        "Cutter", "Hound", "Leech", "Lurk", "Slide", "Spider", "Whisper"]
    assert len(content.crew_types()) == 6


@pytest.mark.parametrize("path", PLAYBOOK_FILES, ids=lambda p: p.stem)
def test_each_playbook_file_matches_the_schema(path: Path) -> None:
    data = PlaybookData.model_validate(json.loads(path.read_text(encoding="utf-8")))
    assert data.name.lower() == path.stem
    assert sum(data.starting_dots.values()) == 3
    assert data.special_abilities[-1].name == "Veteran"
    assert "CC BY 3.0" in data.source.licence and data.source.facts
    assert any(a.special_armor for a in data.special_abilities)


@pytest.mark.parametrize("path", CREW_FILES, ids=lambda p: p.stem)
def test_each_crew_file_matches_the_schema(path: Path) -> None:
    data = CrewTypeData.model_validate(json.loads(path.read_text(encoding="utf-8")))
    assert data.name.lower() == path.stem
    for name in data.starting_upgrades:
        assert content.upgrade(data, name) is not None, name
    assert sum(c.turf for c in data.claims) >= 2
    assert "CC BY 3.0" in data.source.licence


def test_a_broken_file_is_refused_with_its_reason(tmp_path: Path) -> None:
    bad = json.loads(PLAYBOOK_FILES[0].read_text(encoding="utf-8"))
    bad["starting_dots"] = {"skirmish": 3}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(ContentError, match=r"bad\.json: starting_dots: .*places 3 dots"):
        content._validated(PlaybookData, path)


@pytest.mark.parametrize("name", ["Cutter", "Hound", "Leech", "Lurk", "Slide", "Spider",
                                  "Whisper"])
def test_every_playbook_places_its_dots_and_trigger(name: str) -> None:
    data = content.playbook(name)
    assert data is not None
    sc = Scoundrel()
    creation.set_playbook(sc, name.upper())
    assert sc.playbook == name and sc.xp_trigger == data.xp_trigger
    assert sc.playbook_dots == data.starting_dots and rules.spent(sc) == 3


def test_lists_hold_heritages_backgrounds_and_items() -> None:
    lists = content.lists()
    assert [h.name for h in lists.heritages][:2] == ["Akoros", "The Dagger Isles"]
    assert "Underworld" in [b.name for b in lists.backgrounds]
    assert lists.cohort_cost == 2
    items = content.playbook_items("Lurk")
    assert items[0].name == "Fine lockpicks" and items[0].load == 0
    assert any(i.name == "Armor" and i.load == 2 for i in items)


def test_abilities_and_items_come_from_the_playbook() -> None:
    sc = Scoundrel()
    creation.set_playbook(sc, "Lurk")
    creation.add_ability(sc, "shadow")
    assert sc.special_abilities == ["Shadow"] and sc.special_armor
    assert "load first" in (play.why_not_carry(sc, "Fine lockpicks") or "")
    play.set_load(sc, 3)
    play.carry(sc, "Fine lockpicks")
    play.carry(sc, "Fine shadow cloak")
    play.carry(sc, "Armor")
    assert rules.items_load(sc) == 3
    assert "already carried" in (play.why_not_carry(sc, "Armor") or "")
    assert "needs 1 more" in (play.why_not_carry(sc, "Lantern") or "")
    assert "not an item" in (play.why_not_carry(sc, "Fine long rifle") or "")
    play.drop(sc, "Armor")
    assert [i.name for i in sc.items] == ["Fine lockpicks", "Fine shadow cloak"]
