"""Every script prints, shaped and in order, in embedded fonts (issue 14, item 3)."""

from __future__ import annotations

import io
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from seforge.core.pdf.fonts import Face, is_rtl, runs, string_width, visual
from seforge.systems.swords_edge.cards import render_cards
from seforge.systems.swords_edge.models import Character, Element, NarrativeCharacter, NCQuality
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet import PaperSize, render_sheets
from tests.seforge.systems.swords_edge.test_sheet import stress_case

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None or
                                shutil.which("pdffonts") is None,
                                reason="poppler-utils is not installed")

PHRASES = {
    "arabic": "حارس المدينة القديمة",
    "hebrew": "שומר העיר העתיקה",
    "devanagari": "नमस्ते हिन्दी योद्धा",
    "thai": "ภาษาไทย สวัสดีครับ",
    "korean": "한국어 안녕하세요",
    "japanese": "武士の魂",
}
_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F])


def stress_with_scripts() -> Character:
    """The stress character, with every script the sheet must print."""
    character = stress_case()
    character.concept.name = PHRASES["arabic"]
    character.background.name = PHRASES["hebrew"]
    character.faculty.name = PHRASES["devanagari"]
    character.pivots.goal = PHRASES["thai"]
    character.pivots.quirk = PHRASES["korean"]
    character.pivots.style = "Smiles 😀 a lot \u2615\ufe0f 👍🏽"
    character.notes = "Mixed: Name שלום and مرحبا بالعالم end. " + character.notes
    character.elements = [Element(name="سيف الأجداد", rank=Rank.GOOD),
                          *character.elements]
    return character


def _pdftotext(data: bytes, tmp_path: Path) -> str:
    pdf = tmp_path / "out.pdf"
    pdf.write_bytes(data)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True, timeout=60).stdout
    # the text layer of joined Arabic holds presentation forms: NFKC gives the letters
    return unicodedata.normalize("NFKC", text).translate(_CONTROLS)


def _fonts(data: bytes, tmp_path: Path) -> list[list[str]]:
    pdf = tmp_path / "fonts.pdf"
    pdf.write_bytes(data)
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True,
                         timeout=60).stdout
    return [line.split() for line in out.splitlines()[2:] if line.strip()]


@pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])
def test_every_script_prints_in_logical_order(paper: PaperSize, tmp_path: Path) -> None:
    data, _pages = render_sheets([stress_with_scripts()], paper)
    text = _pdftotext(data, tmp_path)
    flat = " ".join(text.split())
    for script, phrase in PHRASES.items():
        assert phrase in flat, script
    assert PHRASES["arabic"][::-1] not in flat and PHRASES["hebrew"][::-1] not in flat
    assert "سيف الأجداد" in flat and "مرحبا بالعالم" in flat
    # an emoji no font has prints as its name, and copies as what prints
    assert "[grinning face]" in flat and "[thumbs up sign]" in flat
    assert "\ufffd" not in text


def test_arabic_is_joined_and_drawn_right_to_left() -> None:
    data, _pages = render_sheets([stress_with_scripts()])
    raw = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    # what is drawn: Arabic presentation forms (joined letters), in visual order
    assert any(0xFE70 <= ord(ch) <= 0xFEFF for ch in raw)
    assert visual("abc") == "abc" and not is_rtl("abc") and is_rtl(PHRASES["hebrew"])
    assert visual(PHRASES["hebrew"]) == PHRASES["hebrew"][::-1]


def test_every_font_is_embedded(tmp_path: Path) -> None:
    data, _pages = render_sheets([stress_with_scripts()])
    fonts = _fonts(data, tmp_path)
    names = " ".join(row[0] for row in fonts)
    for face in ("DejaVuSans", "NotoSansThai", "NotoSansDevanagari", "SEForgeHangul",
                 "DroidSansFallback"):
        assert face in names, face
    for row in fonts:
        emb, sub = row[-5], row[-4]
        assert (emb, sub) == ("yes", "yes"), row


def test_cards_print_every_script(tmp_path: Path) -> None:
    nc = NarrativeCharacter(name="حارس " + PHRASES["korean"],
                            concept=NCQuality(name=PHRASES["devanagari"], rank=Rank.GOOD),
                            elements=[NCQuality(name=PHRASES["thai"], rank=Rank.GOOD)],
                            notes=PHRASES["hebrew"] + " 😀")
    data, _pages = render_cards([nc])
    flat = " ".join(_pdftotext(data, tmp_path).split())
    for script in ("korean", "devanagari", "thai", "hebrew"):
        assert PHRASES[script] in flat, script
    assert "\ufffd" not in flat and "[grinning face]" in flat
    for row in _fonts(data, tmp_path):
        assert row[-5] == "yes", row


def test_shaped_widths_are_measured_shaped() -> None:
    # a Devanagari conjunct is narrower shaped than its letters side by side
    word = "क्ष"
    fonts = {font for _chunk, font in runs(word, Face.REGULAR)}
    assert fonts == {"SEForge-NotoSansDevanagari"}
    letters = pdfmetrics.stringWidth(word, "SEForge-NotoSansDevanagari", 10)
    assert 0 < string_width(word, Face.REGULAR, 10) < letters * 0.8
