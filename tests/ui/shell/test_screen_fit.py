"""Windows placed with their frame (the window manager's title bar included) inside the
screen's free area, or maximized where they cannot fit (issue 26).

The offscreen platform draws no frame, so the geometry is checked through the functions
that compute it from a given frame."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QMargins, QObject, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from ui.shell import screen_fit
from ui.shell.settings import Preferences
from ui.shell.shortcuts_dialog import ShortcutsDialog
from ui.shell.window import MainWindow

TITLE_BAR = QMargins(1, 29, 1, 1)  # openbox's
"""A typical window manager's frame."""
SCREENS = {  # available geometry: the screen less a 30-pixel panel at the bottom
    "1024x768": QRect(0, 0, 1024, 738),
    "1366x768": QRect(0, 0, 1366, 738),
    "1920x1080": QRect(0, 0, 1920, 1050),
    "2732x1536 at scale 2": QRect(0, 0, 1366, 753),
    "a second screen on the right": QRect(1920, 0, 2560, 1410),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_a_first_window_fits_with_its_frame_or_opens_maximized(name: str) -> None:
    area = SCREENS[name]
    rect = screen_fit.first_window_rect(area, TITLE_BAR)
    if area.width() >= 1282 and area.height() >= 830:
        assert rect is not None
        assert rect.size() == screen_fit.DEFAULT_SIZE
        assert area.contains(rect.marginsAdded(TITLE_BAR))
        assert rect.marginsAdded(TITLE_BAR).center() == area.center()
    else:
        assert rect is None  # maximized: 800 pixels and a title bar do not fit


def test_the_first_window_must_leave_room_for_the_title_bar() -> None:
    area = QRect(0, 0, 1300, 820)  # room for 1280x800 without a frame, not with one
    assert screen_fit.first_window_rect(area, QMargins()) is not None
    assert screen_fit.first_window_rect(area, TITLE_BAR) is None


@pytest.mark.parametrize("name", list(SCREENS))
@pytest.mark.parametrize("client", [QRect(0, 0, 1280, 768), QRect(-50, 400, 3000, 2000),
                                    QRect(3000, 50, 900, 700), QRect(100, 100, 800, 600)])
def test_a_restored_window_is_moved_inside_with_its_frame(name: str, client: QRect) -> None:
    area = SCREENS[name]
    fitted = screen_fit.fitted_rect(client, TITLE_BAR, area)
    assert area.contains(fitted.marginsAdded(TITLE_BAR)), fitted
    assert fitted.width() <= client.width() and fitted.height() <= client.height()
    if area.contains(client.marginsAdded(TITLE_BAR)):
        assert fitted == client  # a window that fits stays where it is


@pytest.mark.parametrize("name", list(SCREENS))
def test_print_preview_sized_dialogs_fit(name: str) -> None:
    area = SCREENS[name]
    rect = screen_fit.dialog_rect(QSize(900, 1000), TITLE_BAR, area)
    assert area.contains(rect.marginsAdded(TITLE_BAR))
    assert rect.width() == min(900, area.width() - 2)


def test_the_frame_is_guessed_until_the_window_manager_tells(
        monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    assert screen_fit.frame_margins(widget) == QMargins()  # offscreen draws none
    monkeypatch.setattr(QGuiApplication, "platformName", staticmethod(lambda: "xcb"))
    assert screen_fit.frame_margins(widget) == screen_fit.GUESSED_FRAME
    widget.setWindowFlag(Qt.WindowType.FramelessWindowHint)
    assert screen_fit.frame_margins(widget) == QMargins()


@pytest.fixture
def closing(prompts: list[str]) -> Iterator[list[QWidget]]:
    made: list[QWidget] = []
    yield made
    for window in made:
        window.close()


def _pretend(monkeypatch: pytest.MonkeyPatch, area: QRect, frame: QMargins) -> None:
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(area))
    monkeypatch.setattr(screen_fit, "frame_margins", lambda _widget: QMargins(frame))


def test_the_first_window_opens_maximized_on_a_laptop(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, closing: list[QWidget]) -> None:
    _pretend(monkeypatch, SCREENS["1366x768"], TITLE_BAR)
    window = MainWindow(Preferences(), 3_600_000)
    closing.append(window)
    qtbot.addWidget(window)
    assert window.windowState() & Qt.WindowState.WindowMaximized
    window.show()
    assert window.isMaximized()


def test_the_first_window_is_centred_whole_on_a_large_screen(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, closing: list[QWidget]) -> None:
    area = SCREENS["1920x1080"]
    _pretend(monkeypatch, area, TITLE_BAR)
    window = MainWindow(Preferences(), 3_600_000)
    closing.append(window)
    qtbot.addWidget(window)
    assert not window.windowState() & Qt.WindowState.WindowMaximized
    assert window.size() == screen_fit.DEFAULT_SIZE
    assert area.contains(window.geometry().marginsAdded(TITLE_BAR))


def test_shell_dialogs_fit_a_small_screen(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, closing: list[QWidget]) -> None:
    area = QRect(0, 0, 640, 450)
    _pretend(monkeypatch, area, TITLE_BAR)
    window = MainWindow(Preferences(), 3_600_000)
    closing.append(window)
    qtbot.addWidget(window)
    dialog = ShortcutsDialog(window.menuBar(), window)
    closing.append(dialog)
    assert dialog.height() + TITLE_BAR.top() + TITLE_BAR.bottom() <= area.height()
    assert dialog.width() + TITLE_BAR.left() + TITLE_BAR.right() <= area.width()
    from ui.shell.help import HelpWindow

    help_window = HelpWindow(window)
    closing.append(help_window)
    assert help_window.width() + TITLE_BAR.left() + TITLE_BAR.right() <= area.width()


def test_print_preview_fits_a_laptop_screen(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.systems.swords_edge.printing import blank_job, preview_dialog

    area = SCREENS["1366x768"]
    _pretend(monkeypatch, area, TITLE_BAR)
    dialog = preview_dialog(None, blank_job("a4"))
    qtbot.addWidget(dialog)
    assert dialog.height() + TITLE_BAR.top() + TITLE_BAR.bottom() <= area.height()
    assert dialog.width() == 900


def test_a_window_is_fitted_again_once_the_window_manager_frames_it(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The frame is only guessed when the window is first shown; once the window
    manager has drawn it, the window is fitted again with the real one (a restored
    window otherwise kept its title bar above the screen while the restore prompt
    was up)."""
    widget = QWidget()
    qtbot.addWidget(widget)
    frame = {"now": QMargins()}
    fitted: list[QMargins] = []
    monkeypatch.setattr(screen_fit, "draws_frames", lambda _w: True)
    monkeypatch.setattr(screen_fit, "known_frame", lambda _w: QMargins(frame["now"]))
    monkeypatch.setattr(screen_fit, "fit_on_screen", lambda _w: fitted.append(frame["now"]))
    widget.show()
    screen_fit.fit_when_framed(widget)
    assert fitted == [QMargins()]  # at once, with the guess
    qtbot.wait(150)
    assert len(fitted) == 1  # no frame yet: nothing more
    frame["now"] = TITLE_BAR
    widget.move(widget.x() + 1, widget.y())  # the window manager reparents it
    qtbot.waitUntil(lambda: len(fitted) == 2)
    assert fitted[-1] == TITLE_BAR
    widget.move(widget.x() + 1, widget.y())
    qtbot.wait(50)
    assert len(fitted) == 2  # once only
    assert widget.findChild(QObject, "refitWhenFramed") is None
