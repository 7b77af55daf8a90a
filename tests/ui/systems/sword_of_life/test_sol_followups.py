"""What a player found in a played Sword of Life session (session 14, H10): a rating typed
over the points left said nothing, the conflict's message line took its room back at the
next draw (the page moved under the mouse), the real-cards margin box stayed enabled once
the conflict was over, two settings' labels wrapped above their lists at 1366x768, and the
new skill's 'In career' box kept its last state after Add skill."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QMainWindow, QWidget

from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.documents import CHARACTER, CONFLICT
from seforge.systems.sword_of_life.rules import NEW_SKILL, why_not_set
from ui.shell.document_owner import DocumentOwner
from ui.systems.sword_of_life.builder import CharacterEditor
from ui.systems.sword_of_life.conflict_view import ConflictEditor

CLICK = Qt.MouseButton.LeftButton


def _host(qtbot: Any, widget: QWidget, width: int = 1366, height: int = 768) -> QMainWindow:
    window = QMainWindow()
    window.setCentralWidget(widget)
    window.resize(width, height)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _top(widget: QWidget, window: QWidget) -> int:
    return widget.mapTo(window, QPoint(0, 0)).y()


def _builder(qtbot: Any, character: SolCharacter | None = None) -> tuple[
        CharacterEditor, QMainWindow]:
    owner = DocumentOwner(CHARACTER, character or CHARACTER.model(), title="Builder")
    editor = CharacterEditor(owner)
    return editor, _host(qtbot, editor)


# 1. a rating typed over the points left ----------------------------------------------------


def test_a_rating_typed_over_the_points_left_says_why_under_the_ratings(qtbot: Any) -> None:
    """All 20 points spent, Point 4: typing 5 did nothing, and only the box's tooltip said
    why. The core's reason shows in the line under the ratings, which keeps its room."""
    editor, window = _builder(qtbot, SolCharacter.model_validate(
        {"characteristics": {"edge": 6, "grip": 5, "point": 4, "temper": 5}}))
    qtbot.wait(30)
    status = editor.rating_status
    box = editor.spins["point"].parentWidget()
    assert box is not None and box.isAncestorOf(status)  # under the ratings, not the notes
    height, options = status.height(), _top(editor.unspent_error, window)
    spin = editor.spins["point"]
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "5")
    reason = why_not_set(editor.owner.document, "point", 5)
    assert reason is not None
    assert editor.owner.document.characteristics.point == 4
    assert status.isVisible() and reason in status.text(), status.text()
    qtbot.wait(30)
    assert status.height() == height and _top(editor.unspent_error, window) == options
    # a rating that goes through takes the reason away, and the room stays
    editor.spins["edge"].setValue(5)
    assert editor.owner.document.characteristics.edge == 5
    assert status.text() == ""
    qtbot.wait(30)
    assert status.height() == height and _top(editor.unspent_error, window) == options


# 5. the new skill's boxes ------------------------------------------------------------------


def test_the_new_skills_boxes_start_and_start_again_as_the_cores_new_skill(
        qtbot: Any) -> None:
    editor, _window = _builder(qtbot)
    blank = NEW_SKILL
    assert editor.skill_career.isChecked() == blank.in_career
    assert editor.skill_special.isChecked() == blank.highly_specialised
    editor.skill_career.setChecked(not blank.in_career)
    editor.skill_special.setChecked(not blank.highly_specialised)
    editor.skill_name.setText("opera")
    qtbot.mouseClick(editor.add_skill_button, CLICK)
    added = editor.owner.document.skills[-1]
    assert (added.in_career, added.highly_specialised) == (
        not blank.in_career, not blank.highly_specialised)
    assert editor.skill_name.text() == ""
    assert editor.skill_career.isChecked() == blank.in_career
    assert editor.skill_special.isChecked() == blank.highly_specialised


def test_a_refused_skill_keeps_what_was_chosen(qtbot: Any) -> None:
    editor, _window = _builder(qtbot)
    editor.skill_career.setChecked(not NEW_SKILL.in_career)
    qtbot.mouseClick(editor.add_skill_button, CLICK)  # no name: refused
    assert editor.owner.document.skills == []
    assert editor.skill_career.isChecked() == (not NEW_SKILL.in_career)


# 2. and 3. the conflict's message line and the margin box ----------------------------------


def _vance(tmp_path: Path) -> Path:
    path = tmp_path / "vance.sol"
    CHARACTER.save(SolCharacter.model_validate({
        "name": "Vance", "career": "Military",
        "characteristics": {"edge": 6, "grip": 5, "point": 5, "temper": 4}}), path)
    return path


def _conflict(qtbot: Any, width: int = 1366, height: int = 768) -> tuple[
        ConflictEditor, QMainWindow]:
    owner = DocumentOwner(CONFLICT, CONFLICT.model(), title="Conflict")
    editor = ConflictEditor(owner)
    editor.rng = random.Random(7)
    return editor, _host(qtbot, editor, width, height)


