"""End scene with more Luck than this scene's Penalty Ranks left after the Recovery Test:
the refusal comes at once and the dialog comes back as the GM filled it in. Before, the
GM was first asked about the PC's other unsaved edits, then refused, and every entry of
the dialog was lost."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.scene import Scene
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker
from ui.systems.swords_edge.play.dialogs import EndSceneDialog


def test_the_refusal_comes_first_and_keeps_the_entries(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    warnings: list[str] = []
    questions: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(
        lambda _parent, _title, text, *_a: warnings.append(text)
        or QMessageBox.StandardButton.Ok))
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda _parent, _title, text, *_a: questions.append(text)
        or QMessageBox.StandardButton.Cancel))
    tracker = SceneTracker(autosave=False)
    qtbot.addWidget(tracker)
    tracker.show()
    path = tmp_path / "jyrell.sechar"
    save_character(library.load_pc("jyrell"), path)
    pc_id = tracker.add_pc_file(path)
    assert pc_id is not None
    assert tracker.pc_takes_stress(pc_id, Trait.PHYSIQUE, "Great")  # 3 Penalty Ranks

    shown: list[tuple[str | None, int]] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, EndSceneDialog):
            QTimer.singleShot(20, answer)
            return
        ((_pc, recovery),) = dialog.recovery.items()
        ((_pc, luck),) = dialog.luck.items()
        shown.append((recovery.currentData(), luck.value()))
        if len(shown) == 1:  # Great Recovery removes 2: 1 left, but 2 Luck
            recovery.setCurrentIndex(recovery.findData("Great"))
            luck.setValue(2)
            ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
            ok.click()
            QTimer.singleShot(20, answer)
        else:
            dialog.reject()

    QTimer.singleShot(0, answer)
    qtbot.mouseClick(tracker.end_button, Qt.MouseButton.LeftButton)
    assert len(shown) == 2
    assert shown[1] == ("Great", 2)  # the dialog came back as it was filled in
    assert len(warnings) == 1 and "1 Penalty Rank of them left" in warnings[0]
    assert questions == []
    assert not tracker.scene.ended


def test_the_core_tells_the_refusal_without_changing_anything() -> None:
    scene = Scene()
    pc = library.load_pc("jyrell")
    pc_id = scene.add_pc(pc, start_session=True).ids[0]
    scene.pc_takes_stress(pc_id, Trait.PHYSIQUE, "Great")
    before = scene.model_dump_json(), pc.model_dump_json()
    refusal = scene.end_scene_refusal({pc_id: "Great"}, {pc_id: 2})
    assert refusal is not None and "1 Penalty Rank of them left" in refusal
    assert (scene.model_dump_json(), pc.model_dump_json()) == before
    assert scene.end_scene_refusal({pc_id: "Great"}, {pc_id: 1}) is None
    assert (scene.model_dump_json(), pc.model_dump_json()) == before
    with pytest.raises(RefusedError):
        scene.end_scene({pc_id: "Great"}, {pc_id: 2})
    scene.end_scene({pc_id: "Great"}, {pc_id: 1})
    assert scene.ended
