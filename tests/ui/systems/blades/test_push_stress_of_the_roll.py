"""A pushed action roll costs the stress of the push made before the dice were rolled:
ticking or unticking "Push yourself" afterwards (setting up the next roll) changes
neither what the last roll costs nor whether its stress can be taken."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.models import Crew, Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.gm_screen import BladesGmScreen


def _screen(qtbot: QtBot) -> tuple[BladesGmScreen, DocumentOwner[Scoundrel]]:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Vey", stage="play", stress=1))
    screen.set_target(owner)
    return screen, owner


def test_a_push_ticked_after_the_roll_costs_nothing(qtbot: QtBot) -> None:
    screen, owner = _screen(qtbot)
    rolls, box = screen.rolls, screen.rolls.roller
    rolls.rating.setValue(2)
    box.roll("action", random.Random(1))
    assert not box.take_stress.isEnabled()
    rolls.push.click()  # for the next roll
    assert rolls.push.isChecked()
    box.harm_level.setValue(1)  # the roller's buttons read again
    assert not box.take_stress.isEnabled()
    assert "push" in box.take_stress.toolTip()
    assert owner.document.stress == 1


def test_a_pushed_roll_costs_its_push_after_the_box_is_unticked(qtbot: QtBot) -> None:
    screen, owner = _screen(qtbot)
    rolls, box = screen.rolls, screen.rolls.roller
    rolls.rating.setValue(1)
    rolls.push.click()
    box.roll("action", random.Random(1))
    rolls.push.click()  # the next roll is not pushed
    assert not rolls.push.isChecked()
    assert box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 3
    assert box.log.item(0).text().startswith("Written: Roll: 2 stress")


def test_a_push_for_effect_ticks_the_clock_at_the_greater_effect(qtbot: QtBot) -> None:
    """The odds say a push for +1 effect ticks a clock at the effect a step up: the roll
    made with it says and ticks the same (and a push ticked after the roll does not)."""
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    crew = Crew(name="Lanterns")
    crew_rules.add_clock(crew, "Vault", 8)
    owner = DocumentOwner(CREW, crew)
    screen.set_target(owner)
    rolls, box = screen.rolls, screen.rolls.roller
    rolls.rating.setValue(3)
    rolls.push_effect.click()
    assert "great effect (3 clock ticks" in rolls.pool.text()
    rng = random.Random(0)
    while box.roll("action", rng).read != 6 or box.last is None or box.last.sixes != 1:
        pass  # a full success: ticks by effect, no critical step
    assert "3 clock ticks at great effect" in box.result.text()
    rolls.push_effect.click()  # the next roll is not pushed
    qtbot.mouseClick(box.tick, Qt.MouseButton.LeftButton)
    assert owner.document.clocks[0].filled == 3
