"""Issue 23's reproductions: the scene refers to its PCs' files, it does not copy them.

1. a discarded edit does not come back with a restored scene;
2. End scene writes only what the scene changed (asking about the PC's other edits);
3. Revert and Reload of a PC keep the running scene whole.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character, save_character
from seforge.systems.swords_edge.models import Trait
from ui.shell import dialogs
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.editor import CharacterEditor
from ui.systems.swords_edge.gm_table.scene.tracker import (
    KEEP_OTHERS,
    SAVE_OTHERS,
    SceneTracker,
)


@pytest.fixture
def rogue(tmp_path: Path) -> Path:
    path = tmp_path / "the-rogue.sechar"
    save_character(library.load_pc("the-rogue"), path)
    return path


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []

    def warning(parent: object, title: str, text: str, *args: object) -> object:
        seen.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warning))
    return seen


def _open(qtbot: QtBot, path: Path, registry: DocumentRegistry
          ) -> tuple[CharacterDocument, CharacterEditor]:
    """The PC open in a builder tab, as the window opens it."""
    document = registry.open(path, "tab")
    editor = CharacterEditor(document)
    qtbot.addWidget(editor)
    return document, editor


def _type(qtbot: QtBot, field: object, text: str) -> None:
    field.setFocus()  # type: ignore[attr-defined]
    qtbot.keyClicks(field, text)  # type: ignore[arg-type]


def _tracker(qtbot: QtBot, registry: DocumentRegistry) -> SceneTracker:
    tracker = SceneTracker(registry=registry)
    qtbot.addWidget(tracker)
    return tracker


def test_a_discarded_edit_does_not_come_back_with_the_scene(
        qtbot: QtBot, rogue: Path, monkeypatch: pytest.MonkeyPatch,
        warnings: list[str]) -> None:
    """Reproduction 1: type "XYZ" in Campaign of a PC in a scene, quit with Discard,
    restore the scene: Campaign is the file's, and saving writes no "XYZ"."""
    registry = DocumentRegistry()
    document, editor = _open(qtbot, rogue, registry)
    tracker = _tracker(qtbot, registry)
    pc_id = tracker.add_pc_file(rogue)
    assert pc_id is not None
    assert tracker.pc_takes_stress(pc_id, Trait.PHYSIQUE, "Good")
    _type(qtbot, editor.campaign_edit, "XYZ")
    assert document.character.campaign.endswith("XYZ")
    # quit, answering Discard: nothing is written, the scene's autosave stays
    tracker.deleteLater()
    registry.release(document, "tab", force=True)

    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    registry = DocumentRegistry()
    again = _tracker(qtbot, registry)
    assert again.offer_restore()
    restored = again.document_of(pc_id)
    assert restored is not None and restored.path == rogue
    assert "XYZ" not in restored.character.campaign
    assert restored.character.campaign == load_character(rogue).campaign
    # the scene's own changes are back
    assert restored.character.play.penalty_ranks[Trait.PHYSIQUE] == 2
    restored.save()
    assert "XYZ" not in rogue.read_text(encoding="utf-8")
    assert not warnings


