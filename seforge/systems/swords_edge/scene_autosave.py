"""The scene tracker's autosave: the scene, and beside it what the scene did to each PC.

The scene itself is a scene document (:func:`seforge.systems.swords_edge.scene.save_scene`).
The PCs' Penalty Ranks, Luck and Stunts reach their character files only when the scene
ends, so a second, versioned document (``swords-edge.scene-pcs``) keeps, for each PC id,
the character file it came from and the changes the scene made to it
(:mod:`seforge.systems.swords_edge.scene_changes`), never the PC itself: a restored scene
replays them over the PC's file, so a PC's unsaved edits (kept by that PC's own autosave,
or discarded) never come back with the scene. Only a PC without a file is kept whole (with
the scene's changes): it comes back as its own restored autosave when one is open
(:func:`same_pc`), brought up to the later of the two (:func:`kept_is_newer`).

Version 1 kept the whole character as it stood in the scene; read back, only its play
state and history are taken from it (what a scene changes).

Autosaves written before this document had a format were a bare JSON object
``{pc_id: path or null}`` (older) or ``{pc_id: {"path": ..., "character": ...}}``; they
still read (:func:`read_scene_pcs`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from seforge.core.documents import DocumentFileError, DocumentKind, read_json_file
from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.fileformat import (
    character_from_data,
    character_to_data,
    load_character,
)
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.scene import Scene, load_scene, save_scene
from seforge.systems.swords_edge.scene_changes import Patch, data_of, diff, replay

SCENE_FILE_NAME = "current.sescene"
PCS_FILE_NAME = "current.paths.json"
"""Beside the autosaved scene: the PCs' files and states (the name predates the states)."""


class AutosavedPC(BaseModel):
    """One PC of the autosaved scene: its character file and what the scene did to it
    (``changes``); the whole character only for a PC without a file (or from version 1)."""

    model_config = ConfigDict(extra="forbid")

    path: str | None = None
    character: dict[str, Any] | None = None
    changes: list[Patch] | None = None
    """None in version 1's records (which kept the character instead)."""


SCENE_OWNED = ("play", "history")
"""What a version 1 record's character gives back over the PC's file."""


class ScenePCs(BaseModel):
    """Every PC of the autosaved scene, by scene id."""

    model_config = ConfigDict(extra="forbid")

    pcs: dict[str, AutosavedPC] = {}


SCENE_PCS = DocumentKind(
    format_id="swords-edge.scene-pcs",
    model=ScenePCs,
    suffix=".json",
    title="Sword's Edge scene autosave (its PCs)",
    version=3,
    # version 2 adds ``changes`` (None before); version 3's changes may also add to a
    # count or append to a list (scene_changes.step_changes), which version 2's readers
    # would misread: they refuse the newer file instead
    migrations={1: lambda fields: fields, 2: lambda fields: fields},
)


def _legacy(data: dict[str, Any]) -> dict[str, Any]:
    """A pre-format sidecar as version 1's fields (unreadable records are dropped)."""
    pcs: dict[str, Any] = {}
    for pc_id, item in data.items():
        if isinstance(item, dict):
            path = item.get("path")
            state = item.get("character")
            pcs[str(pc_id)] = {"path": path if isinstance(path, str) else None,
                               "character": state if isinstance(state, dict) else None}
        else:
            pcs[str(pc_id)] = {"path": item if isinstance(item, str) else None,
                               "character": None}
    return {"format": SCENE_PCS.format_id, "version": 1, "pcs": pcs}


def read_scene_pcs(path: str | os.PathLike[str]) -> ScenePCs:
    """The PCs' sidecar at ``path``; a file without ``format`` is an older autosave.

    Raises DocumentFileError (one line)."""
    p = Path(path)
    data = read_json_file(p)
    if isinstance(data, dict) and "format" not in data:
        data = _legacy(data)
    return SCENE_PCS.from_data(data, p.name or str(p))


@dataclass(frozen=True)
class RestoredPC:
    """What an autosave gives back for one PC: the character as its file holds it (None
    if lost), the file, the scene's changes to replay over it, and why it could not be
    brought back."""

    character: Character | None
    path: Path | None
    reason: str
    changes: tuple[Patch, ...] = ()


def restore_pc(record: AutosavedPC | None, name: str) -> RestoredPC:
    """The PC as its file holds it, with the scene's changes to replay; a PC without a
    file as the record keeps it (with the scene's changes, which it holds: they are
    replayed only over the PC's own restored autosave, see :func:`same_pc`); else None
    with the reason."""
    if record is None:
        return RestoredPC(None, None, "no character file")
    path = Path(record.path) if record.path else None
    reason = "no character file"
    if path is not None:
        try:
            on_file = load_character(path)
        except DocumentFileError as exc:
            return RestoredPC(None, path, str(exc))
        return RestoredPC(on_file, path, "", tuple(_changes(record, on_file)))
    if record.character is not None:
        try:
            return RestoredPC(character_from_data(record.character, name), None, "",
                              tuple(record.changes or []))
        except DocumentFileError as exc:
            reason = str(exc)
    return RestoredPC(None, path, reason)


