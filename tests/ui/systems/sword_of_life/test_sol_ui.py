"""The Sword of Life UI driven through its real widgets (pytest-qt, offscreen)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from seforge.systems.sword_of_life.conflict import winner
from seforge.systems.sword_of_life.documents import CHARACTER, CHARACTER_FORMAT, CONFLICT_FORMAT
from seforge.systems.sword_of_life.odds import ConflictKind, exchange
from ui.shell.system_uis import DocumentEditor, SystemUi
from ui.shell.theme import apply_theme
from ui.systems.sword_of_life.builder import CharacterEditor
from ui.systems.sword_of_life.conflict_view import ConflictEditor
from ui.systems.sword_of_life.gm_screen import SolGmScreen
from ui.systems.sword_of_life.sword_of_life_ui import SYSTEM_UI

_OPEN: list[QMainWindow] = []
"""The windows of the running test (a window nobody references would be deleted)."""


@pytest.fixture(autouse=True)
def _forget_windows() -> Any:
    yield
    _OPEN.clear()


def host(qtbot: Any, widget: Any) -> QMainWindow:
    window = QMainWindow()
    _OPEN.append(window)
    window.setCentralWidget(widget)
    window.resize(1366, 768)
    qtbot.addWidget(window)
    window.show()
    return window


def test_system_ui_fits_the_shell_protocol() -> None:
    assert isinstance(SYSTEM_UI, SystemUi)
    assert [c.format_id for c in SYSTEM_UI.new_document_choices()] == [
        CHARACTER_FORMAT, CONFLICT_FORMAT]
    with pytest.raises(ValueError):
        SYSTEM_UI.new_editor("sword-of-life.nothing")


def test_build_a_character_with_the_widgets(qtbot: Any, tmp_path: Path) -> None:
    editor = SYSTEM_UI.new_editor(CHARACTER_FORMAT)
    assert isinstance(editor, DocumentEditor) and isinstance(editor, CharacterEditor)
    window = host(qtbot, editor.widget())
    assert window.isVisible()
    spend_the_points(qtbot, editor)
    name_career_and_specialty(qtbot, editor)
    add_a_skill_and_a_wound(qtbot, editor)
    owner = editor.owner
    path = tmp_path / "ilse.sol"
    owner.save(path)
    assert CHARACTER.load(path).career == "Police"
    reopened = SYSTEM_UI.open_editor(path)
    assert isinstance(reopened, CharacterEditor)
    assert reopened.name_edit.text() == "Ilse Varga"


def spend_the_points(qtbot: Any, editor: CharacterEditor) -> None:
    """5/5/5/5 spends all 20: no spin box can go up, and each says why."""
    owner = editor.owner
    assert editor.spins["edge"].maximum() == 5
    assert "0 left" in editor.spins["edge"].toolTip()
    assert editor.scales["edge"].text() == "well-trained soldier or peace officer"
    editor.spins["grip"].setValue(3)
    assert owner.document.characteristics.grip == 3
    assert editor.spins["edge"].maximum() == 7
    qtbot.keyClick(editor.spins["edge"], Qt.Key.Key_Up)
    qtbot.keyClick(editor.spins["edge"], Qt.Key.Key_Up)
    qtbot.keyClick(editor.spins["edge"], Qt.Key.Key_Up)  # refused by the range: stays at 7
    assert owner.document.characteristics.edge == 7
    assert editor.scales["edge"].text() == "special-operations operative"
    assert "20 of 20" in editor.points.text()
    assert "No career" in editor.problem_list.item(0).text()


def ratings_shown(editor: CharacterEditor) -> dict[str, str]:
    return {editor.ratings.item(r, 0).text(): editor.ratings.item(r, 1).text()
            for r in range(editor.ratings.rowCount())}


def name_career_and_specialty(qtbot: Any, editor: CharacterEditor) -> None:
    owner = editor.owner
    qtbot.keyClicks(editor.name_edit, "Ilse Varga")
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Return)
    editor.career.setEditText("Police")
    line = editor.career.lineEdit()
    assert line is not None
    line.editingFinished.emit()
    editor.specialties["point"].setText("interviewing witnesses")
    editor.specialties["point"].editingFinished.emit()
    assert owner.document.name == "Ilse Varga"
    assert owner.document.career == "Police"
    assert owner.document.specialty("point") is not None
    assert editor.problem_list.item(0).text().startswith("None")
    # Point 5, career specialty
    assert ratings_shown(editor)["interviewing witnesses (Point)"] == "6"


def add_a_skill_and_a_wound(qtbot: Any, editor: CharacterEditor) -> None:
    owner = editor.owner
    editor.skill_name.setText("architecture")
    editor.skill_characteristic.setCurrentIndex(2)
    qtbot.mouseClick(editor.add_skill_button, Qt.MouseButton.LeftButton)
    assert owner.document.skills[0].name == "architecture"
    assert ratings_shown(editor)["architecture (Point)"] == "4"
    owner.undo_stack.undo()
    assert owner.document.skills == []
    assert editor.grip_now.maximum() == 3 and editor.grip_now.value() == 3
    editor.grip_now.setValue(1)
    assert owner.document.grip_now == 1
    assert editor.skills.rowCount() == 0


def test_run_a_combat_to_its_end_with_the_virtual_deck(qtbot: Any, tmp_path: Path) -> None:
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    host(qtbot, editor.widget())
    editor.rng = random.Random(2026)
    owner = editor.owner
    assert owner.document.kind is ConflictKind.COMBAT
    set_up_the_fight(editor)
    exchanges = draw_to_the_end(qtbot, editor)
    doc = owner.document
    assert winner(doc) is not None
    assert "over" in editor.draw_button.toolTip()
    assert ("wins" in editor.status.text()) == (winner(doc) == "player")
    rows = [editor.card_rows.itemAt(i).widget() for i in range(editor.card_rows.count())]
    assert [len(row.cards) for row in rows] == [5, 4]  # the last exchange's cards are shown
    assert editor.undo_button.isEnabled()
    assert editor.undo_button.toolTip() == "Undo Draw exchange"
    qtbot.mouseClick(editor.undo_button, Qt.MouseButton.LeftButton)
    assert winner(owner.document) is None and editor.draw_button.isEnabled()
    path = tmp_path / "fight.solconflict"
    owner.save(path)
    reopened = SYSTEM_UI.open_editor(path)
    assert isinstance(reopened, ConflictEditor)
    assert reopened.log.rowCount() == exchanges - 1


def set_up_the_fight(editor: ConflictEditor) -> None:
    """The player: Edge 5, Grip 5; the thug: Edge 4, Grip 4, typed into the sides' table."""
    def spin(row: int, column: int) -> Any:
        return editor.sides.cellWidget(row, column)

    spin(0, 1).setValue(5)
    spin(0, 3).setValue(5)
    spin(1, 1).setValue(4)
    spin(1, 3).setValue(4)
    name = editor.sides.cellWidget(1, 0)
    name.setText("Thug")
    name.editingFinished.emit()
    doc = editor.owner.document
    assert (doc.player.cards, doc.player.score, doc.opponents[0].score) == (5, 5, 4)
    assert doc.opponents[0].name == "Thug"
    assert "win <b>50.00%</b>" in editor.odds_next.text()
    assert "87.22%" in editor.odds_whole.text()  # the notes' 0.872206


