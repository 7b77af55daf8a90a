"""The calculator's Harm odds count from the Stress of whom the roller's damage hits (session
15, H6): its Current and Maximum Stress boxes show the target's track, greyed, with whose it
is in the tooltip, so the odds shown and the Harms applying the damage causes agree; the
values typed by hand come back when nobody is hit. A Conan tracker's character is counted by
Conan's rules (Vigor or Resolve left) even while the calculator shows an SRD record."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20 import damage as dmg
from seforge.systems.twod20.profiles import Profile
from tests.ui.systems.twod20.test_gm_screen import screen
from tests.ui.systems.twod20.test_roller_target import click, pick
from tests.ui.systems.twod20.test_session import Loaded
from tests.ui.systems.twod20.test_session_h7 import THAK, table
from tests.ui.systems.twod20.test_tracker_soak import type_value
from ui.shell.window import MainWindow
from ui.systems.twod20.calculator import Calculator
from ui.systems.twod20.roller_view import RECORD

ILSE = "Captain Ilse Varga"


def harm_chances(calc: Calculator) -> list[str]:
    """The "Harms after soak" row as the calculator shows it, exactly (0, 1, 2, 3+)."""
    table = calc.harm_table
    cells = [table.item(0, column) for column in range(table.columnCount())]
    return [cell.toolTip() if cell is not None else "" for cell in cells]


def test_the_harm_odds_count_from_the_stress_of_whom_the_damage_hits(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    view, owner, roller, calc = page.conflict, page.conflict_owner, page.roller, page.calculator
    # Ilse (added by name) has taken 3 Stress in the tracker, and her track holds 5
    view.select(ILSE)
    type_value(qtbot, view.stress_amount, "3")
    click(qtbot, view.take_button)
    type_value(qtbot, view.track_max, "5")
    ilse = cf.find(owner.document, ILSE)
    assert (ilse.stress, ilse.max_stress, len(ilse.harms)) == (3, 5, 0)
    # Thak hits her with two dice; the calculator's own boxes still say 0 of 10
    pick(roller.who, THAK)
    pick(roller.hits, ILSE)
    calc.dmg_dice.setValue(2)
    calc.cover.setValue(0)
    calc.armour.setValue(0)
    # the boxes show her track, greyed, and say whose it is
    assert (calc.current.value(), calc.maximum.value()) == (3, 5)
    assert not calc.current.isEnabled() and not calc.maximum.isEnabled()
    assert ILSE in calc.current.toolTip() and ILSE in calc.maximum.toolTip()
    assert (calc.damage_spec().current_stress, calc.damage_spec().max_stress) == (3, 5)
    assert f"{ILSE}'s Stress 3 of 5" in calc.damage_summary.text()
    # 2 or more Stress fills her track: a Harm unless both dice read 0 or one reads 1
    assert harm_chances(calc)[:2] == ["exactly 4/9", "exactly 5/9"]
    # the roll: 1 + 2 = 3 Stress (nothing soaks it); the odds' rule says one Harm ...
    roller.source = Loaded([1, 2])
    click(qtbot, roller.roll_damage_button)
    assert roller.last_stress == 3
    spec = calc.damage_spec()
    counted = dmg.harms_srd(3, spec.current_stress, spec.max_stress, spec.harm_threshold)
    assert counted == 1
    # ... and applying it causes that one Harm
    click(qtbot, roller.apply_damage_button)
    ilse = cf.find(owner.document, ILSE)
    assert (ilse.stress, len(ilse.harms)) == (5, counted)
    # the boxes and the odds follow her track: full now, any Stress is a Harm
    assert (calc.current.value(), calc.maximum.value()) == (5, 5)
    assert harm_chances(calc)[0] == "exactly 1/9"
    # undone in the tracker: back to 3 of 5
    owner.undo_stack.undo()
    assert calc.current.value() == 3 and harm_chances(calc)[0] == "exactly 4/9"
    # Thak's own track (from his record, in this SRD tracker): 0 of 10
    pick(roller.who, ILSE)
    pick(roller.hits, THAK)
    assert (calc.current.value(), calc.maximum.value()) == (0, 10)
    assert THAK in calc.current.toolTip()


def test_a_conan_tracker_s_character_is_counted_by_conan_s_rules(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc, owner = page.roller, page.calculator, page.conflict_owner
    pick(page.profile, Profile.CONAN.value)                  # the tracker plays Conan
    assert owner.document.profile is Profile.CONAN
    assert calc.profile is Profile.SRD2022                   # Ilse's record is open: SRD shown
    owner.apply("Ilse is hurt", lambda d: cf.update_combatant(
        d, ILSE, vigor=3, max_vigor=8, resolve=6, max_resolve=9))
    pick(roller.who, THAK)
    pick(roller.hits, ILSE)
    calc.dmg_dice.setValue(1)
    calc.cover.setValue(0)
    calc.armour.setValue(0)
    # her Vigor left, counted as Conan counts it; no maximum to show
    assert calc.current.value() == 3 and not calc.current.isEnabled()
    assert calc.current_label.text() == "Vigor or Resolve left"
    assert not calc.maximum.isVisibleTo(calc)
    assert calc.damage_spec().profile is Profile.CONAN
    # one die: 1 or 2 Stress leaves her track above 0, no Harm at all
    assert harm_chances(calc)[0] == "exactly 1"
    roller.mental.setChecked(True)                           # her Resolve, 6
    assert calc.current.value() == 6
    assert "Resolve" in calc.current.toolTip()
    roller.source = Loaded([2])
    click(qtbot, roller.roll_damage_button)
    click(qtbot, roller.apply_damage_button)
    ilse = cf.find(owner.document, ILSE)
    assert (ilse.resolve, len(ilse.harms)) == (4, 0)
    assert calc.current.value() == 4
    # the record hit: its own rules and track (SRD, 0 of its maximum Stress)
    pick(roller.hits, RECORD)
    assert calc.damage_spec().profile is Profile.SRD2022
    assert calc.current_label.text() == "Current Stress" and calc.maximum.isVisibleTo(calc)
    assert calc.current.value() == 0 and not calc.maximum.isEnabled()


def test_the_typed_stress_comes_back_when_nobody_is_hit(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    calc, view, roller = gm.calculator, gm.conflict, gm.roller
    assert roller.hits.currentData() is None
    calc.current.setValue(2)
    calc.maximum.setValue(7)
    assert calc.current.isEnabled() and calc.damage_spec().current_stress == 2
    assert "Ilse" not in calc.current.toolTip()
    view.new_name.setFocus()
    qtbot.keyClicks(view.new_name, "Ilse")
    qtbot.keyClick(view.new_name, Qt.Key.Key_Return)
    assert roller.hits.currentData() == "Ilse"
    assert (calc.current.value(), calc.maximum.value()) == (0, 10)
    assert not calc.current.isEnabled() and "Ilse" in calc.current.toolTip()
    view.select("Ilse")
    qtbot.mouseClick(view.remove_button, Qt.MouseButton.LeftButton)
    assert roller.hits.currentData() is None
    assert (calc.current.value(), calc.maximum.value()) == (2, 7)
    assert calc.current.isEnabled() and calc.maximum.isEnabled()
    assert (calc.damage_spec().current_stress, calc.damage_spec().max_stress) == (2, 7)
