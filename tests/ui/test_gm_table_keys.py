"""Alt keys at the GM's Table: one press of a tab's letter reaches that tab, from
anywhere in the table (Alt+S went first to other controls holding S: every letter of
"Scene" was another control's too), beside a character's sheet or the GM Screen too; and
no two controls shown together share a letter, nor take a menu's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGroupBox,
    QLabel,
    QTabBar,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from tests.ui.document_helpers import gm_table, jyrell_file
from tests.ui.keyboard import focused, launched_window, press
from ui.shell.keys import mnemonic
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table import GMTableWidget


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from launched_window(qtbot)


def _busy_table(window: MainWindow, tmp_path: Path) -> GMTableWidget:
    """The table as in play: a campaign PC with a clock, the PC in the scene facing
    opponents; the GM Screen shown beside it."""
    table = gm_table(window)
    path = jyrell_file(tmp_path)
    assert table.party.add_characters([path]) == [path]
    table.party.add_clock("Reinforcements", 6)
    scene = table.scene
    character, _ = table.party.characters()[0]
    pc = scene.add_pc(character, path)
    assert pc is not None
    scene.pair(pc, scene.add_nc(library.load_nc("shock-troopers"), 2))
    window.gm_screen_dock.show()
    window.gm_screen_dock.raise_()
    QApplication.processEvents()
    assert isinstance(table, GMTableWidget)
    return table


def _texts(root: QWidget) -> list[tuple[str, str]]:
    """What each visible label with a buddy, button, group box and tab under ``root``
    shows (a label without a buddy takes no key)."""
    found: list[tuple[str, str]] = []
    for widget in [*root.findChildren(QLabel), *root.findChildren(QAbstractButton),
                   *root.findChildren(QGroupBox)]:
        if isinstance(widget, QLabel) and widget.buddy() is None:
            continue
        if widget.isVisible():
            text = (widget.title() if isinstance(widget, QGroupBox)
                    else widget.text() if isinstance(widget, QLabel | QAbstractButton) else "")
            found.append((type(widget).__name__, text))
    for bar in root.findChildren(QTabBar):
        if bar.isVisible():
            found += [("tab", bar.tabText(i)) for i in range(bar.count())]
    return found


def _letters(texts: list[tuple[str, str]]) -> dict[str, list[str]]:
    letters: dict[str, list[str]] = {}
    for kind, text in texts:
        key = mnemonic(text)
        if key is not None:
            letters.setdefault(key, []).append(f"{kind} {text!r}")
    return letters


def _views(table: GMTableWidget) -> Iterator[str]:
    """Each tab of the table shown in turn and, inside it, each page of its own tabs;
    what is shown, named."""
    for index in range(table.tabs.count()):
        table.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        page = table.tabs.widget(index)
        assert page is not None
        inner = [t for t in page.findChildren(QTabWidget) if t.isVisible()]
        if not inner:
            yield table.tabs.tabText(index)
        for tabs in inner:
            for sub in range(tabs.count()):
                tabs.setCurrentIndex(sub)
                QApplication.processEvents()
                yield f"{table.tabs.tabText(index)} › {tabs.tabText(sub)}"
            tabs.setCurrentIndex(0)


def test_no_two_controls_shown_together_share_a_letter(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    table = _busy_table(window, tmp_path)
    menus = [("menu", a.text()) for a in window.menuBar().actions() if a.isVisible()]
    clashes: dict[str, list[str]] = {}
    shown: list[str] = []
    for view in _views(table):
        shown.append(view)
        letters = _letters(menus + _texts(table))
        clashes.update({f"{view}: Alt+{key}": who for key, who in letters.items()
                        if len(who) > 1})
    assert len(shown) >= 4, shown  # Opponents' Preview and Editor, Party, Scene
    assert clashes == {}


def test_a_tabs_letter_is_no_other_controls_in_the_window(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """The tabs' letters: each shown once in the whole window, whatever the table
    shows (the GM Screen beside it, the menus), so one press is enough."""
    table = _busy_table(window, tmp_path)
    tab_keys = [mnemonic(table.tabs.tabText(i)) for i in range(table.tabs.count())]
    assert None not in tab_keys and len(set(tab_keys)) == len(tab_keys)
    menus = [("menu", a.text()) for a in window.menuBar().actions() if a.isVisible()]
    taken: dict[str, list[str]] = {}
    for view in _views(table):
        letters = _letters(menus + _texts(window))
        taken.update({f"{view}: Alt+{key}": who for key, who in letters.items()
                      if key in tab_keys and len(who) > 1})
    assert taken == {}


def _start_points(table: GMTableWidget) -> list[tuple[int, QWidget]]:
    """A control on each tab of the table (with the tab that shows it)."""
    return [
        (table.tabs.indexOf(table.opponents), table.opponents.search_edit),
        (table.tabs.indexOf(table.opponents), table.opponents.tree),
        (table.tabs.indexOf(table.party), table.party.name_edit),
        (table.tabs.indexOf(table.scene), table.scene.name_edit),
        (table.tabs.indexOf(table.scene), table.scene.log_list),
    ]


def _fields(table: GMTableWidget) -> list[str]:
    return [table.opponents.search_edit.text(), table.party.name_edit.text(),
            table.scene.name_edit.text()]


@pytest.mark.parametrize("character_open", [False, True], ids=["alone", "beside_a_sheet"])
def test_one_press_of_a_tabs_letter_reaches_it_from_anywhere_in_the_table(
        qtbot: QtBot, window: MainWindow, tmp_path: Path, character_open: bool) -> None:
    """Beside a character's sheet too, opened first: its Concept, Player and Name took
    Alt+O, Alt+P and Alt+N first, and the focus left the table."""
    sheet = window.new_document("swords-edge") if character_open else None
    table = _busy_table(window, tmp_path)
    fields = _fields(table)
    missed: list[str] = []
    for start_tab, start in _start_points(table):
        for target in range(table.tabs.count()):
            table.tabs.setCurrentIndex(start_tab)
            QApplication.processEvents()
            start.setFocus()
            qtbot.waitUntil(start.hasFocus)
            key = mnemonic(table.tabs.tabText(target))
            assert key is not None
            went = press(Qt.Key(ord(key.upper())), Qt.KeyboardModifier.AltModifier)
            page = table.tabs.widget(target)
            assert page is not None
            if table.tabs.currentIndex() != target:
                missed.append(f"Alt+{key} from {start.objectName() or type(start).__name__}: "
                              f"{table.tabs.tabText(table.tabs.currentIndex())!r} shown")
            elif not (page.isAncestorOf(went) or went is table.tabs.tabBar()):
                missed.append(f"Alt+{key} from {start.objectName() or type(start).__name__}:"
                              f" focus on {type(went).__name__} {went.objectName()!r}")
    assert missed == []
    assert table.isAncestorOf(focused()) or focused() is table
    assert _fields(table) == fields  # no letter typed anywhere
    if sheet is not None:
        assert not sheet.is_modified()


def test_one_press_reaches_the_opponents_preview_and_editor(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """The Opponents tab's own tabs too, whose letters the GM Screen's tabs beside the
    table also show (Reference, Test calculator)."""
    table = _busy_table(window, tmp_path)
    table.tabs.setCurrentWidget(table.opponents)
    side = table.opponents.side
    for target in (1, 0, 1):
        table.opponents.search_edit.setFocus()
        qtbot.waitUntil(table.opponents.search_edit.hasFocus)
        key = mnemonic(side.tabText(target))
        assert key is not None
        went = press(Qt.Key(ord(key.upper())), Qt.KeyboardModifier.AltModifier)
        assert side.currentIndex() == target, side.tabText(side.currentIndex())
        assert table.isAncestorOf(went), type(went).__name__

