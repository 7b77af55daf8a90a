"""Unknown fields are kept in every file kind of every system (one rule, in the core's
loader): at the top and nested in the document's own objects, read and written back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from seforge.core.documents import DocumentFileError, DocumentKind


def all_kinds() -> list[DocumentKind[Any]]:
    from seforge.core.campaign import CAMPAIGN_KIND
    from seforge.systems.blades.documents import CREW, SCOUNDREL
    from seforge.systems.sword_of_life import documents as sol
    from seforge.systems.swords_edge.fileformat import CHARACTER_KIND, NC_KIND
    from seforge.systems.swords_edge.scene import SCENE_KIND
    from seforge.systems.twod20 import documents as twod20

    return [SCOUNDREL, CREW, sol.CHARACTER, sol.CONFLICT, twod20.CHARACTER_KIND,
            twod20.CONFLICT_KIND, CHARACTER_KIND, NC_KIND, SCENE_KIND, CAMPAIGN_KIND]


def nested_objects(document: BaseModel, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON objects in ``data`` that are the document's nested models."""
    found: list[dict[str, Any]] = []
    for name, value in document:
        items = value if isinstance(value, list) else [value]
        for index, item in enumerate(items):
            if isinstance(item, BaseModel) and name in data:
                held = data[name][index] if isinstance(value, list) else data[name]
                found.append(held)
                found += nested_objects(item, held)
    return found


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda k: k.format_id)
def test_unknown_fields_are_kept_and_written_back(kind: DocumentKind[Any],
                                                  tmp_path: Path) -> None:
    data = kind.to_data(kind.model())
    data["from_a_newer_seforge"] = {"a": [1, "x", None], "b": True}
    nested = nested_objects(kind.model(), data)
    for held in nested:
        held["their_note"] = "kept"
    path = tmp_path / f"doc{kind.suffix}"
    import json

    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = kind.load(path)
    kind.save(loaded, tmp_path / f"again{kind.suffix}")
    again = json.loads((tmp_path / f"again{kind.suffix}").read_text(encoding="utf-8"))
    assert again["from_a_newer_seforge"] == {"a": [1, "x", None], "b": True}
    assert [h.get("their_note") for h in nested_objects(loaded, again)] == ["kept"] * len(
        nested)
    # a copy (as every owner makes) keeps them too
    assert kind.to_data(loaded.model_copy(deep=True)) == kind.to_data(loaded)


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda k: k.format_id)
def test_a_file_without_a_version_says_so(kind: DocumentKind[Any]) -> None:
    data = kind.to_data(kind.model())
    del data["version"]
    with pytest.raises(DocumentFileError, match="the file has no version"):
        kind.from_data(data, "x")


def test_one_path_limit_for_every_campaign_on_save_and_open(tmp_path: Path) -> None:
    """README: paths up to 4,096 characters; a campaign saved with one opens again, in
    every system's campaign (the generic ``documents`` list and Sword's Edge's own)."""
    import json

    from seforge.core.campaign import CAMPAIGN_KIND, Campaign
    from seforge.core.documents import UnsavableTextError
    from seforge.core.limits import PATH_CHARS
    from seforge.systems.swords_edge.campaign import Campaign as SeCampaign
    from seforge.systems.swords_edge.campaign import load_campaign, save_campaign

    longest = "d/" * ((PATH_CHARS - 12) // 2) + "pc.sechar"  # relative: kept as written
    longest = longest + "x" * (PATH_CHARS - len(longest))
    assert len(longest) == PATH_CHARS
    path = tmp_path / "c.secampaign"
    CAMPAIGN_KIND.save(Campaign(system="blades", documents=[longest]), path)
    assert CAMPAIGN_KIND.load(path).documents == [longest]
    save_campaign(SeCampaign(characters=[longest], opponents=[longest]), path)
    assert load_campaign(path).characters == [longest]
    with pytest.raises(UnsavableTextError, match="4,096"):
        CAMPAIGN_KIND.save(Campaign(system="blades", documents=[longest + "x"]), path)
    data = {"format": "seforge.campaign", "version": 1, "system": "blades",
            "documents": [longest + "x"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentFileError, match="4,096"):
        CAMPAIGN_KIND.load(path)


def test_a_file_whose_indented_form_passes_the_limit_saves_back(tmp_path: Path) -> None:
    """A file that opens must save back: deep small objects whose indented form would
    pass the 16 MB limit (the same as 10 MB of many small objects) are written compact
    and open again."""
    import json

    from seforge.core.documents import MAX_FILE_BYTES, encode_document
    from seforge.systems.swords_edge.fileformat import (
        CHARACTER_KIND,
        load_character,
        save_character,
    )

    deep: Any = [{"n": 1}] * 50_000
    for _level in range(58):
        deep = {"x": deep}
    data = CHARACTER_KIND.to_data(CHARACTER_KIND.model())
    data["imported"] = deep
    path = tmp_path / "big.sechar"
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    assert path.stat().st_size < MAX_FILE_BYTES
    assert len(json.dumps(data, indent=2)) > MAX_FILE_BYTES
    character = load_character(path)
    save_character(character, tmp_path / "again.sechar")
    again = load_character(tmp_path / "again.sechar")
    assert again.model_extra is not None and again.model_extra["imported"] == deep
    small = encode_document(CHARACTER_KIND.to_data(CHARACTER_KIND.model()))
    assert small.startswith(b'{\n  "format"')  # a file of the usual size stays indented


def declared_whole_numbers(document: BaseModel, data: dict[str, Any]) -> list[str]:
    """The names of ``data``'s top-level fields that hold a whole number."""
    return [name for name, value in document if isinstance(value, int)
            and not isinstance(value, bool) and name in data]


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda k: k.format_id)
def test_a_huge_number_in_any_known_field_is_one_line(kind: DocumentKind[Any]) -> None:
    """10**30 never reaches a widget (OverflowError) or a loop; unknown fields keep it."""
    document = kind.model()
    for name in declared_whole_numbers(document, kind.to_data(document)):
        data = kind.to_data(document)
        data[name] = 10**30
        with pytest.raises(DocumentFileError) as caught:
            kind.from_data(data, "x")
        assert name in str(caught.value) and "\n" not in str(caught.value)
    data = kind.to_data(document)
    data["from_elsewhere"] = 10**30
    assert kind.to_data(kind.from_data(data, "x"))["from_elsewhere"] == 10**30


def test_saving_a_conflict_with_plain_values_prints_no_warnings(
        tmp_path: Path, recwarn: pytest.WarningsRecorder) -> None:
    from seforge.systems.sword_of_life import documents as sol

    conflict = sol.CONFLICT.model()
    conflict.kind = "debate"  # type: ignore[assignment]  # as a view hands it over
    sol.CONFLICT.save(conflict, tmp_path / "c.solconflict")
    assert not [w for w in recwarn if "serializer" in str(w.message)]
    assert sol.CONFLICT.load(tmp_path / "c.solconflict").kind == "debate"
