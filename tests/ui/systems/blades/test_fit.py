"""Issue 26's layout rule for the Blades pages: in the main window at 1366x768 and 1024x768
(a 30 px title bar taken off the height), light and dark, the scoundrel builder, the crew
editor and each GM Screen page never scroll sideways, cut no label, button or table header
(unless it is elided with the full text in its tooltip), and name every input control."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QApplication,
    QGroupBox,
    QLineEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.core.resources import resource_path
from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import TITLE_BAR, laptop_window, se_part
from tests.ui.shell.layout_check import (
    cut_placeholders,
    describe,
    problems,
    sideways_scrolling,
    unnamed_inputs,
)
from ui.shell.flow_layout import FlowLayout
from ui.shell.theme import apply_theme
from ui.shell.window import MainWindow
from ui.systems.blades.builder import ScoundrelBuilder
from ui.systems.blades.crew_editor import CrewWidget
from ui.systems.blades.gm_screen import BladesGmScreen

SIZES = {"1366x768": (1366, 768), "1024x768": (1024, 768)}


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def fit_problems(root: QWidget) -> list[str]:
    """What breaks the layout rule under ``root`` (the shared harness's checks): sideways
    scrolling, cut text, unnamed input controls."""
    return [*problems(root), *unnamed_inputs(root)]


@pytest.fixture
def made(prompts: list[str]) -> Iterator[list[MainWindow]]:
    windows: list[MainWindow] = []
    yield windows
    for window in windows:
        for document in window.documents():
            document.undo_stack.setClean()
        window.close()


def _window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow],
            size: tuple[int, int]) -> MainWindow:
    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    _settle()
    return window


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_blades_pages_fit_the_window(size: str, theme: str, qtbot: QtBot,
                                     qapp: QApplication, monkeypatch: pytest.MonkeyPatch,
                                     made: list[MainWindow]) -> None:
    apply_theme(qapp, theme)
    try:
        window = _window(qtbot, monkeypatch, made, SIZES[size])
        problems: list[str] = []
        sample = Path(resource_path("systems", "blades", "nadja-hound.blades"))
        window.open_path(sample)
        _settle()
        assert window.gm_screen_dock.isVisible()
        screen = window.gm_screen_dock.built("blades")
        assert isinstance(screen, BladesGmScreen)
        for index in range(screen.count()):
            screen.setCurrentIndex(index)
            _settle()
            problems += [f"{screen.tabText(index)}: {p}" for p in fit_problems(screen)]
        editor = window.current_editor()
        assert editor is not None
        problems += fit_problems(editor)
        window.new_document("blades", "blades.crew")
        _settle()
        crew = window.current_editor()
        assert isinstance(crew, CrewWidget)
        index = crew.type_pick.findData("Shadows")
        crew.type_pick.setCurrentIndex(index)
        crew.type_pick.activated.emit(index)
        _settle()
        problems += fit_problems(crew)
        width, height = SIZES[size]
        assert window.width() <= width and window.height() <= height - TITLE_BAR, \
            "no Blades page makes the window larger than the screen"
        assert problems == [], "\n".join(problems)
    finally:
        apply_theme(qapp, "light")


def _in(widget: QWidget, parent: QWidget) -> QRect:
    """``widget``'s rectangle in ``parent``'s coordinates."""
    return QRect(widget.mapTo(parent, QPoint(0, 0)), widget.size())


def _crew_beside_play(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow],
                      size: str) -> CrewWidget:
    """The play session's steps: a Sword's Edge character with its Play dock shown, then a
    new Blades crew given two clocks, each step through the window and the widgets."""
    window = _window(qtbot, monkeypatch, made, SIZES[size])
    se_part(window).open_book_character(load_pc("sarah-x"))
    _settle()
    play = se_part(window).play_dock
    assert play is not None
    play.show()
    play.raise_()
    _settle()
    window.new_document("blades", "blades.crew")
    _settle()
    crew = window.current_editor()
    assert isinstance(crew, CrewWidget)
    for name in ("Alarm", "Lockdown"):
        qtbot.keyClicks(crew.clock_name, name)
        qtbot.mouseClick(crew.add_clock, Qt.MouseButton.LeftButton)
        _settle()
    assert [clock.name for clock in crew.crew.clocks] == ["Alarm", "Lockdown"]
    return crew


@pytest.mark.parametrize("size", list(SIZES))
def test_crew_box_controls_never_overlap(size: str, qtbot: QtBot,
                                         monkeypatch: pytest.MonkeyPatch,
                                         made: list[MainWindow]) -> None:
    """Play session: at 1024x768, beside a Sword's Edge character's Play dock, a new crew
    with two clocks had "Take advance" drawn over the line below it (the crew box was laid
    out with a Crew XP row one line high that took two). Then through a few widths."""
    crew = _crew_beside_play(qtbot, monkeypatch, made, size)
    box = crew.advance.parentWidget()
    assert box is not None

    def overlaps() -> list[str]:
        shown = [w for w in box.findChildren(QWidget, options=Qt.FindChildOption.
                                             FindDirectChildrenOnly) if w.isVisible()]
        found = []
        advance, profit = _in(crew.advance, box), _in(crew.profit, box)
        if advance.bottom() >= profit.top():
            found.append(f"Take advance {advance} runs into the line below it {profit}")
        for n, first in enumerate(shown):
            for second in shown[n + 1:]:
                if _in(first, box).intersects(_in(second, box)):
                    found.append(f"{describe(first)} {_in(first, box)} overlaps "
                                 f"{describe(second)} {_in(second, box)}")
        return found

    assert overlaps() == []
    window = crew.window()
    for width in (1366, 1180, 1024, 900, SIZES[size][0]):
        window.resize(width, window.height())
        _settle()
        assert overlaps() == [], width


@pytest.mark.parametrize("size", list(SIZES))
def test_crew_xp_controls_take_at_most_two_lines(size: str, qtbot: QtBot,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 made: list[MainWindow]) -> None:
    """Play session: at 1366x768 the Crew XP track, its buttons, the advance's choice and
    "Take advance" were stacked one under another in a narrow column."""
    crew = _crew_beside_play(qtbot, monkeypatch, made, size)
    parts = (crew.xp_track, crew.xp_minus, crew.xp_plus, crew.advance_kind, crew.advance)
    box = crew.advance.parentWidget()
    assert box is not None
    lines = {_in(part, box).center().y() // 8 for part in parts}
    assert len(lines) <= 2, [(p.accessibleName(), _in(p, box)) for p in parts]
    for part in parts:  # none squeezed below its own minimum (a set one, else its hint's)
        wanted = part.minimumWidth() or part.minimumSizeHint().width()
        assert part.width() >= wanted, part.accessibleName()


@pytest.mark.parametrize("size", list(SIZES))
def test_placeholders_are_whole(size: str, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                made: list[MainWindow]) -> None:
    """Play session: a field's placeholder (what to write in it) was elided because the
    field was narrower than it: in the builder, the crew editor, the roller and the GM
    Screen, at both laptop sizes."""
    window = _window(qtbot, monkeypatch, made, SIZES[size])
    window.open_path(Path(resource_path("systems", "blades", "nadja-hound.blades")))
    _settle()
    found: list[str] = []
    editor = window.current_editor()
    assert editor is not None
    for line in editor.findChildren(QLineEdit):  # every placeholder in sight
        if line.placeholderText():
            line.clear()
    _settle()
    found += cut_placeholders(editor)
    screen = window.gm_screen_dock.built("blades")
    assert isinstance(screen, BladesGmScreen)
    for index in range(screen.count()):
        screen.setCurrentIndex(index)
        _settle()
        found += [f"{screen.tabText(index)}: {p}" for p in cut_placeholders(screen)]
    window.new_document("blades", "blades.crew")
    _settle()
    crew = window.current_editor()
    assert isinstance(crew, CrewWidget)
    found += cut_placeholders(crew)
    screen.setCurrentIndex(0)
    _settle()
    found += [f"Rolls, crew open: {p}" for p in cut_placeholders(screen)]
    assert found == [], "\n".join(found)


def _form_boxes(builder: QWidget) -> list[QGroupBox]:
    """The builder's group boxes laid out as a form with a row that wraps."""
    return [box for box in builder.findChildren(QGroupBox)
            if box.findChildren(FlowLayout)]


def _overlapping_rows(builder: QWidget) -> list[str]:
    """Each pair of controls in the same form box (its direct children: a form's labels
    and fields, a wrapping row's pieces) drawn over each other."""
    found = []
    for box in _form_boxes(builder):
        shown = [w for w in box.findChildren(QWidget, options=Qt.FindChildOption.
                                             FindDirectChildrenOnly) if w.isVisible()]
        for n, first in enumerate(shown):
            for second in shown[n + 1:]:
                if _in(first, box).intersects(_in(second, box)):
                    found.append(f"{box.title()}: {describe(first)} {_in(first, box)} "
                                 f"overlaps {describe(second)} {_in(second, box)}")
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_builder_rows_never_overlap(size: str, qtbot: QtBot,
                                    monkeypatch: pytest.MonkeyPatch,
                                    made: list[MainWindow]) -> None:
    """A scoundrel open in the builder of a laptop-sized window: no row that wraps (the
    stress, trauma, harm, healing, armor, load, item, coin and profit rows, the special
    ability's and the house harm boxes') is drawn over the row below it, at the window's
    width and through a few others. Then each form is asked its height at its own
    preferred width (as Qt's size hints ask a layout) and its box given a pixel more: Qt's
    form layout placed its rows with the heights of that other width, the coin row's
    second line under the profit row (see FormGrid); the grid form measures again."""
    window = _window(qtbot, monkeypatch, made, SIZES[size])
    window.open_path(Path(resource_path("systems", "blades", "nadja-hound.blades")))
    _settle()
    builder = window.current_editor()
    assert isinstance(builder, ScoundrelBuilder)
    assert len(_form_boxes(builder)) == 4
    for width in (SIZES[size][0], 1366, 1180, 1024, 900, 760):
        window.resize(width, window.height())
        _settle()
        assert _overlapping_rows(builder) == [], width
        for box in _form_boxes(builder):
            form = box.layout()
            assert form is not None
            box.heightForWidth(box.width())
            form.heightForWidth(form.sizeHint().width())
            box.resize(box.width(), box.heightForWidth(box.width()) + 1)
            assert _overlapping_rows(builder) == [], (width, box.title())
        _settle()


LONG_CLOCK = "Bluecoats close in on the lair by the Dusk Market's old canal"
"""A clock named with 61 characters."""


@pytest.mark.parametrize("how", ["opened", "added"])
def test_a_long_clock_name_can_be_read_in_the_clock_lists(how: str, qtbot: QtBot,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          made: list[MainWindow],
                                                          tmp_path: Path) -> None:
    """Play session: a clock with a long name was cut in the lists that pick a clock (the
    two to link in the crew editor, the one the roller ticks). Each now shows the chosen
    name shortened in the middle, with the whole name in its tooltip and in each entry's;
    its open list is as wide as the name; and the pages do not scroll sideways at
    1024x768, with the crew opened from a file or the clock added in the editor."""
    from seforge.systems.blades import crew as crew_rules
    from seforge.systems.blades.documents import CREW
    from seforge.systems.blades.models import Crew
    from ui.shell.document_owner import DocumentOwner

    window = _window(qtbot, monkeypatch, made, SIZES["1024x768"])
    if how == "opened":
        lanterns = Crew(name="Lanterns")
        crew_rules.add_clock(lanterns, "Alarm", 4)
        crew_rules.add_clock(lanterns, LONG_CLOCK, 6)
        path = DocumentOwner(CREW, lanterns).save(tmp_path / "lanterns.bladescrew")
        window.open_path(path)
        _settle()
        editor = window.current_editor()
        assert isinstance(editor, CrewWidget)
    else:
        window.new_document("blades", "blades.crew")
        _settle()
        editor = window.current_editor()
        assert isinstance(editor, CrewWidget)
        for name in ("Alarm", LONG_CLOCK):
            qtbot.keyClicks(editor.clock_name, name)
            qtbot.mouseClick(editor.add_clock, Qt.MouseButton.LeftButton)
            _settle()
    assert [c.name for c in editor.crew.clocks] == ["Alarm", LONG_CLOCK]
    screen = window.gm_screen_dock.built("blades")
    assert isinstance(screen, BladesGmScreen)
    screen.setCurrentIndex(0)
    _settle()
    assert sideways_scrolling(editor) == [] and sideways_scrolling(screen) == []
    for combo in (editor.link_first, editor.link_second, screen.rolls.roller.clock):
        index = combo.findText(LONG_CLOCK)
        assert index >= 0, combo.accessibleName()
        assert combo.itemData(index, Qt.ItemDataRole.ToolTipRole) == LONG_CLOCK
        combo.setCurrentIndex(index)
        _settle()
        assert LONG_CLOCK in combo.toolTip(), combo.accessibleName()
        whole = combo.fontMetrics().horizontalAdvance(LONG_CLOCK)
        shown = combo.shown_text()
        assert combo.fontMetrics().horizontalAdvance(shown) < whole
        assert shown.startswith("Bluecoats") and shown.endswith("canal") and "…" in shown
        combo.showPopup()
        _settle()
        popup = combo.view()
        assert popup.isVisible()
        room = popup.viewport().width()
        assert room >= popup.fontMetrics().horizontalAdvance(LONG_CLOCK), (
            combo.accessibleName(), room)
        frame = popup.window().frameGeometry()
        assert window.screen().availableGeometry().contains(frame), frame
        combo.hidePopup()
        _settle()
    assert sideways_scrolling(editor) == [] and sideways_scrolling(screen) == []
