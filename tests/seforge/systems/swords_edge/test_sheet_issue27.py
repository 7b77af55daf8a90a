"""Sheets that tell the truth mid-play, sample sheets with their description, fields
that draw on white and own their marks, a party summary that keeps each item's
direction (issue 27)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.models import Element, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet import PaperSize, SheetOptions, render_sheets
from seforge.systems.swords_edge.sheet.layout import sheet_layout


def _text(data: bytes, page: int = 0) -> str:
    return " ".join(PdfReader(io.BytesIO(data)).pages[page].extract_text().split())


def test_every_sample_sheet_prints_its_description() -> None:
    for entry in library.list_entries("pc"):
        pc = library.load_pc(entry.id)
        if not pc.notes.strip():
            continue
        first = pc.notes.split(". ")[0].rstrip(".")
        text = _text(render_sheets([pc])[0])
        assert first in text, entry.id
        assert "As printed" not in text and "The book prints" not in text, entry.id


def test_this_scenes_penalty_ranks_and_a_legendary_doom_are_told() -> None:
    tella = library.load_pc("tella-of-jost")
    tella.play.penalty_ranks = {Trait.PHYSIQUE: 7}
    tella.play.scene_penalty_ranks = {Trait.PHYSIQUE: 3}
    tella.play.doom_trait = Trait.PHYSIQUE
    tella.play.doom_legendary = True
    text = _text(render_sheets([tella])[0])
    assert "Now -6 Weak, 3 this scene" in text and "Doom!" in text
    assert "Legendary Doom on Physique" in text and "Basic Weakness" in text
    clean = _text(render_sheets([tella], options=SheetOptions(clean_tracks=True))[0])
    assert "Legendary Doom" not in clean and "this scene" not in clean


def _annotations(data: bytes) -> list[dict[str, object]]:
    page = PdfReader(io.BytesIO(data)).pages[0]
    return [a.get_object() for a in page.get("/Annots", [])]


def test_text_fields_draw_on_white() -> None:
    widgets = _annotations(render_sheets([library.load_pc("crag")])[0])
    typed = [w for w in widgets if w.get("/FT") in ("/Tx", "/Ch") and w.get("/F") == 4]
    assert typed
    for widget in typed:
        mk = widget.get("/MK")
        assert mk is not None and [float(v) for v in mk["/BG"]] == [1.0, 1.0, 1.0]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_ticked_boxes_are_drawn_by_their_fields_only(tmp_path: Path) -> None:
    """With annotations hidden, a ticked Luck box prints empty: unticking its field
    in a reader leaves no printed mark behind."""
    from PIL import Image

    crag = library.load_pc("crag")
    crag.play.luck = 3
    crag.play.penalty_ranks = {Trait.CUNNING: 2}
    pdf = tmp_path / "s.pdf"
    pdf.write_bytes(render_sheets([crag])[0])
    layout = sheet_layout(PaperSize.A4)
    dpi = 72

    def ink(hidden: bool) -> list[float]:
        base = tmp_path / ("hidden" if hidden else "shown")
        args = ["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", "1", "-l", "1"]
        subprocess.run([*args, *(["-hide-annotations"] if hidden else []), str(pdf),
                        str(base)], check=True, timeout=60)
        image = Image.open(f"{base}.png").convert("L")
        out = []
        for cell in layout.luck_boxes[:4]:
            cx, cy = cell.x + cell.w / 2, layout.height - (cell.y + cell.h / 2)
            out.append(float(image.getpixel((int(cx), int(cy)))))
        return out

    shown, hidden = ink(False), ink(True)
    assert all(v < 160 for v in shown[:3]) and shown[3] > 200  # three held, one free
    assert all(v > 200 for v in hidden)  # the page itself prints every box empty


def test_party_summary_keeps_each_items_direction(tmp_path: Path) -> None:
    pytest.importorskip("PIL")
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils is not installed")
    crag = library.load_pc("crag")
    crag.name = "عبد الله"
    crag.elements.insert(0, Element(name="سيف الأجداد", rank=Rank.GREAT))
    data = render_sheets([crag, library.load_pc("tella-of-jost")],
                         options=SheetOptions(party_summary=True))[0]
    pdf = tmp_path / "party.pdf"
    pdf.write_bytes(data)
    raw = subprocess.run(["pdftotext", "-raw", "-f", "1", "-l", "1", str(pdf), "-"],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    flat = " ".join(raw.translate(dict.fromkeys(range(0x202A, 0x202F), " ")).split())
    # the Latin items read left to right with their modifiers as typed
    assert "Battleaxe +4" in flat and "+4 Battleaxe" not in flat
    assert "2+" not in flat and "4+" not in flat


def test_reference_keeps_every_sheet_on_a_front_page() -> None:
    from tests.seforge.systems.swords_edge.test_sheet import stress_case

    long_one, crag = stress_case(), library.load_pc("crag")
    data, pages = render_sheets([long_one, crag, crag], options=SheetOptions(reference=True))
    reader = PdfReader(io.BytesIO(data))
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    starts = [i for i, text in enumerate(texts) if "WHO ARE YOU?" in text
              and "CONTINUED" not in text]
    assert len(starts) == 3 and all(i % 2 == 0 for i in starts), starts
    assert pages == len(reader.pages) and pages % 2 == 0
    assert any("double-sided" in text for text in texts)


def test_more_on_page_counts_pdf_pages() -> None:
    from tests.seforge.systems.swords_edge.test_sheet import stress_case

    crag, long_one = library.load_pc("crag"), stress_case()
    data, _pages = render_sheets([crag, long_one])
    reader = PdfReader(io.BytesIO(data))
    text = " ".join(reader.pages[1].extract_text().split())  # the second PC's first page
    assert "more on p. 3" in text and "more on p. 2" not in text
    spilled = " ".join(reader.pages[2].extract_text().split())
    assert "\u2026" in spilled and "in full" not in spilled  # the rest starts mid-phrase


def test_a_rank_is_picked_on_its_modifier_box() -> None:
    """No JavaScript: the Rank field itself sits on the modifier box and shows the
    modifier first ("+2 Good") once picked; its value stays the Rank's name."""
    from seforge.systems.swords_edge.sheet import render_blank

    layout = sheet_layout(PaperSize.A4)
    widgets = {str(w.get("/T")): w for w in _annotations(render_blank(PaperSize.A4)[0])}
    concept = widgets["c1_concept_rank"]
    x0, _y0, x1, y1 = (float(v) for v in concept["/Rect"])
    inner = layout.concept.inset(7, 6)
    assert abs(x1 - inner.right) < 0.1 and abs(y1 - inner.top) < 0.1 and x1 - x0 == 36
    options = [[str(part) for part in option] for option in concept["/Opt"]]
    assert ["Good", "+2 Good"] in options and ["Weak", "-6 Weak"] in options
    trait = widgets["c1_physique_rank"]
    assert float(trait["/Rect"][2]) - float(trait["/Rect"][0]) == 36
