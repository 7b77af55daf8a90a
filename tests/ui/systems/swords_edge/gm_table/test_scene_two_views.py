"""Two views of one PC while a scene runs: what the builder tab changes (the name)
shows at once in the scene's panels and overview, and goes with an Undo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from tests.ui.helpers import se_part, type_into
from tests.ui.systems.swords_edge.gm_table.test_scene_undo_from_a_tab import Table
from ui.shell.window import MainWindow


def _faces(table: Table, nc_row: int) -> str:
    overview = table.tracker.overview
    return overview.item(nc_row, overview.columnCount() - 1).text()


def test_a_pc_renamed_in_their_tab_is_renamed_in_the_scene(
        window: MainWindow, tmp_path: Path, qtbot: QtBot) -> None:
    table = Table(window, tmp_path)
    pc_id = table.ids[0]
    table.in_tab(0)
    editor = window.editor_at(window.tabs.currentIndex())
    type_into(editor.name_edit, "Jyrell the Swift")
    editor.name_edit.editingFinished.emit()
    assert table.documents[0].character.name == "Jyrell the Swift"
    qtbot.waitUntil(lambda: table.tracker.panels[pc_id].title() == "Jyrell the Swift")
    assert _faces(table, 0) == "Jyrell the Swift"

    assert window.undo_action.text() == "&Undo Rename the character"
    table.undo()  # the rename, from their tab
    assert table.documents[0].character.name == "Jyrell"
    qtbot.waitUntil(lambda: table.tracker.panels[pc_id].title() == "Jyrell")
    assert _faces(table, 0) == "Jyrell"


def test_undo_and_redo_in_the_play_dock_stay_on_the_pcs_history(
        window: MainWindow, tmp_path: Path, qtbot: QtBot) -> None:
    """Found at the table: Redo pressed three times in the Play dock redid one step;
    the step's redraw of the scene took the focus (and Edit › Redo) to the scene."""
    table = Table(window, tmp_path)
    document = table.documents[0]
    table.in_tab(0)
    part = se_part(window)
    assert part.play_dock is not None
    part.play_dock.show()
    part.play_dock.raise_()
    qtbot.waitUntil(part.play_dock.isVisible)
    panel = part.play_dock.panel_for(document)
    for _ in range(2):
        QTest.mouseClick(panel.gain_button, Qt.MouseButton.LeftButton)
    luck = document.character.play.luck
    table.in_scene()  # the GM was in the scene's overview a moment ago
    panel.luck_reason.setFocus()
    qtbot.waitUntil(lambda: window.undo_group.activeStack() is document.undo_stack)
    table.undo()
    table.undo()
    assert document.character.play.luck == luck - 2
    assert window.undo_group.activeStack() is document.undo_stack
    table.redo()
    table.redo()
    assert document.character.play.luck == luck
    assert window.undo_group.activeStack() is document.undo_stack


def test_a_scene_undo_taking_a_rename_along_names_the_pc_as_they_are_now(
        window: MainWindow, tmp_path: Path, qtbot: QtBot) -> None:
    """The GM renamed a PC in their tab after a scene step, then undid the step in the
    scene: the rename goes first, and the status line names the PC as every view does
    after the undo (not by the name the undo took away)."""
    table = Table(window, tmp_path)
    table.test_with_a_reroll(0)
    table.in_tab(0)
    editor = window.editor_at(window.tabs.currentIndex())
    type_into(editor.name_edit, "Jyrell the Swift")
    editor.name_edit.editingFinished.emit()
    table.in_scene()
    table.undo()
    assert table.documents[0].character.name == "Jyrell"
    table.assert_agree()
    assert table.tracker.status_label.text() == (
        "Also undone, so that the scene and its PCs agree: in Jyrell's history, "
        "Rename the character.")
    table.redo()  # the reroll comes back; the rename waits on Jyrell's own Redo
    assert table.documents[0].character.name == "Jyrell"
    table.assert_agree()
    table.in_tab(0)
    table.redo()
    assert table.documents[0].character.name == "Jyrell the Swift"
    qtbot.waitUntil(lambda: table.tracker.panels[table.ids[0]].title() == "Jyrell the Swift")
