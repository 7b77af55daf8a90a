"""The app collects reference cycles from its event loop, never in the middle of a Qt call
(ui.shell.collector), and an owner collected together with its undo steps does not crash."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.shell.collector import Collector, due_generation

ROOT = Path(__file__).resolve().parents[3]


class _Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cycle collector frees it


@pytest.fixture
def thresholds() -> Iterator[None]:
    """Small thresholds, and Python's own passes off, for the test's length."""
    was, enabled = gc.get_threshold(), gc.isenabled()
    gc.disable()
    gc.collect()
    gc.set_threshold(5, 2, 2)
    yield
    gc.set_threshold(*was)
    if enabled:
        gc.enable()


def test_the_generation_due_follows_pythons_own_thresholds(thresholds: None) -> None:
    assert due_generation() is None or gc.get_count()[0] >= 5
    collector = Collector(QApplication.instance())  # type: ignore[arg-type]
    try:
        kept: list[list[int]] = []
        passes = []
        for _ in range(9):
            kept.extend([i] for i in range(10))  # enough new objects for a young pass
            passes.append(collector.collect_due())
        # young passes, every second one reaching the middle generation, and the oldest
        # once the middle one has been reached twice: as Python itself counts
        assert passes == [0, 0, 1, 0, 0, 1, 0, 0, 2]
        assert gc.get_count()[1:] == (0, 0)
    finally:
        collector.stop()


def test_cycles_wait_for_the_event_loop_and_then_go(qtbot: QtBot) -> None:
    was = gc.isenabled()
    collector = Collector(QApplication.instance(), interval_ms=10)  # type: ignore[arg-type]
    try:
        assert not gc.isenabled()  # Python's own passes are off while it runs
        node = _Node()
        gone = weakref.ref(node)
        del node
        # as many new objects as would have made Python collect by now
        kept = [[] for _ in range(gc.get_threshold()[0] * 2)]
        assert kept and gone() is not None  # ...but nothing is freed outside the event loop
        qtbot.waitUntil(lambda: gone() is None, timeout=2000)
    finally:
        collector.stop()
    assert gc.isenabled() == was


WRITE_BACK = ("tests/ui/systems/sword_of_life/test_write_back.py::"
              "test_undoing_the_mark_in_the_conflict_undoes_the_open_sheets_write")


def test_an_owner_collected_with_its_undo_steps_does_not_crash() -> None:
    """A Sword of Life conflict writing a Grip back keeps the sheet's owner and its undo
    steps in a reference cycle once the windows close. Collected with Python's automatic
    passes on during the test (they free part of it early), then fully at teardown, the
    cycle used to crash inside ``QUndoStack.clear`` (exit -11): the collector had freed
    a step that the owner's history then deleted again. In a process of its own, so a
    crash fails this test rather than ending the run (the UI tests' conftest collects at
    each teardown)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", WRITE_BACK],
        cwd=ROOT, env=env, capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, (done.stdout + done.stderr).decode(errors="replace")[-3000:]


LAUNCH = """
import gc, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from ui import app

def look():
    print("AUTOMATIC", gc.isenabled(), flush=True)
    QApplication.quit()

built = app.first_window
def first_window(*args, **kwargs):
    window = built(*args, **kwargs)
    window.when_ready(lambda: QTimer.singleShot(100, look))
    return window
app.first_window = first_window
code = app.main()
print("AFTER", gc.isenabled(), flush=True)
sys.exit(code)
"""


def test_the_app_collects_from_its_event_loop(tmp_path: Path) -> None:
    """A real start turns Python's automatic passes off while the window runs (the
    collector makes them) and gives them back when the app ends."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR="",
               SEFORGE_CONFIG_DIR=str(tmp_path / "config"),
               SEFORGE_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", LAUNCH], cwd=ROOT, env=env,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert b"AUTOMATIC False" in done.stdout
    assert b"AFTER True" in done.stdout
