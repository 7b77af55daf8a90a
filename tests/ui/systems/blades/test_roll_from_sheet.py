"""A roll takes its dice from the open scoundrel's sheet: the action picked gives the
action roll's rating, the attribute picked the resistance roll's dice; both follow the
sheet while picked. A desperate action roll from the sheet marks its XP on the sheet."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.blades import rules
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.models import Crew, Scoundrel
from tests.ui.keyboard import choose_with_keys
from ui.shell.document_owner import DocumentOwner
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.gm_screen import BladesGmScreen


def _screen(qtbot: QtBot) -> BladesGmScreen:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    return screen


def _texts(combo: object) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]  # type: ignore[attr-defined]


def _scoundrel() -> Scoundrel:
    return Scoundrel(name="Vey", stage="play",
                     actions={"skirmish": 2, "prowl": 1, "finesse": 1, "hunt": 1})


def test_an_action_from_the_sheet_sets_the_rating_and_follows_it(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    rolls = screen.rolls
    assert not rolls.action_pick.isEnabled()  # nothing open: by hand only
    assert "Open a scoundrel" in rolls.action_pick.toolTip()
    owner = DocumentOwner(SCOUNDREL, _scoundrel())
    screen.set_target(owner)
    texts = _texts(rolls.action_pick)
    assert texts[0] == "By hand" and "Skirmish 2" in texts and "Study 0" in texts
    rolls.rating.setValue(0)
    choose_with_keys(qtbot, rolls.action_pick, texts.index("Skirmish 2"))
    assert rolls.rating.value() == 2
    assert rolls.action_pick.currentData() == "skirmish"
    # a dot more on the sheet (through its owner): the pick and the rating follow
    owner.apply("Skirmish 3", lambda sc: sc.actions.__setitem__("skirmish", 3))
    assert rolls.action_pick.currentText() == "Skirmish 3" and rolls.rating.value() == 3
    owner.undo_stack.undo()
    assert rolls.rating.value() == 2
    # set by hand to another number: no longer the sheet's action
    rolls.rating.setFocus()
    qtbot.keyClick(rolls.rating, Qt.Key.Key_Up)
    assert rolls.rating.value() == 3 and rolls.action_pick.currentText() == "By hand"
    # a crew open instead: nothing to pick from
    screen.set_target(DocumentOwner(CREW, Crew(name="Lanterns")))
    assert _texts(rolls.action_pick) == ["By hand"] and not rolls.action_pick.isEnabled()


def test_an_attribute_from_the_sheet_sets_the_resistance_dice(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    rolls = screen.rolls
    owner = DocumentOwner(SCOUNDREL, _scoundrel())
    screen.set_target(owner)
    prowess = rules.attribute_rating(owner.document, "prowess")
    texts = _texts(rolls.resist_pick)
    assert texts == ["By hand", "Insight 1", f"Prowess {prowess}", "Resolve 0"]
    choose_with_keys(qtbot, rolls.resist_pick, 2)
    assert rolls.resist_dice.value() == prowess == 3
    box = rolls.roller
    box.roll("resistance", random.Random(1))
    assert box.result.text().startswith("Resistance roll (Prowess) 3d")


def test_a_desperate_roll_from_the_sheet_marks_its_xp_once(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    rolls, box = screen.rolls, screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, _scoundrel())
    screen.set_target(owner)
    assert not box.mark_xp.isEnabled() and "roll an action" in box.mark_xp.toolTip()
    box.roll("action", random.Random(2))  # risky, by hand
    assert "not at a desperate position" in box.mark_xp.toolTip()
    choose_with_keys(qtbot, rolls.position, rolls.position.findData("desperate"))
    box.roll("action", random.Random(2))
    assert "pick the action from the sheet" in box.mark_xp.toolTip()
    choose_with_keys(qtbot, rolls.action_pick, _texts(rolls.action_pick).index("Skirmish 2"))
    box.roll("action", random.Random(2))
    assert box.result.text().startswith("Action roll (Skirmish) 2d")
    assert box.mark_xp.isEnabled()
    qtbot.mouseClick(box.mark_xp, Qt.MouseButton.LeftButton)
    assert owner.document.xp.get("prowess") == 1
    assert owner.undo_stack.undoText() == "Roll: desperate Skirmish, 1 XP in Prowess"
    assert not box.mark_xp.isEnabled() and "marked already" in box.mark_xp.toolTip()
    owner.undo_stack.undo()  # undone: it may be marked again
    assert owner.document.xp.get("prowess", 0) == 0 and box.mark_xp.isEnabled()
