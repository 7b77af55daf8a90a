"""The 2d20 player sheet read as a PDF (text, fonts, sizes, fields, a rendered page) and read
back after its fields are filled in with pypdf (issue 32)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject

from seforge.core.pdf.geometry import PaperSize
from seforge.systems.twod20.cards import render_cards
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.editing import add_harm
from seforge.systems.twod20.models import Character, HarmKind, new_character
from seforge.systems.twod20.player_sheet import (
    SheetReadError,
    export_player_sheet,
    harm_boxes,
    read_player_sheet,
    render_player_sheet,
)
from seforge.systems.twod20.profiles import Profile

RESOURCES = Path(__file__).parents[4] / "resources" / "systems" / "twod20"
THAK = RESOURCES / "thak-the-reaver.s2d20"
ILSE = RESOURCES / "ilse-varga.s2d20"
BOTH = pytest.mark.parametrize("paper", list(PaperSize))


def sizes_and_fonts(page: Any) -> tuple[list[float], set[str], str]:
    sizes: list[float] = []
    fonts: set[str] = set()
    texts: list[str] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if not text.strip():
            return
        sizes.append(size * tm[0] * cm[0])
        fonts.add(str(font.get("/BaseFont", "")) if font else "")
        texts.append(text)

    page.extract_text(visitor_text=visit)
    return sizes, fonts, " ".join(" ".join(texts).split())


@BOTH
@pytest.mark.parametrize("record", [THAK, ILSE])
def test_one_page_embedded_fonts_nothing_under_7pt_nothing_lost(record: Path,
                                                                 paper: PaperSize) -> None:
    character = CHARACTER_KIND.load(record)
    reader = PdfReader(io.BytesIO(render_player_sheet(character, paper)))
    assert len(reader.pages) == 1
    sizes, fonts, text = sizes_and_fonts(reader.pages[0])
    assert min(sizes) >= 7 - 1e-6
    assert fonts and all("DejaVu" in font for font in fonts)
    for part in (character.name, *(s.name for s in character.skills),
                 *(w.name for w in character.weapons), *(w.qualities for w in character.weapons),
                 character.talents.strip(), character.gear.strip()):
        assert " ".join(part.split()) in text, part
    fields = reader.get_fields() or {}
    last = f"trauma_{harm_boxes(character.settings)}"      # the Harm limit's boxes
    assert {"name", "fortune", "data", "talents", "attack_1_qualities", "wound_1",
            last} <= set(fields)
    if character.profile is Profile.CONAN:
        assert {"vigor", "resolve", "renown"} <= set(fields)
        assert "Agility" in text and "TN 14" in text        # skills tied to attributes
    else:
        assert "stress" in fields and "skill_1_focuses" in fields


def test_long_texts_stay_in_the_fields() -> None:
    character = new_character(Profile.CONAN, name="Valeria of the Red Brotherhood " * 3)
    character = character.model_copy(update={"talents": "Steely glare. " * 200})
    reader = PdfReader(io.BytesIO(render_player_sheet(character, PaperSize.A4)))
    sizes, _fonts, _text = sizes_and_fonts(reader.pages[0])
    assert min(sizes) >= 7 - 1e-6
    fields = reader.get_fields() or {}
    assert fields["talents"]["/V"] == character.talents
    assert read_player_sheet_bytes(render_player_sheet(character, PaperSize.A4)).talents == \
        character.talents


def read_player_sheet_bytes(data: bytes) -> Character:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(data)
        return read_player_sheet(path).character


def test_the_page_renders(tmp_path: Path) -> None:
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed")
    out = tmp_path / "thak.pdf"
    export_player_sheet(THAK, out, PaperSize.LETTER)
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(out), str(tmp_path / "p")],
                   check=True, capture_output=True)
    assert len(list(tmp_path.glob("p*.png"))) == 1


def fill(source: Path, out: Path, values: dict[str, str], checks: dict[str, bool]) -> None:
    writer = PdfWriter(clone_from=source)
    writer.set_need_appearances_writer(True)
    writer.update_page_form_field_values(writer.pages[0], values, auto_regenerate=False)
    for annotation in writer.pages[0].get("/Annots", []):
        widget = annotation.get_object()
        name = widget.get("/T")
        if name in checks:
            state = NameObject("/Yes" if checks[name] else "/Off")
            widget[NameObject("/V")] = state
            widget[NameObject("/AS")] = state
    with out.open("wb") as handle:
        writer.write(handle)


def test_a_filled_sheet_reads_back_into_the_record(tmp_path: Path) -> None:
    thak = CHARACTER_KIND.load(THAK)
    add_harm(thak, HarmKind.WOUND, "Gashed arm")
    sheet = tmp_path / "thak.pdf"
    sheet.write_bytes(render_player_sheet(thak, PaperSize.A4))
    filled = tmp_path / "filled.pdf"
    fill(sheet, filled, {
        "name": "Thak the Unbowed", "attr_Agility": "11", "vigor": "9", "resolve": "eleven",
        "fortune": "2", "skill_13_rating": "4", "attack_3_name": "Dagger",
        "attack_3_dice": "3", "attack_3_kind": "Melee", "attack_3_qualities": "Hidden 1",
        "talents": "No Mercy", "attack_2_kind": "thrown",
    }, {"wound_2": True, "wound_3": True, "trauma_1": True})
    read = read_player_sheet(filled)
    back = read.character
    assert back.name == "Thak the Unbowed" and back.attributes["Agility"] == 11
    assert back.fortune == 2 and back.talents == "No Mercy"
    assert back.skills[12].rating == 4
    assert back.vigor_lost == 14 - 9                   # 9 Vigor left of 14
    assert back.resolve_lost == thak.resolve_lost      # "eleven": kept, and noted
    assert any("Resolve" in note and "eleven" in note for note in read.notes)
    assert any("thrown" in note for note in read.notes)
    wounds = [h for h in back.harms if h.kind is HarmKind.WOUND]
    assert len(wounds) == 3 and wounds[0].name == "Gashed arm"   # the first one kept
    assert sum(h.kind is HarmKind.TRAUMA for h in back.harms) == 1
    assert [w.name for w in back.weapons] == ["Broadsword", "Bellow", "Dagger"]
    assert back.weapons[2].kind == "melee" and back.weapons[2].dice == 3
    assert back.settings == thak.settings and back.profile is Profile.CONAN
    # an unchanged sheet gives the record back as it was
    assert read_player_sheet(sheet).character == thak


def test_a_pdf_that_is_not_a_player_sheet_is_refused(tmp_path: Path) -> None:
    cards = tmp_path / "cards.pdf"
    cards.write_bytes(render_cards([CHARACTER_KIND.load(THAK)])[0])
    with pytest.raises(SheetReadError, match="not a 2d20 player sheet"):
        read_player_sheet(cards)
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"not a pdf at all")
    with pytest.raises(SheetReadError, match="cannot read"):
        read_player_sheet(junk)
