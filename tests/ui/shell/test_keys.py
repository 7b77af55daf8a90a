"""Help › Keyboard Shortcuts names keys a user can type (issue 26): the standard Redo
and Zoom In include the dedicated Redo and Zoom In buttons of some keyboards, which
showed as "Ctrl+Shift+Z or Redo or Ctrl+Y"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialogButtonBox, QMenuBar
from pytestqt.qtbot import QtBot

from ui.shell.keys import keys_text, shortcut_rows, typable
from ui.shell.shortcuts_dialog import ShortcutsDialog
from ui.shell.window import MainWindow


def test_dedicated_buttons_are_not_listed_as_keys() -> None:
    assert keys_text([QKeySequence("Ctrl+Shift+Z"), QKeySequence(Qt.Key.Key_Redo),
                      QKeySequence("Ctrl+Y")]) == "Ctrl+Shift+Z or Ctrl+Y"
    assert keys_text([QKeySequence("Ctrl++"), QKeySequence(Qt.Key.Key_ZoomIn),
                      QKeySequence("Ctrl+=")]) == "Ctrl++ or Ctrl+="
    assert not typable(QKeySequence(Qt.Key.Key_Back))
    assert not typable(QKeySequence())
    for keys in ("F1", "Escape", "Ctrl+PgDown", "Alt+Left", "Ctrl+Shift+F5", "Ctrl+K, Ctrl+S"):
        assert typable(QKeySequence(keys)), keys


def test_the_shortcuts_list_shows_typable_keys_only(qtbot: QtBot) -> None:
    bar = QMenuBar()
    qtbot.addWidget(bar)
    edit = bar.addMenu("&Edit")
    redo = QAction("&Redo", edit)
    redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence(Qt.Key.Key_Redo),
                       QKeySequence("Ctrl+Y")])
    media = QAction("Only a media key", edit)
    media.setShortcut(QKeySequence(Qt.Key.Key_ZoomIn))
    edit.addActions([redo, media])
    assert shortcut_rows(bar) == [("Edit", "Redo", "Ctrl+Shift+Z or Ctrl+Y")]


def test_no_row_of_the_window_names_a_dedicated_button(window: MainWindow,
                                                        qtbot: QtBot) -> None:
    for action in window.findChildren(QAction):  # as a desktop that binds them would
        if action.text().replace("&", "") == "Redo":
            action.setShortcuts([*action.shortcuts(), QKeySequence(Qt.Key.Key_Redo)])
    dialog = ShortcutsDialog(window.menuBar(), window)
    qtbot.addWidget(dialog)
    texts = [dialog.table.item(row, 2).text() for row in range(dialog.table.rowCount())]
    assert texts and all(texts)
    for text in texts:
        for part in text.split(" or "):
            assert part not in {"Redo", "Undo", "Zoom In", "Zoom Out", "Back", "Forward"}


def test_the_list_names_the_dock_keys_and_tab_leaves_it(window: MainWindow,
                                                        qtbot: QtBot) -> None:
    window.ensure_ready()  # the docks that come after the first frame
    dialog = ShortcutsDialog(window.menuBar(), window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    rows = {(dialog.table.item(r, 1).text(), dialog.table.item(r, 2).text())
            for r in range(dialog.table.rowCount())}
    assert ("GM Screen", "Ctrl+G") in rows
    assert ("GM's Table", "Ctrl+Shift+G") in rows
    dialog.table.setFocus()
    dialog.table.setCurrentCell(0, 0)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Tab)  # on to Close, not to the next cell
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    assert dialog.focusWidget() is close
