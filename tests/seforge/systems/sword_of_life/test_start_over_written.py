"""Start over after a write-back (session 14, H10): the scores went back to their start while
the conflict still said how much Grip lost was written to the sheet, so a character who lost
less than that in the fight started over had nothing written (never), and one whose mark was
dropped would have had the first fight's wounds taken off again (twice).

Start over keeps each character's written Grip lost on its sheet and in the conflict: the
side starts again at its start less what its sheet was written (where the sheet is now), and
a later write lowers the sheet by what is lost after that only."""

from __future__ import annotations

from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.conflict import (
    apply_margin,
    grip_lost,
    grip_to_write,
    grip_written,
    mark_written_back,
    reset,
    set_kind,
    set_side,
    side_character,
    take_character,
    to_write_back,
)
from seforge.systems.sword_of_life.conflict_model import SolConflict
from seforge.systems.sword_of_life.rules import grip_now, take_wounds
from tests.seforge.systems.sword_of_life.test_grip_written import _vance


def _written_then_started_over(lost: int) -> tuple[SolConflict, SolCharacter]:
    """Vance (Grip 5) loses ``lost``, it is written to his sheet, and the GM starts over."""
    sheet = _vance()
    doc = SolConflict()
    take_character(doc, None, side_character(sheet, "vance.sol"), "Vance")
    apply_margin(doc, 0, -lost)
    take_wounds(sheet, grip_to_write(doc, doc.player))
    mark_written_back(doc, None)
    reset(doc)
    return doc, sheet


def _write(doc: SolConflict, sheet: SolCharacter) -> None:
    """What Write Grip lost to sheets does to one sheet: the difference, then the mark."""
    take_wounds(sheet, grip_to_write(doc, doc.player))
    mark_written_back(doc, None)


def test_start_over_keeps_the_written_grip_on_the_sheet_and_in_the_score() -> None:
    doc, sheet = _written_then_started_over(2)
    assert grip_now(sheet) == 3
    # the log and the deck are cleared; Vance starts again where his sheet is
    assert doc.log == [] and doc.exchanges == 0
    assert doc.player.score == grip_now(sheet) == 3
    assert grip_written(doc.player) == 2 and grip_to_write(doc, doc.player) == 0
    assert to_write_back(doc) == []  # nothing to write twice
    assert doc.opponents[0].score == doc.opponents[0].start


def test_a_smaller_loss_after_start_over_is_written_never_lost() -> None:
    """Wrote 2, started over, lost 1: the old mark (2) swallowed the new loss (1)."""
    doc, sheet = _written_then_started_over(2)
    apply_margin(doc, 0, -1)
    assert grip_to_write(doc, doc.player) == 1
    _write(doc, sheet)
    assert grip_now(sheet) == 2 == doc.player.score
    assert grip_lost(doc, doc.player) == grip_written(doc.player) == 3


def test_a_larger_loss_after_start_over_is_written_once() -> None:
    doc, sheet = _written_then_started_over(1)
    apply_margin(doc, 0, -3)
    assert grip_to_write(doc, doc.player) == 3
    _write(doc, sheet)
    assert grip_now(sheet) == 1 == doc.player.score
    assert to_write_back(doc) == []


def test_a_kind_changed_after_start_over_keeps_the_written_grip() -> None:
    """Before the first exchange a change of kind derives the scores again: a combat again
    starts the character where the sheet is, not at the Grip it came in with."""
    doc, sheet = _written_then_started_over(2)
    set_kind(doc, "debate")
    assert doc.player.score == 5  # Point: the Grip written does not touch it
    set_kind(doc, "combat")
    assert doc.player.score == grip_now(sheet) == 3
    assert grip_to_write(doc, doc.player) == 0


def test_start_over_with_nothing_written_is_as_before() -> None:
    doc = SolConflict()
    take_character(doc, None, side_character(_vance(), "vance.sol"), "Vance")
    apply_margin(doc, 0, -2)
    reset(doc)
    assert doc.player.score == doc.player.start == 5
    assert grip_written(doc.player) == 0


def test_a_score_typed_after_start_over_keeps_the_written_grip_lost() -> None:
    """Before the first exchange a typed Grip is where the side starts: after a write and a
    start over, typing Vance's Grip made it his start too, and the Grip written (2) then
    swallowed the next 2 lost."""
    doc, sheet = _written_then_started_over(2)
    set_side(doc, None, score=4)  # the GM says Vance has 4 now (say, a medkit on the sheet)
    assert doc.player.score == 4 and doc.player.start == 6
    assert grip_to_write(doc, doc.player) == 0
    set_side(doc, 0, start=4)  # an opponent has nothing written: as before
    assert doc.opponents[0].score == doc.opponents[0].start == 4
    apply_margin(doc, 0, -1)
    assert grip_to_write(doc, doc.player) == 1
    reset(doc)
    set_side(doc, None, start=5)
    assert doc.player.score == 3 and grip_to_write(doc, doc.player) == 0
    assert grip_now(sheet) == 3
