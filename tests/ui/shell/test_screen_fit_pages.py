"""The layout harness (issue 26): every system's sample documents and every GM Screen
page, in the main window with its default docks, on a 1366x768 and a 1024x768 screen
(the window maximized under a 30-pixel title bar), in the light and the dark theme, and
once more at scale 2 (a 2732x1536 screen, in a process of its own). A page fails on

- a horizontal scroll bar with somewhere to scroll,
- a label, button or header section whose text is wider than the widget,
- an input control without an accessible name.

A page that fails today belongs to the engineer rewriting that system's UI: it is
marked ``xfail(strict=True)`` below with what fails, so the harness runs green and the
fix flips it (then remove its entry from FAILING_TODAY).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from tests.ui.shell.layout_check import cut_text, sideways_scrolling, unnamed_inputs
from tests.ui.shell.system_pages import open_sample, samples, tab_pages
from ui.shell import screen_fit
from ui.shell.settings import Preferences
from ui.shell.theme import apply_theme
from ui.shell.window import MainWindow

TITLE_BAR = 30
SCREENS = {"1366x768": (1366, 768), "1024x768": (1024, 768)}
GM_SYSTEMS = ("swords-edge", "2d20", "blades", "sword-of-life")
THEMES = ("light", "dark")
SCALE_ENV = "SEFORGE_FIT_SCALE"
"""Set (to the scale) in the process that checks the pages at scale 2."""

FAILING_TODAY: dict[tuple[str, str], str] = {
}
"""(screen, page) -> what fails there today, for the xfail mark."""


def _cases() -> list[object]:
    pages = [f"editor:{s.system}/{s.name}" for s in samples()]
    pages += [f"gm:{system}" for system in GM_SYSTEMS]
    cases = []
    for theme in THEMES:
        for screen in SCREENS:
            for page in pages:
                reason = FAILING_TODAY.get((screen, page))
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                cases.append(pytest.param(screen, page, theme, marks=marks,
                                          id=f"{theme}-{screen}-{page}"))
    return cases


@pytest.fixture
def laptop(request: pytest.FixtureRequest, qtbot: QtBot, qapp: QApplication,
           prompts: list[str], monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    width, height = SCREENS[request.node.callspec.params["screen"]]
    area = QRect(0, 0, width, height)
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(area))
    apply_theme(qapp, request.node.callspec.params["theme"])
    window = MainWindow(Preferences(), 3_600_000)
    qtbot.addWidget(window)
    window.setWindowState(Qt.WindowState.WindowNoState)
    client = QRect(0, TITLE_BAR, width, height - TITLE_BAR)
    window.setGeometry(client)
    window.show()
    window.ensure_ready()
    window.setGeometry(client)
    _settle()
    if os.environ.get(SCALE_ENV):
        assert window.devicePixelRatioF() == float(os.environ[SCALE_ENV])
    yield window
    for document in [*window.documents(), *window.gm_documents()]:
        document.undo_stack.setClean()
    window.close()


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def _findings(root: QWidget) -> list[str]:
    """Every problem of ``root`` in each of its tabs, named by the first tab that
    shows it."""
    found: dict[str, str] = {}
    for tab, page in tab_pages(root):
        _settle()
        for problem in [*sideways_scrolling(page), *cut_text(page), *unnamed_inputs(page)]:
            found.setdefault(problem, tab)
    return sorted(f"{tab}: {problem}" if tab else problem
                  for problem, tab in found.items())


@pytest.mark.parametrize(("screen", "page", "theme"), _cases())
def test_page_fits_the_screen(laptop: MainWindow, screen: str, page: str, theme: str) -> None:
    kind, _, name = page.partition(":")
    if kind == "editor":
        system, _, sample_name = name.partition("/")
        sample = next(s for s in samples() if s.system == system and s.name == sample_name)
        root = open_sample(laptop, sample)
        _settle()
    else:
        dock = laptop.gm_screen_dock
        dock.raise_()
        dock.follow(name)
        root = dock.show_page(name)
        _settle()
    frame = laptop.frameGeometry()
    assert frame.right() < SCREENS[screen][0], "the window is wider than the screen"
    problems = _findings(root)
    if problems:
        print("FINDINGS", repr((screen, page)), "; ".join(problems), sep="\t")
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(bool(os.environ.get(SCALE_ENV)), reason="the scale-2 run itself")
def test_every_page_fits_at_scale_2_too() -> None:
    """The same pages, light theme, on a screen at scale 2 (Qt's scale factor is set
    before its application starts, so in a process of its own)."""
    root = Path(__file__).resolve().parents[3]
    env = {**os.environ, "QT_SCALE_FACTOR": "2", SCALE_ENV: "2", "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
         f"{Path(__file__).relative_to(root)}::test_page_fits_the_screen", "-k", "light"],
        cwd=root, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
