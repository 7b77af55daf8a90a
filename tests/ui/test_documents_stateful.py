"""A Hypothesis state machine over one character open in every view at once.

The builder tab, the Play dock and the scene tracker share one owner. Steps
interleave builder edits, play steps, scene steps (on the PC and on an NC), undo/redo
from the builder and from the scene, save, a change made
by another program (clean: reloaded; modified: Reload or Keep Mine) and Revert.
After every step the document, its file (when saved) and every view must agree,
and nothing saved may be lost.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test
from PySide6.QtWidgets import QApplication, QMessageBox

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character, save_character
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.scene_changes import replay
from seforge.systems.swords_edge.scene_text import nc_state_text
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow

NOTES = st.sampled_from(["", "Owes the guild", "Scar over the left eye", "ünïcode ✓"])


def _machine(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> type:  # type: ignore[no-untyped-def]
    answers: list[str] = []
    def answer(*_a: object, **_k: object) -> str:
        return answers.pop(0) if answers else "Keep Mine"

    monkeypatch.setattr("ui.systems.swords_edge.file_watch.ask_choice", answer)
    monkeypatch.setattr("ui.shell.dialogs.ask_choice", answer)
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a, **k: None))
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda *a, **k: QMessageBox.StandardButton.Discard))
    counter = iter(range(1_000_000))

    class DocumentViews(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            n = next(counter)
            self.path = tmp_path / f"jyrell-{n}.sechar"
            save_character(library.load_pc("jyrell"), self.path)
            self.window = MainWindow(autosave_interval_ms=60_000)
            self.window.show()
            self.window.ensure_ready()
            document = self.window.open_path(self.path)
            assert document is not None
            self.document = document
            editor = self.window.current_editor()
            assert editor is not None
            self.editor = editor
            se_part(self.window).gm_table_dock.show()
            se_part(self.window)._build_gm_table()
            assert se_part(self.window).gm_table is not None
            self.tracker = se_part(self.window).gm_table.scene
            pc = self.tracker.add_pc(document.character, self.path)
            assert pc is not None
            self.pc = pc
            (self.nc,) = self.tracker.add_nc(library.load_nc("desert-acolytes-leader"))
            self.tracker.pair(pc, [self.nc])
            self.tracker.undo_stack.clear()  # the setup is not for undoing
            assert se_part(self.window).play_dock is not None
            se_part(self.window).play_dock.show()
            se_part(self.window).play_dock.raise_()
            self.panel = se_part(self.window).play_dock.panel_for(document)
            self.saved = load_character(self.path)
            """What the file must hold: written by us or by "another program"."""

        def teardown(self) -> None:
            self.window.close()
            self.window.deleteLater()
            QApplication.processEvents()

        # -- steps --------------------------------------------------------------------
        @rule(text=NOTES)
        def builder_notes(self, text: str) -> None:
            self.editor.notes_edit.setPlainText(text)

        @rule()
        def play_gain_luck(self) -> None:
            self.panel.gain_luck("a fine speech")

        @rule(trait=st.sampled_from(list(Trait)))
        def scene_stress(self, trait: Trait) -> None:
            self.tracker.pc_takes_stress(self.pc, trait, "Average")

        @rule()
        def scene_give_luck(self) -> None:
            self.tracker.give_luck(self.pc)

        @rule(stress=st.integers(1, 2))
        def scene_nc_stress(self, stress: int) -> None:
            self.tracker.nc_takes_stress(self.nc, stress)

        @rule()
        def scene_undo(self) -> None:
            self.tracker.undo_stack.undo()

        @rule()
        def scene_redo(self) -> None:
            self.tracker.undo_stack.redo()

        @rule()
        def undo(self) -> None:
            self.window.undo_action.trigger()

        @rule()
        def redo(self) -> None:
            self.window.redo_action.trigger()

        @rule()
        def save(self) -> None:
            assert self.window.save(self.document)
            self.saved = self.document.character.model_copy(deep=True)

        @rule(text=NOTES, answer=st.sampled_from(["Reload", "Keep Mine"]))
        def external_change(self, text: str, answer: str) -> None:
            other = load_character(self.path)
            other.notes = f"elsewhere {next(counter)}: {text}"  # always a real change
            modified = self.document.is_modified()
            answers[:] = [answer]
            with qtbot.waitSignal(se_part(self.window).file_watcher.disk_changed, timeout=5000):
                save_character(other, self.path)
            self.saved = other
            if not modified or answer == "Reload":
                # The running scene keeps what it did to the PC on the file read again.
                assert self.document.character == self.with_scene(other)
                assert self.document.is_modified() == (self.with_scene(other) != other)
            else:
                assert self.document.is_modified()
                assert self.document.character.notes != other.notes

        @rule()
        def revert(self) -> None:
            answers[:] = ["Revert"]
            self.window.revert(self.document)
            assert self.document.character == self.with_scene(self.saved)

        def with_scene(self, character: Character) -> Character:
            """``character`` as a reload gives it while the scene runs: the scene's
            changes to the PC replayed on it (see the tracker's ``_keep_scene_state``)."""
            patches = self.tracker.scene_changes(self.pc)
            if self.tracker.scene.ended or not any(patches):
                return character
            try:
                return replay(character, patches)
            except RefusedError:
                return character

        # -- what must always hold ----------------------------------------------------
        @invariant()
        def views_agree(self) -> None:
            character = self.document.character
            assert se_part(self.window).registry.find(self.path) is self.document
            assert self.tracker.scene.character(self.pc) is character
            assert self.panel.character is character
            assert self.editor.document is self.document
            assert self.editor.notes_edit.toPlainText() == character.notes
            assert self.panel.luck_tokens.count() == character.play.luck
            status = self.tracker.panels[self.pc].status_label.text()
            assert status.startswith(f"Luck {character.play.luck}")
            shown = self.tracker.nc_states()
            assert shown == {e.name: nc_state_text(e) for e in self.tracker.scene.ncs}
            text = self.window.tabs.tabText(self.window.tabs.currentIndex())
            assert text.endswith(" *") == self.document.is_modified()

        @invariant()
        def file_holds_what_was_saved(self) -> None:
            assert load_character(self.path) == self.saved
            if not self.document.is_modified():
                assert self.document.character == self.saved

    return DocumentViews


def test_every_view_agrees_with_the_document(qtbot, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    machine = _machine(qtbot, tmp_path, monkeypatch)
    run_state_machine_as_test(machine, settings=settings(
        max_examples=8, stateful_step_count=12, deadline=None, database=None,
        suppress_health_check=list(HealthCheck)))
