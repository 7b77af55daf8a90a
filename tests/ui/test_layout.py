"""The frame: windows inside the screen, docks that leave room for the sheet, a sheet
that reflows and never scrolls sideways, titles, zoom, shortcuts and honest widgets."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QGroupBox,
    QLineEdit,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
)
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.play.luck import gain_luck
from seforge.systems.swords_edge.reference import TABLES
from seforge.systems.swords_edge.validation import check_character
from tests.seforge.conftest import make_sarah
from tests.ui.helpers import se_part
from ui.shell import screen_fit
from ui.shell.keys import redo_keys, shortcut_rows, unique_keys
from ui.shell.settings import Preferences, load_preferences
from ui.shell.shortcuts_dialog import ShortcutsDialog
from ui.shell.theme import apply_theme, verdict_colour
from ui.shell.window import MainWindow
from ui.shell.window_layout import ZOOM_STEPS
from ui.systems.swords_edge.budget_panel import status_text
from ui.systems.swords_edge.commands import SetTextCommand
from ui.systems.swords_edge.gm.reference_tab import LargeTableWindow, column_widths
from ui.systems.swords_edge.play_dock import MIN_WIDTH
from ui.systems.swords_edge.widgets import HistoryLineEdit

SCREENS = {
    "1024x768": QRect(0, 0, 1024, 768),
    "1366x768": QRect(0, 0, 1366, 768),
    "1920x1080": QRect(0, 0, 1920, 1080),
    "1920x1080 at scale 2": QRect(0, 0, 960, 540),
}


def _screen(monkeypatch: pytest.MonkeyPatch, area: QRect) -> None:
    """Pretend the screen's free area is ``area`` (the offscreen screen is fixed)."""
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(area))


def _settle(window: MainWindow) -> None:
    for _ in range(3):
        QApplication.processEvents()
    window.layout().activate()


@pytest.fixture
def closing(prompts: list[str]) -> Iterator[list[MainWindow]]:
    """Windows a test makes itself; closed at the end ("Discard" to any question)."""
    made: list[MainWindow] = []
    yield made
    for window in made:
        for document in window.documents():
            document.undo_stack.setClean()
        window.close()


@pytest.mark.parametrize("name", list(SCREENS))
def test_a_large_saved_window_opens_inside_the_screen(
    name: str, qtbot: QtBot, qapp: QApplication, monkeypatch: pytest.MonkeyPatch,
    closing: list[MainWindow],
) -> None:
    apply_theme(qapp, "light")
    big = MainWindow(autosave_interval_ms=3_600_000)
    closing.append(big)
    qtbot.addWidget(big)
    big.setGeometry(0, 0, 2560, 1600)
    geometry = bytes(big.saveGeometry().toBase64().data()).decode("ascii")

    area = SCREENS[name]
    _screen(monkeypatch, area)
    window = MainWindow(Preferences(window={"geometry": geometry}), 3_600_000)
    closing.append(window)
    qtbot.addWidget(window)
    window.show()
    window.ensure_ready()
    _settle(window)
    assert area.contains(window.frameGeometry()), (name, window.frameGeometry())


def test_first_window_takes_the_default_size_or_the_whole_small_screen(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, closing: list[MainWindow],
) -> None:
    _screen(monkeypatch, SCREENS["1920x1080"])
    roomy = MainWindow(Preferences(), 3_600_000)
    closing.append(roomy)
    qtbot.addWidget(roomy)
    assert (roomy.width(), roomy.height()) == (1280, 800)
    assert SCREENS["1920x1080"].contains(roomy.frameGeometry())
    _screen(monkeypatch, SCREENS["1366x768"])
    laptop = MainWindow(Preferences(), 3_600_000)
    closing.append(laptop)
    qtbot.addWidget(laptop)
    # 800 pixels and a title bar do not fit: maximized (see tests/ui/shell/test_screen_fit)
    assert laptop.windowState() & Qt.WindowState.WindowMaximized


def _window_at(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, closing: list[MainWindow],
               area: QRect) -> MainWindow:
    _screen(monkeypatch, area)
    window = MainWindow(Preferences(), 3_600_000)
    closing.append(window)
    qtbot.addWidget(window)
    window.setWindowState(Qt.WindowState.WindowNoState)  # the pretended screen's size
    window.setGeometry(area)
    window.show()
    window.ensure_ready()
    window.setGeometry(area)
    _settle(window)
    return window


