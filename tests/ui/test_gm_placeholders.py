"""The Sword's Edge GM Screen's empty fields show what to write in them whole, at both
laptop sizes: Qt cuts a placeholder wider than its field ("Type to search t…")."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from tests.ui.helpers import against_two_troopers, laptop_gm_screen, settle
from tests.ui.shell.layout_check import cut_placeholders
from ui.shell.window import MainWindow


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_the_gm_screens_placeholders_are_whole(
        size: tuple[int, int], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        made: list[MainWindow]) -> None:
    window, dock = laptop_gm_screen(qtbot, monkeypatch, size, "jyrell", made)
    against_two_troopers(dock, window.current_document().character)
    settle()
    found: list[str] = []
    for index in range(dock.tabs.count()):
        dock.tabs.setCurrentIndex(index)
        page = dock.tabs.widget(index)
        for line in page.findChildren(QLineEdit):  # every placeholder in sight
            if line.placeholderText():
                line.clear()
        settle()
        found += [f"{dock.tabs.tabText(index)}: {p}" for p in cut_placeholders(page)]
    assert found == [], "\n".join(found)
