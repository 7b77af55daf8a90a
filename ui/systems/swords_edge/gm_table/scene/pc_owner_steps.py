"""How the scene tracker changes its PCs: each through the owner of the PC's document.

A scene step runs once; what it did to each PC becomes one undo command on that PC's
owner, and what it did to the scene one step on the scene's stack, linked so that both
undo together (:mod:`~ui.systems.swords_edge.gm_table.scene_commands`). The tracker holds
its PCs' owners in the registry and redraws when one of them changes elsewhere.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QUndoCommand, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QMainWindow, QWidget

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.fileformat import CharacterFileError
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import full_dump, restore
from seforge.systems.swords_edge.scene import Scene, scene_from_data, scene_to_data
from seforge.systems.swords_edge.scene_autosave import kept_is_newer, same_pc
from seforge.systems.swords_edge.scene_changes import (
    Patch,
    already_applied,
    replay,
    step_changes,
)
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import Changes, DocumentRegistry
from ui.systems.swords_edge.gm_table.scene.undo_warning import UndoWarning
from ui.systems.swords_edge.gm_table.scene_commands import (
    ScenePCCommand,
    SceneStep,
    drop_broken_redo,
    scene_steps,
)

if TYPE_CHECKING:
    from ui.systems.swords_edge.gm_table.scene.owner import SceneOwner

HOLDER = "scene"
"""How the tracker holds its PCs' owners in the registry."""
NOTICE_MS = 10000
"""How long the window's status bar tells what a linked undo or redo took along."""


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
        _base_changes: dict[str, list[Patch]]

        owner: SceneOwner
        paths: dict[str, Path | None]

        def refresh(self) -> None: ...

        def show_notice(self, text: str) -> None: ...

        def save_autosave(self) -> bool: ...

    # -- what the scene did to each PC ----------------------------------------------
    def scene_changes(self, pc_id: str) -> list[Patch]:
        """What the scene did to a PC: the changes it came back with (a restored scene),
        then those of every scene step not undone. Replayed over the PC's file they give
        the PC as the scene left it, without edits made elsewhere."""
        found = list(self._base_changes.get(pc_id, []))
        for index in range(self.undo_stack.index()):
            for step in scene_steps(self.undo_stack.command(index)):
                if pc_id in step.changes:
                    found.append(step.changes[pc_id])
        return found

    def _pc_ids_of(self, document: CharacterDocument) -> list[str]:
        return [e.id for e in self.scene.pcs if self.document_of(e.id) is document]

    def _restored_owner(self, state: Character, path: Path | None,
                        changes: Sequence[Patch] = ()) -> CharacterDocument:
        """The owner of a restored PC: its file's owner (as it is open here, with its own
        unsaved edits if the user restored them) with the scene's ``changes`` it does not
        hold yet replayed (one undo step, so the document shows modified), else ``state``
        (a PC without a file, or one whose file is unreadable now). A PC without a file
        whose own autosave came back (in its tab) is that document
        (:func:`~seforge.systems.swords_edge.scene_autosave.same_pc`): one owner in both
        places, its own edits kept. A PC whose restored autosave (or file) was written
        after the scene's steps already holds them, maybe with later edits of its own:
        replaying them again would count them twice
        (:func:`~seforge.systems.swords_edge.scene_changes.unapplied`)."""
        document = None
        if path is not None:
            try:
                document = self.registry.open(path, HOLDER)
            except CharacterFileError:
                document = None
        else:
            document = self._restored_without_file(state, changes)
        if document is None:
            document = self.registry.adopt(state, path, HOLDER)
            if path is not None:
                document.mark_modified()
            return document
        self._bring_up_to_date(document, state if path is None else None, changes)
        return document

    def _bring_up_to_date(self, document: CharacterDocument, kept: Character | None,
                          changes: Sequence[Patch]) -> None:
        """Give a restored PC's owner what the scene's autosave has that it lacks, as one
        undo step: the PC the scene ``kept`` whole (one without a file) when that is the
        later state of the two, else the scene's ``changes`` it does not hold yet.
        RefusedError when those no longer fit the PC."""
        if kept is not None and kept_is_newer(kept, document.character):
            wanted = full_dump(kept)
        elif changes and not already_applied(document.character, list(changes)):
            wanted = full_dump(replay(document.character, list(changes)))
        else:
            return
        if wanted != full_dump(document.character):
            self._step_on(document, "Restore the scene's state",
                          lambda: restore(document.character, wanted))

    def _restored_without_file(self, state: Character,
                               changes: Sequence[Patch] = ()) -> CharacterDocument | None:
        """The open document without a file that is the PC the scene kept as ``state``
        (its own autosave restored in a tab, maybe written before the scene's
        ``changes`` began its history), held by the scene now; None: none is."""
        free = [d for d in self.registry.documents()
                if d.path is None and HOLDER not in self.registry.holders(d)]
        found = same_pc(state, [d.character for d in free], changes)
        if found is None:
            return None
        return self.registry.add(free[found], HOLDER)

    def _step_on(self, document: CharacterDocument, title: str,
                 operation: Callable[[], Any]) -> Any:
        """Run ``operation`` on one owner's character as one undo step."""
        old = full_dump(document.character)
        result = operation()
        self._record(document, old, title)
        return result

    def _keep_scene_state(self, document: CharacterDocument) -> None:
        """``document`` was read again from its file (Revert, Reload): its history is
        new, so the scene's steps no longer reach into it; the scene's changes are
        replayed on it as one step, so the running scene goes on with it whole. The
        tracker then shows the PC as it now is (the reload's own redraw came before
        the replay)."""
        try:
            self._replay_scene_on(document)
        finally:
            self.refresh()

    def _replay_scene_on(self, document: CharacterDocument) -> None:
        for index in range(self.undo_stack.count()):
            for step in scene_steps(self.undo_stack.command(index)):
                step.partners = [(d, c) for d, c in step.partners if d is not document]
        if self.scene.ended:
            return
        patches = [p for pc_id in self._pc_ids_of(document) for p in self.scene_changes(pc_id)]
        if not patches:
            return
        try:
            wanted = full_dump(replay(document.character, patches))
        except RefusedError:
            return  # the file changed too much: the tracker shows the PC as the file has it
        self._step_on(document, "Keep the scene's state",
                      lambda: restore(document.character, wanted))

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
            # The core's scene changes its bound Character as it checks the rules; the
            # step on the owner is what keeps the change: back to ``old``, then the
            # push's redo makes it (no command is pushed "already done").
            restore(document.character, old)
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
        self._base_changes = {}

    def _restore_scene(self, data: dict[str, Any]) -> None:
        """Undo/redo of a scene step: the scene as it was, with the same Characters
        (its name too: naming the scene is a step of its own). The owner's ``changed``
        redraws the tracker."""
        scene = scene_from_data(data)
        for entry in scene.pcs:
            character = self._known.get(entry.id)
            if character is not None:
                scene.bind(entry.id, character)
        self.scene = scene

    def document_of(self, pc_id: str) -> CharacterDocument | None:
        """The owner of a PC's character (None if the PC is not attached)."""
        if all(e.id != pc_id for e in self.scene.pcs) or not self.scene.is_bound(pc_id):
            return None  # not (or no longer) in the scene
        return self.registry.find_character(self.scene.character(pc_id))

    def _owners(self, joining: CharacterDocument | None = None
                ) -> list[tuple[CharacterDocument, dict[str, Any]]]:
        found: list[tuple[CharacterDocument, dict[str, Any]]] = []
        documents = [self.document_of(entry.id) for entry in self.scene.pcs] + [joining]
        for document in documents:
            if document is not None and all(d is not document for d, _ in found):
                found.append((document, full_dump(document.character)))
        return found

    def _apply(self, title: str, operation: Callable[[Scene], Any],
               joining: CharacterDocument | None = None) -> Any:
        """Run the core mutator ``operation`` on a copy of the scene, through the scene's
        owner; each PC it changed (and ``joining``, a PC coming into the scene) gets one
        undo step on its owner, linked with the scene's step. A refusal changes nothing
        (a PC the core touched before refusing is put back)."""
        before = self._owners(joining)

        def make_step(scene_before: dict[str, Any], work: Scene) -> SceneStep | None:
            partners = []
            changes: dict[str, Patch] = {}
            for document, old in before:
                patch = step_changes(old, full_dump(document.character))
                for pc_id in self._pc_ids_in(work, document) if patch else []:
                    changes[pc_id] = patch
                command = self._record(document, old, title)
                if command is not None:
                    partners.append((document, command))
            scene_after = scene_to_data(work)
            for entry in work.pcs:  # the step's redo binds the PCs it knows
                if work.is_bound(entry.id):
                    self._known[entry.id] = work.character(entry.id)
            if not partners and scene_after == scene_before:
                return None
            step = SceneStep(self._restore_scene, scene_before, scene_after,
                             f"Scene: {title}", self.undo_stack, partners)
            step.changes = changes
            step.notify = self._undone_through
            return step

        def push(step: QUndoCommand) -> None:
            if self._test_step is not None and isinstance(step, SceneStep):
                self._test_step.append(step)  # pushed after the calculator's half
            else:
                self.undo_stack.push(step)

        self._busy = True
        try:
            return self.owner.apply_step(operation, make_step, push)
        except BaseException:
            for document, old in before:  # the core refused part way: nothing kept
                if full_dump(document.character) != old:
                    restore(document.character, old)
            raise
        finally:
            self._busy = False

    def _pc_ids_in(self, scene: Scene, document: CharacterDocument) -> list[str]:
        """The ids ``document``'s character has in ``scene``."""
        return [e.id for e in scene.pcs if scene.is_bound(e.id)
                and self.registry.find_character(scene.character(e.id)) is document]

    def _undone_through(self, text: str) -> None:
        """A linked undo (redo) took later (earlier) steps along, on the scene's history
        or a PC's: say so on the scene's status line and the window's, as Undo may have
        been pressed in a PC's tab."""
        self.show_notice(text)
        window = self.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(text, NOTICE_MS)

    def _drop_broken_redo(self) -> None:
        """A history moved: a redo that can no longer be made whole (the other half of
        its step was thrown away by a new edit) is thrown away, here and on the PCs; and
        Edit › Undo says again which later steps it would take along."""
        stacks = [self.undo_stack] + [d.undo_stack for d in self._watched]
        while any([drop_broken_redo(stack) for stack in stacks]):
            pass
        self._warn_undo()

    def _warn_undo(self) -> None:
        """Have the window's Undo and Redo actions warn of the other steps they take
        along (see :mod:`~ui.systems.swords_edge.gm_table.scene.undo_warning`)."""
        window = self.window()
        group = getattr(window, "undo_group", None)
        if not isinstance(group, QUndoGroup) or not shiboken6.isValid(group):
            return
        for name, undo in (("undo_action", True), ("redo_action", False)):
            action = getattr(window, name, None)
            # (a window closing has let its actions go: a GM session saw "QAction
            # already deleted" here)
            if isinstance(action, QAction) and shiboken6.isValid(action):
                UndoWarning.of(action, group, undo).update()

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
                with contextlib.suppress(RuntimeError, TypeError):
                    document.reloaded.disconnect(self._keep_scene_state)
                with contextlib.suppress(RuntimeError, TypeError):
                    document.path_changed.disconnect(self._on_owner_path_changed)
                with contextlib.suppress(RuntimeError, TypeError):
                    document.undo_stack.indexChanged.disconnect(self._drop_broken_redo)
        kept = [d for d in self._watched if any(d is k for k in documents)]
        for document in documents:
            if all(document is not d for d in kept):
                document.changed.connect(self._on_document_changed)
                document.reloaded.connect(self._keep_scene_state)
                document.path_changed.connect(self._on_owner_path_changed)
                document.undo_stack.indexChanged.connect(self._drop_broken_redo)
                kept.append(document)
        self._watched = kept

    def sync_paths(self) -> None:
        """Each PC's file as its owner has it now: a PC saved to a file (or under another
        name) after it came into the scene is written there at the end of the scene and
        comes back from that file with the autosaved scene, not as a copy of its own
        beside the file's document."""
        for entry in self.scene.pcs:
            document = self.document_of(entry.id)
            if document is not None:
                self.paths[entry.id] = document.path

    def _on_owner_path_changed(self) -> None:
        self.sync_paths()
        self.save_autosave()
