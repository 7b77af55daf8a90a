"""Bringing a character into a conflict: the file dialog starts at the file of a character
open in a tab and not in the conflict yet (a player's session had to browse for the sheet
it had open beside the conflict)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from tests.ui.keyboard import active_window
from tests.ui.systems.sword_of_life.test_keyboard import new_conflict
from tests.ui.systems.sword_of_life.test_write_back import _vance
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def test_the_dialog_starts_at_an_open_character(window: MainWindow, qtbot: QtBot,
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = _vance(tmp_path)
    assert isinstance(window.open_path(path), DocumentOwner)
    _owner, editor = new_conflict(window)
    asked: list[str] = []

    def dialog(_parent: Any, _title: str, start: str, _filter: str) -> tuple[str, str]:
        asked.append(start)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog)
    qtbot.mouseClick(editor.character_button, Qt.MouseButton.LeftButton)
    assert asked == [str(path)]
    assert editor.owner.document.player.name == "Vance"
    # Vance is in the conflict now: the next pick starts where the dialog likes
    editor.sides.setCurrentCell(1, 0)
    qtbot.mouseClick(editor.character_button, Qt.MouseButton.LeftButton)
    assert asked[-1] == ""