def draw_to_the_end(qtbot: Any, editor: ConflictEditor) -> int:
    """Draw exchanges while the button allows, checking the log each time; how many."""
    owner = editor.owner
    exchanges = 0
    while editor.draw_button.isEnabled():
        with qtbot.waitSignal(owner.changed):
            qtbot.mouseClick(editor.draw_button, Qt.MouseButton.LeftButton)
        exchanges += 1
        last = owner.document.log[-1]
        assert editor.log.rowCount() == exchanges
        assert editor.log.item(exchanges - 1, 4).text() == f"{last.margin:+d}"
        assert exchanges < 200
    return exchanges


def test_aiming_and_refusals_show_their_reason(qtbot: Any) -> None:
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    host(qtbot, editor.widget())
    editor.rng = random.Random(1)
    editor.time_edit.setText("half an hour")
    editor.time_edit.editingFinished.emit()
    qtbot.mouseClick(editor.aim_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.aim_button, Qt.MouseButton.LeftButton)
    assert "Time spent: 2 × half an hour" in editor.status.text()
    assert not editor.aim_button.isEnabled()
    assert "2 turns" in editor.aim_button.toolTip()
    assert editor.saved_row.isVisibleTo(editor)
    assert "4 cards against" in editor.odds_next.text()  # 3 + the saved card
    qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
    assert len(editor.owner.document.opponents) == 2
    assert "split the player's 3 cards" in editor.draw_button.toolTip()
    assert not editor.draw_button.isEnabled()


def test_gm_screen_calculator_and_reference(qtbot: Any) -> None:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, SolGmScreen)
    host(qtbot, screen)
    use_the_calculator(screen)
    search_the_reference(screen)


def use_the_calculator(screen: SolGmScreen) -> None:
    calc = screen.calculator
    calc.cards.setValue(1)
    calc.against.setValue(1)
    assert "Win <b>25.49%</b>" in calc.result.text()
    assert "win 13/51" in calc.result.toolTip()
    calc.shared.setChecked(False)
    assert "Win <b>25.00%</b>" in calc.result.text()
    calc.aces.setCurrentIndex(2)  # Rule 2
    assert calc.automatic.rowCount() > 0
    calc.cards.setValue(5)
    calc.against.setValue(4)
    calc.shared.setChecked(True)
    calc.aces.setCurrentIndex(0)
    assert calc.margins.rowCount() == 10
    assert calc.margins.item(0, 1).toolTip() == str(exchange(5, 4).margin[-4])
    calc.cards.setValue(30)
    calc.against.setValue(30)
    assert "cannot deal" in calc.result.text()
    calc.kind.setCurrentIndex(1)
    assert calc.player_score.maximum() == 12


