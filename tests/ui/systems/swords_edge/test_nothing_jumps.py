"""Found in a played session: controls that jump when a text grows (the Budget heading,
the Qualities on a Trait, the Play dock's message line). Each keeps its height now, a
long text cut short with "…" and whole in the tooltip."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from seforge.systems.swords_edge.models import Element, ElementKind, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.validation import check_character
from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.budget_panel import BudgetPanel
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.editor import CharacterEditor
from ui.systems.swords_edge.play import PlayPanel

LONG = "Haunted by the Screams of the Burning Village at Midnight"


def _settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    QApplication.processEvents()
    qtbot.wait(20)


def test_the_budget_heading_keeps_the_ledger_in_place(qtbot) -> None:  # type: ignore[no-untyped-def]
    character = make_sarah()
    panel = BudgetPanel()
    qtbot.addWidget(panel)
    panel.resize(330, 600)
    panel.show()
    panel.show_result(check_character(character))
    _settle(qtbot)
    top = panel.ledger.y()
    character.elements.append(
        Element(name=LONG, rank=Rank.BASIC, trait=Trait.PHYSIQUE, kind=ElementKind.WEAKNESS))
    panel.show_result(check_character(character))
    _settle(qtbot)
    assert LONG in panel.summary.text()
    assert panel.ledger.y() == top  # the ledger under the mouse did not move
    assert LONG in panel.summary.toolTip()  # cut short in the heading, whole here


def test_a_long_list_of_qualities_on_a_trait_moves_no_row(qtbot) -> None:  # type: ignore[no-untyped-def]
    character = make_sarah()
    document = CharacterDocument(character)
    editor = CharacterEditor(document)
    qtbot.addWidget(editor)
    editor.resize(700, 900)
    editor.show()
    _settle(qtbot)
    rows = editor.trait_rows
    tops = {trait: row.combo.mapTo(editor.sheet, row.combo.rect().topLeft()).y()
            for trait, row in rows.items()}
    character.elements.extend(
        Element(name=f"{LONG} {n}", rank=Rank.GOOD, trait=Trait.PHYSIQUE) for n in range(3))
    editor.refresh()
    _settle(qtbot)
    after = {trait: row.combo.mapTo(editor.sheet, row.combo.rect().topLeft()).y()
             for trait, row in rows.items()}
    assert after == tops
    assert LONG in rows[Trait.PHYSIQUE].linked.toolTip()


def test_the_play_message_line_pushes_nothing_down(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = PlayPanel(CharacterDocument(make_sarah()))
    qtbot.addWidget(panel)
    panel.set_two_columns(False)
    panel.resize(250, 1600)  # its narrowest: the refusal takes two lines
    panel.show()
    _settle(qtbot)
    box = panel.start_button.parentWidget()
    top = box.y()
    panel.spend_button.setEnabled(True)  # no session: refused on click
    qtbot.mouseClick(panel.spend_button, Qt.MouseButton.LeftButton)
    _settle(qtbot)
    assert panel.last_error().startswith("Not allowed: ")
    assert box.y() == top
    assert "session" in panel.message.toolTip()