def test_no_widget_of_the_editor_is_cut_at_1024x768(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, closing: list[MainWindow],
) -> None:
    window = _window_at(qtbot, monkeypatch, closing, SCREENS["1024x768"])
    for book_id in ("sarah-x", "jyrell"):
        se_part(window).open_book_character(load_pc(book_id))
        editor = window.current_editor()
        assert editor is not None
        editor.elements.select_row(0)
        _settle(window)
        assert se_part(window).budget_dock.isVisible()
        assert editor.viewport().width() > 500, "the docks leave the sheet room"
        assert screen_fit.widgets_outside(editor) == []
        assert editor.horizontalScrollBar().maximum() == 0, "no sideways scrolling"
        assert not editor.is_two_columns()


def test_the_sheet_takes_two_columns_when_wide(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, closing: list[MainWindow],
) -> None:
    window = _window_at(qtbot, monkeypatch, closing, SCREENS["1920x1080"])
    se_part(window).open_book_character(load_pc("sarah-x"))
    editor = window.current_editor()
    assert editor is not None
    _settle(window)
    assert editor.is_two_columns()
    core, traits = editor.groups["core"], editor.groups["traits"]
    assert core.geometry().top() == traits.geometry().top()
    assert core.geometry().right() < traits.geometry().left()
    assert screen_fit.widgets_outside(editor) == []
    window.set_docks_hidden(True)
    window.resize(700, 700)
    _settle(window)
    assert not editor.is_two_columns()
    assert core.geometry().bottom() < traits.geometry().top()
    assert screen_fit.widgets_outside(editor) == []


def test_play_dock_is_narrow_and_its_panel_does_not_scroll_sideways(
    window: MainWindow, qtbot: QtBot,
) -> None:
    window.ensure_ready()
    assert se_part(window).play_dock is not None
    assert se_part(window).play_dock.minimumWidth() <= MIN_WIDTH < 580
    document = se_part(window).open_book_character(load_pc("sarah-x"))
    se_part(window).play_dock.show()
    se_part(window).play_dock.raise_()
    scroll = se_part(window).play_dock.stack.currentWidget()
    scroll.resize(MIN_WIDTH - 6, 700)
    QApplication.processEvents()
    assert scroll.horizontalScrollBar().maximum() == 0
    assert se_part(window).play_dock.panel_for(document).width() <= MIN_WIDTH


