"""Issue 11, scenario 5 (and issues 13, 19): files changed by another program,
saving over a changed or read-only file, Revert to Saved and Duplicate."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character, save_character
from tests.ui.document_helpers import (
    choices,
    gm_table,
    jyrell_file,
    write_elsewhere,
)
from tests.ui.helpers import se_part, type_into
from ui.shell.window import MainWindow


def test_reload_keeps_every_view_on_one_character(window: MainWindow, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    character = document.character
    changed = library.load_pc("jyrell")
    changed.notes = "written by another program"
    save_character(changed, path)
    assert document.disk_changed()
    document.reload()
    assert document.character is character
    assert character.notes == "written by another program"
    assert not document.is_modified() and not document.disk_changed()


def test_a_clean_document_reloads_when_its_file_changes(
        window: MainWindow, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    character = document.character
    tracker = gm_table(window).scene
    pc = tracker.add_pc(character, path)
    assert pc is not None and window.save(document)  # the session start, on file
    with qtbot.waitSignal(se_part(window).file_watcher.disk_changed, timeout=5000):
        write_elsewhere(path, "first change")
    assert document.character is character and character.notes == "first change"
    assert "reloaded" in window.statusBar().currentMessage()
    assert not document.is_modified()
    editor = window.current_editor()
    assert editor is not None and editor.notes_edit.toPlainText() == "first change"
    # The watch survives the atomic replace: a second change is seen too.
    with qtbot.waitSignal(se_part(window).file_watcher.disk_changed, timeout=5000):
        write_elsewhere(path, "second change")
    assert character.notes == "second change"
    assert tracker.scene.character(pc) is character
    # Our own save is not "a change by another program".
    editor.notes_edit.setPlainText("mine")
    assert window.save(document)
    assert se_part(window).file_watcher.check() == []


def test_a_modified_document_asks(window: MainWindow, qtbot, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    editor = window.current_editor()
    assert editor is not None
    editor.notes_edit.setPlainText("my notes")
    asked = choices(monkeypatch, "Keep Mine", "Reload")
    with qtbot.waitSignal(se_part(window).file_watcher.disk_changed, timeout=5000):
        write_elsewhere(path, "their notes")
    assert asked and "changed by another program" in asked[0]
    assert document.character.notes == "my notes" and document.is_modified()
    with qtbot.waitSignal(se_part(window).file_watcher.disk_changed, timeout=5000):
        write_elsewhere(path, "their notes, again")
    assert len(asked) == 2
    assert document.character.notes == "their notes, again" and not document.is_modified()
    assert document.undo_stack.count() == 0


def test_save_over_a_changed_file_asks_first(window: MainWindow, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    watcher = se_part(window).file_watcher
    watcher.watcher.removePaths(watcher.watched())  # no notice
    document.character.notes = "mine"
    document.mark_modified()
    write_elsewhere(path, "theirs")
    asked = choices(monkeypatch, "Cancel", "Replace")
    assert not window.save(document)
    assert load_character(path).notes == "theirs"
    assert window.save(document)
    assert load_character(path).notes == "mine" and len(asked) == 2
    assert "changed by another program" in asked[0]


def test_saving_a_read_only_file_asks(window: MainWindow, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    path.chmod(0o444)
    document.character.notes = "mine"
    document.mark_modified()
    asked = choices(monkeypatch, "Cancel", "Replace")
    assert not window.save(document)
    assert load_character(path).notes != "mine"
    assert "read-only" in asked[0]
    assert window.save(document)
    assert load_character(path).notes == "mine"


def test_revert_and_duplicate(window: MainWindow, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.name_edit, "Jyrell the Bold")
    copy = window.duplicate()
    assert copy is not None and copy is not document and copy.path is None
    assert copy.character == document.character and copy.character is not document.character
    assert copy.is_modified() and window.tabs.count() == 2
    window.tabs.setCurrentIndex(0)
    asked = choices(monkeypatch, "Cancel", "Revert")
    assert not window.revert()
    assert document.character.name == "Jyrell the Bold"
    window.revert_action.trigger()
    assert document.character.name == "Jyrell" and not document.is_modified()
    assert editor.name_edit.text() == "Jyrell" and len(asked) == 2
    assert copy.character.name == "Jyrell the Bold"


def test_the_campaign_file_is_watched_too(window: MainWindow, qtbot, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from seforge.systems.swords_edge.campaign import load_campaign, save_campaign

    party = gm_table(window).party
    path = tmp_path / "war.secampaign"
    assert party.save_to(path) == path

    def elsewhere(notes: str) -> None:
        other = load_campaign(path)
        other.notes = notes
        save_campaign(other, path)

    elsewhere("The Baron marches.")  # no changes here: reloaded
    qtbot.waitUntil(lambda: party.campaign.notes == "The Baron marches.", timeout=5000)
    assert party.notes_edit.toPlainText() == "The Baron marches." and not party.modified
    assert "reloaded" in party.file_label.text()
    party.set_notes("Mine.")
    asked = choices(monkeypatch, "Keep Mine", "Cancel", "Replace")
    elsewhere("Theirs.")  # changes here: asked, and kept
    qtbot.waitUntil(lambda: len(asked) == 1, timeout=5000)
    assert party.campaign.notes == "Mine." and party.modified
    elsewhere("Theirs, again.")
    qtbot.waitUntil(lambda: len(asked) == 2, timeout=5000)  # Cancel = keep mine too
    party.undo_stack.undo()
    assert party.modified, "no state of the history is the file any more"
    party.set_notes("Mine, finally.")
    se_part(window).file_watcher.watcher.removePaths(se_part(window).file_watcher.watched())
    elsewhere("Theirs, once more.")
    assert party.save() == path  # Save over the changed file asks: Replace
    assert load_campaign(path).notes == "Mine, finally." and len(asked) == 3


def test_the_opponent_being_edited_is_watched(window: MainWindow, qtbot,
                                              monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from seforge.systems.swords_edge.fileformat import load_nc, save_nc

    lib = gm_table(window).opponents
    lib.new_opponent()
    lib.editor.set_name("Sand Wraith")
    path = lib.save_editor()
    assert path is not None

    def elsewhere(name: str) -> None:
        other = load_nc(path)
        other.name = name
        save_nc(other, path)

    elsewhere("Sand Wraith Queen")  # no changes here: reloaded into the editor
    qtbot.waitUntil(lambda: lib.editor.nc().name == "Sand Wraith Queen", timeout=5000)
    assert "reloaded" in lib.editor_title.text() and lib.unsaved_work() == []
    lib.editor.set_name("Sand Wraith King")
    asked = choices(monkeypatch, "Keep Mine", "Cancel", "Replace")
    elsewhere("Sand Wraith Jester")
    qtbot.waitUntil(lambda: len(asked) == 1, timeout=5000)
    assert lib.editor.nc().name == "Sand Wraith King" and lib.unsaved_work()
    se_part(window).file_watcher.watcher.removePaths(se_part(window).file_watcher.watched())
    elsewhere("Sand Wraith Fool")
    assert lib.save_editor() is None  # Cancel: the other program's file stays
    assert load_nc(path).name == "Sand Wraith Fool"
    assert lib.save_editor() == path  # Replace
    assert load_nc(path).name == "Sand Wraith King"


def test_a_deleted_file_leaves_the_document_open_and_unsaved(window: MainWindow, qtbot,
                                                            tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None and not document.is_modified()
    with qtbot.waitSignal(se_part(window).file_watcher.disk_missing, timeout=5000):
        path.unlink()
    assert document.is_modified() and window.tabs.tabText(0).endswith(" *")
    assert "moved or deleted" in window.statusBar().currentMessage()
    assert window.save(document)
    assert load_character(path) == document.character and not document.is_modified()
    with qtbot.waitSignal(se_part(window).file_watcher.disk_missing, timeout=5000):
        path.unlink()  # gone again: said again
    assert document.is_modified()
