"""The printed sheets read as a PDF: their text, fonts (embedded, nothing below 7 pt),
fields, pages that continue long text, and a filled sheet read back."""

from __future__ import annotations

import io
import itertools
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
                     "Lockdown waits for Alarm to fill (linked)",
                     "Tier 3, strong hold: Bluecoats"):  # (it read "Tier 3 S")
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


def test_a_name_cut_on_page_one_says_where_it_goes_on(tmp_path: Path) -> None:
    """A name too long for page 1 ends with "more on p. N" (the continuation's PDF page,
    counted through a joined PDF) and is given in full there, as the other systems'
    sheets do; it no longer just ends in an ellipsis."""
    sc = cutter()
    sc.name = ("Silas Blackwood, called the Long-Named Cutter of Crow's Foot, the Docks "
               "and every bridge between them")
    for first_page, continuation in ((1, 2), (5, 6)):
        data = render([sc], first_page=first_page)[0]
        pages = [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]
        head = pages[0].splitlines()[0]
        assert head.endswith(f"\u2026 more on p. {continuation}"), head
        assert f"Name: {sc.name}" in " ".join(pages[1].split()), pages[1][:300]


def test_a_long_xp_trigger_is_printed_once_in_the_xp_triggers(tmp_path: Path) -> None:
    """A trigger too long for page 1 ends there with "more on p. 2" and is printed in full
    once, in the XP triggers section on page 2 (not also under "In full")."""
    sc = cutter()
    sc.xp_trigger = ("Face a challenge through violence or coercion, and tell the crew "
                     "afterwards in loving detail how it went, who bled, who ran away "
                     "and what it cost you.")
    path = _pdf(tmp_path, sc)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(str(path)).pages]
    assert "\u2026 more on p. 2" in pages[0]
    assert "XP trigger:" not in " ".join(pages)
    assert " ".join(pages).count("what it cost you.") == 1
    triggers = pages[1].index("XP TRIGGERS")
    assert pages[1].index("what it cost you.") > triggers


def _dark_runs(row: list[int]) -> list[tuple[int, int]]:
    """The (start, end) of each run of dark pixels in a row of grey levels."""
    runs: list[tuple[int, int]] = []
    for x, level in enumerate(row):
        if level < 140:
            if runs and runs[-1][1] == x:
                runs[-1] = (runs[-1][0], x + 1)
            else:
                runs.append((x, x + 1))
    return runs


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm not installed")
def test_coin_and_stash_boxes_read_as_separate_boxes(tmp_path: Path) -> None:
    """On the rendered page 1 (150 dpi) every coin and stash box stands apart from the next
    one: through the middle of each row, two edges per box and a white gap of at least
    three pixels (about 1.4 pt) between neighbours."""
    from PIL import Image

    path = _pdf(tmp_path, cutter())
    reader = PdfReader(str(path))
    page = reader.pages[0]
    coin = next(a.get_object() for a in page["/Annots"]
                if a.get_object().get("/T") == "b1_coin_1")
    cx, cy = float(coin["/Rect"][0]), float(coin["/Rect"][1])
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-f", "1", "-l", "1", "-png", str(path),
                    str(tmp_path / "p")], check=True, capture_output=True)
    image = Image.open(next(tmp_path.glob("p*.png"))).convert("L")
    scale = 150 / 72
    height = float(page.mediabox.height)

    def rows(x0: float, x1: float, top: float, bottom: float) -> list[list[tuple[int, int]]]:
        found = []
        for py in range(round((height - top) * scale), round((height - bottom) * scale)):
            row = [int(image.getpixel((px, py)))  # type: ignore[arg-type]
                   for px in range(round(x0 * scale), round(x1 * scale))]
            found.append(_dark_runs(row))
        return found

    def box_middles(found: list[list[tuple[int, int]]], boxes: int) -> list[list[tuple[int, int]]]:
        return [runs for runs in found if len(runs) >= boxes * 2 - 2]

    coin_rows = box_middles(rows(cx - 1, cx + 50, cy + 6, cy + 3), 4)
    stash_rows = box_middles(rows(cx - 29, cx + 80, cy - 3, cy - 46), 10)
    assert coin_rows and len(stash_rows) >= 8, (coin_rows, stash_rows)
    for runs, boxes in [*((r, 4) for r in coin_rows), *((r, 10) for r in stash_rows)]:
        assert len(runs) == 2 * boxes, runs
        gaps = [runs[i + 1][0] - runs[i][1] for i in range(1, len(runs) - 1, 2)]
        assert min(gaps) >= 3, gaps


