"""The Sword of Life sheet's "in career" boxes (each specialty's, each listed skill's) and its
blank rows for skills learnt in play: in the real PDF's fields and on the rendered page, back
through ``seforge import`` (a filled row a new skill, a blank one passed over), and bad input
in them refused in one line with nothing written."""

from __future__ import annotations

import subprocess
from itertools import pairwise
from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.core.pdf.geometry import PaperSize
from seforge.systems.sword_of_life.character import Skill, SolCharacter, Specialty
from seforge.systems.sword_of_life.documents import CHARACTER
from seforge.systems.sword_of_life.sheet import write_pdf
from seforge.systems.sword_of_life.sheet_form import NEW_SKILL_ROWS, read_sheets
from tests.seforge.core.pdf.corpus import (
    assert_no_overlap,
    assert_typed_values_show,
    needs_poppler,
    words,
)
from tests.seforge.systems.sword_of_life.test_sheet_form import fill, pilot, refused, seforge

ON, OFF = "/Yes", "/Off"


def mixed() -> SolCharacter:
    """The pilot with a specialty outside her career and a second skill, in it."""
    character = pilot()
    character.specialties["temper"] = [Specialty(name="alien understanding",
                                                 in_career=False)]
    character.skills.append(Skill(name="Squadron tactics", characteristic="point"))
    return character


def widgets(pdf: Path, page: int = 0) -> dict[str, tuple[float, float, float, float]]:
    """Each widget's name and rectangle on the page (the hidden copy left out)."""
    found: dict[str, tuple[float, float, float, float]] = {}
    for annotation in PdfReader(pdf).pages[page].get("/Annots", []):
        widget = annotation.get_object()
        x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
        if x1 > x0:
            found[str(widget["/T"])] = (x0, y0, x1, y1)
    return found


@pytest.mark.parametrize("paper", list(PaperSize))
def test_the_boxes_and_the_blank_rows_are_fields_of_the_sheet(tmp_path: Path,
                                                              paper: PaperSize) -> None:
    character = mixed()
    pdf = tmp_path / "sheet.pdf"
    write_pdf([character], pdf, paper)
    fields = {name: str(field.get("/V"))
              for name, field in (PdfReader(pdf).get_fields() or {}).items()}
    assert [fields[f"sol1_{key}_specialty_in_career"]
            for key in ("edge", "grip", "point", "temper")] == [ON, ON, ON, OFF]
    # (no Grip specialty yet: its box crossed, as the builder offers a new one)
    assert fields["sol1_skill_1_in_career"] == OFF and fields["sol1_skill_2_in_career"] == ON
    blank = range(3, 3 + NEW_SKILL_ROWS)
    for number in blank:
        assert fields[f"sol1_skill_{number}_name"] == ""
        assert fields[f"sol1_skill_{number}_characteristic"] == ""
        assert fields[f"sol1_skill_{number}_in_career"] == OFF
    assert f"sol1_skill_{3 + NEW_SKILL_ROWS}_name" not in fields
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "In career" in text and text.count("in career") >= 4
    # no two fields lie over each other
    rects = sorted(widgets(pdf).items(), key=lambda item: item[1][0])
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1:]:
            across = min(ra[2], rb[2]) - max(ra[0], rb[0])
            down = min(ra[3], rb[3]) - max(ra[1], rb[1])
            assert across <= 0.01 or down <= 0.01, (a, ra, b, rb)


