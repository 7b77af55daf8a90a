"""How much Grip lost a conflict has written back to each character's file: a side that loses
more after a write may be written again, for the difference only; a version 1 file, which
kept only a yes/no mark, reads as everything lost so far written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from seforge.core.documents import DocumentFileError
from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.conflict import (
    grip_lost,
    grip_to_give_back,
    grip_to_write,
    grip_written,
    mark_written_back,
    set_kind,
    side_character,
    take_character,
    to_write_back,
)
from seforge.systems.sword_of_life.conflict_model import SolConflict
from seforge.systems.sword_of_life.documents import CONFLICT
from seforge.systems.sword_of_life.record import _side_row


def _vance() -> SolCharacter:
    return SolCharacter.model_validate({
        "name": "Vance", "career": "Military",
        "characteristics": {"edge": 6, "grip": 5, "point": 5, "temper": 4}})


def _combat() -> SolConflict:
    doc = SolConflict()
    take_character(doc, None, side_character(_vance(), "vance.sol"), "Vance")
    assert doc.player.score == 5
    return doc


def test_grip_lost_after_a_write_may_be_written_for_the_difference() -> None:
    doc = _combat()
    doc.player.score = 4  # loses 1
    assert grip_to_write(doc, doc.player) == 1
    mark_written_back(doc, None)  # written: 1
    assert grip_written(doc.player) == 1 and to_write_back(doc) == []
    doc.player.score = 3  # loses 1 more
    assert [i for i, _ in to_write_back(doc)] == [None]
    assert grip_lost(doc, doc.player) == 2
    assert grip_to_write(doc, doc.player) == 1  # the difference only
    mark_written_back(doc, None)
    assert grip_written(doc.player) == 2 and to_write_back(doc) == []
    # the second write taken back on the sheet: the first still stands
    mark_written_back(doc, None, 1)
    assert grip_written(doc.player) == 1 and grip_to_write(doc, doc.player) == 1
    character = doc.player.character
    assert character is not None and character.written_back
    mark_written_back(doc, None, False)
    assert grip_written(doc.player) == 0 and grip_to_write(doc, doc.player) == 2
    character = doc.player.character
    assert character is not None and not character.written_back
    with pytest.raises(RefusedError):
        mark_written_back(doc, None, -1)
    with pytest.raises(RefusedError):
        mark_written_back(doc, 0, 1)  # a side not taken from a character


def test_grip_won_back_after_a_write_is_to_be_given_back_not_written() -> None:
    doc = _combat()
    doc.player.score = 2
    mark_written_back(doc, None)
    doc.player.score = 4  # the score raised by hand: the sheet gets 2 back at the next write
    assert grip_to_write(doc, doc.player) == 0 and grip_to_give_back(doc, doc.player) == 2
    assert [i for i, _ in to_write_back(doc)] == [None]


def test_the_amount_written_is_saved_and_read_again(tmp_path: Path) -> None:
    doc = _combat()
    doc.player.score = 3
    mark_written_back(doc, None)
    path = tmp_path / "fight.solconflict"
    CONFLICT.save(doc, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == CONFLICT.version == 2
    assert data["player"]["character"]["written_grip"] == 2
    again = CONFLICT.load(path)
    assert grip_written(again.player) == 2
    again.player.score = 2
    assert grip_to_write(again, again.player) == 1


def _version_1(tmp_path: Path, written: bool, kind: str = "combat") -> Path:
    """A conflict file as version 1 wrote it: Vance lost 3 Grip (start 5, score 2) and the
    yes/no mark, no amount."""
    data = CONFLICT.to_data(_combat())
    data["version"] = 1
    data["kind"] = kind
    data["player"].update({"start": 5, "score": 2})
    character: dict[str, Any] = data["player"]["character"]
    del character["written_grip"]
    character["written_back"] = written
    path = tmp_path / "old.solconflict"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_version_1_file_marked_written_reads_as_everything_lost_so_far_written(
        tmp_path: Path) -> None:
    doc = CONFLICT.load(_version_1(tmp_path, written=True))
    assert grip_written(doc.player) == 3 and to_write_back(doc) == []
    doc.player.score = 1  # one more lost since: that one may be written
    assert grip_to_write(doc, doc.player) == 1


def test_a_version_1_file_not_marked_has_nothing_written(tmp_path: Path) -> None:
    doc = CONFLICT.load(_version_1(tmp_path, written=False))
    assert grip_written(doc.player) == 0 and grip_to_write(doc, doc.player) == 3


def test_a_version_1_debate_marked_written_has_no_grip_written(tmp_path: Path) -> None:
    doc = CONFLICT.load(_version_1(tmp_path, written=True, kind="debate"))
    assert grip_written(doc.player) == 0
    set_kind(doc, "combat")  # no exchange drawn: the scores start afresh
    assert to_write_back(doc) == []


def test_a_version_1_file_with_odd_fields_is_refused_by_validation_not_the_migration(
        tmp_path: Path) -> None:
    path = _version_1(tmp_path, written=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["player"]["score"] = "two"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentFileError, match="score"):
        CONFLICT.load(path)
    data["player"] = "Vance"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentFileError):
        CONFLICT.load(path)


def test_a_newer_file_is_refused(tmp_path: Path) -> None:
    data = CONFLICT.to_data(_combat())
    data["version"] = 3
    path = tmp_path / "new.solconflict"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentFileError, match="newer"):
        CONFLICT.load(path)


def test_the_record_says_how_much_was_written() -> None:
    doc = _combat()
    doc.player.score = 4
    mark_written_back(doc, None)
    doc.player.score = 3
    state = _side_row(doc, doc.player, True, True)[-1]
    assert "Grip lost 2" in state and "1 written to the sheet" in state
    mark_written_back(doc, None)
    state = _side_row(doc, doc.player, True, True)[-1]
    assert "Grip lost 2, written to the sheet" in state
