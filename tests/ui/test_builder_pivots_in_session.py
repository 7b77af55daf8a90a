"""Found in a played session: the sheet's Pivots, its clear buttons and the Add Element
menu's keys."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QLineEdit, QToolButton

from seforge.systems.swords_edge.models import ElementKind
from seforge.systems.swords_edge.play.pivots import pivot_change_reason
from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.editor import CharacterEditor
from ui.systems.swords_edge.play import PlayPanel


def _clear_shown(edit: QLineEdit) -> bool:
    buttons = edit.findChildren(QToolButton)
    return any(b.isVisible() and float(b.property("opacity")) > 0 for b in buttons)


def test_the_sheet_keeps_the_pivot_rule_of_the_play_dock(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Mid-session the Play dock refused "Change…" while the sheet let the Pivots be
    typed over: the sheet follows the same core rule now, read-only with its reason."""
    document = CharacterDocument(make_sarah())
    editor = CharacterEditor(document)
    panel = PlayPanel(document)
    qtbot.addWidget(editor)
    qtbot.addWidget(panel)
    editor.show()
    goal = editor.pivot_edits["goal"]
    assert not goal.isReadOnly()
    assert panel.start_session()
    assert not goal.isReadOnly()  # the start of a session: Pivots may change
    assert panel.spend_luck("reroll")
    reason = pivot_change_reason(document.character)
    assert reason
    before = document.character.pivots.goal
    steps = document.undo_stack.count()
    for edit in editor.pivot_edits.values():
        assert edit.isReadOnly()
        assert reason in edit.toolTip()
    assert reason in editor.pivots_hint.text()  # seen without hovering, too
    goal.setFocus()
    qtbot.keyClicks(goal, "x")
    assert document.character.pivots.goal == before
    assert document.undo_stack.count() == steps
    assert not _clear_shown(goal)
    assert panel.end_session()  # the end of a session: they may change again
    assert not goal.isReadOnly() and reason not in goal.toolTip()
    assert reason not in editor.pivots_hint.text()


def test_an_empty_pivot_shows_no_clear_button_after_an_undo(qtbot) -> None:  # type: ignore[no-untyped-def]
    character = make_sarah()
    character.pivots.quirk = None
    document = CharacterDocument(character)
    editor = CharacterEditor(document)
    qtbot.addWidget(editor)
    editor.show()
    quirk = editor.pivot_edits["quirk"]
    qtbot.waitUntil(lambda: _clear_shown(editor.pivot_edits["goal"]))  # a filled one: shown
    quirk.setFocus()
    qtbot.keyClicks(quirk, "Hums")
    qtbot.waitUntil(lambda: _clear_shown(quirk))
    editor.setFocus()
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert quirk.text() == ""
    qtbot.wait(400)  # the button fades
    assert not _clear_shown(quirk)


def test_the_add_element_menu_has_keys(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = CharacterDocument(make_sarah())
    editor = CharacterEditor(document)
    qtbot.addWidget(editor)
    actions = editor.elements.add_actions
    keys = []
    for kind in (ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX,
                 ElementKind.WEAKNESS, ElementKind.FETISH, ElementKind.STUNT):
        text = actions[kind].text()
        assert "&" in text, text
        keys.append(text[text.index("&") + 1].lower())
    assert len(set(keys)) == len(keys)
    assert actions[ElementKind.QUALITY].text() == "Add &Quality"
