"""A check box whose text wraps: in a narrow column it takes more lines instead of
widening the page, and it still works as a check box (click on its text, Space)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ui.shell.wrap_check import WrapCheckBox

TEXT = "Voice of Command +2  (needs Charisma; Luck exertion: 1 Luck)"


def test_a_long_text_wraps_in_a_narrow_column(qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    column = QVBoxLayout(holder)
    box = WrapCheckBox(TEXT, holder)
    column.addWidget(box)
    holder.resize(180, 200)
    holder.show()
    qtbot.waitExposed(holder)
    line = box.fontMetrics().height()
    assert box.width() <= 180
    assert box.minimumSizeHint().width() < box.sizeHint().width()
    assert box.height() >= 3 * line  # wrapped onto three lines or more, and given them
    holder.resize(900, 200)
    qtbot.waitUntil(lambda: box.width() > 600)
    assert box.heightForWidth(box.width()) < 2 * line  # one line when there is room


def test_it_is_still_a_check_box(qtbot: QtBot) -> None:
    box = WrapCheckBox(TEXT)
    qtbot.addWidget(box)
    box.resize(160, box.heightForWidth(160))
    box.show()
    qtbot.waitExposed(box)
    toggled: list[bool] = []
    box.toggled.connect(toggled.append)
    corner = box.rect().bottomRight() - QPoint(8, 4)  # on the last line of its text
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=corner)
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert toggled == [True, False]
    assert box.text() == TEXT