def search_the_reference(screen: SolGmScreen) -> None:
    reference = screen.reference
    reference.search.setText("Nobel")
    visible = [table.id for table, box, _ in reference.tables if not box.isHidden()]
    assert visible == ["scales"]
    # every word, in any order, in one row: the core's search
    reference.search.setText("SOLDIER officer")
    shown = [(table.id, r) for table, box, widget in reference.tables if not box.isHidden()
             for r in range(widget.rowCount()) if not widget.isRowHidden(r)]
    assert shown == [("scales", 3), ("scales", 4)]  # ratings 4 and 5
    reference.search.setText("")
    assert all(not box.isHidden() for _, box, _ in reference.tables)
    boxes = {table.id: box for table, box, _ in reference.tables}
    labels = {label.text(): label for label in boxes["effective"].findChildren(QLabel)}
    assert "L77-96" in labels["Source: Careers"].toolTip()
    assert not any(".txt" in text for text in labels)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screens_render_in_both_themes(qtbot: Any, qapp: QApplication, theme: str,
                                       tmp_path: Path) -> None:
    apply_theme(qapp, theme)
    try:
        builder = SYSTEM_UI.new_editor(CHARACTER_FORMAT)
        window = host(qtbot, builder.widget())
        assert not window.grab().isNull()
        screen = SYSTEM_UI.gm_screen()
        assert isinstance(screen, SolGmScreen)
        screen.conflict.rng = random.Random(3)
        screen.conflict._draw()
        other = host(qtbot, screen)
        image = other.grab()
        assert image.width() == 1366
        image.save(str(tmp_path / f"conflict-{theme}.png"))
    finally:
        apply_theme(qapp, "light")


def test_a_narrow_sides_table_shows_each_name_from_its_start(qtbot: Any) -> None:
    """In a narrow dock the Name column is a few letters wide: a name reads from its first
    letter ("Opponent 1", not "pponent 1"), and its tooltip has all of it."""
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    window = host(qtbot, editor.widget())
    window.resize(330, 700)
    qtbot.waitUntil(lambda: editor.sides.columnWidth(0) < 80)
    name = editor.sides.cellWidget(1, 0)
    assert name.text() == editor.owner.document.opponents[0].name
    assert name.fontMetrics().horizontalAdvance(name.text()) > editor.sides.columnWidth(0)
    assert name.cursorPosition() == 0
    assert name.toolTip() == name.text()
    name.setFocus()
    name.setText("The Duke's champion")
    name.editingFinished.emit()
    assert editor.owner.document.opponents[0].name == "The Duke's champion"
    name.clearFocus()
    editor.owner.undo_stack.undo()
    assert name.text() == editor.owner.document.opponents[0].name
    assert name.cursorPosition() == 0 and name.toolTip() == name.text()


def test_a_focused_name_cell_follows_a_character_taken_in(qtbot: Any) -> None:
    """The player's name cell has the focus (a new conflict starts there) when a character
    file is taken in by its keyboard shortcut: the cell shows the character's name, and
    leaving it does not write the old "Player" back over it. Text being typed there is
    kept through a redraw and written when editing finishes."""
    from seforge.core.resources import resource_path

    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    window = host(qtbot, editor.widget())
    name = editor.sides.cellWidget(0, 0)
    window.activateWindow()
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    pilot = resource_path("systems", "sword_of_life", "library", "fighter-pilot.sol")
    assert editor.take_character_file(pilot, None)
    assert name.text() == "Space fighter pilot"
    editor.add_button.setFocus()  # leaving the cell finishes its editing
    qtbot.waitUntil(lambda: not name.hasFocus())
    assert editor.owner.document.player.name == "Space fighter pilot"

    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    qtbot.keyClicks(name, " Kade")
    editor.sides.cellWidget(1, 1).setValue(4)  # another change redraws the table
    assert name.text() == "Space fighter pilot Kade"
    editor.add_button.setFocus()
    qtbot.waitUntil(lambda: editor.owner.document.player.name == "Space fighter pilot Kade")


def test_a_typed_two_digit_number_is_one_step(qtbot: Any) -> None:
    """Typing 12 as the opponent's score applies 12 once it is complete (Tab), not 1 on
    the way: one undo step."""
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    window = host(qtbot, editor.widget())
    window.activateWindow()
    owner = editor.owner
    start = editor.sides.cellWidget(1, 3)
    start.setFocus()
    qtbot.waitUntil(start.hasFocus)
    start.selectAll()
    qtbot.keyClicks(start, "12")
    assert owner.undo_stack.count() == 0  # nothing applied while typing
    qtbot.keyClick(start, Qt.Key.Key_Tab)
    assert owner.document.opponents[0].start == 12
    assert owner.undo_stack.count() == 1
