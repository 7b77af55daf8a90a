"""A refusal shown at the top of a long page while the user works further down (the
friend picked again as rival) leaves what is in view where it was: the page used to move
by the status line's height, both when it appeared and when it went, so the next click
hit the control above or below the one aimed at."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QComboBox, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from tests.ui.keyboard import choose_with_keys
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.builder import ScoundrelBuilder, ScoundrelEditor


@pytest.fixture
def builder(qtbot: QtBot) -> Iterator[ScoundrelBuilder]:
    window = QMainWindow()
    qtbot.addWidget(window)
    editor = SYSTEM_UI.new_editor("blades.character", window)
    assert isinstance(editor, ScoundrelEditor)
    window.setCentralWidget(editor.widget())
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    yield editor.builder
    window.close()


def _on_screen(widget: QWidget, builder: ScoundrelBuilder) -> int:
    return widget.mapTo(builder.form_scroll.viewport(), QPoint(0, 0)).y()


def _pick(qtbot: QtBot, combo: QComboBox, starts: str) -> None:
    index = next(i for i in range(combo.count()) if combo.itemText(i).startswith(starts))
    choose_with_keys(qtbot, combo, index)
    QApplication.processEvents()


def test_a_refusal_at_the_top_does_not_move_the_page(qtbot: QtBot,
                                                      builder: ScoundrelBuilder) -> None:
    _pick(qtbot, builder.playbook, "Cutter")
    _pick(qtbot, builder.friend_pick, "Marlane")
    builder.form_scroll.ensureWidgetVisible(builder.vice, 0, 0)
    QApplication.processEvents()
    bar = builder.form_scroll.verticalScrollBar()
    assert bar.value() > 0 and builder.status.isHidden()
    where = _on_screen(builder.rival_pick, builder)
    _pick(qtbot, builder.rival_pick, "Marlane")  # the friend: refused
    assert not builder.status.isHidden() and "Not kept" in builder.status.text()
    assert _on_screen(builder.rival_pick, builder) == where
    _pick(qtbot, builder.rival_pick, "Chael")  # kept: the status line goes
    assert builder.status.isHidden() and builder.sc.rival.startswith("Chael")
    assert _on_screen(builder.rival_pick, builder) == where
