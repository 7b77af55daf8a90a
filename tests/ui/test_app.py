"""The entry point: opens files from the command line and exits cleanly."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.library import load_pc
from ui import app as app_module
from ui.shell.autosave import autosave_dir
from ui.shell.window import MainWindow


def test_main_opens_files_and_exits_cleanly(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    seen: list[str] = []

    def close_when_ready() -> None:
        windows = [w for w in qapp.topLevelWidgets()
                   if isinstance(w, MainWindow) and w.isVisible()]
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
