"""Ctrl+N makes a new document like the current tab's, as in an office suite: a Blades
crew's tab gives a new crew, a scoundrel's a new scoundrel, and the start page the first
system's first (a Blades session got a Sword's Edge character). File › New shows Ctrl+N
beside the item it makes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.keyboard import active_window
from ui.shell.window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def _format(window: MainWindow) -> str:
    document = window.current_document()
    kind = getattr(document, "kind", None)
    return str(getattr(kind, "format_id", type(document).__name__))


def _ctrl_n(window: MainWindow, qtbot: QtBot) -> None:
    focus = window.focusWidget() or window
    qtbot.keyClick(focus, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)


def _keyed_item(window: MainWindow) -> str:
    window.new_menu.aboutToShow.emit()  # as when File › New opens
    return next(a.text().replace("&", "") for a in window.new_menu.actions()
                if a is window.new_action)


def test_ctrl_n_makes_a_document_like_the_current_one(window: MainWindow,
                                                      qtbot: QtBot) -> None:
    window.ensure_ready()
    window.new_document("blades", "blades.crew")
    assert _format(window) == "blades.crew"
    assert _keyed_item(window) == "Crew"
    _ctrl_n(window, qtbot)
    assert _format(window) == "blades.crew" and window.tabs.count() == 2
    window.new_document("blades", "blades.character")
    _ctrl_n(window, qtbot)
    assert _format(window) == "blades.character" and window.tabs.count() == 4
    while window.tabs.count():
        assert window.close_current()
    assert _keyed_item(window) == "Character"  # the first system's, Sword's Edge
    _ctrl_n(window, qtbot)
    assert type(window.current_document()).__name__ == "CharacterDocument"
