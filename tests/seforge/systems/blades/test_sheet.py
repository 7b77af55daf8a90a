"""The printed sheets read as a PDF: their text, fonts (embedded, nothing below 7 pt),
fields, pages that continue long text, and a filled sheet read back."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from seforge.core.pdf.geometry import PaperSize
from seforge.systems.blades import creation, play
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.models import Crew, Scoundrel
from seforge.systems.blades.sheet import render
from seforge.systems.blades.sheet_form import SheetReadError, read_sheets


def cutter() -> Scoundrel:
    sc = Scoundrel(name="Silas Blackwood", look="scarred", heritage="Skovlan",
                   heritage_detail="refugees", background="Military",
                   background_detail="deserter", vice="Stupor", vice_purveyor="the Pits")
    creation.set_playbook(sc, "Cutter")
    creation.add_ability(sc, "Battleborn")
    creation.set_contact(sc, "friend", "Marlane")
    creation.set_contact(sc, "rival", "Mercy")
    play.set_load(sc, 5)
    play.carry(sc, "Fine hand weapon")
    play.carry(sc, "Armor")
    play.take_stress(sc, 3)
    play.add_harm(sc, 2, "Cut to the ribs")
    return sc


def spider_crew() -> Crew:
    crew = Crew(name="The Lampblacks", lair="an old bell foundry")
    crew_rules.set_crew_type(crew, "Shadows")
    crew_rules.add_crew_ability(crew, "Everyone Steals")
    crew_rules.mark_upgrade(crew, "Thief Rigging")
    crew_rules.add_faction(crew, "Bluecoats", 3, -1)
    crew_rules.add_clock(crew, "Alarm", 6)
    crew_rules.tick(crew, "Alarm", 2)
    crew_rules.add_clock(crew, "Lockdown", 4)
    crew_rules.link(crew, "linked", "Alarm", "Lockdown")
    crew_rules.hold_claim(crew, 1, True)
    return crew


def _pdf(tmp_path: Path, *documents: Scoundrel | Crew) -> Path:
    path = tmp_path / "sheets.pdf"
    path.write_bytes(render(list(documents))[0])
    return path


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def test_the_scoundrel_sheet_holds_what_a_player_needs(tmp_path: Path) -> None:
    path = _pdf(tmp_path, cutter())
    text = _text(path)
    for expected in ("Silas Blackwood", "Cutter", "Fine hand weapon", "Armor", "Battleborn",
                     "violence or coercion", "Healing clock", "Stash", "Cut to the ribs",
                     "Marlane", "beliefs, drives", "Scary weapon or tool", "Load 5"):
        assert expected in text, expected
    fields = PdfReader(str(path)).get_fields() or {}
    assert fields["b1_name"]["/V"] == "Silas Blackwood"
    assert fields["b1_stress_3"]["/V"] == "/Yes" and fields["b1_stress_4"]["/V"] == "/Off"
    assert any(k.startswith("b1_item_") and v["/V"] == "/Yes" for k, v in fields.items())


def test_the_crew_sheet_holds_upgrades_claims_ladder_and_clocks(tmp_path: Path) -> None:
    path = _pdf(tmp_path, spider_crew())
    text = _text(path)
    for expected in ("The Lampblacks", "Shadows", "Thief Rigging", "Hidden Lair",
                     "Everyone Steals", "Lair", "Loyal Fence", "Bluecoats", "Alarm 2/6",
                     "Heat", "Wanted", "Crew XP", "Fitz",
                     "Lockdown waits for Alarm to fill (linked)"):
        assert expected in text, expected


def test_long_text_continues_on_further_pages(tmp_path: Path) -> None:
    sc = cutter()
    sc.notes = "\n".join(f"Note line {i}: a long thought about the score." for i in range(300))
    path = _pdf(tmp_path, sc)
    reader = PdfReader(str(path))
    assert len(reader.pages) >= 4
    text = _text(path)
    assert "Note line 0:" in text and "Note line 299:" in text


def test_fonts_are_embedded_and_nothing_is_below_seven_points(tmp_path: Path) -> None:
    path = _pdf(tmp_path, cutter(), spider_crew())
    reader = PdfReader(str(path))
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            descendant = font.get("/DescendantFonts")
            descriptor = (descendant[0].get_object() if descendant else font).get(
                "/FontDescriptor")
            assert descriptor is not None and "/FontFile2" in descriptor.get_object(), font
        content = page.get_contents().get_data().decode("latin-1")
        sizes = [float(m) for m in re.findall(r"/F\d+\+?\d* ([\d.]+) Tf", content)]
        assert sizes and min(sizes) >= 7.0, min(sizes)


def test_a_filled_sheet_reads_back(tmp_path: Path) -> None:
    sc, crew = cutter(), spider_crew()
    path = _pdf(tmp_path, sc, crew)
    assert read_sheets(path) == [sc, crew]  # untouched: exactly what was printed
    writer = PdfWriter(clone_from=str(path))
    writer.update_page_form_field_values(writer.pages[0], {"b1_name": "Silas the Red"},
                                         auto_regenerate=False)
    for page in writer.pages:
        for annot in page.get("/Annots", []):
            widget = annot.get_object()
            if widget.get("/T") == "b1_stress_5":
                from pypdf.generic import NameObject

                widget[NameObject("/V")] = NameObject("/Yes")
    filled = tmp_path / "filled.pdf"
    with filled.open("wb") as out:
        writer.write(out)
    back = read_sheets(filled)
    assert back[0].name == "Silas the Red" and back[0].stress == 4
    assert back[1] == crew
    (tmp_path / "not.pdf").write_bytes(b"hello")
    with pytest.raises(SheetReadError, match=r"not\.pdf"):
        read_sheets(tmp_path / "not.pdf")


def _page_words(path: Path, page: int) -> list[str]:
    return PdfReader(str(path)).pages[page].extract_text().split()


@pytest.mark.parametrize(("crew_type", "paper", "claim"), [
    ("Bravos", PaperSize.LETTER, "Bluecoat Confederates"),
    ("Bravos", PaperSize.A4, "Bluecoat Confederates"),
    ("Shadows", PaperSize.A4, "Interrogation Chamber"),
])
def test_the_claims_map_prints_each_name_whole(tmp_path: Path, crew_type: str,
                                               paper: PaperSize, claim: str) -> None:
    """Play session: page 1 of a Bravos crew printed "Bluecoat Confedera…" (the word wider
    than its cell at 7 pt; the full name only on page 2), and on A4 a Shadows crew's
    "Interrogatio / n Chamber". Every word of every claim is whole on the map, in the
    real PDF's text, and nothing is listed as cut short."""
    crew = Crew(name="The Red Sashes")
    crew_rules.set_crew_type(crew, crew_type)
    assert claim in [c.name for c in crew.claims]
    path = tmp_path / "crew.pdf"
    path.write_bytes(render([crew], paper)[0])
    words = _page_words(path, 0)
    for name in (c.name for c in crew.claims):
        for word in name.split():
            assert word in words, (name, word)
    assert not [w for w in words if "\u2026" in w], "a claim was shortened"
    assert "Claim:" not in _text(path)


