"""Text in the GM Screen's Test calculator is shown whole at a usual dock width."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QMainWindow,
    QStyle,
    QStyleOptionComboBox,
)
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import against_two_troopers
from ui.systems.swords_edge.gm import GMDock


def _cut(combo: QComboBox) -> bool:
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField,
        combo)
    return combo.fontMetrics().horizontalAdvance(combo.currentText()) > field.width()


def test_group_tn_reading_is_not_cut_off(qtbot: QtBot) -> None:
    jyrell = load_pc("jyrell")
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("(character editor)"))
    dock = GMDock(lambda: [jyrell], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(1300, 900)
    window.resizeDocks([dock], [640], Qt.Orientation.Horizontal)
    window.show()
    calc = against_two_troopers(dock, jyrell)
    calc.set_step("action")
    qtbot.waitUntil(lambda: calc.reading_combo.isVisible() and calc.reading_combo.isEnabled())
    for index in range(calc.reading_combo.count()):
        calc.reading_combo.setCurrentIndex(index)
        assert not _cut(calc.reading_combo), calc.reading_combo.currentText()
