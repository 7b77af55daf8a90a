"""End scene, keeping a PC's other edits unsaved, writes to the PC's file only what the
scene did. Left open by the last helper: a Luck gained in the Play dock between two scene
steps reached the file as a history entry (the later step's patch set the whole history)
but not as Luck, so the file's history and play state disagreed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.fileformat import load_character
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import full_dump, state_at
from tests.ui.document_helpers import gm_table, jyrell_file
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table.scene.dialogs import LuckDialog
from ui.systems.swords_edge.gm_table.scene.tracker import KEEP_OTHERS, SAVE_OTHERS
from ui.systems.swords_edge.play.dialogs import EndSceneDialog


def _answer(qtbot: QtBot, *answers: Callable[[QWidget], bool]) -> list[str]:
    """Answer the modal dialogs to come, in order, as the user would: each answer gets
    the dialog shown and says whether it dealt with it. Returns the dialogs' titles."""
    left = list(answers)
    seen: list[str] = []

    def look() -> None:
        shown = QApplication.activeModalWidget()
        if shown is not None and left and left[0](shown):
            seen.append(shown.windowTitle())
            left.pop(0)
        if left:
            QTimer.singleShot(20, look)

    QTimer.singleShot(0, look)
    return seen


def _ok(dialog: QWidget) -> bool:
    """Press the dialog's OK button (whatever it is named)."""
    if not isinstance(dialog, QDialog) or isinstance(dialog, QMessageBox):
        return False
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    ok = box.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None and ok.isEnabled(), ok.toolTip() if ok else "no OK button"
    ok.click()
    return True


def _end_scene_ok(dialog: QWidget) -> bool:
    return isinstance(dialog, EndSceneDialog) and _ok(dialog)


def _keep_others(dialog: QWidget) -> bool:
    if not isinstance(dialog, QMessageBox):
        return False
    (keep,) = [b for b in dialog.buttons() if b.text() == KEEP_OTHERS]
    keep.click()
    return True


def _agrees(character: Character) -> None:
    """The PC's play state is what its last history entry says it became."""
    assert character.history
    assert state_at(character, len(character.history) - 1).play == character.play


def test_end_scene_keeping_a_luck_gained_in_the_play_dock_unsaved(
        qtbot: QtBot, tmp_path: Path, window: MainWindow) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    luck = document.character.play.luck

    # A scene step: the GM gives a Luck through the PC's panel.
    seen = _answer(qtbot, _ok)
    qtbot.mouseClick(tracker.panels[pc].buttons["give"],  # type: ignore[no-untyped-call]
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(seen))
    assert document.character.play.luck == luck + 1

    # The PC's own edit, in the Play dock: a Luck gained.
    dock = se_part(window).play_dock
    assert dock is not None
    dock.show()
    dock.raise_()
    panel = dock.panel_for(document)
    panel.refresh()
    panel.gain_button.click()
    assert document.character.play.luck == luck + 2
    own_entry = document.character.history[-1]

    # Another scene step: Stress on the PC through its panel.
    seen = _answer(qtbot, _ok)
    qtbot.mouseClick(tracker.panels[pc].buttons["stress"],  # type: ignore[no-untyped-call]
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(seen))
    assert document.character.history[-1].kind == "take_stress"

    # End scene, writing only what the scene changed.
    seen = _answer(qtbot, _end_scene_ok, _keep_others)
    qtbot.mouseClick(tracker.end_button,  # type: ignore[no-untyped-call]
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert tracker.scene.ended

    on_file = load_character(path)
    in_app = document.character
    assert own_entry not in on_file.history
    assert [e.what for e in on_file.history] == [
        e.what for e in in_app.history if e != own_entry]
    assert on_file.play.luck == luck + 1  # the scene's Luck, not the Play dock's
    assert on_file.play.penalty_ranks == in_app.play.penalty_ranks
    assert on_file.play.scene == in_app.play.scene
    _agrees(on_file)
    # the Play dock's Luck stays, unsaved, in the PC's tab
    assert in_app.play.luck == luck + 2 and document.is_modified()
    _agrees(in_app)


def _only_scene_if_offered(dialog: QWidget) -> bool:
    """The GM's usual answer: keep the other edits unsaved when that is offered; else
    write them too (the only answer besides Cancel)."""
    if not isinstance(dialog, QMessageBox):
        return False
    texts = {b.text(): b for b in dialog.buttons()}
    (texts[KEEP_OTHERS] if KEEP_OTHERS in texts else texts[SAVE_OTHERS]).click()
    return True


def test_end_scene_when_the_scene_spent_a_luck_only_the_unsaved_edits_had(
        qtbot: QtBot, tmp_path: Path, window: MainWindow) -> None:
    """Jyrell gains a Luck in the Play dock (unsaved) and the scene spends it, with those
    the scene's start gave him, on a reroll. The file cannot get the scene's spend alone
    (it would hold less than no Luck): End scene writes his other edits too, and says so
    first."""
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None

    dock = se_part(window).play_dock
    assert dock is not None
    dock.show()
    dock.raise_()
    panel = dock.panel_for(document)
    panel.refresh()
    luck = document.character.play.luck  # the Luck the scene's start gave him
    panel.gain_button.click()
    assert document.character.play.luck == luck + 1

    def spend_all(dialog: QWidget) -> bool:
        if not isinstance(dialog, LuckDialog):
            return False
        dialog.amount.selectAll()
        QTest.keyClicks(dialog.amount, str(luck + 1))
        return _ok(dialog)

    seen = _answer(qtbot, spend_all)
    qtbot.mouseClick(tracker.panels[pc].buttons["spend"],  # type: ignore[no-untyped-call]
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(seen))
    assert document.character.play.luck == 0
    in_app = [e.what for e in document.character.history]

    texts: list[str] = []

    def question(dialog: QWidget) -> bool:
        texts.append(dialog.text() if isinstance(dialog, QMessageBox) else "")
        return _only_scene_if_offered(dialog)

    seen = _answer(qtbot, _end_scene_ok, question)
    warnings: list[str] = []

    def close_warning() -> None:
        shown = QApplication.activeModalWidget()
        if isinstance(shown, QMessageBox) and len(seen) == 2:
            warnings.append(shown.text())
            shown.close()

    watch = QTimer()
    watch.timeout.connect(close_warning)
    watch.start(20)
    qtbot.mouseClick(tracker.end_button,  # type: ignore[no-untyped-call]
                     Qt.MouseButton.LeftButton)
    watch.stop()
    assert len(seen) == 2
    assert warnings == []  # End scene wrote the file: no warning after the question
    assert tracker.scene.ended
    assert "Luck" in texts[0]  # the question said why those edits go to the file too

    on_file = load_character(path)
    assert [e.what for e in on_file.history][:len(in_app)] == in_app
    assert on_file.play.luck == 0
    assert full_dump(on_file) == full_dump(document.character)
    _agrees(on_file)
    assert not document.is_modified()
