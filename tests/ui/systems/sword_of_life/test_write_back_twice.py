"""Grip lost after a write-back reaches the sheet too: each press of *Write Grip lost to
sheets* lowers the sheet by what was lost since the last one, one undo step each, and the
conflict's marks and the sheet's writes follow each other one by one in both histories
(the conflict kept only a yes/no mark: a second loss could never be written)."""

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
from tests.ui.systems.sword_of_life.test_keyboard import new_conflict
from tests.ui.systems.sword_of_life.test_write_back import _vance
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.sword_of_life.conflict_view import ConflictEditor

CLICK = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def _lose(qtbot: QtBot, editor: ConflictEditor, grip: int) -> None:
    """The player loses ``grip`` (a margin drawn with real cards)."""
    editor.margin.setValue(-grip)
    qtbot.mouseClick(editor.margin_button, CLICK)


def _written(editor: ConflictEditor) -> int:
    return grip_written(editor.owner.document.player)


def _two_writes(window: MainWindow, qtbot: QtBot, tmp_path: Path, open_sheet: bool) -> tuple[
        ConflictEditor, DocumentOwner[Any] | None, Callable[[], int]]:
    """Vance (Grip 5) the player of a combat, his sheet open in a tab or not: he loses 1,
    it is written, he loses 1 more, written again. Also how his sheet's current Grip reads
    now (in the tab, else in the file)."""
    path = _vance(tmp_path)
    sheet = window.open_path(path) if open_sheet else None
    assert sheet is None or isinstance(sheet, DocumentOwner)
    _owner, editor = new_conflict(window)
    assert editor.take_character_file(path, None)

    def grip_now() -> int:
        character = sheet.document if sheet is not None else CHARACTER.load(path)
        return 5 if character.grip_now is None else int(character.grip_now)

    _lose(qtbot, editor, 1)
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert grip_now() == 4 and _written(editor) == 1
    assert not editor.write_back_button.isEnabled()
    _lose(qtbot, editor, 1)
    assert editor.write_back_button.isEnabled(), editor.write_back_button.toolTip()
    assert "Vance 1" in editor.write_back_button.toolTip()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert grip_now() == 3 and _written(editor) == 2  # lowered by the difference only
    assert not editor.write_back_button.isEnabled()
    return editor, sheet, grip_now


@pytest.mark.parametrize("open_sheet", [True, False], ids=["open in a tab", "file only"])
def test_undoing_the_conflicts_marks_undoes_the_writes_one_by_one(
        window: MainWindow, qtbot: QtBot, tmp_path: Path, open_sheet: bool) -> None:
    editor, sheet, grip_now = _two_writes(window, qtbot, tmp_path, open_sheet)
    if sheet is not None:
        assert sheet.undo_stack.index() == 2  # two steps in the sheet's own history
    # back through the conflict: the second mark, the second loss, the first mark
    seen = []
    for _ in range(3):
        qtbot.mouseClick(editor.undo_button, CLICK)
        seen.append((grip_now(), _written(editor)))
    assert seen == [(4, 1), (4, 1), (5, 0)]
    assert editor.owner.document.player.score == 4
    assert editor.write_back_button.isEnabled()
    seen = []
    for _ in range(3):
        qtbot.mouseClick(editor.redo_button, CLICK)
        seen.append((grip_now(), _written(editor)))
    assert seen == [(4, 1), (4, 1), (3, 2)]
    assert not editor.write_back_button.isEnabled()


def test_undoing_the_writes_in_the_sheets_tab_takes_the_marks_back_one_by_one(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    editor, sheet, grip_now = _two_writes(window, qtbot, tmp_path, True)
    assert sheet is not None
    sheet.undo_stack.undo()  # Edit > Undo in the sheet's tab: the second write
    assert (grip_now(), _written(editor)) == (4, 1)
    assert editor.write_back_button.isEnabled()
    sheet.undo_stack.undo()  # the first
    assert (grip_now(), _written(editor)) == (5, 0)
    sheet.undo_stack.redo()
    assert (grip_now(), _written(editor)) == (4, 1)
    sheet.undo_stack.redo()
    assert (grip_now(), _written(editor)) == (3, 2)
    assert not editor.write_back_button.isEnabled()
    # the second undone there and written again from the conflict: the difference, once
    sheet.undo_stack.undo()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert (grip_now(), _written(editor)) == (3, 2)
    # and the conflict's Undo still takes the writes back one by one
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert (grip_now(), _written(editor)) == (4, 1)


def test_the_second_write_to_a_file_changed_on_disk_since_is_not_undone(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """A file not open, changed by another program after the second write: the conflict's
    Undo cannot take that write back (the mark is undone, the file keeps it), and the
    button says why rather than write it twice."""
    editor, _sheet, grip_now = _two_writes(window, qtbot, tmp_path, False)
    path = tmp_path / "vance.sol"
    hero = CHARACTER.load(path)
    hero.name = "Vance the Bold"
    CHARACTER.save(hero, path)
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert grip_now() == 3 and _written(editor) == 1
    assert not editor.write_back_button.isEnabled()
    assert "changed on disk" in editor.write_back_button.toolTip()


def test_a_sheet_closed_unsaved_lets_its_writes_go_in_one_step(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Both writes in the sheet's tab, closed with its changes discarded: the file never
    held them, so the conflict's mark goes back to nothing written (one step of its own)
    and the whole Grip lost is written to the file, once."""
    from tests.ui.systems.sword_of_life.test_write_back_closed import _close_sheet

    editor, sheet, _grip_now = _two_writes(window, qtbot, tmp_path, True)
    assert sheet is not None
    steps = editor.owner.undo_stack.count()
    _close_sheet(window, qtbot, sheet)
    qtbot.waitUntil(lambda: _written(editor) == 0)
    assert editor.owner.undo_stack.count() == steps + 1
    path = tmp_path / "vance.sol"
    assert CHARACTER.load(path).grip_now is None
    assert "Vance 2" in editor.write_back_button.toolTip()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 3 and _written(editor) == 2


def test_a_first_write_to_the_file_and_a_second_to_its_tab_closed_unsaved(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """The first write went to the file (not open), the second to its tab opened since;
    the tab closed unsaved lets the second go only: the mark goes back to the first."""
    from tests.ui.systems.sword_of_life.test_write_back_closed import _close_sheet

    path = _vance(tmp_path)
    _owner, editor = new_conflict(window)
    assert editor.take_character_file(path, None)
    _lose(qtbot, editor, 1)
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 4
    sheet = window.open_path(path)
    assert isinstance(sheet, DocumentOwner)
    tab = window.controller.tab_of(editor.owner)
    assert tab is not None
    window.tabs.setCurrentWidget(tab.widget)
    _lose(qtbot, editor, 2)
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert sheet.document.grip_now == 2 and _written(editor) == 3
    _close_sheet(window, qtbot, sheet)
    qtbot.waitUntil(lambda: _written(editor) == 1)
    assert CHARACTER.load(path).grip_now == 4
    assert "Vance 2" in editor.write_back_button.toolTip()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 2 and _written(editor) == 3
