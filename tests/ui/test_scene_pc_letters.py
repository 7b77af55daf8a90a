"""Alt+letters in a scene with several PCs act in the PC's panel being worked in.

Found at the GM's Table: with two PCs in the scene each panel showed F&aces…, &Momentum…,
Ta&ke Stress… and the rest, so Qt took Alt+A as ambiguous and only moved the focus from
one panel's button to the other's, pressing neither. Now only the panel the GM works in
(or worked in last; the first before that) shows and answers its letters; the scene's
own letters and the table's tabs keep theirs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from tests.ui.document_helpers import gm_table
from tests.ui.keyboard import launched_window, press
from ui.shell.keys import mnemonic
from ui.shell.mnemonic_scopes import active_scope
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table.scene.pc_panel import PCPanel
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from launched_window(qtbot)


def _two_pc_scene(window: MainWindow, tmp_path: Path) -> SceneTracker:
    table = gm_table(window)
    table.tabs.setCurrentWidget(table.scene)
    tracker = table.scene
    assert isinstance(tracker, SceneTracker)
    for pc_id in ("jyrell", "tella-of-jost"):
        path = tmp_path / f"{pc_id}.sechar"
        save_character(library.load_pc(pc_id), path)
        assert tracker.add_pc_file(path) == pc_id
    QApplication.processEvents()
    assert list(tracker.panels) == ["jyrell", "tella-of-jost"]
    return tracker


def _letters(panel: PCPanel) -> list[str]:
    return [key for key in (mnemonic(b.text()) for b in panel.findChildren(QAbstractButton))
            if key is not None]


def _faces_asked(tracker: SceneTracker, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Whose Faces… was pressed (the dialog itself is not the point here)."""
    asked: list[str] = []

    def faces_dialog(pc_id: str) -> bool:
        asked.append(pc_id)
        return False

    monkeypatch.setattr(tracker, "faces_dialog", faces_dialog)
    return asked


def test_alt_letter_presses_the_button_of_the_panel_worked_in(
        qtbot: QtBot, window: MainWindow, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    tracker = _two_pc_scene(window, tmp_path)
    asked = _faces_asked(tracker, monkeypatch)
    first, second = tracker.panels.values()
    second.buttons["momentum"].setFocus()
    qtbot.waitUntil(second.buttons["momentum"].hasFocus)
    assert second.buttons["faces"].text() == "F&aces…"  # underlined: it works
    assert _letters(first) == []  # the other panel shows none
    press(Qt.Key.Key_A, ALT)
    qtbot.waitUntil(lambda: asked == ["tella-of-jost"])  # one press: the button
    first, second = tracker.panels.values()
    first.buttons["doom"].setFocus()  # (greyed: the focus goes by Tab, as a user's)
    first.buttons["momentum"].setFocus()
    qtbot.waitUntil(lambda: active_scope(tracker) is first)
    assert _letters(second) == [] and "a" in _letters(first)
    press(Qt.Key.Key_A, ALT)
    qtbot.waitUntil(lambda: asked == ["tella-of-jost", "jyrell"])


def test_the_scenes_and_the_tables_letters_work_from_a_panel(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    tracker = _two_pc_scene(window, tmp_path)
    second = tracker.panels["tella-of-jost"]
    second.buttons["momentum"].setFocus()
    qtbot.waitUntil(second.buttons["momentum"].hasFocus)
    assert press(Qt.Key.Key_L, ALT) is tracker.log_list  # the scene's &Log
    second.buttons["momentum"].setFocus()
    table = gm_table(window)
    press(Qt.Key.Key_P, ALT)  # the table's &Party tab
    qtbot.waitUntil(lambda: table.tabs.currentWidget() is table.party)


def test_a_panel_drawn_afresh_keeps_its_letters(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """Each change draws the panels anew: the letters stay with the PC worked in, and
    before the GM worked in any panel, the first PC's panel has them."""
    tracker = _two_pc_scene(window, tmp_path)
    first, second = tracker.panels.values()
    assert "a" in _letters(first) and _letters(second) == []
    tracker.name_edit.setFocus()
    second.buttons["momentum"].setFocus()
    qtbot.waitUntil(lambda: active_scope(tracker) is second)
    tracker.add_nc(library.load_nc("shock-troopers"), 1)  # the scene changes
    QApplication.processEvents()
    first, second = tracker.panels.values()
    assert _letters(first) == [] and "a" in _letters(second)
    assert active_scope(tracker) is second


def test_no_two_controls_of_a_two_pc_scene_share_a_letter(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    from tests.ui.test_gm_table_keys import _letters as letters_of
    from tests.ui.test_gm_table_keys import _texts

    tracker = _two_pc_scene(window, tmp_path)
    for pc_id in tracker.panels:
        tracker.pair(pc_id, tracker.add_nc(library.load_nc("shock-troopers"), 1))
    QApplication.processEvents()
    menus = [("menu", a.text()) for a in window.menuBar().actions() if a.isVisible()]
    shared = {key: who for key, who in letters_of(menus + _texts(gm_table(window))).items()
              if len(who) > 1}
    assert shared == {}
