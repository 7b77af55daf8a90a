"""One instance: a second launch hands its files over; the session lock is atomic
and a live instance's autosaves are never offered or deleted by another."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from PySide6.QtNetwork import QLocalServer
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import build_sarah_x, se_part
from ui.shell import dialogs as main_window_module
from ui.shell import single_instance
from ui.shell.autosave import SessionLock
from ui.shell.settings import data_dir
from ui.shell.single_instance import (
    HandOver,
    InstanceServer,
    decode_message,
    encode_message,
    hand_over,
    instance_running,
    send_to_running,
    server_name,
)
from ui.shell.window import MainWindow

ROOT = Path(__file__).resolve().parents[2]

SECOND_LAUNCH = """
import sys
from PySide6.QtCore import QCoreApplication
from ui.shell.single_instance import send_to_running
app = QCoreApplication([])
sys.exit(0 if send_to_running(sys.argv[1], sys.argv[2:]) else 3)
"""


def second_launch(name: str, *files: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.Popen([sys.executable, "-c", SECOND_LAUNCH, name, *files],
                            cwd=ROOT, env=env)


def test_name_depends_on_the_data_folder(tmp_path: Path) -> None:
    assert server_name(tmp_path / "a") == server_name(tmp_path / "a")
    assert server_name(tmp_path / "a") != server_name(tmp_path / "b")
    name = server_name(tmp_path / "a")
    assert name is not None and len(os.fsencode(name)) < 100  # fits sockaddr_un


@pytest.mark.skipif(os.name == "nt", reason="Unix sockets")
def test_the_socket_lives_in_a_folder_only_the_user_can_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name computable by anyone in the shared temp folder could be squatted."""
    name = server_name(tmp_path / "a")
    assert name is not None
    folder = Path(name).parent
    info = os.lstat(folder)
    assert info.st_uid == os.getuid() and not info.st_mode & 0o077
    assert str(folder) != tempfile.gettempdir()
    # a runtime folder others can write to is not used
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(shared))
    other = server_name(tmp_path / "a")
    assert other is not None and Path(other).parent != shared
    # a private runtime folder is used
    private = tmp_path / "run"
    private.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(private))
    assert Path(str(server_name(tmp_path / "a"))).parent == private


