"""Issue 30: every choice of every Sword of Life page picked through its widget, as a user
would (keyboard on the combo boxes, spin boxes to their ends), reaches the document as the
model's own type, and the rules answer as they do for the same values set in the core; every
figure the window shows equals the command line's."""

from __future__ import annotations

import json
import re
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QMainWindow, QSpinBox

from seforge.systems.sword_of_life.character import CHARACTERISTICS, SolCharacter
from seforge.systems.sword_of_life.cli import run
from seforge.systems.sword_of_life.conflict import Method, draw_count, grip_lost, reset, score_name
from seforge.systems.sword_of_life.conflict_model import SolConflict
from seforge.systems.sword_of_life.documents import CHARACTER, CHARACTER_FORMAT, CONFLICT_FORMAT
from seforge.systems.sword_of_life.odds import ConflictKind, exchange
from seforge.systems.sword_of_life.settings import (
    AceRule,
    AutoResolution,
    DeuceTarget,
    Reshuffle,
    RuleScope,
    TableSettings,
)
from seforge.systems.sword_of_life.several import Fighter, whole_conflict
from tests.ui.keyboard import choose_with_keys
from ui.systems.sword_of_life.builder import CharacterEditor
from ui.systems.sword_of_life.conflict_view import ConflictEditor
from ui.systems.sword_of_life.exchanges_view import fighters
from ui.systems.sword_of_life.gm_screen import SolGmScreen
from ui.systems.sword_of_life.sword_of_life_ui import SYSTEM_UI

_OPEN: list[QMainWindow] = []


@pytest.fixture(autouse=True)
def _forget_windows() -> Any:
    yield
    _OPEN.clear()


def host(qtbot: Any, widget: Any) -> QMainWindow:
    window = QMainWindow()
    _OPEN.append(window)
    window.setCentralWidget(widget)
    window.resize(1366, 768)
    qtbot.addWidget(window)
    window.show()
    return window


def toggle(qtbot: Any, check: Any) -> None:
    """Tick or untick a check box with the space bar."""
    check.setFocus()
    qtbot.keyClick(check, Qt.Key.Key_Space)


def to_ends(qtbot: Any, spin: QSpinBox) -> list[int]:
    """Drive a spin box to its top and its bottom with the keyboard (Page Up, Page Down,
    then the arrows, until it stops moving); the values reached."""
    seen = []
    spin.setFocus()
    for keys in ((Qt.Key.Key_PageUp, Qt.Key.Key_Up), (Qt.Key.Key_PageDown, Qt.Key.Key_Down)):
        for key in keys:
            for _ in range(200):
                before = spin.value()
                qtbot.keyClick(spin, key)
                if spin.value() == before:
                    break
        seen.append(spin.value())
    return seen


def type_into(qtbot: Any, editor: ConflictEditor, row: int, column: int, value: int) -> None:
    """Type a number into a cell of the sides' table."""
    spin = editor.sides.cellWidget(row, column)
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert spin.value() == value


def same_in_core(doc: SolConflict) -> SolConflict:
    """The same values set in the core: through the file format's validation."""
    return SolConflict.model_validate_json(doc.model_dump_json())


def whole_text(doc: SolConflict) -> str:
    player, opponents = fighters(doc)
    try:
        odds = whole_conflict(doc.kind, doc.method, player, opponents, doc.settings,
                              symmetric_losses=doc.settings.symmetric_losses)
    except ValueError as error:
        return str(error)
    return f"{float(odds.win):.2%}"


CONFLICT_COMBOS: list[tuple[str, str, str, type[Enum] | None]] = [
    ("kind", "kind", "", ConflictKind),
    ("method", "method", "", Method),
    ("tests", "problem_tests", "", None),
    ("aces", "aces", "settings", AceRule),
    ("scope", "rule_scope", "settings", RuleScope),
    ("deuce", "deuce_target", "settings", DeuceTarget),
    ("resolution", "auto_resolution", "settings", AutoResolution),
    ("reshuffle", "reshuffle", "settings", Reshuffle),
]


