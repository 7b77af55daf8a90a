"""The dice roller on the Rolls page writes to the open scoundrel or crew through its
owner: one undo step per write, each logged."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.models import Crew, Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.systems.blades.gm_screen import BladesGmScreen
from ui.systems.blades.system_ui import SYSTEM_UI
from ui.systems.blades.window_part import BladesWindowPart


def _screen(qtbot: QtBot) -> BladesGmScreen:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    return screen


def test_resistance_roll_writes_stress_undoably(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    box = screen.rolls.roller
    assert not box.take_stress.isEnabled() and "open a scoundrel" in box.take_stress.toolTip()
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross", stress=2))
    screen.set_target(owner)
    assert "scoundrel Cross" in box.target.text()
    screen.rolls.resist_dice.setValue(2)
    rolled = box.roll("resistance", random.Random(3))
    assert box.result.text().startswith("Resistance roll 2d [")
    assert box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    expected = max(0, 2 - 1) if rolled.stress < 0 else 2 + rolled.stress
    assert owner.document.stress == expected
    assert box.log.item(0).text().startswith("Written: Roll:")
    assert owner.undo_stack.undoText().startswith("Roll:")
    owner.undo_stack.undo()
    assert owner.document.stress == 2
    box.harm_text.setText("Cut to the ribs")
    box.harm_level.setValue(2)
    qtbot.mouseClick(box.write_harm, Qt.MouseButton.LeftButton)
    assert owner.document.harm[1] == ["Cut to the ribs"]


def test_action_roll_ticks_a_crew_clock(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    box = screen.rolls.roller
    crew = Crew(name="Lanterns")
    crew_rules.add_clock(crew, "Alarm", 8)
    owner = DocumentOwner(CREW, crew)
    screen.set_target(owner)
    assert not box.tick.isEnabled() and "roll an action" in box.tick.toolTip()
    rng = random.Random(0)
    for _ in range(50):  # until a roll fills a segment
        rolled = box.roll("action", rng)
        if box.tick.isEnabled():
            break
    ticks = rolled.ticks(crew_rules_effect(screen))
    assert ticks > 0
    qtbot.mouseClick(box.tick, Qt.MouseButton.LeftButton)
    assert owner.document.clocks[0].filled == ticks
    owner.undo_stack.undo()
    assert owner.document.clocks[0].filled == 0


def crew_rules_effect(screen: BladesGmScreen) -> object:
    from seforge.systems.blades.levels import Effect

    return Effect(str(screen.rolls.effect.currentData()))


def test_the_window_part_follows_the_current_tab(qtbot: QtBot) -> None:
    part = BladesWindowPart(window=None)
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Nadja"))
    part.current_changed(owner, None)
    page = part.gm_screen()
    assert isinstance(page, BladesGmScreen)
    qtbot.addWidget(page)
    assert page.rolls.roller.owner is owner
    part.current_changed(None, None)
    assert page.rolls.roller.owner is None
    part.current_changed(owner, None)
    assert part.released(owner) and page.rolls.roller.owner is None
