"""The generic document owner: undoable edits, refusals, saving, reloading."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from seforge.core.documents import DocumentKind
from ui.shell.document_owner import DocumentOwner


class Tally(BaseModel):
    name: str = ""
    count: int = 0


TALLY = DocumentKind(format_id="toy.tally", model=Tally, suffix=".tally", title="Tally")


def _bump(doc: Tally) -> None:
    doc.count += 1


def _refuse(doc: Tally) -> None:
    doc.count = 99
    raise ValueError("not allowed")


def test_apply_undo_redo_and_signals(qtbot: object, tmp_path: Path) -> None:
    owner: DocumentOwner[Tally] = DocumentOwner(TALLY)
    seen: list[int] = []
    owner.changed.connect(lambda: seen.append(owner.document.count))
    owner.apply("Bump", _bump)
    owner.apply("Bump", _bump)
    assert owner.document.count == 2 and owner.is_modified()
    owner.undo_stack.undo()
    assert owner.document.count == 1
    owner.undo_stack.redo()
    assert seen == [1, 2, 1, 2]
    with pytest.raises(ValueError, match="not allowed"):
        owner.apply("Refused", _refuse)
    assert owner.document.count == 2 and owner.undo_stack.count() == 2
    path = owner.save(tmp_path / "t.tally")
    assert not owner.is_modified() and owner.title() == "t.tally"
    again = DocumentOwner.load(TALLY, path)
    assert again.document == owner.document


def test_reload_reads_the_file_again(qtbot: object, tmp_path: Path) -> None:
    path = tmp_path / "t.tally"
    TALLY.save(Tally(count=5), path)
    owner = DocumentOwner.load(TALLY, path)
    owner.apply("Bump", _bump)
    TALLY.save(Tally(count=9), path)
    assert owner.disk_changed()
    owner.reload()
    assert owner.document.count == 9 and not owner.is_modified()
    assert owner.undo_stack.count() == 0


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


class Swatch(BaseModel):
    colour: Colour = Colour.RED
    count: int = 0


SWATCH = DocumentKind(format_id="toy.swatch", model=Swatch, suffix=".swatch", title="Swatch")


def test_apply_gives_the_model_its_own_types(qtbot: object) -> None:
    """A combo box hands over a plain str (Qt drops the StrEnum): the owner's document
    holds the member; a value of the wrong kind is refused and changes nothing."""
    owner: DocumentOwner[Swatch] = DocumentOwner(SWATCH)

    def paint(doc: Swatch) -> None:
        doc.colour = "blue"  # type: ignore[assignment]  # as a QComboBox's data arrives

    owner.apply("Paint", paint)
    assert owner.document.colour is Colour.BLUE
    assert type(owner.document.colour) is Colour

    def spoil(doc: Swatch) -> None:
        doc.count = "many"  # type: ignore[assignment]

    with pytest.raises(ValidationError):
        owner.apply("Spoil", spoil)
    assert owner.document.count == 0 and owner.undo_stack.count() == 1