@pytest.mark.skipif(os.name == "nt", reason="Unix sockets")
def test_a_squatted_seforge_folder_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another user created our temp folder first (here: open to all): no single
    instance rather than a socket where they can listen."""
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(single_instance, "private_socket_folder",
                        lambda: single_instance.private_socket_folder_in([tmp_path]))
    squatted = tmp_path / f"seforge-{os.getuid()}"
    squatted.mkdir()
    squatted.chmod(0o777)
    assert server_name(tmp_path / "a") is None


@pytest.mark.skipif(os.name == "nt", reason="Unix sockets")
def test_a_server_owned_by_another_user_is_never_sent_files(
        qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    name = server_name(data_dir())
    assert name is not None
    squatter = QLocalServer()
    assert squatter.listen(name)
    try:
        real_uid = os.getuid()
        monkeypatch.setattr(os, "getuid", lambda: real_uid + 1)  # the socket is not ours
        assert hand_over(name, ["pc.sechar"], reply_ms=200) is HandOver.NOBODY
        assert not instance_running(name)
    finally:
        monkeypatch.undo()
        squatter.close()


def test_messages_round_trip_and_reject_garbage(tmp_path: Path) -> None:
    line = encode_message([tmp_path / "é x.sechar"])
    assert decode_message(line.strip()) == [str(tmp_path / "é x.sechar")]
    assert decode_message(b"[" * 100_000) is None
    assert decode_message(b'{"open": "x"}') is None
    assert decode_message(b"\xff") is None


def test_second_launch_hands_files_to_the_first(qtbot: QtBot, tmp_path: Path) -> None:
    name = server_name(data_dir())
    server = InstanceServer(name)
    assert server.listen()
    try:
        assert instance_running(name)
        with qtbot.waitSignal(server.files_received, timeout=20_000) as got:
            child = second_launch(name, str(tmp_path / "jyrell.sechar"), "rel.senc")
        # the first instance's event loop runs on while the second launch finishes,
        # as in the app
        qtbot.waitUntil(lambda: child.poll() is not None, timeout=20_000)
        assert child.returncode == 0  # confirmed, so it exits
        assert got.args == [[str(tmp_path / "jyrell.sechar"), str(ROOT / "rel.senc")]]
    finally:
        server.close()


def test_without_a_running_instance_the_launch_starts_itself(qapp: object) -> None:
    name = server_name(data_dir())
    assert not instance_running(name)
    assert not send_to_running(name, ["x.sechar"])


def test_a_live_name_is_not_taken_over_but_a_dead_one_is(qtbot: QtBot) -> None:
    name = server_name(data_dir())
    first = InstanceServer(name)
    assert first.listen()
    socket_file = Path(first.server.fullServerName())
    second = InstanceServer(name)
    assert not second.listen()  # the first answers: not ours to take
    first.close()
    if sys.platform != "win32":  # a crashed server leaves its socket file behind
        assert socket_file.is_absolute() and not socket_file.exists()
        socket_file.touch()
    assert second.listen()
    assert instance_running(name)
    second.close()


def test_the_running_window_opens_what_it_receives(qtbot: QtBot, window: MainWindow,
                                                   tmp_path: Path) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    name = server_name(data_dir())
    server = InstanceServer(name)
    server.files_received.connect(window.receive_from_other_launch)
    assert server.listen()
    try:
        child = second_launch(name, str(path))
        qtbot.waitUntil(lambda: len(window.documents()) == 1, timeout=20_000)
        qtbot.waitUntil(lambda: child.poll() is not None, timeout=20_000)
        assert child.returncode == 0
        assert window.documents()[0].path == path
    finally:
        server.close()


def test_the_lock_is_taken_once(tmp_path: Path, qapp: object) -> None:
    first, second = SessionLock(tmp_path), SessionLock(tmp_path)
    assert first.acquire()
    assert not second.acquire()  # same data folder: the first holds it
    first.release()
    assert second.acquire()
    second.release()
    assert not (tmp_path / "session.lock").exists()


def test_a_lock_cut_short_by_a_crash_is_taken_over_when_old(tmp_path: Path,
                                                            qapp: object) -> None:
    lock_file = tmp_path / "session.lock"
    lock_file.write_text("", encoding="utf-8")
    lock = SessionLock(tmp_path)
    assert not lock.acquire()  # may be a lock being written right now
    old = lock_file.stat().st_mtime - 3600
    os.utime(lock_file, (old, old))
    assert lock.acquire()
    lock.release()


def test_a_second_instance_never_offers_or_deletes_live_autosaves(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11, item 6: before, the second launch offered the first instance's
    live autosave as "did not close properly", and Discard deleted it."""
    build_sarah_x(window)
    assert window.autosaver.save_all() == 1
    folder = window.autosaver.folder
    live = sorted(folder.glob("*.sechar"))
    asked: list[list[str]] = []

    def ask(parent: object, titles: list[str]) -> bool:
        asked.append(titles)
        return False  # Discard

    monkeypatch.setattr(main_window_module, "ask_restore", ask)
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    assert second.restore_autosaves() == 0
    assert asked == []
    assert not second.autosaver.owns_session
    assert sorted(folder.glob("*.sechar")) == live
    second.shutdown()  # the second's clean exit leaves the first's lock alone
    assert sorted(folder.glob("*.sechar")) == live
    assert window.autosaver.lock.held()
    assert (folder / "session.lock").exists()


def test_an_instance_that_does_not_answer_is_told_apart(qapp: object) -> None:
    """A hung instance keeps its name; the launch then starts on its own, at once."""
    name = server_name(data_dir())
    silent = QLocalServer()
    assert silent.listen(name)  # accepts connections, never replies
    try:
        assert hand_over(name, ["x.sechar"], reply_ms=200) is HandOver.NO_ANSWER
        assert not send_to_running(name, [], reply_ms=200)
    finally:
        silent.close()
    assert hand_over(name, []) is HandOver.NOBODY


def test_a_second_instance_leaves_the_first_ones_scene_autosave_alone(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.systems.swords_edge.gm_table.scene import autosave as scene_tracker

    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: asked.append("asked")
                                     or QMessageBox.StandardButton.Discard))
    first_table = se_part(window).show_gm_table()
    assert first_table is not None and first_table.scene.autosave
    assert first_table.scene.save_autosave()
    scene_file = scene_tracker.autosave_path()
    saved = scene_file.read_bytes()
    asked.clear()

    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    table = se_part(second).show_gm_table()
    assert table is not None
    assert asked == []  # not offered, so not discarded
    assert not table.scene.autosave
    assert not table.scene.save_autosave()  # writes nothing over the first's scene
    assert scene_file.read_bytes() == saved
    second.shutdown()
