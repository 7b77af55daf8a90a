"""Found in a played evening (session 15): at 1366 x 768 the GM's Table Party tab showed
a vertical scroll bar on a nearly empty page: the party's list asked for 240 pixels and
the notes for 80, so the page was taller than the dock under the sheet, and the GM
notes, opponents and clocks sat below the fold."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.document_helpers import gm_table
from tests.ui.helpers import laptop_window
from ui.shell.window import MainWindow


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_the_party_tab_fits_the_docked_table(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow],
        size: tuple[int, int]) -> None:
    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    table = gm_table(window)
    table.tabs.setCurrentWidget(table.party)
    QApplication.processEvents()
    qtbot.wait(50)
    assert table.height() < 450  # docked under the sheet, as the GM first sees it
    assert table.scroll_area.verticalScrollBar().maximum() == 0
    notes = table.party.notes_edit
    assert notes.isVisible()
    bottom = notes.mapTo(table.scroll_area.viewport(), notes.rect().bottomLeft()).y()
    assert bottom <= table.scroll_area.viewport().height()  # the notes in view
