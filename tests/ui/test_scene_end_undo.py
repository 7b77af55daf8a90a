"""Issue 23: End scene is one undo step across the scene and every PC it touched,
linked so that Undo (and Redo) from any of their views takes the whole step; and an
undo in the scene that reaches behind a PC's later edits takes those along first."""

from __future__ import annotations

from pathlib import Path

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Trait
from tests.ui.document_helpers import gm_table, jyrell_file
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow


def _scene_with_two_pcs(window: MainWindow, tmp_path: Path):  # type: ignore[no-untyped-def]
    rogue_path = tmp_path / "the-rogue.sechar"
    save_character(library.load_pc("the-rogue"), rogue_path)
    paths = [jyrell_file(tmp_path), rogue_path]
    documents = [window.open_path(p) for p in paths]
    assert all(d is not None for d in documents)
    tracker = gm_table(window).scene
    ids = [tracker.add_pc(d.character, p) for d, p in zip(documents, paths, strict=True)]
    assert all(ids)
    assert tracker.pc_takes_stress(ids[0], Trait.PHYSIQUE, "Good")
    assert tracker.give_luck(ids[1])
    return tracker, documents, ids


def _focus_tab(window: MainWindow, document: object) -> None:
    for index in range(window.tabs.count()):
        editor = window.tabs.widget(index)
        if getattr(editor, "document", None) is document:
            window.tabs.setCurrentIndex(index)
            editor.name_edit.setFocus()  # type: ignore[attr-defined]
            assert window.undo_group.activeStack() is document.undo_stack  # type: ignore[attr-defined]
            return
    raise AssertionError("no tab for the document")


def test_undo_in_a_pcs_tab_reopens_the_ended_scene_for_every_pc(
        window: MainWindow, tmp_path: Path) -> None:
    tracker, documents, _ids = _scene_with_two_pcs(window, tmp_path)
    before = [d.character.play.model_copy(deep=True) for d in documents]
    log = list(tracker.scene.log)

    assert tracker.finish_scene()
    assert tracker.scene.ended
    assert all(d.character.play != b for d, b in zip(documents, before, strict=True))

    # Ctrl+Z in the second PC's tab: the whole End scene goes, in the scene and on
    # both PCs.
    _focus_tab(window, documents[1])
    assert documents[1].undo_stack.undoText().startswith("Scene: End scene")
    window.undo_action.trigger()
    assert not tracker.scene.ended
    assert tracker.scene.log == log
    assert [d.character.play for d in documents] == before
    assert all(tracker.panels[pc_id].buttons["stress"].isEnabled() for pc_id in tracker.panels)

    # Redo from the first PC's tab brings the end back, everywhere.
    _focus_tab(window, documents[0])
    window.redo_action.trigger()
    assert tracker.scene.ended
    assert all(d.character.play != b for d, b in zip(documents, before, strict=True))


def test_undo_in_the_scene_takes_the_end_back_from_every_pc(
        window: MainWindow, tmp_path: Path) -> None:
    tracker, documents, _ids = _scene_with_two_pcs(window, tmp_path)
    before = [d.character.play.model_copy(deep=True) for d in documents]
    assert tracker.finish_scene()
    ended = [d.character.play.model_copy(deep=True) for d in documents]

    tracker.overview.setFocus()
    assert window.undo_group.activeStack() is tracker.undo_stack
    window.undo_action.trigger()
    assert not tracker.scene.ended
    assert [d.character.play for d in documents] == before
    # ...and Redo in the scene ends it again on both PCs.
    window.redo_action.trigger()
    assert tracker.scene.ended
    assert [d.character.play for d in documents] == ended


def test_an_undo_in_the_scene_behind_a_play_dock_step_takes_that_step_first(
        window: MainWindow, tmp_path: Path) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    assert tracker.pc_takes_stress(pc, Trait.PHYSIQUE, "Good")
    luck = document.character.play.luck
    # A step of the PC's own, after the scene's: Luck gained from the Play dock.
    assert se_part(window).play_dock is not None
    se_part(window).play_dock.show()
    se_part(window).play_dock.raise_()
    panel = se_part(window).play_dock.panel_for(document)
    panel.refresh()  # the dock redraws a panel once it is seen
    assert panel.gain_button.isEnabled(), panel.gain_button.toolTip()
    panel.gain_button.click()
    assert document.character.play.luck == luck + 1

    tracker.overview.setFocus()
    window.undo_action.trigger()  # the scene's Stress
    # The scene and the PC agree: the Stress is gone from both, and the later Luck
    # went first (the tracker says so); Redo in the tab brings the steps back in order.
    assert document.character.play.penalty_ranks == {}
    assert document.character.play.luck == luck
    assert "Gain Luck" in tracker.status_label.text()
    assert document.undo_stack.redoText().startswith("Scene: Stress")
    document.undo_stack.redo()
    assert document.character.play.penalty_ranks == {Trait.PHYSIQUE: 2}
    assert document.undo_stack.redoText() == "Gain Luck"


def test_a_scene_step_goes_through_the_scene_owner_and_a_refusal_changes_nothing(
        window: MainWindow, tmp_path: Path, monkeypatch: object) -> None:
    from PySide6.QtWidgets import QMessageBox

    from seforge.systems.swords_edge.play.history import full_dump
    from seforge.systems.swords_edge.scene import scene_to_data

    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    steps, pc_steps = tracker.undo_stack.count(), document.undo_stack.count()
    scene_before, pc_before = scene_to_data(tracker.scene), full_dump(document.character)
    shown = tracker.scene
    # A refused step (a Level the rules do not know): no step anywhere, nothing changed.
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",  # type: ignore[attr-defined]
                        staticmethod(lambda _p, _t, text: warned.append(text)))
    assert not tracker.pc_takes_stress(pc, Trait.PHYSIQUE, "Stupendous")
    assert warned
    assert scene_to_data(tracker.scene) == scene_before and tracker.scene is shown
    assert full_dump(document.character) == pc_before
    assert (tracker.undo_stack.count(), document.undo_stack.count()) == (steps, pc_steps)
    # An allowed one: the scene the owner holds is the step's, one step on each stack.
    assert tracker.pc_takes_stress(pc, Trait.PHYSIQUE, "Good")
    assert tracker.owner.scene is tracker.scene and tracker.scene is not shown
    step = tracker.undo_stack.command(tracker.undo_stack.count() - 1)
    assert scene_to_data(tracker.scene) == step.after  # type: ignore[attr-defined]
    assert (tracker.undo_stack.count(), document.undo_stack.count()) == (steps + 1,
                                                                         pc_steps + 1)
    assert tracker.scene.character(pc) is document.character
