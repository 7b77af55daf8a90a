"""Grip won back after a write-back (the GM raises a score by hand in the tracker) is given
back to the sheet by the next *Write Grip lost to sheets*: the button was greyed out and the
sheet kept wounds the conflict no longer showed. The give-back is one step in each history,
and follows both ways as the writes do."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.sword_of_life.conflict import grip_written
from seforge.systems.sword_of_life.documents import CHARACTER
from tests.ui.keyboard import active_window
from tests.ui.systems.sword_of_life.test_choices_gui import type_into
from tests.ui.systems.sword_of_life.test_keyboard import new_conflict
from tests.ui.systems.sword_of_life.test_write_back import _vance
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.sword_of_life.conflict_view import ConflictEditor

CLICK = Qt.MouseButton.LeftButton
SCORE = 2
"""The sides table's column of the score now."""


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def _state(editor: ConflictEditor, grip_now: Callable[[], int]) -> tuple[int, int, int]:
    """(the sheet's current Grip, Vance's score in the conflict, the Grip marked written)."""
    return grip_now(), editor.owner.document.player.score, grip_written(
        editor.owner.document.player)


def _written_then_raised(window: MainWindow, qtbot: QtBot, tmp_path: Path,
                         open_sheet: bool) -> tuple[ConflictEditor, DocumentOwner[Any] | None,
                                                    Callable[[], int]]:
    """Vance (Grip 5) loses 3, it is written to his sheet, and the GM types 4 as his Grip
    in the tracker."""
    path = _vance(tmp_path)
    sheet = window.open_path(path) if open_sheet else None
    assert sheet is None or isinstance(sheet, DocumentOwner)
    _owner, editor = new_conflict(window)
    assert editor.take_character_file(path, None)

    def grip_now() -> int:
        character = sheet.document if sheet is not None else CHARACTER.load(path)
        return 5 if character.grip_now is None else int(character.grip_now)

    editor.margin.setValue(-3)
    qtbot.mouseClick(editor.margin_button, CLICK)
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert _state(editor, grip_now) == (2, 2, 3)
    assert not editor.write_back_button.isEnabled()
    type_into(qtbot, editor, 0, SCORE, 4)
    assert editor.owner.document.player.score == 4
    return editor, sheet, grip_now


@pytest.mark.parametrize("open_sheet", [True, False], ids=["open in a tab", "file only"])
def test_a_score_raised_by_hand_after_a_write_gives_the_grip_back(
        window: MainWindow, qtbot: QtBot, tmp_path: Path, open_sheet: bool) -> None:
    editor, _sheet, grip_now = _written_then_raised(window, qtbot, tmp_path, open_sheet)
    button = editor.write_back_button
    assert button.isEnabled(), button.toolTip()
    assert "Vance 2 back" in button.toolTip()
    qtbot.mouseClick(button, CLICK)
    assert _state(editor, grip_now) == (4, 4, 1)
    assert not button.isEnabled()  # given back once, not twice
    # the conflict's Undo takes the give-back back from the sheet, then the score typed
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert _state(editor, grip_now) == (2, 4, 3)
    assert button.isEnabled()
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert _state(editor, grip_now) == (2, 2, 3)
    assert not button.isEnabled()
    for _ in range(2):
        qtbot.mouseClick(editor.redo_button, CLICK)
    assert _state(editor, grip_now) == (4, 4, 1)


def test_the_give_back_undone_in_the_sheets_tab_may_be_made_again(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    editor, sheet, grip_now = _written_then_raised(window, qtbot, tmp_path, True)
    assert sheet is not None
    qtbot.mouseClick(editor.write_back_button, CLICK)
    sheet.undo_stack.undo()  # Edit > Undo in the sheet's tab: the give-back
    assert _state(editor, grip_now) == (2, 4, 3)
    assert "Vance 2 back" in editor.write_back_button.toolTip()
    sheet.undo_stack.redo()
    assert _state(editor, grip_now) == (4, 4, 1)
    assert not editor.write_back_button.isEnabled()


def test_lost_again_after_a_give_back_the_undos_go_back_one_write_at_a_time(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Written 3, 2 given back, 2 lost again and written: the conflict marks 3 written twice
    over, and each Undo still takes back the right write."""
    editor, sheet, grip_now = _written_then_raised(window, qtbot, tmp_path, True)
    assert sheet is not None
    qtbot.mouseClick(editor.write_back_button, CLICK)
    editor.margin.setValue(-2)
    qtbot.mouseClick(editor.margin_button, CLICK)
    assert "Vance 2" in editor.write_back_button.toolTip()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert _state(editor, grip_now) == (2, 2, 3)
    seen = []
    for _ in range(5):
        qtbot.mouseClick(editor.undo_button, CLICK)
        seen.append(_state(editor, grip_now))
    assert seen == [(4, 2, 1), (4, 4, 1), (2, 4, 3), (2, 2, 3), (5, 2, 0)]
    assert sheet.undo_stack.index() == 0
    seen = []
    for _ in range(5):
        qtbot.mouseClick(editor.redo_button, CLICK)
        seen.append(_state(editor, grip_now))
    assert seen == [(2, 2, 3), (2, 4, 3), (4, 4, 1), (4, 2, 1), (2, 2, 3)]
