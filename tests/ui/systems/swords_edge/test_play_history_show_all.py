"""The Play dock's History shows the latest lines in the page and the whole history in a
dialog (*Show all...*): it was a scroll area inside the dock's scroll area, with a scroll
bar of its own and the wheel trapped over it. Driven through the widgets: the keyboard
reaches the dialog and walks it, and it fits a 1024x768 screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractScrollArea, QWidget
from pytestqt.qtbot import QtBot

from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.play import PlayPanel
from ui.systems.swords_edge.play.history_box import RECENT, PlayHistoryBox
from ui.systems.swords_edge.play.history_dialog import WANTED, HistoryDialog
from ui.systems.swords_edge.play_dock import PlayDock

CHANGES = 30


@pytest.fixture
def dock(qtbot: QtBot) -> Iterator[tuple[PlayDock, PlayPanel]]:
    """Sarah in the Play dock, at a narrow side dock's size, after 31 changes in play."""
    dock = PlayDock()
    qtbot.addWidget(dock)
    document = CharacterDocument(make_sarah())
    dock.show_document(document)
    panel = dock.panel_for(document)
    assert panel is not None
    dock.resize(360, 560)
    dock.show()
    qtbot.waitExposed(dock)
    assert panel.start_session()
    for n in range(CHANGES):
        assert panel.gain_luck(f"reason {n}") or panel.spend_luck("reroll")
    yield dock, panel


def _box(panel: PlayPanel) -> PlayHistoryBox:
    box = panel.findChild(PlayHistoryBox)
    assert box is not None
    return box


def _scrolling(panel: QWidget) -> list[QAbstractScrollArea]:
    """The scroll areas in ``panel`` that show a scroll bar."""
    return [area for area in panel.findChildren(QAbstractScrollArea)
            if area.isVisible() and (area.verticalScrollBar().isVisible()
                                     or area.horizontalScrollBar().isVisible())]


def test_the_page_shows_the_latest_lines_and_scrolls_with_the_dock(
        qtbot: QtBot, dock: tuple[PlayDock, PlayPanel]) -> None:
    _dock, panel = dock
    box = _box(panel)
    table = panel.history
    count = len(panel.character.history)
    assert count > RECENT
    shown = [row for row in range(table.rowCount()) if not table.isRowHidden(row)]
    assert shown == list(range(count - RECENT, count))  # the latest, a row each
    assert box.count_label.text() == f"The latest {RECENT} of {count} changes in play."
    panel.select_history(count - 1)
    assert panel.past.toPlainText().startswith("After: ")
    qtbot.wait(20)
    # no scroll bar in the dock but the dock's own
    assert _scrolling(panel) == []
    assert table.verticalScrollBar().maximum() == 0
    last = table.visualRect(table.model().index(count - 1, 2))
    assert table.viewport().rect().contains(last)


def test_show_all_opens_the_whole_history_from_the_keyboard(
        qtbot: QtBot, dock: tuple[PlayDock, PlayPanel]) -> None:
    _dock, panel = dock
    box = _box(panel)
    history = panel.character.history
    table = panel.history
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    qtbot.keyClick(table, Qt.Key.Key_Tab)  # from the lines to Show all...
    assert box.all_button.hasFocus()
    assert box.all_button.accessibleName() == "Show the whole history"
    qtbot.keyClick(box.all_button, Qt.Key.Key_Space)
    dialog = box.dialog
    assert isinstance(dialog, HistoryDialog)
    qtbot.waitExposed(dialog)
    assert dialog.isModal()
    # every line, the newest selected, and the character after it
    assert dialog.table.rowCount() == len(history)
    assert not any(dialog.table.isRowHidden(row) for row in range(len(history)))
    assert dialog.focusWidget() is dialog.table
    assert dialog.table.currentRow() == len(history) - 1
    assert dialog.past.toPlainText().startswith(f"After: {history[-1].what}")
    qtbot.keyClick(dialog.table, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert dialog.table.currentRow() == 0
    assert dialog.past.toPlainText().startswith(f"After: {history[0].what}")
    for widget, name in ((dialog.table, "Whole history"),
                         (dialog.past, "Character at that point")):
        assert widget.accessibleName() == name
    assert "History of" in dialog.windowTitle()
    # Tab goes on from the lines to Close; Escape closes
    qtbot.keyClick(dialog.table, Qt.Key.Key_Tab)
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.close_button
    qtbot.keyClick(dialog.close_button, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: box.dialog is None)


def test_the_dialog_fits_a_1024x768_screen(qtbot: QtBot,
                                            dock: tuple[PlayDock, PlayPanel]) -> None:
    _dock, panel = dock
    assert WANTED.boundedTo(QSize(1024, 768 - 40 - 32)) == WANTED  # a panel, a title bar
    box = _box(panel)
    box.show_all()
    dialog = box.dialog
    assert isinstance(dialog, HistoryDialog)
    qtbot.waitExposed(dialog)
    screen = QGuiApplication.primaryScreen()
    assert screen is not None
    room = screen.availableGeometry().size()
    assert dialog.size().boundedTo(room) == dialog.size()
    # the lines scroll inside the dialog; nothing is cut sideways
    assert dialog.table.horizontalScrollBar().maximum() == 0
    dialog.reject()
