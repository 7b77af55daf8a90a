"""Editing an Element's Rank, Trait and Kind in place in the Elements table.

Each in-table edit must push the same undo command the details area pushes, so
Edit > Undo walks it back and the budget follows."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import editing
from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import ElementKind, Trait
from seforge.systems.swords_edge.ranks import Rank
from tests.ui.helpers import se_part, summary
from ui.shell.window import MainWindow
from ui.systems.swords_edge.commands import SetKindCommand, SetLinkCommand, SetRankCommand
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.element_delegates import ElementCellDelegate
from ui.systems.swords_edge.elements_model import GM, KIND, NAME, RANK, TRAIT
from ui.systems.swords_edge.elements_panel import ElementsPanel
from ui.systems.swords_edge.rank_combo import RankCombo
from ui.systems.swords_edge.widgets import TraitLinkCombo


def open_sarah(window: MainWindow) -> tuple[CharacterDocument, ElementsPanel]:
    document = se_part(window).open_book_character(load_pc("sarah-x"))
    editor = window.current_editor()
    assert editor is not None
    assert document.character.elements[0].name == "Sharp Eyes"
    return document, editor.elements


def commit_with_enter(qtbot: QtBot, panel: ElementsPanel, editor: QWidget) -> None:
    """Press Enter in an open cell editor; Qt commits and closes it (queued)."""
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.table.indexWidget(panel.table.currentIndex()) is None)


def open_cell_editor(panel: ElementsPanel, column: int) -> tuple[QModelIndex, QWidget]:
    """Open the table's editor on Sharp Eyes' ``column`` as F2 / double-click does."""
    view: QTableView = panel.table
    index = panel.model.index(0, column)
    view.setFocus()
    view.setCurrentIndex(index)
    assert view.edit(index, QAbstractItemView.EditTrigger.EditKeyPressed, None)
    editor = view.indexWidget(index)
    assert editor is not None
    return index, editor


def test_rank_trait_and_kind_cells_are_editable_gm_charge_is_not(window: MainWindow) -> None:
    _, panel = open_sarah(window)
    model = panel.model
    editable = Qt.ItemFlag.ItemIsEditable
    for column in (NAME, RANK, TRAIT, KIND):
        assert model.flags(model.index(0, column)) & editable, column
    assert not model.flags(model.index(0, GM)) & editable
    for column in (RANK, TRAIT, KIND):
        assert isinstance(panel.table.itemDelegateForColumn(column), ElementCellDelegate)


def test_trait_edited_in_the_table_is_undoable(window: MainWindow, qtbot: QtBot) -> None:
    document, panel = open_sarah(window)
    element = document.character.elements[0]
    assert element.trait is Trait.CUNNING
    before = document.undo_stack.count()

    index, editor = open_cell_editor(panel, TRAIT)
    assert isinstance(editor, TraitLinkCombo)
    assert editor.trait() is Trait.CUNNING
    editor.choose(Trait.PHYSIQUE)
    assert element.trait is Trait.CUNNING, "nothing changes before the edit is committed"
    commit_with_enter(qtbot, panel, editor)

    assert element.trait is Trait.PHYSIQUE
    assert document.undo_stack.count() == before + 1
    assert isinstance(document.undo_stack.command(before), SetLinkCommand)
    assert panel.model.data(index) == "Physique"
    assert panel.trait_combo.trait() is Trait.PHYSIQUE, "the details area follows"
    assert window.undo_action.text() == '&Undo Link "Sharp Eyes" to Physique'

    window.undo_action.trigger()
    assert element.trait is Trait.CUNNING
    assert panel.model.data(index) == "Cunning"
    assert panel.trait_combo.trait() is Trait.CUNNING


def test_escape_cancels_a_trait_edit(window: MainWindow, qtbot: QtBot) -> None:
    document, panel = open_sarah(window)
    before = document.undo_stack.count()
    _, editor = open_cell_editor(panel, TRAIT)
    assert isinstance(editor, TraitLinkCombo)
    editor.choose(Trait.CHARISMA)
    QTest.keyClick(editor, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: panel.table.indexWidget(panel.table.currentIndex()) is None)
    assert document.character.elements[0].trait is Trait.CUNNING
    assert document.undo_stack.count() == before


def test_rank_editor_greys_out_what_the_budget_cannot_pay(window: MainWindow, qtbot: QtBot) -> None:
    document, panel = open_sarah(window)
    report = editing.budget_report(document.character)
    assert report.spent == report.budget, "Sarah X has spent every Rank"
    _, editor = open_cell_editor(panel, RANK)
    assert isinstance(editor, RankCombo)
    assert editor.currentText() == Rank.GOOD.display()

    legendary = editor.item(Rank.LEGENDARY)
    assert not legendary.isEnabled()
    choices = {c.rank: c for c in editing.rank_choices(document.character, "element:0")}
    reason = choices[Rank.LEGENDARY].reason
    assert reason and "more Ranks" in reason
    assert legendary.data(Qt.ItemDataRole.ToolTipRole) == reason
    # The same data as the Rank combo in the details area below the table.
    panel.select_row(0)
    details = panel.rank_combo.item(Rank.LEGENDARY)
    assert details.isEnabled() == legendary.isEnabled()
    assert details.data(Qt.ItemDataRole.ToolTipRole) == reason

    before = document.undo_stack.count()
    assert not editor.choose(Rank.LEGENDARY)
    # Even forced onto the greyed-out item, committing pushes nothing.
    editor.setCurrentIndex(editor.findText(Rank.LEGENDARY.display()))
    commit_with_enter(qtbot, panel, editor)
    assert document.character.elements[0].rank is Rank.GOOD
    assert document.undo_stack.count() == before


def test_rank_edited_in_the_table_pushes_set_rank(window: MainWindow, qtbot: QtBot) -> None:
    document, panel = open_sarah(window)
    # Free a Rank first (through the details area), so Great becomes affordable.
    document.push(SetRankCommand(document, "concept", Rank.GREAT))
    element = document.character.elements[0]
    before = document.undo_stack.count()
    _, editor = open_cell_editor(panel, RANK)
    assert isinstance(editor, RankCombo)
    assert editor.item(Rank.GREAT).isEnabled()
    assert editor.choose(Rank.GREAT)
    commit_with_enter(qtbot, panel, editor)
    assert element.rank is Rank.GREAT
    assert isinstance(document.undo_stack.command(before), SetRankCommand)
    window.undo_action.trigger()
    assert element.rank is Rank.GOOD


def test_kind_to_weakness_in_the_table_sets_basic_and_undoes(window: MainWindow) -> None:
    document, panel = open_sarah(window)
    element = document.character.elements[0]
    spent_before = summary(window)
    before = document.undo_stack.count()

    view = panel.table
    index = panel.model.index(0, KIND)
    delegate = view.itemDelegateForColumn(KIND)
    assert isinstance(delegate, ElementCellDelegate)
    editor = delegate.createEditor(view.viewport(), QStyleOptionViewItem(), index)
    assert isinstance(editor, QComboBox)
    delegate.setEditorData(editor, index)
    assert editor.currentText() == "Quality"
    assert editor.currentData() == ElementKind.QUALITY
    editor.setCurrentIndex(editor.findData(ElementKind.WEAKNESS))
    delegate.setModelData(editor, panel.model, index)
    editor.deleteLater()

    assert element.kind is ElementKind.WEAKNESS
    assert element.rank is Rank.BASIC
    assert isinstance(document.undo_stack.command(before), SetKindCommand)
    assert panel.model.data(index) == "Weakness"
    assert panel.model.data(panel.model.index(0, RANK)) == Rank.BASIC.display()
    assert summary(window) != spent_before, "the budget summary follows the new kind"
    panel.select_row(0)
    assert panel.kind_combo.currentData() == ElementKind.WEAKNESS

    window.undo_action.trigger()
    assert element.kind is ElementKind.QUALITY
    assert element.rank is Rank.GOOD
    assert summary(window) == spent_before
    assert panel.model.data(index) == "Quality"
    assert document.undo_stack.count() == before + 1 and document.undo_stack.index() == before

