"""The app meets the bad files of issue 11 item 7 and issue 19 with a message:
nothing hangs, nothing is half-opened, and a kept unknown field survives a save."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.fileformat import load_character
from ui.shell.window import MainWindow

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev need POSIX")


@pytest.fixture
def critical(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda parent, title, text, *a: shown.append(text)))
    return shown


@posix_only
def test_opening_a_fifo_or_a_device_shows_the_message(
    window: MainWindow, tmp_path: Path, critical: list[str]
) -> None:
    fifo = tmp_path / "pipe.sechar"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.sechar"
    zero.symlink_to("/dev/zero")
    tabs = window.tabs.count()
    assert window.open_path(fifo) is None
    assert window.open_path(zero) is None
    assert critical == [
        "pipe.sechar: is a pipe (FIFO), not an ordinary file; SEForge reads only files",
        "zero.sechar: is a device, not an ordinary file; SEForge reads only files",
    ]
    assert window.tabs.count() == tabs


def test_opening_bad_json_shows_one_line(window: MainWindow, tmp_path: Path,
                                         critical: list[str]) -> None:
    head = '{"format": "seforge.character", "version": 1, '
    files = {
        "deep.sechar": head + '"x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "digits.sechar": head + '"x": ' + "9" * 5000 + "}",
        "surrogate.sechar": head + '"name": "\\udfff"}',
        "twice.sechar": head + '"name": "A", "name": "B"}',
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert window.open_path(tmp_path / name) is None
    assert len(critical) == 4
    assert all("\n" not in message for message in critical)
    assert "nested too deeply" in critical[0]
    assert "numbers are limited to 40 characters" in critical[1]
    assert "field 'name': holds a lone surrogate" in critical[2]
    assert "field 'name': appears twice" in critical[3]


def test_unknown_fields_survive_an_edit_in_the_builder(window: MainWindow, tmp_path: Path,
                                                       qtbot: QtBot) -> None:
    path = tmp_path / "future.sechar"
    path.write_text(json.dumps({
        "format": "seforge.character", "version": 1, "name": "Sarah X",
        "made_with": {"tool": "other"},
        "concept": {"name": "Bounty Hunter", "rank": "Good", "colour": "#a00"},
    }), encoding="utf-8")
    document = window.open_path(path)
    assert document is not None
    editor = window.current_editor()
    assert editor is not None
    # a field shows the start of its text (cursor at 0) until the user moves in it
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_End)
    qtbot.keyClicks(editor.name_edit, " Y")
    assert document.character.name == "Sarah X Y" and document.is_modified()
    assert window.save()
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["name"] == "Sarah X Y"
    assert written["made_with"] == {"tool": "other"}
    assert written["concept"]["colour"] == "#a00"
    assert load_character(path).model_extra == {"made_with": {"tool": "other"}}


def test_a_utf16_file_opens(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "notepad.sechar"
    text = '{"format": "seforge.character", "version": 1, "name": "Élodie"}'
    path.write_bytes(text.encode("utf-16"))
    document = window.open_path(path)
    assert document is not None and document.character.name == "Élodie"