@needs_poppler
@pytest.mark.parametrize("paper", list(PaperSize))
def test_the_rendered_page_keeps_rows_aligned_and_nothing_overlaps(
        tmp_path: Path, paper: PaperSize) -> None:
    """Each listed skill's box is level with its row's words; the blank rows sit in the
    ratings' table under the last listed skill, above the untrained note; every box is
    drawn (and crossed when in the career) on the page poppler renders."""
    character = mixed()
    pdf = tmp_path / "sheet.pdf"
    write_pdf([character], pdf, paper)
    pages, found = words(pdf)
    first = [w for w in found if w.page == 1]
    assert_no_overlap(first)
    height = pages[0][1]
    boxes = widgets(pdf)
    for number, first_word in ((1, "Zero-g"), (2, "Squadron")):
        word = next(w for w in first if w.text == first_word)
        x0, y0, x1, y1 = boxes[f"sol1_skill_{number}_in_career"]
        top, bottom = height - y1, height - y0   # poppler's top-left origin
        middle = (word.y0 + word.y1) / 2
        assert top < middle < bottom, (first_word, word, top, bottom)
        name = boxes[f"sol1_skill_{number}_name"]
        assert abs((height - name[3]) - (top - 2.8)) < 6  # the same row
    squadron = next(w for w in first if w.text == "Squadron")
    untrained = next(w for w in first if w.text == "UNTRAINED")
    rows = [boxes[f"sol1_skill_{n}_name"] for n in range(3, 3 + NEW_SKILL_ROWS)]
    tops = [height - r[3] for r in rows]
    assert tops == sorted(tops) and tops[0] >= squadron.y1 - 1
    assert height - rows[-1][1] < untrained.y0
    assert all(abs(b - a - 14) < 0.01 for a, b in pairwise(tops))
    # drawn: every box's edge is inked; a crossed one has its middle inked too
    png = tmp_path / "page"
    dpi = 144
    subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", str(pdf),
                    str(png)], check=True, timeout=120)
    data = (tmp_path / "page-1.pgm").read_bytes()
    parts = data.split(maxsplit=4)
    width, rows_px = int(parts[1]), int(parts[2])
    pixels = parts[4][-width * rows_px:]
    scale = dpi / 72

    def ink(x: float, y: float) -> bool:
        """Whether the page is drawn on around point (x, y), in PDF coordinates."""
        col, row = int(x * scale), int((height - y) * scale)
        return any(pixels[(row + dy) * width + col + dx] < 235
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    expected = {"sol1_skill_1_in_career": False, "sol1_skill_2_in_career": True,
                "sol1_temper_specialty_in_career": False,
                "sol1_edge_specialty_in_career": True,
                **{f"sol1_skill_{n}_in_career": False for n in range(3, 3 + NEW_SKILL_ROWS)}}
    for box, crossed in expected.items():
        x0, y0, x1, y1 = boxes[box]
        assert ink(x0 + 0.5, (y0 + y1) / 2) and ink((x0 + x1) / 2, y1 - 0.5), box
        assert ink((x0 + x1) / 2, (y0 + y1) / 2) == crossed, box


def test_an_exported_sheet_with_the_new_boxes_imports_as_the_same_character(
        tmp_path: Path) -> None:
    """Export and import through the real commands: the flags come back as they were, the
    blank rows add nothing; a skill list long enough to go on to a second page too."""
    long = mixed()
    long.skills += [Skill(name=f"Drill {n}", characteristic="grip", in_career=n % 2 == 0)
                    for n in range(24)]
    for number, character in enumerate((mixed(), long)):
        source = tmp_path / f"c{number}.sol"
        CHARACTER.save(character, source)
        pdf = tmp_path / f"c{number}.pdf"
        exported = seforge("export", source, "-o", pdf, "--paper", "letter")
        assert exported.returncode == 0, exported.stderr
        out = tmp_path / f"back{number}.sol"
        result = seforge("import", pdf, "-o", out)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        assert CHARACTER.load(out) == CHARACTER.load(source)


def test_boxes_and_rows_filled_in_a_pdf_reader_come_back(tmp_path: Path) -> None:
    character = mixed()
    pdf = tmp_path / "sheet.pdf"
    write_pdf([character], pdf, PaperSize.A4)
    filled = fill(pdf, tmp_path / "filled.pdf", {
        "sol1_grip_specialty": "tough to kill",          # new, its box left crossed
        "sol1_skill_3_name": " Orbital mechanics ", "sol1_skill_3_characteristic": "point",
        "sol1_skill_5_name": "Bar brawling", "sol1_skill_5_characteristic": "Edge",
    }, {
        "sol1_temper_specialty_in_career": True, "sol1_point_specialty_in_career": False,
        "sol1_skill_1_in_career": True, "sol1_skill_2_in_career": False,
        "sol1_skill_3_in_career": True,                   # row 4 left blank
    })
    out = tmp_path / "back.sol"
    result = seforge("import", filled, "-o", out)
    assert result.returncode == 0, result.stderr
    back = CHARACTER.load(out)
    assert back.specialty("grip") == Specialty(name="tough to kill", in_career=True)
    assert back.specialty("temper") == Specialty(name="alien understanding", in_career=True)
    assert back.specialty("point") == Specialty(name="starship navigation", in_career=False)
    assert back.specialty("edge") == character.specialty("edge")
    assert back.skills == [
        character.skills[0].model_copy(update={"in_career": True}),
        character.skills[1].model_copy(update={"in_career": False}),
        Skill(name="Orbital mechanics", characteristic="point", in_career=True),
        Skill(name="Bar brawling", characteristic="edge", in_career=False),
    ]
    assert back.model_copy(update={"specialties": character.specialties,
                                   "skills": character.skills}) == character
    # a new specialty whose box was cleared is outside the career
    cleared = fill(pdf, tmp_path / "cleared.pdf", {"sol1_grip_specialty": "tough to kill"},
                   {"sol1_grip_specialty_in_career": False})
    assert read_sheets(cleared)[0].specialty("grip") == Specialty(name="tough to kill",
                                                                   in_career=False)


@needs_poppler
def test_a_value_typed_in_a_blank_row_shows(tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    write_pdf([mixed()], pdf, PaperSize.A4)
    assert_typed_values_show(pdf, {"sol1_skill_3_name": "Orbital mechanics",
                                   "sol1_skill_3_characteristic": "Point"}, tmp_path)


@pytest.mark.parametrize(("values", "checks", "words"), [
    ({"sol1_skill_4_characteristic": "Edge"}, {},
     "field 'Skill 4': a skill needs a name"),
    ({}, {"sol1_skill_3_in_career": True}, "field 'Skill 3': a skill needs a name"),
    ({"sol1_skill_3_name": "Orbital mechanics"}, {},
     "field 'Skill 3 characteristic': '' is not one of Edge, Grip, Point, Temper"),
    ({"sol1_skill_3_name": "Orbital mechanics", "sol1_skill_3_characteristic": "Wits"}, {},
     "field 'Skill 3 characteristic': 'Wits' is not one of Edge, Grip, Point, Temper"),
    ({"sol1_skill_5_name": "N" * 5_000_000, "sol1_skill_5_characteristic": "Grip"}, {},
     "field 'Skill 5 name': is 5,000,000 characters long"),
    # skill 1 struck off: a new row's field keeps its number on the sheet
    ({"sol1_skill_1_name": "", "sol1_skill_4_name": "N" * 5_000_000,
      "sol1_skill_4_characteristic": "Grip"}, {},
     "field 'Skill 4 name': is 5,000,000 characters long"),
])
def test_bad_input_in_a_blank_row_is_refused_in_one_line(
        tmp_path: Path, values: dict[str, str], checks: dict[str, bool], words: str) -> None:
    pdf = tmp_path / "sheet.pdf"
    write_pdf([mixed()], pdf, PaperSize.A4)
    filled = fill(pdf, tmp_path / "filled.pdf", values, checks)
    out = tmp_path / "back.sol"
    line = refused(seforge("import", filled, "-o", out), out)
    assert f"filled.pdf: sheet 1, {words}" in line, line
    assert len(line) < 300
