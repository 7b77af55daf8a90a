"""A change in play adds one History line: the rows that already show the same entries are
kept, not remade and measured again (remaking 500 rows at each change was most of its
time, 130-150 ms; the benchmark `history` measures it). Whatever the change, undo
included, the rows show exactly the character's history."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableWidgetItem
from pytestqt.qtbot import QtBot

from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.play import PlayPanel
from ui.systems.swords_edge.play.history_box import RECENT, PlayHistoryBox

CHANGES = 20


@pytest.fixture
def panel(qtbot: QtBot) -> PlayPanel:
    panel = PlayPanel(CharacterDocument(make_sarah()))
    qtbot.addWidget(panel)
    panel.resize(380, 700)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.start_session()
    for n in range(CHANGES):
        assert panel.gain_luck(f"reason {n}")
    return panel


def _rows(panel: PlayPanel) -> list[tuple[str, str]]:
    table = panel.findChild(PlayHistoryBox).table  # type: ignore[union-attr]
    return [(table.item(row, 2).text(), table.item(row, 3).text())
            for row in range(table.rowCount())]


def _entries(panel: PlayPanel) -> list[tuple[str, str]]:
    return [(entry.what, entry.why) for entry in panel.character.history]


def test_a_new_line_keeps_the_rows_already_shown(panel: PlayPanel) -> None:
    table = panel.findChild(PlayHistoryBox).table  # type: ignore[union-attr]
    before: list[QTableWidgetItem] = [table.item(row, 2) for row in range(table.rowCount())]
    assert panel.gain_luck("one more")
    assert table.rowCount() == len(before) + 1
    assert all(table.item(row, 2) is item for row, item in enumerate(before))
    assert _rows(panel) == _entries(panel)
    hidden = [table.isRowHidden(row) for row in range(table.rowCount())]
    assert hidden == [row < table.rowCount() - RECENT for row in range(table.rowCount())]


def test_undo_and_another_change_show_the_history_as_it_is(panel: PlayPanel) -> None:
    table = panel.findChild(PlayHistoryBox).table  # type: ignore[union-attr]
    count = table.rowCount()
    panel.undo_stack.undo()
    assert table.rowCount() == count - 1
    assert _rows(panel) == _entries(panel)
    assert panel.gain_luck("a different reason")  # the last line is another one now
    assert table.rowCount() == count
    assert _rows(panel) == _entries(panel)
    assert _rows(panel)[-1][1] == "a different reason"
    visible = [row for row in range(table.rowCount()) if not table.isRowHidden(row)]
    assert visible == list(range(count - RECENT, count))
    assert all(table.rowHeight(row) > 0 for row in visible)
