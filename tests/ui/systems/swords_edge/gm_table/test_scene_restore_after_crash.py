"""Found in a real session: a scene ran with a PC, the PC then gained a Luck and took a
Penalty Rank in the Play dock, the app was killed; restoring the PC's autosave and then
the scene gave back the Penalty Rank but Luck and history as the scene had left them (the
scene's changes were replayed over a PC that already held them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.play.history import state_at
from tests.ui.document_helpers import gm_table, jyrell_file
from tests.ui.helpers import se_part
from tests.ui.test_autosave import crash
from ui.shell import dialogs as shell_dialogs
from ui.shell.window import MainWindow
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker
from ui.systems.swords_edge.play.panel import PlayPanel


@pytest.fixture
def windows(qtbot: QtBot, prompts: list[str]) -> Iterator[list[MainWindow]]:
    made: list[MainWindow] = []
    yield made
    for window in reversed(made):
        window.shutdown()
        window.close()


def _window(qtbot: QtBot, windows: list[MainWindow]) -> MainWindow:
    window = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(window)
    window.show()
    windows.append(window)
    return window


def _panel(window: MainWindow, document: CharacterDocument) -> PlayPanel:
    dock = se_part(window).play_dock
    assert dock is not None
    dock.show()
    dock.raise_()
    panel = dock.panel_for(document)
    panel.refresh()  # the dock redraws a panel once it is seen
    return panel


def _take_a_penalty_rank(panel: PlayPanel, trait: Trait) -> None:
    panel.stress_trait.setCurrentIndex(panel.stress_trait.findText(trait.value))
    panel.stress_count.setValue(1)
    assert panel.stress_button.isEnabled(), panel.stress_button.toolTip()
    panel.stress_button.click()


def _agrees(character: Character) -> None:
    """The PC's play state is what its last history entry says it became."""
    assert character.history
    last = state_at(character, len(character.history) - 1)
    assert last.play == character.play


def _restart(qtbot: QtBot, windows: list[MainWindow], monkeypatch: pytest.MonkeyPatch,
             first: MainWindow, scene_first: bool = False
             ) -> tuple[MainWindow, SceneTracker]:
    """Kill the first window (autosaves left, nothing saved), start a new one: Restore
    the unsaved files, then Yes for the scene (``scene_first``: the other way round)."""
    first.autosaver.save_all()  # what its timer would have written by then
    crash(first)
    monkeypatch.setattr(shell_dialogs, "ask_restore", lambda parent, titles: True)
    asked: list[str] = []

    def question(_parent: object, title: str, *_args: object) -> QMessageBox.StandardButton:
        asked.append(title)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    second = _window(qtbot, windows)
    if scene_first:
        second.ensure_ready()
        tracker = gm_table(second).scene
        qtbot.waitUntil(lambda: "Restore scene" in asked)  # once the table is drawn
        second.restore_autosaves()
        return second, tracker
    second.restore_autosaves()
    tracker = gm_table(second).scene
    qtbot.waitUntil(lambda: "Restore scene" in asked)
    return second, tracker


def test_a_pcs_edits_after_the_scene_step_survive_a_crash(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        windows: list[MainWindow]) -> None:
    first = _window(qtbot, windows)
    path = jyrell_file(tmp_path)
    document = first.open_path(path)
    assert document is not None
    tracker = gm_table(first).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    assert tracker.give_luck(pc)  # the scene's step: Luck and history
    luck = document.character.play.luck
    # the PC's own edits, in the Play dock: a Luck, a Penalty Rank
    panel = _panel(first, document)
    panel.gain_button.click()
    assert document.character.play.luck == luck + 1
    _take_a_penalty_rank(panel, Trait.CUNNING)
    assert document.character.play.penalty_ranks == {Trait.CUNNING: 1}
    expected = document.character.model_copy(deep=True)
    _agrees(expected)

    _second, again = _restart(qtbot, windows, monkeypatch, first)
    restored = again.document_of(pc)
    assert restored is not None and restored.path == path
    character = restored.character
    assert character.play.luck == luck + 1
    assert character.play.penalty_ranks == {Trait.CUNNING: 1}
    assert [e.what for e in character.history] == [e.what for e in expected.history]
    _agrees(character)
    assert character.play == expected.play
    # nothing was replayed over it: no step of the scene's on the PC's history
    texts = [restored.undo_stack.text(i) for i in range(restored.undo_stack.count())]
    assert not any("Restore the scene's state" in t for t in texts)


def test_a_pc_autosaved_before_the_scene_step_gets_the_step_back(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        windows: list[MainWindow]) -> None:
    """The other order: the PC's autosave was written before the scene's step (the
    autosave timer had not come round again): the scene's step is replayed, once."""
    first = _window(qtbot, windows)
    path = jyrell_file(tmp_path)
    document = first.open_path(path)
    assert document is not None
    tracker = gm_table(first).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    panel = _panel(first, document)
    _take_a_penalty_rank(panel, Trait.CUNNING)
    first.autosaver.save_all()  # the PC's autosave: the Penalty Rank, not the Luck
    first.autosaver.save_all = lambda: 0  # type: ignore[method-assign]
    assert tracker.give_luck(pc)
    expected = document.character.model_copy(deep=True)

    _second, again = _restart(qtbot, windows, monkeypatch, first)
    restored = again.document_of(pc)
    assert restored is not None
    character = restored.character
    assert character.play == expected.play
    assert [e.what for e in character.history] == [e.what for e in expected.history]
    _agrees(character)


