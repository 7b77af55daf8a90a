"""The wrapping row (issue 26): widgets side by side when there is room, on more
lines when not, never wider than the room it gets."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ui.shell.flow_layout import FlowLayout, flow_row


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


def test_a_flow_row_wraps_when_narrow_and_fields_share_the_spare_width(qtbot: QtBot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    row = FlowLayout(fill=True)  # a form row, as the Blades pages use it
    host.setLayout(row)
    buttons = [QPushButton(f"Button number {n}") for n in range(4)]
    field = QLineEdit()
    field.setAccessibleName("Field")
    for button in buttons:
        row.addWidget(button)
    row.addWidget(field, 1)
    one_line = row.heightForWidth(2000)
    assert row.heightForWidth(200) > 2 * one_line, "narrow: one control a line"
    assert row.minimumSize().width() <= max(b.sizeHint().width() for b in buttons)
    host.resize(2000, one_line)
    host.show()
    row.setGeometry(QRect(0, 0, 2000, one_line))
    assert field.geometry().right() == 1999, "the field takes the rest of its line"
    assert buttons[1].geometry().top() == buttons[0].geometry().top()
    row.setGeometry(QRect(0, 0, 200, row.heightForWidth(200)))
    assert buttons[1].geometry().top() > buttons[0].geometry().bottom()
    assert all(b.geometry().right() < 200 for b in buttons)


def test_a_row_written_for_a_box_layout_flows_unchanged(qtbot: QtBot) -> None:
    """The QHBoxLayout calls a row already makes are accepted: a nested layout moves as one
    piece; stretches and spacings do nothing in a wrapped row."""
    host = QWidget()
    qtbot.addWidget(host)
    row = FlowLayout(fill=True)
    host.setLayout(row)
    label, field = QLabel("Name"), QLineEdit()
    pair = QHBoxLayout()
    pair.addWidget(label)
    pair.addWidget(field)
    row.addLayout(pair, 1)
    row.addSpacing(20)
    row.addStretch(1)
    row.setStretch(0, 3)
    assert row.count() == 1 and label.parentWidget() is field.parentWidget()
    row.setGeometry(QRect(0, 0, 400, row.heightForWidth(400)))
    assert label.parentWidget() is not None and label.parentWidget().width() == 400


def test_a_hidden_widget_takes_no_room(qtbot: QtBot) -> None:
    _host, buttons = _row(qtbot, 800)
    buttons[1].hide()
    row = buttons[0].parentWidget()
    assert row is not None
    layout = row.layout()
    assert isinstance(layout, FlowLayout)
    gap = layout.sizeHint().width() - buttons[0].sizeHint().width() - buttons[2].sizeHint().width()
    assert 0 <= gap <= 20  # one gap, no room for the hidden button


def test_an_item_known_to_be_gone_is_never_handed_back(qtbot: QtBot) -> None:
    """An item whose C++ half is gone (shiboken knows it) is dropped before Qt asks for the
    items again: handing it back gave Qt freed memory ("QWidgetItem already deleted" in the
    log of GM sessions that then crashed)."""
    import shiboken6

    host = QWidget()
    qtbot.addWidget(host)
    flow = FlowLayout(host)
    flow.addWidget(QLabel("gone", host))
    flow.addWidget(QLabel("kept", host))
    gone = flow.itemAt(0)
    assert gone is not None
    shiboken6.invalidate(gone)  # as shiboken marks it when Qt deletes it
    assert flow.count() == 1
    kept = flow.itemAt(0)
    assert kept is not None and kept.widget().text() == "kept"
    host.resize(300, 100)
    host.show()
    flow.activate()  # laid out without touching the dead item
