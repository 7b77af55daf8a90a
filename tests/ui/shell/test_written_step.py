"""A write followed by its exact undo step (the rollers' and write-backs' one helper): done,
undone, redone, dropped by another edit, read again from a file saved with or without it
(File › Revert), its document closed."""

from __future__ import annotations

from pathlib import Path

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


def _write(owner: DocumentOwner[Tally]) -> WrittenStep:
    """A write to ``owner``, its step looked at on every move of the history (as a view
    must: :mod:`ui.shell.written_step`)."""
    before = last_step(owner.undo_stack)
    owner.apply("Write", _bump)
    written = WrittenStep.pushed(owner, before)
    assert written is not None
    written.state()
    owner.undo_stack.indexChanged.connect(lambda _i: written.state())
    owner.undo_stack.cleanChanged.connect(lambda _c: written.state())
    return written


def _saved(tmp_path: Path, name: str = "count") -> DocumentOwner[Tally]:
    path = tmp_path / f"{name}.tally"
    TALLY.save(Tally(), path)
    return DocumentOwner.load(TALLY, path)


def test_a_write_reverted_to_a_file_saved_without_it_is_gone(qtbot: object,
                                                             tmp_path: Path) -> None:
    owner = _saved(tmp_path)
    written = _write(owner)
    owner.reload()  # File > Revert: the file as saved, without the write
    assert owner.document.count == 0
    assert written.state() == "gone" and written.restarted is True
    assert written.stands() is False  # it may be written again
    assert written.undo() is False and written.redo() is False
    owner.apply("Again", _bump)
    owner.save()
    assert written.stands() is False  # gone stays gone


def test_a_write_reverted_to_a_file_saved_with_it_stands(qtbot: object,
                                                         tmp_path: Path) -> None:
    owner = _saved(tmp_path)
    written = _write(owner)
    owner.save()
    owner.apply("Later", _bump)
    owner.reload()  # the file as saved holds the write
    assert owner.document.count == 1
    assert written.state() == "gone" and written.stands() is True
    # saved with the write, then undone: reading the file again brings it back
    undone = _write(owner)
    owner.save()
    owner.undo_stack.undo()
    assert undone.stands() is False
    owner.reload()
    assert owner.document.count == 2 and undone.stands() is True
    # undone, then saved without it: it stays away
    away = _write(owner)
    owner.undo_stack.undo()
    owner.save()
    owner.reload()
    assert owner.document.count == 2 and away.stands() is False


def test_a_saved_write_undone_and_dropped_comes_back_with_a_revert(qtbot: object,
                                                                  tmp_path: Path) -> None:
    owner = _saved(tmp_path)
    written = _write(owner)
    owner.save()
    owner.undo_stack.undo()
    owner.apply("Instead", _bump)  # drops the undone write (the file still holds it)
    assert written.state() == "gone" and written.restarted is False
    assert written.stands() is False
    owner.reload()
    assert owner.document.count == 1 and written.stands() is True
    # saved after the drop, the file no longer holds it
    later = _write(owner)
    owner.save()
    owner.undo_stack.undo()
    owner.apply("Instead", _bump)
    owner.save()
    owner.reload()
    assert owner.document.count == 2 and later.stands() is False


def test_a_write_out_of_reach_is_neither_standing_nor_undone(qtbot: object,
                                                             tmp_path: Path) -> None:
    owner = _saved(tmp_path)
    written = _write(owner)
    owner.save()
    shiboken6.delete(owner)  # the document closed with the write done
    assert written.state() == "closed" and written.stands() is None
    assert written.undo() is False and written.redo() is False
    # read again without the write and closed afterwards: still gone, as it was
    other = _saved(tmp_path, "other")
    reverted = _write(other)
    other.reload()
    shiboken6.delete(other)
    assert reverted.state() == "gone" and reverted.stands() is False
