"""Issue 11: one owner per open character, seen from the builder, the Play dock,
the party view and the scene tracker (scenarios 1 and 2 of the issue), and Undo
across them."""

from __future__ import annotations

import json
from pathlib import Path

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.ranks import Rank
from tests.ui.document_helpers import (
    gm_table,
    jyrell_file,
    tab_text,
)
from tests.ui.helpers import choose_rank, se_part, type_into
from ui.shell.window import MainWindow


def test_scene_results_survive_a_later_builder_save(window: MainWindow, tmp_path: Path) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None
    # The tracker plays the builder's own owner, not a copy.
    assert tracker.scene.character(pc) is document.character
    assert tracker.document_of(pc) is document
    assert se_part(window).registry.find(path) is document

    assert tracker.pc_takes_stress(pc, Trait.PHYSIQUE, "Good")
    # The scene's change is an edit of the document: modified, in the tab, autosaved.
    assert document.is_modified()
    assert tab_text(window, document).endswith(" *")
    assert window.autosaver.save_all() >= 1
    autosaved, _meta = window.autosaver.paths_for(document)
    assert load_character(autosaved).play.penalty_ranks == {Trait.PHYSIQUE: 2}

    # Ending the scene saves through the owner: the tab is clean again.
    assert tracker.finish_scene()
    on_disk = load_character(path)
    assert on_disk.play.penalty_ranks.get(Trait.PHYSIQUE) == 2
    assert on_disk.play.session == 1 and on_disk.history
    assert not document.is_modified()
    assert not tab_text(window, document).endswith(" *")

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
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    panel = se_part(window).play_dock.panel_for(document)  # type: ignore[union-attr]
    tracker = gm_table(window).scene
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
    path = jyrell_file(tmp_path)
    tracker = gm_table(window).scene
    pc = tracker.add_pc_file(path)
    assert pc is not None
    document = se_part(window).registry.find(path)
    assert document is not None and window.tabs.count() == 0
    assert tracker.pc_takes_stress(pc, Trait.PHYSIQUE, "Average")
    assert document.is_modified() and window.autosaver.save_all() == 1
    # Opening the file now shows that same owner, with the scene's change.
    opened = window.open_path(path)
    assert opened is document
    assert se_part(window).play_dock.panel_for(document).character is tracker.scene.character(pc)  # type: ignore[union-attr]
    # Closing the tab keeps the owner: the scene still plays the PC.
    window.close_current()
    assert se_part(window).registry.find(path) is document
    assert tracker.finish_scene()
    assert load_character(path).play.penalty_ranks.get(Trait.PHYSIQUE) == 1


def test_autosave_sidecar_of_a_scene_only_owner(window: MainWindow, tmp_path: Path) -> None:
    path = jyrell_file(tmp_path)
    tracker = gm_table(window).scene
    pc = tracker.add_pc_file(path)
    assert pc is not None
    assert window.autosaver.save_all() == 1  # the session start made it modified
    document = se_part(window).registry.find(path)
    assert document is not None
    _char, meta = window.autosaver.paths_for(document)
    assert json.loads(meta.read_text(encoding="utf-8"))["original_path"] == str(path)


def test_the_registry_keeps_a_released_document_with_changes(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from ui.systems.swords_edge.document_registry import DocumentRegistry

    registry = DocumentRegistry()
    path = jyrell_file(tmp_path)
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


def test_play_dock_follows_builder_edits(window: MainWindow, tmp_path: Path) -> None:
    from ui.systems.swords_edge.play.panel import PlayPanel

    document = window.new_document()
    assert se_part(window).play_dock is not None
    se_part(window).play_dock.show()
    se_part(window).play_dock.raise_()
    panel: PlayPanel = se_part(window).play_dock.panel_for(document)
    editor = window.current_editor()
    assert editor is not None
    assert choose_rank(editor, "trait:Cunning", Rank.EXCEPTIONAL)
    assert panel.trait_labels[Trait.CUNNING].text() == Rank.EXCEPTIONAL.display()
    type_into(editor.pivot_edits["goal"], "Find the lost fleet")
    assert panel.pivot_labels["goal"].text() == "Find the lost fleet"

    # Hidden behind the Budget dock, it catches up the moment it is shown again.
    se_part(window).budget_dock.raise_()
    assert choose_rank(editor, "trait:Cunning", Rank.GOOD)
    se_part(window).play_dock.raise_()
    assert panel.trait_labels[Trait.CUNNING].text() == Rank.GOOD.display()


def test_party_view_shows_the_open_owner(window: MainWindow, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    party = gm_table(window).party
    party.add_characters([path])
    assert party.characters()[0][0] is document.character
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.pivot_edits["goal"], "Find the lost fleet")
    qtbot.waitUntil(lambda: "Find the lost fleet" in party.column_texts()[0], timeout=3000)
    assert load_character(path).pivots.goal != "Find the lost fleet"  # shown, not yet saved


def test_typing_in_the_builder_redraws_the_tracker_once(window: MainWindow, qtbot,
                                                        tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
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
    assert se_part(window).play_dock is not None
    se_part(window).play_dock.panel_for(document).gain_luck("a fine speech")
    assert redraws == [1, 1]
    assert tracker.panels[pc].status_label.text().startswith(
        f"Luck {document.character.play.luck}")


def test_scene_steps_undo_as_one_across_the_scene_and_the_pc(window: MainWindow,
                                                             tmp_path: Path) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
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


def test_undo_keys_follow_the_focus_into_the_opponent_editor(window: MainWindow) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    document = window.new_document()
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.name_edit, "Sarah")
    table = gm_table(window)
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


def test_campaign_changes_undo_with_the_focus_in_the_party_view(window: MainWindow) -> None:
    party = gm_table(window).party
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


def test_the_next_scene_leaves_the_pcs_history_undoable(window: MainWindow,
                                                        tmp_path: Path) -> None:
    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    tracker = gm_table(window).scene
    pc = tracker.add_pc(document.character, path)
    assert pc is not None and tracker.give_luck(pc)
    luck = document.character.play.luck
    assert tracker.finish_scene()
    tracker.next_scene()
    assert tracker.undo_stack.count() == 0
    # The PC's own history still undoes the scene's steps, without the old scene.
    document.undo_stack.undo()  # the end of the scene
    document.undo_stack.undo()  # the Luck
    assert document.character.play.luck == luck - 1
    assert tracker.scene.pcs and tracker.scene.character(tracker.scene.pcs[0].id) \
        is document.character


def test_party_table_rules_reach_an_open_character_through_its_owner(
        window: MainWindow, tmp_path: Path) -> None:
    from seforge.systems.swords_edge.models import RuleOptions

    path = jyrell_file(tmp_path)
    document = window.open_path(path)
    assert document is not None
    party = gm_table(window).party
    party.add_characters([path])
    party.set_table_rules(RuleOptions(trait_lowering_refunds=True))
    assert party.align_character(path)
    assert document.character.options.trait_lowering_refunds  # the open copy, not behind it
    assert not document.is_modified()  # ...and saved
    assert load_character(path).options.trait_lowering_refunds
    document.undo_stack.undo()  # an ordinary edit of the character
    assert not document.character.options.trait_lowering_refunds
