"""Grip written back to a sheet open in a tab, whose tab then closes: the file as last saved
decides whether the write stands, so undoing the conflict's mark never lets the Grip be
taken off twice (the closed sheet's write used to be forgotten)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from seforge.systems.sword_of_life.documents import CHARACTER
from tests.ui.keyboard import active_window
from tests.ui.systems.sword_of_life.test_keyboard import new_conflict
from tests.ui.systems.sword_of_life.test_write_back import _save_sheet, _vance
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.sword_of_life.conflict_view import ConflictEditor

CLICK = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def _written(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> tuple[
        Path, DocumentOwner[Any], ConflictEditor]:
    """Vance's sheet open in a tab, a combat in another where Vance (the player) lost 3
    Grip, written back to the open sheet (not saved yet)."""
    path = _vance(tmp_path)
    sheet = window.open_path(path)
    assert isinstance(sheet, DocumentOwner)
    _owner, editor = new_conflict(window)
    assert editor.take_character_file(path, None)
    editor.margin.setValue(-3)
    qtbot.mouseClick(editor.margin_button, CLICK)
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert sheet.document.grip_now == 2
    return path, sheet, editor


def _close_sheet(window: MainWindow, qtbot: QtBot, sheet: DocumentOwner[Any]) -> None:
    """The sheet's tab closed (its close button); the window lets its owner go."""
    tab = window.controller.tab_of(sheet)
    assert tab is not None
    index = window.tabs.indexOf(tab.widget)
    window.tabs.tabCloseRequested.emit(index)
    assert window.controller.tab_of(sheet) is None
    qtbot.wait(10)  # the closed owner is deleted from the event loop


def _marked(editor: ConflictEditor) -> bool:
    character = editor.owner.document.player.character
    assert character is not None
    return character.written_back


@pytest.mark.parametrize("how", ["saved, then closed", "saved as it closes"])
def test_a_closed_sheet_saved_with_the_write_is_not_written_twice(
        window: MainWindow, qtbot: QtBot, tmp_path: Path, how: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path, sheet, editor = _written(window, qtbot, tmp_path)
    if how == "saved, then closed":
        _save_sheet(window, sheet)
        _close_sheet(window, qtbot, sheet)
    else:
        with monkeypatch.context() as patch:  # "Save changes?" answered Save
            patch.setattr(QMessageBox, "question", staticmethod(
                lambda *a, **k: QMessageBox.StandardButton.Save))
            _close_sheet(window, qtbot, sheet)
    assert CHARACTER.load(path).grip_now == 2
    # the conflict's Undo cannot reach the closed sheet: its file keeps the Grip lost
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert not _marked(editor)
    assert CHARACTER.load(path).grip_now == 2
    assert not editor.write_back_button.isEnabled()  # so it is not taken off twice
    tip = editor.write_back_button.toolTip()
    assert "vance.sol" in tip and "Vance" in tip and "closed" in tip
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 2
    # redone: marked again, still nothing to write
    qtbot.mouseClick(editor.redo_button, CLICK)
    assert _marked(editor) and not editor.write_back_button.isEnabled()
    assert CHARACTER.load(path).grip_now == 2


def test_a_closed_sheet_whose_write_was_not_saved_may_be_written_again(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Closed without saving ("Save changes?" answered Discard): the file never held the
    write, so the conflict takes its mark back as the tab closes (a step of its own), and
    Write back writes it to the file, once."""
    path, sheet, editor = _written(window, qtbot, tmp_path)
    steps = editor.owner.undo_stack.count()
    _close_sheet(window, qtbot, sheet)
    qtbot.waitUntil(lambda: not _marked(editor))
    assert CHARACTER.load(path).grip_now is None
    assert editor.owner.undo_stack.count() == steps + 1
    assert "write-back undone" in editor.owner.undo_stack.undoText()
    assert editor.write_back_button.isEnabled(), editor.write_back_button.toolTip()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 2 and _marked(editor)
    assert not editor.write_back_button.isEnabled()
