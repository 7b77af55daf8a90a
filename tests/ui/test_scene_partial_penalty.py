"""End scene removing only part of a PC's Penalty Ranks, a change the PC's file does not
hold yet: the file gets the removal once (the Penalty Ranks left are the scene's less
what the end removed, neither the whole Stress nor none of it) and nothing else is lost,
whether the Stress itself is on file or not, and when the PC's other unsaved edits are
kept out of the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.fileformat import load_character
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.play.history import state_at
from tests.ui.document_helpers import gm_table, jyrell_file
from tests.ui.helpers import se_part, type_into
from ui.shell.window import MainWindow
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm_table.scene.dialogs import PCStressDialog
from ui.systems.swords_edge.gm_table.scene.tracker import KEEP_OTHERS, SAVE_OTHERS, SceneTracker
from ui.systems.swords_edge.play.dialogs import EndSceneDialog

STRESS_LEVEL = "Good"  # two Penalty Ranks
TAKEN = 2


def _answer(qtbot: QtBot, *answers: Callable[[QWidget], bool]) -> list[str]:
    """Answer the modal dialogs to come, in order, as the user would."""
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


def _ok(dialog: QDialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    ok = box.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None and ok.isEnabled(), ok.toolTip() if ok else "no OK button"
    ok.click()


def _pick(combo_owner: QWidget, combo_name: str, text: str) -> None:
    """Pick ``text`` in a dialog's combo box, through the combo's own keyboard."""
    combo = getattr(combo_owner, combo_name)
    combo.setFocus()
    while combo.currentText() != text:
        before = combo.currentIndex()
        QTest.keyClick(combo, Qt.Key.Key_Down)
        assert combo.currentIndex() != before, f"{text!r} not in {combo_name}"


def _stress(dialog: QWidget) -> bool:
    if not isinstance(dialog, PCStressDialog):
        return False
    _pick(dialog, "trait", Trait.PHYSIQUE.value)
    _pick(dialog, "level", STRESS_LEVEL)
    _ok(dialog)
    return True


def _end_removing(recovery: str | None, luck: int) -> Callable[[QWidget], bool]:
    """End the scene with a Recovery Test at ``recovery`` and ``luck`` spent on this
    scene's Penalty Ranks."""
    def answer(dialog: QWidget) -> bool:
        if not isinstance(dialog, EndSceneDialog):
            return False
        ((_pc, combo),) = dialog.recovery.items()
        if recovery is not None:
            combo.setFocus()
            while combo.currentData() != recovery:
                QTest.keyClick(combo, Qt.Key.Key_Down)
        ((_pc, spin),) = dialog.luck.items()
        spin.setFocus()
        spin.selectAll()
        QTest.keyClicks(spin, str(luck))
        assert spin.value() == luck
        _ok(dialog)
        return True
    return answer


def _keep_others(dialog: QWidget) -> bool:
    if not isinstance(dialog, QMessageBox):
        return False
    (keep,) = [b for b in dialog.buttons() if b.text() == KEEP_OTHERS]
    keep.click()
    return True


def _agrees(character: Character) -> None:
    """The PC's play state is what its last history entry says it became."""
    assert state_at(character, len(character.history) - 1).play == character.play


