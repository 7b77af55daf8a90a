"""The scene tracker's autosave: the scene and, beside it, each PC as they stand in it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seforge.core.documents import DocumentFileError
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Character, HistoryEntry, Trait
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.scene import Scene
from seforge.systems.swords_edge.scene_autosave import (
    PCS_FILE_NAME,
    SCENE_FILE_NAME,
    SCENE_PCS,
    AutosavedPC,
    ScenePCs,
    autosave_record,
    discard_autosave,
    kept_is_newer,
    load_autosave,
    read_scene_pcs,
    restore_pc,
    same_pc,
    save_autosave,
)
from seforge.systems.swords_edge.scene_changes import character_changes as changes
from seforge.systems.swords_edge.scene_changes import replay


def test_round_trip_keeps_the_scene_and_each_pc_state(tmp_path: Path) -> None:
    jyrell = library.load_pc("jyrell")
    jyrell.player = "Typed, never saved"
    joined = jyrell.model_copy(deep=True)
    start_session(jyrell)
    scene = Scene(name="The cavern gate")
    pc_id = scene.add_pc(jyrell).ids[0]
    scene.pc_takes_stress(pc_id, Trait.PHYSIQUE, "Good")
    file = tmp_path / "jyrell.sechar"
    on_file = library.load_pc("jyrell")
    on_file.player = "Saved"
    save_character(on_file, file)
    pcs = ScenePCs(pcs={pc_id: autosave_record(file, jyrell, [changes(joined, jyrell)])})
    save_autosave(scene, pcs, tmp_path / "scene")

    written = json.loads((tmp_path / "scene" / PCS_FILE_NAME).read_text(encoding="utf-8"))
    assert (written["format"], written["version"]) == ("swords-edge.scene-pcs", 3)
    back, stored = load_autosave(tmp_path / "scene")
    assert back.name == "The cavern gate" and [p.id for p in back.pcs] == [pc_id]
    found = restore_pc(stored.pcs[pc_id], "Jyrell")
    assert found.path == file and found.reason == ""
    assert found.character is not None and found.character.player == "Saved"
    replayed = replay(found.character, list(found.changes))
    assert replayed.play.penalty_ranks == {Trait.PHYSIQUE: 2}
    assert replayed.player == "Saved"  # the edit made outside the scene stays out

    discard_autosave(tmp_path / "scene")
    assert not (tmp_path / "scene" / SCENE_FILE_NAME).exists()
    assert not (tmp_path / "scene" / PCS_FILE_NAME).exists()


@pytest.mark.parametrize("older", [
    {"pc-1": "FILE"},  # the first autosaves kept just the path
    {"pc-1": {"path": "FILE", "character": None}},
])
def test_older_sidecars_without_a_format_still_read(tmp_path: Path, older: dict) -> None:
    file = tmp_path / "jyrell.sechar"
    save_character(library.load_pc("jyrell"), file)
    raw = json.dumps(older).replace("FILE", str(file).replace("\\", "\\\\"))
    (tmp_path / PCS_FILE_NAME).write_text(raw, encoding="utf-8")
    stored = read_scene_pcs(tmp_path / PCS_FILE_NAME)
    assert stored.pcs["pc-1"].path == str(file)
    found = restore_pc(stored.pcs["pc-1"], "Jyrell")
    assert found.character is not None and found.character.name == "Jyrell"


def test_a_pc_with_neither_state_nor_file_says_why(tmp_path: Path) -> None:
    assert restore_pc(None, "Tella").reason == "no character file"
    lost = restore_pc(AutosavedPC(path=str(tmp_path / "gone.sechar")), "Tella")
    assert lost.character is None and "gone.sechar" in lost.reason
    broken = restore_pc(AutosavedPC(character={"format": "seforge.character"}), "Tella")
    assert broken.character is None and broken.reason


def test_a_newer_sidecar_is_refused_and_an_unreadable_one_is_empty(tmp_path: Path) -> None:
    scene = Scene(name="Later")
    save_autosave(scene, ScenePCs(), tmp_path)
    data = SCENE_PCS.to_data(ScenePCs())
    data["version"] = SCENE_PCS.version + 1
    (tmp_path / PCS_FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentFileError, match="newer SEForge"):
        read_scene_pcs(tmp_path / PCS_FILE_NAME)
    back, stored = load_autosave(tmp_path)
    assert back.name == "Later" and stored.pcs == {}


def test_a_pc_without_a_file_is_found_in_its_own_autosave() -> None:
    """The scene kept a PC without a file whole; the PC's own autosave (older or newer)
    is the one whose history begins as the kept one's does, not another copy of it."""
    tab = library.load_pc("jyrell")  # the tab's autosave: before the scene
    tab.history.append(HistoryEntry(what="Copied from the book", at="2026-11-26T20:00:01Z"))
    kept = tab.model_copy(deep=True)
    start_session(kept)  # the scene's, with its own history entries
    other = library.load_pc("jyrell")  # another copy, made a moment later
    other.history.append(HistoryEntry(what="Copied from the book", at="2026-11-26T20:00:02Z"))
    assert same_pc(kept, [other, tab]) == 1
    assert same_pc(tab, [kept]) == 0  # either way round
    assert same_pc(kept, [other]) is None
    stranger = library.load_pc("tella-of-jost")
    assert same_pc(kept, [stranger]) is None
    # no shared entry: any fresh copy of the PC would do, so none is taken
    assert same_pc(Character(name="Ann"), [Character(name="Ann")]) is None
    assert same_pc(kept, [library.load_pc("jyrell")]) is None
    # the later of the two: the one whose history goes on from the other's
    assert kept_is_newer(kept, tab) and not kept_is_newer(tab, kept)
    assert kept_is_newer(tab, tab.model_copy(deep=True))  # the same: the scene's


def test_a_pc_without_a_file_keeps_the_scenes_changes_too() -> None:
    jyrell = library.load_pc("jyrell")
    joined = jyrell.model_copy(deep=True)
    start_session(jyrell)
    record = autosave_record(None, jyrell, [changes(joined, jyrell)])
    found = restore_pc(record, "Jyrell")
    assert found.character is not None and found.path is None
    assert found.changes and replay(joined, list(found.changes)).play == jyrell.play