def test_the_next_draw_after_a_write_back_moves_nothing(qtbot: Any, tmp_path: Path) -> None:
    """'Grip lost written to 1 sheet(s).' was cleared by the next draw and the line took
    its room back: the page, scrolled down, moved about 14 px under the mouse."""
    editor, window = _conflict(qtbot, 1366, 560)
    assert editor.take_character_file(_vance(tmp_path), None)
    qtbot.mouseClick(editor.draw_button, CLICK)
    editor.margin.setValue(-1)
    qtbot.mouseClick(editor.margin_button, CLICK)
    qtbot.mouseClick(editor.draw_button, CLICK)
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert "written to 1 sheet" in editor.message.text()
    qtbot.wait(50)
    bar = editor.page_scroll.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    qtbot.wait(50)
    draw, height = _top(editor.draw_button, window), editor.message.height()
    assert editor.draw_button.isEnabled(), editor.draw_button.toolTip()
    qtbot.mouseClick(editor.draw_button, CLICK)
    qtbot.wait(50)
    assert editor.message.text() == ""
    assert editor.message.height() == height
    assert _top(editor.draw_button, window) == draw


def test_the_margin_box_is_greyed_with_the_reason_once_the_conflict_is_over(
        qtbot: Any) -> None:
    editor, _window = _conflict(qtbot)
    assert editor.margin.isEnabled() and editor.target.isEnabled()
    editor.margin.setValue(3)
    qtbot.mouseClick(editor.margin_button, CLICK)  # the one opponent (3) is out
    assert editor.target.count() == 0
    for widget in (editor.margin, editor.target, editor.margin_button):
        assert not widget.isEnabled(), widget.accessibleName()
        assert "the conflict is over" in widget.toolTip().lower(), widget.toolTip()
    editor.owner.undo_stack.undo()
    for widget in (editor.margin, editor.target, editor.margin_button):
        assert widget.isEnabled()
        assert "over" not in widget.toolTip().lower(), widget.toolTip()


# 4. the settings column's labels -----------------------------------------------------------


def _beside(form: QFormLayout, field: QWidget) -> bool:
    """Whether ``field``'s label sits on its row, to the left of it (not above it)."""
    label = form.labelForField(field)
    assert isinstance(label, QLabel)
    return label.isVisible() and abs(label.geometry().center().y()
                                     - field.geometry().center().y()) < field.height() // 2 \
        and label.geometry().right() < field.geometry().left()


def test_the_settings_labels_sit_beside_their_lists_at_1366(qtbot: Any) -> None:
    """'Several opponents' and 'Deuce cancels' wrapped above their lists in the narrow
    settings column (the tab beside the GM Screen, 940 px of the 1366): shorter labels,
    each explained in its tooltip."""
    editor, _window = _conflict(qtbot, 940)
    qtbot.wait(50)
    assert editor.columns.is_two()
    for field in (editor.kind, editor.tests, editor.method, editor.aces, editor.scope,
                  editor.deuce, editor.resolution, editor.reshuffle):
        form = _form_of(editor, field)
        label = form.labelForField(field)
        assert isinstance(label, QLabel)
        assert _beside(form, field), label.text()
    for field in (editor.method, editor.deuce):
        label = _form_of(editor, field).labelForField(field)
        assert isinstance(label, QLabel)
        assert label.toolTip(), label.text()


def _form_of(editor: ConflictEditor, field: QWidget) -> QFormLayout:
    for form in editor.findChildren(QFormLayout):
        if form.labelForField(field) is not None:
            return form
    raise AssertionError(field.accessibleName())


# 6. Start over after a write-back ----------------------------------------------------------


def test_start_over_after_a_write_keeps_the_sheets_wounds_and_writes_only_what_follows(
        qtbot: Any, tmp_path: Path) -> None:
    """Wrote 2, Start over, lost 1: the conflict's old mark (2) swallowed the new loss and
    Write Grip lost stayed grey; the sheet must lose the 1, and the 2 never twice."""
    path = _vance(tmp_path)
    editor, _window = _conflict(qtbot)
    assert editor.take_character_file(path, None)
    editor.margin.setValue(-2)
    qtbot.mouseClick(editor.margin_button, CLICK)
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 3
    qtbot.mouseClick(editor.reset_button, CLICK)
    assert CHARACTER.load(path).grip_now == 3  # the write stands
    assert editor.owner.document.player.score == 3  # where the sheet is
    assert not editor.write_back_button.isEnabled()
    editor.margin.setValue(-1)
    qtbot.mouseClick(editor.margin_button, CLICK)
    assert editor.write_back_button.isEnabled(), editor.write_back_button.toolTip()
    qtbot.mouseClick(editor.write_back_button, CLICK)
    assert CHARACTER.load(path).grip_now == 2 == editor.owner.document.player.score
    assert not editor.write_back_button.isEnabled()
