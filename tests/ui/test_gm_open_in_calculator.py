"""The scene tracker's "Open in calculator" in the real window: the GM Screen comes
forward even when it sits behind another dock's tab."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow


def test_open_in_calculator_brings_the_gm_screen_forward(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.ensure_ready()
    part = se_part(window)
    table = part.show_gm_table()
    assert table is not None
    dock = window.gm_screen_dock
    part.budget_dock.show()
    part.budget_dock.raise_()  # the GM Screen shares the Budget dock's tabs
    qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty(), timeout=3000)
    path = tmp_path / "jyrell.sechar"
    save_character(library.load_pc("jyrell"), path)
    tracker = table.scene
    pc_id = tracker.add_pc_file(path)
    assert pc_id is not None
    tracker.pair(pc_id, tracker.add_nc(library.load_nc("goblin"), 2))
    qtbot.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty(), timeout=3000)
    gm = part.gm_dock
    assert gm is not None and gm.tabs.currentWidget() is gm.calculator
    assert gm.calculator.character() is tracker.scene.character(pc_id)
