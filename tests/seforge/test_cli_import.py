"""``seforge import`` routes a sheet PDF to the system that wrote it: 2d20 player sheets
(both profiles) and Blades sheets (scoundrel, crew) are exported, filled with pypdf and
imported in a real process; a wrong suffix and an unknown PDF are refused in one line with
nothing written. (Sword's Edge's import is tested in tests/seforge/systems/swords_edge.)"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject
from reportlab.pdfgen.canvas import Canvas

from seforge.core.resources import resource_path
from seforge.systems import registry
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.models import HarmKind
from seforge.systems.twod20.player_sheet import render_player_sheet
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.records import derived
from tests.seforge.systems.blades.test_sheet import cutter, spider_crew

ROOT = Path(__file__).resolve().parents[2]


def seforge(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "seforge", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def fill(source: Path, out: Path, values: dict[str, str], checks: dict[str, bool]) -> Path:
    """The PDF at ``source`` with text fields and checkboxes set as a PDF reader would."""
    writer = PdfWriter(clone_from=source)
    for page in writer.pages:
        for annotation in page.get("/Annots", []):
            widget = annotation.get_object()
            name = str(widget.get("/T"))
            if name in values:
                widget[NameObject("/V")] = TextStringObject(values[name])
            if name in checks:
                state = NameObject("/Yes" if checks[name] else "/Off")
                widget[NameObject("/V")] = state
                widget[NameObject("/AS")] = state
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


@pytest.mark.parametrize("sample", ["ilse-varga", "thak-the-reaver"])
def test_a_filled_2d20_player_sheet_imports_in_either_profile(tmp_path: Path,
                                                              sample: str) -> None:
    record = CHARACTER_KIND.load(resource_path("systems", "twod20", f"{sample}.s2d20"))
    sheet = tmp_path / "sheet.pdf"
    sheet.write_bytes(render_player_sheet(record, "a4"))
    conan = record.profile is Profile.CONAN
    values = {"name": "Renamed on paper", "fortune": "3"}
    if conan:
        values["vigor"] = "9"
    else:
        values["stress"] = "4"
    filled = fill(sheet, tmp_path / "filled.pdf", values, {"wound_1": True})
    out = tmp_path / "back.s2d20"
    result = seforge("import", filled, "-o", out)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.startswith(f"{out}: Renamed on paper (")
    back = CHARACTER_KIND.load(out)
    assert back.profile is record.profile
    assert back.name == "Renamed on paper" and back.fortune == 3
    wounds = [h for h in back.harms if h.kind is HarmKind.WOUND]
    assert len(wounds) == max(1, sum(h.kind is HarmKind.WOUND for h in record.harms))
    if conan:
        assert derived(back, "vigor") - back.vigor_lost == 9
    else:
        assert back.stress == 4
    # everything the fields did not touch is the record as printed
    untouched = {"name", "fortune", "harms", "stress", "vigor_lost"}
    assert back.model_dump(exclude=untouched) == record.model_dump(exclude=untouched)
    # the JSON report names the kind read and the check
    as_json = seforge("import", sheet, "-o", tmp_path / "again.s2d20", "--json")
    report = json.loads(as_json.stdout)
    assert report["format"] == "2d20.character" and report["profile"] == record.profile.value
    assert "legal" in report["check"]
    assert CHARACTER_KIND.load(tmp_path / "again.s2d20") == record


def test_a_blades_sheet_gives_back_its_scoundrel_and_its_crew(tmp_path: Path) -> None:
    scoundrel, crew = cutter(), spider_crew()
    SCOUNDREL.save(scoundrel, tmp_path / "silas.blades")
    CREW.save(crew, tmp_path / "lampblacks.bladescrew")
    sheets = tmp_path / "sheets.pdf"
    exported = seforge("export", tmp_path / "silas.blades", tmp_path / "lampblacks.bladescrew",
                       "-o", sheets, "--paper", "a4")
    assert exported.returncode == 0, exported.stderr
    filled = fill(sheets, tmp_path / "filled.pdf",
                  {"b1_name": "Silas the Red", "b2_name": "The Lampblack Gang"},
                  {"b1_stress_5": True})
    out = tmp_path / "silas-back.blades"
    result = seforge("import", filled, "-o", out)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.startswith(f"{out}: Silas the Red (Blades in the Dark scoundrel)")
    back = SCOUNDREL.load(out)
    assert back.name == "Silas the Red" and back.stress == 4
    assert back.model_dump(exclude={"name", "stress"}) == scoundrel.model_dump(
        exclude={"name", "stress"})
    crew_out = tmp_path / "crew-back.bladescrew"
    result = seforge("import", filled, "-o", crew_out, "--character", "2", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["format"] == "blades.crew" and report["documents_in_file"] == 2
    assert CREW.load(crew_out) == crew.model_copy(update={"name": "The Lampblack Gang"})
    third = tmp_path / "third.blades"
    assert "no document 3 (2 documents" in refused(
        seforge("import", filled, "-o", third, "--character", "3"), third)


def test_the_output_suffix_must_be_the_kind_read(tmp_path: Path) -> None:
    CREW.save(spider_crew(), tmp_path / "crew.bladescrew")
    sheets = tmp_path / "crew.pdf"
    assert seforge("export", tmp_path / "crew.bladescrew", "-o", sheets).returncode == 0
    wrong = tmp_path / "crew.sechar"
    line = refused(seforge("import", sheets, "-o", wrong), wrong)
    assert "Blades in the Dark crew" in line and "'.bladescrew'" in line
    assert "-o crew.bladescrew" in line
    record = CHARACTER_KIND.load(resource_path("systems", "twod20", "ilse-varga.s2d20"))
    sheet = tmp_path / "ilse.pdf"
    sheet.write_bytes(render_player_sheet(record, "letter"))
    bare = tmp_path / "ilse"
    line = refused(seforge("import", sheet, "-o", bare), bare)
    assert "'.s2d20', not no suffix" in line
    two = tmp_path / "two.s2d20"
    assert "holds one record" in refused(
        seforge("import", sheet, "-o", two, "--character", "2"), two)


def test_an_unknown_pdf_is_refused_in_one_line(tmp_path: Path) -> None:
    plain = tmp_path / "form.pdf"
    canvas = Canvas(str(plain))
    canvas.setSubject("Tax return")
    canvas.acroForm.textfield(name="taxpayer", x=50, y=700, width=200, height=20)
    canvas.showPage()
    canvas.save()
    outs = [tmp_path / "x.sechar", tmp_path / "x.blades", tmp_path / "x.s2d20"]
    for out in outs:
        line = refused(seforge("import", plain, "-o", out), out)
        assert "no SEForge sheet fields" in line and "Blades in the Dark" in line
    # the GM's 2d20 stat cards are no player sheet
    from seforge.systems.twod20.cards import render_cards

    cards = tmp_path / "cards.pdf"
    cards.write_bytes(render_cards([CHARACTER_KIND.load(
        resource_path("systems", "twod20", "thak-the-reaver.s2d20"))])[0])
    refused(seforge("import", cards, "-o", outs[2]), outs[2])


def test_a_sheet_whose_subject_was_dropped_is_known_by_its_fields(tmp_path: Path) -> None:
    CREW.save(spider_crew(), tmp_path / "crew.bladescrew")
    sheets = tmp_path / "crew.pdf"
    assert seforge("export", tmp_path / "crew.bladescrew", "-o", sheets).returncode == 0
    writer = PdfWriter(clone_from=sheets)
    writer.add_metadata({"/Subject": ""})
    stripped = tmp_path / "stripped.pdf"
    writer.write(stripped)
    assert PdfReader(stripped).metadata.subject == ""
    out = tmp_path / "crew.bladescrew"
    out.unlink()
    result = seforge("import", stripped, "-o", out)
    assert result.returncode == 0, result.stderr
    assert CREW.load(out) == spider_crew()


def test_every_sheet_carries_the_subject_its_reader_looks_for(tmp_path: Path) -> None:
    from seforge.systems.blades.sheet import render
    from seforge.systems.sword_of_life.documents import CHARACTER as SOL_CHARACTER
    from seforge.systems.sword_of_life.sheet import write_pdf
    from seforge.systems.swords_edge.sheet import render_blank

    def subject(data: bytes) -> str:
        info = PdfReader(io.BytesIO(data)).metadata
        assert info is not None
        return str(info.subject)

    record = CHARACTER_KIND.load(resource_path("systems", "twod20", "ilse-varga.s2d20"))
    made = {"swords-edge": render_blank()[0], "2d20": render_player_sheet(record),
            "blades": render([cutter()])[0]}
    sol = tmp_path / "sol.pdf"
    write_pdf([SOL_CHARACTER.load(resource_path("systems", "sword_of_life", "library",
                                                "fighter-pilot.sol"))], sol)
    made["sword-of-life"] = sol.read_bytes()
    for system_id, data in made.items():
        reader = registry().get(system_id).sheet_reader
        assert reader is not None and subject(data) in reader.subjects


def test_the_help_lists_the_systems_it_imports() -> None:
    top = seforge("--help").stdout
    verb = seforge("import", "--help").stdout
    for system in registry().load_all()[0]:
        if system.sheet_reader is None:
            continue
        title = system.title
        assert title in " ".join(top.split()) and title in " ".join(verb.split())
    assert ".bladescrew" in verb and ".s2d20" in verb and ".sechar" in verb
    assert "Sword of Life (.sol)" in " ".join(verb.split())
