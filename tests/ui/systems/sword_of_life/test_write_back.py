"""Grip written back from a conflict to a character's sheet, undone and redone: the conflict's
mark ("written back") follows whether the character's write-back step stands in that
character's own history, so the Grip is never taken off twice and never left off unmarked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.documents import CHARACTER, CONFLICT_FORMAT
from tests.ui.keyboard import active_window
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.sword_of_life.builder import CharacterEditor
from ui.systems.sword_of_life.conflict_view import ConflictEditor
from ui.systems.sword_of_life.sword_of_life_ui import SYSTEM_UI

CLICK = Qt.MouseButton.LeftButton


def _vance(tmp_path: Path) -> Path:
    hero = SolCharacter.model_validate({
        "name": "Vance", "career": "Military",
        "characteristics": {"edge": 6, "grip": 5, "point": 5, "temper": 4}})
    path = tmp_path / "vance.sol"
    CHARACTER.save(hero, path)
    return path


def _conflict(qtbot: Any, path: Path, open_sheets: list[Any]) -> tuple[ConflictEditor,
                                                                          QMainWindow]:
    """A combat in a window whose open documents are ``open_sheets``' owners; the player is
    Vance from ``path`` and has lost 3 Grip (a margin of -3 drawn with real cards)."""
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    window = QMainWindow()
    window.setCentralWidget(editor.widget())
    window.resize(1366, 768)
    window.documents = lambda: [s.owner for s in open_sheets]  # type: ignore[attr-defined]
    qtbot.addWidget(window)
    window.show()
    assert editor.take_character_file(path, None)
    editor.margin.setValue(-3)
    qtbot.mouseClick(editor.margin_button, CLICK)
    assert editor.owner.document.player.score == 2
    return editor, window


def _grip_now(sheet: CharacterEditor) -> int:
    return sheet.grip_now.value()


def test_undoing_the_mark_in_the_conflict_undoes_the_open_sheets_write(
        qtbot: Any, tmp_path: Path) -> None:
    path = _vance(tmp_path)
    sheet = SYSTEM_UI.open_editor(path)
    assert isinstance(sheet, CharacterEditor)
    qtbot.addWidget(sheet)
    editor, _window = _conflict(qtbot, path, [sheet])
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert _grip_now(sheet) == 2
    assert not editor.write_back_button.isEnabled()
    # the conflict's Undo takes back the mark and the sheet's Grip with it
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert editor.owner.document.player.character is not None
    assert not editor.owner.document.player.character.written_back
    assert _grip_now(sheet) == 5
    assert editor.write_back_button.isEnabled()
    # written again: the Grip is taken off once, not twice
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert _grip_now(sheet) == 2
    # Redo after Undo in the conflict writes the sheet again too
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert _grip_now(sheet) == 5
    qtbot.mouseClick(editor.redo_button, CLICK)
    assert _grip_now(sheet) == 2
    assert editor.owner.document.player.character.written_back
    assert not editor.write_back_button.isEnabled()


def test_undoing_the_write_in_the_sheet_lets_the_conflict_write_again(
        qtbot: Any, tmp_path: Path) -> None:
    path = _vance(tmp_path)
    sheet = SYSTEM_UI.open_editor(path)
    assert isinstance(sheet, CharacterEditor)
    qtbot.addWidget(sheet)
    editor, _window = _conflict(qtbot, path, [sheet])
    qtbot.mouseClick(editor.write_back_button, CLICK)
    # an exchange more in the conflict: its mark is no longer its last step
    editor.margin.setValue(1)
    qtbot.mouseClick(editor.margin_button, CLICK)
    sheet.owner.undo_stack.undo()  # Edit > Undo in the sheet's tab
    assert _grip_now(sheet) == 5
    player = editor.owner.document.player
    assert player.character is not None and not player.character.written_back
    assert editor.write_back_button.isEnabled()
    sheet.owner.undo_stack.redo()  # redone there: written, nothing to write
    assert _grip_now(sheet) == 5 - 3
    player = editor.owner.document.player
    assert player.character is not None and player.character.written_back
    assert not editor.write_back_button.isEnabled()
    # undone there and written again from the conflict: once
    sheet.owner.undo_stack.undo()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert _grip_now(sheet) == 2


def test_a_write_the_sheet_has_built_on_stays_and_the_conflict_says_why(
        qtbot: Any, tmp_path: Path) -> None:
    path = _vance(tmp_path)
    sheet = SYSTEM_UI.open_editor(path)
    assert isinstance(sheet, CharacterEditor)
    qtbot.addWidget(sheet)
    editor, _window = _conflict(qtbot, path, [sheet])
    qtbot.mouseClick(editor.write_back_button, CLICK)
    sheet.name_edit.setText("Vance the Bold")  # an edit in the sheet after the write
    sheet.name_edit.editingFinished.emit()
    assert sheet.owner.document.name == "Vance the Bold"
    qtbot.mouseClick(editor.undo_button, CLICK)  # the mark alone cannot take the Grip back
    assert _grip_now(sheet) == 2
    assert not editor.write_back_button.isEnabled()  # so it is not written twice
    assert "undo" in editor.write_back_button.toolTip().lower()
    assert "Vance" in editor.write_back_button.toolTip()


def test_a_closed_sheets_write_is_undone_in_its_file(qtbot: Any, tmp_path: Path) -> None:
    path = _vance(tmp_path)
    editor, _window = _conflict(qtbot, path, [])
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 2
    qtbot.mouseClick(editor.undo_button, CLICK)
    assert CHARACTER.load(path).grip_now is None  # unhurt again
    assert editor.write_back_button.isEnabled()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 2  # once, not twice
    qtbot.mouseClick(editor.undo_button, CLICK)
    qtbot.mouseClick(editor.redo_button, CLICK)
    assert CHARACTER.load(path).grip_now == 2
    assert not editor.write_back_button.isEnabled()


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str],
           monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    from ui.shell import dialogs

    monkeypatch.setattr(dialogs, "ask_choice", lambda *a, **k: "Revert")
    yield from active_window(qtbot)


def _revert_sheet(window: MainWindow, sheet: DocumentOwner[Any]) -> None:
    """File > Revert in the sheet's tab (made current first)."""
    tab = window.controller.tab_of(sheet)
    assert tab is not None
    window.tabs.setCurrentWidget(tab.widget)
    window.tabs.currentWidget().setFocus()
    assert window.revert_action.isEnabled()
    window.revert_action.trigger()


