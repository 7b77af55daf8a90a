"""Files at the size limit (issue 28): one fast walk of the limits that refuses exactly
what the naming walk refuses, a format peek that does not parse the file twice, and
unknown fields shared by copies and left out of history snapshots."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field

from seforge.core import documents
from seforge.core.documents import DocumentFileError, DocumentKind, peek_format
from seforge.core.history import History
from seforge.core.limits import KEY_CHARS, LINE_CHARS, MAX_DEPTH, NAME_CHARS

KEYS = st.sampled_from(["name", "notes", "x", "k", "é", "a" * (KEY_CHARS + 1), "\udfff"])
TEXTS = st.one_of(
    st.sampled_from(["", "ab", "é", "\udfff", "x\ud800y", "n" * (NAME_CHARS + 1),
                     "l" * (LINE_CHARS + 1)]),
    st.text(max_size=5),
)
LEAVES = st.one_of(TEXTS, st.integers(), st.booleans(), st.none(), st.floats(allow_nan=False))


def nested(depth_bias: int) -> st.SearchStrategy[Any]:
    return st.recursive(LEAVES, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
        max_leaves=depth_bias)


def deep(levels: int, leaf: Any = 1) -> Any:
    value = leaf
    for index in range(levels):
        value = [value] if index % 2 else {"k": value}
    return value


def refused(data: Any, surrogates: bool) -> bool:
    try:
        documents._check_document_naming(data, "f", surrogates)
    except DocumentFileError:
        return True
    return False


@settings(max_examples=400, deadline=None)
@given(data=nested(30), surrogates=st.booleans())
def test_the_fast_walk_refuses_exactly_what_the_naming_walk_refuses(
        data: Any, surrogates: bool) -> None:
    assert documents._within_limits(data, surrogates) is not refused(data, surrogates)


@pytest.mark.parametrize("levels", [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2])
@pytest.mark.parametrize("leaf", [1, "s", {}, []])
def test_the_depth_limit_is_the_same_in_both_walks(levels: int, leaf: Any) -> None:
    for data in (deep(levels, leaf), [deep(levels, leaf)], {"k": deep(levels, leaf)}):
        assert documents._within_limits(data, True) is not refused(data, True)


def test_a_refusal_still_names_the_field() -> None:
    data = {"items": [{"k": 1}] * 1000 + [{"name": "n" * (NAME_CHARS + 1)}]}
    with pytest.raises(DocumentFileError, match=r"items\[1000\]\.name"):
        documents.check_document(data, "f.json")


def test_peek_reads_a_leading_format_without_parsing_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text('{"format": "blades.character", "version": 1, "x": [1, 2,', "utf-8")
    assert peek_format(path) == "blades.character"  # the load that follows refuses it
    path.write_text('\ufeff {\n  "format" : "2d20.character"}', "utf-8")
    assert peek_format(path) == "2d20.character"
    path.write_text('{"version": 1, "format": "sword-of-life.character"}', "utf-8")
    assert peek_format(path) == "sword-of-life.character"  # not first: parsed whole
    path.write_text('{"format": "A\\u0042"}', "utf-8")
    assert peek_format(path) == "AB"  # an escape: parsed whole, with every check
    for text, message in [('{"version": 1, "x": [1,', "truncated"), ('{"format": 3}', "format")]:
        path.write_text(text, "utf-8")
        with pytest.raises(DocumentFileError, match=message):
            peek_format(path)
    path.write_text('{"format": "a.b", "format": "c.d"}', "utf-8")
    assert peek_format(path) == "a.b"  # the load refuses the twice-written field
    with pytest.raises(DocumentFileError, match="appears twice"):
        documents.read_json_file(path)


class Part(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    n: int = 0


class Entry(BaseModel):
    snapshot: dict[str, Any] | None = None


class Doc(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    title: str = ""
    parts: list[Part] = Field(default_factory=list)
    log: list[Entry] = Field(default_factory=list)


KIND: DocumentKind[Doc] = DocumentKind("test.doc", Doc, ".tdoc", "test document")
HISTORY: History[Doc] = History(Doc, field="log")


def test_copies_share_unknown_fields_and_copy_known_ones() -> None:
    bulk = [{"k": i} for i in range(1000)]
    doc = KIND.from_data({"format": "test.doc", "version": 1, "title": "t", "bulk": bulk,
                          "parts": [{"n": 1, "extra": {"deep": [1]}}]})
    twin = doc.model_copy(deep=True)
    assert twin.bulk is doc.bulk  # type: ignore[attr-defined]
    assert twin.parts[0].extra is doc.parts[0].extra  # type: ignore[attr-defined]
    assert twin.parts is not doc.parts and twin.parts[0] is not doc.parts[0]
    twin.parts[0].n = 5
    twin.title = "u"
    assert (doc.parts[0].n, doc.title) == (1, "t")
    assert KIND.to_data(twin)["bulk"] == bulk
    assert copy.deepcopy(doc).bulk is doc.bulk  # type: ignore[attr-defined]


def test_history_snapshots_carry_unknown_fields() -> None:
    doc = KIND.from_data({"format": "test.doc", "version": 1, "title": "t",
                          "bulk": [{"k": 1}] * 50})
    snap = HISTORY.snapshot(doc)
    assert snap == {"title": "t"}
    doc.log = [Entry(snapshot=snap)]
    past = HISTORY.state_at(doc, 0)
    assert past.bulk == doc.bulk and past.title == "t"  # type: ignore[attr-defined]
    assert json.loads(json.dumps(KIND.to_data(past)))["bulk"] == [{"k": 1}] * 50
