"""Printable NC cards: page count, size, text, rendering, and nothing outside a card."""

from __future__ import annotations

import io
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.cards import (
    PER_PAGE,
    export_cards,
    page_layout,
    plan_cards,
    render_cards,
    stress_track,
)
from seforge.systems.swords_edge.cards.draw import CONTINUES, draw_card
from seforge.systems.swords_edge.models import NarrativeCharacter, NCQuality, NCType, Trait
from seforge.systems.swords_edge.nc_builder import new_nc
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet.layout import PAGE_SIZES, PaperSize, Rect

PDFTOPPM = shutil.which("pdftoppm")


def _fantasy() -> list[NarrativeCharacter]:
    return [library.load_nc(e.id) for e in library.list_entries("nc") if e.genre == "Fantasy"]


def _all() -> list[NarrativeCharacter]:
    return [library.load_nc(e.id) for e in library.list_entries("nc")]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _check_pdf(data: bytes, ncs: list[NarrativeCharacter], paper: PaperSize) -> PdfReader:
    reader = PdfReader(io.BytesIO(data))
    cards = sum(len(plan_cards(nc, page_layout(paper).cards[0])) for nc in ncs)
    assert len(reader.pages) == math.ceil(cards / PER_PAGE)
    width, height = PAGE_SIZES[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.5)
    text = _flat(" ".join(page.extract_text() for page in reader.pages))
    for nc in ncs:  # every NC and every one of its rows is printed: nothing is dropped
        assert nc.name in text, nc.name
        assert f"TN {nc.base_tn}" in text, nc.name
        for quality in [*nc.elements, *nc.flaws]:
            assert _flat(quality.name) in text, (nc.name, quality.name)
        for word in nc.notes.split():  # notes too, on every paper (the Dragon's on Letter)
            assert word in text, (nc.name, word)
    meta = reader.metadata
    assert meta is not None
    assert meta.author == "SEForge"
    assert meta.subject == "Sword's Edge NC cards"
    assert meta.title and meta.title.startswith("Opponent card")
    return reader


@pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])
def test_fantasy_and_all_cards(tmp_path: Path, paper: PaperSize) -> None:
    fantasy = _fantasy()
    assert len(fantasy) == 8 and any(nc.name == "Dire Wolf" for nc in fantasy)
    out = tmp_path / f"fantasy-{paper.value}.pdf"
    export_cards(fantasy, out, paper.value)
    _check_pdf(out.read_bytes(), fantasy, paper)
    everything = _all()
    assert len(everything) == 52
    buffer = io.BytesIO()
    export_cards(everything, buffer, paper)
    reader = _check_pdf(buffer.getvalue(), everything, paper)
    assert 7 <= len(reader.pages) <= 8
    if PDFTOPPM:
        _render_not_blank(out, tmp_path / "png")


def _render_not_blank(pdf: Path, folder: Path) -> None:
    folder.mkdir()
    subprocess.run([str(PDFTOPPM), "-r", "50", "-gray", str(pdf), str(folder / "p")],
                   check=True, capture_output=True, timeout=120)
    pages = sorted(folder.glob("p*.pgm"))
    assert pages
    for page in pages:
        raw = page.read_bytes()
        # binary PGM: "P5\n<w> <h>\n255\n" then one byte per pixel
        header_end = 0
        for _ in range(3):
            header_end = raw.index(b"\n", header_end) + 1
        pixels = raw[header_end:]
        dark = sum(1 for b in pixels if b < 160)
        assert dark / len(pixels) > 0.02, page.name


@pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm is not installed")
def test_render_fantasy_cards_for_viewing() -> None:
    out = Path("/tmp/cards")
    out.mkdir(exist_ok=True)
    export_cards(_fantasy(), out / "fantasy.pdf")
    subprocess.run([str(PDFTOPPM), "-r", "80", "-png", str(out / "fantasy.pdf"),
                    str(out / "fantasy")], check=True, capture_output=True, timeout=120)
    assert list(out.glob("fantasy*.png"))


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"old")
    export_cards(_fantasy()[:1], target)
    assert target.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.pdf"]
    with pytest.raises(ValueError, match="no NCs"):
        render_cards([])


