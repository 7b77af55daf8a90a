"""The scene tracker's status line is drawn from the scene's owner like the rest of the
tracker: an Edit › Undo takes the undone step's message away, a Redo brings it back, and a
notice about something outside the history (files written) goes at the next change."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from seforge.systems.swords_edge import library
from tests.ui.document_helpers import gm_table, jyrell_file
from ui.shell.window import MainWindow


def _scene(window: MainWindow, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Jyrell against two Shock Troopers, in the GM's Table's scene tracker."""
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    troopers = tracker.add_nc(library.load_nc("shock-troopers"), 2)
    assert tracker.pair(pc, troopers)
    return tracker, pc, troopers


def test_undo_takes_the_status_of_the_step_it_undid(window: MainWindow,
                                                     tmp_path: Path) -> None:
    tracker, pc, troopers = _scene(window, tmp_path)
    # A step with a message: the first trooper takes one Stress (its row's button).
    QTest.mouseClick(tracker.panels[pc].stress_buttons[troopers[0]],
                     Qt.MouseButton.LeftButton)
    said = "Shock Troopers 1 takes 1 Stress and is out of the scene."
    assert tracker.status_label.text() == said

    # Edit › Undo with the tracker in focus: the Stress is gone, and so is its message.
    tracker.overview.setFocus()
    assert window.undo_group.activeStack() is tracker.undo_stack
    window.undo_action.trigger()
    assert not tracker.scene.nc(troopers[0]).removed
    assert said not in tracker.status_label.text()
    assert tracker.status_label.text() == "Undone: Stress."

    # Redo: the step is back, with what it said.
    window.redo_action.trigger()
    assert tracker.scene.nc(troopers[0]).removed
    assert tracker.status_label.text() == said

    # A new step after an undo says its own line, not "Undone".
    window.undo_action.trigger()
    assert tracker.give_luck(pc)
    assert tracker.status_label.text() == "Jyrell gains 1 Luck (the GM's reward)."


def test_a_notice_goes_at_the_next_change(window: MainWindow, tmp_path: Path) -> None:
    tracker, pc, _troopers = _scene(window, tmp_path)
    assert tracker.finish_scene()
    assert tracker.status_label.text().startswith("The scene has ended; 1 character file "
                                                  "written (jyrell.sechar)")
    tracker.overview.setFocus()
    window.undo_action.trigger()
    assert not tracker.scene.ended
    assert tracker.status_label.text() == "Undone: End scene."
    assert pc in tracker.panels
