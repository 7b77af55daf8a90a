"""Helpers for the document tests: a character file, the GM's Table, scripted answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character, save_character
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow
from ui.systems.swords_edge.document import CharacterDocument

BUTTON = QMessageBox.StandardButton


def jyrell_file(tmp_path: Path) -> Path:
    path = tmp_path / "jyrell.sechar"
    save_character(library.load_pc("jyrell"), path)
    return path


def gm_table(window: MainWindow):  # type: ignore[no-untyped-def]
    window.ensure_ready()
    se_part(window).gm_table_dock.show()
    se_part(window)._build_gm_table()
    assert se_part(window).gm_table is not None
    return se_part(window).gm_table


def tab_text(window: MainWindow, document: CharacterDocument) -> str:
    for index in range(window.tabs.count()):
        if window.editor_at(index).document is document:
            return window.tabs.tabText(index)
    raise AssertionError("no tab")


class Answers:
    """Answers QMessageBox.question in turn and keeps what was asked."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch,
                 *answers: QMessageBox.StandardButton) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []
        monkeypatch.setattr(QMessageBox, "question", staticmethod(self))

    def __call__(self, _parent: object, _title: str, text: str, *args: object) -> object:
        self.asked.append(text)
        return self.answers.pop(0)


def write_elsewhere(path: Path, notes: str) -> None:
    """Another program saves the file (atomically, as most editors do)."""
    other = load_character(path)
    other.notes = notes
    save_character(other, path)


def choices(monkeypatch: pytest.MonkeyPatch, *answers: str) -> list[str]:
    asked: list[str] = []
    pending = list(answers)

    def choose(_parent: object, _title: str, text: str, *args: object, **kw: object) -> str:
        asked.append(text)
        return pending.pop(0)

    monkeypatch.setattr("ui.systems.swords_edge.file_watch.ask_choice", choose)
    monkeypatch.setattr("ui.shell.dialogs.ask_choice", choose)
    return asked
