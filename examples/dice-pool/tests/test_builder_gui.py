"""The builder and the GM Screen page, driven through their widgets as a user would."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from ui.shell import wheel_guard
from ui.shell.document_owner import DocumentOwner

from dice_pool.documents import CHARACTER
from dice_pool.models import Character
from dice_pool_ui.builder import DicePoolBuilder
from dice_pool_ui.gm_screen import DicePoolGmScreen
from dice_pool_ui.system_ui import SYSTEM_UI


@pytest.fixture
def new(qtbot: QtBot) -> DicePoolBuilder:
    editor = SYSTEM_UI.new_editor("dice-pool.character")
    builder = editor.widget()
    assert isinstance(builder, DicePoolBuilder)
    qtbot.addWidget(builder)
    builder.resize(700, 700)
    builder.show()
    return builder


@pytest.fixture
def ada(qtbot: QtBot, samples: list[Path]) -> DicePoolBuilder:
    editor = SYSTEM_UI.open_editor(samples[0])
    builder = editor.widget()
    assert isinstance(builder, DicePoolBuilder)
    qtbot.addWidget(builder)
    builder.show()
    return builder


def test_a_new_character_is_named_and_its_dice_given(new: DicePoolBuilder,
                                                     qtbot: QtBot) -> None:
    owner = new.owner
    assert [r.name.text() for r in new.rows] == ["Body", "Mind", "Spirit"]
    assert new.budget.text() == "Dice given: 3 of 12 (9 left)"
    new.name.setFocus()
    qtbot.keyClicks(new.name, "Robin")
    qtbot.keyClick(new.name, Qt.Key.Key_Return)
    assert owner.document.name == "Robin"
    spin = new.rows[0].pool
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert owner.document.traits[0].pool == 3
    assert new.budget.text() == "Dice given: 5 of 12 (7 left)"
    assert owner.undo_stack.count() == 3
    owner.undo_stack.undo()
    assert owner.document.traits[0].pool == 2 and new.rows[0].pool.value() == 2
    assert owner.is_modified()


def test_a_full_budget_stops_the_spin_and_add(ada: DicePoolBuilder, qtbot: QtBot) -> None:
    owner = ada.owner
    spin = ada.rows[3].pool  # Charm, 2 dice; all 12 given
    assert spin.value() == 2 and spin.maximum() == 2
    assert "No more: all the traits together roll at most 12 dice" in spin.toolTip()
    assert not ada.add_button.isEnabled()
    assert "every die of the 12 is given" in ada.add_button.toolTip()
    assert not owner.is_modified()
    qtbot.mouseClick(ada.rows[0].remove, Qt.MouseButton.LeftButton)
    assert [t.name for t in owner.document.traits] == ["Street Smarts", "Nerve", "Charm"]
    assert len(ada.rows) == 3 and ada.add_button.isEnabled()
    assert ada.rows[2].pool.maximum() == 6
    qtbot.mouseClick(ada.add_button, Qt.MouseButton.LeftButton)
    assert owner.document.traits[-1].name == "Trait 4"
    assert "Legal" not in ada.problems.item(0).text()


def test_a_refused_name_says_why_and_changes_nothing(ada: DicePoolBuilder,
                                                     qtbot: QtBot) -> None:
    field = ada.rows[1].name
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "nerve")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert ada.owner.document.traits[1].name == "Street Smarts"
    assert ada.status.isVisible()
    assert "already called 'Nerve'" in ada.status.text()
    assert not ada.owner.is_modified()


def test_a_pool_outside_the_rules_shows_as_it_is(tmp_path: Path, qtbot: QtBot) -> None:
    import json

    path = tmp_path / "odd.dicepool"
    path.write_text(json.dumps({"format": "dice-pool.character", "version": 1, "traits": [
        {"name": "Huge", "pool": 9}, {"name": "None", "pool": 0}]}), encoding="utf-8")
    builder = SYSTEM_UI.open_editor(path).widget()
    assert isinstance(builder, DicePoolBuilder)
    qtbot.addWidget(builder)
    huge, none = builder.rows[0].pool, builder.rows[1].pool
    assert (huge.value(), none.value()) == (9, 0)
    assert "Error: Huge rolls 9 dice" in builder.problems.item(0).text()
    huge.setFocus()
    qtbot.keyClick(huge, Qt.Key.Key_Down)
    assert builder.owner.document.traits[0].pool == 8
    none.setFocus()
    qtbot.keyClick(none, Qt.Key.Key_Up)
    assert builder.owner.document.traits[1].pool == 1 and none.minimum() == 1


def test_the_export_prints_what_is_on_screen(ada: DicePoolBuilder, tmp_path: Path,
                                             qtbot: QtBot) -> None:
    from pypdf import PdfReader

    ada.name.setFocus()
    ada.name.selectAll()
    qtbot.keyClicks(ada.name, "Ada the Bold")
    qtbot.keyClick(ada.name, Qt.Key.Key_Return)
    out = tmp_path / "ada.pdf"
    assert SYSTEM_UI.export_pdf(ada.owner, out, "letter") == 1
    assert "Ada the Bold" in PdfReader(out).pages[0].extract_text()
    assert ada.owner.is_modified()  # printing saved nothing


def test_notes_are_kept_when_the_field_is_left(new: DicePoolBuilder, qtbot: QtBot) -> None:
    new.notes.setFocus()
    qtbot.keyClicks(new.notes, "Owes a debt")
    new.name.setFocus()
    assert new.owner.document.notes == "Owes a debt"
    new.notes.setFocus()
    qtbot.keyClicks(new.notes, ".")
    qtbot.waitUntil(lambda: new.owner.document.notes == "Owes a debt.", timeout=3000)


def test_the_wheel_scrolls_past_an_unfocused_spin(new: DicePoolBuilder, qapp: QApplication,
                                                  qtbot: QtBot) -> None:
    wheel_guard.install(qapp)
    spin = new.rows[0].pool
    new.name.setFocus()
    before = new.owner.undo_stack.count()
    event = QWheelEvent(QPointF(5, 5), QPointF(spin.mapToGlobal(QPoint(5, 5))), QPoint(0, 0),
                        QPoint(0, 120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(spin, event)
    assert spin.value() == 1 and new.owner.undo_stack.count() == before


def test_an_owner_from_a_file_saves_what_was_built(samples: list[Path], tmp_path: Path,
                                                   qtbot: QtBot) -> None:
    owner: DocumentOwner[Character] = DocumentOwner.load(CHARACTER, samples[2])
    editor = SYSTEM_UI._editor(owner, None)
    builder = editor.widget()
    assert isinstance(builder, DicePoolBuilder)
    qtbot.addWidget(builder)
    spin = builder.rows[3].pool
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    out = owner.save(tmp_path / "cass.dicepool")
    assert CHARACTER.load(out).traits[3].pool == 3
    assert not owner.is_modified()


def test_a_file_of_another_kind_is_refused_in_one_line(tmp_path: Path) -> None:
    from seforge.core.documents import DocumentFileError

    other = tmp_path / "x.dicepool"
    other.write_text('{"format": "blades.character", "version": 1}', encoding="utf-8")
    with pytest.raises(DocumentFileError, match="not a Dice Pool character"):
        SYSTEM_UI.open_editor(other)


def test_the_gm_screen_odds_follow_the_spin_boxes(qtbot: QtBot) -> None:
    page = SYSTEM_UI.gm_screen(None)
    assert isinstance(page, DicePoolGmScreen)
    qtbot.addWidget(page)
    page.resize(320, 700)
    page.show()
    calculator = page.calculator
    assert calculator.table.rowCount() == 4  # 3 dice: 0 to 3 successes
    assert calculator.table.item(3, 1).data(Qt.ItemDataRole.UserRole) == "1/8"
    calculator.dice.setFocus()
    calculator.dice.selectAll()
    qtbot.keyClicks(calculator.dice, "2")
    calculator.target.setFocus()
    calculator.target.selectAll()
    qtbot.keyClicks(calculator.target, "6")
    assert calculator.table.rowCount() == 3
    assert calculator.table.item(2, 1).data(Qt.ItemDataRole.UserRole) == "1/36"
    assert calculator.table.item(1, 2).text() == "30.56%"
    calculator.sides.setFocus()
    calculator.sides.selectAll()
    qtbot.keyClicks(calculator.sides, "4")
    assert calculator.target.value() == 4 and calculator.target.maximum() == 4
    assert calculator.table.item(2, 1).data(Qt.ItemDataRole.UserRole) == "1/16"
    assert "2d4, each 4+ a success" in calculator.summary.text()
    assert page.horizontalScrollBar().maximum() == 0


def test_the_reference_search(qtbot: QtBot) -> None:
    page = DicePoolGmScreen()
    qtbot.addWidget(page)
    panel = page.reference
    rules_title, rules_view = panel.views["rules"]
    assert rules_view.rowCount() == 5
    qtbot.keyClicks(panel.search, "budget")
    assert rules_view.rowCount() == 1 and "12 dice" in rules_view.item(0, 1).text()
    assert panel.views["odds"][1].isHidden()
    panel.search.clear()
    qtbot.keyClicks(panel.search, "zzzz")
    assert panel.empty.isVisibleTo(page) and rules_title.isHidden()
    assert panel.notes["odds"].isHidden()
    panel.search.clear()
    assert panel.notes["odds"].isVisibleTo(page) and not panel.empty.isVisibleTo(page)
