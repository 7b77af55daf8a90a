"""The layout harness's checks find what they look for (and nothing on a good page)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.ui.shell.layout_check import cut_text, sideways_scrolling, unnamed_inputs


def _page(qtbot: QtBot, wide: bool) -> QWidget:
    page = QWidget()
    qtbot.addWidget(page)
    column = QVBoxLayout(page)
    label = QLabel("Momentum win: first Action")
    button = QPushButton("Add typed NC")
    edit = QLineEdit()
    named = QLineEdit()
    named.setAccessibleName("Name")
    buddy = QLabel("&Player")
    buddied = QLineEdit()
    buddy.setBuddy(buddied)
    table = QTableWidget(1, 1)
    table.setHorizontalHeaderLabels(["Points over the TN"])
    table.setAccessibleName("Levels")
    scroll = QScrollArea()
    inner = QWidget()
    inner.setMinimumWidth(900 if wide else 10)
    scroll.setWidget(inner)
    scroll.setWidgetResizable(True)
    for widget in (label, button, edit, named, buddy, buddied, table, scroll):
        column.addWidget(widget)
    if wide:
        label.setFixedWidth(40)
        button.setFixedWidth(30)
        table.horizontalHeader().resizeSection(0, 30)
    else:
        edit.setAccessibleName("Campaign")
        table.horizontalHeader().resizeSection(0, 200)
    page.resize(400, 500)
    page.show()
    qtbot.waitExposed(page)
    QApplication.processEvents()
    return page


def test_the_checks_find_cut_text_sideways_scrolling_and_unnamed_inputs(qtbot: QtBot) -> None:
    page = _page(qtbot, wide=True)
    assert any("scrolls sideways" in p for p in sideways_scrolling(page))
    cut = cut_text(page)
    assert any("Momentum win" in p for p in cut)
    assert any("Add typed NC" in p for p in cut)
    assert any("Points over the TN" in p for p in cut)
    assert unnamed_inputs(page) == ["QLineEdit ''"]


def test_a_good_page_has_nothing_to_report(qtbot: QtBot) -> None:
    page = _page(qtbot, wide=False)
    assert sideways_scrolling(page) == []
    assert cut_text(page) == []
    assert unnamed_inputs(page) == []


def test_a_head_elided_with_its_whole_text_in_the_tooltip_is_not_cut(qtbot: QtBot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTableWidgetItem

    page = _page(qtbot, wide=True)
    table = page.findChild(QTableWidget)
    assert table is not None
    assert any("Points over the TN" in p for p in cut_text(page))
    head = QTableWidgetItem("Points over the TN")
    head.setToolTip("Points over the TN: how far the roll beat the target")
    table.setHorizontalHeaderItem(0, head)
    table.horizontalHeader().resizeSection(0, 30)
    QApplication.processEvents()
    assert head.data(Qt.ItemDataRole.ToolTipRole)
    assert not any("Points over the TN" in p for p in cut_text(page))


def test_a_wrapped_label_short_of_height_or_with_a_word_too_wide_is_cut(qtbot: QtBot) -> None:
    from PySide6.QtCore import Qt

    from tests.ui.shell.layout_check import cut_at_the_right, cut_wrapped_text, problems

    page = QWidget()
    qtbot.addWidget(page)
    column = QVBoxLayout(page)
    short = QLabel("A sentence long enough to need three or four lines at this width.")
    short.setWordWrap(True)
    short.setFixedSize(120, 16)  # one line's height for several
    word = QLabel("Incomprehensibilities")
    word.setWordWrap(True)
    word.setFixedWidth(40)
    fine = QLabel("Fits.")
    fine.setWordWrap(True)
    scroll = QScrollArea()
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    inner = QWidget()
    inner.setFixedWidth(900)  # no sideways bar to show it: the page is cut instead
    scroll.setWidget(inner)
    for widget in (short, word, fine, scroll):
        column.addWidget(widget)
    page.resize(400, 400)
    page.show()
    qtbot.waitExposed(page)
    QApplication.processEvents()
    found = cut_wrapped_text(page)
    assert any("A sentence" in p and "height" in p for p in found)
    assert any("Incomprehensibilities" in p and "word" in p for p in found)
    assert not any("Fits." in p for p in found)
    assert any("cut at the right" in p for p in cut_at_the_right(page))
    assert set(found) <= set(problems(page))
