"""The text engine: every run shaped, marks kept, clusters whole, text layer as typed
(issue 27)."""

from __future__ import annotations

import io
import itertools
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import Face, _layout, draw_string, graphemes, runs, string_width
from seforge.core.pdf.text import fit_text, wrap

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                   reason="poppler-utils is not installed")


@pytest.mark.parametrize("word", ["ไทย", "กรุงเทพมหานคร", "राम", "सीता", "कमल", "मुंबई",
                                  "الله", "مُحَمَّد", "שלום", "한국어", "武士"])
def test_no_visible_word_measures_zero(word: str) -> None:
    # HarfBuzz left these unchanged, and the width of an unchanged word was 0
    width = string_width(word, Face.REGULAR, 10)
    assert width > 2.0 * len(graphemes(word)) * 0.5
    assert string_width(word + " " + word, Face.REGULAR, 10) > 2 * width


def test_a_long_thai_note_wraps_into_many_lines() -> None:
    note = " ".join(["กรุงเทพมหานคร"] * 300)
    fitted = fit_text(note, 200, 100, size=9, max_lines=None, multiline=True,
                      marker="more on p. 2")
    assert fitted.truncated and len(fitted.lines) > 3 and fitted.rest
    assert all(string_width(line, Face.REGULAR, fitted.size) <= 200 for line in fitted.lines)


def test_grapheme_clusters_are_whole() -> None:
    assert graphemes("मुंबई") == ["मुं", "ब", "ई"]
    assert graphemes("क्षत्रिय") == ["क्ष", "त्रि", "य"]
    assert graphemes("🇫🇷🇩🇪") == ["🇫🇷", "🇩🇪"]
    assert graphemes("مُحَمَّد") == ["مُ", "حَ", "مَّ", "د"]
    for word in ("मुंबईक्षत्रिय", "مُحَمَّدٌ", "ภาษาไทยกรุงเทพ"):
        lines = wrap(word, 12, Face.REGULAR, 10)
        assert len(lines) > 1 and "".join(lines) == word
        for line in lines:  # every line starts on a cluster boundary
            assert unicodedata.category(line[0]) not in ("Mn", "Mc"), lines


def test_no_character_prints_as_a_ligature_name() -> None:
    assert runs("عبد الله", Face.REGULAR) == [("عبد الله", Face.REGULAR.value)]
    assert runs("🇫🇷", Face.REGULAR) == [("[flag FR]", Face.REGULAR.value)]


def _pdf(lines: list[str]) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out)
    y = 800.0
    for line in lines:
        draw_string(canvas, 50, y, line, Face.REGULAR, 12)
        y -= 20
    canvas.save()
    return out.getvalue()


LINES = ["عبد الله", "مُحَمَّدٌ ولي الله", "שלום עולם", "Name שלום and مرحبا end",
         "กรุงเทพมหานคร ไทย", "मुंबई सीता क्षत्रिय", "한국어 武士の魂", "Flag 🇫🇷 and 😀"]


@needs_poppler
def test_text_layer_reads_as_typed(tmp_path: Path) -> None:
    path = tmp_path / "lines.pdf"
    path.write_bytes(_pdf(LINES))
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True, timeout=60).stdout
    controls = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F],
                             " ")
    got = [" ".join(line.translate(controls).split()) for line in text.splitlines()]
    for line in LINES:
        line = line.replace("🇫🇷", "[flag FR]").replace("😀", "[grinning face]")
        if line.startswith("Name"):
            continue  # mixed direction: checked word by word below
        assert line in got, (line, got)
    mixed = got[LINES.index("Name שלום and مرحبا end")]
    assert set(mixed.split()) == {"Name", "שלום", "and", "مرحبا", "end"}


def test_glyphs_are_real_and_names_only_where_no_glyph_exists() -> None:
    drawn = PdfReader(io.BytesIO(_pdf(LINES))).pages[0].extract_text()
    assert "ligature allah" not in drawn and "[arabic" not in drawn
    assert "[flag FR]" in drawn and "[grinning face]" in drawn
    assert "regional indicator" not in drawn



def test_vowel_marks_are_drawn() -> None:
    # the reshaper used to drop harakat: "مُحَمَّدٌ" printed as "محمد"
    def glyphs(text: str) -> int:
        return sum(len(part.drawn) for part in _layout(text, Face.REGULAR, None))

    assert glyphs("مُحَمَّدٌ") > glyphs("محمد")
    assert string_width("مُحَمَّدٌ", Face.REGULAR, 10) >= string_width("محمد", Face.REGULAR, 10)


def test_a_long_word_is_cut_where_each_piece_fits() -> None:
    from seforge.core.pdf.text import _split_long

    word = "मुंबईक्षत्रियमुंबई" * 5
    for width in (30.0, 100.0):
        pieces = _split_long(word, width, Face.REGULAR, 10)
        assert "".join(pieces) == word
        assert all(string_width(p, Face.REGULAR, 10) <= width for p in pieces)
        for piece, after in itertools.pairwise(pieces):  # each piece is full
            assert string_width(piece + graphemes(after)[0], Face.REGULAR, 10) > width


def test_a_narrow_box_breaks_arabic_between_words() -> None:
    # "الله" printed as a long character name and was split mid-word in a narrow box
    assert wrap("ولي الله", 25, Face.REGULAR, 10) == ["ولي", "الله"]
    assert fit_text("عبد الله ولي الله", 40, 40, size=10).lines == ("عبد الله", "ولي الله")


def test_a_word_is_kept_whole_at_a_smaller_size_before_it_is_cut() -> None:
    """"Interrogation Chamber" in a narrow cell: at 10 pt the first word is wider than the
    cell, and two lines fitted it only by cutting it ("Interrogatio" / "n Chamber"); a
    smaller size keeps every word whole, and only when none does is a word cut."""
    fitted = fit_text("Interrogation Chamber", 50, 40, size=10, min_size=6)
    assert fitted.lines == ("Interrogation", "Chamber") and fitted.size < 8.5
    assert string_width("Interrogation", Face.REGULAR, fitted.size) <= 50
    narrow = fit_text("Interrogation", 20, 40, size=10, min_size=6)
    assert len(narrow.lines) > 1 and "".join(narrow.lines) == "Interrogation"


@pytest.mark.parametrize("line", ["שומר העיר العربية", "العربية שלום", "«שלום» - العربية!"])
def test_arabic_joins_beside_hebrew(line: str) -> None:
    """Hebrew and Arabic are both right to left in the same face, so they made one run,
    and HarfBuzz shaped it all as Hebrew: "العربية" printed in unjoined letters."""
    def drawn(text: str) -> str:
        return "".join(part.drawn for part in _layout(text, Face.REGULAR, None))

    assert drawn("العربية") in drawn(line)
    assert drawn("שלום") in drawn("العربية שלום")
