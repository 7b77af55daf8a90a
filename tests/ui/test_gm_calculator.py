"""Drive the GM screen through the book's worked examples; check the numbers shown."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMainWindow, QPushButton

from seforge.systems.swords_edge.dice import LEVELS, needs_text, odds
from seforge.systems.swords_edge.library import list_entries, load_pc
from seforge.systems.swords_edge.models import Character, NCType
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.verdicts import format_chance
from ui.systems.swords_edge.gm import GMDock
from ui.systems.swords_edge.gm.calculator import CalculatorTab

Make = Callable[..., GMDock]


@pytest.fixture
def make_dock(qtbot: object) -> Make:
    windows: list[QMainWindow] = []

    def make(characters: list[Character] | None = None) -> GMDock:
        window = QMainWindow()
        windows.append(window)
        qtbot.addWidget(window)  # type: ignore[attr-defined]
        chars = characters or []
        dock = GMDock(lambda: list(chars), parent=window)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        window.resize(1000, 800)
        window.show()
        return dock

    return make


def click(button: QPushButton) -> None:
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def add_quick(calc: CalculatorTab, nc_type: NCType, rank: Rank, count: int = 1,
              qualities: str = "") -> None:
    calc.quick_type.setCurrentIndex(calc.quick_type.findData(nc_type.value))
    calc.quick_rank.setCurrentIndex(calc.quick_rank.findData(int(rank)))
    calc.quick_count.setValue(count)
    calc.quick_qualities.setText(qualities)
    click(calc.add_quick_button)


def add_book_nc(calc: CalculatorTab, text: str) -> None:
    edit = calc.library_combo.lineEdit()
    edit.selectAll()
    QTest.keyClicks(edit, text)
    click(calc.add_library_button)


def choose_step(calc: CalculatorTab, step: str) -> None:
    click_radio = calc.step_buttons[step]  # type: ignore[index]
    QTest.mouseClick(click_radio, Qt.MouseButton.LeftButton)
    assert click_radio.isChecked()


def roll(calc: CalculatorTab, d1: int, d2: int) -> None:
    calc.die1.setValue(d1)
    calc.die2.setValue(d2)
    click(calc.judge_button)


def assert_odds_shown(calc: CalculatorTab, modifier: int, tn: int) -> None:
    expected = odds(modifier, tn, 3)
    panel = calc.odds
    assert panel.text("tn") == str(tn)
    assert panel.text("needs") == needs_text(modifier, tn)
    assert panel.text("success") == format_chance(expected.success)
    assert panel.text("levels") == ", ".join(
        f"{name} {format_chance(expected.levels[name])}" for name in LEVELS)
    assert panel.text("natural") == (f"{format_chance(expected.critical_failure)} / "
                                     f"{format_chance(expected.critical_success)}")
    assert panel.text("luck") == ", ".join(
        f"{k} Luck {format_chance(expected.with_luck[k])}" for k in (1, 2, 3))
    bars = panel.chart.bars()
    assert [p for _, p, _ in bars] == [expected.failure] + [expected.levels[n] for n in LEVELS]
    assert format_chance(expected.success) in panel.chart.toolTip() or True


# ------------------------------------------------------------------ group TNs


def test_three_poor_minions_momentum_tn_9(make_dock: Make) -> None:
    calc = make_dock().calculator
    add_quick(calc, NCType.MINION, Rank.POOR, count=3)
    assert len(calc.cards) == 3
    assert calc.tn_label.text() == "9"
    assert calc.tn_breakdown.text().splitlines()[0].startswith("5  ")
    assert calc.tn_breakdown.text().count("+2  ") == 2


def test_regular_with_two_basic_minions_tn_16(make_dock: Make) -> None:
    calc = make_dock().calculator
    add_quick(calc, NCType.REGULAR, Rank.AVERAGE)
    add_quick(calc, NCType.MINION, Rank.BASIC, count=2)
    assert calc.tn_label.text() == "16"
    assert calc.tn_breakdown.text().splitlines()[0].startswith("12  ")


def test_seize_against_bureaucrats_both_readings(make_dock: Make) -> None:
    calc = make_dock().calculator
    add_quick(calc, NCType.MINION, Rank.BASIC, count=3, qualities="Bureaucrat +2")
    choose_step(calc, "seize")
    assert calc.reading_combo.isEnabled()
    assert calc.reading_combo.currentData() == "sum"
    assert calc.tn_label.text() == "14"
    calc.reading_combo.setCurrentIndex(calc.reading_combo.findData("printed"))
    assert calc.tn_label.text() == "16"
    assert "16" in calc.reading_combo.toolTip() and "14" in calc.reading_combo.toolTip()


def test_remove_button_takes_an_nc_out(make_dock: Make) -> None:
    calc = make_dock().calculator
    add_quick(calc, NCType.MINION, Rank.POOR, count=3)
    click(calc.cards[0].remove_button)
    assert len(calc.cards) == 2
    assert calc.tn_label.text() == "7"


# --------------------------------------------------------------- Example of Play


def test_kyle_plain_modifier(make_dock: Make) -> None:
    calc = make_dock().calculator
    assert calc.character() is None
    calc.plain_spin.setValue(16)
    add_book_nc(calc, "Cavern")
    assert len(calc.cards) == 1
    card = calc.cards[0]
    choose_step(calc, "action")
    # The GM applies "The Unknown +8" (Concept, ticked by default) and "Vast and Unlit +4".
    card.boxes["element:1"].setChecked(True)
    assert calc.tn_label.text() == "15"
    assert calc.odds.text("success") == "99%"
    assert calc.odds.text("needs") == "3+ on 2d10 (anything but a natural 2)"
    assert_odds_shown(calc, 16, 15)
    roll(calc, 2, 3)
    assert "21" in calc.result_label.text()
    assert "Average" in calc.result_label.text()
    assert "Success" in calc.result_label.text()


def test_jyrell_against_two_shock_troopers(make_dock: Make) -> None:
    jyrell = load_pc("jyrell")
    dock = make_dock([jyrell])
    calc = dock.calculator
    assert calc.actor_combo.choose(jyrell)
    trooper_id = next(e.id for e in list_entries("nc") if e.name == "Shock Troopers")
    calc.add_library_by_id(trooper_id)
    calc.add_library_by_id(trooper_id)

    # Momentum: Physique + "Fist and Feet" against 7.
    assert calc.step() == "momentum"
    assert calc.choose_quality("Fist and Feet")
    assert calc.tn_label.text() == "7"
    assert calc.modifier() == 6
    assert_odds_shown(calc, 6, 7)
    assert calc.luck_label.text() == "Luck spent: 0"
    roll(calc, 4, 4)  # 8 + 6 = 14: Good
    assert "Good" in calc.result_label.text()
    go = next(b for b in calc.next_buttons if b.text().startswith("Go to Action"))
    assert "+2" in go.text()
    click(go)

    # Action: "Fist and Feet" is spent; the rest gives +14 and the bonus +2, against 9.
    assert calc.step() == "action"
    assert not calc.quality_boxes["element:1"].isEnabled()
    assert calc.level_combo.currentData() == "Good"
    assert calc.first_action_check.isChecked()
    assert calc.choose_quality("Blades")
    assert calc.tn_label.text() == "9"
    assert calc.modifier() == 16
    assert calc.modifier_label.text().endswith("= +16")
    assert_odds_shown(calc, 16, 9)
    roll(calc, 3, 3)  # 6 + 16 = 22: Good, 2 Stress
    headline = calc.result_label.text()
    assert "22" in headline and "Good" in headline
    detail = calc.result_detail.text()
    assert "2 Stress" in detail
    assert "out of the scene" in detail
    click(calc.apply_stress_button)
    assert calc.cards[0].removed
    assert len(calc.active_cards()) == 1

    # The spent Quality stays greyed until a new scene.
    choose_step(calc, "momentum")
    assert not calc.quality_boxes["element:1"].isEnabled()
    click(calc.new_scene_button)
    assert calc.quality_boxes["element:1"].isEnabled()


def test_luck_exertion_is_counted(make_dock: Make) -> None:
    jyrell = load_pc("jyrell")
    calc = make_dock([jyrell]).calculator
    calc.actor_combo.choose(jyrell)
    add_quick(calc, NCType.MINION, Rank.POOR)
    assert calc.choose_quality("Blades")
    assert calc.choose_quality("Fist and Feet")
    assert calc.luck_label.text() == "Luck spent: 1"
    assert calc.choose_quality("Cunning")
    assert calc.choose_quality("Cat's Eyes")
    assert calc.luck_label.text() == "Luck spent: 3"
    assert "Luck exertion" in calc.quality_boxes["trait:Cunning"].text()


def test_undefended_toggles(make_dock: Make) -> None:
    calc = make_dock().calculator
    add_quick(calc, NCType.REGULAR, Rank.GOOD)
    choose_step(calc, "action")
    calc.plain_spin.setValue(4)
    calc.target_undefended.setChecked(True)
    assert calc.tn_label.text() == "5"
    assert_odds_shown(calc, 4, 5)
    calc.target_undefended.setChecked(False)
    calc.pc_undefended.setChecked(True)
    calc.penalty_spin.setValue(1)
    assert calc.modifier() == -2
    roll(calc, 1, 1)
    assert "Legendary" in calc.result_label.text()


def test_momentum_loss_offers_seize(make_dock: Make) -> None:
    calc = make_dock().calculator
    add_quick(calc, NCType.REGULAR, Rank.GREAT)
    roll(calc, 2, 3)
    assert "lost" in calc.result_label.text()
    labels = [b.text() for b in calc.next_buttons]
    assert any("Seize" in text for text in labels)


def test_sfx_hypnotism(make_dock: Make) -> None:
    sfx = make_dock().sfx
    for key, label in (("reach", "close"), ("duration", "minute"), ("area", "personal"),
                       ("energy", "adult")):
        assert sfx.choose(key, label)
    assert sfx.action_label.text() == "19"
    # close 2 + minute 1 + personal 0 + adult 1: the core's casting_time says 4.
    assert sfx.casting_label.text() == "4 rounds"
    # The book's casting-time example (teleport next door: close, a turn, personal,
    # adult) is the one that takes 3 rounds.
    assert sfx.choose("duration", "instantaneous")
    assert sfx.casting_label.text() == "3 rounds"
    assert sfx.choose("duration", "minute")
    sfx.modifier_spin.setValue(8)
    assert sfx.odds.text("success") == format_chance(odds(8, 19).success)


def test_recovery(make_dock: Make) -> None:
    rec = make_dock().recovery
    assert rec.tn_label.text() == "17"
    rec.qualities_spin.setValue(2)
    assert rec.odds.text("success") == format_chance(odds(2, 17).success)
    rec.die1.setValue(10)
    rec.die2.setValue(9)  # 21 vs 17: Average
    click(rec.judge_button)
    assert "removes 1" in rec.result_label.text()


def test_works_without_characters_and_keyboard(make_dock: Make) -> None:
    dock = make_dock()
    calc = dock.calculator
    assert calc.actor_combo.count() == 1
    assert not calc.judge_button.isEnabled()
    for widget in (calc.plain_spin, calc.trait_combo, calc.library_combo,
                   calc.add_quick_button, calc.die1, calc.judge_button, calc.reading_combo):
        assert widget.accessibleName()
        assert widget.toolTip()
        assert widget.focusPolicy() != Qt.FocusPolicy.NoFocus


def test_characters_refresh(make_dock: Make) -> None:
    chars: list[Character] = []
    window = QMainWindow()
    dock = GMDock(lambda: list(chars), parent=window)
    assert dock.calculator.actor_combo.count() == 1
    chars.append(load_pc("jyrell"))
    dock.refresh_characters()
    assert dock.calculator.actor_combo.count() == 2
    assert dock.recovery.actor_combo.count() == 2
    window.deleteLater()


def test_calculator_state_round_trip(make_dock: Make) -> None:
    dock = make_dock()
    calc = dock.calculator
    add_quick(calc, NCType.MINION, Rank.BASIC, count=3, qualities="Bureaucrat +2")
    choose_step(calc, "seize")
    calc.reading_combo.setCurrentIndex(1)
    calc.plain_spin.setValue(7)
    state = dock.save_state()
    other = make_dock()
    other.restore_state(state)
    assert other.calculator.tn_label.text() == "16"
    assert other.calculator.plain_spin.value() == 7
    assert len(other.calculator.cards) == 3
