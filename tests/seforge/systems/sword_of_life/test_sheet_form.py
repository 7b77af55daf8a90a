"""The Sword of Life character sheet is fillable and ``seforge import`` reads it back: the
real PDF's fields and text, a round trip through the real commands, fields edited with pypdf
as a PDF reader would, and absurd values refused in one line with nothing written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject

from seforge.core.pdf.geometry import PaperSize
from seforge.systems import registry
from seforge.systems.sword_of_life.character import Skill, SolCharacter, Specialty
from seforge.systems.sword_of_life.documents import CHARACTER
from seforge.systems.sword_of_life.sheet import write_pdf
from seforge.systems.sword_of_life.sheet_form import SUBJECT, SheetReadError, read_sheets

ROOT = Path(__file__).resolve().parents[4]
LIBRARY = ROOT / "resources" / "systems" / "sword_of_life" / "library"


def seforge(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "seforge", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def pilot() -> SolCharacter:
    """The library's pilot, wounded twice, with a skill of her own listed."""
    character = CHARACTER.load(LIBRARY / "fighter-pilot.sol")
    character.grip_now = 3
    character.skills = [Skill(name="Zero-g brawling", characteristic="edge", in_career=False,
                              highly_specialised=True)]
    return character


def fill(source: Path, out: Path, values: dict[str, str],
         checks: dict[str, bool] | None = None) -> Path:
    """The PDF at ``source`` with text fields and checkboxes set as a PDF reader would."""
    checks = checks or {}
    writer = PdfWriter(clone_from=source)
    seen: set[str] = set()
    for page in writer.pages:
        for annotation in page.get("/Annots", []):
            widget = annotation.get_object()
            name = str(widget.get("/T"))
            if name in values:
                widget[NameObject("/V")] = TextStringObject(values[name])
                seen.add(name)
            if name in checks:
                state = NameObject("/Yes" if checks[name] else "/Off")
                widget[NameObject("/V")] = state
                widget[NameObject("/AS")] = state
                seen.add(name)
    assert seen == set(values) | set(checks), "every field to fill is on the sheet"
    with out.open("wb") as handle:
        writer.write(handle)
    return out


