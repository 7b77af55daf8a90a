"""A give-back of Grip that cannot be followed says so as a give-back: the conflict's Undo
takes back the mark of Grip given back to a sheet edited since, the sheet keeps that Grip,
and *Write Grip lost to sheets* stays off saying why. Its tooltip said the sheet "still has
the Grip lost here", which is wrong for a give-back: the sheet has that Grip back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.sword_of_life.documents import CHARACTER
from tests.ui.keyboard import active_window
from tests.ui.systems.sword_of_life.test_write_back_given_back import (
    _state,
    _written_then_raised,
)
from ui.shell.window import MainWindow

CLICK = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def test_a_give_back_the_sheet_has_built_on_says_it_was_given_back(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    editor, sheet, grip_now = _written_then_raised(window, qtbot, tmp_path, True)
    assert sheet is not None
    button = editor.write_back_button
    qtbot.mouseClick(button, CLICK)  # Vance's 2 Grip given back to his sheet
    assert _state(editor, grip_now) == (4, 4, 1)
    sheet.apply("Name", lambda c: setattr(c, "name", "Vance the Bold"))  # edited since
    qtbot.mouseClick(editor.undo_button, CLICK)  # the mark alone cannot take the Grip back
    assert _state(editor, grip_now) == (4, 4, 3)
    assert not button.isEnabled()  # so it is not given back twice
    tip = button.toolTip()
    assert "Grip lost here" not in tip, tip
    assert "still has the Grip given back here" in tip, tip
    assert "changed after the give-back" in tip and "undo the give-back there first" in tip


def test_a_give_back_to_a_file_changed_on_disk_says_it_was_given_back(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    editor, _sheet, grip_now = _written_then_raised(window, qtbot, tmp_path, False)
    button = editor.write_back_button
    qtbot.mouseClick(button, CLICK)
    assert _state(editor, grip_now) == (4, 4, 1)
    path = tmp_path / "vance.sol"
    character = CHARACTER.load(path)
    character.career = "Scout"  # another program changes the file
    CHARACTER.save(character, path)
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert _state(editor, grip_now) == (4, 4, 3)
    assert not button.isEnabled()
    tip = button.toolTip()
    assert "Grip lost here" not in tip, tip
    assert "vance.sol still has the Grip given back to Vance here" in tip, tip
