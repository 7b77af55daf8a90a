"""In the calculator, an NC's Concept cannot raise a Momentum TN (book, *Narrative
Characters*): its box is off, its tooltip says why, and it counts again in the Action.
Before, ticking it raised the TN (the GM's Table scene refused the same thing)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMainWindow

from ui.systems.swords_edge.gm import GMDock
from ui.systems.swords_edge.gm.calculator import CalculatorTab


def make_calculator(qtbot: object) -> tuple[QMainWindow, CalculatorTab]:
    window = QMainWindow()
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    dock = GMDock(lambda: [], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(1000, 800)
    window.show()
    return window, dock.calculator


def test_nc_concept_is_off_in_momentum_and_counts_in_the_action(qtbot: object) -> None:
    _window, calc = make_calculator(qtbot)
    edit = calc.library_combo.lineEdit()
    edit.selectAll()
    QTest.keyClicks(edit, "Desert Acolytes' Leader")
    QTest.mouseClick(calc.add_library_button, Qt.MouseButton.LeftButton)
    [card] = calc.cards
    before = calc.tn_label.text()
    concept = card.boxes["concept"]
    assert not concept.isEnabled()
    assert "never adds its Concept" in concept.toolTip()
    QTest.mouseClick(concept, Qt.MouseButton.LeftButton)
    assert not concept.isChecked()
    assert calc.tn_label.text() == before

    QTest.mouseClick(calc.step_buttons["action"], Qt.MouseButton.LeftButton)
    assert concept.isEnabled()
    assert "never adds its Concept" not in concept.toolTip()
