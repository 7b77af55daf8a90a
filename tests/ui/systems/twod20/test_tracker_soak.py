"""A tracker character's Armour and Courage are set in the conflict view's Selected character
panel (session 14, H13): one added by name has none, so the roller used the calculator's
Armour for them; set in the panel (one undo step each), the roller's Soak line names theirs."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from tests.ui.systems.twod20.test_roller_target import click, pick
from tests.ui.systems.twod20.test_session import Loaded
from tests.ui.systems.twod20.test_session_h7 import THAK, table
from ui.shell.window import MainWindow

ILSE = "Captain Ilse Varga"


def type_value(qtbot: QtBot, box: QSpinBox, text: str) -> None:
    """Type ``text`` into a spin box and press Enter, as a user would."""
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_armour_and_courage_set_in_the_panel_are_the_roller_s_soak(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    view, owner, roller, calc = page.conflict, page.conflict_owner, page.roller, page.calculator
    # Thak came from his record: the panel shows his Armour 2 and Courage 1
    view.select(THAK)
    assert view.armour.isEnabled() and view.armour.value() == 2
    assert view.courage.value() == 1
    # Ilse was added by name: neither is known, and the panel says so
    view.select(ILSE)
    assert view.armour.value() < 0 and view.armour.text() == view.armour.specialValueText()
    assert view.courage.text() == view.courage.specialValueText()
    assert "Soak" in view.armour.toolTip() and "calculator's Armour" in view.courage.toolTip()
    steps = owner.undo_stack.count()
    type_value(qtbot, view.armour, "3")
    assert cf.find(owner.document, ILSE).armour == 3
    assert cf.find(owner.document, ILSE).courage is None
    assert owner.undo_stack.count() == steps + 1             # one undo step
    type_value(qtbot, view.courage, "2")
    assert cf.find(owner.document, ILSE).courage == 2
    assert owner.undo_stack.count() == steps + 2
    # the roller's damage to Ilse is soaked by her own Armour, not the calculator's
    pick(roller.who, THAK)
    pick(roller.hits, ILSE)
    calc.dmg_dice.setValue(3)
    calc.armour.setValue(0)
    calc.cover.setValue(0)
    roller.source = Loaded([1, 2, 2])                         # 5 damage
    click(qtbot, roller.roll_damage_button)
    assert f"{ILSE}'s Armour" in roller.damage_result.text()
    assert roller.last_stress == 2                            # 5 less her Armour 3
    # Undo takes the Courage back, then the Armour: the panel follows
    click(qtbot, view.undo_button)
    assert cf.find(owner.document, ILSE).courage is None and view.courage.value() < 0
    click(qtbot, view.undo_button)
    assert cf.find(owner.document, ILSE).armour is None and view.armour.value() < 0


def test_nobody_selected_greys_armour_and_courage(window: MainWindow, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    view = page.conflict
    view.table.clearSelection()
    for box in (view.armour, view.courage):
        assert not box.isEnabled()
