"""The window's first frame (issue 28): a launch shows the frame, the start page and the
menu bar's titles first, and builds the systems, documents, actions and docks right after
that frame; whatever the user reaches first builds them at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMargins, QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.library import load_pc
from ui.app import first_window
from ui.shell import keys, pyside_scan, screen_fit, start_page, theme, widgets
from ui.shell import window as window_module
from ui.shell.settings import Preferences
from ui.shell.window import MainWindow

FIRST_FRAME_PROBE = """
import json, sys
import PySide6.QtCore as core
import PySide6.QtGui as gui
import PySide6.QtWidgets as widgets
from ui.app import create_application, first_window
from ui.shell.settings import load_preferences
from ui.shell.theme import apply_theme
app = create_application(["seforge", "-platform", "offscreen"])
preferences = load_preferences()
apply_theme(app, preferences.theme, first_frame=True)
window = first_window(preferences)
window.show()
app.processEvents()
first = {"modules": sorted(sys.modules), "qt_enums": "Qt" in vars(core),
         "qevent": "QEvent" in vars(core), "qicon": "QIcon" in vars(gui),
         "list_item": "QListWidgetItem" in vars(widgets),
         "slider": "QAbstractSlider" in vars(widgets),
         "new_buttons": len(window.start_page.choice_buttons)}
window.ensure_ready()
ready = {"parts": sorted(window.parts), "new_buttons": len(window.start_page.choice_buttons),
         "icon": not window.windowIcon().isNull() and not app.windowIcon().isNull(),
         "style": app.style().name(), "file_menu": len(window.file_menu.actions())}
print(json.dumps({"first": first, "ready": ready}))
window.shutdown()
"""


@pytest.mark.parametrize("returning", [False, True])
def test_the_first_frame_loads_no_system_and_builds_no_qt_enums(
        tmp_path: Path, returning: bool) -> None:
    """On a first start, and on a returning user's (a recent file, the last session's
    New rows and buttons, a saved zoom of 100 %)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "SEFORGE_CONFIG_DIR": str(tmp_path / "config"),
           "SEFORGE_DATA_DIR": str(tmp_path / "data")}
    if returning:
        recent = tmp_path / "sarah.sechar"
        save_character(load_pc("sarah-x"), recent)
        (tmp_path / "config").mkdir()
        (tmp_path / "config" / "preferences.json").write_text(json.dumps({
            "version": 1, "recent_files": [str(recent)], "window": {
                "zoom": 100, "dock_room": [0, 300, 0], "state": "", "start_page": {
                "rows": [["swords-edge", "Sword's Edge",
                          [["swords-edge.character", "Sword's Edge character", "A sheet"]]]],
                "buttons": [["library", "Start from a Book Character", "Copy one"]]}}}),
            encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE], env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    first, ready = seen["first"], seen["ready"]
    loaded = set(first["modules"])
    assert not {m for m in loaded if m.startswith(("ui.systems", "seforge.systems"))}
    assert not {"ui.shell.documents", "ui.shell.actions", "ui.shell.gm_screen",
                "pydantic"} & loaded
    # PySide builds the Python enums of the whole Qt namespace at its first use (about
    # 15 ms): the first frame names none of them
    assert first["qt_enums"] is False
    # nor does an event reach Python: handing one over builds PySide's QEvent type and
    # its enum of 180 event types (about 1.5 ms)
    assert first["qevent"] is False
    # nor a QIcon (its type builds an enum of 150 theme icons): the logo is drawn at 1x and
    # 2x, and the window's icon comes with the rest
    assert first["qicon"] is False
    # nor the recent files' list and its items, until there is a recent file
    assert first["list_item"] is returning
    # nor a scroll bar's types (the start page's room for its bar is a fixed allowance)
    assert first["slider"] is False
    assert ready["icon"] is True
    assert first["new_buttons"] == (1 if returning else 0)  # the kept row, or none yet
    # right after: every system's New choices, its part of the window, and the menus
    assert ready["new_buttons"] >= 4
    assert "swords-edge" in ready["parts"]
    assert ready["file_menu"] > 5
    assert ready["style"].lower() == "fusion"  # given as the launch's -style argument


