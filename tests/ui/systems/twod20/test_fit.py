"""Every 2d20 page fits a laptop screen: the sample records, the conflict tracker and each
GM Screen page (calculator with its roller, reference, conflict) in the main window at
1366x768 and 1024x768 (less a 30 px title bar), light and dark. A page never scrolls
sideways, no label, button or header is cut (unless elided with the full text in its
tooltip), and every input control has an accessible name."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QApplication,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.core.trackers import TimeUnit
from seforge.systems.twod20 import conflict as cf
from tests.ui.shell.layout_check import problems, unnamed_inputs
from ui.shell import screen_fit
from ui.shell.settings import Preferences
from ui.shell.theme import apply_theme
from ui.shell.window import MainWindow
from ui.systems.twod20.gm_screen import GmScreen

TITLE_BAR = 30
SIZES = {"1366x768": QRect(0, 0, 1366, 768), "1024x768": QRect(0, 0, 1024, 768)}
SAMPLES = sorted((Path(__file__).resolve().parents[4] / "resources" / "systems" / "twod20")
                 .glob("*.s2d20"))


def _settle(window: MainWindow) -> None:
    for _ in range(4):
        QApplication.processEvents()
    layout = window.layout()
    if layout is not None:
        layout.activate()
    QApplication.processEvents()


@pytest.fixture(params=["light", "dark"])
def theme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    apply_theme(qapp, request.param)
    yield str(request.param)
    apply_theme(qapp, "light")


@pytest.fixture(params=list(SIZES))
def main_window(request: pytest.FixtureRequest, theme: str, qtbot: QtBot,
                monkeypatch: pytest.MonkeyPatch, prompts: list[str]) -> Iterator[MainWindow]:
    screen = SIZES[request.param]
    client = screen.adjusted(0, TITLE_BAR, 0, 0)
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(client))
    window = MainWindow(Preferences(), 3_600_000)
    qtbot.addWidget(window)
    # on a screen where 1280x800 and a title bar do not fit, the first window opens
    # maximized; the test sizes it to the laptop's client area itself
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.show()
    window.ensure_ready()
    window.setGeometry(client)
    _settle(window)
    yield window
    for document in [*window.documents(), *window.gm_documents()]:
        document.undo_stack.setClean()
    window.close()


def _check(root: QWidget, where: str) -> None:
    assert problems(root) == [], where
    assert unnamed_inputs(root) == [], where


def _gm_page(window: MainWindow) -> GmScreen:
    dock = window.gm_screen_dock
    dock.show()
    dock.raise_()
    page = dock.show_page("2d20")
    assert isinstance(page, GmScreen)
    return page


def _add(conflict: cf.Conflict, name: str, side: cf.Side) -> cf.Conflict:
    return cf.add_combatant(conflict, name, side)


def _fill_tracker(page: GmScreen) -> None:
    owner = page.conflict_owner
    for name, side in (("Ilse Varga of the Long Road", cf.Side.PC), ("Bram", cf.Side.PC),
                       ("Guard captain", cf.Side.NPC)):
        owner.apply("add", partial(_add, name=name, side=side))
    owner.apply("momentum", lambda d: cf.add_momentum(d, 3))
    owner.apply("turn", lambda d: cf.take_turn(d, "Bram"))
    owner.apply("effect", lambda d: cf.add_effect(d, "Stunned", 1, TimeUnit.TURN,
                                                  "Guard captain"))


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_record_and_gm_screen_fit(main_window: MainWindow, sample: Path) -> None:
    assert main_window.open_file(sample)
    page = _gm_page(main_window)
    _fill_tracker(page)
    _settle(main_window)
    editor = main_window.current_editor()
    assert editor is not None
    assert editor.width() > 400, "the GM Screen dock leaves the record room"
    _check(editor, f"{sample.stem} record editor")
    for index in range(page.tabs.count()):
        page.tabs.setCurrentIndex(index)
        _settle(main_window)
        _check(main_window.gm_screen_dock, f"GM Screen {page.tabs.tabText(index)}")
    page.tabs.setCurrentWidget(page.reference)
    tables = page.reference.list
    assert tables.count() > 5
    for row in range(tables.count()):
        tables.setCurrentRow(row)
        QApplication.processEvents()
        assert problems(page.reference) == [], tables.item(row).text()


def test_conflict_tracker_as_a_document_fits(main_window: MainWindow) -> None:
    main_window.new_document("2d20", "2d20.conflict")
    _settle(main_window)
    editor = main_window.current_editor()
    owner = main_window.current_document()
    for name, side in (("Ilse Varga of the Long Road", cf.Side.PC),
                       ("Guard captain", cf.Side.NPC)):
        owner.apply("add", lambda d, n=name, s=side: cf.add_combatant(d, n, s))
    _settle(main_window)
    _check(editor, "conflict tracker tab")


CONAN_TABLE = (("Conan of Cimmeria", cf.Side.PC), ("Bêlit, Queen of the Black Coast", cf.Side.PC),
               ("Valeria of the Red Brotherhood", cf.Side.PC),
               ("Thoth-Amon of Stygia", cf.Side.NPC), ("Guard captain", cf.Side.NPC),
               ("Xaltotun of Acheron", cf.Side.NPC))


def _conan_table(conflict: cf.Conflict) -> cf.Conflict:
    conflict = cf.change_profile(conflict, "conan")          # the widest heads: Vigor / Resolve
    for name, side in CONAN_TABLE:
        conflict = cf.add_combatant(conflict, name, side)
    conflict = cf.take_stress(conflict, "Guard captain", 6)
    return cf.take_turn(conflict, "Conan of Cimmeria")


def test_the_conflict_tab_keeps_room_for_a_typical_name(main_window: MainWindow) -> None:
    """Six characters with real names in a conflict tab, every column shown: the Name column
    was left the width of its head ("Conan o…"), the numbers columns taking all the rest.
    It keeps room for a typical name (16 letters) before they take more than their heads."""
    from ui.systems.twod20.conflict_table import NAME_ROOM
    from ui.systems.twod20.twod20_ui import ConflictEditor

    main_window.new_document("2d20", "2d20.conflict")
    main_window.current_document().apply("The table", _conan_table)
    _settle(main_window)
    page = main_window.current_editor()
    tab = main_window.controller.current_tab()
    assert page is not None and tab is not None and isinstance(tab.editor, ConflictEditor)
    _check(page, "conflict tracker tab")
    table = tab.editor.view.table
    header = table.horizontalHeader()
    assert header.sectionSize(0) >= table.fontMetrics().averageCharWidth() * NAME_ROOM
    for column in range(1, table.columnCount()):                   # every head whole
        assert not header.isSectionHidden(column)
        assert header.sectionSize(column) >= header.sectionSizeHint(column), column
    assert header.sectionSize(0) + sum(header.sectionSize(c) for c in range(
        1, table.columnCount())) <= table.viewport().width()         # no sideways scroll