def _save_sheet(window: MainWindow, sheet: DocumentOwner[Any]) -> None:
    """File > Save in the sheet's tab (made current first)."""
    tab = window.controller.tab_of(sheet)
    assert tab is not None
    window.tabs.setCurrentWidget(tab.widget)
    window.tabs.currentWidget().setFocus()
    window.save_action.trigger()


def _in_a_window(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> tuple[
        DocumentOwner[Any], ConflictEditor]:
    """Vance's sheet open in a tab and a combat in another, Vance the player, 3 Grip
    lost and written back to the sheet."""
    from tests.ui.systems.sword_of_life.test_keyboard import new_conflict

    path = _vance(tmp_path)
    sheet = window.open_path(path)
    assert isinstance(sheet, DocumentOwner)
    _owner, editor = new_conflict(window)
    assert editor.take_character_file(path, None)
    editor.margin.setValue(-3)
    qtbot.mouseClick(editor.margin_button, CLICK)
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert sheet.document.grip_now == 2
    assert not editor.write_back_button.isEnabled()
    return sheet, editor


def _marked(editor: ConflictEditor) -> bool:
    character = editor.owner.document.player.character
    assert character is not None
    return character.written_back


def test_a_sheet_reverted_to_a_file_without_the_write_lets_the_conflict_write_again(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """File > Revert in the sheet's tab, its file saved without the Grip written back: the
    write is gone as if undone there, so the conflict's mark follows and Write back writes
    it again, once (the mark stayed and the Grip lost could no longer be written)."""
    sheet, editor = _in_a_window(window, qtbot, tmp_path)
    _revert_sheet(window, sheet)
    assert sheet.document.grip_now is None
    assert not _marked(editor)
    assert editor.write_back_button.isEnabled(), editor.write_back_button.toolTip()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert sheet.document.grip_now == 2 and _marked(editor)
    assert not editor.write_back_button.isEnabled()


def test_a_sheet_reverted_to_a_file_saved_with_the_write_keeps_it_written(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Saved with the Grip written back and then reverted, the sheet still holds the write:
    it stays marked and is not written twice, even once the conflict's mark is undone
    (the write was forgotten, so undoing the mark let the Grip be taken off again)."""
    sheet, editor = _in_a_window(window, qtbot, tmp_path)
    _save_sheet(window, sheet)
    _revert_sheet(window, sheet)
    assert sheet.document.grip_now == 2 and _marked(editor)
    assert not editor.write_back_button.isEnabled()
    qtbot.mouseClick(editor.undo_button, CLICK)  # the mark cannot take that Grip back
    assert sheet.document.grip_now == 2
    assert not editor.write_back_button.isEnabled()
    assert "Vance" in editor.write_back_button.toolTip()
    assert "saved" in editor.write_back_button.toolTip()


def test_a_write_saved_then_undone_in_the_sheet_comes_back_with_a_revert(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Saved with the write, then undone in the sheet (the mark follows): File > Revert
    reads the write back, and the conflict is marked again, with nothing to write."""
    sheet, editor = _in_a_window(window, qtbot, tmp_path)
    _save_sheet(window, sheet)
    window.undo_action.trigger()  # Edit > Undo in the sheet's tab
    assert sheet.document.grip_now is None and not _marked(editor)
    assert editor.write_back_button.isEnabled()
    _revert_sheet(window, sheet)
    assert sheet.document.grip_now == 2 and _marked(editor)
    assert not editor.write_back_button.isEnabled()


def test_a_conflict_reverted_to_a_file_without_the_mark_does_not_write_twice(
        window: MainWindow, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The conflict read again from a file saved before the write-back: its mark is gone
    but the sheet still has the Grip lost, so Write back stays off and says why (the
    write used to be forgotten, and the Grip was taken off twice)."""
    from PySide6.QtWidgets import QFileDialog

    sheet, editor = _in_a_window(window, qtbot, tmp_path)
    qtbot.mouseClick(editor.undo_button, CLICK)  # the mark undone, the Grip given back
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(
        lambda *a, **k: (str(tmp_path / "fight.solconflict"), "")))
    tab = window.controller.tab_of(editor.owner)
    assert tab is not None
    window.tabs.setCurrentWidget(tab.widget)
    window.tabs.currentWidget().setFocus()
    window.save_action.trigger()  # saved without the mark
    qtbot.mouseClick(editor.redo_button, CLICK)
    assert sheet.document.grip_now == 2 and _marked(editor)
    # (File > Revert is offered once the window looks at the tab again after its first
    # Save As: the sheet's tab and back)
    sheet_tab = window.controller.tab_of(sheet)
    assert sheet_tab is not None
    window.tabs.setCurrentWidget(sheet_tab.widget)
    window.tabs.setCurrentWidget(tab.widget)
    window.tabs.currentWidget().setFocus()
    assert window.revert_action.isEnabled()
    window.revert_action.trigger()
    assert not _marked(editor) and sheet.document.grip_now == 2
    assert not editor.write_back_button.isEnabled()
    tip = editor.write_back_button.toolTip()
    assert "Vance" in tip and "conflict was read again" in tip
    _revert_sheet(window, sheet)  # the sheet read again without the write: written once
    assert sheet.document.grip_now is None
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert sheet.document.grip_now == 2 and _marked(editor)