def _changes(record: AutosavedPC, on_file: Character) -> list[Patch]:
    if record.changes is not None:
        return record.changes
    if record.character is None:
        return []
    try:  # version 1: the play state and history of the character it kept
        kept = data_of(character_from_data(record.character, on_file.name or "the PC"))
    except DocumentFileError:
        return []
    now = data_of(on_file)
    return [diff({k: now.get(k) for k in SCENE_OWNED}, {k: kept.get(k) for k in SCENE_OWNED})]


def autosave_record(path: Path | None, character: Character | None,
                    changes: list[Patch] | None = None) -> AutosavedPC:
    """The sidecar's record of one PC (the path made absolute): the scene's ``changes``
    for a PC with a file; for one without, the whole ``character`` too (the PC when no
    autosave of its own comes back; the changes to replay over that autosave when one
    does)."""
    if path is not None:
        return AutosavedPC(path=str(path.absolute()), changes=list(changes or []))
    return AutosavedPC(
        character=character_to_data(character) if character is not None else None,
        changes=list(changes or []),
    )


def _bare_history(character: Character) -> list[dict[str, Any]]:
    return [entry.model_dump(mode="json", exclude={"snapshot"}) for entry in character.history]


def kept_is_newer(kept: Character, own: Character) -> bool:
    """Whether the scene's autosave ``kept`` a PC without a file as it stood after its
    ``own`` autosave (the history of ``own`` begins that of ``kept``, or is the same):
    the scene writes its autosave at every change of its PCs, the PC's own autosave is
    written every few seconds, so with the same history the scene's is the later one."""
    history, theirs = _bare_history(kept), _bare_history(own)
    return history[:len(theirs)] == theirs


def same_pc(kept: Character, candidates: Sequence[Character],
            changes: Sequence[Patch] = ()) -> int | None:
    """Which of ``candidates`` (characters without a file, restored from their own
    autosaves) is the PC a scene's autosave ``kept`` whole, by index (None: none).

    Both are the one PC as it stood at two moments (its autosave, the scene's), so one
    history begins with the other, each entry with the time it was written: the
    candidate sharing the longest such beginning is the PC (the one with the PC's name
    first among equals). A candidate with no history yet (its autosave was written
    before the PC joined the scene, whose joining began its history) shares no entry:
    it is the PC only when the scene's ``changes`` to the PC, replayed over it, give
    exactly what the scene kept (:func:`is_kept_before_the_scene`); without them it
    could be any fresh copy of the same PC, and is not taken."""
    history = _bare_history(kept)
    best: tuple[int, bool] | None = None
    found: int | None = None
    for index, candidate in enumerate(candidates):
        theirs = _bare_history(candidate)
        shared = min(len(history), len(theirs))
        if shared == 0:
            if theirs or not is_kept_before_the_scene(kept, candidate, changes):
                continue
        elif history[:shared] != theirs[:shared]:
            continue
        named = candidate.name == kept.name
        if best is None or (shared, named) > best:
            best, found = (shared, named), index
    return found


def is_kept_before_the_scene(kept: Character, own: Character,
                             changes: Sequence[Patch]) -> bool:
    """Whether ``own`` is the PC the scene ``kept`` as it stood before the scene's
    ``changes`` to it: replayed over ``own``, they give ``kept`` (its history entries
    as written, each snapshot aside). False without changes, or when they no longer
    fit ``own``."""
    if not any(changes):
        return False
    try:
        replayed = replay(own, list(changes))
    except RefusedError:
        return False
    return _without_snapshots(replayed) == _without_snapshots(kept)


def _without_snapshots(character: Character) -> dict[str, Any]:
    data = data_of(character)
    data["history"] = _bare_history(character)
    return data


def save_autosave(scene: Scene, pcs: ScenePCs, folder: Path) -> None:
    """Write the scene and its PCs' sidecar into ``folder`` (created if need be),
    each atomically. Raises OSError."""
    folder.mkdir(parents=True, exist_ok=True)
    SCENE_PCS.save(pcs, folder / PCS_FILE_NAME)
    save_scene(scene, folder / SCENE_FILE_NAME)


def load_autosave(folder: Path) -> tuple[Scene, ScenePCs]:
    """The autosaved scene and its PCs' sidecar (empty if the sidecar is missing or
    unreadable: each PC then has no state to come back with). Raises DocumentFileError
    for an unreadable scene."""
    scene = load_scene(folder / SCENE_FILE_NAME)
    try:
        pcs = read_scene_pcs(folder / PCS_FILE_NAME)
    except DocumentFileError:
        pcs = ScenePCs()
    return scene, pcs


def discard_autosave(folder: Path) -> None:
    for name in (SCENE_FILE_NAME, PCS_FILE_NAME):
        (folder / name).unlink(missing_ok=True)
