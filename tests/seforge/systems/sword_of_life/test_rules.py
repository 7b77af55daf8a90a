"""Creation rules, effective ratings, the documents and the sheet."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from seforge.core.documents import DocumentFileError
from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.character import Skill, SolCharacter, SolSettings
from seforge.systems.sword_of_life.documents import CHARACTER, CONFLICT
from seforge.systems.sword_of_life.reference import SCALES, scale_label, tables
from seforge.systems.sword_of_life.rules import (
    effective_rating,
    effective_ratings,
    legal_range,
    problems,
    rating_bounds,
    set_characteristic,
    set_option,
    set_specialty,
    why_not_set,
)
from seforge.systems.sword_of_life.sheet import export_sheets
from seforge.systems.sword_of_life.system import SYSTEM


def detective() -> SolCharacter:
    return SolCharacter.model_validate({
        "name": "Ilse", "career": "Police",
        "characteristics": {"edge": 4, "grip": 4, "point": 4, "temper": 8},
        "specialties": {"point": "interviewing witnesses",
                        "temper": {"name": "ancient history", "in_career": False}},
        "skills": [{"name": "architecture", "characteristic": "point", "in_career": False},
                   {"name": "particle physics", "characteristic": "point",
                    "in_career": False, "highly_specialised": True}],
    })


def test_the_sample_detective_files_ancient_history_under_point() -> None:
    """Issue 30: the text's detective (Point 4) has ancient history at his Point rating, a
    specialty outside the career; the sample once filed it under Temper 8."""
    path = (Path(__file__).resolve().parents[4] / "resources" / "systems" / "sword_of_life"
            / "library" / "police-detective.sol")
    sample = CHARACTER.load(path)
    rated = {item.name: item for item in effective_ratings(sample)}
    assert rated["ancient history"].rating == 4 == sample.characteristics.point
    assert sample.specialty("point") is not None and sample.specialty("temper") is None
    assert rated["architecture"].rating == 3
    assert not [p for p in problems(sample) if p.severity == "error"]


def test_the_texts_police_detective() -> None:
    rated = {item.name: item for item in effective_ratings(detective())}
    assert rated["Police (Point)"].rating == 4
    assert rated["interviewing witnesses"].rating == 5
    assert rated["architecture"].rating == 3
    assert rated["ancient history"].rating == 8  # Temper 8, outside the career: net 0
    assert rated["particle physics"].gm_ruling
    assert not rated["architecture"].gm_ruling
    assert effective_rating(1, in_career=False, specialty=False) == 0


def test_the_builder_limits() -> None:
    hero = SolCharacter()  # 5/5/5/5 spends all 20
    assert legal_range(hero, "edge") == (1, 5)
    assert why_not_set(hero, "edge", 6) == "raising Edge to 6 needs 1 points; 0 left"
    set_characteristic(hero, "grip", 2)
    assert legal_range(hero, "edge") == (1, 8)
    with pytest.raises(RefusedError, match="1 to 8"):
        set_characteristic(hero, "edge", 9)
    set_characteristic(hero, "edge", 8)
    assert hero.characteristics.edge == 8
    set_specialty(hero, "edge", "melee weapon")
    set_specialty(hero, "edge", "acrobatics")
    assert [s.name for s in hero.specialties["edge"]] == ["acrobatics"]
    set_specialty(hero, "edge", "")
    assert "edge" not in hero.specialties


def test_the_gms_leave_widens_the_builders_range() -> None:
    hero = SolCharacter()
    for key in ("grip", "point", "temper"):
        set_characteristic(hero, key, 1)  # 12 points left
    assert rating_bounds(hero) == (1, 8)
    assert legal_range(hero, "edge") == (1, 8)
    set_option(hero, "gm_allows_outside_range", True)
    assert hero.settings.gm_allows_outside_range is True
    low, high = rating_bounds(hero)
    assert low == 0 and high == 20
    assert legal_range(hero, "edge") == (0, 17)  # the points left still cap it
    set_characteristic(hero, "edge", 17)
    set_characteristic(hero, "grip", 0)
    assert why_not_set(hero, "grip", -1) == "Grip runs from 0 to 20"
    set_option(hero, "gm_allows_outside_range", False)  # taken back: kept, and reported
    assert hero.characteristics.edge == 17
    assert [p.severity for p in problems(hero) if p.rule == "sol.characteristic-range"] == [
        "error", "error"]
    assert legal_range(hero, "edge") == (1, 8)
    with pytest.raises(RefusedError, match="unless the GM allows"):
        set_characteristic(hero, "edge", 16)
    set_option(hero, "unspent_points_are_error", True)
    assert hero.settings.unspent_points_are_error is True
    with pytest.raises(RefusedError):
        set_option(hero, "name", True)


def test_problems_and_settings() -> None:
    hero = SolCharacter(career="Spy")
    assert problems(hero) == []
    hero.characteristics.edge = 0
    hero.characteristics.temper = 10
    rules = [(p.rule, p.severity) for p in problems(hero)]
    assert rules == [("sol.characteristic-range", "error"), ("sol.characteristic-range", "error")]
    hero.settings = SolSettings(gm_allows_outside_range=True)
    assert {p.severity for p in problems(hero)} == {"warning"}
    short = SolCharacter(career="Spy", settings=SolSettings(unspent_points_are_error=True))
    short.characteristics.edge = 4
    assert [(p.rule, p.severity) for p in problems(short)] == [("sol.budget", "error")]


def test_documents_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "ilse.sol"
    CHARACTER.save(detective(), path)
    assert CHARACTER.load(path) == detective()
    assert SYSTEM.check(path).legal
    conflict_path = tmp_path / "fight.solconflict"
    CONFLICT.save(CONFLICT.model(), conflict_path)
    assert SYSTEM.check(conflict_path).figures == {"exchanges": 0}
    bad = tmp_path / "bad.sol"
    bad.write_text('{"format": "sword-of-life.character", "version": 1, '
                   '"specialties": {"luck": "dice"}}', encoding="utf-8")
    with pytest.raises(DocumentFileError, match="specialties"):
        CHARACTER.load(bad)


def test_scales_are_the_texts_eight_steps() -> None:
    assert all(len(scale) == 8 for scale in SCALES.values())
    assert scale_label("point", 7) == "Nobel laureate"
    assert scale_label("edge", 9) == ""
    listed = tables()
    assert all(table.source for table in listed)
    win = next(t for t in listed if t.id == "win-matrix")
    assert win.rows[4][4] == "50%"  # 5 against 4 wins exactly half


def test_sheet_pdf_holds_the_character(tmp_path: Path) -> None:
    path = tmp_path / "ilse.sol"
    hero = detective()
    hero.notes = "Sharp eyes, tired feet."
    CHARACTER.save(hero, path)
    out = tmp_path / "sheet.pdf"
    assert export_sheets([path], out) == 1
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Ilse" in text
    assert "Career: Police" in text
    assert "interviewing witnesses" in text
    assert "Nobel" not in text and "university scholar" in text  # Point 4's example
    assert "Sharp eyes, tired feet." in text
    other = tmp_path / "c.json"
    other.write_text('{"format": "blades.scoundrel", "version": 1}', encoding="utf-8")
    with pytest.raises(DocumentFileError, match="only a Sword of Life character or conflict"):
        export_sheets([path, other], tmp_path / "none.pdf")
    assert not (tmp_path / "none.pdf").exists()


def test_skill_needs_a_name() -> None:
    from seforge.systems.sword_of_life.rules import add_skill, remove_skill

    hero = SolCharacter()
    with pytest.raises(RefusedError):
        add_skill(hero, Skill(name=" "))
    add_skill(hero, Skill(name="law"))
    remove_skill(hero, 0)
    assert hero.skills == []


def test_grip_now_runs_from_zero_to_the_rating() -> None:
    from seforge.systems.sword_of_life.rules import set_grip_now

    hero = SolCharacter()
    set_grip_now(hero, 2)
    assert hero.grip_now == 2
    with pytest.raises(RefusedError, match="0 \\(unconscious\\) to the Grip rating 5"):
        set_grip_now(hero, 6)
    set_characteristic(hero, "grip", 1)
    assert hero.grip_now == 1
    set_grip_now(hero, 1)
    assert hero.grip_now is None  # unhurt again


def test_the_library_characters_are_legal() -> None:
    items = SYSTEM.library()
    assert [item.id for item in items] == [
        "fighter-pilot", "police-detective", "starship-security-officer"]
    for item in items:
        report = SYSTEM.check(item.path)
        assert report.legal, (item.id, report.problems)
        assert report.figures == {"spent": 20, "budget": 20}


def test_a_long_skill_list_continues_on_a_second_page(tmp_path: Path) -> None:
    hero = detective()
    hero.skills = [Skill(name=f"skill {i}") for i in range(60)]
    path = tmp_path / "many.sol"
    CHARACTER.save(hero, path)
    out = tmp_path / "many.pdf"
    assert export_sheets([path], out) == 2  # issue 27: continued, not cut
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert text.count("\f") == 2
    assert all(f"skill {i}:" in text or f"skill {i} " in text for i in range(60))
    assert "any other Temper skill" in text
    assert "more in full on p. 2" in text


def test_the_registry_finds_the_system_by_id_format_and_suffix() -> None:
    from seforge.core.systems import GameSystem
    from seforge.systems import registry

    system = registry().get("sword-of-life")
    assert isinstance(system, GameSystem)
    assert registry().for_format("sword-of-life.conflict")[0] is system
    assert registry().for_suffix(".SOL")[1].id == "sword-of-life.character"
    assert "sol" in system.aliases and registry().get("sol") is system
    assert [t.id for t in system.reference_tables()][:2] == ["characteristics", "scales"]
