"""The "restore last time's scene?" question comes over a drawn GM's Table: its dock
showed nothing but what lay under it (a stale picture of the side docks' tab bar) while
the question waited, the table being placed in its dock only once answered."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from tests.ui.helpers import se_part
from ui.app import first_window
from ui.shell.settings import Preferences
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table.scene.autosave import autosave_path


def _a_scene_left_from_last_time(qtbot: QtBot) -> Preferences:
    """A window that ran a scene with the GM's Table open, closed: its layout."""
    before = MainWindow(Preferences(), 3_600_000)
    qtbot.addWidget(before)
    before.show()
    table = se_part(before).show_gm_table()
    assert table is not None
    table.scene.add_nc(library.load_nc("goblin"), 1)
    qtbot.waitUntil(autosave_path().exists)
    saved = Preferences(window=before.layout_preferences())
    before.shutdown()
    before.close()
    return saved


def _what_the_dock_shows(window: MainWindow) -> dict[str, object]:
    part = se_part(window)
    table = part.gm_table
    dock = part.gm_table_dock
    return {
        "dock_shown": dock.isVisible(),
        "table_in_dock": table is not None and dock.widget() is table,
        "table_shown": table is not None and table.isVisible(),
        "tabs_shown": table is not None and table.tabs.isVisible()
        and table.tabs.currentWidget().isVisible(),
        "table_fills_dock": table is not None and table.height() > 100
        and table.width() > dock.width() // 2,
    }


DRAWN = {"dock_shown": True, "table_in_dock": True, "table_shown": True,
         "tabs_shown": True, "table_fills_dock": True}


def _ask_and_record(monkeypatch: pytest.MonkeyPatch, asked: list[dict[str, object]],
                    window: list[MainWindow]) -> None:
    def question(*_args: object) -> QMessageBox.StandardButton:
        asked.append(_what_the_dock_shows(window[0]))
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))


def test_the_restored_layouts_table_is_drawn_before_the_question(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = _a_scene_left_from_last_time(qtbot)
    asked: list[dict[str, object]] = []
    holder: list[MainWindow] = []
    _ask_and_record(monkeypatch, asked, holder)
    window = first_window(saved)
    holder.append(window)
    qtbot.addWidget(window)
    window.show()
    window.ensure_ready()
    qtbot.waitUntil(lambda: bool(asked))
    assert asked == [DRAWN]
    table = se_part(window).gm_table
    assert table is not None
    qtbot.waitUntil(lambda: [nc.name for nc in table.scene.scene.ncs] == ["Goblin"])
    QApplication.processEvents()
    assert len(asked) == 1  # asked once
    window.shutdown()


def test_the_table_opened_from_the_menu_is_drawn_before_the_question(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dock closed last time: View › GM's Table opens it, then asks."""
    _a_scene_left_from_last_time(qtbot)
    asked: list[dict[str, object]] = []
    holder: list[MainWindow] = []
    _ask_and_record(monkeypatch, asked, holder)
    window = MainWindow(Preferences(), 3_600_000)
    holder.append(window)
    qtbot.addWidget(window)
    window.show()
    window.ensure_ready()
    action = se_part(window).gm_table_dock.toggleViewAction()
    assert not action.isChecked()
    action.trigger()
    qtbot.waitUntil(lambda: bool(asked))
    assert asked == [DRAWN]
    table = se_part(window).gm_table
    assert table is not None and [nc.name for nc in table.scene.scene.ncs] == ["Goblin"]
    window.shutdown()
