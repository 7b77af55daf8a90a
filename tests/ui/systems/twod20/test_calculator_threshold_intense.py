"""The calculator's Harm odds and applying the roller's damage agree (session 15, H9): the Harm
threshold box shows the threshold of whom the damage hits, greyed with whose it is (the
record's own table setting; the tracker's for a tracker character), the one typed when nobody
is hit; and Intense's one more Harm, counted by the odds, is added when the damage is
applied. Every face the dice can show is rolled and applied through the roller, and the Harms
it causes are the odds' chances."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.core.probability_text import exactly
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.models import Character
from tests.ui.systems.twod20.test_calculator_stress import ILSE, harm_chances
from tests.ui.systems.twod20.test_gm_screen import screen
from tests.ui.systems.twod20.test_roller_target import click, pick
from tests.ui.systems.twod20.test_session import Loaded
from tests.ui.systems.twod20.test_session_h7 import THAK, table
from tests.ui.systems.twod20.test_tracker_soak import type_value
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.twod20.roller_view import RECORD, RollerPanel


def every_roll_applied(qtbot: QtBot, roller: RollerPanel, owner: DocumentOwner[Any],
                       harms: Callable[[], int], dice: int) -> list[str]:
    """Roll every face of ``dice`` damage dice through the roller, apply each and undo it:
    the chances of 0, 1, 2 and 3 or more Harms applying caused (as the odds' row shows
    them)."""
    counts = [0, 0, 0, 0]
    rolls = 0
    for faces in itertools.product(range(1, 7), repeat=dice):
        roller.source = Loaded(list(faces))
        click(qtbot, roller.roll_damage_button)
        before = harms()
        click(qtbot, roller.apply_damage_button)
        counts[min(3, harms() - before)] += 1
        owner.undo_stack.undo()
        assert harms() == before
        rolls += 1
    return [exactly(Fraction(n, rolls)) for n in counts]


def test_applying_intense_damage_adds_the_harm_the_odds_count(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc, owner = page.roller, page.calculator, page.conflict_owner
    # Ilse (in the SRD tracker, added by name) has 3 Stress of 8
    owner.apply("Ilse is hurt", lambda d: cf.update_combatant(d, ILSE, stress=3, max_stress=8))
    pick(roller.who, THAK)
    pick(roller.hits, ILSE)
    calc.dmg_dice.setValue(2)
    calc.dmg_flat.setValue(2)
    calc.cover.setValue(0)
    calc.armour.setValue(0)
    assert not calc.intense.isChecked()
    calc.intense.click()                       # (scrolled out of view in the dock)
    assert calc.intense.isChecked()
    odds = harm_chances(calc)
    assert odds[2] != "exactly 0"      # two Harms: 5+ Stress, or her track filled, + Intense
    assert odds[3] != "exactly 0"      # three: both of those and Intense

    def her_harms() -> int:
        return len(cf.find(owner.document, ILSE).harms)

    assert every_roll_applied(qtbot, roller, owner, her_harms, 2) == odds
    # one roll applied: the log says Intense's Harm is among them
    roller.source = Loaded([5, 2])     # 1 + Effect, 2, + 2 flat = 5 Stress: 3 Harms
    click(qtbot, roller.roll_damage_button)
    click(qtbot, roller.apply_damage_button)
    assert her_harms() == 3
    assert "3 Harms, one of them Intense's" in roller.log.item(0).text()


def test_the_harm_threshold_is_the_record_s_own(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc = page.roller, page.calculator
    record = page.record_owner
    assert record is not None

    def raised(c: Character) -> Character:
        return c.model_copy(update={"settings": c.settings.model_copy(
            update={"harm_threshold": 7})})

    record.apply("Ilse's table: a Harm for 7 Stress", raised)
    assert page.conflict_owner.document.settings.harm_threshold == 5
    pick(roller.who, THAK)
    pick(roller.hits, RECORD)
    # her record's 7, greyed, named; the odds count with it
    assert calc.threshold.value() == 7 and not calc.threshold.isEnabled()
    assert ILSE in calc.threshold.toolTip()
    assert calc.damage_spec().harm_threshold == 7
    calc.dmg_dice.setValue(2)
    calc.dmg_flat.setValue(5)                      # 5 to 9 damage, less her Armour 1
    calc.cover.setValue(0)
    odds = harm_chances(calc)
    assert odds[1] != "exactly 0"

    def her_harms() -> int:
        return len(record.document.harms)

    assert every_roll_applied(qtbot, roller, record, her_harms, 2) == odds
    # the tracker's Ilse (added by name): the tracker's threshold, 5
    pick(roller.hits, ILSE)
    assert calc.threshold.value() == 5 and not calc.threshold.isEnabled()
    assert "tracker" in calc.threshold.toolTip() and ILSE in calc.threshold.toolTip()


def test_the_typed_threshold_counts_when_nobody_is_hit(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    calc, view, roller = gm.calculator, gm.conflict, gm.roller
    assert roller.hits.currentData() is None
    type_value(qtbot, calc.threshold, "7")            # a Scale 2 foe
    assert calc.threshold.isEnabled() and calc.damage_spec().harm_threshold == 7
    view.new_name.setFocus()
    qtbot.keyClicks(view.new_name, "Ilse")
    qtbot.keyClick(view.new_name, Qt.Key.Key_Return)
    assert roller.hits.currentData() == "Ilse"
    assert calc.threshold.value() == 5 and not calc.threshold.isEnabled()
    assert calc.damage_spec().harm_threshold == 5
    assert "Ilse" in calc.threshold.toolTip()
    view.select("Ilse")
    qtbot.mouseClick(view.remove_button, Qt.MouseButton.LeftButton)
    assert roller.hits.currentData() is None
    assert calc.threshold.value() == 7 and calc.threshold.isEnabled()
    assert calc.damage_spec().harm_threshold == 7
