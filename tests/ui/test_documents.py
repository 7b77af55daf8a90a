"""Issue 11: one owner per open document, seen from the builder, the Play dock and
the GM's Table (scenarios 1, 2, 3 and 5 of the issue)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from seforge import library
from seforge.fileformat import load_character, save_character
from seforge.models import Trait
from seforge.ranks import Rank
from tests.ui.helpers import choose_rank, type_into
from ui.document import CharacterDocument
from ui.main_window import MainWindow

BUTTON = QMessageBox.StandardButton


def _jyrell_file(tmp_path: Path) -> Path:
    path = tmp_path / "jyrell.sechar"
    save_character(library.load_pc("jyrell"), path)
    return path


def _gm_table(window: MainWindow):  # type: ignore[no-untyped-def]
    window.ensure_ready()
    window.gm_table_dock.show()
    window._build_gm_table()
    assert window.gm_table is not None
    return window.gm_table


def _tab_text(window: MainWindow, document: CharacterDocument) -> str:
    for index in range(window.tabs.count()):
        if window.editor_at(index).document is document:
            return window.tabs.tabText(index)
    raise AssertionError("no tab")


# ---------------------------------------------------------------- scenario 1


def test_scene_results_survive_a_later_builder_save(window: MainWindow, tmp_path: Path) -> None:
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = _gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    # The tracker plays the builder's own owner, not a copy.
    assert tracker.scene.character(pc) is document.character
    assert tracker.document_of(pc) is document
    assert window.registry.find(path) is document

    assert tracker.pc_takes_stress(pc, Trait.PHYSIQUE, "Good")
    # The scene's change is an edit of the document: modified, in the tab, autosaved.
    assert document.is_modified()
    assert _tab_text(window, document).endswith(" *")
    assert window.autosaver.save_all() >= 1
    autosaved, _meta = window.autosaver.paths_for(document)
    assert load_character(autosaved).play.penalty_ranks == {Trait.PHYSIQUE: 2}

    # Ending the scene saves through the owner: the tab is clean again.
    assert tracker.finish_scene()
    on_disk = load_character(path)
    assert on_disk.play.penalty_ranks.get(Trait.PHYSIQUE) == 2
    assert on_disk.play.session == 1 and on_disk.history
    assert not document.is_modified()
    assert not _tab_text(window, document).endswith(" *")

    # Back in the builder: type a note and Save. The scene's results stay.
    editor = window.current_editor()
    assert editor is not None and editor.document is document
    editor.notes_edit.setPlainText("Owes the guild a favour.")
    assert window.save(document)
    again = load_character(path)
    assert again.notes == "Owes the guild a favour."
    assert again.play.penalty_ranks.get(Trait.PHYSIQUE) == 2
    assert again.history == on_disk.history


def test_undo_in_the_play_dock_keeps_scene_changes(window: MainWindow, tmp_path: Path) -> None:
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    panel = window.play_dock.panel_for(document)  # type: ignore[union-attr]
    tracker = _gm_table(window).scene
    pc = tracker.add_pc(document.character, path)  # starts the session: one undo step
    assert pc is not None and document.character.play.session_running
    assert panel.gain_luck("a fine speech")
    luck = document.character.play.luck
    assert tracker.pc_takes_stress(pc, Trait.CUNNING, "Average")
    assert document.character.play.penalty_ranks == {Trait.CUNNING: 1}
    stack = document.undo_stack
    assert stack.undoText().startswith("Scene: Stress")

    # Undo takes back the scene's Stress, and only it: the Luck stays.
    window.undo_action.trigger()
    assert document.character.play.penalty_ranks == {}
    assert document.character.play.luck == luck
    assert tracker.panels[pc].status_label.text().startswith(f"Luck {luck}")
    # Undo again: the Luck goes; Redo twice brings both back.
    window.undo_action.trigger()
    assert document.character.play.luck == luck - 1
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert document.character.play.luck == luck
    assert document.character.play.penalty_ranks == {Trait.CUNNING: 1}
    assert "Cunning 1" in tracker.panels[pc].status_label.text()


def test_a_pc_not_open_in_a_tab_gets_an_owner(window: MainWindow, tmp_path: Path) -> None:
    path = _jyrell_file(tmp_path)
    tracker = _gm_table(window).scene
    pc = tracker.add_pc_file(path)
    assert pc is not None
    document = window.registry.find(path)
    assert document is not None and window.tabs.count() == 0
    assert tracker.pc_takes_stress(pc, Trait.PHYSIQUE, "Average")
    assert document.is_modified() and window.autosaver.save_all() == 1
    # Opening the file now shows that same owner, with the scene's change.
    opened = window.open_path(path)
    assert opened is document
    assert window.play_dock.panel_for(document).character is tracker.scene.character(pc)  # type: ignore[union-attr]
    # Closing the tab keeps the owner: the scene still plays the PC.
    window.close_current()
    assert window.registry.find(path) is document
    assert tracker.finish_scene()
    assert load_character(path).play.penalty_ranks.get(Trait.PHYSIQUE) == 1


# ---------------------------------------------------------------- scenario 2


def test_play_dock_follows_builder_edits(window: MainWindow, tmp_path: Path) -> None:
    from ui.play.panel import PlayPanel

    document = window.new_document()
    assert window.play_dock is not None
    window.play_dock.show()
    window.play_dock.raise_()
    panel: PlayPanel = window.play_dock.panel_for(document)
    editor = window.current_editor()
    assert editor is not None
    assert choose_rank(editor, "trait:Cunning", Rank.EXCEPTIONAL)
    assert panel.trait_labels[Trait.CUNNING].text() == Rank.EXCEPTIONAL.display()
    type_into(editor.pivot_edits["goal"], "Find the lost fleet")
    assert panel.pivot_labels["goal"].text() == "Find the lost fleet"

    # Hidden behind the Budget dock, it catches up the moment it is shown again.
    window.budget_dock.raise_()
    assert choose_rank(editor, "trait:Cunning", Rank.GOOD)
    window.play_dock.raise_()
    assert panel.trait_labels[Trait.CUNNING].text() == Rank.GOOD.display()


def test_reload_keeps_every_view_on_one_character(window: MainWindow, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = _jyrell_file(tmp_path)
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


def test_autosave_sidecar_of_a_scene_only_owner(window: MainWindow, tmp_path: Path) -> None:
    path = _jyrell_file(tmp_path)
    tracker = _gm_table(window).scene
    pc = tracker.add_pc_file(path)
    assert pc is not None
    assert window.autosaver.save_all() == 1  # the session start made it modified
    document = window.registry.find(path)
    assert document is not None
    _char, meta = window.autosaver.paths_for(document)
    assert json.loads(meta.read_text(encoding="utf-8"))["original_path"] == str(path)


# ---------------------------------------------------------------- scenario 3


class _Answers:
    """Answers QMessageBox.question in turn and keeps what was asked."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch,
                 *answers: QMessageBox.StandardButton) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []
        monkeypatch.setattr(QMessageBox, "question", staticmethod(self))

    def __call__(self, _parent: object, _title: str, text: str, *args: object) -> object:
        self.asked.append(text)
        return self.answers.pop(0)


