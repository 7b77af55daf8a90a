"""The layout harness (issue 26): every system's sample documents and every GM Screen
page, in the main window with its default docks, on a 1366x768 and a 1024x768 screen
(the window maximized under a 30-pixel title bar). A page fails on

- a horizontal scroll bar with somewhere to scroll,
- a label, button or header section whose text is wider than the widget,
- an input control without an accessible name.

A page that fails today belongs to the engineer rewriting that system's UI: it is
marked ``xfail(strict=True)`` below with what fails, so the harness runs green and the
fix flips it (then remove its entry from FAILING_TODAY).
"""

from __future__ import annotations

from collections.abc import Iterator

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

FAILING_TODAY: dict[tuple[str, str], str] = {
}
"""(screen, page) -> what fails there today, for the xfail mark."""


def _cases() -> list[object]:
    pages = [f"editor:{s.system}/{s.name}" for s in samples()]
    pages += [f"gm:{system}" for system in GM_SYSTEMS]
    cases = []
    for screen in SCREENS:
        for page in pages:
            reason = FAILING_TODAY.get((screen, page))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            cases.append(pytest.param(screen, page, marks=marks, id=f"{screen}-{page}"))
    return cases


@pytest.fixture
def laptop(request: pytest.FixtureRequest, qtbot: QtBot, qapp: QApplication,
           prompts: list[str], monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    width, height = SCREENS[request.node.callspec.params["screen"]]
    area = QRect(0, 0, width, height)
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(area))
    apply_theme(qapp, "light")
    window = MainWindow(Preferences(), 3_600_000)
    qtbot.addWidget(window)
    window.setWindowState(Qt.WindowState.WindowNoState)
    client = QRect(0, TITLE_BAR, width, height - TITLE_BAR)
    window.setGeometry(client)
    window.show()
    window.ensure_ready()
    window.setGeometry(client)
    _settle()
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


@pytest.mark.parametrize(("screen", "page"), _cases())
def test_page_fits_the_screen(laptop: MainWindow, screen: str, page: str) -> None:
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
