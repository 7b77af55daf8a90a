"""Keys that work whatever is open: no label or button takes the Alt key of a menu
(Alt+F opens File), and Tab leaves every table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QGroupBox,
    QLabel,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.ui.keyboard import launched_window
from ui.shell.keys import mnemonic
from ui.shell.window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from launched_window(qtbot)


def _menu_clashes(window: MainWindow) -> list[str]:
    menus = {mnemonic(a.text()): a.text() for a in window.menuBar().actions()
             if a.isVisible() and mnemonic(a.text())}
    found = []
    widgets: list[QWidget] = [*window.findChildren(QLabel), *window.findChildren(QAbstractButton),
                              *window.findChildren(QGroupBox)]
    for widget in widgets:
        if not widget.isVisible():
            continue
        if isinstance(widget, QLabel) and widget.textFormat() == Qt.TextFormat.RichText:
            continue  # no mnemonics in rich text
        text = widget.title() if isinstance(widget, QGroupBox) else widget.text()
        key = mnemonic(text)
        if key in menus:
            found.append(f"{type(widget).__name__} {text!r} takes Alt+{key} from "
                         f"{menus[key]!r}")
    return found


def test_no_field_takes_a_menus_alt_key(qtbot: QtBot, window: MainWindow) -> None:
    """Found with a real keyboard: Alt+F put the cursor in a Sword's Edge character's
    Faculty instead of opening the File menu (and Alt+C, Alt+H and Alt+E did likewise in
    other places). No label or button of any document a user can make, nor of the docks
    beside it, has the Alt key of a menu."""
    found = []
    for ui in window.controller.systems():
        for choice in ui.new_document_choices():
            window.new_document(ui.system_id, choice.format_id)
            QApplication.processEvents()
            found += [f"{choice.format_id}: {c}" for c in _menu_clashes(window)]
            for dock in window.findChildren(QDockWidget):  # and each dock in front,
                dock.show()                                # each of its pages shown
                dock.raise_()
                QApplication.processEvents()
                found += [f"{choice.format_id}, {dock.windowTitle()}: {c}"
                          for c in _menu_clashes(window)]
                for tabs in dock.findChildren(QTabWidget):
                    if not tabs.isVisible():
                        continue
                    for index in range(tabs.count()):
                        tabs.setCurrentIndex(index)
                        QApplication.processEvents()
                        found += [f"{choice.format_id}, {dock.windowTitle()} › "
                                  f"{tabs.tabText(index)}: {c}" for c in _menu_clashes(window)]
    assert found == [], "\n".join(sorted(set(found)))


def _trapping_tables(window: MainWindow) -> list[str]:
    return [f"{type(view).__name__} {view.objectName() or view.accessibleName()!r}"
            for view in window.findChildren(QAbstractItemView)
            if view.isVisible() and view.tabKeyNavigation()]


def test_tab_leaves_every_table(qtbot: QtBot, window: MainWindow) -> None:
    """Qt's tables walk their cells on Tab, so a keyboard user could not leave one that
    has rows: no table of any document, dock or dock page does."""
    found = []
    for ui in window.controller.systems():
        for choice in ui.new_document_choices():
            window.new_document(ui.system_id, choice.format_id)
            QApplication.processEvents()
            found += [f"{choice.format_id}: {t}" for t in _trapping_tables(window)]
            for dock in window.findChildren(QDockWidget):
                dock.show()
                dock.raise_()
                QApplication.processEvents()
                for tabs in [None, *dock.findChildren(QTabWidget)]:
                    pages = range(tabs.count()) if tabs is not None and tabs.isVisible() else [0]
                    for index in pages:
                        if tabs is not None and tabs.isVisible():
                            tabs.setCurrentIndex(index)
                            QApplication.processEvents()
                        found += [f"{choice.format_id}, {dock.windowTitle()}: {t}"
                                  for t in _trapping_tables(window)]
    window.controller.new_campaign(window.controller.systems()[0].system_id)
    QApplication.processEvents()
    found += [f"campaign: {t}" for t in _trapping_tables(window)]
    assert not found, "\n".join(sorted(set(found)))
