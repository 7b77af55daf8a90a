"""Building characters through the editor's widgets, checked against the core."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import Character, ElementKind, Pivots, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.validation import check_character
from tests.ui.helpers import build_sarah_x, choose_rank, problem_rules, se_part, summary, type_into
from ui.shell.window import MainWindow
from ui.systems.swords_edge.budget_panel import FIELD_ROLE, RULE_ROLE


def _same_build(character: Character, book: Character) -> bool:
    fields = ("name", "concept", "background", "faculty", "traits", "elements", "pivots")
    return all(getattr(character, f) == getattr(book, f) for f in fields)


def test_build_sarah_x_from_scratch(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    character = editor.document.character
    assert _same_build(character, load_pc("sarah-x"))
    assert summary(window) == "Ranks: 6 of 6 spent"
    assert se_part(window).budget_panel.status.text().startswith("✔ Legal")
    assert problem_rules(window) == []
    assert check_character(character).legal
    assert window.windowTitle() == "Sarah X[*]"
    assert window.isWindowModified()
    assert editor.trait_rows[Trait.CUNNING].linked.text() == "Hunting, Sharp Eyes"
    assert editor.trait_rows[Trait.PHYSIQUE].linked.text() == "—"


def test_overspending_is_refused_with_a_reason(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    combo = editor.core_ranks["concept"]
    legendary = combo.item(Rank.LEGENDARY)
    assert not legendary.isEnabled()
    assert "more Rank" in legendary.toolTip()
    assert not combo.choose(Rank.LEGENDARY)
    assert editor.document.character.concept.rank is Rank.EXCEPTIONAL
    # lowering is always offered, and the raise comes back once a Rank is free
    background = editor.core_ranks["background"]
    assert not background.item(Rank.GREAT).isEnabled()
    assert choose_rank(editor, "concept", Rank.GREAT)
    assert background.item(Rank.GREAT).isEnabled()
    assert summary(window) == "Ranks: 5 of 6 spent"
    assert "budget.unspent" in problem_rules(window)


def test_weakness_bonus_rank_appears_and_disappears(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    panel = editor.elements
    panel.add_button.menu().actions()[3].trigger()  # Add Weakness
    row = panel.current_row()
    assert editor.document.character.elements[row].kind is ElementKind.WEAKNESS
    type_into(panel.name_edit, "Lunger")
    panel.trait_combo.choose(Trait.PHYSIQUE)
    assert summary(window) == 'Ranks: 6 of 7 spent (6 + 1 from Weakness "Lunger")'
    # a Weakness at creation only offers Basic
    combo = panel.rank_combo
    enabled = [r for r in Rank if r <= Rank.LEGENDARY and combo.item(r).isEnabled()]
    assert enabled == [Rank.BASIC]
    assert combo.item(Rank.GOOD).toolTip() == "a Weakness taken at creation is Basic"
    panel.select_row(row)
    QTest.mouseClick(_button(panel, "Remove"), Qt.MouseButton.LeftButton)
    assert len(editor.document.character.elements) == 1
    assert summary(window) == "Ranks: 6 of 6 spent"


def _button(panel: object, text: str) -> object:
    from PySide6.QtWidgets import QToolButton

    for button in panel.findChildren(QToolButton):  # type: ignore[attr-defined]
        if button.text() == text:
            return button
    raise AssertionError(text)


def test_trait_link_change_moves_element_between_traits(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    editor.elements.select_row(0)
    editor.elements.trait_combo.choose(Trait.PHYSIQUE)
    assert editor.document.character.elements[0].trait is Trait.PHYSIQUE
    assert editor.trait_rows[Trait.PHYSIQUE].linked.text() == "Sharp Eyes"
    assert editor.trait_rows[Trait.CUNNING].linked.text() == "Hunting"
    model = editor.elements.model
    assert model.data(model.index(0, editor.elements.trait_column())) == "Physique"
    window.undo()
    assert editor.trait_rows[Trait.CUNNING].linked.text() == "Hunting, Sharp Eyes"


def test_pivots_have_three_optional_slots(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    assert list(editor.pivot_edits) == ["goal", "quirk", "style"]
    type_into(editor.pivot_edits["quirk"], "")
    editor.pivot_edits["quirk"].selectAll()
    QTest.keyClick(editor.pivot_edits["quirk"], Qt.Key.Key_Delete)
    pivots = editor.document.character.pivots
    assert pivots.quirk is None
    assert pivots.goal and pivots.style
    assert "pivots" not in {p.field for p in check_character(editor.document.character).problems}
    # none at all is fine too
    for edit in editor.pivot_edits.values():
        edit.selectAll()
        QTest.keyClick(edit, Qt.Key.Key_Backspace)
    assert editor.document.character.pivots == Pivots()
    assert check_character(editor.document.character).legal


def test_undo_and_redo_the_whole_build(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    document = editor.document
    built = document.character.model_copy(deep=True)
    stack = document.undo_stack
    assert window.undo_action.text().startswith("&Undo")
    steps = 0
    while stack.canUndo():
        window.undo_action.trigger()
        steps += 1
    assert document.character == Character()
    assert not window.isWindowModified()
    assert editor.name_edit.text() == ""
    assert summary(window) == "Ranks: 0 of 6 spent"
    # typing merged: one step per field, not per key
    assert steps < 20
    while stack.canRedo():
        window.redo_action.trigger()
    assert document.character == built
    assert editor.name_edit.text() == "Sarah X"
    assert summary(window) == "Ranks: 6 of 6 spent"


def test_undo_text_names_the_edit(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    choose_rank(editor, "concept", Rank.GREAT)
    assert window.undo_action.text() == "&Undo Set Concept to Great"
    window.undo_action.trigger()
    assert window.redo_action.text() == "&Redo Set Concept to Great"


def test_undo_key_in_a_text_field_walks_the_document_history(window: MainWindow) -> None:
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.name_edit, "Sarah")
    type_into(editor.player_edit, "Ann")
    editor.player_edit.setFocus()
    QTest.keyClick(editor.player_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.document.character.player == ""
    assert editor.document.character.name == "Sarah"


def test_elements_move_up_and_down(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    panel = editor.elements
    panel.add_element()
    type_into(panel.name_edit, "Rifle")
    panel.trait_combo.choose(Trait.PHYSIQUE)
    assert panel.current_row() == 1
    panel.up_action.trigger()
    names = [e.name for e in editor.document.character.elements]
    assert names == ["Rifle", "Sharp Eyes"]
    assert panel.current_row() == 0
    panel.down_action.trigger()
    assert [e.name for e in editor.document.character.elements] == ["Sharp Eyes", "Rifle"]


def test_clicking_a_problem_focuses_its_field(window: MainWindow) -> None:
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    editor.elements.add_element()
    target = next(i for i in se_part(window).budget_panel.problem_items()
                  if i.data(FIELD_ROLE) == "faculty" and i.data(RULE_ROLE) == "link.faculty_trait")
    se_part(window).budget_panel.problems.itemClicked.emit(target)
    assert editor.faculty_trait.hasFocus()
    trait_problem = next(i for i in se_part(window).budget_panel.problem_items()
                         if i.data(FIELD_ROLE) == "element:0")
    editor.elements.table.clearSelection()
    se_part(window).budget_panel.problems.itemClicked.emit(trait_problem)
    assert editor.elements.current_row() == 0


def test_table_rules_are_undoable(window: MainWindow) -> None:
    from ui.systems.swords_edge.rules_dialog import TableRulesDialog

    window.new_document()
    document = window.current_document()
    assert document is not None
    editor = window.current_editor()
    assert editor is not None
    combo = editor.trait_rows[Trait.PHYSIQUE].combo
    assert not combo.item(Rank.POOR).isEnabled()
    dialog = TableRulesDialog(document, window)
    dialog.boxes["trait_lowering_refunds"].setChecked(True)
    assert dialog.apply()
    assert document.character.options.trait_lowering_refunds
    assert combo.item(Rank.POOR).isEnabled()
    window.undo()
    assert not document.character.options.trait_lowering_refunds
    assert not combo.item(Rank.POOR).isEnabled()


def test_gm_charge_is_set_per_element(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    choose_rank(editor, "concept", Rank.GREAT)
    editor.elements.select_row(0)
    editor.elements.gm_spin.setValue(1)
    assert editor.document.character.elements[0].gm_extra_cost == 1
    assert summary(window) == "Ranks: 6 of 6 spent"
    assert any("GM charge" in line for line in se_part(window).budget_panel.ledger_lines())


def test_long_lists_of_linked_qualities_are_cut_short(window: MainWindow) -> None:
    character = load_pc("sarah-x")
    for i in range(12):
        character.elements.append(character.elements[0].model_copy(
            update={"name": f"Very long quality name number {i} " * 3}))
    se_part(window).open_book_character(character)
    editor = window.current_editor()
    assert editor is not None
    label = editor.findChild(QLabel, "linkedCunning")
    assert label is not None
    assert label.text().startswith("Hunting, Sharp Eyes, ")
    assert label.text().endswith("and 10 more")
    assert "number 11" in label.toolTip(), "the whole list stays in the tooltip"


def test_several_weaknesses_say_which_one_gives_the_bonus_rank(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    panel = editor.elements
    for name in ("Lunger", "Drunk"):
        panel.add_button.menu().actions()[3].trigger()  # Add Weakness
        type_into(panel.name_edit, name)
        panel.trait_combo.choose(Trait.PHYSIQUE)
    # One bonus Rank in all: the line names the Weakness that gives it, not both.
    assert summary(window) == 'Ranks: 6 of 7 spent (6 + 1 from Weakness "Lunger")'
    ledger = se_part(window).budget_panel.ledger
    lines = [ledger.item(i).text() for i in range(ledger.count())]
    assert ('Bonus from Weakness "Lunger": +1 Rank to spend '
            '(one bonus Rank in all: "Drunk" adds none)') in lines
    assert not any('"Lunger", "Drunk"' in line for line in lines)


def test_tab_leaves_the_elements_table(window: MainWindow, qtbot: object) -> None:
    """Tab from the Elements table goes on to the next control, as from every other field
    (with Tab moving between the table's cells, a keyboard user was caught in it)."""
    editor = build_sarah_x(window)
    QTest.mouseClick(editor.elements.add_button, Qt.MouseButton.LeftButton)
    window.activateWindow()
    qtbot.waitActive(window)  # type: ignore[attr-defined]
    table = editor.elements.table
    table.setFocus()
    table.setCurrentIndex(table.model().index(0, 0))
    assert table.hasFocus()
    QTest.keyClick(table, Qt.Key.Key_Tab)
    assert not table.hasFocus()
    assert editor.elements.add_button.hasFocus()


def test_the_legality_line_is_restyled_only_when_its_verdict_changes(
        window: MainWindow) -> None:
    """Each style sheet set re-polishes the line, which is redrawn at every change of the
    character: a change that keeps the verdict sets none."""
    editor = build_sarah_x(window)
    status = se_part(window).budget_panel.status
    assert status.styleSheet() and status.text().startswith("✔ Legal")
    sets: list[str] = []
    setter = status.setStyleSheet

    def counted(style: str) -> None:
        sets.append(style)
        setter(style)

    status.setStyleSheet = counted  # type: ignore[method-assign]
    type_into(editor.name_edit, "Sarah Y")
    assert editor.document.character.name == "Sarah Y"
    assert status.text().startswith("✔ Legal") and sets == []
