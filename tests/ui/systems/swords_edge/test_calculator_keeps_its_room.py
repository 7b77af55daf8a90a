"""The Sword's Edge GM Screen's Test calculator keeps its room (session 15, H11), found at
1024x768 with the page scrolled to its end: judging the first roll pushed the roll history
28 px down (the verdict's lines and its Apply button came where nothing was kept), and when
the last NC left (its Stress applied) the page got shorter and, scrolled to the end, every
line moved up under the mouse; at the window's zoom of 110% the lines kept in the font the
calculator was built with still grew 3 px. The verdict keeps room for its lines (in the font
it is shown in) and the page keeps its height, so nothing under the mouse moves."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.ranks import Rank
from ui.systems.swords_edge.gm import GMDock


def _settle(qtbot: QtBot) -> None:
    QApplication.processEvents()
    qtbot.wait(20)


@pytest.mark.parametrize("zoom", [100, 110])
@pytest.mark.parametrize(("size", "dock_width"), [((1024, 768), 340), ((1366, 768), 418)])
def test_judging_and_the_last_nc_leaving_move_nothing(qtbot: QtBot, size: tuple[int, int],
                                                      dock_width: int, zoom: int) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QWidget())
    dock = GMDock(list, parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(*size)
    if zoom != 100:      # the window's zoom, set after the calculator was built (View › Zoom)
        font = QFont(window.font())
        font.setPointSizeF(font.pointSizeF() * zoom / 100)
        window.setFont(font)
    window.show()
    window.resizeDocks([dock], [dock_width], Qt.Orientation.Horizontal)  # as the app docks it
    calc = dock.calculator
    dock.tabs.setCurrentWidget(calc)
    calc.quick_type.setCurrentIndex(calc.quick_type.findData(NCType.MINION.value))
    calc.quick_rank.setCurrentIndex(calc.quick_rank.findData(int(Rank.AVERAGE)))
    QTest.mouseClick(calc.add_quick_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(calc.step_buttons["action"], Qt.MouseButton.LeftButton)
    _settle(qtbot)
    bar = calc.scroll_area.verticalScrollBar()
    page = calc.scroll_area.widget()
    assert page is not None
    log = calc.log_list

    def seen() -> tuple[int, ...]:
        """Where the roll history and the Judge button are on the page and, the page
        scrolled to its end, in the window; and the page's height."""
        bar.setValue(bar.maximum())
        _settle(qtbot)
        return (*(widget.mapTo(target, widget.rect().topLeft()).y()
                  for widget in (log, calc.judge_button) for target in (page, window)),
                page.height())

    before = seen()
    assert bar.maximum() > 0          # the page scrolls at this size
    calc.die1.setValue(9)
    calc.die2.setValue(8)
    QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    _settle(qtbot)
    assert calc.apply_stress_button.isVisible()
    assert calc.result_detail.text()
    judged = seen()
    assert judged == before
    # the minion takes the Stress and leaves: the last NC of the Test
    QTest.mouseClick(calc.apply_stress_button, Qt.MouseButton.LeftButton)
    _settle(qtbot)
    assert not calc.apply_stress_button.isVisible()
    assert not calc.test.active()
    assert seen() == before