def test_a_pc_saved_after_the_scene_step_keeps_what_was_saved(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        windows: list[MainWindow]) -> None:
    """The PC's file was saved after the scene's step (with a Play dock edit): the
    restored scene does not take the file back to the scene's state."""
    first = _window(qtbot, windows)
    path = jyrell_file(tmp_path)
    document = first.open_path(path)
    assert document is not None
    tracker = gm_table(first).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    assert tracker.give_luck(pc)
    panel = _panel(first, document)
    panel.gain_button.click()
    first.save(document)
    assert not document.is_modified()
    expected = document.character.model_copy(deep=True)

    _second, again = _restart(qtbot, windows, monkeypatch, first)
    restored = again.document_of(pc)
    assert restored is not None
    character = restored.character
    assert character.play == expected.play
    assert [e.what for e in character.history] == [e.what for e in expected.history]
    _agrees(character)


def test_an_edit_after_the_pcs_autosave_does_not_come_back_with_a_later_step(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        windows: list[MainWindow]) -> None:
    """The PC's autosave was written, then a Luck was gained in the Play dock, then a
    scene step came (and the scene's autosave), then the app was killed: the step comes
    back with its own Luck and entry, the Play dock's edit (never autosaved) with
    neither, and the history agrees with the play state."""
    first = _window(qtbot, windows)
    path = jyrell_file(tmp_path)
    document = first.open_path(path)
    assert document is not None
    tracker = gm_table(first).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    panel = _panel(first, document)
    _take_a_penalty_rank(panel, Trait.CUNNING)
    first.autosaver.save_all()  # the PC's autosave: the Penalty Rank
    autosaved = document.character.model_copy(deep=True)
    first.autosaver.save_all = lambda: 0  # type: ignore[method-assign]
    panel.gain_button.click()  # never autosaved
    own_entry = document.character.history[-1]
    assert tracker.give_luck(pc)

    _second, again = _restart(qtbot, windows, monkeypatch, first)
    restored = again.document_of(pc)
    assert restored is not None
    character = restored.character
    assert character.play.luck == autosaved.play.luck + 1
    assert character.play.penalty_ranks == {Trait.CUNNING: 1}
    assert [e.what for e in character.history] == [
        *(e.what for e in autosaved.history), "Gained 1 Luck"]
    assert own_entry.why not in {e.why for e in character.history}  # the step's only
    _agrees(character)


@pytest.mark.parametrize("scene_first", [False, True], ids=["tabs_first", "scene_first"])
def test_a_pc_without_a_file_comes_back_as_one_document(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        windows: list[MainWindow], scene_first: bool) -> None:
    """A book PC copied into a tab (never saved) plays in the scene; its own autosave
    is written (with a Play dock Luck), then a scene step comes: after the crash the
    restored tab and the restored scene share one document, holding both, and a later
    Play dock Luck only the scene's autosave (keeping the PC whole) has. Either may
    come back first (the GM's Table built before the autosaves are offered: its dock
    was open, or an opponent's autosave came back first)."""
    first = _window(qtbot, windows)
    document = se_part(first).open_book_character(load_pc("jyrell"))
    assert isinstance(document, CharacterDocument) and document.path is None
    tracker = gm_table(first).scene
    menu = tracker.pc_menu  # Add PCs: the open characters
    menu.aboutToShow.emit()
    next(a for a in menu.actions() if a.text() == "Jyrell").trigger()
    pc = tracker.scene.pcs[0].id
    panel = _panel(first, document)
    panel.gain_button.click()
    first.autosaver.save_all()  # the tab's autosave: the Play dock's Luck
    first.autosaver.save_all = lambda: 0  # type: ignore[method-assign]
    panel.gain_button.click()  # not in the tab's autosave: in the scene's, kept whole
    assert tracker.give_luck(pc)  # the scene's step, after the tab's autosave
    expected = document.character.model_copy(deep=True)
    _agrees(expected)

    second, again = _restart(qtbot, windows, monkeypatch, first, scene_first)
    restored = again.document_of(pc)
    assert restored is not None and restored.path is None
    jyrells = [d for d in se_part(second).registry.documents()
               if d.character.name == "Jyrell"]
    assert jyrells == [restored]  # one document...
    in_tabs = [second.editor_at(i).document for i in range(second.tabs.count())]
    assert restored in in_tabs  # ...shown in its tab and in the scene
    character = restored.character
    assert character.play == expected.play
    assert [e.what for e in character.history] == [e.what for e in expected.history]
    _agrees(character)
    assert restored.is_modified()
