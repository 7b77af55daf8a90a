"""A PC without a file whose own autosave has no history yet (written before the PC
joined the scene, whose joining began its history) is found by the scene's changes:
replayed over it they give the PC the scene kept; another fresh copy is not taken."""

from __future__ import annotations

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.models import HistoryEntry
from seforge.systems.swords_edge.play.luck import gain_luck
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.scene_autosave import (
    is_kept_before_the_scene,
    kept_is_newer,
    same_pc,
)
from seforge.systems.swords_edge.scene_changes import character_changes


def test_an_autosave_without_history_is_the_pc_the_scene_changed() -> None:
    own = library.load_pc("jyrell")  # the tab's autosave: no history yet
    assert not own.history
    kept = own.model_copy(deep=True)
    start_session(kept)  # joining the scene
    joined = kept.model_copy(deep=True)
    gain_luck(kept, "the GM's reward")  # a scene step
    steps = [character_changes(own, joined), character_changes(joined, kept)]

    assert is_kept_before_the_scene(kept, own, steps)
    assert same_pc(kept, [own], steps) == 0
    assert kept_is_newer(kept, own)  # so the restored PC is the one the scene kept
    # without the scene's changes a fresh copy could be any copy: none is taken
    assert same_pc(kept, [own]) is None


def test_a_fresh_copy_with_other_edits_is_not_taken() -> None:
    own = library.load_pc("jyrell")
    kept = own.model_copy(deep=True)
    start_session(kept)
    steps = [character_changes(own, kept)]
    renamed = own.model_copy(update={"name": "Jyrell the Younger"}, deep=True)
    typed = own.model_copy(update={"player": "Sam"}, deep=True)
    stranger = library.load_pc("tella-of-jost")
    assert same_pc(kept, [renamed, typed, stranger], steps) is None
    assert same_pc(kept, [renamed, own], steps) == 1
    # a copy that went on with a history of its own is judged by that history
    other = own.model_copy(deep=True)
    other.history.append(HistoryEntry(what="Copied from the book", at="2026-11-26T20:00:02Z"))
    assert same_pc(kept, [other], steps) is None
