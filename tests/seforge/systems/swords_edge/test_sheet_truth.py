"""Sheets lose no word and tell the truth mid-play (issue 14, items 1 and 2)."""

from __future__ import annotations

import base64
import io
import locale
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.core.pdf.portrait import decode_portrait
from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import (
    Character,
    Element,
    ElementKind,
    HeldAdvancement,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet import (
    PaperSize,
    SheetOptions,
    default_paper_for_locale,
    render_sheets,
)
from seforge.systems.swords_edge.sheet.layout import sheet_layout
from tests.seforge.systems.swords_edge.test_sheet import (
    _image_rects,
    fragments,
    sarah_x,
    stress_case,
)

BOTH = pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])


def _reader(characters: list[Character], paper: PaperSize = PaperSize.A4,
            **kw: object) -> PdfReader:
    data, pages = render_sheets(characters, paper, **kw)  # type: ignore[arg-type]
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == pages
    return reader


def _text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def mid_play_tella() -> Character:
    tella = load_pc("tella-of-jost")
    tella.play.penalty_ranks = {Trait.CHARISMA: 2, Trait.PHYSIQUE: 7}
    tella.play.sfx_penalty_ranks = {"Voice of Command": 1}
    tella.play.doom_trait = Trait.PHYSIQUE
    tella.play.luck = 3
    tella.play.advancements = [HeldAdvancement()]
    return tella


# --- nothing a player typed is lost -------------------------------------------------


@BOTH
def test_a_10000_character_note_is_printed_word_for_word(paper: PaperSize) -> None:
    character = sarah_x()
    words = [f"w{i:05d}" for i in range(1400)]
    character.notes = " ".join(words)
    assert len(character.notes) >= 9000
    reader = _reader([character], paper)
    assert len(reader.pages) >= 2
    first = reader.pages[0].extract_text()
    assert "more on p. 2" in first
    text = _text(reader)
    for word in words:
        assert word in text
    assert "CHARACTER NOTES" in reader.pages[1].extract_text()


def test_every_long_field_continues(tmp_path: Path) -> None:
    character = stress_case()
    character.elements[4].note = " ".join(f"sabre{i:03d}" for i in range(60))
    reader = _reader([character])
    text = " ".join(_text(reader).split())
    page_one = reader.pages[0].extract_text()
    assert page_one.count("more on p.") >= 5
    for i in range(60):
        assert f"sabre{i:03d}" in text
    for field in (character.concept.name, character.background.name, character.name,
                  character.pivots.goal or "", character.notes):
        for word in field.split():
            assert word in text, (field, word)
    for heading in ("CONCEPT", "CHARACTER NOTES", "ELEMENT: GRANDFATHER'S"):
        assert heading in text
    pdf = tmp_path / "stress.pdf"
    pdf.write_bytes(render_sheets([character])[0])
    extracted = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                               check=True).stdout
    assert "sabre059" in extracted and "\ufffd" not in extracted


@pytest.mark.parametrize("make", [stress_case, mid_play_tella, sarah_x])
def test_nothing_is_printed_below_seven_points(make: object) -> None:
    character = make()  # type: ignore[operator]
    reader = _reader([character], PaperSize.LETTER)
    for page in reader.pages:
        small = [f for f in fragments(page) if f.size < 6.99]
        assert not small, small[:3]


def test_a_portrait_leaves_notes_most_of_their_box() -> None:
    character = stress_case()
    reader = _reader([character])
    (placed,) = _image_rects(reader, reader.pages[0])
    notes = sheet_layout(PaperSize.A4).notes
    assert placed.h <= notes.h * 0.42


# --- mid-play truth -------------------------------------------------------------------


def test_mid_play_tella_prints_what_she_plays_at() -> None:
    reader = _reader([mid_play_tella()])
    text = " ".join(reader.pages[0].extract_text().split())
    assert "+4" in text and "Now +0 Average" in text  # Charisma Great, 2 Penalty Ranks
    assert "Now -6 Weak" in text  # Physique Average with all seven Penalty Ranks
    assert "Doom!" in text
    assert "Penalty -1: in play +0 Average" in text  # her SFX Quality
    assert "printed at Good" not in text  # the library's editorial note stays off


