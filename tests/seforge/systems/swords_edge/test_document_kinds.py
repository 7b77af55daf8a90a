"""Sword's Edge's documents are core DocumentKinds: new files carry the system's format ids,
and every file written before (old ids, now aliases) still opens."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from seforge.core.documents import DocumentFileError
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.campaign import CAMPAIGN_KIND, load_campaign
from seforge.systems.swords_edge.fileformat import (
    CHARACTER_KIND,
    NC_KIND,
    load_character,
    load_nc,
)
from seforge.systems.swords_edge.scene import SCENE_KIND, load_scene

# What each kind's files held before game systems had ids (as the earlier tests wrote them).
OLD_FILES: dict[str, tuple[str, dict[str, Any], Callable[[Path], Any]]] = {
    "character": ("c.sechar", {
        "format": "seforge.character", "version": 1, "name": "Sarah X",
        "concept": {"name": "Cyber Ninja", "rank": "Great"},
        "traits": {"Physique": "Good", "Charisma": "Average", "Cunning": "Average"},
    }, load_character),
    "nc": ("n.senc", {
        "format": "seforge.nc", "version": 1, "name": "Troll", "type": "regular",
        "rank": "Average", "concept": {"name": "Troll Warrior", "rank": "Great"},
    }, load_nc),
    "campaign": ("t.secampaign", {
        "format": "seforge.campaign", "version": 1, "name": "Wastes",
        "characters": ["pcs/jyrell.sechar"], "opponents": ["ncs/troll.senc"],
        "clocks": [{"name": "Legions", "segments": 6, "filled": 2}],
    }, load_campaign),
    "scene": ("s.sescene", {
        "format": "seforge.scene", "version": 1, "name": "Ambush",
        "pcs": [{"id": "jyrell", "name": "Jyrell"}],
    }, load_scene),
}

NEW_IDS = {
    "character": "swords-edge.character",
    "nc": "swords-edge.nc",
    "campaign": "seforge.campaign",
    "scene": "swords-edge.scene",
}


def test_the_kinds_carry_the_system_and_keep_the_old_ids_as_aliases() -> None:
    assert (CHARACTER_KIND.format_id, CHARACTER_KIND.aliases) == (
        "swords-edge.character", ("seforge.character",))
    assert (NC_KIND.format_id, NC_KIND.aliases) == ("swords-edge.nc", ("seforge.nc",))
    assert (SCENE_KIND.format_id, SCENE_KIND.aliases) == ("swords-edge.scene", ("seforge.scene",))
    assert CAMPAIGN_KIND.format_id == "seforge.campaign"
    assert [k.suffix for k in (CHARACTER_KIND, NC_KIND, SCENE_KIND, CAMPAIGN_KIND)] == [
        ".sechar", ".senc", ".sescene", ".secampaign"]


@pytest.mark.parametrize("kind", sorted(OLD_FILES))
def test_an_old_id_file_opens_and_is_saved_with_the_new_id(tmp_path: Path, kind: str) -> None:
    name, data, loader = OLD_FILES[kind]
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    document = loader(path)
    assert document.name == data["name"]
    kinds = {"character": CHARACTER_KIND, "nc": NC_KIND, "scene": SCENE_KIND,
             "campaign": CAMPAIGN_KIND}
    saved = tmp_path / ("new" + path.suffix)
    kinds[kind].save(document, saved)  # type: ignore[attr-defined]
    written = json.loads(saved.read_text(encoding="utf-8"))
    assert (written["format"], written["version"]) == (NEW_IDS[kind], 1)
    assert loader(saved) == document


@pytest.mark.parametrize("kind", sorted(OLD_FILES))
@pytest.mark.parametrize("which", ["old", "new"])
def test_a_newer_version_is_refused_under_either_id(
    tmp_path: Path, kind: str, which: str
) -> None:
    name, data, loader = OLD_FILES[kind]
    fmt = data["format"] if which == "old" else NEW_IDS[kind]
    content = json.dumps({**data, "format": fmt, "version": 2})
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DocumentFileError, match="newer SEForge"):
        loader(path)
    assert path.read_text(encoding="utf-8") == content


def test_every_library_file_opens_though_it_has_the_old_ids() -> None:
    entries = library.list_entries()
    assert entries
    formats = set()
    for entry in entries:
        formats.add(json.loads(entry.path.read_text(encoding="utf-8"))["format"])
        loaded = load_character(entry.path) if entry.kind == "pc" else load_nc(entry.path)
        assert loaded.name
    assert formats <= {"seforge.character", "seforge.nc"}
