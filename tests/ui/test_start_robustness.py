"""Start never fails because of SEForge's own files: damaged autosaves and
preferences are set aside with a message, an unwritable data folder gives one
warning, and stray temporary files of killed saves are cleaned up."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from seforge.core.atomic import atomic_write_bytes
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import se_part, shown_windows
from ui import app as app_module
from ui.shell import dialogs as main_window_module
from ui.shell.autosave import autosave_dir, leftover_autosaves
from ui.shell.settings import Preferences, load_preferences, preferences_path
from ui.shell.system_uis import registry_loader
from ui.shell.window import MainWindow


def shown_problems(window: MainWindow) -> list[str]:
    return [box.text() for box in window.findChildren(QMessageBox)
            if box.objectName() == "startupProblems" and box.isVisible()]


@pytest.mark.parametrize("content", [b"{not json", b"[" * 100_000, b'["a list"]',
                                     b"\xff\xfe\x00", b'{"theme": "\\udfff' ])
def test_damaged_preferences_are_set_aside(app_dirs: tuple[Path, Path],
                                           content: bytes) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    problems: list[str] = []
    assert load_preferences(problems=problems) == Preferences()
    assert len(problems) == 1 and "\n" not in problems[0]
    assert not path.exists()
    kept = list(path.parent.glob("preferences.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert kept[0].name in problems[0]
    # the next start is quiet
    again: list[str] = []
    assert load_preferences(problems=again) == Preferences() and again == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_preferences_that_are_a_fifo_or_huge_are_set_aside_at_once(
        app_dirs: tuple[Path, Path]) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)  # would block a plain read forever
    problems: list[str] = []
    assert load_preferences(problems=problems) == Preferences()
    assert len(problems) == 1 and not path.exists()
    path.write_bytes(b" " * (2 * 1024 * 1024) + b"{}")
    assert load_preferences(problems=problems) == Preferences()
    assert len(problems) == 2 and not path.exists()
    assert len(list(path.parent.glob("preferences.json.corrupt-*"))) == 2


def test_a_damaged_autosave_is_set_aside_and_the_others_recovered(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = autosave_dir()
    folder.mkdir(parents=True)
    save_character(load_pc("jyrell"), folder / "good.sechar")
    (folder / "deep.sechar").write_text("[" * 100_000, encoding="utf-8")
    (folder / "junk.sechar").write_bytes(b"\x00\xff garbage")
    (folder / "junk.json").write_text('{"title": "Junk"}', encoding="utf-8")
    set_aside: list[Path] = []
    found = leftover_autosaves(folder, set_aside, registry_loader)
    assert [r.editor.owner.character.name for r in found] == ["Jyrell"]
    assert sorted(p.name.split(".corrupt-")[0] for p in set_aside) == [
        "deep.sechar", "junk.sechar"]
    assert sorted(p.name for p in folder.glob("*.sechar")) == ["good.sechar"]
    assert not (folder / "junk.json").exists()  # its sidecar went aside with it
    assert len(list(folder.glob("junk.json.corrupt-*"))) == 1


def test_window_reports_a_damaged_autosave_once(qtbot: QtBot, qapp: QApplication,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    folder = autosave_dir()
    folder.mkdir(parents=True)
    (folder / "junk.sechar").write_bytes(b"\x00\xff garbage")
    monkeypatch.setattr(main_window_module, "ask_restore", lambda parent, titles: True)
    window = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(window)
    window.show()
    assert window.restore_autosaves() == 0
    problems = shown_problems(window)
    assert len(problems) == 1 and "junk.sechar.corrupt-" in problems[0]
    window.shutdown()


def test_unwritable_data_folder_gives_one_warning_and_the_rest_works(
        qtbot: QtBot, qapp: QApplication, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, prompts: list[str]) -> None:
    """Issue 11, item 8: a read-only data folder (portable mode on a locked stick)
    silently turned off the docks, the GM's Table and autosave."""
    blocker = tmp_path / "locked"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    monkeypatch.setenv("SEFORGE_DATA_DIR", str(blocker / "data"))  # cannot be created
    window = MainWindow(autosave_interval_ms=50)
    qtbot.addWidget(window)
    window.show()
    window.ensure_ready()
    assert window.autosaver.disabled_reason.startswith("Autosave is off")
    problems = shown_problems(window)
    assert len(problems) == 1 and "Autosave is off" in problems[0]
    label = window.statusBar().findChild(QLabel, "autosaveOff")
    assert label is not None and "cannot be written" in label.toolTip()
    # the docks and the GM's Table work
    assert se_part(window).play_dock is not None and se_part(window).gm_dock is not None
    table = se_part(window).show_gm_table()
    assert table is not None and table.opponents.entries  # the book's opponents
    # editing works; autosave writes nothing and says nothing more
    se_part(window).open_book_character(load_pc("jyrell"))
    assert window.autosaver.save_all() == 0
    assert len(shown_problems(window)) == 1
    window.close()


