"""How the scene tracker changes its PCs: each through the owner of the PC's document.

A scene step runs once; what it did to each PC becomes one undo command on that PC's
owner, and what it did to the scene one step on the scene's stack, linked so that both
undo together (:mod:`~ui.systems.swords_edge.gm_table.scene_commands`). The tracker holds
its PCs' owners in the registry and redraws when one of them changes elsewhere.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from seforge.systems.swords_edge.fileformat import CharacterFileError
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import full_dump, restore
from seforge.systems.swords_edge.scene import Scene, scene_from_data, scene_to_data
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm_table.scene_commands import ScenePCCommand, SceneStep
from ui.systems.swords_edge.owners import Changes, DocumentRegistry

HOLDER = "scene"
"""How the tracker holds its PCs' owners in the registry."""


def sentence(exc: Exception) -> str:
    """The core's message with its first letter raised."""
    text = str(exc)
    return text[:1].upper() + text[1:]


class PCOwnerSteps(QWidget):
    """The tracker's half that runs steps on its PCs' owners (a base of
    :class:`~ui.systems.swords_edge.gm_table.scene.tracker.SceneTracker`)."""

    if TYPE_CHECKING:
        scene: Scene
        registry: DocumentRegistry
        undo_stack: QUndoStack
        _busy: bool
        _known: dict[str, Character]
        _watched: list[CharacterDocument]
        _later: QTimer
        _test_step: list[SceneStep] | None

        def refresh(self) -> None: ...

    def _restored_owner(self, state: Character, path: Path | None) -> CharacterDocument:
        """The owner of a restored PC: its file's owner brought to the state it had in
        the scene (one undo step, so the document shows modified), else ``state``."""
        document = None
        if path is not None:
            try:
                document = self.registry.open(path, HOLDER)
            except CharacterFileError:
                document = None
        if document is None:
            document = self.registry.adopt(state, path, HOLDER)
            if path is not None:
                document.mark_modified()
            return document
        wanted = full_dump(state)
        self._step_on(document, "Restore the scene's state",
                      lambda: restore(document.character, wanted))
        return document

    def _step_on(self, document: CharacterDocument, title: str,
                 operation: Callable[[], Any]) -> Any:
        """Run ``operation`` on one owner's character as one undo step."""
        old = full_dump(document.character)
        result = operation()
        self._record(document, old, title)
        return result

    def _record(self, document: CharacterDocument, old: dict[str, Any],
                title: str) -> ScenePCCommand | None:
        new = full_dump(document.character)
        if new == old:
            return None
        text = f"Scene: {title} ({document.character.name or document.title()})"
        command = ScenePCCommand(document.character, old, new, text,
                                 lambda: self._owner_changed(document))
        busy, self._busy = self._busy, True  # the caller redraws once, afterwards
        try:
            document.push(command)
        finally:
            self._busy = busy
        return command

    def _forget_history(self) -> None:
        """A new scene starts a new history; the PCs' halves of the old steps stay on
        their owners (undoable there) but no longer reach for the old scene."""
        for index in range(self.undo_stack.count()):
            step = self.undo_stack.command(index)
            if isinstance(step, SceneStep):
                step.unlink()
        self.undo_stack.clear()

    def _restore_scene(self, data: dict[str, Any]) -> None:
        """Undo/redo of a scene step: the scene as it was, with the same Characters
        (the name the GM typed since is kept)."""
        scene = scene_from_data(data)
        scene.name = self.scene.name
        for entry in scene.pcs:
            character = self._known.get(entry.id)
            if character is not None:
                scene.bind(entry.id, character)
        self.scene = scene
        self.refresh()

    def document_of(self, pc_id: str) -> CharacterDocument | None:
        """The owner of a PC's character (None if the PC is not attached)."""
        if not self.scene.is_bound(pc_id):
            return None
        return self.registry.find_character(self.scene.character(pc_id))

    def _owners(self, joining: CharacterDocument | None = None
                ) -> list[tuple[CharacterDocument, dict[str, Any]]]:
        found: list[tuple[CharacterDocument, dict[str, Any]]] = []
        documents = [self.document_of(entry.id) for entry in self.scene.pcs] + [joining]
        for document in documents:
            if document is not None and all(d is not document for d, _ in found):
                found.append((document, full_dump(document.character)))
        return found

    def _apply(self, title: str, operation: Callable[[], Any],
               joining: CharacterDocument | None = None, scene_step: bool = True) -> Any:
        """Run ``operation``; each PC it changed (and ``joining``, a PC coming into the
        scene) gets one undo step on its owner."""
        before = self._owners(joining)
        scene_before = scene_to_data(self.scene)
        self._busy = True
        try:
            result = operation()
        finally:
            self._busy = False
        partners = []
        for document, old in before:
            command = self._record(document, old, title)
            if command is not None:
                partners.append((document, command))
        scene_after = scene_to_data(self.scene)
        if scene_step and (partners or scene_after != scene_before):
            step = SceneStep(self._restore_scene, scene_before, scene_after,
                             f"Scene: {title}", self.undo_stack, partners)
            if self._test_step is not None:
                self._test_step.append(step)  # pushed after the calculator's half
            else:
                self.undo_stack.push(step)
        return result

    def _owner_changed(self, document: CharacterDocument) -> None:
        """After a scene step's redo/undo: tell the owner's views (and redraw here)."""
        if self._busy:
            document.notify_changed(Changes.PLAY | Changes.SCENE)
            return
        self._busy = True
        try:
            document.notify_changed(Changes.PLAY | Changes.SCENE)
        finally:
            self._busy = False
        self.refresh()

    def _on_document_changed(self, changes: object) -> None:
        """A PC changed elsewhere (builder, Play dock, reload): show it. Typing in the
        builder (names, notes) is shown a moment later, once per burst, rather than
        rebuilding the panels and rewriting the autosave on every key."""
        if self._busy:
            return
        if isinstance(changes, Changes) and not changes & ~Changes.IDENTITY:
            self._later.start()
        else:
            self.refresh()

    def _sync_owners(self, release: bool = False) -> None:
        """Hold the owners of the scene's PCs and listen to them; with ``release``
        (a new scene, whose history starts afresh) let go of the others."""
        for entry in self.scene.pcs:
            if self.scene.is_bound(entry.id):
                self._known[entry.id] = self.scene.character(entry.id)
        documents = [d for d in (self.document_of(p.id) for p in self.scene.pcs)
                     if d is not None]
        if release:
            self.registry.hold_only(HOLDER, documents)
        else:
            for document in documents:
                self.registry.add(document, HOLDER)
        for document in self._watched:
            if all(document is not d for d in documents):
                with contextlib.suppress(RuntimeError, TypeError):
                    document.changed.disconnect(self._on_document_changed)
        kept = [d for d in self._watched if any(d is k for k in documents)]
        for document in documents:
            if all(document is not d for d in kept):
                document.changed.connect(self._on_document_changed)
                kept.append(document)
        self._watched = kept
