"""Tests of the character sheet PDF (seforge.systems.swords_edge.sheet) and the export verb."""

from __future__ import annotations

import argparse
import base64
import io
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from seforge.cli import export_cmd
from seforge.core.pdf.fonts import FALLBACK_FACE, Face, register_fonts, runs, string_width
from seforge.core.pdf.text import ASCENT, DESCENT, ELLIPSIS, fit_text
from seforge.systems.swords_edge.models import (
    Character,
    Element,
    ElementKind,
    HeldAdvancement,
    LinkedQuality,
    Pivots,
    PlayState,
    Quality,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet import (
    PaperSize,
    default_paper_for_locale,
    export_blank,
    export_sheets,
    page_count,
)
from seforge.systems.swords_edge.sheet.layout import (
    Rect,
    SheetLayout,
    continuation_layout,
    element_pages,
    sheet_layout,
)

# --- characters -------------------------------------------------------------


def sarah_x() -> Character:
    return Character(
        name="Sarah X",
        player="Dana",
        campaign="Dust and Iron",
        genre="Weird West",
        concept=Quality(name="Bounty Hunter", rank=Rank.EXCEPTIONAL),
        background=Quality(name="Military", rank=Rank.GOOD),
        faculty=LinkedQuality(name="Hunting", rank=Rank.GOOD, trait=Trait.CUNNING),
        traits={Trait.PHYSIQUE: Rank.AVERAGE, Trait.CHARISMA: Rank.AVERAGE,
                Trait.CUNNING: Rank.EXCEPTIONAL},
        elements=[Element(name="Sharp Eyes", rank=Rank.GOOD, trait=Trait.CUNNING)],
        pivots=Pivots(goal="Make amends for her father's actions.",
                      quirk="That's some fine dirt.", style="Stoic"),
    )


def the_rogue() -> Character:
    return Character(
        name="The Rogue",
        genre="Weird West",
        concept=Quality(name="Gambler", rank=Rank.GOOD),
        background=Quality(name="Dentist", rank=Rank.GOOD),
        faculty=LinkedQuality(name="Quicker Than the Eye", rank=Rank.GREAT,
                              trait=Trait.PHYSIQUE),
        traits={Trait.PHYSIQUE: Rank.AVERAGE, Trait.CHARISMA: Rank.GOOD,
                Trait.CUNNING: Rank.GOOD},
        elements=[
            Element(name="Six-gun God", rank=Rank.EXCEPTIONAL, trait=Trait.PHYSIQUE),
            Element(name='"Lunger"', rank=Rank.BASIC, trait=Trait.PHYSIQUE,
                    kind=ElementKind.WEAKNESS),
            Element(name="Cardsharp", rank=Rank.GOOD, trait=Trait.CUNNING),
        ],
        pivots=Pivots(quirk="Hedonist.", style="It's an honest profession."),
    )


def portrait_png(width: int = 40, height: int = 60) -> str:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (width, height), (200, 170, 120))
    draw = ImageDraw.Draw(image)
    draw.ellipse((8, 6, width - 8, height // 2), fill=(90, 50, 30))
    draw.rectangle((4, height // 2 + 4, width - 4, height - 2), fill=(40, 60, 110))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return base64.b64encode(out.getvalue()).decode("ascii")


def _long(prefix: str, length: int = 120) -> str:
    """``prefix`` padded to ``length`` with words found nowhere else on the sheet."""
    tag = "".join(ch for ch in prefix.lower() if ch.isalpha())[:4] or "x"
    text, n = prefix, 0
    while len(text) < length:
        n += 1
        text += f" {tag}{chr(ord('a') + n // 26)}{chr(ord('a') + n % 26)}"
    return text[:length].rstrip()


STRESS_NAME = _long("Élodie Ærøskøbing-Straße 武士の魂 the Unreasonably Named")


def stress_case() -> Character:
    elements = [
        Element(name=_long("Sorcery of the Crimson Lantern"), rank=Rank.GOOD,
                trait=Trait.CUNNING, kind=ElementKind.SFX),
        Element(name="Lantern of Ages", rank=Rank.BASIC, trait=Trait.CUNNING,
                kind=ElementKind.FETISH, fetish_of="Sorcery of the Crimson Lantern"),
        Element(name="Glass Jaw", rank=Rank.BASIC, trait=Trait.PHYSIQUE,
                kind=ElementKind.WEAKNESS),
        Element(name="Cliff Climbing", rank=Rank.GOOD, trait=Trait.PHYSIQUE,
                kind=ElementKind.STUNT),
        Element(name="Grandfather's Sabre", rank=Rank.GOOD, trait=Trait.PHYSIQUE,
                kind=ElementKind.ITEM, note="Notched, never sharpened."),
        Element(name="武士の魂", rank=Rank.GREAT, trait=Trait.CHARISMA),
        Element(name="Smooth Talker", rank=Rank.GOOD, trait=Trait.CHARISMA),
        Element(name="Ærøskøbing Harbour Lore", rank=Rank.GOOD, trait=Trait.CUNNING),
        Element(name="Street Smarts", rank=Rank.LEGENDARY, trait=Trait.CUNNING),
        Element(name=_long("Unbreakable Will of the Last Lighthouse Keeper"),
                rank=Rank.EXCEPTIONAL, trait=None),
    ]
    return Character(
        name=STRESS_NAME,
        player=_long("Player Ødegård-Müller"),
        campaign=_long("The Campaign of Endless Names"),
        genre="Sword & Sorcery",
        concept=Quality(name=_long("Wandering Swordmaster"), rank=Rank.EXCEPTIONAL),
        background=Quality(name=_long("Ærøskøbing Straße Dockhand"), rank=Rank.GOOD),
        faculty=LinkedQuality(name=_long("武士の魂 Spirit of the Warrior"), rank=Rank.GREAT,
                              trait=Trait.PHYSIQUE),
        traits={Trait.PHYSIQUE: Rank.GREAT, Trait.CHARISMA: Rank.AVERAGE,
                Trait.CUNNING: Rank.BASIC},
        elements=elements,
        pivots=Pivots(goal=_long("Find the smith who forged the broken blade"),
                      quirk=_long("Hums old Danish sea shanties, ø and å included"),
                      style=_long("With a flourish 武士の魂")),
        notes=_long("Owes the harbour master a favour.", 300),
        portrait=portrait_png(),
        play=PlayState(luck=4, penalty_ranks={Trait.PHYSIQUE: 3, Trait.CUNNING: 7},
                       advancements=[HeldAdvancement(), HeldAdvancement()]),
    )


def party_of_six() -> list[Character]:
    extra = []
    for i, (name, concept) in enumerate([("Ambassador Holloway", "Negotiator"),
                                         ("Bjørn Ironside", "Viking Raider"),
                                         ("Mei Lin", "Martial Artist"),
                                         ("Doc Penrose", "Sawbones")]):
        ch = sarah_x()
        ch.name = name
        ch.player = f"Player {i + 1}"
        ch.concept = Quality(name=concept, rank=Rank.GREAT)
        extra.append(ch)
    return [sarah_x(), the_rogue(), *extra]


# --- reading PDFs back --------------------------------------------------------

PAGE_POINTS = {PaperSize.A4: (595, 842), PaperSize.LETTER: (612, 792)}
BOTH = pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])


@dataclass(frozen=True)
class Fragment:
    text: str
    x: float
    y: float
    size: float
    font: str

    def box(self) -> Rect:
        """The fragment's ink box, measured with the same font metrics."""
        width = _fragment_width(self)
        return Rect(self.x, self.y - self.size * DESCENT, width,
                    self.size * (ASCENT + DESCENT))


def _fragment_width(fragment: Fragment) -> float:
    base = fragment.font.split("+", 1)[-1].lstrip("/")
    faces = {
        "DejaVuSans": Face.REGULAR,
        "DejaVuSans-Bold": Face.BOLD,
        "DejaVuSansCondensed": Face.CONDENSED,
        "DejaVuSansCondensed-Bold": Face.CONDENSED_BOLD,
    }
    if base in faces:
        return pdfmetrics.stringWidth(fragment.text, faces[base].value, fragment.size)
    if base == "DroidSansFallback":
        return pdfmetrics.stringWidth(fragment.text, FALLBACK_FACE, fragment.size)
    scripts = {"SEForgeHangul-Regular": "SEForge-Hangul",
               "NotoSansThai-Regular": "SEForge-NotoSansThai",
               "NotoSansDevanagari-Regular": "SEForge-NotoSansDevanagari"}
    if base in scripts:
        return pdfmetrics.stringWidth(fragment.text, scripts[base], fragment.size)
    return pdfmetrics.stringWidth(fragment.text, base, fragment.size)


def read_pdf(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def fragments(page: Any) -> list[Fragment]:
    found: list[Fragment] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        text = text.strip("\n")
        if not text.strip():
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = tm[0] * cm[0]
        name = str(font.get("/BaseFont", "")) if font else ""
        found.append(Fragment(text.rstrip(), x, y, size * scale, name))

    page.extract_text(visitor_text=visit)
    return found


def _norm(text: str) -> str:
    return " ".join(text.split())


def owned_text(character: Character, layout: SheetLayout, first: int = 0,
               rows: tuple[Rect, ...] | None = None) -> list[tuple[Rect, str]]:
    """(rectangle, text) pairs: where each piece of the character's data belongs."""
    pairs: list[tuple[Rect, str]] = [
        (layout.who, character.name),
        (layout.playing, character.campaign),
        (layout.playing, character.genre),
        (layout.playing, character.player),
        (layout.concept, character.concept.name),
        (layout.background, character.background.name),
        (layout.faculty, character.faculty.name),
        (layout.notes, character.notes),
    ]
    pivots = character.pivots
    for rect, value in zip(layout.pivot_rows, (pivots.goal, pivots.quirk, pivots.style),
                           strict=True):
        pairs.append((rect, value or ""))
    row_rects = rows if rows is not None else layout.element_rows
    for rect, element in zip(row_rects, character.elements[first:], strict=False):
        pairs += [(rect, element.name), (rect, element.note), (rect, element.fetish_of or "")]
    return [(rect, _norm(text)) for rect, text in pairs if _norm(text)]


def assert_text_in_boxes(page: Any, sections: dict[str, Rect],
                         owned: list[tuple[Rect, str]]) -> list[Fragment]:
    """Every fragment is inside a section; data fragments inside their own box."""
    frags = fragments(page)
    assert frags, "no text on the page"
    for frag in frags:
        ink = frag.box()
        assert any(rect.contains_rect(ink, tolerance=1.0) for rect in sections.values()), (
            f"{frag.text!r} at {ink} is outside every section")
        core = frag.text.replace(ELLIPSIS, "").strip()
        if len(core) < 2 or not any(ch.isalpha() for ch in core):
            continue
        homes = [rect for rect, text in owned if core in text or (len(text) >= 3 and
                                                                  text in core)]
        if homes:
            assert any(rect.contains_rect(ink, tolerance=1.0) for rect in homes), (
                f"{frag.text!r} at {ink} is outside its box(es) {homes}")
    return frags


def export_bytes(characters: list[Character], paper: PaperSize, **kw: Any) -> bytes:
    out = io.BytesIO()
    export_sheets(characters, out, paper, **kw)
    return out.getvalue()


# --- the sheets ----------------------------------------------------------------


@BOTH
@pytest.mark.parametrize("make", [sarah_x, the_rogue, stress_case])
def test_one_character_pages_size_and_metadata(make: Any, paper: PaperSize) -> None:
    character = make()
    reader = read_pdf(export_bytes([character], paper))
    rows = len(sheet_layout(paper).element_rows)
    expected = 1 if len(character.elements) <= rows else 2
    assert len(reader.pages) == page_count([character], paper)
    if make is stress_case:  # its long texts continue on a page of their own
        assert len(reader.pages) == expected + 1
        assert "CONTINUED" in reader.pages[-1].extract_text()
    else:
        assert len(reader.pages) == expected
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == PAGE_POINTS[paper]
    meta = reader.metadata
    assert meta is not None
    assert meta.title == _norm(character.name)
    assert meta.author == (_norm(character.player) or "SEForge")
    assert meta.subject == "Sword's Edge character sheet"


@BOTH
def test_sarah_x_text(paper: PaperSize) -> None:
    reader = read_pdf(export_bytes([sarah_x()], paper))
    text = reader.pages[0].extract_text()
    for expected in ["Sarah X", "Dust and Iron", "Player: Dana", "Bounty Hunter", "+6",
                     "Military", "Hunting", "Trait: Cunning", "PHYSIQUE", "CHARISMA",
                     "CUNNING", "Sharp Eyes", "Make amends for her father's actions.",
                     "That's some fine dirt.", "Stoic", "Goal", "Quirk", "Style",
                     "Seize Momentum!", "Luck".upper(), "ADVANCEMENT", "Exceptional"]:
        assert expected in text, expected


@BOTH
def test_rogue_weakness_is_negative_and_marked(paper: PaperSize) -> None:
    reader = read_pdf(export_bytes([the_rogue()], paper))
    layout = sheet_layout(paper)
    frags = fragments(reader.pages[0])
    row = layout.element_rows[1]  # "Lunger", the Weakness
    in_row = [f.text for f in frags if row.contains_rect(f.box(), tolerance=1.0)]
    assert '"Lunger"' in in_row
    assert "-2" in in_row
    assert "WEAKNESS" in in_row
    assert "Trait: Physique" in in_row
    six_gun = [f.text for f in frags if layout.element_rows[0].contains(f.x, f.y)]
    assert "+6" in six_gun and "Six-gun God" in six_gun
    text = reader.pages[0].extract_text()
    for expected in ["Quicker Than the Eye", "Trait: Physique", "Hedonist.",
                     "It's an honest profession.", "Dentist", "Gambler"]:
        assert expected in text


@BOTH
def test_ranks_table(paper: PaperSize) -> None:
    reader = read_pdf(export_bytes([sarah_x()], paper))
    ranks = sheet_layout(paper).ranks
    cells = [f.text for f in fragments(reader.pages[0]) if ranks.contains(f.x, f.y)]
    for name, mod, tn in [("Weak", "-6", "3"), ("Poor", "-4", "5"), ("Basic", "-2", "8"),
                          ("Average", "+0", "12"), ("Good", "+2", "17"),
                          ("Great", "+4", "23"), ("Exceptional", "+6", "31"),
                          ("Legendary", "+8", "40")]:
        assert name in cells and mod in cells and tn in cells


@BOTH
@pytest.mark.parametrize("make", [sarah_x, the_rogue, stress_case])
def test_text_stays_in_its_box(make: Any, paper: PaperSize) -> None:
    character = make()
    reader = read_pdf(export_bytes([character], paper))
    layout = sheet_layout(paper)
    frags = assert_text_in_boxes(reader.pages[0], layout.sections(),
                                 owned_text(character, layout))
    # each data item shows up (at least its beginning) on the page
    joined = " ".join(f.text for f in frags)
    for _rect, text in owned_text(character, layout):
        assert text.split()[0] in joined
    chunks = element_pages(len(character.elements), paper)
    for page_no in range(1, len(reader.pages)):
        more = continuation_layout(paper)
        if page_no >= len(chunks):  # the page of text that did not fit its box
            assert_text_in_boxes(reader.pages[page_no], more.sections(), [])
            continue
        first = sum(len(r) for r in chunks[:page_no])
        owned = [(rect, _norm(text)) for rect, text in
                 ((more.who, character.name),
                  *((row, e.name) for row, e in zip(more.element_rows,
                                                      character.elements[first:],
                                                      strict=False)))]
        assert_text_in_boxes(reader.pages[page_no], more.sections(), owned)


@BOTH
def test_penalty_luck_and_advancement_marks(paper: PaperSize) -> None:
    character = stress_case()  # Physique 3, Cunning 7 penalty ranks; 4 Luck; 2 Advancements
    reader = read_pdf(export_bytes([character], paper))
    layout = sheet_layout(paper)
    frags = fragments(reader.pages[0])
    # ticked penalty boxes hide their label: Physique keeps -4..-7, Cunning none,
    # Charisma all seven
    for trait_index, labels in [(0, {"-4", "-5", "-6", "-7"}), (1, {f"-{i}" for i in
                                                                    range(1, 8)}),
                                (2, set())]:
        box = layout.trait_boxes[trait_index]
        shown = {f.text for f in frags if box.contains(f.x, f.y) and f.text.startswith("-")
                 and f.text[1:].isdigit() and f.size <= 7.01}
        assert shown == labels


def test_stress_case_keeps_accents_and_cjk() -> None:
    reader = read_pdf(export_bytes([stress_case()], PaperSize.A4))
    text = reader.pages[0].extract_text()
    assert "Élodie Ærøskøbing-Straße" in text
    assert "武士の魂" in text
    assert "Ærøskøbing Harbour Lore" in text
    fonts = {f.font for f in fragments(reader.pages[0])}
    assert any("DejaVuSans" in f for f in fonts)
    assert any("DroidSansFallback" in f for f in fonts), "CJK is drawn in the embedded face"


@BOTH
def test_many_elements_continue_on_more_pages(paper: PaperSize) -> None:
    character = stress_case()
    base = list(character.elements)
    character.elements = [e.model_copy(update={"name": f"{e.name[:30]} #{i}"})
                          for i, e in enumerate(base * 6)]  # 60 Elements
    reader = read_pdf(export_bytes([character], paper))
    chunks = element_pages(60, paper)
    assert len(chunks) >= 2
    pages = len(reader.pages)
    assert pages == page_count([character], paper)
    assert pages == len(chunks) + 1  # the Elements, then the text that did not fit
    text = "\n".join(page.extract_text() for page in reader.pages)
    for i in range(60):
        assert f"#{i}" in text  # no Element lost
    for page_no in range(1, len(reader.pages)):
        more = continuation_layout(paper)
        assert_text_in_boxes(reader.pages[page_no], more.sections(), [])
        assert f"Page {page_no + 1} of {pages}" in reader.pages[page_no].extract_text()


def test_party_of_six_is_six_pages() -> None:
    party = party_of_six()
    reader = read_pdf(export_bytes(party, PaperSize.A4))
    assert len(reader.pages) == 6
    meta = reader.metadata
    assert meta is not None
    assert meta.title == "Party: " + ", ".join(ch.name for ch in party)
    assert meta.author == "Dana, Player 1, Player 2, Player 3, Player 4"
    for page, character in zip(reader.pages, party, strict=True):
        assert character.name in page.extract_text()


def test_title_override() -> None:
    reader = read_pdf(export_bytes(party_of_six()[:2], PaperSize.A4, title="Dust and Iron"))
    assert reader.metadata is not None and reader.metadata.title == "Dust and Iron"


@BOTH
def test_blank_sheet(paper: PaperSize) -> None:
    out = io.BytesIO()
    export_blank(out, paper)
    reader = read_pdf(out.getvalue())
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for heading in ["WHO ARE YOU?", "WHAT ARE YOU PLAYING?", "CONCEPT", "BACKGROUND",
                    "FACULTY", "TRAITS", "ELEMENTS", "CHARACTER NOTES / SKETCH", "LUCK",
                    "ADVANCEMENT", "Seize Momentum!", "PIVOTS", "RANKS", "Trait:"]:
        assert heading in text, heading
    assert text.count("Trait:") >= 5 + 1  # the Element rows and the Faculty
    assert_text_in_boxes(reader.pages[0], sheet_layout(paper).sections(), [])
    out = io.BytesIO()
    export_blank(out, paper, copies=3)
    assert len(read_pdf(out.getvalue()).pages) == 3


def test_layout_is_sound() -> None:
    for paper in PaperSize:
        layout = sheet_layout(paper)
        page = Rect(0, 0, layout.width, layout.height).inset(20)
        rects = layout.sections()
        for name, rect in rects.items():
            assert page.contains_rect(rect), name
            assert rect.w > 0 and rect.h > 0, name
        names = list(rects)
        for i, a in enumerate(names):  # sections never overlap
            for b in names[i + 1:]:
                ra, rb = rects[a], rects[b]
                overlap = (min(ra.right, rb.right) - max(ra.x, rb.x),
                           min(ra.top, rb.top) - max(ra.y, rb.y))
                assert overlap[0] <= 0 or overlap[1] <= 0, (a, b)
        assert len(layout.element_rows) >= 5
        for row in layout.element_rows:
            assert layout.elements.contains_rect(row)
        for box in layout.trait_boxes:
            assert layout.traits.contains_rect(box)
        for row in layout.pivot_rows:
            assert layout.pivots.contains_rect(row)


def test_broken_portrait_is_skipped() -> None:
    for broken in ["not base64 at all!!", base64.b64encode(b"\x89PNG\r\n\x1a\nnope").decode(),
                   portrait_png()[:60], ""]:
        character = sarah_x()
        character.portrait = broken
        reader = read_pdf(export_bytes([character], PaperSize.A4))
        assert len(reader.pages) == 1
        assert "Sarah X" in reader.pages[0].extract_text()


def _image_rects(reader: PdfReader, page: Any) -> list[Rect]:
    """Where images are drawn: the ``cm`` in force at each ``Do``."""
    from pypdf.generic import ContentStream

    rects: list[Rect] = []
    last_cm: list[float] = []
    xobjects = page["/Resources"].get("/XObject", {})
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"cm":
            last_cm = [float(v) for v in operands]
        elif (operator == b"Do" and last_cm
              and xobjects[operands[0]].get_object().get("/Subtype") == "/Image"):
            a, _b, _c, d, e, f = last_cm
            rects.append(Rect(e, f, a, d))
    return rects


@BOTH
def test_portrait_is_embedded_in_the_notes_box(paper: PaperSize) -> None:
    reader = read_pdf(export_bytes([stress_case()], paper))
    page = reader.pages[0]
    images = list(page.images)
    assert len(images) == 1
    assert images[0].image is not None
    assert images[0].image.size == (40, 60)
    (placed,) = _image_rects(reader, page)
    notes = sheet_layout(paper).notes
    assert notes.inset(4).contains_rect(placed)
    assert placed.w / placed.h == pytest.approx(40 / 60, rel=0.01)  # aspect kept


def test_large_and_transparent_portraits() -> None:
    from PIL import Image

    big = Image.new("RGBA", (3000, 1500), (255, 0, 0, 128))
    out = io.BytesIO()
    big.save(out, format="PNG")
    character = sarah_x()
    character.portrait = base64.b64encode(out.getvalue()).decode()
    reader = read_pdf(export_bytes([character], PaperSize.A4))
    (image,) = list(reader.pages[0].images)
    assert image.image is not None and image.image.size == (900, 450)
    (placed,) = _image_rects(reader, reader.pages[0])
    assert sheet_layout(PaperSize.A4).notes.contains_rect(placed)
    jpeg = io.BytesIO()
    Image.new("RGB", (30, 30), (0, 90, 0)).save(jpeg, format="JPEG")
    character.portrait = "data:image/jpeg;base64," + base64.b64encode(jpeg.getvalue()).decode()
    character.notes = "Notes share the box with the picture."
    reader = read_pdf(export_bytes([character], PaperSize.A4))
    assert len(list(reader.pages[0].images)) == 1
    assert "Notes share the box" in reader.pages[0].extract_text()


def test_odd_text_never_fails() -> None:
    character = sarah_x()
    character.name = "Ctrl\x00\x07 Tab\there \ud800 emoji 😀 한국어 中国话 " + "W" * 400
    character.concept = Quality(name="M" * 300, rank=Rank.MYTHIC)
    character.pivots = Pivots(goal="\n\n".join(["line"] * 50))
    character.notes = "x" * 5000
    character.play = PlayState(luck=99, penalty_ranks={Trait.PHYSIQUE: 7},
                               advancements=[HeldAdvancement()] * 30)
    reader = read_pdf(export_bytes([character], PaperSize.LETTER))
    assert len(reader.pages) >= 2  # what does not fit continues after the sheet
    layout = sheet_layout(PaperSize.LETTER)
    assert_text_in_boxes(reader.pages[0], layout.sections(), owned_text(character, layout))
    text = "".join(page.extract_text() for page in reader.pages)
    assert text.count("x") >= 5000 and text.count("W") >= 400


# --- fit_text -------------------------------------------------------------------


def test_fit_text_shrinks_then_wraps_then_ellipsizes() -> None:
    register_fonts()
    short = fit_text("Sarah X", 200, 20, face=Face.BOLD, size=16, min_size=6)
    assert short.lines == ("Sarah X",) and short.size == 16
    medium = fit_text("Bounty Hunter of the Far Frontier", 150, 14, size=11, min_size=6,
                      max_lines=1)
    assert len(medium.lines) == 1 and medium.size < 11 and not medium.truncated
    wrapped = fit_text("word " * 30, 100, 60, size=9, min_size=6)
    assert len(wrapped.lines) > 1 and not wrapped.truncated
    cut = fit_text("word " * 300, 100, 30, size=9, min_size=6)
    assert cut.truncated and cut.lines[-1].endswith(ELLIPSIS) and cut.size == 6
    for fitted in (short, medium, wrapped, cut):
        assert fitted.width <= 200 + 0.01
    assert all(string_width(line, Face.REGULAR, 6) <= 100 + 0.01 for line in cut.lines)
    cjk = fit_text("武士の魂" * 20, 60, 40, size=10, min_size=6)
    assert all(string_width(line, Face.REGULAR, cjk.size) <= 60 + 0.01 for line in cjk.lines)
    assert fit_text("  ", 50, 50).lines == ()


def test_fallback_runs() -> None:
    assert runs("Élodie ß", Face.REGULAR) == [("Élodie ß", Face.REGULAR.value)]
    parts = runs("Sword 武士の魂 Soul", Face.BOLD)
    assert [font for _t, font in parts] == [Face.BOLD.value, FALLBACK_FACE, Face.BOLD.value]
    assert "".join(t for t, _f in parts) == "Sword 武士の魂 Soul"
    assert runs("한국", Face.REGULAR) == [("한국", "SEForge-Hangul")]  # embedded, not CID
    assert runs("😀", Face.REGULAR) == [("[grinning face]", Face.REGULAR.value)]  # never \ufffd


@pytest.mark.parametrize(("name", "paper"), [
    ("en_US.UTF-8", PaperSize.LETTER), ("fr_CA", PaperSize.LETTER),
    ("es-MX", PaperSize.LETTER), ("en_PH.utf8", PaperSize.LETTER),
    ("English_United States", PaperSize.LETTER), ("en_GB.UTF-8", PaperSize.A4),
    ("de_DE@euro", PaperSize.A4), ("ja_JP", PaperSize.A4), ("", PaperSize.A4),
    ("C", PaperSize.A4), ("es_419", PaperSize.A4),
])
def test_default_paper_for_locale(name: str, paper: PaperSize) -> None:
    assert default_paper_for_locale(name) is paper


def test_default_paper_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert default_paper_for_locale() is PaperSize.A4
    monkeypatch.setenv("LC_PAPER", "en_CA.UTF-8")
    assert default_paper_for_locale() is PaperSize.LETTER
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert default_paper_for_locale() is PaperSize.A4


# --- files and pictures -----------------------------------------------------------


def test_export_to_path_is_atomic(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    export_sheets([sarah_x()], target)
    assert target.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]
    with pytest.raises(ValueError):
        export_sheets([], target)
    assert target.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]


def _render(pdf: Path, tmp_path: Path) -> list[Path]:
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed")
    prefix = tmp_path / pdf.stem
    subprocess.run(["pdftoppm", "-r", "50", "-png", str(pdf), str(prefix)], check=True,
                   capture_output=True, timeout=60)
    return sorted(tmp_path.glob(f"{pdf.stem}*.png"))


@BOTH
def test_pages_render(paper: PaperSize, tmp_path: Path) -> None:
    from PIL import Image

    pdf = tmp_path / "party.pdf"
    characters = [sarah_x(), the_rogue(), stress_case()]
    export_sheets(characters, pdf, paper)
    pngs = _render(pdf, tmp_path)
    assert len(pngs) == page_count(characters, paper)
    blank = tmp_path / "blank.pdf"
    export_blank(blank, paper)
    blank_pngs = _render(blank, tmp_path)
    assert len(blank_pngs) == 1
    for png in pngs + blank_pngs:
        with Image.open(png) as image:
            gray = image.convert("L")
            low, high = gray.getextrema()
            assert low < 100 and high > 200  # dark ink on white paper
            histogram = gray.histogram()
            dark = sum(histogram[:128])
            assert dark > 0.01 * gray.width * gray.height  # not a near-empty page


def _redness(image: Any, cell: Rect, page_height: float, dpi: int) -> float:
    """Mean of red minus green over the middle of ``cell`` in a rendered page."""
    k = dpi / 72
    inner = cell.inset(cell.w * 0.15, cell.h * 0.15)
    left, right = round(inner.x * k), round(inner.right * k)
    top, bottom = round((page_height - inner.top) * k), round((page_height - inner.y) * k)
    pixels = [image.getpixel((x, y)) for x in range(left, right) for y in range(top, bottom)]
    return sum(p[0] - p[1] for p in pixels) / len(pixels)


@BOTH
def test_ticks_follow_penalties_luck_and_advancements(paper: PaperSize,
                                                      tmp_path: Path) -> None:
    from PIL import Image

    character = stress_case()  # Physique 3, Cunning 7 penalty ranks; 4 Luck; 2 Advancements
    pdf = tmp_path / "ticks.pdf"
    export_sheets([character], pdf, paper)
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed")
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "ticks")], check=True, capture_output=True, timeout=60)
    layout = sheet_layout(paper)
    (png,) = tmp_path.glob("ticks*.png")
    with Image.open(png) as opened:
        image = opened.convert("RGB")
        expected = [(layout.penalty_boxes[0], 3), (layout.penalty_boxes[1], 0),
                    (layout.penalty_boxes[2], 7), (layout.luck_boxes, 4),
                    (layout.advancement_boxes, 2)]
        for cells, ticked in expected:
            marks = [_redness(image, cell, layout.height, 100) > 40 for cell in cells]
            assert marks == [i < ticked for i in range(len(cells))]