SCAN_PROBE = """
import json, sys
from ui.app import create_application, first_window
feature = sys.modules["shibokensupport.feature"]
scanned = []
reader = feature._mod_uses_pyside
def spy(module):
    scanned.append(module.__name__)
    return reader(module)
feature._mod_uses_pyside = spy
from ui.shell.settings import load_preferences
from ui.shell.theme import apply_theme
first = list(scanned)
app = create_application(["seforge", "-platform", "offscreen"])
preferences = load_preferences()
apply_theme(app, preferences.theme, first_frame=True)
window = first_window(preferences)
window.show()
app.processEvents()
window.ensure_ready()
import json as again, seforge.systems.blades.models
print(json.dumps({"first": first, "all": scanned,
                  "table": feature.pyside_feature_dict.get("ui.shell.start_page")}))
window.shutdown()
"""


def test_pyside_reads_no_module_source_after_the_app_loads(tmp_path: Path) -> None:
    """PySide reads the source of each module imported after it (its ``__feature__``
    hook) to see whether the module uses it: ``ui.app`` tells it beforehand that no module
    selects a PySide feature, so no source is read, in the first frame or after it."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "SEFORGE_CONFIG_DIR": str(tmp_path / "config"),
           "SEFORGE_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", SCAN_PROBE], capture_output=True,
                          text=True, timeout=120, check=True, env=env)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["first"] == []
    assert seen["all"] == []
    assert seen["table"] == pyside_scan.NO_FEATURE


def test_the_app_loads_its_modules_without_qt_before_pyside() -> None:
    """``ui.app`` brings the settings (json, the atomic writer) in before PySide, which
    it then tells that none of its modules selects a PySide feature (see the test above);
    on Linux the user's folders come without ``platformdirs``."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import ui.app"],
                          capture_output=True, text=True, timeout=120, check=True,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    finished = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
                if line.startswith("import time:") and "|" in line]
    for name in ("json", "seforge.core.atomic", "ui.shell.settings"):
        assert finished.index(name) < finished.index("shiboken6"), name
    if sys.platform.startswith("linux"):
        assert "platformdirs" not in finished


@pytest.mark.parametrize("ratio", [1.0, 2.0, 1.5])
def test_the_logo_is_sharp_at_every_scale(qapp: QApplication, ratio: float) -> None:
    """At 1x and 2x the logo is the icon drawn at that size; elsewhere it is scaled from
    a larger one. Either way it is 88 px across on screen."""
    logo = start_page.logo_pixmap(ratio)
    assert not logo.isNull()
    shown = logo.deviceIndependentSize()
    assert (round(shown.width()), round(shown.height())) == (88, 88)
    if ratio in (1.0, 2.0):
        assert logo.devicePixelRatio() == ratio
        assert logo.width() == 88 * ratio


def test_numbers_that_stand_for_qt_enums_match_them() -> None:
    assert widgets.USER_ROLE == start_page.PATH_ROLE == Qt.ItemDataRole.UserRole.value
    assert Qt.Key.Key_Direction_R.value == keys.LAST_KEYBOARD_KEY


@pytest.fixture
def closing() -> Iterator[list[MainWindow]]:
    made: list[MainWindow] = []
    yield made
    for window in made:
        window.shutdown()
        window.close()


def _first_frame(qtbot: QtBot, closing: list[MainWindow],
                 preferences: Preferences | None = None) -> MainWindow:
    window = first_window(preferences or Preferences())
    closing.append(window)
    qtbot.addWidget(window)
    return window


def test_a_menu_opened_before_the_rest_is_built_builds_it(
        qtbot: QtBot, closing: list[MainWindow]) -> None:
    window = _first_frame(qtbot, closing)
    window.show()
    assert window.file_menu.isEmpty()
    bar = window.menuBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton,
                     pos=bar.actionGeometry(window.file_menu.menuAction()).center())
    qtbot.waitUntil(window.file_menu.isVisible)
    assert window.open_action in window.file_menu.actions()
    assert window.start_page.choice_buttons
    window.file_menu.hide()


def test_a_recent_file_opened_before_the_rest_is_built_opens(
        qtbot: QtBot, closing: list[MainWindow], tmp_path: Path) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    window = _first_frame(qtbot, closing, Preferences(recent_files=[str(path)]))
    window.show()
    recent = window.start_page.recent_list
    recent.setFocus()
    recent.setCurrentRow(0)
    qtbot.keyClick(recent, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(window.documents()))
    assert window.current_document().path == path
    assert window.windowTitle().startswith("Sarah X")


