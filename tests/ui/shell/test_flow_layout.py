"""The wrapping row (issue 26): widgets side by side when there is room, on more
lines when not, never wider than the room it gets."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QRect
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
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


def _widgets(flow: FlowLayout) -> list[QWidget | None]:
    """The widgets of ``flow``'s items, in order."""
    items = [flow.itemAt(i) for i in range(flow.count())]
    return [item.widget() if item is not None else None for item in items]


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
    holder = label.parentWidget()
    assert holder is not None and holder.width() == 400


def test_a_hidden_widget_takes_no_room(qtbot: QtBot) -> None:
    _host, buttons = _row(qtbot, 800)
    buttons[1].hide()
    row = buttons[0].parentWidget()
    assert row is not None
    layout = row.layout()
    assert isinstance(layout, FlowLayout)
    gap = layout.sizeHint().width() - buttons[0].sizeHint().width() - buttons[2].sizeHint().width()
    assert 0 <= gap <= 20  # one gap, no room for the hidden button


def test_an_item_deleted_behind_its_back_is_never_handed_back(qtbot: QtBot) -> None:
    """An item whose C++ half is gone (shiboken knows it) is dropped before Qt asks for the
    items again: handing it back would give Qt freed memory."""
    host = QWidget()
    qtbot.addWidget(host)
    flow = FlowLayout(host)
    flow.addWidget(QLabel("gone", host))
    flow.addWidget(QLabel("kept", host))
    gone = flow.itemAt(0)
    assert gone is not None
    shiboken6.delete(gone)  # freed without takeAt: no Qt code does this, but if it did
    assert flow.count() == 1
    kept = _widgets(flow)
    assert isinstance(kept[0], QLabel) and kept[0].text() == "kept"
    host.resize(300, 100)
    host.show()
    flow.activate()  # laid out without touching the dead item


# -- who owns the items (a GM session died in libshiboken6 after "QWidgetItem already deleted")


def _nested_flow(qtbot: QtBot, names: list[str], *, kept: bool = True,
                 ) -> tuple[QWidget, FlowLayout, list[QCheckBox]]:
    """A card as NCCard builds one: the flow filled first, then put into the card's box
    layout (PySide then ties the items' wrappers to that box layout). ``kept``: closed by
    qtbot at the end (not for a card the test deletes)."""
    card = QWidget()
    if kept:
        qtbot.addWidget(card)
    outer = QVBoxLayout(card)
    flow = FlowLayout(spacing=10)
    boxes = [QCheckBox(name, card) for name in names]
    for box in boxes:
        flow.addWidget(box)
    outer.addLayout(flow)
    return card, flow, boxes


def test_every_item_is_the_layouts_own(qtbot: QtBot) -> None:
    """Items are made by Python, so shiboken hears when Qt deletes one; an item Qt made
    (a plain QLayout.addWidget) is swapped for one of ours."""
    host = QWidget()
    qtbot.addWidget(host)
    flow = FlowLayout(host)
    flow.addWidget(QLabel("ours", host))
    QLayout.addWidget(flow, QLabel("through Qt", host))
    assert flow.count() == 2
    for index in range(2):
        item = flow.itemAt(index)
        assert item is not None and shiboken6.createdByPython(item)
    assert [w.text() for w in _widgets(flow) if isinstance(w, QLabel)] == ["ours", "through Qt"]


def test_an_item_qt_deletes_leaves_no_live_wrapper(qtbot: QtBot) -> None:
    """When a widget leaves, Qt takes its item and deletes it: its Python wrapper must know.
    A wrapper still "valid" over freed memory is handed to the next item Qt makes at that
    address, and dies with the layout it was first tied to."""
    _card, flow, boxes = _nested_flow(qtbot, ["Tough +4", "Armoured +2", "Fast +1"])
    taken = flow.itemAt(1)
    assert taken is not None
    boxes[1].setParent(None)  # Qt: removeWidgetRecursively -> delete takeAt(1)
    boxes[1].deleteLater()
    assert flow.count() == 2
    assert not shiboken6.isValid(taken), "Qt deleted the item; its wrapper must say so"
    assert _widgets(flow) == [boxes[0], boxes[2]]


def test_an_item_made_where_a_deleted_one_was_outlives_the_old_ones_layout(
        qtbot: QtBot) -> None:
    """The GM calculator's crash: a card's item is deleted, the next item (a result's
    button in another flow) is made at the freed address, then the card goes. The button
    must stay in its flow (before: the flow lost it, and without the guard Qt got an item
    shiboken calls deleted and the app died)."""
    host = QWidget()
    qtbot.addWidget(host)
    flow = FlowLayout(host)
    buttons = [QPushButton(f"Next step {n}", host) for n in range(12)]
    for button in buttons:
        card, _card_flow, boxes = _nested_flow(qtbot, ["Tough +4", "Armoured +2"],
                                                 kept=False)
        boxes[0].setParent(None)  # its item freed...
        flow.addWidget(button)  # ...and the next one made at once (often the same address)
        boxes[0].deleteLater()
        card.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert flow.count() == len(buttons)
    assert _widgets(flow) == buttons
    host.resize(400, 400)
    host.show()
    qtbot.waitExposed(host)
    flow.activate()
    assert all(b.geometry().right() < host.width() for b in buttons)
    assert len({(b.x(), b.y()) for b in buttons}) == len(buttons), "each laid out"


def test_removing_a_widget_deletes_its_item_once(qtbot: QtBot) -> None:
    """removeWidget (the calculator's next-step buttons): the item goes and is deleted,
    the widget stays the caller's, the others stay laid out."""
    card, flow, boxes = _nested_flow(qtbot, ["Tough +4", "Armoured +2", "Fast +1"])
    item = flow.itemAt(0)
    flow.removeWidget(boxes[0])
    assert flow.count() == 2 and item is not None and not shiboken6.isValid(item)
    assert shiboken6.isValid(boxes[0]) and boxes[0].parentWidget() is card
    boxes[0].deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert _widgets(flow) == boxes[1:]


def test_deleting_the_layout_deletes_its_items_not_its_widgets(qtbot: QtBot) -> None:
    """As Qt's own layouts do: a layout that goes takes its items with it."""
    card, flow, boxes = _nested_flow(qtbot, ["Tough +4", "Armoured +2"])
    items = [flow.itemAt(i) for i in range(flow.count())]
    outer = card.layout()
    assert outer is not None
    outer.removeItem(flow)
    shiboken6.delete(flow)
    assert not any(shiboken6.isValid(item) for item in items)
    assert all(shiboken6.isValid(box) and box.parentWidget() is card for box in boxes)
