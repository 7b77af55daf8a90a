"""The character's table options set through the builder's own controls, and the rating boxes'
range following them (the limits asked of the core)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QMainWindow, QSpinBox

from seforge.systems.sword_of_life.character import CHARACTERISTICS
from seforge.systems.sword_of_life.documents import CHARACTER_FORMAT
from seforge.systems.sword_of_life.rules import BUDGET, rating_bounds
from ui.systems.sword_of_life.builder import CharacterEditor
from ui.systems.sword_of_life.sword_of_life_ui import SYSTEM_UI


def _builder(qtbot: Any) -> tuple[CharacterEditor, QMainWindow]:
    editor = SYSTEM_UI.new_editor(CHARACTER_FORMAT)
    assert isinstance(editor, CharacterEditor)
    window = QMainWindow()
    window.setCentralWidget(editor.widget())
    window.resize(1366, 768)
    qtbot.addWidget(window)
    window.show()
    return editor, window


def _tick(qtbot: Any, check: QCheckBox) -> None:
    """Tick or untick a check box as a user would: scrolled into view and clicked."""
    window = check.window()
    assert isinstance(window, QMainWindow)
    editor = window.centralWidget()
    assert isinstance(editor, CharacterEditor)
    editor.page_scroll.ensureWidgetVisible(check)
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton,  # on its box (a wide row's middle
                     pos=QPoint(8, check.height() // 2))  # is neither box nor text)


def _to_ends(qtbot: Any, spin: QSpinBox) -> tuple[int, int]:
    """Drive a rating box to its top and its bottom with the keyboard; the values reached."""
    spin.setFocus()
    seen = []
    for key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
        for _ in range(60):
            before = spin.value()
            qtbot.keyClick(spin, key)
            if spin.value() == before:
                break
        seen.append(spin.value())
    return seen[0], seen[1]


def test_both_table_options_have_a_control_that_reaches_the_file(qtbot: Any) -> None:
    editor, _window = _builder(qtbot)
    owner = editor.owner
    for check, field in ((editor.unspent_error, "unspent_points_are_error"),
                         (editor.outside_range, "gm_allows_outside_range")):
        assert check.toolTip()
        assert check.isChecked() is getattr(owner.document.settings, field) is False
        _tick(qtbot, check)
        assert getattr(owner.document.settings, field) is True
        assert check.isChecked()
        owner.undo_stack.undo()  # one undo step, and the box redraws from the document
        assert getattr(owner.document.settings, field) is False
        assert not check.isChecked()
        _tick(qtbot, check)
    # unspent points are an error now
    editor.spins["edge"].setFocus()
    qtbot.keyClick(editor.spins["edge"], Qt.Key.Key_Down)
    texts = [editor.problem_list.item(i).text() for i in range(editor.problem_list.count())]
    assert any(t.startswith("Error:") and "not spent" in t for t in texts)


def test_the_rating_boxes_follow_the_gms_leave(qtbot: Any) -> None:
    editor, _window = _builder(qtbot)
    owner = editor.owner
    for key in ("grip", "point", "temper"):  # 12 points left for Edge
        _to_ends(qtbot, editor.spins[key])
    assert [owner.document.characteristics.get(k) for k in CHARACTERISTICS] == [5, 1, 1, 1]
    low, high = rating_bounds(owner.document)
    assert _to_ends(qtbot, editor.spins["edge"]) == (high, low)
    _tick(qtbot, editor.outside_range)
    low, high = rating_bounds(owner.document)
    assert low < 1 and high > 8
    # the top is the GM's bound or the points left, whichever comes first
    assert _to_ends(qtbot, editor.spins["edge"]) == (min(high, BUDGET - 3), low)
    assert f"{low} to {high}" in editor.spins["temper"].toolTip()
    # leave taken back: a rating outside the range stays, shown and reported, and can only
    # come back into it
    _to_ends(qtbot, editor.spins["grip"])
    assert owner.document.characteristics.grip == low
    _tick(qtbot, editor.outside_range)
    assert not owner.document.settings.gm_allows_outside_range
    assert editor.spins["grip"].value() == low
    texts = [editor.problem_list.item(i).text() for i in range(editor.problem_list.count())]
    assert any(t.startswith("Error:") and "Grip" in t for t in texts)
    editor.spins["grip"].setFocus()
    qtbot.keyClick(editor.spins["grip"], Qt.Key.Key_Up)
    assert owner.document.characteristics.grip == 1
