"""Stress given from a PC's panel leaves the pairings where the GM had scrolled them, the
focus on the same button. Before, the redraw sent the focus further down and the view
jumped to the next PC's panel."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker


def test_stress_keeps_the_view_and_the_focus(qtbot: QtBot, tmp_path: Path) -> None:
    tracker = SceneTracker(autosave=False)
    qtbot.addWidget(tracker)
    tracker.resize(1000, 420)
    tracker.show()
    qtbot.waitExposed(tracker)
    tracker.activateWindow()
    qtbot.waitUntil(tracker.isActiveWindow)
    ids = []
    for pc_id in ("jyrell", "kyle-devos", "tella-of-jost"):
        path = tmp_path / f"{pc_id}.sechar"
        save_character(library.load_pc(pc_id), path)
        ids.append(tracker.add_pc_file(path))
    for pc_id in ids:
        assert pc_id is not None
        tracker.pair(pc_id, tracker.add_nc(library.load_nc("gorgon"), 1))
    QApplication.processEvents()
    bar = tracker.pcs_scroll.verticalScrollBar()
    tracker.resize(1000, 360)
    QApplication.processEvents()
    assert bar.maximum() > 0  # three panels do not fit: the pairings scroll
    panel = tracker.panels[ids[1]]
    tracker.pcs_scroll.ensureWidgetVisible(panel, 0, 0)
    QApplication.processEvents()
    before = bar.value()
    nc_id = tracker.scene.facing(ids[1])[0].id
    stress = panel.findChild(object, f"stress:{nc_id}")
    stress.setFocus()
    assert QApplication.focusWidget() is stress
    qtbot.mouseClick(stress, Qt.MouseButton.LeftButton)
    qtbot.wait(50)
    assert tracker.scene.nc(nc_id).stress == 1
    assert bar.value() == before
    focus = QApplication.focusWidget()
    assert focus is not None and focus.objectName() == f"stress:{nc_id}"
    assert tracker.panels[ids[1]].isAncestorOf(focus)
