"""The corpus test (issue 27) on the 2d20 player sheet and stat cards: every script's
names and notes in the text layer in logical order, no two words drawn over each
other, nothing off the page, every font embedded, nothing below 7 pt; long talents,
gear and notes continue instead of being cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.systems.twod20.cards import render_cards
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.models import Character, Harm, HarmKind, Weapon
from seforge.systems.twod20.player_sheet import read_player_sheet, render_player_sheet
from tests.seforge.core.pdf.corpus import (
    CORPUS,
    Sample,
    assert_sample_printed,
    assert_tokens_in_order,
    assert_typed_values_show,
    needs_poppler,
    set_checks,
)

pytestmark = needs_poppler
IDS = [sample.script for sample in CORPUS]
RESOURCES = Path(__file__).parents[4] / "resources" / "systems" / "twod20"
RECORDS = [RESOURCES / "thak-the-reaver.s2d20", RESOURCES / "ilse-varga.s2d20"]


def character(sample: Sample, record: Path = RECORDS[0]) -> Character:
    found = CHARACTER_KIND.load(record)
    found.name = sample.name
    found.talents = sample.name + "\n" + sample.note[:300]
    found.gear = sample.name
    found.notes = sample.note
    found.weapons = [Weapon(name=sample.name, dice=3, kind="melee", qualities=sample.name),
                     *found.weapons]
    return found


@pytest.mark.parametrize("record", RECORDS, ids=["conan", "srd"])
@pytest.mark.parametrize("sample", CORPUS, ids=IDS)
def test_player_sheet_prints_every_script(sample: Sample, record: Path,
                                          tmp_path: Path) -> None:
    document = character(sample, record)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(render_player_sheet(document))
    assert_sample_printed(pdf, sample, margin=14)
    assert read_player_sheet(pdf).character == document


@pytest.mark.parametrize("sample", CORPUS, ids=IDS)
def test_card_prints_every_script(sample: Sample, tmp_path: Path) -> None:
    pdf = tmp_path / "cards.pdf"
    data, _pages = render_cards([character(sample), character(sample, RECORDS[1])])
    pdf.write_bytes(data)
    assert_sample_printed(pdf, sample, margin=14)


def _long(record: Path) -> Character:
    found = character(CORPUS[0], record)
    found.talents = " ".join(f"talent{n}" for n in range(400))
    found.gear = " ".join(f"gear{n}" for n in range(200))
    found.notes = " ".join(f"note{n}" for n in range(600))
    return found


@pytest.mark.parametrize("record", RECORDS, ids=["conan", "srd"])
def test_long_talents_gear_and_notes_continue_on_the_sheet(record: Path,
                                                           tmp_path: Path) -> None:
    document = _long(record)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(render_player_sheet(document))
    for key in ("talents", "gear", "notes"):
        assert_tokens_in_order(pdf, getattr(document, key).split())
    assert_sample_printed(pdf, CORPUS[0], note=False, margin=14)
    assert read_player_sheet(pdf).character == document


def test_a_card_never_drops_gear_or_notes(tmp_path: Path) -> None:
    document = _long(RECORDS[0])
    pdf = tmp_path / "cards.pdf"
    data, _pages = render_cards([document, character(CORPUS[3])])
    pdf.write_bytes(data)
    for key in ("talents", "gear", "notes"):
        assert_tokens_in_order(pdf, getattr(document, key).split(), raw=True)
    assert_sample_printed(pdf, CORPUS[3], margin=14)


def test_hebrew_and_arabic_typed_in_a_reader_show_and_import(tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(render_player_sheet(character(CORPUS[0])))
    typed = {"name": "עבד אל-לה", "gear": "عبد الله مُحَمَّدٌ\nחרב", "talents": "Ωμέγα"}
    filled = assert_typed_values_show(pdf, typed, tmp_path)
    back = read_player_sheet(filled).character
    assert (back.name, back.gear, back.talents) == (typed["name"], typed["gear"],
                                                     typed["talents"])


def test_harms_above_the_boxes_lose_one_per_box_unticked(tmp_path: Path) -> None:
    document = character(CORPUS[0], RECORDS[1])
    document.settings = document.settings.model_copy(update={"harm_limit": 10})
    document.harms = [Harm(kind=HarmKind.WOUND, name=f"Cut {n}") for n in range(7)]
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(render_player_sheet(document))
    assert read_player_sheet(pdf).character == document
    unticked = set_checks(pdf, {"wound_5": False}, tmp_path / "unticked.pdf")
    harms = read_player_sheet(unticked).character.harms
    assert [h.name for h in harms if h.kind is HarmKind.WOUND] == [f"Cut {n}" for n in range(6)]