class Scene:
    """Jyrell, from his file, in the GM's Table scene."""

    def __init__(self, qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
        self.qtbot = qtbot
        self.window = window
        self.path = jyrell_file(tmp_path)
        document = window.open_path(self.path)
        assert isinstance(document, CharacterDocument)
        self.document = document
        self.tracker: SceneTracker = gm_table(window).scene
        pc = self.tracker.add_pc(document.character, self.path)
        assert pc is not None
        self.pc = pc

    def take_stress(self) -> None:
        seen = _answer(self.qtbot, _stress)
        self.qtbot.mouseClick(  # type: ignore[no-untyped-call]
            self.tracker.panels[self.pc].buttons["stress"], Qt.MouseButton.LeftButton)
        self.qtbot.waitUntil(lambda: bool(seen))
        play = self.document.character.play
        assert play.penalty_ranks.get(Trait.PHYSIQUE) == TAKEN
        assert play.scene_penalty_ranks.get(Trait.PHYSIQUE) == TAKEN

    def end(self, *answers: Callable[[QWidget], bool]) -> None:
        seen = _answer(self.qtbot, *answers)
        self.qtbot.mouseClick(  # type: ignore[no-untyped-call]
            self.tracker.end_button, Qt.MouseButton.LeftButton)
        self.qtbot.waitUntil(lambda: len(seen) == len(answers))
        assert self.tracker.scene.ended

    def kinds(self, character: Character) -> list[str]:
        return [e.kind for e in character.history]


def test_end_scene_writes_a_partial_removal_the_file_lacks_once(
        qtbot: QtBot, tmp_path: Path, window: MainWindow) -> None:
    """The Stress and its partial removal are both unsaved; a Player name typed in the
    tab is kept out of the file (Keep them unsaved) and stays in the tab."""
    scene = Scene(qtbot, window, tmp_path)
    document = scene.document
    luck = document.character.play.luck
    assert luck >= 1
    scene.take_stress()
    editor = window.editor_at(window.tabs.currentIndex())
    assert editor.document is document
    type_into(editor.player_edit, "Sam")
    editor.player_edit.editingFinished.emit()
    assert document.character.player == "Sam"

    scene.end(_end_removing(None, 1), _keep_others)

    in_app = document.character
    on_file = load_character(scene.path)
    assert in_app.play.penalty_ranks.get(Trait.PHYSIQUE) == TAKEN - 1
    assert on_file.play.penalty_ranks.get(Trait.PHYSIQUE) == TAKEN - 1
    assert not on_file.play.scene_penalty_ranks
    assert on_file.play.luck == luck - 1
    assert on_file.play == in_app.play
    assert scene.kinds(on_file) == scene.kinds(in_app)
    assert scene.kinds(on_file).count("take_stress") == 1
    _agrees(on_file)
    # Nothing lost: the Player name stays, unsaved, in the tab; the file never had it.
    assert in_app.player == "Sam" and document.is_modified()
    assert on_file.player != "Sam"


def test_end_scene_writes_a_partial_removal_once_over_a_file_holding_the_stress(
        qtbot: QtBot, tmp_path: Path, window: MainWindow) -> None:
    """The PC was saved after the Stress: the file holds it, not its partial removal by
    the Recovery Test at the end (an Average success: one Penalty Rank of two)."""
    scene = Scene(qtbot, window, tmp_path)
    document = scene.document
    scene.take_stress()
    assert window.save(document)
    assert load_character(scene.path).play.penalty_ranks.get(Trait.PHYSIQUE) == TAKEN
    luck = document.character.play.luck

    scene.end(_end_removing("Average", 0))

    on_file = load_character(scene.path)
    assert on_file.play.penalty_ranks.get(Trait.PHYSIQUE) == TAKEN - 1
    assert not on_file.play.scene_penalty_ranks
    assert on_file.play.luck == luck
    assert on_file.play == document.character.play
    assert scene.kinds(on_file).count("take_stress") == 1
    assert scene.kinds(on_file) == scene.kinds(document.character)
    _agrees(on_file)
    assert not document.is_modified()


def test_end_scene_removing_part_of_penalty_ranks_only_unsaved_edits_hold(
        qtbot: QtBot, tmp_path: Path, window: MainWindow) -> None:
    """The Penalty Ranks came from the Play dock (an unsaved edit outside the scene) and
    the end of the scene removes one of the two: the file alone would hold less than
    none, so End scene says the file can only be written with those edits (Save those
    too or Cancel), and writes the Stress and its removal once each."""
    scene = Scene(qtbot, window, tmp_path)
    document = scene.document
    luck = document.character.play.luck
    part = se_part(window)
    dock = part.play_dock
    assert dock is not None
    dock.show()
    dock.raise_()
    panel = dock.panel_for(document)
    panel.refresh()
    _pick(panel, "stress_level", next(
        panel.stress_level.itemText(i) for i in range(panel.stress_level.count())
        if panel.stress_level.itemData(i) == STRESS_LEVEL))
    assert panel.stress_trait.currentText() == Trait.PHYSIQUE.value
    assert panel.stress_count.value() == TAKEN
    qtbot.mouseClick(panel.stress_button,  # type: ignore[no-untyped-call]
                     Qt.MouseButton.LeftButton)
    assert document.character.play.penalty_ranks.get(Trait.PHYSIQUE) == TAKEN
    assert load_character(scene.path).play.penalty_ranks.get(Trait.PHYSIQUE) is None

    asked: list[str] = []
    offered: list[str] = []

    def only_scene_if_offered(dialog: QWidget) -> bool:
        """The GM's usual answer: keep the other edits unsaved when that is offered."""
        if not isinstance(dialog, QMessageBox):
            return False
        asked.append(dialog.text())
        buttons = {b.text(): b for b in dialog.buttons()}
        offered.extend(buttons)
        buttons[KEEP_OTHERS if KEEP_OTHERS in buttons else SAVE_OTHERS].click()
        return True

    scene.end(_end_removing(None, 1), only_scene_if_offered)
    # Asked beforehand, with the reason: the end itself removes Penalty Ranks only the
    # unsaved edits hold, so keeping those out of the file is not offered.
    assert "Penalty Ranks" in asked[0], asked
    assert sorted(offered) == sorted([SAVE_OTHERS, "Cancel"]), offered

    on_file = load_character(scene.path)
    assert on_file.play.penalty_ranks.get(Trait.PHYSIQUE) == TAKEN - 1
    assert not on_file.play.scene_penalty_ranks
    assert on_file.play.luck == luck - 1
    assert on_file.play == document.character.play
    assert scene.kinds(on_file).count("take_stress") == 1
    assert scene.kinds(on_file) == scene.kinds(document.character)
    _agrees(on_file)
    assert not document.is_modified()
