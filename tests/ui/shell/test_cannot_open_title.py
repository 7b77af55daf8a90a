"""The box that says a file cannot be opened shows its whole title: Qt sizes a message
box by its text, and a short text ("nope.sechar: no such file") cut its title bar to
"Cannot o…" under openbox at 1024×768."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from ui.shell.window import MainWindow

ICON_AND_BUTTONS = 6
"""Lines of the font an openbox title bar takes beside its title (icon, three buttons)."""


def _seen_box(qtbot: QtBot, window: MainWindow, path: Path) -> tuple[str, int, int]:
    """Open ``path`` as a user would (File › Open of a path), and answer the error box:
    its title, its width and the width its whole title needs."""
    seen: list[tuple[str, int, int]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        font = QFont(box.font())
        font.setBold(True)
        metrics = QFontMetrics(font)
        # the title bar's: Qt adds the application's name
        shown = f"{box.windowTitle()} — {QGuiApplication.applicationDisplayName()}"
        needs = (metrics.horizontalAdvance(shown)
                 + ICON_AND_BUTTONS * metrics.height())
        seen.append((box.windowTitle(), box.width(), needs))
        box.accept()

    QTimer.singleShot(0, answer)
    assert window.open_path(path) is None
    assert seen, "no error box was shown"
    return seen[0]


def test_a_missing_files_box_fits_its_title(qtbot: QtBot, window: MainWindow,
                                            tmp_path: Path) -> None:
    title, width, needs = _seen_box(qtbot, window, tmp_path / "nope.sechar")
    assert title.startswith("Cannot open")
    assert width >= needs, f"{title!r}: the box is {width} px wide, its title needs {needs}"


def test_a_broken_files_box_fits_its_title(qtbot: QtBot, window: MainWindow,
                                           tmp_path: Path) -> None:
    broken = tmp_path / "b.sechar"
    broken.write_text("{ not json", encoding="utf-8")
    title, width, needs = _seen_box(qtbot, window, broken)
    assert title.startswith("Cannot open")
    assert width >= needs, f"{title!r}: the box is {width} px wide, its title needs {needs}"
