"""The Test calculator proposes the penalty for acting again in a round by itself: the
GM picks whom each Action is against, and the 2nd, 3rd... act or reaction of the round
shows up as a labelled modifier the GM can leave out (book: *Action*, L505, L517-523)."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import Character
from tests.ui.helpers import gm_dock_window
from tests.ui.shell.layout_check import cut_text
from tests.ui.test_gm_calculator import add_book_nc, assert_odds_shown
from ui.systems.swords_edge.gm.calculator import CalculatorTab

_WINDOWS: list[QMainWindow] = []
"""The windows of the running test (a window nobody holds is deleted under it)."""


@pytest.fixture(autouse=True)
def _hold_windows() -> Iterator[None]:
    yield
    _WINDOWS.clear()


def _calculator(qtbot: QtBot, pc: Character) -> CalculatorTab:
    dock = gm_dock_window(qtbot, pc, _WINDOWS)
    calc = dock.calculator
    dock.tabs.setCurrentWidget(calc)
    return calc


def _click(button: QAbstractButton) -> None:
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def _judge(calc: CalculatorTab, d1: int, d2: int) -> None:
    calc.die1.setValue(d1)
    calc.die2.setValue(d2)
    _click(calc.judge_button)


def _pick(calc: CalculatorTab, text: str) -> None:
    """Choose whom the Action is against in the combo, by what it shows."""
    index = next(i for i in range(calc.target_combo.count())
                 if calc.target_combo.itemText(i).startswith(text))
    calc.target_combo.setCurrentIndex(index)


def _troopers_and_momentum(qtbot: QtBot) -> tuple[CalculatorTab, Character]:
    """Jyrell wins the Momentum at Good (+2) against three of the book's Shock Troopers,
    added through the Book NC box, and goes on to the Action."""
    jyrell = load_pc("jyrell")
    calc = _calculator(qtbot, jyrell)
    assert calc.actor_combo.choose(jyrell)
    for _ in range(3):
        add_book_nc(calc, "Shock Troopers")
    assert len(calc.cards) == 3
    _judge(calc, 9, 9)
    _click(next(b for b in calc.next_buttons if b.text().startswith("Go to Action")))
    assert calc.step() == "action"
    return calc, jyrell


def test_a_second_attack_in_the_round_is_proposed_at_minus_2(qtbot: QtBot) -> None:
    calc, _jyrell = _troopers_and_momentum(qtbot)
    # Three NCs: the GM says whom the Action is against; the cards tell them apart.
    assert calc.target_row.isVisible()
    assert [calc.target_combo.itemText(i) for i in range(calc.target_combo.count())] == [
        "All of them together (one action)", "Shock Troopers (1) (TN 7)",
        "Shock Troopers (2) (TN 7)", "Shock Troopers (3) (TN 7)"]
    assert "Shock Troopers (2)" in calc.cards[1].title.text()
    assert not calc.action_penalty_check.isVisible()

    # The first attack, against the first trooper alone: its own TN, the Momentum bonus,
    # no penalty.
    _pick(calc, "Shock Troopers (1)")
    assert calc.tn_label.text() == "7"
    first = calc.modifier()
    assert "Momentum Good (first action) +2" in calc.modifier_label.text()
    assert not calc.action_penalty_check.isVisible()
    _judge(calc, 2, 3)  # a miss would not matter: the action was made
    assert not calc.action_penalty_check.isVisible()  # judged again, still the 1st

    # The second, against the next trooper: -2, shown, labelled and explained.
    _pick(calc, "Shock Troopers (2)")
    check = calc.action_penalty_check
    assert check.isVisible() and check.isChecked()
    assert check.text() == "2nd action this round -2"
    assert "already acted or reacted once this round (Shock Troopers (1))" in check.toolTip()
    assert "2nd action this round -2" in calc.modifier_label.text()
    assert "Momentum" not in calc.modifier_label.text()  # the bonus was the first's
    assert calc.action_number.value() == 2
    assert not calc.first_action_check.isChecked()
    second = calc.modifier()
    assert second == first - 2 - 2
    assert_odds_shown(calc, second, 7)

    # The GM leaves it out (one undo step), then puts it back.
    check.click()
    assert not check.isChecked() and check.isVisible()
    assert "action this round" not in calc.modifier_label.text()
    assert calc.modifier() == second + 2
    assert calc.owner.undo_stack.undoText() == "Penalty for acting again"
    calc.owner.undo_stack.undo()
    assert check.isChecked() and calc.modifier() == second

    # The third trooper: -4.
    _judge(calc, 8, 8)
    _pick(calc, "Shock Troopers (3)")
    assert check.text() == "3rd action this round -4"
    assert "twice this round (Shock Troopers (1), Shock Troopers (2))" in check.toolTip()

    # A new round: the first act is free again.
    _judge(calc, 8, 8)
    _click(calc.new_round_button)
    assert not check.isVisible()
    assert calc.action_number.value() == 1


def test_stress_on_the_picked_nc_turns_the_action_to_the_next(qtbot: QtBot) -> None:
    calc, _jyrell = _troopers_and_momentum(qtbot)
    _pick(calc, "Shock Troopers (2)")
    _judge(calc, 9, 8)
    assert calc.apply_stress_button.text().endswith("Stress to Shock Troopers (2)")
    _click(calc.apply_stress_button)
    assert calc.cards[1].removed and not calc.cards[0].removed
    # The calculator moves on to the first trooper still standing, at -2.
    assert calc.target_combo.currentText().startswith("Shock Troopers (1)")
    assert calc.action_penalty_check.isChecked()
    assert calc.action_penalty_check.text() == "2nd action this round -2"


def test_defending_against_each_attacker_in_turn(qtbot: QtBot) -> None:
    jyrell = load_pc("jyrell")
    calc = _calculator(qtbot, jyrell)
    assert calc.actor_combo.choose(jyrell)
    for _ in range(2):
        add_book_nc(calc, "Shock Troopers")
    _judge(calc, 1, 1)  # Momentum lost (on a natural 2)
    _click(next(b for b in calc.next_buttons if b.text() == "Go to Action (defend)"))
    assert calc.role_combo.currentData() == "defend"
    _pick(calc, "Shock Troopers (1)")
    _judge(calc, 6, 6)
    _pick(calc, "Shock Troopers (2)")
    assert calc.action_penalty_check.text() == "2nd action this round -2"
    assert "2nd action this round -2" in calc.modifier_label.text()


def test_all_of_them_together_is_a_single_action(qtbot: QtBot) -> None:
    calc, _jyrell = _troopers_and_momentum(qtbot)
    assert calc.target_combo.currentIndex() == 0
    assert calc.tn_label.text() == "11"  # 5 + "Fearless Soldier" +2 three times
    _judge(calc, 6, 6)
    _pick(calc, "Shock Troopers (1)")  # after an action on all of them: the next round
    assert not calc.action_penalty_check.isVisible()


def test_two_pcs_against_one_nc_in_a_round(qtbot: QtBot) -> None:
    """Jyrell and Tella both face the Desert Acolytes' leader in the scene tracker and
    each attacks her in the calculator in the same round: in Tella's Test the leader's
    reaction is her second of the round, so her TN is 2 lower, shown as a box the GM can
    untick."""
    from seforge.systems.swords_edge.library import load_nc
    from seforge.systems.swords_edge.play.session import start_session
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

    window = QMainWindow()  # the GM Screen docked as on a 1024x768 laptop
    _WINDOWS.append(window)
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("(character editor)"))
    dock = GMDock(lambda: [], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(1024, 738)
    window.show()
    window.resizeDocks([dock], [341], Qt.Orientation.Horizontal)
    tracker = SceneTracker(open_calculator=CalculatorBridge(dock.calculator, lambda: [], dock),
                           autosave=False)
    qtbot.addWidget(tracker)
    pcs = []
    for pc_id in ("jyrell", "tella-of-jost"):
        character = load_pc(pc_id)
        start_session(character)
        added = tracker.add_pc(character)
        assert added is not None
        pcs.append(added)
    boss = tracker.add_nc(load_nc("desert-acolytes-leader"), 1)
    for pc in pcs:
        assert tracker.pair(pc, boss)
    calc = dock.calculator

    def attack(pc: str) -> None:
        """Open the PC's pairing, win the Momentum, go to the Action."""
        _click(tracker.panels[pc].buttons["calculator"])
        assert calc.character() is tracker.scene.character(pc)
        assert calc.step() == "momentum"
        _judge(calc, 10, 9)
        _click(next(b for b in calc.next_buttons if b.text().startswith("Go to Action")))
        assert calc.step() == "action" and calc.role_combo.currentData() == "attack"

    attack(pcs[0])
    check = calc.nc_penalty_check
    assert not check.isVisible()  # the leader's first reaction of the round is free
    alone = int(calc.tn_label.text())
    _judge(calc, 6, 5)

    attack(pcs[1])
    assert check.isVisible() and check.isChecked()
    assert check.text() == "NC's 2nd action this round, TN -2"
    assert check.accessibleName() == \
        "NC penalty: Desert Acolytes' Leader: 2nd action this round, TN -2"
    assert "already acted or reacted once this round (against Jyrell)" in check.toolTip()
    assert "Untick to leave it out" in check.toolTip()
    assert calc.tn_label.text() == str(alone - 2)
    assert "-2  Desert Acolytes' Leader: 2nd action this round" in calc.tn_breakdown.text()
    assert not calc.action_penalty_check.isVisible()  # Tella's own first action
    assert_odds_shown(calc, calc.modifier(), alone - 2)
    QApplication.processEvents()
    # Whole in a laptop's dock (its NC's name is in the TN's lines and the tooltip).
    assert [p for p in cut_text(calc) if "NC penalty" in p] == []
    assert check.sizeHint().width() <= calc.scroll_area.viewport().width()

    # The GM leaves it out, then takes that back with the scene's Undo.
    _click(check)
    assert check.isVisible() and not check.isChecked()
    assert calc.tn_label.text() == str(alone)
    assert tracker.undo_stack.undoText().endswith("NC's penalty for acting again")
    tracker.undo_stack.undo()
    assert check.isChecked() and calc.tn_label.text() == str(alone - 2)

    # Judged, the roll keeps the TN it was made against; the scene keeps the count.
    _judge(calc, 6, 5)
    assert calc.verdict is not None and calc.verdict.tn == alone - 2
    stored = tracker.scene.pc(pcs[1]).test
    assert stored is not None and stored.log[-1].nc_earlier
