"""A window restored on a smaller screen than the one it was closed on (a laptop after
a desktop monitor): the docks give back the room the start page needs. Each launch runs
in a process of its own with Qt's offscreen screen at the size asked, as a real start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ui.shell.window_layout import side_room

ROOT = Path(__file__).resolve().parents[3]

LAUNCH = """
import json, sys
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from tests.ui.shell.layout_check import cut_text, sideways_scrolling
from ui.app import create_application, first_window
from ui.shell.settings import load_preferences
from ui.shell.theme import apply_theme

def settle():
    for _ in range(4):
        QApplication.processEvents()

def centre(window):
    button = window.start_page.open_button
    return button.mapTo(window, button.rect().center()).x()

app = create_application(["seforge"])
preferences = load_preferences()
apply_theme(app, preferences.theme, first_frame=True)
window = first_window(preferences)
window.show()
settle()
first = centre(window)
window.ensure_ready()
settle()
dock = sys.argv[1]
if dock:  # the user gives the GM Screen this much room
    window.gm_screen_dock.show()
    window.gm_screen_dock.raise_()
    window.resizeDocks(window.side_docks()[:1], [int(dock)], Qt.Orientation.Horizontal)
    settle()
print(json.dumps({"width": window.width(), "room": window.dock_room(),
                  "moved": centre(window) - first,
                  "problems": sideways_scrolling(window.start_page)
                  + cut_text(window.start_page)}))
window.shutdown()
"""


def _launch(tmp_path: Path, size: tuple[int, int], dock: int | None = None) -> dict[str, object]:
    """SEForge launched on a screen of ``size`` (its preferences in ``tmp_path``)."""
    screen = tmp_path / f"screen-{size[0]}.json"
    screen.write_text(json.dumps({"screens": [{
        "name": "Screen", "x": 0, "y": 0, "width": size[0], "height": size[1],
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
           "SEFORGE_CONFIG_DIR": str(tmp_path / "config"),
           "SEFORGE_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", LAUNCH, str(dock or "")], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    seen: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


def test_docks_saved_on_a_wide_screen_leave_the_start_page_whole_on_a_small_one(
        tmp_path: Path) -> None:
    wide = _launch(tmp_path, (1920, 1080), dock=700)
    assert wide["room"][1] >= 650  # type: ignore[index]
    assert wide["problems"] == []
    small = _launch(tmp_path, (1024, 768))
    assert 1000 <= small["width"] <= 1024  # type: ignore[operator]
    assert small["problems"] == []
    assert small["room"][1] >= 300  # type: ignore[index]  # the docks stay, narrower
    # the first frame left the docks the room they now take: the page did not move
    assert abs(small["moved"]) <= 8  # type: ignore[arg-type]


def test_a_page_the_user_squeezed_stays_squeezed_on_the_same_screen(tmp_path: Path) -> None:
    """The user gave the docks the room: a restart on the same screen keeps it; on a
    smaller one, where the docks cannot keep it, the page gets what it needs."""
    wide = _launch(tmp_path, (1920, 1080), dock=1100)
    assert wide["problems"]  # squeezed
    again = _launch(tmp_path, (1920, 1080))
    assert abs(again["room"][1] - wide["room"][1]) <= 8  # type: ignore[index,operator]
    assert abs(again["moved"]) <= 8  # type: ignore[arg-type]
    small = _launch(tmp_path, (1024, 768))
    assert 1000 <= small["width"] <= 1024  # type: ignore[operator]
    assert small["problems"] == []
    assert abs(small["moved"]) <= 8  # type: ignore[arg-type]


def test_side_room_gives_each_side_its_share() -> None:
    assert side_room(0, 400, 600) == (0, 400)
    assert side_room(0, 760, 500) == (0, 500)
    assert side_room(300, 600, 600) == (200, 400)
    assert side_room(100, 100, -20) == (0, 0)
