"""What the keyboard tests share: a window that has the keyboard (active, as a user's
is), and Tab and keys pressed on whatever has the focus."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QWidget
from pytestqt.qtbot import QtBot

from ui.app import first_window
from ui.shell.settings import Preferences
from ui.shell.window import MainWindow


def active_window(qtbot: QtBot) -> Iterator[MainWindow]:
    """A built window that has the keyboard, as a user's has; closed afterwards with its
    documents counted as saved (a module's ``window`` fixture yields from it; its test
    asks for ``prompts`` too)."""
    made = MainWindow(Preferences(), 3_600_000)
    qtbot.addWidget(made)
    made.resize(1024, 738)
    made.show()
    made.ensure_ready()
    made.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is made)
    yield made
    for document in [*made.documents(), *made.gm_documents()]:
        document.undo_stack.setClean()
    made.close()


def launched_window(qtbot: QtBot) -> Iterator[MainWindow]:
    """The window as a launch shows it, built and active (closed afterwards; its test asks
    for ``prompts``, so what is open is discarded)."""
    made = first_window(Preferences())
    qtbot.addWidget(made)
    made.show()
    qtbot.waitExposed(made)
    made.ensure_ready()
    QApplication.processEvents()
    made.activateWindow()
    qtbot.waitUntil(made.isActiveWindow)
    yield made
    made.shutdown()
    made.close()


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def press(key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
          ) -> QWidget:
    """One key on the focused widget, as the keyboard sends it; where the focus went."""
    QTest.keyClick(focused(), key, modifier)
    return focused()


def walk(start: QWidget, steps: int, back: bool = False) -> list[QWidget]:
    """The widgets Tab (Shift+Tab with ``back``) reaches from ``start``, one per press."""
    start.setFocus()
    assert start.hasFocus()
    modifier = (Qt.KeyboardModifier.ShiftModifier if back
                else Qt.KeyboardModifier.NoModifier)
    return [press(Qt.Key.Key_Backtab if back else Qt.Key.Key_Tab, modifier)
            for _ in range(steps)]


def choose_with_keys(qtbot: QtBot, combo: QComboBox, index: int) -> None:
    """Choose item ``index`` of ``combo`` with the arrow keys, as a user does (Qt emits
    ``activated``, as for a pick with the mouse)."""
    assert combo.isEnabled(), combo.accessibleName()
    combo.setFocus()
    for _ in range(2 * combo.count()):
        if combo.currentIndex() == index:
            break
        qtbot.keyClick(combo, Qt.Key.Key_Up if combo.currentIndex() > index else Qt.Key.Key_Down)
    assert combo.currentIndex() == index, combo.accessibleName()
