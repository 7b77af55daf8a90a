"""The GM's party PDF: outline, page numbers, party summary, reference page."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.cli import main
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.sheet import PaperSize, SheetOptions, render_sheets
from seforge.systems.swords_edge.sheet.extras import best_qualities, trait_summary
from tests.seforge.systems.swords_edge.test_sheet import sarah_x
from tests.seforge.systems.swords_edge.test_sheet_truth import mid_play_tella


def _party() -> list[Character]:
    return [mid_play_tella(), *(library.load_pc(e.id) for e in library.list_entries("pc"))][:6]


def _reader(characters: list[Character], **options: bool) -> PdfReader:
    data, pages = render_sheets(characters, PaperSize.A4, options=SheetOptions(**options))
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == pages
    return reader


def test_party_pdf_has_one_bookmark_per_character_and_page_numbers() -> None:
    party = _party()
    reader = _reader(party)
    outline = reader.outline
    assert [item.title for item in outline] == [c.name for c in party]  # type: ignore[union-attr]
    for item, expected_page in zip(outline, range(6), strict=True):
        assert reader.get_destination_page_number(item) == expected_page  # type: ignore[arg-type]
    pages = len(reader.pages)
    for number, page in enumerate(reader.pages, start=1):
        assert f"PDF page {number} of {pages}" in page.extract_text()


def test_party_summary_comes_first_on_one_page() -> None:
    party = _party()
    reader = _reader(party, party_summary=True)
    assert len(reader.pages) == len(party) + 1
    summary = " ".join(reader.pages[0].extract_text().split())
    assert "PARTY SUMMARY" in summary
    for character in party:
        assert character.name in summary
    assert "Charisma +4, now +0 (2 Penalty Ranks)" in summary
    assert "Doom on Physique" in summary and "Luck 3" in summary and "Advancements 1" in summary
    assert "Goal: Dynastic succession." in summary
    assert reader.outline[0].title == "Party summary"  # type: ignore[union-attr]


def test_summary_helpers() -> None:
    tella = mid_play_tella()
    assert trait_summary(tella).startswith("Physique +0, now -6 (7 Penalty Ranks)")
    assert best_qualities(tella).startswith("Noble Commander +4")
    sarah = sarah_x()
    sarah.play.penalty_ranks = {Trait.CUNNING: 1}
    assert "Cunning +6, now +4 (1 Penalty Rank)" in trait_summary(sarah)


def test_reference_back_page_follows_each_character() -> None:
    reader = _reader([sarah_x(), sarah_x()], reference=True)
    assert len(reader.pages) == 4
    for index in (1, 3):
        text = reader.pages[index].extract_text()
        for title in ("RANKS", "LEVELS OF SUCCESS", "STRESS BY LEVEL", "RECOVERY"):
            assert title in text
        assert "Legendary" in text and "51" in text


def test_cli_party_summary_and_reference(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    files = []
    for i, character in enumerate(_party()[:3]):
        path = tmp_path / f"pc{i}.sechar"
        save_character(character, path)
        files.append(str(path))
    out = tmp_path / "party.pdf"
    assert main(["export", *files, "-o", str(out), "--party-summary", "--reference",
                 "--paper", "letter"]) == 0
    # the one-page summary is followed by a blank page, so each sheet starts on a front
    assert "8 page(s)" in capsys.readouterr().out
    reader = PdfReader(out)
    assert "PARTY SUMMARY" in reader.pages[0].extract_text()
    assert "double-sided" in reader.pages[1].extract_text()
    assert "RECOVERY" in reader.pages[-1].extract_text()
