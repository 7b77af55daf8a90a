"""A PC without a file whose own autosave was written before it had any history (a book
PC copied into a tab, autosaved, then brought into the scene, and the app killed before
its next autosave): after the crash the restored tab and the restored scene share one
document, as for a PC whose autosave already had a history, whichever comes back first.
Its autosave is the PC as it stood before the scene's steps, so the scene's changes
replayed over it give the PC the scene kept; a copy with other edits is not taken."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from tests.ui.document_helpers import gm_table
from tests.ui.helpers import se_part, type_into
from tests.ui.systems.swords_edge.gm_table.test_scene_restore_after_crash import (
    _agrees,
    _restart,
    _window,
    windows,  # noqa: F401  (the fixture)
)
from ui.shell.window import MainWindow
from ui.systems.swords_edge.document import CharacterDocument


@pytest.mark.parametrize("scene_first", [False, True], ids=["tabs_first", "scene_first"])
def test_a_pc_without_a_file_or_history_comes_back_as_one_document(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        windows: list[MainWindow], scene_first: bool) -> None:  # noqa: F811
    first = _window(qtbot, windows)
    document = se_part(first).open_book_character(load_pc("jyrell"))
    assert isinstance(document, CharacterDocument) and document.path is None
    assert not document.character.history
    first.autosaver.save_all()  # the tab's autosave: no history yet
    first.autosaver.save_all = lambda: 0  # type: ignore[method-assign]  # dies within 5 s
    tracker = gm_table(first).scene
    menu = tracker.pc_menu  # Add PCs: the open characters
    menu.aboutToShow.emit()
    next(a for a in menu.actions() if a.text() == "Jyrell").trigger()
    pc = tracker.scene.pcs[0].id
    assert document.character.history  # joining started its session
    expected = document.character.model_copy(deep=True)

    second, again = _restart(qtbot, windows, monkeypatch, first, scene_first)
    restored = again.document_of(pc)
    assert restored is not None and restored.path is None
    jyrells = [d for d in se_part(second).registry.documents()
               if d.character.name == "Jyrell"]
    assert jyrells == [restored]  # one document...
    in_tabs = [second.editor_at(i).document for i in range(second.tabs.count())]
    assert restored in in_tabs  # ...shown in its tab and in the scene
    character = restored.character
    assert character.play == expected.play
    assert [e.what for e in character.history] == [e.what for e in expected.history]
    _agrees(character)


def test_a_different_copy_without_history_is_not_taken(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        windows: list[MainWindow]) -> None:  # noqa: F811
    """Another copy of the same book PC, renamed in its tab and never in the scene, is
    not the scene's PC: the scene keeps its own, nothing is merged into the other."""
    first = _window(qtbot, windows)
    other = se_part(first).open_book_character(load_pc("jyrell"))
    assert isinstance(other, CharacterDocument)
    editor = first.editor_at(first.tabs.currentIndex())
    assert editor.document is other
    type_into(editor.name_edit, "Jyrell the Younger")
    editor.name_edit.editingFinished.emit()
    assert other.character.name == "Jyrell the Younger"
    document = se_part(first).open_book_character(load_pc("jyrell"))
    assert isinstance(document, CharacterDocument)
    first.autosaver.save_all()
    first.autosaver.save_all = lambda: 0  # type: ignore[method-assign]
    tracker = gm_table(first).scene
    tracker.add_pc(document.character)
    pc = tracker.scene.pcs[0].id
    # The scene's PC then changes after its own autosave (a Luck the scene gives): its
    # autosave plus the scene's changes still give what the scene kept.
    assert tracker.give_luck(pc)
    expected = document.character.model_copy(deep=True)

    second, again = _restart(qtbot, windows, monkeypatch, first)
    restored = again.document_of(pc)
    assert restored is not None
    assert restored.character.name == "Jyrell"
    assert restored.character.play == expected.play
    younger = [d for d in se_part(second).registry.documents()
               if d.character.name == "Jyrell the Younger"]
    assert len(younger) == 1 and younger[0] is not restored
    assert not younger[0].character.history
    in_tabs = [second.editor_at(i).document for i in range(second.tabs.count())]
    assert restored in in_tabs
    assert len([d for d in se_part(second).registry.documents()
                if d.character.name == "Jyrell"]) == 1