def test_a_claim_too_long_for_its_cell_takes_a_third_line_or_is_given_in_full(
        tmp_path: Path) -> None:
    """A name of many words takes a third line (every cell grows to hold it); only a word
    wider than the cell even in the condensed face is shortened, and then it is given in
    full on the next page."""
    crew = Crew(name="The Red Sashes")
    crew_rules.set_crew_type(crew, "Bravos")
    crew_rules.add_claim(crew, "Bluecoat Confederates of the Watch", False)
    crew_rules.add_claim(crew, "Supercalifragilisticexpialidocious den", False)
    crew.claims = crew.claims[-2:] + crew.claims[:-2]
    path = tmp_path / "crew.pdf"
    path.write_bytes(render([crew], PaperSize.A4)[0])
    words = _page_words(path, 0)
    for word in ("Bluecoat", "Confederates", "of", "the", "Watch"):
        assert word in words
    assert "Supercalifragilisticexpialidocious" not in words
    assert "Claim: Supercalifragilisticexpialidocious den" in _text(path)
    assert "Claim: Bluecoat Confederates of the Watch" not in _text(path)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm not installed")
def test_pages_render(tmp_path: Path) -> None:
    path = _pdf(tmp_path, cutter(), spider_crew())
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(path), str(tmp_path / "page")],
                   check=True, capture_output=True)
    assert len(list(tmp_path.glob("page*.png"))) == len(PdfReader(io.BytesIO(
        path.read_bytes())).pages)
