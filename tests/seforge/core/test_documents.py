"""The generic document format: aliases, versions, migrations, atomic save."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from seforge.core.documents import DocumentFileError, DocumentKind, peek_format


class Note(BaseModel):
    name: str = ""
    count: int = 0


def _v1_to_v2(body: dict[str, Any]) -> dict[str, Any]:
    count = len(body.pop("tally", []))  # renamed: the old field goes (unknown ones stay)
    return {**body, "count": count}


NOTE = DocumentKind(
    format_id="toy.note", model=Note, suffix=".tnote", title="Toy note", version=2,
    aliases=("old.note",), migrations={1: _v1_to_v2},
)


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_round_trip_writes_format_and_version_first(tmp_path: Path) -> None:
    path = tmp_path / "a.tnote"
    NOTE.save(Note(name="Ink", count=3), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data)[:2] == ["format", "version"]
    assert data["format"] == "toy.note" and data["version"] == 2
    assert NOTE.load(path) == Note(name="Ink", count=3)
    assert peek_format(path) == "toy.note"


def test_an_old_id_at_an_old_version_is_migrated(tmp_path: Path) -> None:
    path = _write(tmp_path / "b.tnote",
                  {"format": "old.note", "version": 1, "name": "Ink", "tally": [1, 2]})
    assert NOTE.load(path) == Note(name="Ink", count=2)
    assert NOTE.accepts("old.note") and not NOTE.accepts("toy.other")


def test_a_newer_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.tnote", {"format": "toy.note", "version": 3, "name": "x"})
    before = path.read_bytes()
    with pytest.raises(DocumentFileError, match="newer SEForge"):
        NOTE.load(path)
    assert path.read_bytes() == before


def test_another_format_is_refused_in_one_line(tmp_path: Path) -> None:
    path = _write(tmp_path / "d.tnote", {"format": "toy.card", "version": 1})
    with pytest.raises(DocumentFileError) as caught:
        NOTE.load(path)
    assert "expected 'toy.note'" in str(caught.value) and "\n" not in str(caught.value)


def test_a_kind_without_every_migration_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="no migration from version 1"):
        DocumentKind(format_id="toy.x", model=Note, suffix=".x", title="x", version=2)
