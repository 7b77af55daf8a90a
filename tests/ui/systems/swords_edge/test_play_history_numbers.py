"""The Play dock's History: the Session and Scene columns hold one- or two-digit numbers
and take only the room those and a short head need, so "What" and "Why" have the rest
of the narrow dock. Their heads, spelled out as "Session" and "Scene", took about 100
pixels together for numbers 15 pixels wide."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.play.luck import gain_luck, spend_luck
from seforge.systems.swords_edge.play.session import end_scene, end_session, start_session
from tests.ui.helpers import laptop_window, se_part, settle
from ui.shell.window import MainWindow

NUMBERS = {0: "Session", 1: "Scene"}


def _head_width(table: QTableWidget, text: str) -> int:
    """What the header needs for a head reading ``text`` (its own sizing, margins and
    all): measured on a one-column table of the same look."""
    probe = QTableWidget(0, 1)
    probe.setFont(table.font())
    probe.setStyle(table.style())
    probe.setHorizontalHeaderLabels([text])
    width = probe.horizontalHeader().sectionSizeHint(0)
    probe.deleteLater()
    return width


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_session_and_scene_take_the_room_of_their_numbers(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow],
        size: tuple[int, int]) -> None:
    character = load_pc("tella-of-jost")
    for _session in range(11):  # two-digit sessions, a reason on some lines
        start_session(character, luck=2)
        spend_luck(character, "reroll", why="Her Weakness came up")
        gain_luck(character, "Played her Quirk")
        end_scene(character)
        end_session(character)
    start_session(character, luck=2)
    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    part = se_part(window)
    document = part.open_book_character(character)
    assert part.play_dock is not None
    part.play_dock.show()
    part.play_dock.raise_()
    settle()
    table = part.play_dock.panel_for(document).history
    qtbot.waitUntil(lambda: table.isVisible() and table.rowCount() == len(
        character.history))
    settle()
    header = table.horizontalHeader()
    last = table.item(table.rowCount() - 1, 0)
    assert last is not None and last.text() == "12"
    # together narrower than the words "Session" and "Scene" made them
    numbers = table.columnWidth(0) + table.columnWidth(1)
    spelled = sum(_head_width(table, word) for word in NUMBERS.values())
    assert numbers < spelled - 20, (numbers, spelled)
    for column, word in NUMBERS.items():
        head = table.horizontalHeaderItem(column)
        assert head is not None
        assert word in head.toolTip()  # the full word where the head is short
        # sized to its content: its head and its numbers, nothing cut
        assert table.columnWidth(column) == max(header.sectionSizeHint(column),
                                                table.sizeHintForColumn(column))
    # "What" and "Why" share all the rest, and nothing scrolls sideways
    assert not table.isColumnHidden(3)
    assert sum(table.columnWidth(c) for c in range(4)) == table.viewport().width()
    assert table.horizontalScrollBar().maximum() == 0
