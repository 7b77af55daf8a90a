"""The entry point: opens files from the command line and exits cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import shown_windows
from ui import app as app_module
from ui.shell.autosave import autosave_dir


def test_main_opens_files_and_exits_cleanly(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    seen: list[str] = []

    def close_when_ready() -> None:
        windows = shown_windows()
        if not windows or not windows[0].documents():
            QTimer.singleShot(10, close_when_ready)
            return
        seen.append(windows[0].windowTitle())
        assert (autosave_dir() / "session.lock").exists()
        windows[0].close()

    QTimer.singleShot(0, close_when_ready)
    assert app_module.main([str(path)]) == 0
    # the character's name; Qt adds " — SEForge" (the display name) once, by itself
    assert seen == ["Sarah X[*]"]
    assert qapp.applicationDisplayName() == "SEForge"
    assert qapp.applicationName() == "SEForge"
    assert not (autosave_dir() / "session.lock").exists()


def test_main_starts_without_automatic_collection_and_gives_it_back(
        qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Python's passes over what starting builds (about 7 ms before the first frame) find
    nothing: collection is off from main's start, the app's Collector runs it from the
    event loop, and it is as it was when main returns."""
    import gc

    seen: list[bool] = []
    real_create = app_module.create_application

    def creating(argv: list[str]) -> QApplication:
        seen.append(gc.isenabled())  # before Qt's modules and the window are built
        return real_create(argv)

    monkeypatch.setattr(app_module, "create_application", creating)

    def close_when_shown() -> None:
        windows = shown_windows()
        if not windows:
            QTimer.singleShot(10, close_when_shown)
            return
        seen.append(gc.isenabled())
        windows[0].close()

    QTimer.singleShot(0, close_when_shown)
    assert gc.isenabled()
    assert app_module.main([]) == 0
    assert seen == [False, False]
    assert gc.isenabled()


START_PROBE = """
import json, sys
from ui.app import build_window, create_application
app = create_application(["seforge", "-platform", "offscreen"])
window = build_window()
window.show()
app.processEvents()
print(json.dumps(sorted(sys.modules)))
window.shutdown()
"""


def test_the_first_paint_loads_no_model_no_page_and_no_sheet(tmp_path: Path) -> None:
    """Start-up loads what the start page shows (each system's title and New choices,
    and the default system's docks): no pydantic model, no GM Screen page, no PDF code;
    they load with the first document or page that needs them."""
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "SEFORGE_CONFIG_DIR": str(tmp_path / "config"),
           "SEFORGE_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", START_PROBE], env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "pydantic" not in loaded and "reportlab" not in loaded
    assert not {m for m in loaded if m.startswith("ui.systems")
                and (m.endswith(".gm_screen") or ".gm." in m)}  # the pages
    assert {"ui.systems.blades.blades_ui", "ui.systems.twod20.twod20_ui",
            "ui.systems.sword_of_life.sword_of_life_ui"} <= loaded  # their titles, choices
