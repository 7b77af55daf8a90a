"""The scene tracker's Momentum dialog shows only the chosen Trait's Qualities."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.models import Trait
from ui.systems.swords_edge.gm_table.scene.dialogs import MomentumDialog
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker


def test_changing_the_trait_leaves_no_old_boxes_on_screen(qtbot: QtBot) -> None:
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    pc_id = tracker.add_pc(library.load_pc("kyle-devos"))
    assert pc_id is not None
    tracker.pair(pc_id, tracker.add_nc(library.load_nc("goblin")))
    dialog = MomentumDialog(tracker.scene, pc_id, tracker)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.trait.currentData() == Trait.PHYSIQUE.value
    old = list(dialog.boxes.values())
    assert "Wrist-Laser +2" in [box.text() for box in old]
    dialog.trait.setFocus()
    QTest.keyClick(dialog.trait, Qt.Key.Key_Down)  # Charisma
    assert dialog.trait.currentData() == Trait.CHARISMA.value
    assert not [box.text() for box in old if box.isVisible()]  # nothing drawn twice
    assert [box.text() for box in dialog.boxes.values()] == [
        "Cyborg +4", "Scientist +2", "Charisma +0"]
    qtbot.waitUntil(lambda: all(box.isVisible() for box in dialog.boxes.values()))
