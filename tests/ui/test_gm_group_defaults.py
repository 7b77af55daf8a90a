"""Issue 12: the calculator's group Momentum default follows L465-469."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from seforge.systems.swords_edge.models import NCType, Trait
from seforge.systems.swords_edge.ranks import Rank
from tests.ui.test_gm_calculator import add_quick
from ui.systems.swords_edge.gm.dock import GMDock


def test_a_group_adds_no_trait_to_momentum(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = GMDock(lambda: [], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    calc = dock.calculator
    calc.trait_combo.setCurrentIndex(calc.trait_combo.findData(Trait.CHARISMA.value))
    leader = calc.add_library_by_id("desert-acolytes-leader")  # Average regular, Charisma +2
    assert calc.tn_label.text() == "14"  # alone it brings its Trait: 12 + 2
    add_quick(calc, NCType.MINION, Rank.BASIC, count=2)
    assert calc.tn_label.text() == "16"  # L469: 12 + 2 + 2, no Trait in a group
    calc.remove_card(calc.cards[-1])
    calc.remove_card(calc.cards[-1])
    assert calc.tn_label.text() == "14"
    assert leader in calc.cards


def test_ticking_a_faculty_ticks_its_trait(qtbot) -> None:  # type: ignore[no-untyped-def]
    from seforge.systems.swords_edge.library import load_pc

    sarah = load_pc("sarah-x")
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = GMDock(lambda: [sarah], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    calc = dock.calculator
    assert calc.actor_combo.choose(sarah)
    calc.trait_combo.setCurrentIndex(calc.trait_combo.findData(Trait.CUNNING.value))
    calc.quality_boxes["trait:Cunning"].setChecked(False)
    assert calc.choose_quality("Hunting")  # Sarah's Faculty, on Cunning (L301, L429)
    assert calc.quality_boxes["trait:Cunning"].isChecked()


def test_recovery_tab_luck_reaches_only_this_scene(qtbot) -> None:  # type: ignore[no-untyped-def]
    from seforge.systems.swords_edge.library import load_pc
    from seforge.systems.swords_edge.play.session import start_session
    from seforge.systems.swords_edge.play.stress import take_stress

    kyle = load_pc("kyle-devos")
    start_session(kyle)
    take_stress(kyle, Trait.CUNNING, 1)
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = GMDock(lambda: [kyle], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    rec = dock.recovery
    assert rec.actor_combo.choose(kyle)
    rec.day_radio.setChecked(True)
    assert rec.luck_spin.isEnabled()
    rec.luck_spin.setValue(3)
    rec.die1.setValue(10)
    rec.die2.setValue(9)
    result = rec.judge_roll()
    assert (result.by_test, result.by_luck) == (1, 1)  # L365, L640


def test_calculator_odds_follow_the_characters_criticals_rule(qtbot) -> None:  # type: ignore[no-untyped-def]
    from seforge.systems.swords_edge.dice import odds
    from seforge.systems.swords_edge.library import load_pc
    from seforge.systems.swords_edge.resolution.verdicts import format_chance

    kyle = load_pc("kyle-devos")
    kyle.options.criticals_on_final_dice = True
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = GMDock(lambda: [kyle], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    calc = dock.calculator
    assert calc.actor_combo.choose(kyle)
    add_quick(calc, NCType.MINION, Rank.POOR)
    modifier, tn = calc.modifier(), int(calc.tn_label.text())
    final = odds(modifier, tn, 3, "final").with_luck
    assert calc.odds.text("luck") == ", ".join(
        f"{k} Luck {format_chance(final[k])}" for k in (1, 2, 3))
