"""The docked opponent editor's Undo/Redo keys: bound once, so Ctrl+Shift+Z redoes
(Qt runs no shortcut bound twice in one scope, and warns "Ambiguous shortcut")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from seforge.systems.swords_edge.ranks import Rank
from tests.ui.helpers import se_part
from ui.shell.keys import redo_keys
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table.nc_editor import NCEditor


def _keys_of(editor: NCEditor) -> list[str]:
    return [key.toString() for action in editor.actions() for key in action.shortcuts()]


def test_ctrl_shift_z_redoes_in_the_docked_nc_editor(window: MainWindow, qtbot: object) -> None:
    window.ensure_ready()
    se_part(window).gm_table_dock.show()
    assert se_part(window).gm_table is not None
    editor = se_part(window).gm_table.opponents.editor
    se_part(window).gm_table.tabs.setCurrentWidget(se_part(window).gm_table.opponents)
    start = editor.nc().rank
    wanted = Rank.GOOD if start != Rank.GOOD else Rank.EXCELLENT
    editor.set_rank(wanted)
    editor.undo_stack.undo()
    assert editor.nc().rank == start and editor.undo_stack.canRedo()
    window.activateWindow()
    editor.rank_combo.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor.rank_combo)  # type: ignore[attr-defined]
    assert window.undo_group.activeStack() is editor.undo_stack
    QTest.keyClick(editor.rank_combo, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert editor.nc().rank == wanted
    QTest.keyClick(editor.rank_combo, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.nc().rank == start


def test_a_standalone_nc_editor_binds_each_key_once(qtbot: object) -> None:
    editor = NCEditor()
    qtbot.addWidget(editor)  # type: ignore[attr-defined]
    keys = _keys_of(editor)
    assert len(keys) == len(set(keys))
    redo = [a for a in editor.actions() if QKeySequence("Ctrl+Shift+Z") in a.shortcuts()]
    assert len(redo) == 1 and redo[0].shortcuts() == redo_keys()  # Ctrl+Y too, once
    editor.show()
    start = editor.nc().rank
    wanted = Rank.GOOD if start != Rank.GOOD else Rank.EXCELLENT
    editor.set_rank(wanted)
    editor.undo_stack.undo()
    editor.activateWindow()
    editor.rank_combo.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor.rank_combo)  # type: ignore[attr-defined]
    QTest.keyClick(editor.rank_combo, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert editor.nc().rank == wanted
