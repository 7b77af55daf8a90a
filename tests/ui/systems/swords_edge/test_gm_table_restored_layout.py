"""The GM's Table shown by a restored layout (it was open when the window last closed):
the question whether to restore last time's scene comes once the window is laid out."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from tests.ui.helpers import se_part
from ui.app import first_window
from ui.shell.settings import Preferences
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table.scene.autosave import autosave_path


def test_the_scene_question_waits_for_the_restored_layout(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    before = MainWindow(Preferences(), 3_600_000)
    qtbot.addWidget(before)
    before.show()
    table = se_part(before).show_gm_table()
    assert table is not None
    table.scene.add_nc(library.load_nc("goblin"), 1)  # a scene to restore next time
    qtbot.waitUntil(autosave_path().exists)
    saved = Preferences(window=before.layout_preferences())
    before.shutdown()
    before.close()

    asked: list[dict[str, object]] = []

    def question(parent: object, *_args: object) -> QMessageBox.StandardButton:
        part = se_part(window)
        dock = part.gm_table_dock
        bar = window.menuBar()
        # the table's dock below the menu bar and the page, where it was left
        asked.append({"dock_below_bar": dock.mapTo(window, QPoint(0, 0)).y() > bar.height(),
                      "dock_tall": dock.height() > 100})
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    window = first_window(saved)
    qtbot.addWidget(window)
    window.show()
    window.ensure_ready()
    qtbot.waitUntil(lambda: bool(asked))
    assert asked == [{"dock_below_bar": True, "dock_tall": True}]
    qtbot.waitUntil(lambda: se_part(window).gm_table is not None)
    scene = se_part(window).gm_table
    assert scene is not None and [nc.name for nc in scene.scene.scene.ncs] == ["Goblin"]
    QApplication.processEvents()
    window.shutdown()
