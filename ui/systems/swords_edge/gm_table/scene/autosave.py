"""The scene tracker's autosave: after every change the scene, and beside it each PC's
file and what the scene did to it, go to the data folder (a scene document and a
``swords-edge.scene-pcs`` document, read and written by
:mod:`seforge.systems.swords_edge.scene_autosave`); the next start offers them back,
replaying the scene's changes over each PC as its owner holds it. A PC's own unsaved
edits are never in the scene's autosave: they live in that PC's autosave only."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QMessageBox, QWidget

from seforge.core.documents import DocumentFileError
from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import scene_autosave
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import full_dump
from seforge.systems.swords_edge.scene import Scene
from seforge.systems.swords_edge.scene_changes import Patch, step_changes
from ui.shell.settings import data_dir
from ui.systems.swords_edge.gm_table.common import warn
from ui.systems.swords_edge.gm_table.scene.pc_owner_steps import sentence

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ui.systems.swords_edge.document import CharacterDocument


def autosave_folder() -> Path:
    """Where the tracker autosaves the scene and its PCs: ``data_dir()/scene``."""
    return data_dir() / "scene"


def autosave_path() -> Path:
    """The autosaved scene: ``data_dir()/scene/current.sescene``."""
    return autosave_folder() / scene_autosave.SCENE_FILE_NAME


def autosave_paths_path() -> Path:
    """Beside the autosaved scene, its PCs' files and states (a ``swords-edge.scene-pcs``
    document)."""
    return autosave_folder() / scene_autosave.PCS_FILE_NAME


class SceneAutosave(QWidget):
    """The tracker's autosave half (a base of
    :class:`~ui.systems.swords_edge.gm_table.scene.tracker.SceneTracker`)."""

    if TYPE_CHECKING:
        autosave: bool
        scene: Scene
        paths: dict[str, Path | None]

        def show_notice(self, text: str) -> None: ...

        def set_scene(self, scene: Scene,
                      paths: dict[str, Path | None] | None = None) -> None: ...

        _base_changes: dict[str, list[Patch]]

        def _restored_owner(self, state: Character, path: Path | None,
                            changes: Sequence[Patch] = ()) -> CharacterDocument: ...

        def scene_changes(self, pc_id: str) -> list[Patch]: ...

        def sync_paths(self) -> None: ...

        def _step_on(self, document: CharacterDocument, title: str,
                     operation: Callable[[], Any]) -> Any: ...

    def save_autosave(self) -> bool:
        """Write the scene to :func:`autosave_path` and, beside it, each PC's file path
        and what the scene did to it (Penalty Ranks, Luck, Stunts are only written to the
        PC files when the scene ends, so the autosave must carry them); a PC without a
        file is kept whole."""
        if not self.autosave:
            return False
        self.sync_paths()
        pcs = scene_autosave.ScenePCs(pcs={
            entry.id: scene_autosave.autosave_record(
                self.paths.get(entry.id),
                self.scene.character(entry.id) if self.scene.is_bound(entry.id) else None,
                self.scene_changes(entry.id))
            for entry in self.scene.pcs
        })
        try:
            scene_autosave.save_autosave(self.scene, pcs, autosave_folder())
        except OSError as exc:
            self.show_notice(f"The scene could not be autosaved ({exc.strerror}).")
            return False
        return True

    def discard_autosave(self) -> None:
        scene_autosave.discard_autosave(autosave_folder())

    def restore_autosave(self) -> bool:
        """Bring back the autosaved scene: each PC as its owner holds it (its file, or
        its own restored autosave) with the scene's changes replayed; a PC without a
        file as the autosave kept it; a PC with neither leaves the scene."""
        try:
            scene, stored = scene_autosave.load_autosave(autosave_folder())
        except DocumentFileError as exc:
            warn(self, "Restore scene", str(exc))
            return False
        paths: dict[str, Path | None] = {}
        problems: list[str] = []
        base: dict[str, list[Patch]] = {}
        for entry in list(scene.pcs):
            found = scene_autosave.restore_pc(stored.pcs.get(entry.id), entry.name or entry.id)
            if found.character is not None:
                try:
                    document = self._restored_owner(found.character, found.path,
                                                    found.changes)
                except RefusedError as exc:
                    problems.append(f"{entry.name or entry.id}: {sentence(exc)}; left out "
                                    "of the scene.")
                    scene.remove_pc(entry.id, str(exc))
                    continue
                scene.bind(entry.id, document.character)
                paths[entry.id] = found.path
                base[entry.id] = list(found.changes)
                if not scene.ended:
                    before = full_dump(document.character)
                    try:
                        self._step_on(document, "Start session",
                                      partial(scene.ensure_session, document.character))
                    except RefusedError as exc:
                        problems.append(sentence(exc))
                    started = step_changes(before, full_dump(document.character))
                    if started:
                        base[entry.id].append(started)
                continue
            problems.append(f"{entry.name or entry.id}: {found.reason}; left out of the scene.")
            scene.remove_pc(entry.id, found.reason)
        self.set_scene(scene, paths)
        self._base_changes = base
        self.save_autosave()
        self.show_notice("The autosaved scene was restored.")
        if problems:
            warn(self, "Restore scene", "\n".join(problems))
        return True

    def offer_restore(self) -> bool:
        """If an autosaved scene exists, ask to restore or discard it."""
        if not autosave_path().exists():
            return False
        answer = QMessageBox.question(
            self, "Restore scene",
            "A scene from last time was saved. Restore it, with each PC as they stood "
            "in it?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard,
            QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Yes:
            return self.restore_autosave()
        self.discard_autosave()
        return False
