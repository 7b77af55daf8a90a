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
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QScrollBar,
    QTabBar,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.core.trackers import TimeUnit
from seforge.systems.twod20 import conflict as cf
from ui.shell import screen_fit
from ui.shell.settings import Preferences
from ui.shell.theme import apply_theme
from ui.shell.window import MainWindow
from ui.systems.twod20.gm_screen import GmScreen

TITLE_BAR = 30
SIZES = {"1366x768": QRect(0, 0, 1366, 768), "1024x768": QRect(0, 0, 1024, 768)}
SAMPLES = sorted((Path(__file__).resolve().parents[4] / "resources" / "systems" / "twod20")
                 .glob("*.s2d20"))
ELLIPSIS = "\u2026"


def _visible(widget: QWidget, root: QWidget) -> bool:
    return widget.isVisibleTo(root) and widget.width() > 0 and widget.height() > 0


def _inside_item_view(widget: QWidget, root: QWidget) -> bool:
    """Editors and cell widgets of a table scroll with it; the header is checked apart."""
    parent = widget.parentWidget()
    while parent is not None and parent is not root:
        if isinstance(parent, QAbstractItemView) and not isinstance(widget, QHeaderView):
            return True
        parent = parent.parentWidget()
    return False


def _elided_with_tip(shown: str, tip: str) -> bool:
    return ELLIPSIS in shown and shown.replace(ELLIPSIS, "").strip() != "" \
        and len(tip) >= len(shown.replace(ELLIPSIS, ""))


def sideways_scrolling(root: QWidget) -> list[str]:
    found = []
    for area in [root, *root.findChildren(QAbstractScrollArea)]:
        if not isinstance(area, QAbstractScrollArea) or not _visible(area, root):
            continue
        bar = area.horizontalScrollBar()
        if bar.maximum() > bar.minimum():
            found.append(f"{type(area).__name__} {area.objectName() or area.accessibleName()!r}"
                         f" scrolls {bar.maximum() - bar.minimum()} px sideways")
    return found


def cut_texts(root: QWidget) -> list[str]:
    found = []
    for label in root.findChildren(QLabel):
        if not _visible(label, root) or not label.text() or _inside_item_view(label, root):
            continue
        if label.pixmap() is not None and not label.pixmap().isNull():
            continue
        if label.wordWrap():
            need = label.heightForWidth(label.width())
            if need > label.height() + 1:
                found.append(f"label {label.text()[:40]!r}: {need} px tall in "
                             f"{label.height()} px")
            continue
        need = label.minimumSizeHint().width()
        if need > label.width() and not _elided_with_tip(label.text(), label.toolTip()):
            found.append(f"label {label.text()[:40]!r}: {need} px wide in {label.width()} px")
    for button in root.findChildren(QAbstractButton):
        if not _visible(button, root) or not button.text() or _inside_item_view(button, root):
            continue
        if isinstance(button.parentWidget(), QTabBar):
            continue
        need = button.minimumSizeHint().width()
        if need > button.width() and not _elided_with_tip(button.text(), button.toolTip()):
            found.append(f"button {button.text()!r}: {need} px wide in {button.width()} px")
    for header in root.findChildren(QHeaderView):
        view = header.parentWidget()
        if view is None or not _visible(header, root) or not _visible(view, root):
            continue
        model = header.model()
        if model is None:
            continue
        horizontal = header.orientation() is Qt.Orientation.Horizontal
        for section in range(header.count()):
            if header.isSectionHidden(section):
                continue
            text = str(model.headerData(section, header.orientation()) or "")
            if not text:
                continue
            hint = header.sectionSizeFromContents(section)
            need = hint.width() if horizontal else hint.height()
            have = header.sectionSize(section)
            if horizontal and need > have:
                tip = str(model.headerData(section, header.orientation(),
                                           Qt.ItemDataRole.ToolTipRole) or "")
                elides = header.textElideMode() is not Qt.TextElideMode.ElideNone
                if not (elides and text in tip):
                    found.append(f"header {text!r}: {need} px wide in {have} px")
    return found


INPUTS = (QLineEdit, QAbstractSpinBox, QComboBox, QCheckBox, QRadioButton, QTextEdit,
          QPlainTextEdit, QAbstractItemView)


def unnamed_inputs(root: QWidget) -> list[str]:
    found = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, INPUTS) or isinstance(widget, QHeaderView):
            continue
        if isinstance(widget, QAbstractSlider) and isinstance(widget, QScrollBar):
            continue
        if not _visible(widget, root) or _inside_item_view(widget, root):
            continue
        parent = widget.parentWidget()
        if isinstance(parent, (QAbstractSpinBox, QComboBox)):
            continue  # the line edit inside a spin box or an editable combo
        name = widget.accessibleName()
        if not name and isinstance(widget, (QCheckBox, QRadioButton)):
            name = widget.text()
        if not name:
            found.append(f"{type(widget).__name__} {widget.objectName()!r} "
                         f"(tooltip {widget.toolTip()[:40]!r})")
    return found


def problems(root: QWidget) -> list[str]:
    return [*sideways_scrolling(root), *cut_texts(root)]


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


def test_the_checks_can_fail(qtbot: QtBot) -> None:
    """A cut label, a cut header and a table that scrolls sideways are all found."""
    from PySide6.QtWidgets import QTableWidget, QVBoxLayout

    page = QWidget()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    label = QLabel("A label far too long for the little page it sits on")
    label.setMinimumWidth(0)
    label.setSizePolicy(label.sizePolicy().Policy.Ignored, label.sizePolicy().Policy.Fixed)
    layout.addWidget(label)
    table = QTableWidget(1, 6)
    table.setHorizontalHeaderLabels([f"Long header number {i}" for i in range(6)])
    layout.addWidget(table)
    page.resize(200, 200)
    page.show()
    QApplication.processEvents()
    found = problems(page)
    assert any(p.startswith("label") for p in found)
    assert any("sideways" in p for p in found)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    QApplication.processEvents()
    assert any(p.startswith("header") for p in problems(page))
    assert unnamed_inputs(page) == ["QTableWidget '' (tooltip '')"]
