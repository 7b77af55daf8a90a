"""Fixtures for the desktop UI tests: offscreen Qt, throwaway config/data folders,
and a main window whose modal prompts are answered by monkeypatching."""

from __future__ import annotations

import gc
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from ui.app import prepare_registry
from ui.shell.theme import apply_theme
from ui.shell.window import MainWindow

prepare_registry()  # as ui.app does: the window offers every installed system


@pytest.fixture(autouse=True)
def app_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("SEFORGE_CONFIG_DIR", str(config))
    monkeypatch.setenv("SEFORGE_DATA_DIR", str(data))
    return config, data


@pytest.fixture
def prompts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Answer "Discard" to every unsaved-changes question; records the questions."""
    asked: list[str] = []

    def question(parent: object, title: str, text: str, *args: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


@pytest.fixture
def window(qtbot: object, qapp: QApplication, prompts: list[str]) -> Iterator[MainWindow]:
    apply_theme(qapp, "light")
    win = MainWindow(autosave_interval_ms=50)
    qtbot.addWidget(win)  # type: ignore[attr-defined]
    win.show()
    yield win
    win.close()


@pytest.fixture
def made(prompts: list[str]) -> Iterator[list[MainWindow]]:
    """Windows a test makes itself (a laptop-sized one, say): closed afterwards, what is
    open in them counted as saved."""
    windows: list[MainWindow] = []
    yield windows
    for made_window in windows:
        for document in made_window.documents():
            document.undo_stack.setClean()
        made_window.close()


@pytest.fixture(autouse=True)
def flush_deferred_deletes(qapp: QApplication) -> Iterator[None]:
    """After each test, delete what its widgets left to ``deleteLater``: outside a running
    event loop Qt keeps those events, and a whole run's worth of them made the next event
    loop (a test's ``waitSignal``) take seconds before it handled anything."""
    yield
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """Collect each test's reference cycles as soon as its fixtures are torn down. Left
    to Python's next automatic pass, one test's windows were freed at a random point of a
    later test, and a cycle that crashed when collected (an owner with its undo steps)
    crashed that later test instead, in one CI run out of three. Python's own passes stay
    on during the test: the app runs them from its event loop (``ui.shell.collector``),
    so a test that meets one mid-call is stricter than the app."""
    try:
        return (yield)
    finally:
        gc.collect()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Once the test has let go of its fixtures, collect what that freed, then freeze
    what is left (``gc.freeze``): later passes skip it, so each test's collections cost
    what that test made, not what the whole run has made so far."""
    try:
        return (yield)
    finally:
        gc.collect()
        gc.freeze()