def test_every_conflict_choice_reaches_the_document_as_its_type(qtbot: Any) -> None:
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    host(qtbot, editor.widget())
    qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)  # two opponents
    owner = editor.owner
    for widget_name, field, where, enum in CONFLICT_COMBOS:
        combo: QComboBox = getattr(editor, widget_name)
        # what the combo needs to be enabled, picked as a user would first
        if widget_name == "tests":
            choose_with_keys(qtbot, editor.kind, editor.kind.findData(ConflictKind.PROBLEM))
        if widget_name in ("scope", "deuce"):
            choose_with_keys(qtbot, editor.aces, editor.aces.findData(AceRule.DOUBLE))
        if widget_name == "resolution":
            choose_with_keys(qtbot, editor.aces, editor.aces.findData(AceRule.AUTO))
        for index in range(combo.count()):
            choose_with_keys(qtbot, combo, index)
            doc = owner.document
            holder = doc.settings if where else doc
            value = getattr(holder, field)
            assert value == combo.itemData(index)
            if enum is not None:
                assert type(value) is enum, (field, type(value))
            assert same_in_core(doc) == doc
            core = same_in_core(doc)
            # the rules answer as they do in the core
            assert score_name(doc) == score_name(core)
            assert [draw_count(doc, s) for s in (doc.player, *doc.opponents)] == [
                draw_count(core, s) for s in (core.player, *core.opponents)]
            assert whole_text(core) in editor.odds_whole.text()
    # the table's check boxes too
    for check, field in ((editor.shared, "shared_deck"), (editor.symmetric, "symmetric_losses")):
        before = getattr(owner.document.settings, field)
        toggle(qtbot, check)
        assert getattr(owner.document.settings, field) is (not before)
    assert isinstance(owner.document.settings, TableSettings)


def test_the_side_spin_boxes_to_their_ends(qtbot: Any) -> None:
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    host(qtbot, editor.widget())
    owner = editor.owner
    for row in (0, 1):
        for column in range(1, 6):
            spin = editor.sides.cellWidget(row, column)
            if not isinstance(spin, QSpinBox) or not spin.isEnabled():
                continue
            to_ends(qtbot, spin)
            doc = owner.document
            assert same_in_core(doc) == doc
            assert editor.odds_next.text()  # a figure or a one-line reason, never a crash
    # a score at 0 may have ended the conflict, which greys the margin box: back to the start
    owner.undo_stack.setIndex(0)
    assert editor.margin.isEnabled(), editor.margin.toolTip()
    low, high = to_ends(qtbot, editor.margin)[::-1]
    assert (low, high) == (editor.margin.minimum(), editor.margin.maximum())


def test_the_issues_reproductions_in_the_window(qtbot: Any) -> None:
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    host(qtbot, editor.widget())
    owner = editor.owner

    type_into(qtbot, editor, 0, 1, 5)
    type_into(qtbot, editor, 0, 2, 5)
    type_into(qtbot, editor, 1, 1, 4)
    type_into(qtbot, editor, 1, 2, 4)
    assert "87.22%" in editor.odds_whole.text() and "4.84" in editor.odds_whole.text()
    # Combat -> Debate -> Combat: the Edge column is back and Edge-many cards are dealt
    for kind in (ConflictKind.DEBATE, ConflictKind.COMBAT):
        choose_with_keys(qtbot, editor.kind, editor.kind.findData(kind))
    header = editor.sides.horizontalHeaderItem(1)
    assert header is not None and header.text() == "Edge"
    assert editor.sides.cellWidget(0, 1).isEnabled()
    qtbot.mouseClick(editor.draw_button, Qt.MouseButton.LeftButton)
    last = owner.document.log[-1]
    assert (len(last.player_cards), len(last.opposition_cards)) == (5, 4)
    # Start over returns to the scores typed (5 and 4), not to a hidden default
    qtbot.mouseClick(editor.reset_button, Qt.MouseButton.LeftButton)
    doc = owner.document
    assert (doc.player.score, doc.opponents[0].score) == (5, 4)
    # Less realistic and cinematic play every opponent
    qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
    for method in (Method.CARRY, Method.CINEMATIC):
        qtbot.mouseClick(editor.reset_button, Qt.MouseButton.LeftButton)
        choose_with_keys(qtbot, editor.method, editor.method.findData(method))
        qtbot.mouseClick(editor.draw_button, Qt.MouseButton.LeftButton)
        first = [c for c in owner.document.log if c.exchange == 1]
        assert len(first) == 2 or owner.document.player.score == 0
    # a Problem costs the player on a loss even with the table's setting off (Example 3)
    choose_with_keys(qtbot, editor.kind, editor.kind.findData(ConflictKind.PROBLEM))
    if editor.symmetric.isChecked():
        toggle(qtbot, editor.symmetric)
    assert owner.document.settings.symmetric_losses is False
    qtbot.mouseClick(editor.reset_button, Qt.MouseButton.LeftButton)
    editor.margin.setValue(-2)
    qtbot.mouseClick(editor.margin_button, Qt.MouseButton.LeftButton)
    assert owner.document.player.score == owner.document.player.start - 2
    # problems may test any characteristic
    choose_with_keys(qtbot, editor.tests, editor.tests.findData("grip"))
    header = editor.sides.horizontalHeaderItem(2)
    # a short head that fits a narrow dock, the full name in its tooltip
    assert header is not None and header.text() == "Grip"
    assert header.toolTip() == "Grip / cards"


