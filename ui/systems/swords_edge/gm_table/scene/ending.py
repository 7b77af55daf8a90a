"""The end of a scene: each PC's file written with what the scene changed, then the
next scene with the same PCs (a base of
:class:`~ui.systems.swords_edge.gm_table.scene.tracker.SceneTracker`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import (
    QDialog,
    QWidget,
)

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    load_character,
    save_character,
)
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import full_dump, trial_copy
from seforge.systems.swords_edge.scene import (
    Scene,
    scene_from_data,
    scene_to_data,
)
from seforge.systems.swords_edge.scene_changes import Patch, replay, step_changes
from ui.shell import dialogs
from ui.shell.disk import DiskStamp
from ui.shell.widgets import DocumentLineEdit
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.gm_table.common import warn
from ui.systems.swords_edge.gm_table.scene.pc_owner_steps import sentence
from ui.systems.swords_edge.play.dialogs import EndSceneDialog

CHARACTER_FILTER = "Sword's Edge characters (*.sechar);;All files (*)"

SAVE_OTHERS = "Save Those Too"
KEEP_OTHERS = "Keep Them Unsaved"
"""End scene's answers for a PC with unsaved edits made outside the scene."""


class SceneEnding(QWidget):
    """End scene, Next scene and showing another scene."""

    if TYPE_CHECKING:
        scene: Scene
        paths: dict[str, Path | None]
        registry: DocumentRegistry
        save_document: Callable[[CharacterDocument], bool] | None
        name_edit: DocumentLineEdit
        files_written: SignalInstance
        _known: dict[str, Character]
        _awaiting_own_autosave: dict[str, CharacterDocument]

        def _apply(self, title: str, operation: Callable[[Scene], Any],
                   joining: CharacterDocument | None = None) -> Any: ...

        def document_of(self, pc_id: str) -> CharacterDocument | None: ...

        def scene_changes(self, pc_id: str) -> list[Patch]: ...

        def _forget_history(self) -> None: ...

        def _sync_owners(self, release: bool = False) -> None: ...

        def refresh(self) -> None: ...

        def show_notice(self, text: str) -> None: ...

    # -- the end --------------------------------------------------------------------
    def end_scene_dialog(self) -> bool:
        if self.scene.ended or not self.scene.pcs:
            return False
        dialog = EndSceneDialog(
            [(p.id, self.scene.character(p.id)) for p in self.scene.pcs], self)
        while True:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            values = dialog.values()
            # A refusal comes first and the dialog comes back as the GM filled it in:
            # it used to come after the question about other edits, the entries lost.
            refusal = self.scene.end_scene_refusal(**values)
            if refusal is None:
                return self.finish_scene(**values)
            warn(self, "End scene", sentence(RefusedError(refusal)))

    def finish_scene(self, recovery: dict[str, str | None] | None = None,
                     luck_for_penalties: dict[str, int] | None = None,
                     pivot_touched: dict[str, str | None] | None = None) -> bool:
        """End the scene (all or nothing, in the core), then write to every PC's file
        what the scene changed. A PC whose owner also holds edits made outside the scene
        (a Player name typed in its tab) is asked about first: save those too, keep them
        unsaved (the file gets only the scene's changes), or cancel the end."""
        refusal = self.scene.end_scene_refusal(recovery, luck_for_penalties, pivot_touched)
        if refusal is not None:
            warn(self, "End scene", sentence(RefusedError(refusal)))
            return False
        others = self._pcs_with_other_edits()
        whole = {pc_id for pc_id in others if not self._scene_alone_fits(pc_id)}
        whole |= self._needed_by_the_end(others - whole, recovery, luck_for_penalties,
                                         pivot_touched)
        keep_unsaved = self._ask_about_other_edits(others, whole)
        if keep_unsaved is None:
            return False
        try:
            self._apply("End scene", lambda scene: scene.end_scene(
                recovery, luck_for_penalties, pivot_touched))
        except RefusedError as exc:
            warn(self, "End scene", sentence(exc))
            return False
        written: list[Path] = []
        problems: list[str] = []
        with_others: list[str] = []
        for entry in self.scene.pcs:
            name = self.scene.title(entry.id)
            only_scene = keep_unsaved and entry.id in others - whole
            if only_scene and not self._scene_alone_fits(entry.id):
                only_scene = False  # the end itself used what only those edits hold
                whole.add(entry.id)
            path, problem = self._write_pc(entry.id, name, only_scene)
            if problem:
                problems.append(problem)
            elif path is not None:
                written.append(path)
                if entry.id in whole:
                    with_others.append(name)
        # What was written goes to the status line, not the scene's log: the log is the
        # End scene step's (one undo step with its PCs', changed nowhere else). It stays
        # until the scene next changes (an Undo says what it undid instead).
        names = f" ({', '.join(p.name for p in written)})" if written else ""
        self.refresh()
        self.show_notice(
            f"The scene has ended; {len(written)} character file"
            f"{'s' if len(written) != 1 else ''} written{names}."
            + (f" {', '.join(with_others)}: with the changes made outside the scene too."
               if with_others and keep_unsaved else ""))
        if problems:
            warn(self, "End scene", "\n".join(problems))
        self.files_written.emit(written)
        return True

    def _ask_about_other_edits(self, others: set[str], whole: set[str]) -> bool | None:
        """Whether to keep the other unsaved edits of ``others`` unsaved (False: save
        them too; None: the GM cancelled the end). Those of ``whole`` are written to the
        file either way: the scene used what only they hold (a Luck gained in the Play
        dock and spent in a Test), so the file cannot take the scene's changes alone."""
        if not others:
            return False

        def names(pc_ids: set[str]) -> str:
            return ", ".join(sorted({self.scene.title(pc_id) for pc_id in pc_ids}))

        needed = (
            f"The scene used Luck or Penalty Ranks that only the unsaved changes of "
            f"{names(whole)} hold, so {'that file' if len(whole) == 1 else 'those files'}"
            " can only be written with them.") if whole else ""
        if others == whole:
            choice = dialogs.ask_choice(
                self, "End scene",
                f"{names(others)}: there are also unsaved changes made outside the "
                f"scene. {needed} Write them to the file too?",
                [SAVE_OTHERS, "Cancel"], default=0)
        else:
            choice = dialogs.ask_choice(
                self, "End scene",
                f"{names(others - whole)}: there are also unsaved changes made outside "
                "the scene. Write them to the file too, or write only what the scene "
                f"changed and keep them unsaved? {needed}".rstrip(),
                [SAVE_OTHERS, KEEP_OTHERS, "Cancel"], default=1)
        if choice not in (SAVE_OTHERS, KEEP_OTHERS):
            return None
        return choice == KEEP_OTHERS

    def _scene_alone_fits(self, pc_id: str, more: Sequence[Patch] = ()) -> bool:
        """Whether the PC's file as it is on disk can take the scene's changes alone
        (and ``more`` after them: the end of the scene, tried beforehand). False: they
        use what only the owner's other edits hold, as a Luck gained in the Play dock
        and spent by the scene, or Penalty Ranks taken there that the end removes in
        part; the file would hold less than none. A file that cannot be read fits:
        writing it says what is wrong."""
        document = self.document_of(pc_id)
        if document is None or document.path is None:
            return True
        try:
            replay(load_character(document.path), [*self.scene_changes(pc_id), *more])
        except CharacterFileError:
            return True
        except RefusedError:
            return False
        return True

    def _needed_by_the_end(self, pc_ids: set[str],
                           recovery: dict[str, str | None] | None,
                           luck_for_penalties: dict[str, int] | None,
                           pivot_touched: dict[str, str | None] | None) -> set[str]:
        """The PCs of ``pc_ids`` whose file could take the scene's changes alone but
        not the end of the scene as asked (it spends Luck or removes Penalty Ranks only
        their other unsaved edits hold), so that the question before the end says so
        rather than offering to keep those edits unsaved: the end is tried on a copy of
        the scene and of its PCs (a refusal is left to the real end to tell)."""
        if not pc_ids:
            return set()
        trial = scene_from_data(scene_to_data(self.scene))
        copies: dict[int, Character] = {}
        before: dict[str, dict[str, Any]] = {}
        for entry in self.scene.pcs:
            if not self.scene.is_bound(entry.id):
                continue
            character = self.scene.character(entry.id)
            copy = copies.setdefault(id(character), trial_copy(character))
            trial.bind(entry.id, copy)
            before[entry.id] = full_dump(character)
        try:
            trial.end_scene(recovery, luck_for_penalties, pivot_touched)
        except RefusedError:
            return set()
        return {pc_id for pc_id in pc_ids if pc_id in before and not self._scene_alone_fits(
            pc_id, [step_changes(before[pc_id], full_dump(trial.character(pc_id)))])}

    def _write_pc(self, pc_id: str, name: str, only_scene: bool) -> tuple[Path | None, str]:
        """Write one PC's file at the end of the scene: the file and "" when written
        (or already up to date), else the problem. ``only_scene``: write the file with
        the scene's changes alone, leaving the owner's other edits unsaved."""
        document = self.document_of(pc_id)
        path = document.path if document is not None else self.paths.get(pc_id)
        if path is None or document is None:
            return None, f"{name}: no file to write (save the character)"
        if only_scene:
            return path, self._write_scene_changes(pc_id, document, path)
        if not document.is_modified() and not document.disk_changed():
            return path, ""
        if self.save_document is not None:
            if not self.save_document(document):
                return path, f"{path.name}: not written"
            return path, ""
        try:
            document.save()
        except OSError as exc:
            return path, f"{path.name}: cannot be written ({exc.strerror})"
        return path, ""

    def _pcs_with_other_edits(self) -> set[str]:
        """The PCs whose owner holds more than their file with the scene's changes."""
        found: set[str] = set()
        for entry in self.scene.pcs:
            document = self.document_of(entry.id)
            if document is None or document.path is None or not document.is_modified():
                continue
            try:
                expected = replay(load_character(document.path),
                                  self.scene_changes(entry.id))
            except (CharacterFileError, RefusedError):
                found.add(entry.id)
                continue
            if full_dump(expected) != full_dump(document.character):
                found.add(entry.id)
        return found

    def _write_scene_changes(self, pc_id: str, document: CharacterDocument,
                             path: Path) -> str:
        """Write to ``path`` the file as it is with the scene's changes, leaving the
        owner's other edits unsaved; "" when written, else the problem."""
        try:
            save_character(replay(load_character(path), self.scene_changes(pc_id)), path)
        except (CharacterFileError, RefusedError) as exc:
            return f"{path.name}: {sentence(exc)}"
        except OSError as exc:
            return f"{path.name}: cannot be written ({exc.strerror})"
        document.disk_stamp = DiskStamp.of(path)  # written here: no outside change
        return ""

    def next_scene(self) -> None:
        """A new scene with the same PCs (their files were written at the end)."""
        old = self.scene
        pcs = [(old.character(p.id), self.paths.get(p.id)) for p in old.pcs]
        scene = Scene(name="")
        paths: dict[str, Path | None] = {}
        for character, path in pcs:
            event = scene.add_pc(character)
            document = self.registry.find_character(character)
            paths[event.ids[0]] = document.path if document is not None else path
        self.set_scene(scene, paths)

    def set_scene(self, scene: Scene, paths: dict[str, Path | None] | None = None) -> None:
        """Show another scene (its PCs must be attached with ``Scene.bind``), with a
        history of its own; the owner's ``changed`` redraws the tracker."""
        self.paths = dict(paths or {})
        self._forget_history()
        self._known = {}
        self._awaiting_own_autosave = {}
        self.name_edit.setText(scene.name)
        self.scene = scene
        self._sync_owners(release=True)