TRACKS = {"rep": "Rep", "heat": "Heat", "wanted": "Wanted", "coin": "Coin", "xp": "Crew XP"}
"""The crew sheet's tracks: their fields' keys and their printed labels."""


def _longest_tracks() -> Crew:
    """A crew whose rep, heat, wanted, coin and XP tracks are as long as the model allows,
    every box marked (filled boxes are the ones that run together)."""
    crew = Crew(name="The Red Sashes", heat_boxes=20, crew_xp_boxes=20)
    crew_rules.set_crew_type(crew, "Bravos")
    crew.tier, crew.vault = 6, 2
    crew.rep, crew.heat, crew.wanted = crew_rules.rep_to_fill(crew), 20, 4
    crew.coin, crew.xp = crew_rules.vault_cap(crew), 20
    return crew


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed")
@pytest.mark.parametrize("paper", [PaperSize.LETTER, PaperSize.A4])
def test_the_crew_tracks_have_room_at_their_longest(tmp_path: Path, paper: PaperSize) -> None:
    """Printed crew sheet: at 20 heat and 20 XP boxes the rows ran past the left column
    (their "wanted" and "advance" notes shrank to a lone "…"), and boxes 2 pt apart, all
    filled, read as one black bar. In the real PDF, at the longest tracks: every box
    (a form field) lies in the left column, 3 pt or more from any other box; each
    track's label is left of its boxes and level with their first row; its length is
    printed whole ("of 20") beside its boxes; no text there overlaps a box or another
    word, and none is cut short."""
    from tests.seforge.core.pdf.corpus import assert_no_overlap, words

    crew = _longest_tracks()
    path = tmp_path / "crew.pdf"
    path.write_bytes(render([crew], paper)[0])
    page = PdfReader(str(path)).pages[0]
    height = float(page.mediabox.height)
    boxes: dict[str, list[tuple[float, float, float, float]]] = {key: [] for key in TRACKS}
    for annot in page["/Annots"]:
        widget = annot.get_object()
        found = re.fullmatch(r"b1_(\w+?)_(\d+)", str(widget.get("/T", "")))
        if found and found.group(1) in TRACKS:
            x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
            boxes[found.group(1)].append((x0, height - y1, x1, height - y0))  # from the top
    lengths = {"rep": crew_rules.rep_to_fill(crew), "heat": 20, "wanted": 4,
               "coin": crew_rules.vault_cap(crew), "xp": 20}
    assert {key: len(found) for key, found in boxes.items()} == lengths
    _pages, printed = words(path)
    printed = [w for w in printed if w.page == 1]
    right_column = next(w.x0 for w in printed if w.text == "SPECIAL") - 4
    column_end = right_column - 18  # the gutter between the columns
    every_box = [box for found in boxes.values() for box in found]
    top = min(box[1] for box in every_box) - 12
    bottom = max(box[3] for box in every_box) + 12
    area = [w for w in printed if top <= w.y0 and w.y1 <= bottom and w.x1 <= right_column]
    assert not [w.text for w in area if "\u2026" in w.text], "a note was cut short"
    assert_no_overlap(area)

    def apart(a: tuple[float, ...], b: tuple[float, ...], gap: float) -> bool:
        return (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1]
                or b[3] + gap <= a[1])

    for i, box in enumerate(every_box):
        assert box[2] - box[0] >= 8 and box[2] <= column_end, (box, column_end)
        assert all(apart(box, other, 3) for other in every_box[i + 1:]), box
        assert all(apart(box, (w.x0, w.y0, w.x1, w.y1), 2) for w in area), box
    for key, label in TRACKS.items():
        first = min(boxes[key], key=lambda b: (round(b[1]), b[0]))
        head = label.split()[0]
        word = next(w for w in area if w.text == head and w.y0 < first[3] and
                    w.y1 > first[1])
        assert word.x1 + 4 <= first[0], (label, word, first)
        row = [w for w in area if w.y0 < first[3] and w.y1 > first[1] and w.x0 > first[2]]
        length = [(a, b) for a, b in itertools.pairwise(row)
                  if (a.text, b.text) == ("of", str(lengths[key]))]
        assert length, (label, [w.text for w in row])
        assert all(w.x1 <= column_end for w in row), (label, row)
