"""A write followed by its exact undo step (the rollers' and write-backs' one helper)."""

from __future__ import annotations

import shiboken6
from pydantic import BaseModel

from seforge.core.documents import DocumentKind
from ui.shell.document_owner import DocumentOwner
from ui.shell.written_step import WrittenStep, last_step


class Tally(BaseModel):
    count: int = 0


TALLY = DocumentKind(format_id="toy.tally", model=Tally, suffix=".tally", title="Tally")


def _bump(doc: Tally) -> None:
    doc.count += 1


def test_a_write_stands_while_its_step_is_done(qtbot: object) -> None:
    owner: DocumentOwner[Tally] = DocumentOwner(TALLY)
    owner.apply("Before", _bump)
    before = last_step(owner.undo_stack)
    assert WrittenStep.pushed(owner, before) is None  # nothing pushed since
    owner.apply("Write", _bump)
    written = WrittenStep.pushed(owner, before)
    assert written is not None and written.stands() is True and written.state() == "done"
    owner.apply("Later", _bump)
    assert written.undo() is False  # not the last step: left alone
    owner.undo_stack.undo()
    assert written.undo() is True and owner.document.count == 1
    assert written.stands() is False and written.state() == "undone"
    assert written.redo() is True and written.stands() is True
    owner.undo_stack.undo()
    assert written.stands() is False  # (a view looks at each move of the history)
    owner.apply("Instead", _bump)  # drops the undone write from the history
    assert written.state() == "gone" and written.stands() is False


def test_a_write_out_of_reach_is_neither_standing_nor_undone(qtbot: object) -> None:
    owner: DocumentOwner[Tally] = DocumentOwner(TALLY)
    owner.apply("Write", _bump)
    written = WrittenStep.pushed(owner, None)
    assert written is not None
    owner.undo_stack.clear()  # a history started afresh (the file read again)
    assert written.state() == "gone" and written.stands() is None
    assert written.undo() is False and written.redo() is False
    shiboken6.delete(owner)  # the document closed
    assert written.state() == "closed" and written.stands() is None
