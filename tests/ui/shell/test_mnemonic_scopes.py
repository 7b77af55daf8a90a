"""The shell's letter scopes (:mod:`ui.shell.mnemonic_scopes`), on plain widgets: panes
with the same Alt letters, only the one worked in answering them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ui.shell.mnemonic_scopes import active_scope, mnemonic_scope


class Panel(QWidget):
    """A pane with the letters every pane of its kind has."""

    def __init__(self, name: str, host: QWidget) -> None:
        super().__init__(host)
        self.setObjectName(name)
        self.pressed: list[str] = []
        layout = QVBoxLayout(self)
        self.go = QPushButton("&Go", self)
        self.go.clicked.connect(lambda: self.pressed.append(name))
        layout.addWidget(self.go)
        host_layout = host.layout()
        assert host_layout is not None
        host_layout.addWidget(self)
        mnemonic_scope(self, among=host)
        QApplication.processEvents()  # (shown, as the layout of a window on show does)


@pytest.fixture
def host(qtbot: QtBot) -> Iterator[QWidget]:
    made = QWidget()
    QVBoxLayout(made)
    made.outside = QPushButton("&Log", made)  # type: ignore[attr-defined]
    made.layout().addWidget(made.outside)  # type: ignore[attr-defined, union-attr]
    qtbot.addWidget(made)
    made.show()
    made.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is made)
    yield made


def test_the_panel_worked_in_has_the_letters(qtbot: QtBot, host: QWidget) -> None:
    first, second = Panel("a", host), Panel("b", host)
    assert (first.go.text(), second.go.text()) == ("&Go", "Go")  # the first, to start
    second.go.setFocus()
    qtbot.waitUntil(lambda: active_scope(host) is second)
    assert (first.go.text(), second.go.text()) == ("Go", "&Go")
    QTest.keyClick(second.go, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: second.pressed == ["b"])  # one press: pressed, not focus moved
    assert first.pressed == []
    host.outside.setFocus()  # type: ignore[attr-defined]
    qtbot.waitUntil(host.outside.hasFocus)  # type: ignore[attr-defined]
    assert second.go.text() == "&Go"  # worked in last: keeps them
    assert host.outside.text() == "&Log"  # type: ignore[attr-defined]  # outside: untouched


def test_a_panel_drawn_afresh_and_a_panel_gone(qtbot: QtBot, host: QWidget) -> None:
    first, second = Panel("a", host), Panel("b", host)
    second.go.setFocus()
    qtbot.waitUntil(lambda: active_scope(host) is second)
    for old in (first, second):
        old.hide()
        old.deleteLater()
    first, second = Panel("a", host), Panel("b", host)  # redrawn: "b" keeps the letters
    assert (first.go.text(), second.go.text()) == ("Go", "&Go")
    second.deleteLater()  # "b" goes for good: the first gets them
    qtbot.waitUntil(lambda: first.go.text() == "&Go")
    assert active_scope(host) is first


def test_a_scope_going_after_its_registry_raises_nothing(qtbot: QtBot) -> None:
    """Closing a window after the scopes' registry went (the application ending) raised
    "_Scopes already deleted" from the scope's destroyed signal."""
    import shiboken6

    from ui.shell import mnemonic_scopes

    host = QWidget()
    qtbot.addWidget(host)
    pane = QWidget(host)
    mnemonic_scope(pane, among=host)
    registry = mnemonic_scopes._SCOPES
    assert registry is not None
    shiboken6.delete(registry)
    try:
        shiboken6.delete(pane)  # its destroyed signal reaches the deleted registry
    finally:
        mnemonic_scopes._SCOPES = None
