"""The roller rolls a group action set on the Group page and writes the leader's stress to
the open sheet; after a resistance roll it lowers a harm on the sheet a level. Each write
is one undo step through the sheet's owner, clicked through the widgets."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.blades import roller
from seforge.systems.blades.documents import SCOUNDREL
from seforge.systems.blades.models import Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.gm_screen import BladesGmScreen


def _screen(qtbot: QtBot) -> BladesGmScreen:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    screen.show()
    return screen


def _seed_with(pools: list[int], wanted: int) -> int:
    """A seed whose group roll of ``pools`` charges the leader ``wanted`` stress."""
    for seed in range(1000):
        if roller.roll_group(pools, random.Random(seed)).leader_stress == wanted:
            return seed
    raise AssertionError("no seed found")


def test_a_group_action_is_rolled_and_its_leader_takes_the_stress(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _screen(qtbot)
    rolls, box = screen.rolls, screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Nadja", stress=1))
    screen.set_target(owner)
    rolls.kinds.setCurrentIndex([rolls.kinds.tabText(i) for i in
                                 range(rolls.kinds.count())].index("Group"))
    for spin in rolls.members:  # nobody in the group: nothing to roll
        spin.setValue(-1)
    assert not box.roll_group.isEnabled() and "member" in box.roll_group.toolTip()
    for spin, dice in zip(rolls.members, (1, -1, 1, 2), strict=True):
        spin.setValue(dice)  # member 2 is not in the group
    assert box.roll_group.isEnabled()
    monkeypatch.setattr(roller, "_SYSTEM", random.Random(_seed_with([1, 1, 2], 2)))
    qtbot.mouseClick(box.roll_group, Qt.MouseButton.LeftButton)
    assert box.result.text().startswith("Group action (3 members): member 1 1d")
    assert "member 3 1d" in box.result.text() and "member 4 2d" in box.result.text()
    assert "the leader takes 2 stress" in box.result.text()
    assert box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 3
    assert owner.undo_stack.count() == 1
    assert "the leader takes 2 stress" in owner.undo_stack.undoText()
    assert not box.take_stress.isEnabled()  # paid once
    assert "written already" in box.take_stress.toolTip()
    owner.undo_stack.undo()
    assert owner.document.stress == 1

    monkeypatch.setattr(roller, "_SYSTEM", random.Random(_seed_with([1, 1, 2], 0)))
    qtbot.mouseClick(box.roll_group, Qt.MouseButton.LeftButton)
    assert not box.take_stress.isEnabled()
    assert "no member rolled a 1-3" in box.take_stress.toolTip()


def test_a_resistance_roll_lowers_a_harm_on_the_sheet(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _screen(qtbot)
    box = screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, Scoundrel(
        name="Silas", harm=[["Battered"], [], ["Gut stabbed"]]))
    screen.set_target(owner)
    assert not box.lower_harm.isEnabled()
    assert "roll resistance first" in box.lower_harm.toolTip()
    # the worst harm is offered first: the one the GM just wrote, most likely
    assert box.lower_pick.currentText() == "Level 3: Gut stabbed"
    assert box.lower_pick.count() == 2
    monkeypatch.setattr(roller, "_SYSTEM", random.Random(5))
    qtbot.mouseClick(box.roll_resist, Qt.MouseButton.LeftButton)
    assert box.result.text().startswith("Resistance roll")
    assert box.lower_harm.isEnabled()
    qtbot.mouseClick(box.lower_harm, Qt.MouseButton.LeftButton)
    assert owner.document.harm == [["Battered"], ["Gut stabbed"], []]
    assert owner.undo_stack.count() == 1
    assert "lowered to level 2" in owner.undo_stack.undoText()
    assert box.log.item(0).text().startswith("Written: Roll: resisted")
    # one resistance roll resists one consequence
    assert not box.lower_harm.isEnabled() and "already" in box.lower_harm.toolTip()
    owner.undo_stack.undo()
    assert owner.document.harm == [["Battered"], [], ["Gut stabbed"]]
    assert box.lower_harm.isEnabled()  # undone: the roll may lower it again
    # a level 1 harm resisted goes from the sheet
    qtbot.mouseClick(box.roll_resist, Qt.MouseButton.LeftButton)
    box.lower_pick.setCurrentIndex(box.lower_pick.findText("Level 1: Battered"))
    qtbot.mouseClick(box.lower_harm, Qt.MouseButton.LeftButton)
    assert owner.document.harm == [[], [], ["Gut stabbed"]]
    assert "Battered lowered to gone" in owner.undo_stack.undoText()
    # an action roll lowers nothing
    qtbot.mouseClick(box.roll_action, Qt.MouseButton.LeftButton)
    assert not box.lower_harm.isEnabled()
