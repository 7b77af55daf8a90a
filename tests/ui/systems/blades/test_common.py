"""The Blades pages' layout helpers, on their own widgets: the grid form places a row whose
height follows its width at the height it measured for that width, and a field made room
for its placeholder shows it whole at its narrowest."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.ui.shell.layout_check import placeholder_room
from ui.shell.flow_layout import FlowLayout
from ui.systems.blades.common import FormGrid, room_for_placeholder


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _in(widget: QWidget, parent: QWidget) -> QRect:
    return QRect(widget.mapTo(parent, QPoint(0, 0)), widget.size())


def _form_with_a_wrapping_row(kind: type[QFormLayout] | type[FormGrid],
                              ) -> tuple[QWidget, QPushButton, QLabel]:
    box = QWidget()
    form = kind(box)
    row = FlowLayout()
    buttons = [QPushButton(f"Button number {n}") for n in range(5)]
    for button in buttons:
        row.addWidget(button)
    form.addRow("Row", row)
    below = QLabel("The line below")
    form.addRow("Next", below)
    return box, buttons[-1], below


def _overlap_after_a_size_hint(qtbot: QtBot, kind: type[QFormLayout] | type[FormGrid],
                               ) -> tuple[QRect, QRect]:
    """Lay the form out narrow, ask its height at its preferred width (as a scroll area's
    size hint does), then lay it out narrow again: the last button and the line below."""
    box, last, below = _form_with_a_wrapping_row(kind)
    qtbot.addWidget(box)
    narrow = box.sizeHint().width() // 2
    box.resize(narrow, box.heightForWidth(narrow))
    box.show()
    _settle()
    box.heightForWidth(box.sizeHint().width())
    box.resize(narrow, box.heightForWidth(narrow) + 10)
    _settle()
    return _in(last, box), _in(below, box)


def test_form_grid_places_a_wrapping_row_at_the_height_it_takes(qtbot: QtBot) -> None:
    """The crew editor's Crew XP row ran into the line below it: Qt's QFormLayout, asked
    for its height at its preferred width, then placed its rows at another width with the
    heights measured at the preferred one. The grid form does not."""
    last, below = _overlap_after_a_size_hint(qtbot, FormGrid)
    assert last.bottom() < below.top(), (last, below)


@pytest.mark.parametrize("kind", ["line edit", "editable combo box"])
def test_room_for_placeholder_shows_it_whole_at_the_narrowest(qtbot: QtBot,
                                                              kind: str) -> None:
    field: QLineEdit | QComboBox
    if kind == "line edit":
        field = QLineEdit()
        edit = field
    else:
        field = QComboBox()
        field.setEditable(True)
        line = field.lineEdit()
        assert line is not None
        edit = line
    edit.setPlaceholderText("a special ability of the playbook")
    room_for_placeholder(field)
    qtbot.addWidget(field)
    field.show()
    narrowest = max(field.minimumWidth(), field.minimumSizeHint().width())  # a layout's
    field.resize(narrowest, field.sizeHint().height())
    _settle()
    assert field.width() == narrowest
    wanted = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
    assert placeholder_room(edit) >= wanted
