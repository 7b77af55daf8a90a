"""Grip won back in a combat after it was written to a sheet (the score raised by hand, a
start lowered) is given back to the sheet at the next write, never more than the conflict
wrote: the sheet ends where the conflict says (docs/rules-readings.md, Sword of Life)."""

from __future__ import annotations

import pytest

from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.conflict import (
    apply_margin,
    grip_lost,
    grip_to_give_back,
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
from seforge.systems.sword_of_life.record import _side_row
from seforge.systems.sword_of_life.rules import give_back_wounds, grip_now, take_wounds
from tests.seforge.systems.sword_of_life.test_grip_written import _vance


def _written(lost: int) -> tuple[SolConflict, SolCharacter]:
    """Vance (Grip 5) loses ``lost`` in a combat and it is written to his sheet."""
    sheet = _vance()
    doc = SolConflict()
    take_character(doc, None, side_character(sheet, "vance.sol"), "Vance")
    apply_margin(doc, 0, -lost)
    _write(doc, sheet)
    return doc, sheet


def _write(doc: SolConflict, sheet: SolCharacter) -> None:
    """What Write Grip to sheets does to one sheet: the difference either way, then the
    mark."""
    take_wounds(sheet, grip_to_write(doc, doc.player))
    give_back_wounds(sheet, grip_to_give_back(doc, doc.player))
    mark_written_back(doc, None)


def test_a_score_raised_by_hand_after_a_write_gives_the_grip_back_once() -> None:
    doc, sheet = _written(3)
    assert grip_now(sheet) == 2 and to_write_back(doc) == []
    set_side(doc, None, score=4)  # the GM raises Vance's Grip in the tracker
    assert grip_to_give_back(doc, doc.player) == 2 and grip_to_write(doc, doc.player) == 0
    assert [i for i, _ in to_write_back(doc)] == [None]
    _write(doc, sheet)
    assert grip_now(sheet) == 4 == doc.player.score
    assert grip_written(doc.player) == grip_lost(doc, doc.player) == 1
    assert to_write_back(doc) == []  # given back once, not twice
    # lost again: written again, for the difference
    apply_margin(doc, 0, -2)
    assert grip_to_write(doc, doc.player) == 2
    _write(doc, sheet)
    assert grip_now(sheet) == 2 == doc.player.score


def test_never_more_is_given_back_than_the_conflict_wrote() -> None:
    doc, sheet = _written(2)
    set_side(doc, None, score=8)  # above his start: only the 2 written come back
    assert grip_to_give_back(doc, doc.player) == 2
    _write(doc, sheet)
    assert grip_now(sheet) == 5 and grip_written(doc.player) == 0
    character = doc.player.character
    assert character is not None and not character.written_back
    assert to_write_back(doc) == []


def test_a_start_lowered_mid_conflict_gives_back_too() -> None:
    doc, _sheet = _written(3)
    set_side(doc, None, start=3)  # lost now 1
    assert grip_to_give_back(doc, doc.player) == 2


def test_start_over_and_a_new_kind_give_nothing_back() -> None:
    """Start over puts the side where its sheet is; a debate never touches Grip: neither is
    Grip won back."""
    doc, _sheet = _written(3)
    reset(doc)
    assert doc.player.score == 2 and grip_to_give_back(doc, doc.player) == 0
    set_kind(doc, "debate")
    assert grip_to_give_back(doc, doc.player) == 0 and to_write_back(doc) == []
    set_kind(doc, "combat")
    assert doc.player.score == 2 and to_write_back(doc) == []


def test_a_score_typed_before_the_first_exchange_gives_nothing_back() -> None:
    """Before the first exchange a typed score is where the side starts (the Grip written
    stays lost): nothing is given back."""
    doc, _sheet = _written(3)
    reset(doc)
    set_side(doc, None, score=4)
    assert grip_to_give_back(doc, doc.player) == 0


def test_giving_back_never_raises_the_sheet_above_its_rating() -> None:
    sheet = _vance()
    take_wounds(sheet, 1)
    give_back_wounds(sheet, 3)
    assert grip_now(sheet) == 5 and sheet.grip_now is None
    with pytest.raises(RefusedError):
        give_back_wounds(sheet, -1)


def test_the_record_says_what_is_still_to_give_back() -> None:
    doc, _sheet = _written(3)
    set_side(doc, None, score=4)
    state = _side_row(doc, doc.player, True, True)[-1]
    assert "Grip lost 1 (3 written to the sheet)" in state
    set_side(doc, None, score=5)
    state = _side_row(doc, doc.player, True, True)[-1]
    assert "Grip lost 0 (3 written to the sheet)" in state
