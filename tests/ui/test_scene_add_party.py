"""Add PCs › "All 3 above" brings the whole party into the scene in one go. Before, the
GM opened the menu once per PC."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Character
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker


def _party(tmp_path: Path) -> list[tuple[Character, Path | None]]:
    party: list[tuple[Character, Path | None]] = []
    for pc_id in ("jyrell", "kyle-devos", "tella-of-jost"):
        pc = library.load_pc(pc_id)
        path = tmp_path / f"{pc_id}.sechar"
        save_character(pc, path)
        party.append((pc, path))
    return party


def _menu_texts(tracker: SceneTracker) -> list[str]:
    return [a.text() for a in tracker.pc_menu.actions() if not a.isSeparator()]


def test_all_of_the_party_in_one_click(qtbot: QtBot, tmp_path: Path) -> None:
    party = _party(tmp_path)
    tracker = SceneTracker(characters_provider=lambda: party, autosave=False)
    qtbot.addWidget(tracker)
    tracker.show()
    menu = tracker.pc_menu
    menu.popup(tracker.add_pc_button.mapToGlobal(tracker.add_pc_button.rect().bottomLeft()))
    qtbot.waitUntil(menu.isVisible)
    every = next(a for a in menu.actions() if a.text() == "All 3 above")
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(every).center())
    QApplication.processEvents()
    assert [p.id for p in tracker.scene.pcs] == ["jyrell", "kyle-devos", "tella-of-jost"]
    assert set(tracker.panels) == {"jyrell", "kyle-devos", "tella-of-jost"}

    menu.aboutToShow.emit()  # nobody left to add: no "All" entry
    assert not any(t.startswith("All ") for t in _menu_texts(tracker))
