"""Grip written back from a conflict to a character's sheet, undone and redone: the conflict's
mark ("written back") follows whether the character's write-back step stands in that
character's own history, so the Grip is never taken off twice and never left off unmarked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.documents import CHARACTER, CONFLICT_FORMAT
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