class _Recorder(Canvas):  # type: ignore[misc]
    """A canvas that remembers where every string goes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.strings: list[tuple[float, float, float, float, str]] = []
        self._font = ("Helvetica", 10.0)

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self._font = (psfontname, size)
        super().setFont(psfontname, size, leading)

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        name, size = self._font
        width = pdfmetrics.stringWidth(text, name, size)
        self.strings.append((x, y, x + width, size, text))
        super().drawString(x, y, text, *args, **kwargs)


def _monster() -> NarrativeCharacter:
    nc = new_nc(NCType.HERO, Rank.LEGENDARY, "The Unspeakably Ancient and Very Long-Named Wyrm"
                " of the Northern Wastes")
    nc.concept = NCQuality(name="An Extremely Verbose Concept That Goes On And On", rank=Rank.GREAT)
    nc.elements = [NCQuality(name=f"Power number {i} with a long name", rank=Rank.GREAT,
                             trait=Trait.PHYSIQUE) for i in range(12)]
    nc.flaws = [NCQuality(name="Vain", rank=Rank.BASIC)]
    nc.notes = "Lorem ipsum dolor sit amet, consectetur adipiscing. " * 30
    nc.genre = "Fantasy"
    nc.source = "A source line long enough to need shrinking, or more than that, surely"
    return nc


@pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])
@pytest.mark.parametrize("which", ["monster", "library"])
def test_text_stays_inside_each_card(paper: PaperSize, which: str) -> None:
    layout = page_layout(paper)
    ncs = [_monster(), new_nc("minion", "Weak")] if which == "monster" else _all()
    for nc in ncs:
        canvas = _Recorder(io.BytesIO(), pagesize=(layout.width, layout.height))
        card: Rect = layout.cards[3]
        draw_card(canvas, card, nc)
        assert canvas.strings
        for x0, y, x1, size, text in canvas.strings:
            assert card.x + 1 <= x0 and x1 <= card.right - 1, (nc.name, text)
            assert card.y + 1 <= y - 0.25 * size and y + 0.8 * size <= card.top - 1, (
                nc.name, text)


def test_monster_continues_on_more_cards() -> None:
    monster = _monster()
    data, pages = render_cards([monster])
    assert pages == 1
    text = _flat(PdfReader(io.BytesIO(data)).pages[0].extract_text())
    assert "more on the next card" in text and "Card 2 of" in text
    assert "Card 1 of" in text and "TN 40" in text
    for quality in [*monster.elements, *monster.flaws]:
        assert quality.name in text
    assert text.count("Lorem ipsum") == 30  # every sentence of the notes
    assert "+12 more" not in text


def test_stress_track_per_type() -> None:
    assert stress_track(library.load_nc("goblin")) == ["out"]
    assert stress_track(library.load_nc("giant")) == ["1", "2", "out"]
    assert stress_track(library.load_nc("gorgon")) == ["17", "12", "8", "5", "3", "out"]
    assert stress_track(new_nc("hero", "Weak")) == ["out"]


def test_cli_export_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json as _json

    from seforge.cli import main
    from seforge.systems.swords_edge import library
    from seforge.systems.swords_edge.fileformat import save_nc

    files = []
    for entry in library.list_entries("nc")[:3]:
        path = tmp_path / f"{entry.id}.senc"
        save_nc(library.load_nc(entry.id), path)
        files.append(str(path))
    out = tmp_path / "cards.pdf"
    assert main(["export", "--cards", *files, "-o", str(out), "--json"]) == 0
    assert _json.loads(capsys.readouterr().out) == {
        "output": str(out), "pages": 1, "documents": 3, "characters": 3}
    assert out.read_bytes().startswith(b"%PDF")
    wrong = tmp_path / "pc.sechar"
    wrong.write_text('{"format": "seforge.character", "version": 1}', encoding="utf-8")
    bad_out = tmp_path / "bad.pdf"
    assert main(["export", "--cards", str(wrong), "-o", str(bad_out)]) == 2
    assert "expected 'swords-edge.nc'" in capsys.readouterr().err
    assert not bad_out.exists()


@pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])
@pytest.mark.parametrize(("size", "dims"), [("index", (360.0, 216.0)),
                                            ("a6", (419.53, 297.64))])
def test_card_sizes_blank_cards_and_cut_marks(paper: PaperSize, size: str,
                                              dims: tuple[float, float]) -> None:
    layout = page_layout(paper, size)
    assert layout.per_page >= 2
    for card in layout.cards:
        assert (card.w, card.h) == pytest.approx(dims, abs=0.1)
        assert card.x >= 0 and card.right <= layout.width
        assert layout.footer.top < card.y and card.top < layout.header.y
    dragon = library.load_nc("dragon")
    data, pages = render_cards([dragon], paper, size=size, blank=3)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == pages
    text = _flat(" ".join(p.extract_text() for p in reader.pages))
    assert _flat(dragon.notes) in text  # the Dragon keeps its notes on every paper
    assert text.count("RANK / TN") == 3  # the blank cards
    content = reader.pages[0].get_contents()
    assert content is not None
    # cut marks: thin 0.3 pt hairlines in the margin
    assert b"\n.3 w" in content.get_data()


def test_blank_cards_alone_and_nothing_below_seven_points() -> None:
    data, pages = render_cards([], PaperSize.A4, blank=8)
    assert pages == 1
    assert _flat(PdfReader(io.BytesIO(data)).pages[0].extract_text()).count("CONCEPT") == 8
    layout = page_layout(PaperSize.LETTER)
    for nc in [*_all(), _monster()]:
        for piece in plan_cards(nc, layout.cards[0]):
            canvas = _Recorder(io.BytesIO(), pagesize=(layout.width, layout.height))
            draw_card(canvas, layout.cards[0], nc, piece)
            small = [s for s in canvas.strings if s[3] < 6.99]
            assert not small, (nc.name, small[:2])


def test_cli_blank_cards_and_card_size(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    from seforge.cli import main

    out = tmp_path / "blank-cards.pdf"
    assert main(["export", "--cards", "--blank-cards", "4", "--card-size", "index",
                 "-o", str(out), "--paper", "letter"]) == 0
    reader = PdfReader(out)
    assert len(reader.pages) == 2  # three index cards a page
    assert "RANK / TN" in reader.pages[1].extract_text()


@pytest.mark.parametrize("size", ["index", "a6"])
def test_index_and_a6_cards_draw_short_ncs_larger_and_long_ones_on_no_more_cards(
        size: str) -> None:
    """An index or A6 card has room a grid card lacks: a short NC is drawn up to 1.5
    times larger, filling it, and no NC takes more cards for it."""
    from seforge.systems.swords_edge.cards import ZOOMS, card_zoom
    from seforge.systems.swords_edge.cards.layout import CardSize

    card = page_layout(PaperSize.A4, size).cards[0]
    minion = new_nc("minion", "Weak")
    assert card_zoom(minion, card, CardSize(size)) == ZOOMS[0]
    assert card_zoom(minion, page_layout(PaperSize.A4).cards[0], CardSize.GRID) == 1.0
    for nc in [*_all(), _monster()]:
        zoom = card_zoom(nc, card, CardSize(size))
        assert 1.0 <= zoom <= ZOOMS[0]
        virtual = Rect(0, 0, card.w / zoom, card.h / zoom)
        assert len(plan_cards(nc, virtual)) <= len(plan_cards(nc, card)), nc.name
    # in the PDF: the name of the short NC is set larger than on a grid card
    def name_size(data: bytes) -> float:
        sizes: list[float] = []

        def visit(text: str, cm: Any, tm: Any, _font: Any, font_size: float) -> None:
            if "Nameless" in text:  # the size on the page: text matrix times the CTM
                a = tm[0] * cm[0] + tm[1] * cm[2]
                b = tm[0] * cm[1] + tm[1] * cm[3]
                sizes.append(font_size * math.hypot(a, b))
        PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
        assert sizes
        return max(sizes)

    minion.name = "Nameless Goon"
    grid, _ = render_cards([minion], PaperSize.A4)
    larger, _ = render_cards([minion], PaperSize.A4, size=size)
    assert name_size(larger) > 1.3 * name_size(grid)


def _at_the_limits() -> NarrativeCharacter:
    """Every text as long as the file allows (names 200 characters)."""
    def text(seed: str) -> str:
        return (f"{seed} " + "ipsum dolor sit amet consectetur adipiscing " * 6)[:200].strip()

    nc = library.load_nc("dragon")
    nc.name, nc.genre, nc.source = text("Name"), text("Genre"), text("Source")
    assert nc.concept is not None
    nc.concept.name = text("Concept")
    nc.elements = [NCQuality(name=text(f"E{i}"), rank=Rank.GOOD, trait=Trait.CUNNING)
                   for i in range(6)]
    nc.notes = "Notes " + "lorem ipsum dolor " * 200
    return nc


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler is not installed")
@pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])
@pytest.mark.parametrize("size", ["grid", "index", "a6"])
def test_an_nc_at_the_text_limits_stays_inside_its_cards(tmp_path: Path, paper: PaperSize,
                                                         size: str) -> None:
    """A 200-character name, genre, source and Concept: the header grew past the card,
    the rows were drawn over the next card and off the page, and each card that went on
    repeated the whole header. Now every word lies inside a card, none over another,
    and none of the texts is lost (what the first card cuts short goes on after it)."""
    from tests.seforge.core.pdf.corpus import assert_no_overlap, text_layer, words

    nc = _at_the_limits()
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(render_cards([nc], paper, size=size)[0])
    layout = page_layout(paper, size)
    _pages, found = words(pdf)
    for word in found:
        top, bottom = layout.height - word.y0, layout.height - word.y1
        if bottom >= layout.header.y - 1 or top <= layout.footer.top + 1:
            continue  # the page's own title band and footer
        assert any(c.x - 0.5 <= word.x0 and word.x1 <= c.right + 0.5
                   and c.y - 0.5 <= bottom and top <= c.top + 0.5
                   for c in layout.cards), word
    assert_no_overlap(found)
    tokens = set(text_layer(pdf).split())
    for whole in (nc.name, nc.genre, nc.source, nc.concept.name if nc.concept else ""):
        assert set(whole.split()) <= tokens, whole
    if size == "grid":  # the source line cut short on the first card goes on in the notes
        first = layout.cards[0]
        notes = " ".join(" ".join(piece.notes.replace(CONTINUES, "").rstrip("\u2026 ").split())
                         for piece in plan_cards(nc, first))
        assert f"{nc.genre} \u00b7 {nc.source}" in notes


def test_notes_at_the_file_limit_are_printed_to_the_last_word() -> None:
    """Notes as long as the file allows (100,000 characters) with 200-character names: the
    cards stopped at about 200 per NC (a safety net in the planning) and the notes' tail
    was lost without a word. Now the NC takes the cards its text needs, and the real
    PDF holds every word, the last one included."""
    from seforge.core.limits import NAME_CHARS, NOTES_CHARS

    nc = _at_the_limits()
    assert len(nc.name) == NAME_CHARS
    words = [f"w{i}" for i in range(NOTES_CHARS)]
    notes = ""
    for i, word in enumerate(words):
        if len(notes) + len(word) + 1 > NOTES_CHARS - 9:
            break
        notes += word + ("\n" if i % 40 == 39 else " ")
    nc.notes = notes.strip() + " THE-END."
    assert len(nc.notes) <= NOTES_CHARS
    a6 = plan_cards(nc, page_layout(PaperSize.LETTER, "a6").cards[0])
    assert a6[-1].notes.endswith("THE-END.") and not a6[-1].notes_go_on
    planned = plan_cards(nc, page_layout(PaperSize.A4).cards[0])
    assert len(planned) > 200 and planned[-1].notes.endswith("THE-END.")
    data, pages = render_cards([nc], PaperSize.A4)
    assert pages == math.ceil(len(planned) / PER_PAGE)
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    tokens = {t.strip("\u2026") for t in text.split()}  # "w89… more on the next card"
    assert "THE-END." in tokens
    missing = [w for w in nc.notes.split() if w not in tokens]
    assert not missing, missing[:5]


def test_notes_a_card_has_no_room_for_are_said_to_be_cut() -> None:
    """On a card too small for even a line of notes after its header (no paper size
    comes near), the last card says how much of the notes was not printed, rather than
    dropping them without a word."""
    nc = NarrativeCharacter(name="Mister " * 30, notes="hello world " * 50)
    pieces = plan_cards(nc, Rect(0, 0, 200, 60))
    import re

    cut = re.fullmatch(r"\u2026 notes cut: (\d+) characters not printed", pieces[-1].notes)
    assert cut is not None and int(cut.group(1)) >= len(nc.notes.strip()), pieces[-1].notes
    assert not pieces[-1].notes_go_on
