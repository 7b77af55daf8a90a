"""The core's text limits name no game; a system declares the limits of its own fields."""

from __future__ import annotations

import pytest

from seforge.core import limits
from seforge.core.documents import DocumentFileError, check_document


def test_the_core_limits_are_every_systems() -> None:
    assert limits.text_limit("name") == limits.NAME_CHARS
    assert limits.text_limit("notes") == limits.NOTES_CHARS
    assert limits.text_limit("no such field") == limits.text_limit(None) == limits.LINE_CHARS
    assert not {"portrait", "fetish_of", "qualities"} & set(limits.TEXT_LIMITS)


def test_a_system_declares_its_own_and_the_larger_limit_holds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "_DECLARED", {})
    limits.declare_text_limits({"motto": 50, "name": 10})
    assert limits.text_limit("motto") == 50
    assert limits.text_limit("name") == limits.NAME_CHARS  # never tighter than the core's
    limits.declare_text_limits({"motto": 80})  # another system's motto is longer
    limits.declare_text_limits({"motto": 20})
    assert limits.text_limit("motto") == 80
    with pytest.raises(DocumentFileError, match="limit is 80"):
        check_document({"motto": "x" * 81}, "a.doc")
    with pytest.raises(ValueError, match="needs a field name"):
        limits.declare_text_limits({"": 5})
    with pytest.raises(ValueError, match="needs a field name"):
        limits.declare_text_limits({"motto": 0})


def test_swords_edge_declares_its_fields_when_its_package_is_imported() -> None:
    import seforge.systems.swords_edge  # noqa: F401  (what loading the system does)
    from seforge.systems.swords_edge.limits import PORTRAIT_CHARS, TEXT_LIMITS

    declared = limits.declared_text_limits()
    assert all(declared[field] >= limit for field, limit in TEXT_LIMITS.items())
    assert limits.text_limit("portrait") == PORTRAIT_CHARS
    check_document({"portrait": "A" * 100_000}, "pc.sechar")  # a picture, not a line


def test_a_2d20_weapons_qualities_keep_their_limit_whichever_system_loaded_first() -> None:
    import seforge.systems.twod20  # noqa: F401  (what loading the system does)

    assert limits.declared_text_limits()["qualities"] == limits.NAME_CHARS
    with pytest.raises(DocumentFileError, match="limit is 200"):
        check_document({"weapons": [{"qualities": "Vicious 1, " * 30}]}, "a.s2d20")
