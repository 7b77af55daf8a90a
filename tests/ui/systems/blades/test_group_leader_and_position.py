"""A group action as a GM runs it with two scoundrels open, in the real window: the GM picks
the leader among the open scoundrels on the Group page (the one in front by default), the
leader's stress goes to that sheet through its owner, and the Group page sets position and
effect as the Action page does: the outcome reads by position, the best roll ticks a clock
by the effect, and a desperate group roll marks the leader's XP once.

Before, the leader was whichever sheet was in front (the page could not pick one), a group
roll had no position or effect, and it never marked the desperate XP the SRD gives (line
512: "When you roll in a group action that's desperate, you also mark xp")."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades import roller
from seforge.systems.blades.levels import ResultLevel
from seforge.systems.blades.models import Scoundrel
from tests.ui.keyboard import active_window
from tests.ui.systems.blades.test_keyboard import gm_page, lurk, new_crew, new_scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.blades.gm_screen import BladesGmScreen, RollsTab

CLICK = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def _named(window: MainWindow, name: str) -> DocumentOwner[Scoundrel]:
    owner, _builder = new_scoundrel(window)
    owner.apply("Lurk", lurk)
    owner.apply("Name", lambda sc: setattr(sc, "name", name))
    return owner


def _group_page(qtbot: QtBot, window: MainWindow) -> tuple[BladesGmScreen, RollsTab]:
    screen = gm_page(window)
    rolls = screen.rolls
    bar = rolls.kinds.tabBar()
    index = [rolls.kinds.tabText(i) for i in range(rolls.kinds.count())].index("Group")
    qtbot.mouseClick(bar, CLICK, pos=bar.tabRect(index).center())
    assert rolls.kinds.currentIndex() == index
    return screen, rolls


def _choose(combo: object, text: str) -> None:
    """Pick ``text`` in a drop-down as the user does (the list's activated signal)."""
    from PySide6.QtWidgets import QComboBox

    assert isinstance(combo, QComboBox)
    index = combo.findText(text)
    assert index >= 0, [combo.itemText(i) for i in range(combo.count())]
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def _seed(pools: list[int], test: object) -> int:
    for seed in range(2000):
        if test(roller.roll_group(pools, random.Random(seed))):  # type: ignore[operator]
            return seed
    raise AssertionError("no seed found")


def test_the_gm_picks_the_leader_among_the_open_scoundrels(
        window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    nadja = _named(window, "Nadja")
    cross = _named(window, "Cross")  # in front
    _screen, rolls = _group_page(qtbot, window)
    box, leader = rolls.roller, rolls.leader
    assert leader.accessibleName() == "Group leader"
    assert [leader.itemText(i) for i in range(leader.count())] == ["Nadja", "Cross"]
    assert leader.currentText() == "Cross"  # the one in front, by default
    _choose(leader, "Nadja")
    window.tabs.setCurrentIndex(1)  # Cross's tab in front again: the pick stays
    assert leader.currentText() == "Nadja"
    for spin, dice in zip(rolls.members, (1, 1, -1, -1), strict=True):
        spin.setValue(dice)
    monkeypatch.setattr(roller, "_SYSTEM", random.Random(
        _seed([1, 1], lambda g: g.leader_stress == 2)))
    qtbot.mouseClick(box.roll_group, CLICK)
    assert "Led by Nadja" in box.result.text()
    assert box.take_stress.isEnabled(), box.take_stress.toolTip()
    assert "Nadja" in box.take_stress.toolTip()
    steps = nadja.undo_stack.count()
    qtbot.mouseClick(box.take_stress, CLICK)
    assert (nadja.document.stress, cross.document.stress) == (2, 0)
    assert nadja.undo_stack.count() == steps + 1  # one undo step, in the leader's history
    assert "the leader takes 2 stress" in nadja.undo_stack.undoText()
    assert box.log.item(0).text().endswith("(Nadja)")
    assert not box.take_stress.isEnabled()  # paid once
    nadja.undo_stack.undo()
    assert nadja.document.stress == 0 and box.take_stress.isEnabled()
    # the leader picked closes: the one in front leads
    window.tabs.setCurrentIndex(0)
    assert window.close_current()
    assert [leader.itemText(i) for i in range(leader.count())] == ["Cross"]
    assert leader.currentText() == "Cross"
    # no scoundrel open: nobody to lead, and the page says so
    assert window.close_current()
    assert leader.count() == 0 and not leader.isEnabled()
    assert "open a scoundrel" in leader.toolTip().lower()
    assert not box.take_stress.isEnabled()
    assert "open a scoundrel to lead the group" in box.take_stress.toolTip()


def test_a_desperate_group_roll_marks_the_leaders_xp_once(
        window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    nadja = _named(window, "Nadja")
    cross = _named(window, "Cross")
    _screen, rolls = _group_page(qtbot, window)
    box = rolls.roller
    _choose(rolls.leader, "Nadja")
    # the leader's action from her sheet: member 1's dice are its dots
    assert rolls.leader_action.isEnabled()
    hunt = nadja.document.actions["hunt"]
    _choose(rolls.leader_action, f"Hunt {hunt}")
    assert rolls.members[0].value() == hunt
    _choose(rolls.group_position, "Desperate")
    # the outcome reads by position, as on the Action page
    cells = [rolls.group_consequences.item(r, 1).text()
             for r in range(rolls.group_consequences.rowCount())]
    assert cells and all("severe" in cell for cell in cells)
    monkeypatch.setattr(roller, "_SYSTEM", random.Random(
        _seed([hunt, 2], lambda g: g.level is ResultLevel.PARTIAL)))
    qtbot.mouseClick(box.roll_group, CLICK)
    assert "partial success at a desperate position" in box.result.text()
    assert box.mark_xp.isEnabled(), box.mark_xp.toolTip()
    steps = nadja.undo_stack.count()
    qtbot.mouseClick(box.mark_xp, CLICK)
    assert nadja.document.xp.get("insight") == 1 and not cross.document.xp.get("insight")
    assert nadja.undo_stack.count() == steps + 1
    assert "desperate Hunt" in nadja.undo_stack.undoText()
    assert not box.mark_xp.isEnabled() and "already" in box.mark_xp.toolTip()  # once a roll
    # a risky group roll marks nothing
    _choose(rolls.group_position, "Risky")
    qtbot.mouseClick(box.roll_group, CLICK)
    assert not box.mark_xp.isEnabled()
    assert "not at a desperate position" in box.mark_xp.toolTip()
    # a desperate roll with member 1 set by hand does not say which track
    _choose(rolls.group_position, "Desperate")
    rolls.members[0].setValue(3)
    assert rolls.leader_action.currentText() == "By hand"
    qtbot.mouseClick(box.roll_group, CLICK)
    assert not box.mark_xp.isEnabled()
    assert "pick the leader's action" in box.mark_xp.toolTip()


def test_a_group_roll_ticks_a_clock_by_the_groups_effect(
        window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _named(window, "Nadja")
    crew, _widget = new_crew(window)  # in front: the clock's tab
    crew.apply("Clock", lambda c: crew_rules.add_clock(c, "Alarm", 8))
    _screen, rolls = _group_page(qtbot, window)
    box = rolls.roller
    assert rolls.leader.currentText() == "Nadja"  # the only scoundrel open leads
    _choose(rolls.group_effect, "Great")
    for spin, dice in zip(rolls.members, (2, 2, -1, -1), strict=True):
        spin.setValue(dice)
    monkeypatch.setattr(roller, "_SYSTEM", random.Random(
        _seed([2, 2], lambda g: g.level is ResultLevel.SUCCESS)))
    qtbot.mouseClick(box.roll_group, CLICK)
    assert "3 clock ticks at great effect" in box.result.text()
    assert box.tick.isEnabled(), box.tick.toolTip()
    qtbot.mouseClick(box.tick, CLICK)
    assert crew.document.clocks[0].filled == 3