def test_clean_tracks_print_no_ticks_and_no_in_play_values() -> None:
    reader = _reader([mid_play_tella()], options=SheetOptions(clean_tracks=True))
    frags = fragments(reader.pages[0])
    text = " ".join(f.text for f in frags)
    assert "Now" not in text and "Doom!" not in text and "in play" not in text
    traits = sheet_layout(PaperSize.A4).traits
    labels = [f.text for f in frags if f.text.startswith("-") and f.text[1:].isdigit()
              and traits.contains(f.x, f.y)]
    assert len(labels) == 21  # every Penalty box shows its label: none is ticked


def test_editorial_note_is_dropped_but_a_players_note_kept() -> None:
    tella = load_pc("tella-of-jost")
    tella.notes += "\nOwes Kestrel a favour."
    text = _reader([tella]).pages[0].extract_text()
    assert "Owes Kestrel a favour." in text and "printed at Good" not in text
    mine = sarah_x()
    mine.notes = "Her SFX Quality is printed at Good in my own words."
    assert "printed at Good" in _reader([mine]).pages[0].extract_text()


def test_campaign_and_genre_print_once_when_the_same() -> None:
    character = sarah_x()
    character.campaign, character.genre = "Western", "western"
    text = _reader([character]).pages[0].extract_text()
    assert "Western" in text and "\u00b7 western" not in text and "Western \u00b7" not in text


def test_reminders_say_what_matters() -> None:
    text = " ".join(_reader([sarah_x()]).pages[0].extract_text().split())
    assert "avoid a Doom" in text and "one a session" in text
    assert "one clears one Penalty Rank" in text


def test_no_locale_at_all_means_a4(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("en_US", "UTF-8"))
    monkeypatch.setattr("sys.platform", "linux")
    assert default_paper_for_locale() is PaperSize.A4


def test_exif_rotated_photo_prints_upright() -> None:
    from PIL import Image

    image = Image.new("RGB", (40, 60), (10, 20, 30))
    exif = Image.Exif()
    exif[0x0112] = 6  # stored sideways: turn 90 degrees to view
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif)
    portrait = decode_portrait(base64.b64encode(out.getvalue()).decode())
    assert portrait is not None and (portrait.width, portrait.height) == (60, 40)


def test_weakness_and_rank_tags_still_read() -> None:
    character = sarah_x()
    character.elements.append(Element(name="Glass Jaw", rank=Rank.BASIC,
                                      trait=Trait.PHYSIQUE, kind=ElementKind.WEAKNESS))
    text = _reader([character]).pages[0].extract_text()
    assert "WEAKNESS" in text and "Glass Jaw" in text


def test_fit_text_with_a_marker_keeps_every_word() -> None:
    import random

    from seforge.core.pdf.fonts import register_fonts
    from seforge.core.pdf.text import ELLIPSIS, fit_text

    register_fonts()
    rng = random.Random(14)
    vocabulary = ["a", "sword", "edge", "Ærøskøbing", "武士の魂", "x" * 40, "lantern",
                  "of", "the", "שלום", "नमस्ते"]
    for _ in range(200):
        words = [rng.choice(vocabulary) for _ in range(rng.randint(1, 80))]
        text = " ".join(words)
        fitted = fit_text(text, rng.uniform(40, 200), rng.uniform(8, 60), size=9.0,
                          min_size=7.0, max_lines=None, marker="more on p. 2")
        shown = " ".join(fitted.lines)
        if fitted.rest:
            shown = shown.rsplit("more on p. 2", 1)[0].replace(ELLIPSIS, "")
        # the words shown, then the rest, give back the text (long words may be cut)
        assert "".join((shown + fitted.rest).split()) == "".join(text.split())
