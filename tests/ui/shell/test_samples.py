"""Start from a Sample: the ready-made documents the systems ship, opened as unsaved
copies (File › Start from a Sample…, the start page's button), and any shipped file
opened from disk likewise, so the install is never written to."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton
from pytestqt.qtbot import QtBot

from seforge.core.resources import resource_path
from ui.shell.sample_dialog import SampleDialog, window_samples
from ui.shell.window import MainWindow

NADJA = Path(resource_path("systems", "blades", "nadja-hound.blades"))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pick(qtbot: QtBot, typed: str, seen: list[list[str]]) -> None:
    """When the dialog shows: note its rows, type ``typed`` in its filter, press Enter."""
    def act() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SampleDialog)
        seen.append([dialog.list.item(r).text() for r in range(dialog.list.count())])
        assert dialog.focusWidget() is dialog.filter_edit  # typing filters at once
        qtbot.keyClicks(dialog.filter_edit, typed)
        qtbot.keyClick(dialog.filter_edit, Qt.Key.Key_Return)
    QTimer.singleShot(0, act)


def test_a_sample_opens_as_an_unsaved_copy_from_the_start_page(
        qtbot: QtBot, window: MainWindow) -> None:
    window.ensure_ready()
    before = _digest(NADJA)
    button = window.start_page.buttons["samples"]
    assert isinstance(button, QPushButton) and "Blades in the Dark" in button.toolTip()
    seen: list[list[str]] = []
    _pick(qtbot, "nadja", seen)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(window.documents()))
    # every system's samples but Sword's Edge's (its Book Characters have their own)
    rows = seen[0]
    assert "Nadja — Blades in the Dark" in rows
    assert any(r.endswith("— Sword of Life") for r in rows)
    assert any(r.startswith("Captain Ilse Varga — 2d20") for r in rows)
    assert not any("Sword's Edge" in r for r in rows)
    document = window.current_document()
    assert document.path is None and document.is_modified()
    assert document.title() == "Nadja"
    assert document.document.name == "Nadja"
    document.undo_stack.setClean()
    assert _digest(NADJA) == before


def test_the_file_menu_offers_the_samples_too(qtbot: QtBot, window: MainWindow) -> None:
    window.ensure_ready()
    assert window.samples_action in window.file_menu.actions()
    seen: list[list[str]] = []
    _pick(qtbot, "pilot", seen)
    window.samples_action.trigger()
    qtbot.waitUntil(lambda: bool(window.documents()))
    document = window.current_document()
    assert document.title() == "Space fighter pilot" and document.path is None
    document.undo_stack.setClean()


def test_a_filter_that_matches_nothing_opens_nothing(qtbot: QtBot, window: MainWindow) -> None:
    window.ensure_ready()
    dialog = SampleDialog(window_samples(window), window)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.filter_edit, "zzzz")
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Open).isEnabled()
    qtbot.keyClick(dialog.filter_edit, Qt.Key.Key_Return)
    assert dialog.chosen is None and dialog.result() == 0
    dialog.filter_edit.clear()
    qtbot.keyClicks(dialog.filter_edit, "thak")
    qtbot.keyClick(dialog.filter_edit, Qt.Key.Key_Return)
    assert dialog.chosen is not None and dialog.chosen.title == "Thak the Reaver"


def test_a_shipped_file_opened_from_disk_opens_as_a_copy(window: MainWindow) -> None:
    before = _digest(NADJA)
    document = window.open_path(NADJA)
    assert document is not None and document.path is None
    assert document.title() == "Nadja"
    document.undo_stack.setClean()
    assert _digest(NADJA) == before