def test_a_character_comes_from_its_file_and_its_grip_goes_back(qtbot: Any,
                                                                tmp_path: Path) -> None:
    hero = SolCharacter.model_validate({
        "name": "Vance", "career": "Military",
        "characteristics": {"edge": 6, "grip": 5, "point": 5, "temper": 4},
        "specialties": {"edge": "space fighter pilot"}})
    path = tmp_path / "vance.sol"
    CHARACTER.save(hero, path)
    sheet = SYSTEM_UI.open_editor(path)  # the character is open in its own tab
    assert isinstance(sheet, CharacterEditor)
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    window = host(qtbot, editor.widget())
    window.documents = lambda: [sheet.owner]  # type: ignore[attr-defined]  # as the shell
    assert editor.take_character_file(path, None)
    doc = editor.owner.document
    assert (doc.player.name, doc.player.cards, doc.player.score) == ("Vance", 6, 5)
    editor.sides.selectRow(0)
    toggle(qtbot, editor.specialty)
    assert editor.owner.document.player.cards == 7
    editor.owner.apply("wounds", lambda c: setattr(c.player, "score", 2))
    assert editor.write_back_button.isEnabled()
    qtbot.mouseClick(editor.write_back_button, Qt.MouseButton.LeftButton)
    assert sheet.owner.document.grip_now == 2  # an undoable step of the open tab
    assert sheet.owner.undo_stack.canUndo()
    assert not editor.write_back_button.isEnabled()  # nothing is written twice
    assert grip_lost(editor.owner.document, editor.owner.document.player) == 3
    # not open: read, changed and saved through its own owner
    window.documents = lambda: []  # type: ignore[attr-defined]
    reset_doc = editor.owner.document.model_copy(deep=True)
    reset(reset_doc)
    editor.owner.start_over(reset_doc)
    editor.owner.apply("undo mark", lambda c: setattr(c.player, "character",
                                                       c.player.character.model_copy(
                                                           update={"written_back": False})))
    editor.owner.apply("wounds", lambda c: setattr(c.player, "score", 4))
    assert editor.write_back() == 1
    assert CHARACTER.load(path).grip_now == 4
    bad = tmp_path / "bad.sol"
    bad.write_text("{", encoding="utf-8")
    assert not editor.take_character_file(bad, 0)
    assert "bad.sol" in editor.message.text() and "\n" not in editor.message.text()
    pdf = tmp_path / "record.pdf"
    assert editor.print_record(pdf) >= 1 and pdf.stat().st_size > 1000


def cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert run([*argv, "--json"], "sol") == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def shown(text: str) -> list[str]:
    return re.findall(r"\d+\.\d\d%", text)


