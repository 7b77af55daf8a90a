"""The Sword of Life builder and conflict editor reflow (issue 26): side by side when
wide, one column when narrow, never a sideways scroll."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from seforge.systems.sword_of_life.documents import CHARACTER, CONFLICT
from tests.ui.shell.layout_check import cut_text, sideways_scrolling
from ui.shell.document_owner import DocumentOwner
from ui.systems.sword_of_life.builder import CharacterEditor
from ui.systems.sword_of_life.conflict_view import ConflictEditor


def test_the_builder_puts_its_ledger_under_it_when_narrow(qtbot: QtBot) -> None:
    owner = DocumentOwner(CHARACTER, CHARACTER.model(), title="Builder")
    editor = CharacterEditor(owner)
    qtbot.addWidget(editor)
    editor.resize(1200, 700)
    editor.show()
    qtbot.waitExposed(editor)
    assert editor.columns.is_two()
    editor.resize(450, 700)
    qtbot.waitUntil(lambda: not editor.columns.is_two())
    qtbot.wait(100)  # the new layout settles
    assert sideways_scrolling(editor) == []
    assert cut_text(editor) == []


def test_the_conflict_editor_stacks_when_narrow(qtbot: QtBot) -> None:
    owner = DocumentOwner(CONFLICT, CONFLICT.model(), title="Conflict")
    editor = ConflictEditor(owner)
    qtbot.addWidget(editor)
    editor.resize(1200, 700)
    editor.show()
    qtbot.waitExposed(editor)
    assert editor.columns.is_two()
    editor.resize(340, 700)
    qtbot.waitUntil(lambda: not editor.columns.is_two())
    qtbot.wait(100)  # the new layout settles
    assert sideways_scrolling(editor) == []
    assert cut_text(editor) == []
