"""Issue 23's state machine: builder tabs, Play panels, the scene tracker and the PCs'
files, for one PC and two, with outside edits of the files, Revert, Save, End scene (each
answer) and quitting with Discard followed by a restored scene.

After every step: each file holds exactly what the user last saved (or accepted to write
at End scene, or another program wrote); every builder shows its owner's character; a
discarded edit never comes back, in a document or in a file.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import itertools
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from PySide6.QtWidgets import QApplication, QMessageBox

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character, save_character
from seforge.systems.swords_edge.models import Character, Trait
from ui.shell import dialogs
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.editor import CharacterEditor
from ui.systems.swords_edge.gm_table.scene.autosave import SceneAutosave, autosave_folder
from ui.systems.swords_edge.gm_table.scene.tracker import (
    KEEP_OTHERS,
    SAVE_OTHERS,
    SceneTracker,
)
from ui.systems.swords_edge.play import PlayPanel

BOOK_PCS = ("the-rogue", "jyrell")


def _data(character: Character) -> dict[str, Any]:
    return character.model_dump(mode="json")


class SceneOwners(RuleBasedStateMachine):
    pcs = 2
    answer = KEEP_OTHERS

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="se-owners-"))
        shutil.rmtree(autosave_folder(), ignore_errors=True)
        self.tokens = itertools.count(1)
        self.paths: list[Path] = []
        self.saved: list[dict[str, Any]] = []
        self.typed: list[set[str]] = []
        self.discarded: set[str] = set()
        self.editors: list[CharacterEditor] = []
        self.panels: list[PlayPanel] = []
        self.documents: list[CharacterDocument] = []
        self.ids: list[str] = []

    @initialize()
    def open_pcs_and_start_a_scene(self) -> None:
        self.registry = DocumentRegistry()
        for pc in BOOK_PCS[:self.pcs]:
            path = self.folder / f"{pc}.sechar"
            save_character(library.load_pc(pc), path)
            self.paths.append(path)
            self.saved.append(_data(load_character(path)))
            self.typed.append(set())
        self._open_views(restore=False)

    def _open_views(self, restore: bool) -> None:
        self.tracker = SceneTracker(registry=self.registry)
        if restore:
            assert self.tracker.offer_restore()
        self.documents = [self.registry.open(p, "tab") for p in self.paths]
        self.editors = [CharacterEditor(d) for d in self.documents]
        self.panels = [PlayPanel(d) for d in self.documents]
        for document, panel in zip(self.documents, self.panels, strict=True):
            document.changed.connect(lambda _c, panel=panel: panel.refresh())
        if not restore:
            self.ids = [self.tracker.add_pc_file(p) or "" for p in self.paths]
            assert all(self.ids)
        else:  # a PC whose joining was undone is not in the restored scene ("")
            self.ids = [next((pc_id for pc_id, known in self.tracker.paths.items()
                              if known == path), "") for path in self.paths]

    def _close_views(self) -> None:
        for editor in self.editors:
            editor.deleteLater()
        for panel in self.panels:
            panel.deleteLater()
        self.tracker.autosave = False
        self.tracker.deleteLater()
        for document in self.documents:
            self.registry.release(document, "tab", force=True)
            self.registry.release(document, "scene", force=True)
        self.registry.deleteLater()
        QApplication.processEvents()

    def teardown(self) -> None:
        self._close_views()
        shutil.rmtree(self.folder, ignore_errors=True)
        shutil.rmtree(autosave_folder(), ignore_errors=True)

    # -- steps ----------------------------------------------------------------------
    pc = st.integers(0, 1)

    def _index(self, i: int) -> int:
        return i % self.pcs

    @rule(i=pc)
    def type_a_player_name(self, i: int) -> None:
        i = self._index(i)
        token = f"T{next(self.tokens)}"
        editor = self.editors[i]
        editor.player_edit.setText(token)
        editor.player_edit.textEdited.emit(token)
        self.typed[i].add(token)

    @rule(i=pc)
    def stress_in_the_scene(self, i: int) -> None:
        i = self._index(i)
        if not self.tracker.scene.ended:
            self.tracker.pc_takes_stress(self.ids[i], Trait.PHYSIQUE, "Average")

    @rule(i=pc)
    def luck_in_the_scene(self, i: int) -> None:
        i = self._index(i)
        if not self.tracker.scene.ended:
            self.tracker.give_luck(self.ids[i])

    @rule(i=pc)
    def luck_from_the_play_dock(self, i: int) -> None:
        panel = self.panels[self._index(i)]
        if panel.gain_button.isEnabled():
            panel.gain_button.click()

    @rule(i=pc)
    def undo_in_the_tab(self, i: int) -> None:
        self.documents[self._index(i)].undo_stack.undo()

    @rule()
    def undo_in_the_scene(self) -> None:
        self.tracker.undo_stack.undo()

    @rule(i=pc)
    def save(self, i: int) -> None:
        i = self._index(i)
        document = self.documents[i]
        if document.disk_changed():
            document.acknowledge_disk()  # "keep mine", as the window asks
        document.save()
        self.saved[i] = _data(document.character)
        self.typed[i].clear()

    @rule(i=pc)
    def another_program_edits_the_file(self, i: int) -> None:
        i = self._index(i)
        theirs = load_character(self.paths[i])
        theirs.notes = f"O{next(self.tokens)}"
        save_character(theirs, self.paths[i])
        self.saved[i] = _data(theirs)

    @rule(i=pc)
    def revert(self, i: int) -> None:
        i = self._index(i)
        document = self.documents[i]
        unsaved = {t for t in self.typed[i] if t in document.character.player}
        document.reload()
        self.discarded |= unsaved
        self.typed[i].clear()
        assert document.character.notes == self.saved[i]["notes"]

    @precondition(lambda self: not self.tracker.scene.ended)
    @rule(answer=st.sampled_from([KEEP_OTHERS, SAVE_OTHERS, "Cancel"]))
    def end_scene(self, answer: str) -> None:
        for document in self.documents:
            if document.disk_changed():
                document.acknowledge_disk()
        players = [d.character.player for d in self.documents]
        present = {e.id for e in self.tracker.scene.pcs}
        asked: list[str] = []

        def ask(*args: object, **kwargs: object) -> str:
            asked.append("asked")
            return answer

        original = dialogs.ask_choice
        dialogs.ask_choice = ask  # type: ignore[assignment]
        try:
            ended = self.tracker.finish_scene()
        finally:
            dialogs.ask_choice = original  # type: ignore[assignment]
        if not ended:  # cancelled, or refused (a PC's session undone in its tab)
            for path, saved in zip(self.paths, self.saved, strict=True):
                assert _data(load_character(path)) == saved
            return
        for i, document in enumerate(self.documents):
            on_file = load_character(self.paths[i])
            if self.ids[i] not in present:  # its joining was undone: not written
                assert _data(on_file) == self.saved[i]
                continue
            if asked and answer == KEEP_OTHERS and document.is_modified():
                # the PC's own edits stay unsaved in its tab: a player name, and Luck
                # gained from its Play dock (not a scene step, so End scene leaves it)
                assert on_file.play.model_copy(
                    update={"luck": document.character.play.luck}) == document.character.play
                assert on_file.play.luck <= document.character.play.luck
            else:
                assert on_file.play == document.character.play
            if asked and answer == KEEP_OTHERS:
                assert on_file.player == self.saved[i]["player"] or (
                    on_file.player == players[i] and not document.is_modified())
            else:
                assert on_file.player == players[i]
                self.typed[i].clear()
            self.saved[i] = _data(on_file)
        self.tracker.next_scene()

    @rule()
    def quit_with_discard_and_restore_the_scene(self) -> None:
        for i, document in enumerate(self.documents):
            self.discarded |= {t for t in self.typed[i] if t in document.character.player}
            self.typed[i].clear()
        self.tracker.save_autosave()
        self._close_views()
        self.registry = DocumentRegistry()
        self._open_views(restore=True)

    # -- invariants -----------------------------------------------------------------
    @invariant()
    def each_file_holds_what_was_last_saved(self) -> None:
        for path, saved in zip(self.paths, self.saved, strict=True):
            assert _data(load_character(path)) == saved

    @invariant()
    def every_builder_shows_its_owner(self) -> None:
        for editor, document in zip(self.editors, self.documents, strict=True):
            assert editor.player_edit.text() == document.character.player
            assert editor.document is document

    @invariant()
    def every_play_panel_shows_its_owner(self) -> None:
        for panel, document in zip(self.panels, self.documents, strict=True):
            assert panel.character is document.character
            assert panel.luck_tokens.count() == document.character.play.luck

    @invariant()
    def a_discarded_edit_never_comes_back(self) -> None:
        for document, path in zip(self.documents, self.paths, strict=True):
            on_file = load_character(path)
            for token in self.discarded:
                assert token not in document.character.player
                assert token not in on_file.player

    @invariant()
    def the_scene_shows_its_pcs_owners(self) -> None:
        present = {e.id for e in self.tracker.scene.pcs}
        for pc_id, document in zip(self.ids, self.documents, strict=True):
            if pc_id in present:
                assert self.tracker.document_of(pc_id) is document


class TwoPCs(SceneOwners):
    pcs = 2


class OnePC(SceneOwners):
    pcs = 1


@pytest.fixture
def no_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Ok))
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    _ = SceneAutosave


@pytest.mark.parametrize("machine", [OnePC, TwoPCs], ids=["one PC", "two PCs"])
def test_scene_owners_state_machine(qapp: QApplication, no_boxes: None,
                                    machine: type[SceneOwners]) -> None:
    # Derandomized: the same examples on every run; a new seed is a choice.
    run_state_machine_as_test(machine, settings=settings(
        max_examples=15, stateful_step_count=15, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))


def test_a_scene_undo_behind_a_tab_edit_keeps_the_pc_and_the_scene_agreeing(
        qapp: QApplication, no_boxes: None) -> None:
    machine = OnePC()
    try:
        machine.open_pcs_and_start_a_scene()
        for _ in range(2):
            machine.stress_in_the_scene(i=0)
        machine.luck_from_the_play_dock(i=0)
        machine.undo_in_the_scene()
        machine.end_scene(answer=KEEP_OTHERS)
    finally:
        machine.teardown()