@pytest.mark.parametrize("aces", list(AceRule))
def test_every_gm_odds_figure_equals_the_command_lines(
        qtbot: Any, capsys: pytest.CaptureFixture[str], aces: AceRule) -> None:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, SolGmScreen)
    host(qtbot, screen)
    calc = screen.calculator
    choose_with_keys(qtbot, calc.aces, calc.aces.findData(aces))
    flag = ["--aces", aces.value]
    data = cli(["--cards", "5", "--against", "4", *flag], capsys)
    figures = shown(calc.result.text())
    assert figures[:3] == [f"{data[k]:.2%}" for k in ("win", "tie", "loss")]
    rows = {calc.margins.item(r, 0).text(): calc.margins.item(r, 1).text()
            for r in range(calc.margins.rowCount())}
    assert rows == {f"{int(k):+d}": f"{p:.2%}" for k, p in data["margin"].items()}
    # the Rule 2 histogram agrees with the win and tie figures
    assert sum(data["margin"][k] for k in data["margin"] if int(k) > 0) == pytest.approx(
        data["win"])
    assert data["margin"]["0"] == data["tie"]
    for kind_index in range(calc.kind.count()):
        choose_with_keys(qtbot, calc.kind, kind_index)
        kind = ConflictKind(calc.kind.currentData())
        calc.opponents.setValue(1)
        data = cli(["--cards", "5", "--against", "4", *flag, "--conflict", kind.value,
                    "--scores", "5", "4"], capsys)
        assert shown(calc.whole.text())[0] == f"{data['conflict']['win']:.2%}"
        assert f"{data['conflict']['expected_exchanges']:.2f} exchanges" in calc.whole.text()
        if aces != AceRule.NONE:
            continue  # several opponents: the plain deck keeps the suite quick
        calc.opponents.setFocus()
        qtbot.keyClick(calc.opponents, Qt.Key.Key_Up)
        assert calc.opponents.value() == 2 and calc.method.isEnabled()
        calc.player_score.setValue(4)
        calc.opposition_score.setValue(2)
        for method_index in range(calc.method.count()):
            choose_with_keys(qtbot, calc.method, method_index)
            method = calc.method.currentData()
            data = cli(["--cards", "5", "--against", "4", "--conflict", kind.value,
                        "--scores", "4", "--opponents", "4 2", "4 2", "--method", method],
                       capsys)
            assert shown(calc.whole.text())[0] == f"{data['conflict']['win']:.2%}", (
                kind, method)
        calc.player_score.setValue(5)
        calc.opposition_score.setValue(4)


def test_the_gm_odds_spin_boxes_to_their_ends(qtbot: Any) -> None:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, SolGmScreen)
    host(qtbot, screen)
    calc = screen.calculator
    for spin in (calc.cards, calc.against, calc.need, calc.player_score,
                 calc.opposition_score, calc.opponents):
        assert to_ends(qtbot, spin) == [spin.maximum(), spin.minimum()]
        assert calc.result.text()
    calc.cards.setValue(30)
    calc.against.setValue(30)
    assert "cannot deal" in calc.result.text()
    odds = exchange(5, 4)
    calc.cards.setValue(5)
    calc.against.setValue(4)
    assert f"{float(odds.win):.2%}" in calc.result.text()


def test_the_conflict_window_and_the_command_line_agree(
        qtbot: Any, capsys: pytest.CaptureFixture[str]) -> None:
    editor = SYSTEM_UI.new_editor(CONFLICT_FORMAT)
    assert isinstance(editor, ConflictEditor)
    host(qtbot, editor.widget())
    qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
    for row, cards, score in ((0, 6, 6), (1, 3, 3), (2, 3, 2)):
        type_into(qtbot, editor, row, 1, cards)
        type_into(qtbot, editor, row, 2, score)
    for method_index in range(editor.method.count()):
        choose_with_keys(qtbot, editor.method, method_index)
        method = editor.method.currentData()
        data = cli(["--cards", "6", "--conflict", "combat", "--scores", "6", "--opponents",
                    "3 3", "3 2", "--method", method], capsys)
        text = editor.odds_whole.text()
        assert f"{data['conflict']['win']:.2%}" in text
        assert f"{data['conflict']['expected_exchanges']:.2f}" in text
        player, opponents = fighters(editor.owner.document)
        assert (player, opponents) == (Fighter(6, 6), [Fighter(3, 3), Fighter(3, 2)])


def test_every_builder_choice_reaches_the_character(qtbot: Any) -> None:
    editor = SYSTEM_UI.new_editor(CHARACTER_FORMAT)
    assert isinstance(editor, CharacterEditor)
    host(qtbot, editor.widget())
    owner = editor.owner
    for index in range(editor.career.count()):
        choose_with_keys(qtbot, editor.career, index)
        assert owner.document.career == editor.career.itemText(index)
    for index in range(editor.skill_characteristic.count()):
        choose_with_keys(qtbot, editor.skill_characteristic, index)
        editor.skill_name.setText(f"skill {index}")
        qtbot.mouseClick(editor.add_skill_button, Qt.MouseButton.LeftButton)
        skill = owner.document.skills[-1]
        assert skill.characteristic == CHARACTERISTICS[index]
        assert SolCharacter.model_validate_json(owner.document.model_dump_json()) == (
            owner.document)
    for key in CHARACTERISTICS:
        high, low = to_ends(qtbot, editor.spins[key])
        assert owner.document.characteristics.get(key) == low == editor.spins[key].minimum()
        assert high >= low
    to_ends(qtbot, editor.grip_now)
    assert owner.document.grip_now in (None, *range(0, 9))
    assert SolCharacter.model_validate_json(owner.document.model_dump_json()) == owner.document
