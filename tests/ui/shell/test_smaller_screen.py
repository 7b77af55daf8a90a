"""A window restored on a smaller screen than the one it was closed on (a laptop after
a desktop monitor): the docks give back the room the page needs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.helpers import TITLE_BAR
from tests.ui.shell.layout_check import sideways_scrolling
from ui.app import first_window
from ui.shell import screen_fit
from ui.shell.settings import Preferences
from ui.shell.window import MainWindow


@pytest.fixture
def closing() -> Iterator[list[MainWindow]]:
    made: list[MainWindow] = []
    yield made
    for window in made:
        window.shutdown()
        window.close()


def _launch(qtbot: QtBot, closing: list[MainWindow], monkeypatch: pytest.MonkeyPatch,
            size: tuple[int, int], preferences: Preferences) -> tuple[MainWindow, int]:
    """The window launched on a screen of ``size``, and where the start page's column
    was centred in its first frame."""
    area = QRect(0, 0, size[0], size[1] - TITLE_BAR)
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(area))
    window = first_window(preferences)
    closing.append(window)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    first = _column_centre(window)
    window.ensure_ready()
    for _ in range(4):
        QApplication.processEvents()
    return window, first


def _column_centre(window: MainWindow) -> int:
    button = window.start_page.open_button
    return button.mapTo(window, button.rect().center()).x()


def test_docks_saved_on_a_wide_screen_leave_the_start_page_whole_on_a_small_one(
        qtbot: QtBot, closing: list[MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    wide, _first = _launch(qtbot, closing, monkeypatch, (1920, 1080), Preferences())
    wide.gm_screen_dock.show()
    wide.gm_screen_dock.raise_()
    wide.resizeDocks(wide.side_docks()[:1], [760], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    assert wide.dock_room()[1] >= 700
    saved = Preferences(window=wide.layout_preferences())
    small, first = _launch(qtbot, closing, monkeypatch, (1024, 768), saved)
    assert small.width() <= 1024
    assert sideways_scrolling(small.start_page) == []
    assert small.dock_room()[1] >= 300  # the docks are still there, narrower
    # the first frame left them the room they now take: the page did not move
    assert abs(_column_centre(small) - first) <= 8


def test_side_room_gives_each_side_its_share() -> None:
    from ui.shell.window_layout import side_room

    assert side_room(0, 400, 600) == (0, 400)
    assert side_room(0, 760, 500) == (0, 500)
    assert side_room(300, 600, 600) == (200, 400)
    assert side_room(100, 100, -20) == (0, 0)
