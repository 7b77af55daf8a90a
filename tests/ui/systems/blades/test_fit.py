"""Issue 26's layout rule for the Blades pages: in the main window at 1366x768 and 1024x768
(a 30 px title bar taken off the height), light and dark, the scoundrel builder, the crew
editor and each GM Screen page never scroll sideways, cut no label, button or table header
(unless it is elided with the full text in its tooltip), and name every input control."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QApplication,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.core.resources import resource_path
from tests.ui.shell.layout_check import problems, unnamed_inputs
from ui.shell import screen_fit
from ui.shell.settings import Preferences
from ui.shell.theme import apply_theme
from ui.shell.window import MainWindow
from ui.systems.blades.crew_editor import CrewWidget
from ui.systems.blades.gm_screen import BladesGmScreen

TITLE_BAR = 30
SIZES = {"1366x768": (1366, 768), "1024x768": (1024, 768)}


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def fit_problems(root: QWidget) -> list[str]:
    """What breaks the layout rule under ``root`` (the shared harness's checks): sideways
    scrolling, cut text, unnamed input controls."""
    return [*problems(root), *unnamed_inputs(root)]


@pytest.fixture
def made(prompts: list[str]) -> Iterator[list[MainWindow]]:
    windows: list[MainWindow] = []
    yield windows
    for window in windows:
        for document in window.documents():
            document.undo_stack.setClean()
        window.close()


def _window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow],
            size: tuple[int, int]) -> MainWindow:
    width, height = size
    area = QRect(0, 0, width, height - TITLE_BAR)
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(area))
    window = MainWindow(Preferences(), 3_600_000)
    made.append(window)
    qtbot.addWidget(window)
    # on a screen where 1280x800 and a title bar do not fit, the first window opens
    # maximized; the test sizes it to the laptop's client area itself
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.show()
    window.ensure_ready()
    window.setGeometry(area)
    _settle()
    return window


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_blades_pages_fit_the_window(size: str, theme: str, qtbot: QtBot,
                                     qapp: QApplication, monkeypatch: pytest.MonkeyPatch,
                                     made: list[MainWindow]) -> None:
    apply_theme(qapp, theme)
    try:
        window = _window(qtbot, monkeypatch, made, SIZES[size])
        problems: list[str] = []
        sample = Path(resource_path("systems", "blades", "nadja-hound.blades"))
        window.open_path(sample)
        _settle()
        assert window.gm_screen_dock.isVisible()
        screen = window.gm_screen_dock.built("blades")
        assert isinstance(screen, BladesGmScreen)
        for index in range(screen.count()):
            screen.setCurrentIndex(index)
            _settle()
            problems += [f"{screen.tabText(index)}: {p}" for p in fit_problems(screen)]
        editor = window.current_editor()
        assert editor is not None
        problems += fit_problems(editor)
        window.new_document("blades", "blades.crew")
        _settle()
        crew = window.current_editor()
        assert isinstance(crew, CrewWidget)
        index = crew.type_pick.findData("Shadows")
        crew.type_pick.setCurrentIndex(index)
        crew.type_pick.activated.emit(index)
        _settle()
        problems += fit_problems(crew)
        width, height = SIZES[size]
        assert window.width() <= width and window.height() <= height - TITLE_BAR, \
            "no Blades page makes the window larger than the screen"
        assert problems == [], "\n".join(problems)
    finally:
        apply_theme(qapp, "light")
