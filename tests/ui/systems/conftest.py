"""What the systems' GUI tests share: a laptop-sized window on each screen size, in each
theme (a module's ``window`` fixture returns it when its tests want every one)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.helpers import laptop_window, settle
from ui.shell.theme import apply_theme
from ui.shell.window import MainWindow

LAPTOP_SIZES = [(1366, 768), (1024, 768)]


@pytest.fixture(params=["light", "dark"])
def laptop_theme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """Each theme in turn (the light one put back afterwards)."""
    apply_theme(qapp, request.param)
    yield str(request.param)
    apply_theme(qapp, "light")


@pytest.fixture(params=LAPTOP_SIZES, ids=[f"{w}x{h}" for w, h in LAPTOP_SIZES])
def each_laptop(request: pytest.FixtureRequest, laptop_theme: str, qtbot: QtBot,
                monkeypatch: pytest.MonkeyPatch, prompts: list[str]) -> Iterator[MainWindow]:
    """The built window on each laptop screen, in each theme; closed afterwards with what
    is open in it counted as saved."""
    made = laptop_window(qtbot, monkeypatch, request.param)
    settle()
    yield made
    for document in [*made.documents(), *made.gm_documents()]:
        document.undo_stack.setClean()
    made.close()
