"""The corpus test (issue 27) on Sword's Edge's sheet, NC card and party summary:
every script's names and notes in the text layer in logical order, no two words
drawn over each other, nothing off the page or outside its box."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.cards import render_cards
from seforge.systems.swords_edge.cards.layout import page_layout
from seforge.systems.swords_edge.models import (
    Character,
    Element,
    NarrativeCharacter,
    NCQuality,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet import PaperSize, SheetOptions, render_sheets
from seforge.systems.swords_edge.sheet.layout import sheet_layout
from tests.seforge.core.pdf.corpus import (
    CORPUS,
    Sample,
    assert_in_boxes,
    assert_in_text_layer,
    assert_no_overlap,
    assert_on_page,
    needs_poppler,
    words,
)

pytestmark = needs_poppler
IDS = [sample.script for sample in CORPUS]


def _character(sample: Sample) -> Character:
    character = library.load_pc("tella-of-jost")
    character.name = sample.name
    character.concept.name = sample.name
    character.elements = [Element(name=sample.name, rank=Rank.GOOD, trait=Trait.CUNNING,
                                   note=sample.name), *character.elements]
    character.pivots.goal = sample.name
    character.notes = sample.note
    return character


def _check(pdf: Path, sample: Sample) -> None:
    assert_in_text_layer(pdf, [sample.name], ordered=sample.directional)
    assert_in_text_layer(pdf, [sample.note], ordered=False)
    first = sample.note.split("  ")[0].strip()
    unit = " ".join(first.split()[:3])
    assert_in_text_layer(pdf, [unit], ordered=sample.directional)
    pages, found = words(pdf)
    assert found
    assert_no_overlap(found)
    assert_on_page(pages, found)


@pytest.mark.parametrize("sample", CORPUS, ids=IDS)
def test_sheet_prints_every_script(sample: Sample, tmp_path: Path) -> None:
    data, _pages = render_sheets([_character(sample)], PaperSize.A4)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(data)
    _check(pdf, sample)
    layout = sheet_layout(PaperSize.A4)
    pages, found = words(pdf)
    boxes = [(r.x, r.y, r.w, r.h) for r in layout.sections().values()]
    assert_in_boxes(found, 1, pages[0][1], boxes)


@pytest.mark.parametrize("sample", CORPUS, ids=IDS)
def test_nc_card_prints_every_script(sample: Sample, tmp_path: Path) -> None:
    nc = NarrativeCharacter(name=sample.name,
                            concept=NCQuality(name=sample.name, rank=Rank.GOOD),
                            elements=[NCQuality(name=sample.name, rank=Rank.GOOD),
                                      NCQuality(name="ولي الله", rank=Rank.GOOD)],
                            notes=sample.note[:400], source=sample.name)
    data, _pages = render_cards([nc, nc.model_copy(deep=True)], PaperSize.A4)
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(data)
    _check_card(pdf, sample)
    layout = page_layout(PaperSize.A4)
    pages, found = words(pdf)
    boxes = [(r.x, r.y, r.w, r.h) for r in (*layout.cards, layout.header, layout.footer)]
    for page in range(1, len(pages) + 1):
        assert_in_boxes(found, page, pages[page - 1][1], boxes)


def _check_card(pdf: Path, sample: Sample) -> None:
    assert_in_text_layer(pdf, [sample.name], ordered=sample.directional)
    pages, found = words(pdf)
    assert found
    assert_no_overlap(found)
    assert_on_page(pages, found)


@pytest.mark.parametrize("sample", CORPUS, ids=IDS)
def test_party_summary_prints_every_script(sample: Sample, tmp_path: Path) -> None:
    party = [_character(sample), library.load_pc("tella-of-jost")]
    data, _pages = render_sheets(party, PaperSize.A4, options=SheetOptions(party_summary=True))
    pdf = tmp_path / "party.pdf"
    pdf.write_bytes(data)
    assert_in_text_layer(pdf, [sample.name], ordered=sample.directional)
    pages, found = words(pdf)
    summary = [w for w in found if w.page == 1]
    assert summary
    assert_no_overlap(summary)
    assert_on_page(pages, summary)
    assert "+2" in " ".join(w.text for w in summary)
