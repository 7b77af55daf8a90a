"""A Momentum roll judged in the calculator from the scene's pairing shows in the PC's
panel at once ("Momentum won: ... in the calculator; settled on going to the Action").
Before, the panel kept saying "Momentum not tested yet" under a log that showed the
roll, until the GM went on to the Action."""

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


def test_judged_momentum_shows_in_the_panel(qtbot: QtBot, window: MainWindow,
                                            tmp_path: Path) -> None:
    window.ensure_ready()
    part = se_part(window)
    table = part.show_gm_table()
    assert table is not None
    path = tmp_path / "jyrell.sechar"
    save_character(library.load_pc("jyrell"), path)
    tracker = table.scene
    pc_id = tracker.add_pc_file(path)
    assert pc_id is not None
    tracker.pair(pc_id, tracker.add_nc(library.load_nc("goblin"), 1))
    assert tracker.panels[pc_id].momentum_label.text().endswith("Momentum not tested yet")
    qtbot.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    gm = part.gm_dock
    assert gm is not None
    calc = gm.calculator
    calc.die1.setValue(9)
    calc.die2.setValue(8)
    qtbot.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    headline = calc.owner.test.verdict.headline
    assert headline.startswith("Momentum won")
    qtbot.waitUntil(lambda: "not tested yet" not in tracker.panels[pc_id].momentum_label.text(),
                    timeout=3000)
    text = tracker.panels[pc_id].momentum_label.text()
    assert f"{headline} in the calculator" in text
    assert "settled on going to the Action" in text
