"""The calculator's Harm odds stop at the Harm limit, as applying the roller's damage does
(session 15, H11): a target holding 2 Harms of the 3 that leave them Defeated is marked at
most one more, so the "Harms after soak" row never shows a chance of more (those columns
read a dash, their heads saying why) and the damage line says how often a hit causes more.
Every face the dice can show is rolled and applied through the roller, to the open record
and to a tracker character, and the Harms it marks are the odds' chances."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.models import Character, Harm, HarmKind
from seforge.systems.twod20.settings import HarmLimitRule
from tests.ui.systems.twod20.test_calculator_stress import ILSE, harm_chances
from tests.ui.systems.twod20.test_calculator_threshold_intense import every_roll_applied
from tests.ui.systems.twod20.test_roller_target import pick
from tests.ui.systems.twod20.test_session_h7 import THAK, table
from ui.shell.window import MainWindow
from ui.systems.twod20.calculator import Calculator
from ui.systems.twod20.roller_view import RECORD

TWO_WOUNDS = [Harm(kind=HarmKind.WOUND, name="Wound 1"),
              Harm(kind=HarmKind.WOUND, name="Wound 2")]


def heads(calc: Calculator) -> list[str]:
    table = calc.harm_table
    items = [table.horizontalHeaderItem(c) for c in range(table.columnCount())]
    return [item.toolTip() if item is not None else "" for item in items]


def cells(calc: Calculator) -> list[str]:
    table = calc.harm_table
    items = [table.item(0, c) for c in range(table.columnCount())]
    return [item.text() if item is not None else "" for item in items]


def test_the_odds_count_no_more_harms_than_a_record_is_marked(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc = page.roller, page.calculator
    record = page.record_owner
    assert record is not None

    def hurt(c: Character) -> Character:
        return c.model_copy(update={"harms": list(TWO_WOUNDS), "stress": 6})

    record.apply("Ilse has two Wounds", hurt)
    assert record.document.settings.harm_limit_rule is HarmLimitRule.DEFEATED
    assert record.document.settings.harm_limit == 3
    pick(roller.who, THAK)
    pick(roller.hits, RECORD)
    calc.dmg_dice.setValue(2)
    calc.dmg_flat.setValue(5)                 # 5 to 9 damage: a Harm, often her track full
    calc.cover.setValue(0)
    odds = harm_chances(calc)

    def her_harms() -> int:
        return len(record.document.harms)

    assert every_roll_applied(qtbot, roller, record, her_harms, 2) == odds
    assert odds[1] != "exactly 0" and odds[2:] == ["exactly 0", "exactly 0"]
    assert cells(calc)[2:] == ["—", "—"]
    assert all("room for 1 more Harm" in tip for tip in heads(calc)[2:])
    summary = calc.damage_summary.text()
    assert f"{ILSE} holds 2 Harms of the 3 that leave them Defeated" in summary
    assert "of hits cause more" in summary


def test_the_odds_count_no_more_harms_than_a_tracker_character_is_marked(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc, owner = page.roller, page.calculator, page.conflict_owner
    assert owner.document.settings.harm_limit_rule is HarmLimitRule.DEFEATED
    owner.apply("Ilse is hurt", lambda d: cf.update_combatant(
        d, ILSE, stress=5, max_stress=8, harms=list(TWO_WOUNDS)))
    pick(roller.who, THAK)
    pick(roller.hits, ILSE)
    calc.dmg_dice.setValue(2)
    calc.dmg_flat.setValue(4)
    calc.cover.setValue(0)
    calc.armour.setValue(0)
    odds = harm_chances(calc)

    def her_harms() -> int:
        return len(cf.find(owner.document, ILSE).harms)

    assert every_roll_applied(qtbot, roller, owner, her_harms, 2) == odds
    assert odds[2:] == ["exactly 0", "exactly 0"]
    assert cells(calc)[2:] == ["—", "—"]
    # one more Harm marked: she is Defeated, and the odds count none more
    owner.apply("Ilse takes a third Wound", lambda d: cf.take_stress(d, ILSE, 5))
    assert her_harms() == 3
    assert harm_chances(calc) == ["exactly 1", "exactly 0", "exactly 0", "exactly 0"]
    assert "no more Harms are counted" in calc.damage_summary.text()
