"""The wrapping row (issue 26): widgets side by side when there is room, on more
lines when not, never wider than the room it gets."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ui.shell.flow_layout import flow_row


def _row(qtbot: QtBot, width: int) -> tuple[QWidget, list[QPushButton]]:
    host = QWidget()
    qtbot.addWidget(host)
    buttons = [QPushButton(text) for text in ("Add opponent", "Remove opponent", "Start over")]
    QVBoxLayout(host).addWidget(flow_row(*buttons))
    host.resize(width, 200)
    host.show()
    qtbot.waitExposed(host)
    return host, buttons


def test_a_wide_row_keeps_one_line(qtbot: QtBot) -> None:
    _host, buttons = _row(qtbot, 800)
    assert len({b.geometry().top() for b in buttons}) == 1
    assert buttons[0].x() < buttons[1].x() < buttons[2].x()


def test_a_narrow_row_wraps_and_stays_inside(qtbot: QtBot) -> None:
    host, buttons = _row(qtbot, buttons_width := 180)
    assert len({b.geometry().top() for b in buttons}) == 3
    row = buttons[0].parentWidget()
    assert row is not None and row.width() <= buttons_width
    for button in buttons:
        assert button.geometry().right() < row.width()
        assert button.width() >= button.sizeHint().width()  # no text cut
    assert host.minimumSizeHint().width() < 250
