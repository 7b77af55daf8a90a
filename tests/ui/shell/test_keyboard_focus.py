"""Where the keyboard's focus goes: a launch starts on the start page's New button, and
Tab never takes the focus somewhere the user cannot see (a dock behind another dock's
tab), where Edit › Undo would then act on a page nobody looks at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMenu,
    QPushButton,
    QScrollArea,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.core.resources import resource_path
from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import se_part
from tests.ui.keyboard import launched_window
from ui.shell.keys import mnemonic
from ui.shell.window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    """A launch's window, built and active (closing it discards what is open)."""
    yield from launched_window(qtbot)


def _dock_of(widget: QWidget) -> QDockWidget | None:
    parent: QWidget | None = widget
    while parent is not None and not isinstance(parent, QDockWidget):
        parent = parent.parentWidget()
    return parent


def _in_sight(widget: QWidget) -> bool:
    """Drawn where the user can see it: not a dock's page behind another dock's tab
    (Qt keeps those "visible", moved out of the window)."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def test_a_launch_starts_with_the_focus_on_the_first_new_button(
        qtbot: QtBot, window: MainWindow) -> None:
    page = window.start_page
    assert page.new_button is not None
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.new_button)
    tabs = window.tabs.count()
    qtbot.keyClick(page.new_button, Qt.Key.Key_Return)
    assert window.tabs.count() == tabs + 1


def test_the_start_page_takes_the_focus_back_when_the_last_tab_closes(
        qtbot: QtBot, window: MainWindow) -> None:
    page = window.start_page
    assert page.new_button is not None
    qtbot.keyClick(page.new_button, Qt.Key.Key_Return)
    assert window.tabs.count() == 1
    window.close_action.trigger()
    assert window.tabs.count() == 0
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.new_button)


def test_enter_presses_the_start_page_button_tabbed_to(
        qtbot: QtBot, window: MainWindow) -> None:
    """Found with a real keyboard: after Tab to the second New button, Enter did nothing
    (outside a dialog Qt's buttons take no Enter), and that button and the first one were
    drawn alike (both framed: one as the default, one as focused)."""
    page = window.start_page
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.new_button)
    second = page.choice_buttons[1]
    qtbot.keyClick(page.new_button, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is second
    defaults = [b for b in page.findChildren(QPushButton) if b.isDefault()]
    assert defaults == [second]  # one button drawn as the default: the focused one
    qtbot.keyClick(second, Qt.Key.Key_Return)
    assert window.tabs.count() == 1
    opened = window.current_document()
    first_system = window.controller.systems()[0].system_id
    assert window.current_system().system_id != first_system, type(opened).__name__
    # the focus gone from the page: the first New button is the default again
    assert page.new_button.isDefault() and not second.isDefault()


@pytest.mark.parametrize("with_character", [False, True])
def test_tab_keeps_the_focus_in_sight(
        qtbot: QtBot, window: MainWindow, with_character: bool) -> None:
    """Every widget Tab reaches, round the whole window, is one the user can see: a dock
    behind another dock's tab comes to the front when the focus enters it."""
    if with_character:
        se_part(window).open_book_character(load_pc("sarah-x"))
        QApplication.processEvents()
    document = window.current_document()
    steps = document.undo_stack.count() if document is not None else 0
    start = QApplication.focusWidget()
    assert start is not None
    reached: set[QDockWidget] = set()
    for _ in range(400):
        focus = QApplication.focusWidget()
        assert focus is not None
        qtbot.keyClick(focus, Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        assert focus is not None
        assert _in_sight(focus), (type(focus).__name__, focus.objectName(),
                                  focus.accessibleName())
        dock = _dock_of(focus)
        if dock is not None:
            reached.add(dock)
        if focus is start:
            break
    assert focus is start  # the round came back, and changed nothing on its way
    assert (document.undo_stack.count() if document is not None else 0) == steps
    # and went through the docks behind the first one's tab, too
    assert len(reached) >= (3 if with_character else 1), reached


def test_every_menu_command_has_a_letter_of_its_own(
        qtbot: QtBot, window: MainWindow) -> None:
    """Found with a real keyboard: the View menu's Budget, Play, GM's Table and GM Screen
    had no letter to pick them by once the menu was open. Each command of each menu (and
    submenu) has one, and no two in a menu share it."""
    se_part(window).open_book_character(load_pc("sarah-x"))
    QApplication.processEvents()
    found = []

    def check(menu: QMenu, path: str) -> None:
        menu.aboutToShow.emit()
        actions = [a for a in menu.actions() if not a.isSeparator() and a.isVisible()]
        letters = [mnemonic(a.text()) for a in actions]
        for action, letter in zip(actions, letters, strict=True):
            if letter is None and action.isEnabled():
                found.append(f"{path} › {action.text()!r} has no letter")
            elif letter is not None and letters.count(letter) > 1:
                found.append(f"{path} › {action.text()!r} shares Alt+{letter}")
            sub = action.menu()
            if isinstance(sub, QMenu):
                check(sub, f"{path} › {sub.title()}")

    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.isVisible():
            check(menu, menu.title())
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("sample", [
    ("swords_edge", "library", "pcs", "jyrell.json"),
    ("twod20", "ilse-varga.s2d20"),
    ("blades", "nadja-hound.blades"),
    ("sword_of_life", "library", "fighter-pilot.sol"),
])
def test_an_opened_file_takes_the_keyboard_in_its_page(
        qtbot: QtBot, window: MainWindow, sample: tuple[str, ...]) -> None:
    """Found with a real keyboard: a file opened (from the recent list, say) left the
    focus on the document tab bar or on the page's scroll area, where nothing showed it.
    It is on a control of the page, on screen."""
    path = Path(resource_path("systems", *sample))
    window.open_path(path)
    QApplication.processEvents()
    editor = window.current_editor()
    focus = QApplication.focusWidget()
    assert editor is not None and focus is not None
    assert editor is focus or editor.isAncestorOf(focus), type(focus).__name__
    assert not isinstance(focus, QScrollArea) and _in_sight(focus), type(focus).__name__
