"""The Sword's Edge GM Screen's empty fields show what to write in them whole, at both
laptop sizes: Qt cuts a placeholder wider than its field ("Type to search t…")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import against_two_troopers, laptop_window, se_part
from tests.ui.shell.layout_check import cut_placeholders
from ui.shell.window import MainWindow


@pytest.fixture
def made(prompts: list[str]) -> Iterator[list[MainWindow]]:
    windows: list[MainWindow] = []
    yield windows
    for window in windows:
        for document in window.documents():
            document.undo_stack.setClean()
        window.close()


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_the_gm_screens_placeholders_are_whole(
        size: tuple[int, int], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        made: list[MainWindow]) -> None:
    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    part = se_part(window)
    part.open_book_character(load_pc("jyrell"))
    _settle()
    window.gm_screen_dock.show()
    window.gm_screen_dock.raise_()
    dock = part.gm_dock
    assert dock is not None
    against_two_troopers(dock, window.current_document().character)
    _settle()
    found: list[str] = []
    for index in range(dock.tabs.count()):
        dock.tabs.setCurrentIndex(index)
        page = dock.tabs.widget(index)
        for line in page.findChildren(QLineEdit):  # every placeholder in sight
            if line.placeholderText():
                line.clear()
        _settle()
        found += [f"{dock.tabs.tabText(index)}: {p}" for p in cut_placeholders(page)]
    assert found == [], "\n".join(found)
