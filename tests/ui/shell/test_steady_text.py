"""The shell's lines that keep their room (ui.shell.steady_text): what is under them does
not move when their text changes."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ui.shell.steady_text import ElidedLabel, SteadyLabel, reserve_lines

LONG = "Starship security officer, second class, on leave " * 4


def _column(qtbot: QtBot, line: QLabel, width: int = 300) -> tuple[QWidget, QLabel]:
    """``line`` above a label, in a window ``width`` wide; the label below is returned."""
    page = QWidget()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    layout.addWidget(line)
    below = QLabel("below")
    layout.addWidget(below)
    layout.addStretch(1)
    page.resize(width, 400)
    page.show()
    qtbot.waitExposed(page)
    return page, below


def _settle(qtbot: QtBot, page: QWidget) -> None:
    page.layout().activate()
    qtbot.wait(10)


def test_elided_label_stays_one_line_and_tells_the_whole_text(qtbot: QtBot) -> None:
    line = ElidedLabel("short")
    page, below = _column(qtbot, line)
    _settle(qtbot, page)
    top = below.y()
    line.setText(LONG)
    _settle(qtbot, page)
    assert below.y() == top
    assert line.text() == LONG
    assert line.shown_text().endswith("…") and len(line.shown_text()) < len(LONG)
    assert LONG in line.toolTip()
    line.setToolTip("why")
    assert LONG in line.toolTip() and "why" in line.toolTip()
    line.setText("short again")
    _settle(qtbot, page)
    assert line.shown_text() == "short again" and line.toolTip() == "why"
    assert below.y() == top


def test_steady_label_is_as_tall_as_its_tallest_text(qtbot: QtBot) -> None:
    line = SteadyLabel(["one", LONG])
    page, below = _column(qtbot, line)
    _settle(qtbot, page)
    top = below.y()
    assert line.heightForWidth(line.width()) > 2 * line.fontMetrics().lineSpacing()
    for text in (LONG, "", "one"):
        line.setText(text)
        _settle(qtbot, page)
        assert below.y() == top, text
    # its narrowest is the widest word of any text it may show
    widest = max(line.fontMetrics().horizontalAdvance(w) for w in LONG.split())
    assert line.minimumSizeHint().width() >= widest


def test_reserved_lines_keep_their_room_and_keep_what_they_grew_to(qtbot: QtBot) -> None:
    line = QLabel("")
    line.setWordWrap(True)
    reserve_lines(line, 2)
    page, below = _column(qtbot, line)
    _settle(qtbot, page)
    top = below.y()
    assert line.height() >= 2 * line.fontMetrics().lineSpacing()
    line.setText("a result")
    _settle(qtbot, page)
    assert below.y() == top
    line.setText(LONG)  # needs more than two lines at 300 px: the page makes room once
    _settle(qtbot, page)
    grown = below.y()
    assert grown > top
    line.setText("")
    _settle(qtbot, page)
    assert below.y() == grown  # and does not jump back up
    line.hide()
    _settle(qtbot, page)
    assert below.y() == grown  # hidden, its room stays
