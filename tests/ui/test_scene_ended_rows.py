"""An ended scene's pairings offer no Stress, Remove or Momentum choice for their NCs,
as its PC buttons and the opponents overview offer none."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker


def test_nc_rows_are_greyed_once_the_scene_ends(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "jyrell.sechar"
    save_character(library.load_pc("jyrell"), path)
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    tracker.autosave = False
    pc_id = tracker.add_pc_file(path)
    assert pc_id is not None
    ids = tracker.add_nc(library.load_nc("goblin"), 2)
    tracker.pair(pc_id, ids)
    panel = tracker.panels[pc_id]
    assert panel.stress_buttons[ids[0]].isEnabled()
    assert tracker.finish_scene()
    assert tracker.scene.ended
    panel = tracker.panels[pc_id]
    for nc_id in ids:
        for widgets in (panel.stress_buttons, panel.remove_buttons, panel.stress_spins,
                        panel.applies_buttons):
            assert not widgets[nc_id].isEnabled(), nc_id
    tracker.undo_stack.undo()  # the scene runs again: so do its rows
    assert not tracker.scene.ended
    assert tracker.panels[pc_id].stress_buttons[ids[1]].isEnabled()