# --- the CLI ----------------------------------------------------------------------


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="seforge")
    export_cmd.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    code = args.func(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_blank(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "blank.pdf"
    code, stdout, _err = _cli(["export", "--blank", "-o", str(out), "--paper", "letter",
                               "--json"], capsys)
    assert code == 0
    assert json.loads(stdout) == {"output": str(out), "pages": 1, "documents": 0, "characters": 0}
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    assert round(float(reader.pages[0].mediabox.height)) == 792


def test_cli_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.pdf"
    code, _o, err = _cli(["export", "-o", str(out)], capsys)
    assert code == 2 and "FILE" in err
    code, _o, err = _cli(["export", "--blank", "a.sechar", "-o", str(out)], capsys)
    assert code == 2 and "--blank" in err
    code, _o, err = _cli(["export", "--blank", "-o", str(tmp_path / "no" / "x.pdf")], capsys)
    assert code == 2 and "does not exist" in err
    assert not out.exists()


def _fileformat() -> Any:
    return pytest.importorskip("seforge.systems.swords_edge.fileformat")


def test_cli_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fileformat()
    bad = tmp_path / "bad.sechar"
    bad.write_text("{ this is not a character", encoding="utf-8")
    out = tmp_path / "out.pdf"
    code, stdout, err = _cli(["export", str(bad), "-o", str(out)], capsys)
    assert code == 2
    assert "bad.sechar" in err and "\n" not in err.strip()
    assert stdout == ""
    assert not out.exists()
    code, _o, err = _cli(["export", str(tmp_path / "missing.sechar"), "-o", str(out)], capsys)
    assert code == 2 and "missing.sechar" in err and not out.exists()


def test_cli_exports_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fileformat = _fileformat()
    save = getattr(fileformat, "save_character", None)
    if save is None:
        pytest.skip("seforge.systems.swords_edge.fileformat has no save_character")
    files = []
    for i, character in enumerate([sarah_x(), the_rogue()]):
        path = tmp_path / f"c{i}.sechar"
        save(character, path)
        files.append(str(path))
    out = tmp_path / "party.pdf"
    code, stdout, _err = _cli(["export", *files, "-o", str(out), "--paper", "a4", "--json"],
                              capsys)
    assert code == 0
    assert json.loads(stdout) == {"output": str(out), "pages": 2, "documents": 2, "characters": 2}
    text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
    assert "Sarah X" in text and "The Rogue" in text


def test_neutral_c_locale_prints_on_a4(monkeypatch: pytest.MonkeyPatch) -> None:
    from seforge.core.pdf.paper import default_paper_for_locale

    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert default_paper_for_locale() is PaperSize.A4
    monkeypatch.setenv("LC_PAPER", "en_US.UTF-8")
    assert default_paper_for_locale() is PaperSize.LETTER
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert default_paper_for_locale() is PaperSize.A4