def refused(result: subprocess.CompletedProcess[str], *written: Path) -> str:
    """The one line of a refusal (exit 2, nothing on stdout, nothing written)."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("seforge import: ") and "Traceback" not in result.stderr
    for path in written:
        assert not path.exists()
    return result.stderr


@pytest.mark.parametrize("paper", list(PaperSize))
def test_every_value_sits_in_a_prefilled_field_over_the_printed_one(
        tmp_path: Path, paper: PaperSize) -> None:
    character = pilot()
    pdf = tmp_path / "sheet.pdf"
    write_pdf([character], pdf, paper)
    reader = PdfReader(pdf)
    assert reader.metadata is not None and reader.metadata.subject == SUBJECT
    fields = {name: field.get("/V") for name, field in (reader.get_fields() or {}).items()}
    expected = {
        "sol1_name": "Space fighter pilot", "sol1_career": "Military (space fighter pilot)",
        "sol1_edge": "5", "sol1_grip": "5", "sol1_point": "5", "sol1_temper": "5",
        "sol1_edge_specialty": "space fighter pilot", "sol1_grip_specialty": "",
        "sol1_point_specialty": "starship navigation", "sol1_temper_specialty": "",
        "sol1_skill_1_name": "Zero-g brawling", "sol1_skill_1_characteristic": "Edge",
        "sol1_notes": character.notes,
    }
    for name, value in expected.items():
        assert str(fields[name]) == value, name
    assert [str(fields[f"sol1_wound_{i}"]) for i in range(1, 6)] == [
        "/Yes", "/Yes", "/Off", "/Off", "/Off"]           # Grip 5, now 3: two crossed
    assert "sol1_wound_6" not in fields
    assert CHARACTER.from_data(json.loads(str(fields["sol1_data"]))) == character
    text = " ".join(reader.pages[0].extract_text().split())  # the page still prints it all
    for printed in ("Space fighter pilot", "Career: Military (space fighter pilot)",
                    "Specialty: space fighter pilot", "Zero-g brawling", character.notes):
        assert printed in text, printed
    # every text field lies on its printed value, and none draws it again
    page = reader.pages[0]
    for annotation in page.get("/Annots", []):
        widget = annotation.get_object()
        if str(widget["/T"]) in expected and str(widget["/FT"]) == "/Tx":
            assert widget["/AP"]["/N"].get_data() == b""


def test_an_exported_sheet_imports_as_the_same_character(tmp_path: Path) -> None:
    """Export and import through the real commands: the file read back is the character."""
    source = tmp_path / "pilot.sol"
    CHARACTER.save(pilot(), source)
    other = tmp_path / "detective.sol"
    CHARACTER.save(CHARACTER.load(LIBRARY / "police-detective.sol"), other)
    pdf = tmp_path / "sheets.pdf"
    exported = seforge("export", source, other, "-o", pdf, "--paper", "a4")
    assert exported.returncode == 0, exported.stderr
    out = tmp_path / "back.sol"
    result = seforge("import", pdf, "-o", out)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.startswith(f"{out}: Space fighter pilot (Sword of Life character), "
                                    "read from sheet 1 of 2")
    assert CHARACTER.load(out) == CHARACTER.load(source)
    second = tmp_path / "second.sol"
    result = seforge("import", pdf, "-o", second, "--character", "2", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["format"] == "sword-of-life.character"
    assert report["characters_in_file"] == 2 and "legal" in report["check"]
    assert CHARACTER.load(second) == CHARACTER.load(other)
    third = tmp_path / "third.sol"
    assert "no character 3 (2 characters" in refused(
        seforge("import", pdf, "-o", third, "--character", "3"), third)
    wrong = tmp_path / "back.solconflict"
    assert "'.sol'" in refused(seforge("import", pdf, "-o", wrong), wrong)


def test_fields_edited_in_the_pdf_come_back_in_the_character(tmp_path: Path) -> None:
    character = pilot()
    character.specialties["temper"] = [Specialty(name="", in_career=True)]
    pdf = tmp_path / "sheet.pdf"
    write_pdf([character], pdf, PaperSize.A4)
    filled = fill(pdf, tmp_path / "filled.pdf", {
        "sol1_name": "  Captain Ilsa Korr ", "sol1_career": "Military (squadron leader)",
        "sol1_edge": "6", "sol1_grip": " 4", "sol1_temper_specialty": "calm under fire",
        "sol1_point_specialty": "", "sol1_skill_1_characteristic": "temper",
        "sol1_notes": "Shot down twice.\r\nFlies again.",
    }, {"sol1_wound_1": False, "sol1_wound_4": True})
    out = tmp_path / "back.sol"
    result = seforge("import", filled, "-o", out)
    assert result.returncode == 0, result.stderr
    back = CHARACTER.load(out)
    assert back.name == "Captain Ilsa Korr" and back.career == "Military (squadron leader)"
    assert back.characteristics.edge == 6 and back.characteristics.grip == 4
    assert back.specialty("temper") == Specialty(name="calm under fire", in_career=True)
    assert back.specialty("point") is None
    assert back.specialty("edge") == character.specialty("edge")
    assert back.skills == [character.skills[0].model_copy(update={"characteristic": "temper"})]
    assert back.notes == "Shot down twice.\nFlies again."
    assert back.grip_now == 4 - 2                    # one box cleared, another crossed
    assert back.settings == character.settings
    assert "legal" in result.stdout


def test_wounds_past_the_boxes_and_a_lowered_grip(tmp_path: Path) -> None:
    """Grip 18 prints 16 boxes: wounds are counted from the printed count; a Grip lowered
    on paper below the current Grip brings the current Grip down with it."""
    big = SolCharacter(name="Tank", career="Marine")
    big.settings.gm_allows_outside_range = True
    big.characteristics.grip = 18
    big.grip_now = 0                                  # 18 wounds, 16 boxes crossed
    pdf = tmp_path / "big.pdf"
    write_pdf([big], pdf, PaperSize.LETTER)
    assert read_sheets(pdf) == [big]
    filled = fill(pdf, tmp_path / "healed.pdf", {}, {"sol1_wound_16": False})
    assert read_sheets(filled)[0].grip_now == 1
    hurt = pilot()                                    # Grip 5, now 3
    write_pdf([hurt], pdf, PaperSize.A4)
    lowered = fill(pdf, tmp_path / "lowered.pdf", {"sol1_grip": "2"})
    assert read_sheets(lowered)[0].grip_now == 2
    odd = pilot()                                     # a file's own odd value is kept
    odd.grip_now = 7
    write_pdf([odd], pdf, PaperSize.A4)
    assert read_sheets(pdf) == [odd]


@pytest.mark.parametrize(("field", "value", "words"), [
    ("sol1_grip", str(10**30), "field 'Grip': Input should be less than or equal to 99"),
    ("sol1_edge", "seven", "field 'Edge': 'seven' is not a whole number"),
    ("sol1_name", "N" * 5_000_000, "field 'Name': is 5,000,000 characters long"),
    ("sol1_skill_1_characteristic", "Wits",
     "field 'Skill 1 characteristic': 'Wits' is not one of Edge, Grip, Point, Temper"),
])
def test_an_absurd_field_is_refused_in_one_line(tmp_path: Path, field: str, value: str,
                                                words: str) -> None:
    pdf = tmp_path / "sheet.pdf"
    write_pdf([pilot()], pdf, PaperSize.A4)
    filled = fill(pdf, tmp_path / "filled.pdf", {field: value})
    out = tmp_path / "back.sol"
    line = refused(seforge("import", filled, "-o", out), out)
    assert f"filled.pdf: sheet 1, {words}" in line, line
    assert len(line) < 300


def test_a_conflict_record_alone_or_a_lost_copy_is_refused(tmp_path: Path) -> None:
    from seforge.systems.sword_of_life.conflict_model import SolConflict

    record = tmp_path / "fight.pdf"
    write_pdf([SolConflict()], record, PaperSize.A4)
    with pytest.raises(SheetReadError, match="holds no Sword of Life character sheet"):
        read_sheets(record)
    pdf = tmp_path / "sheet.pdf"
    write_pdf([pilot()], pdf, PaperSize.A4)
    broken = fill(pdf, tmp_path / "broken.pdf", {"sol1_data": "{not json"})
    out = tmp_path / "back.sol"
    assert "sheet 1 lost its saved copy" in refused(seforge("import", broken, "-o", out), out)


def test_the_system_reads_the_sheets_it_prints() -> None:
    reader = registry().get("sword-of-life").sheet_reader
    assert reader is not None
    assert reader.subjects == (SUBJECT,)
    assert reader.formats == ("sword-of-life.character",)
    import re

    assert re.fullmatch(reader.field_name, "sol12_data")
    for other in ("b1_data", "c1_data", "attr_Agility", "sol1_name"):
        assert not re.fullmatch(reader.field_name, other)
