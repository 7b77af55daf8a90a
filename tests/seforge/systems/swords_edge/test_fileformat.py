from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    character_to_data,
    load_character,
    load_nc,
    save_character,
    save_nc,
)
from seforge.systems.swords_edge.models import Character, NarrativeCharacter, NCType
from seforge.systems.swords_edge.ranks import Rank

ISSUE_EXAMPLE = {
    "format": "seforge.character", "version": 1, "name": "Sarah X",
    "concept": {"name": "Bounty Hunter", "rank": "Exceptional"},
    "background": {"name": "Military", "rank": "Good"},
    "faculty": {"name": "Hunting", "rank": "Good", "trait": "Cunning"},
    "traits": {"Physique": "Average", "Charisma": "Average", "Cunning": "Exceptional"},
    "elements": [{"name": "Sharp Eyes", "rank": "Good", "trait": "Cunning", "kind": "quality"}],
    "pivots": {"goal": "Make amends for her father's actions.",
               "quirk": "That's some fine dirt.", "style": "Stoic"},
}


def write(tmp_path: Path, content: str | bytes, name: str = "c.sechar") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_documented_example_loads(tmp_path: Path, sarah: Character) -> None:
    loaded = load_character(write(tmp_path, json.dumps(ISSUE_EXAMPLE)))
    assert loaded == sarah


def test_any_extension_and_defaults(tmp_path: Path) -> None:
    path = write(tmp_path, '{"format": "seforge.character", "version": 1}', "x.json")
    character = load_character(path)
    assert character.concept.rank is Rank.GOOD
    assert all(r is Rank.AVERAGE for r in character.traits.values())
    assert character.pivots.goal is None


def test_round_trip(tmp_path: Path, sarah: Character) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data)[:3] == ["format", "version", "name"]
    assert data["concept"] == {"name": "Bounty Hunter", "rank": "Exceptional", "advanced": 0}
    assert load_character(path) == sarah


def test_save_is_atomic_and_keeps_old_file_on_failure(
    tmp_path: Path, sarah: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    sarah.name = "Changed"
    with pytest.raises(OSError):
        save_character(sarah, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["sarah.sechar"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not a text file"),
        ("", "is empty"),
        ("hello", "not valid JSON"),
        (json.dumps(ISSUE_EXAMPLE)[:80], "cut short"),
        ("[1, 2]", "expected a JSON object"),
        ('{"version": 1}', "field 'format': is missing"),
        ('{"format": "seforge.nc", "version": 1}',
         "field 'format': expected 'swords-edge.character'"),
        ('{"format": "seforge.character", "version": "1"}', "field 'version': must be a whole"),
        ('{"format": "seforge.character", "version": 2}', "newer SEForge"),
        ('{"format": "seforge.character", "version": 1, "concept": {"rank": "Superb"}}',
         "field 'concept.rank': unknown Rank 'Superb'"),
        ('{"format": "seforge.character", "version": 1, "traits": {"Strength": "Good"}}',
         "unknown Trait 'Strength'"),
        ('{"format": "seforge.character", "version": 1, "elements": [{"kind": "spell"}]}',
         "field 'elements[0].kind'"),
        ('{"format": "seforge.character", "version": 1, "name": 5}', "field 'name'"),
        ('{"format": "seforge.character", "version": 1, "elements": {"a": 1}}',
         "field 'elements'"),
    ],
)
def test_bad_files_give_one_line_naming_file_and_field(
    tmp_path: Path, content: str | bytes, expected: str
) -> None:
    path = write(tmp_path, content, "broken.sechar")
    with pytest.raises(CharacterFileError) as info:
        load_character(path)
    message = str(info.value)
    assert message.startswith("broken.sechar: ")
    assert expected in message
    assert "\n" not in message


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(CharacterFileError, match="no such file"):
        load_character(tmp_path / "nope.sechar")
    with pytest.raises(CharacterFileError, match="folder"):
        load_character(tmp_path)


def test_known_rank_in_wrong_place_loads(tmp_path: Path) -> None:
    data = dict(ISSUE_EXAMPLE)
    data["concept"] = {"name": "X", "rank": "Average"}
    data["elements"] = [{"name": "Godlike", "rank": "Mythic", "trait": "Physique"}]
    character = load_character(write(tmp_path, json.dumps(data)))
    assert character.concept.rank is Rank.AVERAGE
    assert character.elements[0].rank is Rank.MYTHIC


def test_unicode_survives(tmp_path: Path, sarah: Character) -> None:
    sarah.name = "Élodie 武士"
    path = tmp_path / "u.sechar"
    save_character(sarah, path)
    assert "Élodie 武士" in path.read_text(encoding="utf-8")
    assert load_character(path).name == "Élodie 武士"


def test_nc_round_trip(tmp_path: Path) -> None:
    troll = NarrativeCharacter.model_validate({
        "name": "Troll", "type": "regular", "rank": "Average",
        "concept": {"name": "Troll Warrior", "rank": "Great"},
        "traits": {"Physique": "Exceptional", "Charisma": "Basic", "Cunning": "Poor"},
        "flaws": [{"name": "Sensitive to Light", "rank": "Poor"}],
    })
    path = tmp_path / "troll.senc"
    save_nc(troll, path)
    back = load_nc(path)
    assert back == troll
    assert back.type is NCType.REGULAR and back.base_tn == 12
    with pytest.raises(CharacterFileError, match=r"expected 'swords-edge\.nc'"):
        load_nc(write(tmp_path, json.dumps(character_to_data(Character()))))


def test_each_format_has_its_own_version_line(tmp_path: Path) -> None:
    from seforge.systems.swords_edge.fileformat import decode_document

    data = {"format": "x.test", "version": 3, "name": "Troll"}
    nc = decode_document(data, "x", expected_format="x.test", model=NarrativeCharacter,
                         migrations={}, current_version=3)
    assert nc.name == "Troll"
    with pytest.raises(CharacterFileError, match="reads up to version 2"):
        decode_document(data, "x", expected_format="x.test", model=NarrativeCharacter,
                        migrations={}, current_version=2)
    migrated = decode_document(
        {"format": "x.test", "version": 1, "title": "Goblin"}, "x", expected_format="x.test",
        model=NarrativeCharacter, current_version=2,
        migrations={1: lambda body: {"name": body.pop("title"), **body}},
    )
    assert migrated.name == "Goblin"
