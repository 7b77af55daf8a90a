"""The game-free history: snapshots, restore, the state at any point, for any model."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, Field, ValidationError

from seforge.core.history import History, HistoryError, dump, restore, utc_now


class Entry(BaseModel):
    what: str
    snapshot: dict[str, Any] | None = None


class Note(BaseModel):
    """A toy document: text, a counter, a big field left out of snapshots, a log."""

    text: str = ""
    count: int = 0
    tags: list[str] = Field(default_factory=list)
    picture: str = ""
    log: list[Entry] = Field(default_factory=list)


NOTES: History[Note] = History(Note, field="log", carried=("picture",), noun="note")


def _change(note: Note, what: str, **changes: Any) -> None:
    for name, value in changes.items():
        setattr(note, name, value)
    NOTES.append(note, Entry(what=what, snapshot=NOTES.snapshot(note)))


@pytest.fixture
def note() -> Note:
    note = Note(picture="big")
    _change(note, "start", text="hello")
    _change(note, "count", count=2)
    _change(note, "tag", tags=["a"], picture="bigger")
    return note


def test_snapshot_is_compact_and_leaves_out_log_and_carried_fields() -> None:
    note = Note(text="x", picture="big", log=[Entry(what="old")])
    assert NOTES.snapshot(note) == {"text": "x"}


def test_state_at_rebuilds_each_point(note: Note) -> None:
    first = NOTES.state_at(note, 0)
    assert (first.text, first.count, first.tags) == ("hello", 0, [])
    assert first.picture == "bigger"  # carried fields are today's
    assert [e.what for e in first.log] == ["start"]
    second = NOTES.state_at(note, 1)
    assert second.count == 2 and second.tags == []
    assert NOTES.state_at(note, -1).tags == ["a"]
    assert NOTES.state_at(note, -3).count == 0
    assert note.count == 2 and len(note.log) == 3  # the document itself is untouched


def test_state_at_refuses_a_missing_point_or_snapshot(note: Note) -> None:
    with pytest.raises(HistoryError, match="no history entry number 4"):
        NOTES.state_at(note, 3)
    with pytest.raises(HistoryError, match="no history entry number -3"):
        NOTES.state_at(note, -4)
    note.log = [*note.log, Entry(what="by hand")]
    with pytest.raises(HistoryError, match="did not keep the note's state"):
        NOTES.state_at(note, 3)
    states = NOTES.states(note)
    assert [s.count if s else None for s in states] == [0, 2, 2, None]


def test_dump_and_restore_in_place(note: Note) -> None:
    before = dump(note)
    same = note
    note.text, note.tags = "changed", ["z"]
    restore(note, before)
    assert same.text == "hello" and same.tags == ["a"]
    assert dump(same) == before


def test_restore_of_bad_data_changes_nothing(note: Note) -> None:
    before = dump(note)
    with pytest.raises(ValidationError):
        restore(note, {**before, "count": "many"})
    assert dump(note) == before


def test_default_history_field_and_noun() -> None:
    class Page(BaseModel):
        body: str = ""
        history: list[Entry] = Field(default_factory=list)

    pages: History[Page] = History(Page)
    page = Page(body="b", history=[Entry(what="typed")])
    assert pages.snapshot(page) == {"body": "b"}
    with pytest.raises(HistoryError, match="did not keep the document's state"):
        pages.state_at(page, 0)


def test_utc_now_is_an_iso_timestamp_to_the_second() -> None:
    stamp = utc_now()
    assert stamp.endswith("+00:00") and len(stamp) == len("2026-01-01T00:00:00+00:00")


def test_a_copy_sharing_the_history_keeps_every_change_to_itself(note: Note) -> None:
    """A change tried on the copy (the Play dock tries each rule on one to learn whether
    it would refuse) leaves the original as it was; only the entries are shared."""
    copy = NOTES.copy_sharing_history(note)
    assert copy == note and copy is not note
    assert copy.log is note.log  # not copied again for each try
    _change(copy, "more", tags=[*copy.tags, "b"], count=9)
    copy.tags.append("c")
    assert note.tags == ["a"] and note.count == 2 and len(note.log) == 3
    assert [e.what for e in copy.log] == ["start", "count", "tag", "more"]