def test_new_opponent_asks_before_replacing_unsaved_work(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from ui.gm_table.opponents import OpponentLibrary

    lib = OpponentLibrary(tmp_path / "data")
    qtbot.addWidget(lib)
    lib.new_opponent()
    assert lib.unsaved_work() == []  # nothing typed yet: nothing to lose, no question
    lib.new_opponent()
    lib.editor.set_name("Sand Wraith")

    answers = _Answers(monkeypatch, BUTTON.Cancel, BUTTON.Discard, BUTTON.Save)
    lib.new_opponent()  # Cancel: the wraith stays
    assert "Sand Wraith (opponent)" in answers.asked[0]
    assert lib.editor.nc().name == "Sand Wraith"
    lib.select("Goblin")
    lib.edit_copy()  # Discard: replaced
    assert lib.editor.nc().name == "Goblin"
    lib.editor.set_name("Goblin Chief")
    lib.new_opponent()  # Save: written first, then replaced
    assert "Goblin Chief" in lib.shown_titles()
    assert lib.editor.nc().name == "New opponent" and len(answers.asked) == 3


def test_party_new_asks_before_dropping_the_campaign(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from ui.gm_table.party import PartyView

    view = PartyView()
    qtbot.addWidget(view)
    view.new_campaign()  # nothing changed: no question
    view.set_notes("The Baron's legions march.")

    answers = _Answers(monkeypatch, BUTTON.Cancel, BUTTON.Discard)
    view.new_campaign()
    assert view.campaign.notes == "The Baron's legions march." and view.modified
    view.new_campaign()
    assert view.campaign.notes == "" and not view.modified
    assert len(answers.asked) == 2 and "(campaign)" in answers.asked[0]


def test_quit_lists_every_unsaved_document_once(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _jyrell_file(tmp_path)
    table = _gm_table(window)
    window.open_book_character(library.load_pc("tella-of-jost"))  # a tab, unsaved
    pc = table.scene.add_pc_file(path)  # only in the scene, modified by it
    assert pc is not None and window.tabs.count() == 1
    table.opponents.new_opponent()
    table.opponents.editor.set_name("Sand Wraith")
    table.party.set_notes("Session zero.")

    answers = _Answers(monkeypatch, BUTTON.Cancel, BUTTON.SaveAll)
    assert not window.close()  # Cancel: nothing closes, nothing is lost
    assert window.tabs.count() == 1
    text = answers.asked[0]
    for name in ("Tella of Jost (character)", "jyrell.sechar (character)",
                 "Sand Wraith (opponent)", "New campaign (campaign)"):
        assert name in text
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", staticmethod(
        lambda _p, title, *a, **k: (str(tmp_path / ("party" if "campaign" in title
                                                    else "tella")), "")))
    assert window.close()  # Save All: every one written
    assert len(answers.asked) == 2
    assert load_character(path).play.session == 1
    assert load_character(tmp_path / "tella.sechar").name == "Tella of Jost"
    assert (tmp_path / "party.secampaign").exists()
    assert any(p.name == "Sand Wraith.senc" for p in (tmp_path / "data").rglob("*.senc"))


# ---------------------------------------------------------------- issue 13: Undo


def test_undo_keys_follow_the_focus_into_the_opponent_editor(window: MainWindow) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    document = window.new_document()
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.name_edit, "Sarah")
    table = _gm_table(window)
    table.opponents.new_opponent()
    nc_editor = table.opponents.editor
    nc_editor.name_edit.setFocus()
    nc_editor.set_name("Sand Wraith")
    assert window.undo_group.activeStack() is nc_editor.undo_stack
    QTest.keyClick(nc_editor.name_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert nc_editor.nc().name == "New opponent"
    assert document.character.name == "Sarah"
    QTest.keyClick(nc_editor.name_edit, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert nc_editor.nc().name == "Sand Wraith"
    editor.name_edit.setFocus()
    assert window.undo_group.activeStack() is document.undo_stack
    window.undo_action.trigger()
    assert document.character.name == ""  # typing the name was one step


# ---------------------------------------------------------------- scenario 5


def _write_elsewhere(path: Path, notes: str) -> None:
    """Another program saves the file (atomically, as most editors do)."""
    other = load_character(path)
    other.notes = notes
    save_character(other, path)


def _choices(monkeypatch: pytest.MonkeyPatch, *answers: str) -> list[str]:
    asked: list[str] = []
    pending = list(answers)

    def choose(_parent: object, _title: str, text: str, *args: object, **kw: object) -> str:
        asked.append(text)
        return pending.pop(0)

    monkeypatch.setattr("ui.file_watch.ask_choice", choose)
    return asked


def test_a_clean_document_reloads_when_its_file_changes(
        window: MainWindow, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    character = document.character
    tracker = _gm_table(window).scene
    pc = tracker.add_pc(character, path)
    assert pc is not None and window.save(document)  # the session start, on file
    with qtbot.waitSignal(window.file_watcher.disk_changed, timeout=5000):
        _write_elsewhere(path, "first change")
    assert document.character is character and character.notes == "first change"
    assert "reloaded" in window.statusBar().currentMessage()
    assert not document.is_modified()
    editor = window.current_editor()
    assert editor is not None and editor.notes_edit.toPlainText() == "first change"
    # The watch survives the atomic replace: a second change is seen too.
    with qtbot.waitSignal(window.file_watcher.disk_changed, timeout=5000):
        _write_elsewhere(path, "second change")
    assert character.notes == "second change"
    assert tracker.scene.character(pc) is character
    # Our own save is not "a change by another program".
    editor.notes_edit.setPlainText("mine")
    assert window.save(document)
    assert window.file_watcher.check() == []


def test_a_modified_document_asks(window: MainWindow, qtbot, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    editor = window.current_editor()
    assert editor is not None
    editor.notes_edit.setPlainText("my notes")
    asked = _choices(monkeypatch, "Keep Mine", "Reload")
    with qtbot.waitSignal(window.file_watcher.disk_changed, timeout=5000):
        _write_elsewhere(path, "their notes")
    assert asked and "changed by another program" in asked[0]
    assert document.character.notes == "my notes" and document.is_modified()
    with qtbot.waitSignal(window.file_watcher.disk_changed, timeout=5000):
        _write_elsewhere(path, "their notes, again")
    assert len(asked) == 2
    assert document.character.notes == "their notes, again" and not document.is_modified()
    assert document.undo_stack.count() == 0


def test_save_over_a_changed_file_asks_first(window: MainWindow, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    window.file_watcher.watcher.removePaths(window.file_watcher.watched())  # no notice
    document.character.notes = "mine"
    document.mark_modified()
    _write_elsewhere(path, "theirs")
    asked = _choices(monkeypatch, "Cancel", "Replace")
    assert not window.save(document)
    assert load_character(path).notes == "theirs"
    assert window.save(document)
    assert load_character(path).notes == "mine" and len(asked) == 2
    assert "changed by another program" in asked[0]


def test_saving_a_read_only_file_asks(window: MainWindow, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    path.chmod(0o444)
    document.character.notes = "mine"
    document.mark_modified()
    asked = _choices(monkeypatch, "Cancel", "Replace")
    assert not window.save(document)
    assert load_character(path).notes != "mine"
    assert "read-only" in asked[0]
    assert window.save(document)
    assert load_character(path).notes == "mine"


def test_revert_and_duplicate(window: MainWindow, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = _jyrell_file(tmp_path)
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
    asked = _choices(monkeypatch, "Cancel", "Revert")
    assert not window.revert()
    assert document.character.name == "Jyrell the Bold"
    window.revert_action.trigger()
    assert document.character.name == "Jyrell" and not document.is_modified()
    assert editor.name_edit.text() == "Jyrell" and len(asked) == 2
    assert copy.character.name == "Jyrell the Bold"


def test_party_view_shows_the_open_owner(window: MainWindow, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    party = _gm_table(window).party
    party.add_characters([path])
    assert party.characters()[0][0] is document.character
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.pivot_edits["goal"], "Find the lost fleet")
    qtbot.waitUntil(lambda: "Find the lost fleet" in party.column_texts()[0], timeout=3000)
    assert load_character(path).pivots.goal != "Find the lost fleet"  # shown, not yet saved


def test_typing_in_the_builder_redraws_the_tracker_once(window: MainWindow, qtbot,
                                                        tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = _gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    redraws: list[int] = []
    tracker.changed.connect(lambda: redraws.append(1))
    editor = window.current_editor()
    assert editor is not None
    for text in ("O", "Ow", "Owe", "Owes"):
        editor.notes_edit.setPlainText(text)
    assert redraws == []  # not once per key...
    qtbot.waitUntil(lambda: redraws == [1], timeout=3000)  # ...but once, a moment later
    assert document.character.notes == "Owes"
    # A play change (here from the Play dock) is shown at once.
    assert window.play_dock is not None
    window.play_dock.panel_for(document).gain_luck("a fine speech")
    assert redraws == [1, 1]
    assert tracker.panels[pc].status_label.text().startswith(
        f"Luck {document.character.play.luck}")


def test_campaign_changes_undo_with_the_focus_in_the_party_view(window: MainWindow) -> None:
    party = _gm_table(window).party
    party.notes_edit.setFocus()
    party.set_notes("The Baron's legions march.")
    party.add_clock("Doom of Jost", 6)
    assert party.modified and party.unsaved_work()
    assert window.undo_group.activeStack() is party.undo_stack
    window.undo_action.trigger()  # the clock goes
    assert party.campaign.clocks == [] and not party.clock_panels
    window.undo_action.trigger()  # the notes go, in one step
    assert party.campaign.notes == "" and party.notes_edit.toPlainText() == ""
    assert not party.modified
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert party.campaign.clocks[0].name == "Doom of Jost"
    assert party.notes_edit.toPlainText() == "The Baron's legions march."


def test_the_registry_keeps_a_released_document_with_changes(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from ui.owners import DocumentRegistry

    registry = DocumentRegistry()
    path = _jyrell_file(tmp_path)
    document = registry.open(path, "scene")
    assert registry.open(tmp_path / "." / "jyrell.sechar", "tab") is document
    assert registry.holders(document) == {"scene", "tab"}
    assert not registry.release(document, "tab")  # the scene still holds it
    document.mark_modified()
    assert not registry.release(document, "scene")  # unsaved: kept, nobody holds it
    assert registry.unsaved() == [document] and registry.find(path) is document
    closed: list[object] = []
    registry.removed.connect(closed.append)
    assert registry.release(document, "scene", force=True)
    assert closed == [document] and registry.find(path) is None


def test_scene_steps_undo_as_one_across_the_scene_and_the_pc(window: MainWindow,
                                                             tmp_path: Path) -> None:
    path = _jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = _gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    (goblin,) = tracker.add_nc(library.load_nc("goblin"))
    tracker.pair(pc, [goblin])
    log = list(tracker.scene.log)
    assert tracker.pc_takes_stress(pc, Trait.PHYSIQUE, "Good")
    assert tracker.nc_takes_stress(goblin, 1)  # a scene-only step: the NC is out
    assert tracker.scene.nc(goblin).removed and "out" in tracker.nc_states()["Goblin"]

    # Ctrl+Z in the tracker: the NC's Stress comes back first; the PC is untouched.
    tracker.overview.setFocus()
    assert window.undo_group.activeStack() is tracker.undo_stack
    window.undo_action.trigger()
    assert not tracker.scene.nc(goblin).removed
    assert document.character.play.penalty_ranks == {Trait.PHYSIQUE: 2}
    # Again: the PC's Stress goes from the scene and from the character together.
    window.undo_action.trigger()
    assert document.character.play.penalty_ranks == {}
    assert tracker.scene.log == log
    assert document.undo_stack.undoText() == "Scene: Add PC (Jyrell)"
    # Redo from the builder's side brings both halves back.
    editor = window.current_editor()
    assert editor is not None
    editor.name_edit.setFocus()
    assert window.undo_group.activeStack() is document.undo_stack
    window.redo_action.trigger()
    assert document.character.play.penalty_ranks == {Trait.PHYSIQUE: 2}
    assert len(tracker.scene.log) == len(log) + 1
    # And Undo in the builder takes both back again.
    window.undo_action.trigger()
    assert document.character.play.penalty_ranks == {} and tracker.scene.log == log
    assert tracker.scene.character(pc) is document.character


def test_the_campaign_file_is_watched_too(window: MainWindow, qtbot, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from seforge.campaign import load_campaign, save_campaign

    party = _gm_table(window).party
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
    asked = _choices(monkeypatch, "Keep Mine", "Cancel", "Replace")
    elsewhere("Theirs.")  # changes here: asked, and kept
    qtbot.waitUntil(lambda: len(asked) == 1, timeout=5000)
    assert party.campaign.notes == "Mine." and party.modified
    elsewhere("Theirs, again.")
    qtbot.waitUntil(lambda: len(asked) == 2, timeout=5000)  # Cancel = keep mine too
    party.undo_stack.undo()
    assert party.modified, "no state of the history is the file any more"
    party.set_notes("Mine, finally.")
    window.file_watcher.watcher.removePaths(window.file_watcher.watched())
    elsewhere("Theirs, once more.")
    assert party.save() == path  # Save over the changed file asks: Replace
    assert load_campaign(path).notes == "Mine, finally." and len(asked) == 3


def test_the_opponent_being_edited_is_watched(window: MainWindow, qtbot,
                                              monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from seforge.fileformat import load_nc, save_nc

    lib = _gm_table(window).opponents
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
    asked = _choices(monkeypatch, "Keep Mine", "Cancel", "Replace")
    elsewhere("Sand Wraith Jester")
    qtbot.waitUntil(lambda: len(asked) == 1, timeout=5000)
    assert lib.editor.nc().name == "Sand Wraith King" and lib.unsaved_work()
    window.file_watcher.watcher.removePaths(window.file_watcher.watched())
    elsewhere("Sand Wraith Fool")
    assert lib.save_editor() is None  # Cancel: the other program's file stays
    assert load_nc(path).name == "Sand Wraith Fool"
    assert lib.save_editor() == path  # Replace
    assert load_nc(path).name == "Sand Wraith King"
