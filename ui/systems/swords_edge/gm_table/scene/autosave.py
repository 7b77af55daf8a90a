"""The scene tracker's autosave: after every change the scene, and beside it each PC's
file and what the scene did to it, go to the data folder (a scene document and a
``swords-edge.scene-pcs`` document, read and written by
:mod:`seforge.systems.swords_edge.scene_autosave`); the next start offers them back,
replaying the scene's changes over each PC as its owner holds it. A PC's own unsaved
edits are never in the scene's autosave: they live in that PC's autosave only. A PC
without a file is the exception, kept whole: it comes back as the document its own
autosave restored (in a tab), whichever of the two is restored first."""

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
from seforge.systems.swords_edge.scene_autosave import same_pc
from seforge.systems.swords_edge.scene_changes import Patch, step_changes
from ui.shell.settings import data_dir
from ui.systems.swords_edge.gm_table.common import warn
from ui.systems.swords_edge.gm_table.scene.pc_owner_steps import HOLDER, sentence

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from PySide6.QtGui import QUndoStack

    from ui.systems.swords_edge.document import CharacterDocument
    from ui.systems.swords_edge.document_registry import DocumentRegistry


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
        registry: DocumentRegistry
        undo_stack: QUndoStack
        _awaiting_own_autosave: dict[str, CharacterDocument]

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

        def _bring_up_to_date(self, document: CharacterDocument, kept: Character | None,
                              changes: Sequence[Patch]) -> None: ...

        def document_of(self, pc_id: str) -> CharacterDocument | None: ...

        def _sync_owners(self, release: bool = False) -> None: ...

        def refresh(self) -> None: ...

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
        self._awaiting_own_autosave = {}
        paths: dict[str, Path | None] = {}
        problems: list[str] = []
        base: dict[str, list[Patch]] = {}
        waiting: dict[str, CharacterDocument] = {}
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
                if found.path is None and self.registry.holders(document) == {HOLDER}:
                    waiting[entry.id] = document  # its own autosave may come back later
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
        self._awaiting_own_autosave = waiting
        self.save_autosave()
        self.show_notice("The autosaved scene was restored.")
        if problems:
            warn(self, "Restore scene", "\n".join(problems))
        return True

    def _on_document_added(self, document: CharacterDocument) -> None:
        """A character without a file opened after the scene was restored: when it is
        the own autosave of a PC the restored scene brought back whole (the GM's Table
        was built before the autosaves were offered), the scene takes it instead (one
        document, shown in its tab and in the scene) with the scene's changes it does
        not hold replayed, and lets go of its own copy. Only before the scene's first
        step: after that the copy has a history of its own."""
        waiting = self._awaiting_own_autosave
        if self.undo_stack.count() or self.scene.ended:
            waiting.clear()
        if not waiting or document.path is not None:
            return
        for pc_id, copy in list(waiting.items()):
            if self.document_of(pc_id) is not copy \
                    or self.registry.holders(copy) != {HOLDER}:
                del waiting[pc_id]
                continue
            if same_pc(copy.character, [document.character],
                       self.scene_changes(pc_id)) is None:
                continue
            del waiting[pc_id]
            self._take_over(pc_id, copy, document)
            return

    def _take_over(self, pc_id: str, copy: CharacterDocument,
                   document: CharacterDocument) -> None:
        """The scene's PC ``pc_id`` is ``document`` from now on, not its ``copy``."""
        self.registry.add(document, HOLDER)
        try:
            self._bring_up_to_date(document, copy.character, self.scene_changes(pc_id))
        except RefusedError as exc:
            self.registry.release(document, HOLDER)
            self.show_notice(f"{document.title()}: {sentence(exc)}")
            return
        self.scene.bind(pc_id, document.character)
        self._sync_owners()
        self.registry.release(copy, HOLDER, force=True)
        self.refresh()
        self.save_autosave()

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
