"""Fields in a reader (issue 27): a name typed in Hebrew or Arabic into the Sword's Edge
sheet shows in poppler (the form's embedded Unicode font, on white) and imports back."""

from __future__ import annotations

from pathlib import Path

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.sheet import PaperSize, render_sheets
from seforge.systems.swords_edge.sheet.readback import read_sheet
from tests.seforge.core.pdf.corpus import assert_typed_values_show, needs_poppler

pytestmark = needs_poppler


def test_hebrew_and_arabic_typed_in_a_reader_show_and_import(tmp_path: Path) -> None:
    data, _pages = render_sheets([library.load_pc("tella-of-jost")], PaperSize.A4)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(data)
    typed = {"c1_name": "עבד אל-לה", "c1_concept_name": "عبد الله مُحَمَّدٌ"}
    filled = assert_typed_values_show(pdf, typed, tmp_path)
    character = read_sheet(filled).character
    assert character.name == typed["c1_name"]
    assert character.concept.name == typed["c1_concept_name"]