def test_docks_hide_together_and_come_back(window: MainWindow, qtbot: QtBot) -> None:
    window.ensure_ready()
    assert se_part(window).play_dock is not None and se_part(window).gm_dock is not None
    shown = [d for d in window.side_docks() if d.isVisible()]
    window.hide_docks_action.trigger()
    assert not any(d.isVisible() for d in window.side_docks())
    window.hide_docks_action.trigger()
    assert [d for d in window.side_docks() if d.isVisible()] == shown
    se_part(window).play_dock.setFloating(True)
    window.reset_layout()
    assert not se_part(window).play_dock.isFloating()
    assert window.dockWidgetArea(se_part(window).play_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert not se_part(window).gm_table_dock.isVisible()


def test_gms_table_fits_a_laptop_and_floats_on_screen(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, closing: list[MainWindow],
) -> None:
    area = SCREENS["1366x768"]
    window = _window_at(qtbot, monkeypatch, closing, area)
    se_part(window).gm_table_dock.show()
    _settle(window)
    assert se_part(window).gm_table is not None
    assert area.contains(window.frameGeometry())
    new_button = se_part(window).gm_table.opponents.new_button
    assert not new_button.visibleRegion().isEmpty(), "the opponent buttons are in view"
    se_part(window).gm_table_dock.setFloating(True)
    qtbot.waitUntil(lambda: area.contains(se_part(window).gm_table_dock.frameGeometry()))
    assert se_part(window).gm_table_dock.width() >= 800


def test_show_large_keeps_every_word_whole(qtbot: QtBot) -> None:
    assert column_widths([100, 200], [50, 60], 400) == [100, 200]
    widths = column_widths([100, 800, 300], [60, 90, 120], 600)
    assert sum(widths) <= 600 and all(w >= f for w, f in zip(widths, [60, 90, 120], strict=True))
    table = next(t for t in TABLES if t.id == "nc_types")
    window = LargeTableWindow(table)
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    QApplication.processEvents()
    view = window.view
    metrics = view.fontMetrics()
    last = len(table.columns) - 1
    longest = max(metrics.horizontalAdvance(w) for row in table.rows for w in row[last].split())
    assert view.columnWidth(last) >= longest
    assert view.horizontalScrollBar().maximum() == 0


def test_budget_dock_shows_no_empty_lists_without_a_character(window: MainWindow) -> None:
    panel = se_part(window).budget_panel
    assert window.current_document() is None
    assert not panel.ledger.isVisibleTo(panel) and not panel.problems.isVisibleTo(panel)
    se_part(window).open_book_character(load_pc("sarah-x"))
    assert panel.ledger.isVisibleTo(panel) and panel.problems.isVisibleTo(panel)


def test_budget_header_counts_what_it_lists(window: MainWindow) -> None:
    assert status_text(1, 5, False) == "✘ Not legal yet — 1 error, 5 warnings"
    assert status_text(0, 1, True) == "✔ Legal new character — 1 warning"
    document = se_part(window).open_book_character(load_pc("jyrell"))
    result = check_character(document.character)
    shown = se_part(window).budget_panel.status.text()
    numbers = [int(word) for word in shown.replace(",", " ").split() if word.isdigit()]
    assert sum(numbers) == len(se_part(window).budget_panel.problem_items()) == len(result.problems)


def test_dark_to_light_leaves_no_pale_status(window: MainWindow, qapp: QApplication) -> None:
    se_part(window).open_book_character(load_pc("sarah-x"))
    status = se_part(window).budget_panel.status
    window.set_theme("dark")
    assert verdict_colour(True, True) in status.styleSheet()
    window.set_theme("light")
    assert verdict_colour(True, False) in status.styleSheet()
    assert verdict_colour(True, True) not in status.styleSheet()


def test_titles_name_the_character(window: MainWindow, tmp_path: object) -> None:
    document = window.new_document()
    assert window.tabs.tabText(0) == "Untitled *" or window.tabs.tabText(0) == "Untitled"
    document.push(SetTextCommand(document, "name", "Kyle Devos"))
    assert window.windowTitle() == "Kyle Devos[*]"
    assert window.tabs.tabText(0) == "Kyle Devos *"
    assert "SEForge" not in window.windowTitle(), "Qt adds the application name once"


def test_long_text_shows_its_start() -> None:
    edit = HistoryLineEdit()
    edit.resize(80, 24)
    edit.set_text_quietly("Noble Commander of the Eastern Marches")
    assert edit.cursorPosition() == 0


def test_fields_show_the_start_of_long_names(window: MainWindow) -> None:
    character = make_sarah()
    character.concept.name = "Noble Commander of the Eastern Marches and Beyond"
    se_part(window).open_book_character(character)
    editor = window.current_editor()
    assert editor is not None
    concept = editor.core_names["concept"]
    assert isinstance(concept, QLineEdit) and concept.cursorPosition() == 0
    assert editor.name_edit.width() >= 160 and concept.width() >= 160


def test_redo_is_bound_once_with_the_platforms_keys(window: MainWindow, qtbot: QtBot) -> None:
    assert unique_keys(QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Y")) == [QKeySequence("Ctrl+Y")]
    keys = window.redo_action.shortcuts()
    assert len(keys) == len(set(k.toString() for k in keys))
    assert keys == redo_keys()
    assert QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)[0] in keys
    seen: dict[str, str] = {}
    for action in window.actions():
        for key in action.shortcuts():
            assert key.toString() not in seen, (action.text(), seen.get(key.toString()))
            seen[key.toString()] = action.text()
    document = window.new_document()
    editor = window.current_editor()
    assert editor is not None
    editor.player_edit.setFocus()
    document.push(SetTextCommand(document, "name", "Tella"))
    document.undo_stack.undo()
    assert document.character.name == ""
    qtbot.keyClick(editor.player_edit, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert document.character.name == "Tella"
    document.undo_stack.undo()
    qtbot.keyClick(editor.player_edit, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert document.character.name == "Tella"


def test_keyboard_shortcuts_list_comes_from_the_menus(window: MainWindow, qtbot: QtBot) -> None:
    window.ensure_ready()
    rows = shortcut_rows(window.menuBar())
    commands = {command for _menu, command, _keys in rows}
    assert {"Undo", "Redo", "Zoom In", "Zoom Out", "Actual Size", "Save", "Hide Docks"} <= commands
    dialog = ShortcutsDialog(window.menuBar(), window)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == len(rows)
    redo = next(keys for _m, command, keys in rows if command == "Redo")
    assert "Ctrl+Y" in redo and "Ctrl+Shift+Z" in redo


def test_zoom_scales_the_builder_and_is_kept(window: MainWindow, qtbot: QtBot) -> None:
    se_part(window).open_book_character(load_pc("sarah-x"))
    editor = window.current_editor()
    assert editor is not None
    base_text = editor.player_edit.font().pointSizeF()
    base_name = editor.name_edit.font().pointSizeF()
    qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert window.zoom() == ZOOM_STEPS[ZOOM_STEPS.index(100) + 1]
    ratio = window.zoom() / 100
    assert editor.player_edit.font().pointSizeF() == pytest.approx(base_text * ratio)
    assert editor.name_edit.font().pointSizeF() == pytest.approx(base_name * ratio)
    assert se_part(window).budget_panel.summary.font().pointSizeF() > base_text * ratio
    assert load_preferences().window["zoom"] == window.zoom()
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.zoom() < 100
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert window.zoom() == 100
    assert editor.player_edit.font().pointSizeF() == pytest.approx(base_text)
    window.set_zoom(140)
    window.shutdown()
    again = MainWindow(load_preferences(), 3_600_000)
    qtbot.addWidget(again)
    assert again.zoom() == 140


def test_start_session_is_greyed_while_one_runs(window: MainWindow) -> None:
    window.ensure_ready()
    document = se_part(window).open_book_character(load_pc("sarah-x"))
    assert se_part(window).play_dock is not None
    panel = se_part(window).play_dock.panel_for(document)
    assert panel.start_button.isEnabled()
    assert panel.start_session()
    assert not panel.start_button.isEnabled()
    assert "already running" in panel.start_button.toolTip()
    document.undo_stack.undo()
    assert panel.start_button.isEnabled()


def test_a_refusal_goes_once_it_no_longer_applies(window: MainWindow) -> None:
    window.ensure_ready()
    document = se_part(window).open_book_character(load_pc("sarah-x"))
    assert se_part(window).play_dock is not None
    panel = se_part(window).play_dock.panel_for(document)
    assert panel.start_session(3)
    assert not panel.spend_luck("reroll", 5)
    assert "Luck" in panel.last_error()
    gain_luck(document.character, "GM award", 2)
    document.notify_changed()
    panel.refresh()
    assert panel.last_error() == ""


def _luminance(colour: QColor) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return (0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green())
            + 0.0722 * channel(colour.blue()))


def _contrast(a: QColor, b: QColor) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_unchecked_box_stands_out_from_its_page(qtbot: QtBot, qapp: QApplication,
                                                   theme: str) -> None:
    """An empty check box must be seen against the page in both themes (the dark theme's
    fields were as dark as the page round them: a box was a faint outline)."""
    apply_theme(qapp, theme)
    try:
        page = QGroupBox("Action roll")
        box = QCheckBox("Push yourself", page)
        QVBoxLayout(page).addWidget(box)
        qtbot.addWidget(page)
        page.show()
        qtbot.waitExposed(page)
        option = QStyleOptionButton()
        box.initStyleOption(option)
        mark = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
        image = box.grab().toImage()
        around = image.pixelColor(mark.right() + 3, mark.center().y())
        best = max(_contrast(image.pixelColor(x, y), around)
                   for x in range(mark.left(), mark.right() + 1)
                   for y in range(mark.top(), mark.bottom() + 1))
        assert best >= 1.25, f"{theme}: the box's best contrast with the page is {best:.2f}"
    finally:
        apply_theme(qapp, "light")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_greyed_buttons_text_can_still_be_read(qapp: QApplication, theme: str) -> None:
    """Found in a session: in the dark theme a greyed button ("Take turn", "Apply
    test") was dark grey on dark grey, 1.8:1. Greyed text reads at 2.5:1 or more on a
    button, a field and the page, and stays far from the text of an enabled control."""
    apply_theme(qapp, theme)
    try:
        palette = qapp.palette()
        disabled = QPalette.ColorGroup.Disabled
        for text, ground in ((QPalette.ColorRole.ButtonText, QPalette.ColorRole.Button),
                             (QPalette.ColorRole.Text, QPalette.ColorRole.Base),
                             (QPalette.ColorRole.WindowText, QPalette.ColorRole.Window)):
            greyed = palette.color(disabled, text)
            back = palette.color(QPalette.ColorGroup.Active, ground)
            normal = palette.color(QPalette.ColorGroup.Active, text)
            assert _contrast(greyed, back) >= 2.5, (theme, text.name, _contrast(greyed, back))
            assert _contrast(normal, back) >= 1.8 * _contrast(greyed, back), (theme, text.name)
    finally:
        apply_theme(qapp, "light")