def test_stray_temporary_files_of_killed_saves_are_removed(
        qtbot: QtBot, window: MainWindow, tmp_path: Path,
        app_dirs: tuple[Path, Path]) -> None:
    _config, data = app_dirs
    docs = tmp_path / "characters"
    docs.mkdir()
    sheet = docs / "sarah.sechar"
    save_character(load_pc("sarah-x"), sheet)
    window.open_path(sheet)
    (data / "opponents").mkdir(parents=True, exist_ok=True)
    old = time.time() - 3600
    stale = [docs / ".sarah.sechar.seforge-ab12cd_9.tmp",
             data / "autosave" / ".x.sechar.seforge-00000000.tmp",
             data / "opponents" / ".Wraith.senc.seforge-zzzzzzzz.tmp"]
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"half a save")
        os.utime(path, (old, old))
    fresh = docs / ".sarah.sechar.seforge-qwertyui.tmp"  # another instance saving right now
    fresh.write_bytes(b"in progress")
    # other programs' temporary files, even in our folders and in our old pattern
    others = [docs / "notes.tmp", docs / ".hidden.tmp", docs / ".sarah.sechar.short.tmp",
              docs / ".budget.20240101.tmp", docs / ".thesis.docx.backup_1.tmp",
              docs / ".sarah.sechar.ab12cd_9.tmp"]
    for path in others:
        path.write_bytes(b"not ours")
        os.utime(path, (old, old))
    removed = window.clean_stale_temp_files()
    assert sorted(removed) == sorted(stale)
    assert fresh.exists() and all(p.exists() for p in others) and sheet.exists()


def test_app_start_with_broken_preferences_still_opens(
        qapp: QApplication, tmp_path: Path) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text("{broken", encoding="utf-8")
    seen: list[list[str]] = []

    def close_when_ready() -> None:
        windows = shown_windows()
        if not windows or not shown_problems(windows[0]):
            QTimer.singleShot(10, close_when_ready)
            return
        seen.append(shown_problems(windows[0]))
        windows[0].close()

    QTimer.singleShot(0, close_when_ready)
    assert app_module.main([]) == 0
    assert len(seen) == 1 and "preferences.json.corrupt-" in seen[0][0]
    # the preferences were written afresh on exit
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1


def test_atomic_writes_leave_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "x.sechar"
    atomic_write_bytes(target, b"data")
    assert [p.name for p in tmp_path.iterdir()] == ["x.sechar"]


def test_app_starts_with_recent_files_the_system_refuses(
        qapp: QApplication, tmp_path: Path) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True)
    kept = tmp_path / "kept.sechar"
    kept.write_text("{}", encoding="utf-8")
    path.write_text(json.dumps({"version": 1, "recent_files": ["x" * 100_000, str(kept)],
                                "window": {"zoom": 10**30, "geometry": "%%%"}}),
                    encoding="utf-8")
    shown: list[list[str]] = []

    def close_when_ready() -> None:
        windows = shown_windows()
        if not windows or not windows[0].autosaver_started():
            QTimer.singleShot(10, close_when_ready)
            return
        recent = windows[0].start_page.recent_list
        shown.append([recent.item(i).text() for i in range(recent.count())])
        windows[0].close()

    QTimer.singleShot(0, close_when_ready)
    assert app_module.main([]) == 0
    assert shown == [["kept.sechar"]]
    assert json.loads(path.read_text(encoding="utf-8"))["recent_files"] == [str(kept)]
