"""The corpus test (issue 27) on the Sword of Life sheet: every script's names and
notes in the text layer in logical order, no two words drawn over each other,
nothing off the page, every font embedded, nothing below 7 pt; long notes and long
skill lists continue on further pages instead of being cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.systems.sword_of_life.character import Skill, SolCharacter, Specialty
from seforge.systems.sword_of_life.documents import CHARACTER
from seforge.systems.sword_of_life.sheet import write_pdf
from tests.seforge.core.pdf.corpus import (
    CORPUS,
    Sample,
    assert_sample_printed,
    assert_tokens_in_order,
    needs_poppler,
    text_layer,
)

pytestmark = needs_poppler
IDS = [sample.script for sample in CORPUS]
LIBRARY = Path(__file__).parents[4] / "resources" / "systems" / "sword_of_life" / "library"


def character(sample: Sample) -> SolCharacter:
    found = CHARACTER.load(LIBRARY / "fighter-pilot.sol")
    found.name = sample.name
    found.career = sample.name
    found.notes = sample.note
    found.skills = [Skill(name=sample.name, characteristic="edge"), *found.skills]
    found.specialties = {"point": [Specialty(name=sample.name)]}
    return found


@pytest.mark.parametrize("sample", CORPUS, ids=IDS)
def test_sheet_prints_every_script(sample: Sample, tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    write_pdf([character(sample)], pdf)
    assert_sample_printed(pdf, sample, margin=20)


def test_long_notes_and_skills_continue_word_for_word(tmp_path: Path) -> None:
    found = character(CORPUS[0])
    found.notes = " ".join(f"word{n}" for n in range(1500))
    found.skills += [Skill(name=f"Skill{n:02d} of a long name", characteristic="grip")
                     for n in range(60)]
    pdf = tmp_path / "sheet.pdf"
    pages = write_pdf([found, character(CORPUS[2])], pdf)
    assert pages >= 3
    assert_tokens_in_order(pdf, found.notes.split())
    layer = text_layer(pdf)
    for n in range(60):
        assert f"Skill{n:02d} of a long name" in " ".join(layer.split())
    assert_sample_printed(pdf, CORPUS[2], margin=20)


def test_a_conflict_record_beside_a_sheet_embeds_every_font(tmp_path: Path) -> None:
    from seforge.systems.sword_of_life.conflict_model import Side, SolConflict
    from seforge.systems.sword_of_life.odds import ConflictKind

    sample = CORPUS[7]
    fight = SolConflict(kind=ConflictKind.COMBAT,
                        player=Side(name=sample.name, cards=5, score=5, start=5),
                        opponents=[Side(name="Thug", cards=4, score=4, start=4)])
    pdf = tmp_path / "both.pdf"
    write_pdf([character(sample), fight], pdf)
    assert b"Helvetica" not in pdf.read_bytes()
    assert_sample_printed(pdf, sample, margin=20)
