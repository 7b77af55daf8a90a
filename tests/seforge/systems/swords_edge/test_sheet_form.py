"""Fill-in fields on sheets and reading a sheet back (issue 14, item 4)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject

from seforge.cli import main
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character, save_character
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet import PaperSize, render_blank, render_sheets
from seforge.systems.swords_edge.sheet.readback import SheetReadError, read_sheet
from tests.seforge.systems.swords_edge.test_sheet import sarah_x, stress_case


def _pcs() -> list[Character]:
    return [library.load_pc(e.id) for e in library.list_entries("pc")]


def _fields(data: bytes) -> dict[str, object]:
    return {k: v.get("/V") for k, v in (PdfReader(io.BytesIO(data)).get_fields() or {}).items()}


def _fill(data: bytes, values: dict[str, str], checks: dict[str, bool], out: Path) -> Path:
    """Fill fields the way a PDF reader does: set /V (and /AS for checkboxes)."""
    writer = PdfWriter(clone_from=io.BytesIO(data))
    for page in writer.pages:
        for annot in page.get("/Annots", []):
            widget = annot.get_object()
            name = str(widget.get("/T"))
            if name in values:
                writer.update_page_form_field_values(page, {name: values[name]},
                                                     auto_regenerate=False)
            if name in checks:
                state = NameObject("/Yes" if checks[name] else "/Off")
                widget[NameObject("/V")] = state
                widget[NameObject("/AS")] = state
    writer.write(out)
    return out


@pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])
def test_blank_sheet_has_every_field(paper: PaperSize) -> None:
    data, _pages = render_blank(paper, copies=2)
    fields = _fields(data)
    for key in ("name", "player", "campaign", "genre", "concept_name", "concept_rank",
                "background_name", "background_rank", "faculty_name", "faculty_rank",
                "faculty_trait", "physique_rank", "charisma_rank", "cunning_rank",
                "element_1_name", "element_1_rank", "element_1_trait", "element_1_note",
                "pivot_goal", "pivot_quirk", "pivot_style", "notes", "luck_1", "luck_10",
                "advancement_10", "physique_penalty_7", "cunning_penalty_1"):
        assert f"c1_{key}" in fields and f"c2_{key}" in fields, key
    reader = PdfReader(io.BytesIO(data))
    kinds = {str(v.get("/FT")) for v in (reader.get_fields() or {}).values()}
    assert kinds == {"/Tx", "/Ch", "/Btn"}
    assert fields["c1_luck_1"] == "/Off" and fields["c1_name"] == ""


def test_exported_sheet_fields_hold_the_character() -> None:
    tella = library.load_pc("tella-of-jost")
    tella.play.luck = 3
    tella.play.penalty_ranks = {Trait.CHARISMA: 2}
    fields = _fields(render_sheets([tella, sarah_x()])[0])
    # the boxes are ticked as hers are; the other fields start empty over the
    # printed values (so no reader draws a value twice); the hidden field keeps all
    assert fields["c1_luck_3"] == "/Yes" and fields["c1_luck_4"] == "/Off"
    assert fields["c1_charisma_penalty_2"] == "/Yes"
    for key in ("name", "concept_rank", "element_1_name", "element_1_kind", "notes"):
        assert fields[f"c1_{key}"] == "" and f"c2_{key}" in fields
    saved = json.loads(str(fields["c1_data"]))
    assert saved["name"] == "Tella of Jost" and saved["play"]["luck"] == 3
    assert json.loads(str(fields["c2_data"]))["name"] == "Sarah X"


def test_round_trip_gives_back_every_book_pc(tmp_path: Path) -> None:
    pcs = _pcs()
    assert len(pcs) == 23
    for pc in pcs:
        pdf = tmp_path / "pc.pdf"
        pdf.write_bytes(render_sheets([pc])[0])
        result = read_sheet(pdf)
        assert result.from_saved_data and result.changed == [], pc.name
        assert result.character.model_dump() == pc.model_dump(), pc.name


def test_round_trip_of_a_party_and_the_stress_case(tmp_path: Path) -> None:
    party = [stress_case(), *_pcs()[:5]]
    party[0].play.luck = 14  # past the ten boxes: kept
    pdf = tmp_path / "party.pdf"
    pdf.write_bytes(render_sheets(party)[0])
    for number, character in enumerate(party, start=1):
        result = read_sheet(pdf, number)
        assert result.character.model_dump() == character.model_dump()
        assert result.characters_in_file == 6


def test_edits_made_in_a_reader_are_read_back(tmp_path: Path) -> None:
    sarah = sarah_x()
    sarah.play.luck = 2
    data = render_sheets([sarah])[0]
    pdf = _fill(data, {"c1_name": "Sarah Xavier", "c1_concept_rank": "Legendary",
                       "c1_element_2_name": "Quick Draw", "c1_element_2_rank": "Great",
                       "c1_element_2_trait": "Physique", "c1_pivot_goal": "-",
                       "c1_notes": "Wanted in three counties."},
                {"c1_luck_3": True, "c1_physique_penalty_1": True}, tmp_path / "f.pdf")
    result = read_sheet(pdf)
    ch = result.character
    assert ch.name == "Sarah Xavier" and ch.concept.rank is Rank.LEGENDARY
    assert [e.name for e in ch.elements] == ["Sharp Eyes", "Quick Draw"]
    assert ch.elements[1].trait is Trait.PHYSIQUE and ch.elements[1].rank is Rank.GREAT
    assert ch.pivots.goal is None and ch.pivots.style == "Stoic"
    assert ch.notes == "Wanted in three counties."
    assert ch.play.luck == 3 and ch.play.penalty_ranks == {Trait.PHYSIQUE: 1}
    assert ch.background == sarah.background  # untouched fields keep their values
    removed = _fill(data, {"c1_element_1_name": "-", "c1_player": "\u2014"}, {},
                    tmp_path / "g.pdf")
    ch = read_sheet(removed).character
    assert ch.elements == [] and ch.player == ""  # a lone dash clears a value


def test_a_blank_sheet_filled_by_hand_imports_with_its_problems(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = render_blank()[0]
    pdf = _fill(data, {"c1_name": "Hand-made Hero", "c1_concept_name": "Sky Pirate",
                       "c1_concept_rank": "Great", "c1_faculty_name": "Rigging",
                       "c1_faculty_trait": "Physique", "c1_physique_rank": "Mythic?",
                       "c1_element_1_name": "Cutlass", "c1_element_1_rank": "Good"},
                {"c1_luck_1": True}, tmp_path / "hand.pdf")
    out = tmp_path / "hand.sechar"
    assert main(["import", str(pdf), "-o", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["from_saved_data"] is False
    assert any("not a Rank" in n for n in report["notes"])
    assert report["check"]["problems"]  # no Background, too few Ranks spent, ...
    ch = load_character(out)
    assert ch.name == "Hand-made Hero" and ch.concept.name == "Sky Pirate"
    assert ch.faculty.trait is Trait.PHYSIQUE and ch.elements[0].name == "Cutlass"
    assert ch.play.luck == 1


def test_cli_import_round_trip_and_errors(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "sarah.sechar"
    save_character(sarah_x(), source)
    pdf = tmp_path / "sarah.pdf"
    assert main(["export", str(source), "-o", str(pdf), "--paper", "a4"]) == 0
    out = tmp_path / "back.sechar"
    assert main(["import", str(pdf), "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Sarah X, read from the sheet's saved character" in text
    assert load_character(out) == load_character(source)
    not_pdf = tmp_path / "x.pdf"
    not_pdf.write_text("hello")
    assert main(["import", str(not_pdf), "-o", str(tmp_path / "y.sechar")]) == 2
    assert "not a readable PDF" in capsys.readouterr().err
    plain = tmp_path / "plain.pdf"
    from reportlab.pdfgen.canvas import Canvas
    canvas = Canvas(str(plain))
    canvas.drawString(10, 10, "no form")
    canvas.save()
    assert main(["import", str(plain), "-o", str(tmp_path / "z.sechar")]) == 2
    assert "no SEForge sheet fields" in capsys.readouterr().err
    assert not (tmp_path / "z.sechar").exists()
    with pytest.raises(SheetReadError):
        read_sheet(pdf, 2)


def test_clean_tracks_print_empty_boxes_and_still_round_trip(tmp_path: Path) -> None:
    from seforge.systems.swords_edge.sheet import SheetOptions

    tella = library.load_pc("tella-of-jost")
    tella.play.luck = 4
    tella.play.penalty_ranks = {Trait.CUNNING: 3}
    data = render_sheets([tella], options=SheetOptions(clean_tracks=True))[0]
    fields = _fields(data)
    assert fields["c1_luck_1"] == "/Off" and fields["c1_cunning_penalty_1"] == "/Off"
    pdf = tmp_path / "clean.pdf"
    pdf.write_bytes(data)
    assert read_sheet(pdf).character.model_dump() == tella.model_dump()
    filled = _fill(data, {}, {"c1_luck_1": True, "c1_luck_2": True}, tmp_path / "f.pdf")
    assert read_sheet(filled).character.play.luck == 2  # pencilled in on screen


def test_blank_sheets_with_reference_pages(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    data, pages = render_blank(PaperSize.LETTER, copies=2, reference=True)
    reader = PdfReader(io.BytesIO(data))
    assert pages == len(reader.pages) == 4
    assert "WHO ARE YOU?" in reader.pages[2].extract_text()
    assert "RECOVERY" in reader.pages[3].extract_text()
    out = tmp_path / "blank.pdf"
    assert main(["export", "--blank", "--reference", "-o", str(out)]) == 0
    assert "2 page(s)" in capsys.readouterr().out


def test_cli_import_never_writes_over_the_sheet(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(render_sheets([sarah_x()])[0])
    before = pdf.read_bytes()
    assert main(["import", str(pdf), "-o", str(pdf)]) == 2
    assert "is the sheet itself" in capsys.readouterr().err
    assert pdf.read_bytes() == before
