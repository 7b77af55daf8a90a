"""The wheel belongs to the page (issue 23): rolled over an unfocused combo box, spin
box or slider of any system's editor or GM Screen page, it changes nothing and the page
scrolls; a focused control still steps with the wheel."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.ui.shell.system_pages import Sample, open_sample, samples, tab_pages
from ui.shell import wheel_guard
from ui.shell.theme import apply_theme
from ui.shell.window import MainWindow


@pytest.fixture
def win(qtbot: QtBot, qapp: QApplication, prompts: list[str]) -> Iterator[MainWindow]:
    apply_theme(qapp, "light")
    window = MainWindow(autosave_interval_ms=3_600_000)
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    window.ensure_ready()
    yield window
    window.close()


def roll(widget: QWidget, steps: int) -> None:
    """One notch of the wheel (120 = up) with the pointer over ``widget``'s middle.

    Sent to the control itself: Qt passes a program's wheel event on to no parent, so
    sending it to a spin box's line edit would never reach the spin box."""
    centre = widget.rect().center()
    event = QWheelEvent(QPointF(centre), QPointF(widget.mapToGlobal(centre)), QPoint(0, 0),
                        QPoint(0, steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def value_of(widget: QWidget) -> object:
    if isinstance(widget, QComboBox):
        return (widget.currentIndex(), widget.currentText())
    if isinstance(widget, QAbstractSpinBox):
        return widget.text()
    assert isinstance(widget, QAbstractSlider)
    return widget.value()


def value_widgets(root: QWidget) -> list[QWidget]:
    return [w for w in root.findChildren(QWidget)
            if wheel_guard.is_value_widget(w) and w.isVisible() and w.isEnabled()]


def roll_over_all(root: QWidget, where: str) -> int:
    """Roll both ways over every visible unfocused value control under ``root`` (in
    every tab); returns how many were rolled over."""
    rolled = 0
    for tab, page in tab_pages(root):
        for widget in value_widgets(page):
            if widget.hasFocus():
                widget.clearFocus()
            before = value_of(widget)
            for steps in (-120, 120, 120, -120):
                roll(widget, steps)
                assert value_of(widget) == before, (
                    f"{where} {tab}: the wheel changed {type(widget).__name__} "
                    f"{widget.accessibleName() or widget.objectName()!r}")
                assert not widget.hasFocus(), f"{where} {tab}: the wheel focused a control"
            rolled += 1
    return rolled


def modified(window: MainWindow) -> list[str]:
    return [d.title() for d in [*window.documents(), *window.gm_documents()]
            if d.is_modified()]


@pytest.mark.parametrize("sample", samples(), ids=lambda s: f"{s.system}-{s.name}")
def test_the_wheel_changes_nothing_in_an_editor(win: MainWindow, sample: Sample) -> None:
    editor = open_sample(win, sample)
    before = modified(win)
    rolled = roll_over_all(editor, f"{sample.name}'s editor")
    for dock in win.findChildren(QDockWidget):  # Play, Budget, the GM's Table...
        if dock is not win.gm_screen_dock:
            dock.show()
            dock.raise_()
            QApplication.processEvents()
            rolled += roll_over_all(dock, f"{sample.name}, {dock.windowTitle()}")
            dock.hide()
    assert rolled > 0
    assert modified(win) == before


def test_the_wheel_changes_nothing_on_any_gm_screen_page(win: MainWindow) -> None:
    dock = win.gm_screen_dock
    dock.show()
    dock.raise_()
    for system in dock.system_ids():
        page = dock.show_page(system)
        QApplication.processEvents()
        assert roll_over_all(page, f"GM Screen {system}") > 0, system
    assert modified(win) == []


def test_the_wheel_scrolls_the_page_under_an_unfocused_combo(qtbot: QtBot,
                                                             win: MainWindow) -> None:
    scroll = QScrollArea()
    qtbot.addWidget(scroll)
    content = QWidget()
    column = QVBoxLayout(content)
    combos = []
    for _ in range(40):
        combo = QComboBox()
        combo.addItems(["Good", "Great", "Superb"])
        column.addWidget(combo)
        combos.append(combo)
    scroll.setWidget(content)
    scroll.resize(200, 150)
    scroll.show()
    qtbot.waitExposed(scroll)
    assert combos[0].focusPolicy() == Qt.FocusPolicy.StrongFocus  # not focused by a wheel
    bar = scroll.verticalScrollBar()
    assert bar.value() == 0
    roll(combos[0], -120)
    assert combos[0].currentIndex() == 0
    assert bar.value() > 0  # the page scrolled instead


def test_a_focused_control_still_takes_the_wheel(qtbot: QtBot, win: MainWindow) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    column = QVBoxLayout(holder)
    combo = QComboBox()
    combo.addItems(["Good", "Great", "Superb"])
    spin = QSpinBox()
    column.addWidget(combo)
    column.addWidget(spin)
    holder.show()
    holder.activateWindow()
    qtbot.waitActive(holder)
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    roll(combo, -120)
    assert combo.currentIndex() == 1
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    roll(spin, 120)
    assert spin.value() == 1
    roll(combo, -120)  # no longer focused
    assert combo.currentIndex() == 1
