"""Whatever bytes a file holds, loading gives a document or the one-line message.

Property tests over the whole read path (decode, parse, limits, validation) and
over the save/load round trip with unknown fields anywhere.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    character_from_data,
    character_to_data,
    encode_document,
    parse_json_bytes,
)
from seforge.systems.swords_edge.models import Character

FAST = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20,
)


def _load(raw: bytes) -> Character | None:
    try:
        return character_from_data(parse_json_bytes(raw, "f.sechar"), "f.sechar")
    except CharacterFileError as exc:
        message = str(exc)
        assert message.startswith("f.sechar: ") and "\n" not in message
        return None


@FAST
@given(st.binary(max_size=200))
def test_any_bytes_load_or_give_one_line(raw: bytes) -> None:
    _load(raw)


@FAST
@given(st.text(alphabet='{}[]",:0123456789-.eE truefalsn\\u', max_size=120))
def test_json_like_text_loads_or_gives_one_line(text: str) -> None:
    _load(('{"format": "seforge.character", "version": 1, "x": ' + text + "}").encode())
    _load(text.encode("utf-8"))


@FAST
@given(st.dictionaries(st.text(min_size=1, max_size=10).filter(
    lambda k: k not in Character.model_fields and k not in ("format", "version")),
    json_values, max_size=4), json_values)
def test_unknown_fields_round_trip(extras: dict[str, Any], nested: Any) -> None:
    data = {"format": "seforge.character", "version": 1, "name": "Round Trip", **extras,
            "concept": {"name": "C", "rank": "Good", "future": nested}}
    raw = json.dumps(data).encode("utf-8")
    character = _load(raw)
    if character is None:  # e.g. a lone surrogate Hypothesis put in a text
        return
    again = _load(encode_document(character_to_data(character)))
    assert again == character
    assert again is not None and again.model_extra == extras
    assert again.concept.model_extra == {"future": nested}
