"""Two PCs of one name are told apart on the GM's side: by their players' names when
those differ, else by their files (the party) or their number (the scene)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMainWindow
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from ui.systems.swords_edge.gm import GMDock
from ui.systems.swords_edge.gm_table.party import PartyView
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker


def _two_jyrells(folder: Path, players: tuple[str, str]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for stem, player in zip(("jyrell", "jyrell-again"), players, strict=True):
        pc = library.load_pc("jyrell")
        pc.player = player
        path = folder / f"{stem}.sechar"
        save_character(pc, path)
        paths.append(path)
    return paths


@pytest.mark.parametrize(("players", "titles"), [
    (("Sam", "Alex"), ["Jyrell (Sam)", "Jyrell (Alex)"]),
    (("Sam", "Sam"), ["Jyrell (jyrell.sechar)", "Jyrell (jyrell-again.sechar)"]),
])
def test_party_columns_of_two_pcs_of_one_name(qtbot: QtBot, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              players: tuple[str, str],
                                              titles: list[str]) -> None:
    paths = _two_jyrells(tmp_path / "pcs", players)
    view = PartyView()
    qtbot.addWidget(view)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a, **k: ([str(p) for p in paths], "")))
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    assert [text.splitlines()[0] for text in view.column_texts()] == titles
    assert [view.remove_combo.itemText(i) for i in range(view.remove_combo.count())] == \
        titles


def test_scene_panels_of_two_pcs_of_one_name(qtbot: QtBot, tmp_path: Path) -> None:
    tracker = SceneTracker(autosave=False)
    qtbot.addWidget(tracker)
    tracker.show()
    first, second = (tracker.add_pc_file(p)
                     for p in _two_jyrells(tmp_path, ("Sam", "Alex")))
    assert first is not None and second is not None
    assert [tracker.panels[pc].title() for pc in (first, second)] == \
        ["Jyrell (Sam)", "Jyrell (Alex)"]
    assert tracker.panels[second].accessibleName() == "Jyrell (Alex)'s pairing"
    # The log and the opponents' "Faces" column tell them apart as well.
    troopers = tracker.add_nc(library.load_nc("shock-troopers"), 1)
    assert tracker.pair(second, troopers)
    assert tracker.scene.log[-1] == "Jyrell (Alex) faces Shock Troopers."
    assert tracker.overview.item(0, 3).text() == "Jyrell (Alex)"


def test_scene_panels_without_players_are_numbered(qtbot: QtBot, tmp_path: Path) -> None:
    tracker = SceneTracker(autosave=False)
    qtbot.addWidget(tracker)
    ids = [tracker.add_pc_file(p) for p in _two_jyrells(tmp_path, ("", ""))]
    assert [tracker.panels[pc].title() for pc in ids if pc is not None] == \
        ["Jyrell (1)", "Jyrell (2)"]


def test_the_calculator_offers_both(qtbot: QtBot) -> None:
    pcs = [library.load_pc("jyrell"), library.load_pc("jyrell")]
    pcs[0].player, pcs[1].player = "Sam", "Alex"
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = GMDock(lambda: pcs, parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    combo = dock.calculator.actor_combo
    assert [combo.itemText(i) for i in range(1, combo.count())] == \
        ["Jyrell (Sam)", "Jyrell (Alex)"]