def test_the_ready_window_takes_the_systems_scheme_where_the_palette_guessed_wrong(
        qtbot: QtBot, closing: list[MainWindow], qapp: QApplication,
        monkeypatch: pytest.MonkeyPatch) -> None:
    theme.apply_theme(qapp, "light")
    monkeypatch.setattr(window_module, "system_is_dark", lambda: True)
    monkeypatch.setattr(theme, "system_is_dark", lambda: True)
    window = _first_frame(qtbot, closing, Preferences(theme="system"))
    assert not theme.is_dark(qapp)
    window.ensure_ready()
    assert theme.is_dark(qapp)
    assert window.theme_actions["system"].isChecked()
    theme.apply_theme(qapp, "light")


def test_a_first_frame_too_large_for_the_screen_opens_maximized(
        qtbot: QtBot, closing: list[MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(0, 0, 1366, 738))
    monkeypatch.setattr(screen_fit, "frame_margins", lambda _widget: QMargins(1, 29, 1, 1))
    window = _first_frame(qtbot, closing)
    window.show()
    assert window.isMaximized()
    assert window.size().width() <= 1366


def _docks_in_view(window: MainWindow) -> list[str]:
    from PySide6.QtWidgets import QDockWidget

    return sorted(d.objectName() for d in window.findChildren(QDockWidget)
                  if not d.visibleRegion().isEmpty())


def test_the_ready_window_shows_the_docks_a_window_built_at_once_shows(
        qtbot: QtBot, closing: list[MainWindow], qapp: QApplication) -> None:
    """Docks added after the first frame are shown as those of a window built before its
    first show: the Budget dock in front, the GM Screen behind it, its page not built."""
    direct = MainWindow(Preferences(), 3_600_000)
    closing.append(direct)
    qtbot.addWidget(direct)
    direct.show()
    direct.ensure_ready()
    qapp.processEvents()
    window = _first_frame(qtbot, closing)
    window.show()
    qapp.processEvents()
    window.ensure_ready()
    qapp.processEvents()
    assert _docks_in_view(window) == _docks_in_view(direct)
    assert "budgetDock" in _docks_in_view(window)
    assert not window.gm_screen_dock.built_pages()


def _column_centre(window: MainWindow) -> int:
    """Where the start page's column is centred, across the window."""
    button = window.start_page.open_button
    return button.mapTo(window, button.rect().center()).x()


def _launch(qtbot: QtBot, closing: list[MainWindow],
            preferences: Preferences) -> tuple[MainWindow, int]:
    window = _first_frame(qtbot, closing, preferences)
    window.show()
    qtbot.waitExposed(window)
    first = _column_centre(window)
    window.ensure_ready()
    QApplication.processEvents()
    return window, first


def test_the_first_frame_keeps_the_docks_room_so_the_start_page_does_not_move(
        qtbot: QtBot, closing: list[MainWindow]) -> None:
    """The docks arrive a moment after the first frame: their room is left empty until
    then, on a first start (their first width) and after a restart (the room they took)."""
    window, first = _launch(qtbot, closing, Preferences())
    assert window.side_docks() and window.dock_room()[1] > 300
    assert abs(_column_centre(window) - first) <= 8
    window.statusBar().showMessage("Opened")  # the status bar is no dock: not kept
    QApplication.processEvents()
    assert window.dock_room()[2] == 0
    saved = window.layout_preferences()
    assert saved["dock_room"] == window.dock_room()
    window.resizeDocks(window.side_docks()[:1], [480], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    prefs = Preferences(window=window.layout_preferences())
    again, first = _launch(qtbot, closing, prefs)
    assert abs(_column_centre(again) - first) <= 8
    assert abs(again.dock_room()[1] - prefs.window["dock_room"][1]) <= 8


@pytest.mark.parametrize("room", [[0, 10**9, 0], [-5, 300, 0], ["a", 1, 2], [1, 2], "x"])
def test_a_dock_room_that_cannot_be_gives_the_first_layouts(
        qtbot: QtBot, closing: list[MainWindow], room: object) -> None:
    window, first = _launch(qtbot, closing, Preferences(window={"dock_room": room}))
    assert abs(_column_centre(window) - first) <= 8


def test_tab_goes_down_the_start_page_as_it_reads(
        qtbot: QtBot, closing: list[MainWindow], tmp_path: Path) -> None:
    """The recent files' list is made with the first one and the systems' buttons after
    the first frame; Tab still goes New…, Open…, the systems' buttons, the list."""
    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    window, _first = _launch(qtbot, closing, Preferences(recent_files=[str(path)]))
    page = window.start_page
    assert page.recent_list is not None and page.recent_list.isVisible()
    expected = [*page.choice_buttons, page.open_button, *page.buttons.values(),
                page.recent_list]
    window.activateWindow()
    expected[0].setFocus()
    seen = [QApplication.focusWidget()]
    for _ in expected[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    assert seen == expected


def test_a_first_start_makes_no_recent_list(
        qtbot: QtBot, closing: list[MainWindow]) -> None:
    window, _first = _launch(qtbot, closing, Preferences())
    assert window.start_page.recent_list is None
    assert not window.start_page.recent_heading.isVisible()


def _after_a_session(qtbot: QtBot, closing: list[MainWindow]) -> Preferences:
    window, _first = _launch(qtbot, closing, Preferences())
    return Preferences(window=window.layout_preferences())


def test_the_first_frame_shows_the_last_sessions_new_rows_so_nothing_moves(
        qtbot: QtBot, closing: list[MainWindow]) -> None:
    """The systems' New rows and buttons arrive after the first frame: the first frame
    shows the last session's, and the systems keep those widgets when they match."""
    prefs = _after_a_session(qtbot, closing)
    assert prefs.window["start_page"]["rows"]
    window = _first_frame(qtbot, closing, prefs)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()  # the first frame's layout, as its first paint has it
    page = window.start_page
    shown = list(page.choice_buttons) + list(page.buttons.values())
    assert len(page.choice_buttons) >= 4 and "library" in page.buttons
    open_at = page.open_button.mapTo(window, page.open_button.rect().topLeft())
    window.ensure_ready()
    QApplication.processEvents()
    assert list(page.choice_buttons) + list(page.buttons.values()) == shown
    assert page.open_button.mapTo(window, page.open_button.rect().topLeft()) == open_at


def test_a_kept_button_clicked_before_the_systems_arrive_does_its_work(
        qtbot: QtBot, closing: list[MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.systems.swords_edge.window_part import SwordsEdgeWindowPart

    opened: list[str] = []
    monkeypatch.setattr(SwordsEdgeWindowPart, "open_library",
                        lambda self: opened.append("library"))
    prefs = _after_a_session(qtbot, closing)
    window = _first_frame(qtbot, closing, prefs)
    window.show()
    qtbot.mouseClick(window.start_page.buttons["library"], Qt.MouseButton.LeftButton)
    assert window.parts and opened == ["library"]
    qtbot.mouseClick(window.start_page.buttons["library"], Qt.MouseButton.LeftButton)
    assert opened == ["library", "library"]  # the system's own click from now on


def test_a_last_sessions_row_whose_system_is_gone_goes(
        qtbot: QtBot, closing: list[MainWindow]) -> None:
    prefs = Preferences(window={"start_page": {
        "rows": [["gone", "Gone Game", [["gone.sheet", "Gone sheet", "A sheet"]]]],
        "buttons": [["gone-button", "Start from Nowhere", "Nothing"]]}})
    window = _first_frame(qtbot, closing, prefs)
    window.show()
    page = window.start_page
    assert [b.text() for b in page.choice_buttons] == ["New Sheet"]
    assert "gone-button" in page.buttons
    qtbot.mouseClick(page.choice_buttons[0], Qt.MouseButton.LeftButton)  # builds; no such game
    assert window.parts and not window.documents()
    assert "gone-button" not in page.buttons and len(page.choice_buttons) >= 4
    assert not page.offers("gone", "gone.sheet")


@pytest.mark.parametrize("kept", [
    "rows", {"rows": "x", "buttons": []}, {"rows": [["a", "b", [["c", "d"]]]], "buttons": []},
    {"rows": [], "buttons": [["a", "b", 3]]}, {"rows": [["a", "b", []]] * 65, "buttons": []},
    {"rows": [["a", "b", [["c", "d", "e" * 501]]]], "buttons": []},
    # 65 buttons in all: a hand-edited 64 x 64 took the first frame over a second
    {"rows": [["a", "b", [["c", "d", "e"]] * 40], ["f", "g", [["h", "i", "j"]] * 20]],
     "buttons": [["k", "l", "m"]] * 5},
])
def test_a_kept_start_page_that_cannot_be_is_left_out(
        qtbot: QtBot, closing: list[MainWindow], kept: object) -> None:
    window = _first_frame(qtbot, closing, Preferences(window={"start_page": kept}))
    assert not window.start_page.choice_buttons and not window.start_page.buttons
