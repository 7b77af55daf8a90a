"""Keeping the open version over a file changed on disk ("keep mine") leaves no saved
point in the history, and says so to whoever reads it, even when the saved point was not
the current step (the history itself tells only when it was clean)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from seforge.core.documents import DocumentKind
from ui.shell.document_owner import DocumentOwner
from ui.shell.written_step import WrittenStep, last_step


class Tally(BaseModel):
    count: int = 0


TALLY = DocumentKind(format_id="toy.tally", model=Tally, suffix=".tally", title="Tally")


def _bump(doc: Tally) -> None:
    doc.count += 1


def test_keep_mine_tells_a_saved_point_among_earlier_steps(qtbot: object,
                                                           tmp_path: Path) -> None:
    owner: DocumentOwner[Tally] = DocumentOwner(TALLY)
    before = last_step(owner.undo_stack)
    owner.apply("Write", _bump)
    written = WrittenStep.pushed(owner, before)
    assert written is not None
    looks: list[bool] = []
    owner.undo_stack.cleanChanged.connect(lambda clean: looks.append(written.stands()
                                                                      is True))
    owner.save(tmp_path / "t.tally")  # the file holds the write
    owner.apply("Later", _bump)
    assert written.state() == "done" and written.was_saved
    looks.clear()
    owner.acknowledge_disk()  # another program's file is kept as the one to overwrite
    assert owner.undo_stack.cleanIndex() == -1 and owner.is_modified()
    assert looks, "the history's readers were not told the saved point went"
    assert written.was_saved is False  # read again at that moment
