"""The form's field font (issue 27, "Fields in a reader"): an embedded Unicode font in
``/DR`` that the text fields' ``/DA`` names, a white background behind a typed value, and
Hebrew, Arabic, Greek and Cyrillic typed in (by pypdf, as a reader does) drawn by poppler."""

from __future__ import annotations

import io
import shutil
import struct
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.form import (
    FIELD_BLOCKS,
    FIELD_FONT,
    WidgetWriter,
    _components,
    _field_font,
    _width_ranges,
    read_form_values,
)
from seforge.core.pdf.geometry import Rect
from tests.seforge.core.pdf.corpus import assert_own_appearances, field_ink, fill_fields

needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                   reason="poppler-utils is not installed")
TYPED = {"he": "שלום עולם", "ar": "عبد الله مُحَمَّدٌ", "el": "Ωμέγα", "ru": "Привет",
         "mixed": "Zoë שלום +2"}


def _form(tmp_path: Path, pages: int = 1) -> Path:
    out = io.BytesIO()
    canvas = Canvas(out)
    writer = WidgetWriter(canvas)
    for page in range(pages):
        for i, name in enumerate([*TYPED, "blank"]):
            writer.add(f"{name}{page or ''}", Rect(60, 700 - 40 * i, 220, 20), "text", "",
                       size=12)
        writer.add(f"notes{page or ''}", Rect(60, 300, 300, 80), "multiline", "", size=10)
        canvas.showPage()
    canvas.save()
    path = tmp_path / "form.pdf"
    path.write_bytes(out.getvalue())
    return path


def test_the_field_font_is_embedded_unicode_and_named_by_every_text_field(
        tmp_path: Path) -> None:
    path = _form(tmp_path)
    reader = PdfReader(str(path))
    form = reader.trailer["/Root"]["/AcroForm"]
    font = form["/DR"]["/Font"][f"/{FIELD_FONT}"].get_object()
    assert font["/Subtype"] == "/Type0" and font["/Encoding"] == "/Identity-H"
    assert "/ToUnicode" in font
    cid = font["/DescendantFonts"][0].get_object()
    descriptor = cid["/FontDescriptor"].get_object()
    assert "/FontFile2" in descriptor and cid["/CIDToGIDMap"] == "/Identity"
    assert f"/{FIELD_FONT} 0 Tf" in str(form["/DA"])
    for annot in reader.pages[0]["/Annots"]:
        widget = annot.get_object()
        if widget.get("/FT") == "/Tx" and widget.get("/F") != 2:
            assert str(widget["/DA"]).startswith(f"/{FIELD_FONT} ")
            assert list(widget["/MK"]["/BG"]) == [1, 1, 1]


def test_the_font_is_embedded_once_per_pdf_and_kept_small(tmp_path: Path) -> None:
    one, three = _form(tmp_path).stat().st_size, 0
    (tmp_path / "three").mkdir()
    three = _form(tmp_path / "three", pages=3).stat().st_size
    assert three - one < 10_000  # the font is not repeated per page
    assert one < 200_000  # DejaVu Sans in full is 575 kB; the kept glyphs far less
    data = (tmp_path / "three" / "form.pdf").read_bytes()
    assert data.count(b"/FontFile2") == 1 and data.count(b"/CIDFontType2") == 1


def test_kept_glyphs_cover_the_scripts_and_keep_their_ids() -> None:
    parts = _field_font()
    program = parts.program
    count = struct.unpack(">H", program[4:6])[0]
    tags = {program[12 + 16 * i:16 + 16 * i] for i in range(count)}
    assert {b"glyf", b"loca", b"cmap", b"hmtx", b"head"} <= tags
    assert b"GSUB" not in tags and b"GPOS" not in tags
    mapped = set()
    for line in parts.to_unicode.decode().splitlines():
        if line.startswith("<") and " <" in line and line != "<0000> <FFFF>":
            mapped.add(chr(int(line.split(" <")[1].strip("<>"), 16)))
    for text in TYPED.values():
        assert all(ch in mapped or ch == " " for ch in text), text
    assert "\ufefb" in mapped and "\u05d0" in mapped  # lam-alef, alef (Hebrew)
    assert not any(0x4E00 <= ord(ch) <= 0x9FFF for ch in mapped)  # CJK: reader fallback
    assert all(any(lo <= ord(ch) <= hi for lo, hi in FIELD_BLOCKS) for ch in mapped)


def test_width_ranges_and_components() -> None:
    assert _width_ranges([5, 5, 5, 5, 1, 2, 3, 3, 3]) == "[0 3 5 4 [1 2] 6 8 3]"
    assert _width_ranges([1, 2]) == "[0 [1 2]]"
    assert _components(b"") == [] and _components(struct.pack(">h", 1) + bytes(8)) == []
    composite = (struct.pack(">h", -1) + bytes(8) + struct.pack(">HHbb", 0x0020, 7, 0, 0)
                 + struct.pack(">HHhh", 0x0001 | 0x0008, 9, 0, 0) + bytes(2))
    assert _components(composite) == [7, 9]


@needs_poppler
def test_typed_hebrew_arabic_greek_and_cyrillic_show_in_poppler(tmp_path: Path) -> None:
    path = _form(tmp_path)
    filled = fill_fields(path, {**TYPED, "notes": "שלום\nمرحبا بالعالم\nHello"},
                         tmp_path / "filled.pdf")
    for name in [*TYPED, "notes"]:
        assert field_ink(filled, name) > 20, name
    assert field_ink(filled, "blank") == 0
    values = read_form_values(filled)
    assert {k: values[k] for k in TYPED} == TYPED
    own = fill_fields(path, {"he": TYPED["he"]}, tmp_path / "own.pdf", regenerate=False)
    assert field_ink(own, "he") > 20
    assert_own_appearances(own, {"he": TYPED["he"]})  # "ar" does not show it too


def test_the_kept_font_still_draws_its_scripts_and_not_the_rest() -> None:
    import uharfbuzz

    font = uharfbuzz.Font(uharfbuzz.Face(_field_font().program))
    for ch in "Aéאعﻻπж€":
        gid = font.get_nominal_glyph(ord(ch))
        assert gid, ch
        extents = font.get_glyph_extents(gid)
        assert extents is not None and extents.width > 0, ch
    emptied = font.get_nominal_glyph(0x222B)  # an integral sign: maths is left out
    assert emptied and font.get_glyph_extents(emptied).width == 0


def test_the_field_blocks_test_matches_a_scan_of_every_block() -> None:
    from seforge.core.pdf.form import _in_field_blocks

    assert list(FIELD_BLOCKS) == sorted(FIELD_BLOCKS)
    for cp in range(0x11000):
        assert _in_field_blocks(cp) == any(lo <= cp <= hi for lo, hi in FIELD_BLOCKS), hex(cp)


def test_the_field_font_from_the_registered_face_is_the_one_a_fresh_parse_gives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The field font reuses the sheets' parsed DejaVu Sans; built from the file parsed
    anew it is the same, byte for byte."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    from seforge.core.pdf import form
    from seforge.core.resources import resource_path

    _field_font.cache_clear()
    shared = _field_font()
    _field_font.cache_clear()
    monkeypatch.setattr(form, "_field_face", lambda: TTFontFile(
        str(resource_path("fonts", form.FIELD_FONT_FILE))))
    try:
        assert _field_font() == shared
    finally:
        _field_font.cache_clear()
