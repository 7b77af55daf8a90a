"""The printed sheet, read back from the real PDF."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from seforge.core.documents import DocumentFileError

from dice_pool.sheet import SUBJECT
from dice_pool.system import SYSTEM


def test_one_page_per_character_with_what_they_hold(samples: list[Path],
                                                   tmp_path: Path) -> None:
    out = tmp_path / "party.pdf"
    assert SYSTEM.export_sheets(samples, out, "a4") == 3
    reader = PdfReader(out)
    assert len(reader.pages) == 3
    assert reader.metadata is not None and reader.metadata.subject == SUBJECT
    ada = reader.pages[0].extract_text()
    for text in ("DICE POOL", "Ada Quill", "Quick Hands", "Street Smarts", "Nerve", "Charm",
                 "Dice given: 12 of 12", "93.8%", "Owes the Gilded Rook a favour."):
        assert text in ada, text
    cass = reader.pages[2].extract_text()
    assert "Cass Marrow" in cass and "Dice given: 10 of 12" in cass
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (595, 842)


def test_letter_paper_and_fonts(samples: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "brom.pdf"
    assert SYSTEM.export_sheets(samples[1:2], out, "letter") == 1
    page = PdfReader(out).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    fonts = page["/Resources"]["/Font"]
    names = {str(fonts[key].get_object()["/BaseFont"]) for key in fonts}
    assert any("DejaVuSans" in name for name in names), names  # embedded, not Helvetica


def test_any_script_and_long_notes_stay_on_one_page(tmp_path: Path) -> None:
    path = tmp_path / "wide.dicepool"
    path.write_text(json.dumps({
        "format": "dice-pool.character", "version": 1, "name": "Ελένη Σμίρνοβα",
        "traits": [{"name": "Мудрость", "pool": 6}, {"name": "勇気", "pool": 6}],
        "notes": "Long story. " * 3000}), encoding="utf-8")
    out = tmp_path / "wide.pdf"
    assert SYSTEM.export_sheets([path], out, "a4") == 1
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Ελένη Σμίρνοβα" in text and "Мудрость" in text and "勇気" in text


def test_an_unreadable_file_writes_nothing(samples: list[Path], tmp_path: Path) -> None:
    bad = tmp_path / "bad.dicepool"
    bad.write_text("{", encoding="utf-8")
    out = tmp_path / "never.pdf"
    with pytest.raises(DocumentFileError, match=r"bad\.dicepool"):
        SYSTEM.export_sheets([samples[0], bad], out, "a4")
    assert not out.exists()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler's pdftoppm renders pages")
def test_the_page_renders(samples: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "ada.pdf"
    SYSTEM.export_sheets(samples[:1], out, "a4")
    subprocess.run(["pdftoppm", "-r", "30", "-gray", str(out), str(tmp_path / "page")],
                   check=True, timeout=60)
    image = next(tmp_path.glob("page*.pgm")).read_bytes()
    pixels = image.split(b"\n", 3)[3]
    assert min(pixels) < 100 < max(pixels)  # ink on paper