@pytest.mark.parametrize("answer", [KEEP_OTHERS, SAVE_OTHERS, "Cancel"])
def test_end_scene_writes_only_what_the_scene_changed(
        qtbot: QtBot, rogue: Path, monkeypatch: pytest.MonkeyPatch, warnings: list[str],
        answer: str) -> None:
    """Reproduction 2: a Player name typed in the PC's tab (unsaved) reaches the file at
    End scene only when the GM says so."""
    registry = DocumentRegistry()
    document, editor = _open(qtbot, rogue, registry)
    tracker = _tracker(qtbot, registry)
    pc_id = tracker.add_pc_file(rogue)
    assert pc_id is not None
    assert tracker.pc_takes_stress(pc_id, Trait.PHYSIQUE, "Good")
    _type(qtbot, editor.player_edit, "Ann")
    asked: list[str] = []

    def ask(parent: object, title: str, text: str, choices: list[str],
            default: int = 0) -> str:
        asked.append(text)
        assert choices == [SAVE_OTHERS, KEEP_OTHERS, "Cancel"]
        return answer

    monkeypatch.setattr(dialogs, "ask_choice", ask)
    ended = tracker.finish_scene()
    assert asked and "outside the scene" in asked[0]
    on_file = load_character(rogue)
    if answer == "Cancel":
        assert not ended and not tracker.scene.ended
        assert on_file == library.load_pc("the-rogue")
        return
    assert ended and tracker.scene.ended
    assert on_file.play.scene == document.character.play.scene >= 1
    assert on_file.play.session_running
    if answer == KEEP_OTHERS:
        assert on_file.player == library.load_pc("the-rogue").player
        assert document.character.player.endswith("Ann") and document.is_modified()
        assert not document.disk_changed()  # the tab knows the file was written here
    else:
        assert on_file.player.endswith("Ann") and not document.is_modified()
    assert not warnings


def test_end_scene_asks_nothing_without_other_edits(
        qtbot: QtBot, rogue: Path, monkeypatch: pytest.MonkeyPatch,
        warnings: list[str]) -> None:
    registry = DocumentRegistry()
    _open(qtbot, rogue, registry)
    tracker = _tracker(qtbot, registry)
    pc_id = tracker.add_pc_file(rogue)
    assert pc_id is not None
    assert tracker.pc_takes_stress(pc_id, Trait.PHYSIQUE, "Good")
    monkeypatch.setattr(dialogs, "ask_choice", lambda *a, **k: pytest.fail("asked"))
    assert tracker.finish_scene()
    assert load_character(rogue).play.scene >= 1
    assert not warnings


@pytest.mark.parametrize("how", ["revert", "reload after an outside edit"])
def test_revert_and_reload_keep_the_scene_whole(
        qtbot: QtBot, rogue: Path, warnings: list[str], how: str) -> None:
    """Reproduction 3: reverting (or reloading) a PC in a running scene keeps the scene's
    state on it: later steps and End scene still work, and the scene's undo history is
    not cleared."""
    registry = DocumentRegistry()
    document, editor = _open(qtbot, rogue, registry)
    tracker = _tracker(qtbot, registry)
    pc_id = tracker.add_pc_file(rogue)
    assert pc_id is not None
    assert tracker.pc_takes_stress(pc_id, Trait.PHYSIQUE, "Good")
    _type(qtbot, editor.player_edit, "Ann")
    steps = tracker.undo_stack.count()
    if how != "revert":
        theirs = load_character(rogue)
        theirs.notes = "Edited by another program"
        save_character(theirs, rogue)
    document.reload()
    character = document.character
    assert "Ann" not in character.player
    assert character.play.session_running
    assert character.play.penalty_ranks[Trait.PHYSIQUE] == 2
    if how != "revert":
        assert character.notes == "Edited by another program"
    assert tracker.undo_stack.count() == steps
    assert tracker.give_luck(pc_id)
    assert tracker.finish_scene()
    on_file = load_character(rogue)
    assert on_file.play.penalty_ranks.get(Trait.PHYSIQUE, 0) <= 2
    assert on_file.play.scene >= 1
    assert not warnings


def test_the_scene_undo_still_reaches_a_pc_after_its_tab_undid(
        qtbot: QtBot, rogue: Path, warnings: list[str]) -> None:
    """Undo in the PC's tab of a scene step takes back the scene's half too."""
    registry = DocumentRegistry()
    document, _editor = _open(qtbot, rogue, registry)
    tracker = _tracker(qtbot, registry)
    pc_id = tracker.add_pc_file(rogue)
    assert pc_id is not None
    assert tracker.pc_takes_stress(pc_id, Trait.PHYSIQUE, "Good")
    changes = len(tracker.scene_changes(pc_id))
    document.undo_stack.undo()
    assert Trait.PHYSIQUE not in document.character.play.penalty_ranks
    assert len(tracker.scene_changes(pc_id)) == changes - 1
    assert not warnings


