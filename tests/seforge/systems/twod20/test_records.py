"""2d20 records: derived values, checks, files, ``seforge check`` / ``seforge export``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.core.documents import DocumentFileError
from seforge.systems import registry
from seforge.systems.twod20.cards import card_blocks, render_cards, weapon_damage
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.models import Character, Harm, HarmKind, Role, Weapon, new_character
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.records import (
    attribute_bonus,
    check_character,
    derived,
    target_number,
)
from seforge.systems.twod20.system import SYSTEM

ROOT = Path(__file__).resolve().parents[4]


def srd() -> Character:
    c = new_character(Profile.SRD2022, name="Ilse")
    c.attributes.update(Agility=9, Brawn=8, Will=11, Insight=10)
    for s in c.skills:
        s.rating = {"Survive": 2, "Move": 3, "Fight": 2, "Talk": 1}.get(s.name, 0)
    return c


def test_srd_derived_values() -> None:
    c = srd()
    assert derived(c, "max_stress") == 11 + 2
    assert derived(c, "initiative") == 10
    assert derived(c, "speed") == 9 + 3
    assert derived(c, "bonus_weapon") == 2 and derived(c, "bonus_mental") == 1
    c.fatigue = 3
    assert derived(c, "max_stress") == 10


def test_conan_derived_values() -> None:
    c = new_character(Profile.CONAN)
    c.attributes.update(Brawn=12, Willpower=9, Awareness=10, Personality=16)
    for s in c.skills:
        s.rating = {"Resistance": 2, "Discipline": 1}.get(s.name, 0)
    assert derived(c, "vigor") == 14 and derived(c, "resolve") == 10
    assert (derived(c, "bonus_melee"), derived(c, "bonus_ranged"),
            derived(c, "bonus_threaten")) == (3, 2, 5)
    assert derived(c, "encumbrance") == 24


@pytest.mark.parametrize(("score", "bonus"), [(8, 0), (9, 1), (10, 2), (11, 2), (12, 3),
                                               (13, 3), (14, 4), (15, 4), (16, 5), (25, 5)])
def test_attribute_bonus_table(score: int, bonus: int) -> None:
    assert attribute_bonus(score) == bonus


def test_target_number_keeps_focus_within_it() -> None:
    c = srd()
    c.skills[0].focus = 2
    assert target_number(c, "Agility", "Fight") == (11, 2)
    assert target_number(c, "Agility", "Nothing") == (9, 0)


def rules(c: Character) -> dict[str, str]:
    report = check_character(c)
    return {p.rule: p.severity for p in report.problems}


def test_a_fresh_named_record_is_legal() -> None:
    assert check_character(srd()).legal
    assert rules(new_character(Profile.CONAN)) == {"2d20.name": "warning"}


def test_focus_above_target_number_is_an_error() -> None:
    c = new_character(Profile.CONAN, name="x")
    melee = next(s for s in c.skills if s.name == "Melee")
    melee.attribute, melee.rating, melee.focus = "Agility", 2, 11
    report = check_character(c)
    assert not report.legal
    assert any(p.rule == "2d20.focus" and "Focus 11" in p.message for p in report.problems)
    melee.focus = 10
    assert check_character(c).legal


def test_harms_limit_defeated_and_dying() -> None:
    c = srd()
    c.harms = [Harm(kind=HarmKind.WOUND)] * 2 + [Harm(kind=HarmKind.TRAUMA)]
    problems = check_character(c).problems
    assert any("Defeated and Dying" in p.message and p.severity == "warning" for p in problems)
    c.harms = [*c.harms, Harm()]
    assert rules(c)["2d20.harms"] == "error"


def test_attributes_skills_and_fatigue_checks() -> None:
    c = srd()
    c.attributes["Luck"] = 3
    del c.attributes["Reason"]
    c.skills.append(c.skills[0].model_copy())
    c.fatigue = 99
    found = rules(c)
    assert found["2d20.attributes"] == found["2d20.skills"] == found["2d20.fatigue"] == "error"


def test_record_round_trips_and_refuses_bad_values(tmp_path: Path) -> None:
    c = srd()
    path = tmp_path / "ilse.s2d20"
    CHARACTER_KIND.save(c, path)
    assert CHARACTER_KIND.load(path) == c
    data = json.loads(path.read_text())
    assert data["format"] == "2d20.character" and data["profile"] == "srd2022"
    data["attributes"]["Brawn"] = -1
    path.write_text(json.dumps(data))
    with pytest.raises(DocumentFileError, match=r"attributes\.Brawn"):
        CHARACTER_KIND.load(path)


def test_system_is_registered_with_its_formats() -> None:
    system = registry().get("2d20")
    assert system is SYSTEM
    assert [f.suffix for f in system.formats] == [".s2d20", ".s2d20conflict"]
    assert all(item.path.is_file() for item in system.library())
    for item in system.library():
        assert check_character(CHARACTER_KIND.load(item.path)).legal


def test_weapon_damage_adds_the_bonus() -> None:
    c = srd()
    assert weapon_damage(c, Weapon(dice=2, kind="melee")) == "2+2 [CD]"
    assert weapon_damage(c, Weapon(dice=1, kind="mental")) == "1+1 [CD]"


def test_cards_pdf_has_four_cards_a_page() -> None:
    npc = new_character(Profile.CONAN, Role.NPC, "Thak")
    data, pages = render_cards([srd(), npc, srd(), npc, npc], "a4")
    reader = PdfReader(__import__("io").BytesIO(data))
    assert pages == len(reader.pages) == 2
    first = reader.pages[0].extract_text()
    assert "Ilse" in first and "Thak" in first and "Maximum Stress: 13" in first
    assert "Vigor" in reader.pages[1].extract_text()


def test_card_gives_a_harm_limit_only_under_a_rule_that_has_one() -> None:
    """The SRD's three Harms leave a character Defeated; the Conan screen sets no limit,
    so a Conan card must not print one (the editor draws five boxes there)."""
    def harms_line(character: Character) -> str:
        return dict(card_blocks(character))["Harms"]

    conan = new_character(Profile.CONAN, name="Thak")
    conan.harms.append(Harm(kind=HarmKind.WOUND))
    assert harms_line(conan).startswith("Harms 1: 1 Wound(s), 0 Trauma(s)")
    assert harms_line(srd()).startswith("Harms 0/3: 0 Wound(s)")


def _seforge(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "seforge", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_seforge_check_and_export_on_record_files(tmp_path: Path) -> None:
    good = tmp_path / "ilse.s2d20"
    CHARACTER_KIND.save(srd(), good)
    bad = new_character(Profile.SRD2022, name="Too hurt")
    bad.harms = [Harm()] * 4
    worse = tmp_path / "bad.s2d20"
    CHARACTER_KIND.save(bad, worse)
    done = _seforge("check", str(good), str(worse), "--json")
    reports = json.loads(done.stdout)
    assert done.returncode == 1
    assert reports[0]["legal"] is True and reports[0]["max_stress"] == 13
    assert reports[1]["legal"] is False
    assert {"severity": "error", "rule": "2d20.harms"}.items() <= reports[1]["problems"][0].items()
    out = tmp_path / "cards.pdf"
    done = _seforge("export", str(good), str(worse), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert len(PdfReader(out).pages) == 1
    # one record: its player sheet, which seforge import reads back as it was
    sheet, back = tmp_path / "sheet.pdf", tmp_path / "back.s2d20"
    done = _seforge("export", str(good), "-o", str(sheet), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["pages"] == len(PdfReader(sheet).pages) >= 1
    assert PdfReader(sheet).get_fields()  # fillable
    done = _seforge("import", str(sheet), "-o", str(back))
    assert done.returncode == 0, done.stderr
    came_back = CHARACTER_KIND.load(back)
    assert (came_back.name, came_back.attributes, came_back.skills) == (
        srd().name, srd().attributes, srd().skills)


def test_seforge_check_on_a_tracker_and_bad_files(tmp_path: Path) -> None:
    from seforge.systems.twod20 import conflict as cf
    from seforge.systems.twod20.documents import CONFLICT_KIND

    tracker = tmp_path / "pit.s2d20conflict"
    CONFLICT_KIND.save(cf.add_combatant(cf.new_conflict("conan", "Pit"), "Conan"), tracker)
    done = _seforge("check", str(tracker))
    assert done.returncode == 0 and "Doom 0" in done.stdout
    bad = tmp_path / "bad.s2d20"
    bad.write_text('{"format": "2d20.character", "version": 1, "attributes": {"Brawn": "x"}}')
    done = _seforge("check", str(bad))
    assert done.returncode == 2 and "attributes.Brawn" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    done = _seforge("export", str(tracker), "-o", str(tmp_path / "x.pdf"))
    assert done.returncode == 2 and "only 2d20 character or NPC records" in done.stderr
    done = _seforge("export", str(tracker), str(bad), "-o", str(tmp_path / "x.pdf"))
    assert done.returncode == 2 and "only 2d20 character or NPC records" in done.stderr
    assert not (tmp_path / "x.pdf").exists()
