"""A file name that is not valid UTF-8 (``caf\\xe9.sechar`` on Linux): the app starts and
opens it, the recent files keep it, and later saves never break on it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import se_part
from ui.app import file_arguments, launch_files, qt_arguments
from ui.shell.settings import load_preferences, preferences_path
from ui.shell.window import MainWindow

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="only Linux file names can be any bytes")

LAUNCH = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from ui import app
from ui.shell.window import MainWindow

def check():
    windows = [w for w in QApplication.topLevelWidgets()
               if isinstance(w, MainWindow) and w.isVisible()]
    if not windows or not windows[0].documents():
        QTimer.singleShot(20, check)
        return
    print("OPEN", ascii(str(windows[0].documents()[0].path)), flush=True)
    windows[0].close()

built = app.first_window
def first_window(*args, **kwargs):
    window = built(*args, **kwargs)
    QTimer.singleShot(0, check)
    QTimer.singleShot(30000, QApplication.quit)
    return window
app.first_window = first_window
sys.exit(app.main())
"""


def undecodable(folder: Path, name: bytes = b"caf\xe9.sechar") -> Path:
    return Path(os.fsdecode(os.fsencode(folder) + b"/" + name))


def test_a_launch_with_an_undecodable_file_name_opens_it(tmp_path: Path) -> None:
    """It used to end in a segmentation fault before any window (exit 139)."""
    path = undecodable(tmp_path)
    save_character(load_pc("jyrell"), path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR="")
    done = subprocess.run(
        [sys.executable, "-c", LAUNCH, os.fsencode(path)],
        cwd=ROOT, env=env, capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert f"OPEN {str(path)!a}".encode() in done.stdout
    assert b"Traceback" not in done.stderr
    # the recent files keep the very path
    assert load_preferences().recent_files == [str(path)]


def test_qt_never_sees_undecodable_arguments() -> None:
    bad = os.fsdecode(b"/tmp/caf\xe9.sechar")
    assert qt_arguments(["seforge", bad, "-platform", "offscreen"]) == [
        "seforge", "-platform", "offscreen"]
    assert qt_arguments([os.fsdecode(b"/opt/s\xe9forge"), "a.sechar"]) == [
        "seforge", "a.sechar"]
    # Qt took "-platform offscreen"; the undecodable file is handed over all the same
    assert launch_files([bad, "-platform", "offscreen", "b.sechar"],
                        ["b.sechar"]) == [bad, "b.sechar"]


def test_a_file_named_like_an_option_opens(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save_character(load_pc("jyrell"), tmp_path / "-dash.sechar")
    assert file_arguments(["-dash.sechar", "-reverse"]) == ["-dash.sechar"]
    assert file_arguments(["--", "-x.sechar"]) == ["-x.sechar"]


def test_recent_undecodable_paths_never_break_later_saves(
        window: MainWindow, tmp_path: Path, qapp: QApplication) -> None:
    odd = undecodable(tmp_path)
    save_character(load_pc("jyrell"), odd)
    plain = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), plain)
    assert window.open_path(odd) is not None  # File › Open hands over the same path
    assert load_preferences().recent_files[0] == str(odd)
    assert preferences_path().read_bytes().isascii()  # written with JSON escapes
    second = window.open_path(plain)
    assert second is not None
    # both save (Quit › Save All saves one after the other): nothing raises after the work
    for document in window.documents():
        assert window.controller.save(document)
    assert set(load_preferences().recent_files) == {str(odd), str(plain)}


def test_quit_save_all_saves_every_document_past_an_undecodable_name(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.ui.document_helpers import BUTTON, Answers

    odd = undecodable(tmp_path)
    names = iter([str(odd), str(tmp_path / "tella.sechar")])
    se_part(window).open_book_character(load_pc("jyrell"))
    se_part(window).open_book_character(load_pc("tella-of-jost"))
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        staticmethod(lambda *a, **k: (next(names), "")))
    answers = Answers(monkeypatch, BUTTON.SaveAll)
    assert window.close()
    assert len(answers.asked) == 1
    assert odd.exists() and (tmp_path / "tella.sechar").exists()
    assert set(load_preferences().recent_files) == {str(odd), str(tmp_path / "tella.sechar")}
