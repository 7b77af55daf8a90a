"""Controls that stay where they are while the GM plays (session 14, H6): the builder's
rows do not move as a rating's example changes length, the conflict's Undo and Redo keep
their width as the step they name changes, and the opponent a real-cards margin goes to is
shown by its whole name."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMainWindow, QWidget

from seforge.systems.sword_of_life.documents import CHARACTER, CONFLICT
from ui.shell.document_owner import DocumentOwner
from ui.systems.sword_of_life.builder import CharacterEditor
from ui.systems.sword_of_life.conflict_view import ConflictEditor

CLICK = Qt.MouseButton.LeftButton


def _host(qtbot: Any, widget: QWidget, width: int = 1366, height: int = 768) -> QMainWindow:
    window = QMainWindow()
    window.setCentralWidget(widget)
    window.resize(width, height)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _top(widget: QWidget, window: QWidget) -> int:
    return widget.mapTo(window, QPoint(0, 0)).y()


def _settle(qtbot: Any) -> None:
    qtbot.wait(50)


def test_a_rating_changed_does_not_move_the_rows_below(qtbot: Any) -> None:
    """Point 5 reads 'typical starship officer' (one line), Point 4 'university scholar,
    research scientist, detective, politician' (three): the Temper row and everything under
    it jumped down as the GM lowered Point, and back up as it was raised again."""
    owner = DocumentOwner(CHARACTER, CHARACTER.model(), title="Builder")
    editor = CharacterEditor(owner)
    window = _host(qtbot, editor)
    _settle(qtbot)
    temper = editor.spins["temper"]
    options = editor.unspent_error
    before = (_top(temper, window), _top(options, window))
    for value in (4, 3, 8, 5):
        editor.spins["point"].setValue(value)
        _settle(qtbot)
        assert (_top(temper, window), _top(options, window)) == before, value
    point = editor.scales["point"]
    assert point.height() >= point.heightForWidth(point.width())  # never cut either


def _conflict(qtbot: Any, width: int) -> tuple[ConflictEditor, QMainWindow]:
    owner = DocumentOwner(CONFLICT, CONFLICT.model(), title="Conflict")
    editor = ConflictEditor(owner)
    return editor, _host(qtbot, editor, width)


def _name_opponent(editor: ConflictEditor, name: str) -> None:
    cell: Any = editor.sides.cellWidget(1, 0)
    cell.setText(name)
    cell.editingFinished.emit()


def test_undo_and_redo_keep_their_place_and_name_the_step_in_the_tooltip(
        qtbot: Any) -> None:
    """'Undo Bring in Starship security officer' pushed Redo onto a line of its own and the
    character buttons down a row; the next step's shorter name pulled them back up."""
    editor, window = _conflict(qtbot, 1100)
    _settle(qtbot)
    widths = (editor.undo_button.width(), editor.redo_button.width())
    character_top = _top(editor.character_button, window)
    _name_opponent(editor, "Starship security officer of the Long Night")
    _settle(qtbot)
    assert editor.undo_button.isEnabled() and not editor.redo_button.isEnabled()
    assert editor.undo_button.text() == "Undo"
    assert "Starship security officer of the Long Night" not in editor.undo_button.text()
    assert "Opponent" in editor.undo_button.toolTip() or "name" in \
        editor.undo_button.toolTip().lower()
    assert (editor.undo_button.width(), editor.redo_button.width()) == widths
    assert _top(editor.character_button, window) == character_top
    qtbot.mouseClick(editor.undo_button, CLICK)
    _settle(qtbot)
    assert editor.owner.document.opponents[0].name != \
        "Starship security officer of the Long Night"
    assert editor.redo_button.isEnabled() and editor.redo_button.text() == "Redo"
    assert editor.redo_button.toolTip().startswith("Redo ")
    assert _top(editor.character_button, window) == character_top
    qtbot.mouseClick(editor.redo_button, CLICK)
    assert editor.owner.document.opponents[0].name == \
        "Starship security officer of the Long Night"
    assert editor.undo_button.accessibleName() == "Undo"


def test_the_margin_goes_to_an_opponent_shown_by_name(qtbot: Any) -> None:
    """The list was sized for 'Opponent' when first shown and cut 'Starship security
    officer' to 'Starship se'."""
    editor, _window = _conflict(qtbot, 1366)
    _settle(qtbot)
    _name_opponent(editor, "Starship security officer")
    _settle(qtbot)
    target = editor.target
    assert target.currentText() == "Starship security officer"
    needed = target.fontMetrics().horizontalAdvance("Starship security officer")
    assert target.width() >= needed + 30  # the text and the arrow
    assert target.toolTip() == "Starship security officer"


def test_write_back_says_why_it_is_greyed_once_written(qtbot: Any, tmp_path: Any) -> None:
    """Written once, then more exchanges: the button went grey saying only 'Only the Grip
    lost in combat by characters from files', though the player was one, from a file."""
    from seforge.systems.sword_of_life.character import SolCharacter

    path = tmp_path / "vance.sol"
    CHARACTER.save(SolCharacter.model_validate({
        "name": "Vance", "career": "Military",
        "characteristics": {"edge": 6, "grip": 5, "point": 5, "temper": 4}}), path)
    editor, _window = _conflict(qtbot, 1366)
    assert editor.take_character_file(path, None)
    editor.margin.setValue(-2)
    qtbot.mouseClick(editor.margin_button, CLICK)
    assert editor.write_back_button.isEnabled()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 3
    editor.margin.setValue(-1)
    qtbot.mouseClick(editor.margin_button, CLICK)
    # the Grip lost since may be written too (it used to stay grey, saying to set Grip
    # now on the sheet): the tooltip says what is written already and what is left
    assert editor.write_back_button.isEnabled()
    tip = editor.write_back_button.toolTip()
    assert "Vance 1" in tip and "written already: Vance 2" in tip, tip
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 2
    assert not editor.write_back_button.isEnabled()
    tip = editor.write_back_button.toolTip()
    assert "Vance 3" in tip and "written" in tip, tip
