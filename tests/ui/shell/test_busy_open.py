"""A large file shows that it is being read: the wait cursor and a status line, painted
before the reading starts, and both gone after (also when the file is refused)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.ui.document_helpers import jyrell_file
from ui.shell import busy
from ui.shell.system_uis import UI_REGISTRY
from ui.shell.window import MainWindow


def _big(tmp_path: Path) -> Path:
    path = jyrell_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["another_tool"] = ["x" * 100] * 12_000  # 1.2 MB of a field SEForge does not know
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _record(monkeypatch: pytest.MonkeyPatch, window: MainWindow) -> list[tuple[Any, str]]:
    seen: list[tuple[Any, str]] = []
    ui = UI_REGISTRY.get("swords-edge")
    real = ui.open_editor

    def recording(path: Path, parent: Any = None) -> Any:
        cursor = QApplication.overrideCursor()
        seen.append((cursor.shape() if cursor else None, window.statusBar().currentMessage()))
        return real(path, parent)

    monkeypatch.setattr(ui, "open_editor", recording)
    return seen


def test_a_large_file_shows_it_is_being_read(window: MainWindow, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = _big(tmp_path)
    assert busy.large(path)
    seen = _record(monkeypatch, window)
    assert window.open_file(path)
    assert seen == [(Qt.CursorShape.WaitCursor, f"Opening {path.name}…")]
    assert QApplication.overrideCursor() is None
    assert window.statusBar().currentMessage() == ""


def test_a_small_file_opens_without_it(window: MainWindow, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = jyrell_file(tmp_path)
    seen = _record(monkeypatch, window)
    assert window.open_file(path)
    assert seen == [(None, "")]


def test_a_refused_large_file_puts_the_cursor_back(window: MainWindow, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = _big(tmp_path)
    path.write_text(path.read_text(encoding="utf-8")[:-2], encoding="utf-8")  # broken JSON
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, _t, text, *a: shown.append(text)))
    assert not window.open_file(path)
    assert shown and QApplication.overrideCursor() is None
