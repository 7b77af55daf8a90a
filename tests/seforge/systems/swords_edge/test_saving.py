"""Saving documents: symlinks, read-only and non-regular targets, the folder flush,
over-long texts, unknown fields kept, newer versions refused (issues 11 and 19)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from seforge.core import atomic
from seforge.systems.swords_edge.campaign import Campaign, load_campaign, save_campaign
from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    NotRegularFileError,
    ReadOnlyFileError,
    UnsavableTextError,
    load_character,
    load_nc,
    save_character,
    save_nc,
)
from seforge.systems.swords_edge.models import Character, NarrativeCharacter
from seforge.systems.swords_edge.scene import load_scene, save_scene, scene_from_data, scene_to_data

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file types and modes")


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@posix_only
def test_saving_through_a_symlink_writes_its_target(tmp_path: Path, sarah: Character) -> None:
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    target = real_dir / "sarah.sechar"
    save_character(sarah, target)
    link = tmp_path / "link.sechar"
    link.symlink_to(target)
    sarah.name = "Sarah Through The Link"
    save_character(sarah, link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load_character(target).name == "Sarah Through The Link"
    assert _files(tmp_path) == ["link.sechar", "real"]
    assert _files(real_dir) == ["sarah.sechar"]  # no temporary file left anywhere


@posix_only
def test_a_dangling_symlink_creates_its_target(tmp_path: Path, sarah: Character) -> None:
    link = tmp_path / "link.sechar"
    link.symlink_to(tmp_path / "new.sechar")
    save_character(sarah, link)
    assert link.is_symlink()
    assert load_character(tmp_path / "new.sechar") == sarah


@posix_only
def test_read_only_file_needs_an_explicit_overwrite(tmp_path: Path, sarah: Character) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    path.chmod(0o444)
    before = path.read_bytes()
    sarah.name = "Changed"
    with pytest.raises(ReadOnlyFileError) as info:
        save_character(sarah, path)
    assert isinstance(info.value, PermissionError)  # views that catch OSError still show it
    assert info.value.strerror == "the file is read-only"
    assert path.read_bytes() == before
    assert _files(tmp_path) == ["sarah.sechar"]
    save_character(sarah, path, overwrite_read_only=True)
    assert load_character(path).name == "Changed"
    assert stat.S_IMODE(path.stat().st_mode) == 0o444  # still read-only, as it was
    nc_path = tmp_path / "troll.senc"
    save_nc(NarrativeCharacter(name="Troll"), nc_path)
    nc_path.chmod(0o400)
    with pytest.raises(ReadOnlyFileError):
        save_nc(NarrativeCharacter(name="Troll 2"), nc_path)
    campaign_path = tmp_path / "t.secampaign"
    save_campaign(Campaign(name="T"), campaign_path)
    campaign_path.chmod(0o444)
    with pytest.raises(ReadOnlyFileError):
        save_campaign(Campaign(name="T2"), campaign_path)
    save_campaign(Campaign(name="T2"), campaign_path, overwrite_read_only=True)
    assert load_campaign(campaign_path).name == "T2"


@posix_only
def test_non_regular_targets_are_refused(tmp_path: Path, sarah: Character) -> None:
    fifo = tmp_path / "pipe.sechar"
    os.mkfifo(fifo)
    full = tmp_path / "full.sechar"
    full.symlink_to("/dev/full")
    for target, kind in [(fifo, "a pipe"), (full, "a device"), (tmp_path, "a folder")]:
        with pytest.raises(NotRegularFileError) as info:
            save_character(sarah, target)
        assert kind in str(info.value.strerror)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert full.is_symlink() and os.readlink(full) == "/dev/full"
    assert _files(tmp_path) == ["full.sechar", "pipe.sechar"]


def test_the_folder_is_flushed_after_the_replace(
    tmp_path: Path, sarah: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    flushed: list[Path] = []
    real = atomic._fsync_directory

    def spy(directory: Path) -> None:
        flushed.append(directory)
        real(directory)

    monkeypatch.setattr(atomic, "_fsync_directory", spy)
    save_character(sarah, tmp_path / "sarah.sechar")
    assert flushed == [tmp_path.resolve()]


def test_temporary_file_pattern(tmp_path: Path, sarah: Character,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def failing_replace(src: str, dst: object) -> None:
        seen.append(Path(src).name)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError, match="No space"):
        save_character(sarah, tmp_path / "sarah.sechar")
    assert len(seen) == 1
    name = seen[0]
    assert name.startswith(".sarah.sechar.seforge-") and name.endswith(".tmp")
    assert _files(tmp_path) == []


def test_an_over_long_text_is_not_saved(tmp_path: Path, sarah: Character) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    before = path.read_bytes()
    sarah.name = "n" * 201
    with pytest.raises(UnsavableTextError) as info:
        save_character(sarah, path)
    assert isinstance(info.value, OSError)
    assert info.value.strerror == (
        "field 'name' is 201 characters long; the limit is 200; nothing was written"
    )
    assert path.read_bytes() == before


def test_a_lone_surrogate_never_breaks_saving(tmp_path: Path, sarah: Character) -> None:
    """The model can hold one (a broken paste); the save writes U+FFFD instead."""
    sarah.notes = "before \udfff after \U0001f600"
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    assert load_character(path).notes == "before \ufffd after \U0001f600"


# --------------------------------------------------------------- unknown fields


def test_unknown_fields_survive_a_character_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "future.sechar"
    data = {
        "format": "seforge.character", "version": 1, "name": "Sarah X",
        "made_with": {"tool": "other", "build": [1, 2, {"x": None}]},
        "concept": {"name": "Bounty Hunter", "rank": "Exceptional", "colour": "#a00"},
        "elements": [{"name": "Sharp Eyes", "rank": "Good", "trait": "Cunning",
                      "icon": "eye.svg"}],
        "pivots": {"goal": "Amends", "mood": "grim"},
        "play": {"luck": 2, "tokens": [3, 4]},
        "history": [{"what": "Created", "weather": "rain"}],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    character = load_character(path)
    assert character.model_extra == {"made_with": {"tool": "other", "build": [1, 2, {"x": None}]}}
    assert character.concept.model_extra == {"colour": "#a00"}
    character.name = "Sarah X (edited)"
    save_character(character, path)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["name"] == "Sarah X (edited)"
    assert written["made_with"] == data["made_with"]
    assert written["concept"]["colour"] == "#a00"
    assert written["elements"][0]["icon"] == "eye.svg"
    assert written["pivots"]["mood"] == "grim"
    assert written["play"]["tokens"] == [3, 4]
    assert written["history"][0]["weather"] == "rain"
    again = load_character(path)
    assert again == character
    assert again != Character.model_validate(  # the extras count in equality
        {k: v for k, v in written.items() if k not in ("format", "version", "made_with")}
    )


def test_unknown_fields_survive_an_nc_and_a_campaign_round_trip(tmp_path: Path) -> None:
    nc_path = tmp_path / "troll.senc"
    nc_path.write_text(json.dumps({
        "format": "seforge.nc", "version": 1, "name": "Troll", "habitat": "bridges",
        "concept": {"name": "Troll Warrior", "rank": "Great", "tags": ["big"]},
        "elements": [{"name": "Club", "rank": "Good", "trait": "Physique", "weight": 9}],
    }), encoding="utf-8")
    troll = load_nc(nc_path)
    save_nc(troll, nc_path)
    nc_written = json.loads(nc_path.read_text(encoding="utf-8"))
    assert nc_written["habitat"] == "bridges"
    assert nc_written["concept"]["tags"] == ["big"]
    assert nc_written["elements"][0]["weight"] == 9
    assert load_nc(nc_path) == troll

    path = tmp_path / "t.secampaign"
    path.write_text(json.dumps({
        "format": "seforge.campaign", "version": 1, "name": "Wastes",
        "calendar": {"day": 3, "season": "dry"},
        "clocks": [{"name": "Legions", "segments": 6, "filled": 2, "colour": "red"}],
    }), encoding="utf-8")
    campaign = load_campaign(path)
    campaign.notes = "Session 4"
    save_campaign(campaign, path)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["calendar"] == {"day": 3, "season": "dry"}
    assert written["clocks"][0]["colour"] == "red"
    assert written["notes"] == "Session 4"


def test_unknown_fields_survive_a_scene_round_trip(tmp_path: Path) -> None:
    data = {"format": "seforge.scene", "version": 1, "name": "Ambush",
            "weather": "fog", "pcs": [{"id": "jyrell", "name": "Jyrell", "mood": 1}]}
    scene = scene_from_data(data)
    path = tmp_path / "s.sescene"
    save_scene(scene, path)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["weather"] == "fog" and written["pcs"][0]["mood"] == 1
    assert scene_to_data(load_scene(path)) == written


@pytest.mark.parametrize(
    ("name", "fmt", "loader"),
    [("c.sechar", "seforge.character", load_character), ("n.senc", "seforge.nc", load_nc),
     ("t.secampaign", "seforge.campaign", load_campaign),
     ("s.sescene", "seforge.scene", load_scene)],
)
def test_a_newer_version_is_refused_and_left_alone(
    tmp_path: Path, name: str, fmt: str, loader: object
) -> None:
    path = tmp_path / name
    content = json.dumps({"format": fmt, "version": 2, "name": "From the future",
                          "new_thing": [1]})
    path.write_text(content, encoding="utf-8")
    assert callable(loader)
    with pytest.raises(CharacterFileError, match="newer SEForge"):
        loader(path)
    assert path.read_text(encoding="utf-8") == content
    assert _files(tmp_path) == [name]


def test_a_document_too_large_to_read_back_is_not_saved(
    tmp_path: Path, sarah: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    from seforge.core import documents

    monkeypatch.setattr(documents, "MAX_FILE_BYTES", 2048)
    sarah.notes = "n" * 3000
    with pytest.raises(UnsavableTextError, match="over the 2 KB SEForge can read back"):
        save_character(sarah, tmp_path / "sarah.sechar")
    assert _files(tmp_path) == []


def test_a_file_we_may_not_write_counts_as_read_only(
    tmp_path: Path, sarah: Character, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another user's 0644 file in a shared folder: its write bit is not ours."""
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, *a, **k: (
        False if Path(p) == path.resolve() and mode == os.W_OK else real_access(p, mode)))
    with pytest.raises(ReadOnlyFileError):
        save_character(sarah, path)
    save_character(sarah, path, overwrite_read_only=True)


def test_unknown_fields_in_a_scenes_stored_test_survive(tmp_path: Path) -> None:
    from seforge.systems.swords_edge.pending import PendingTest

    test = PendingTest().model_dump(mode="json")
    test["dice_colour"] = "red"
    data = {"format": "seforge.scene", "version": 1, "name": "Ambush",
            "pcs": [{"id": "jyrell", "name": "Jyrell", "test": test}]}
    path = tmp_path / "s.sescene"
    save_scene(scene_from_data(data), path)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["pcs"][0]["test"]["dice_colour"] == "red"
    assert load_scene(path).pcs[0].test == scene_from_data(data).pcs[0].test
