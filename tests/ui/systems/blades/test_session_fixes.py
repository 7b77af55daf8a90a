"""What a play session through the real app turned up: a filling stress track takes the
trauma the player picks (none is picked for them), a roll from a hurt scoundrel's sheet
says what the harm costs, and a crew's clocks in another tab are pointed to."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.models import Crew, Scoundrel
from tests.ui.keyboard import choose_with_keys
from ui.shell.document_owner import DocumentOwner
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.builder import ScoundrelEditor
from ui.systems.blades.crew_editor import CrewWidget
from ui.systems.blades.gm_screen import BladesGmScreen
from ui.systems.blades.window_part import BladesWindowPart


def _screen(qtbot: QtBot) -> BladesGmScreen:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    return screen


def _strained() -> Scoundrel:
    return Scoundrel(name="Vey", stage="play", stress=8, trauma=["Cold"],
                     actions={"skirmish": 2, "prowl": 1, "finesse": 1, "hunt": 1})


def test_the_roller_waits_for_the_player_to_pick_the_trauma(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    box = screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, _strained())
    screen.set_target(owner)
    screen.rolls.resist_dice.setValue(0)  # 6 - lowest of two dice: at least 0 ... 5
    rng = random.Random(0)
    while box.roll("resistance", rng).stress <= 0:
        pass
    # nothing is picked for the player: the core's reason is shown on the button
    assert box.trauma.currentText() != "Cold" and "Cold" not in [
        box.trauma.itemText(i) for i in range(box.trauma.count())]  # marked already
    assert not box.take_stress.isEnabled()
    assert "choose the trauma" in box.take_stress.toolTip()
    choose_with_keys(qtbot, box.trauma, box.trauma.findText("Haunted"))
    assert box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.trauma == ["Cold", "Haunted"] and owner.document.stress == 0
    # the log and the undo step say what the filled track brought, not just the stress
    assert "trauma Haunted" in owner.undo_stack.undoText()
    assert "trauma Haunted" in box.log.item(0).text()


def test_the_sheet_waits_for_the_player_to_pick_the_trauma(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    editor = SYSTEM_UI._editor(DocumentOwner(SCOUNDREL, _strained()), window)
    assert isinstance(editor, ScoundrelEditor)
    window.setCentralWidget(editor.widget())
    b = editor.builder
    assert b.trauma_pick.findText("Cold") < 0  # marked already
    assert not b.stress_plus.isEnabled() and "choose the trauma" in b.stress_plus.toolTip()
    choose_with_keys(qtbot, b.trauma_pick, b.trauma_pick.findText("Reckless"))
    qtbot.mouseClick(b.stress_plus, Qt.MouseButton.LeftButton)
    assert b.owner.document.trauma == ["Cold", "Reckless"] and b.owner.document.stress == 0
    # the pick goes back to none: the next trauma is chosen afresh
    assert b.trauma_pick.currentData() in ("", None)


def test_a_roll_from_a_hurt_sheet_says_what_the_harm_costs(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    rolls = screen.rolls
    hurt = _strained()
    hurt.harm = [["Bruised ribs"], ["Ghost-chilled hands"], []]  # as in the session
    screen.set_target(DocumentOwner(SCOUNDREL, hurt))
    assert not rolls.harm.isEnabled()  # by hand: no sheet's harm to count
    choose_with_keys(qtbot, rolls.action_pick, rolls.action_pick.findData("skirmish"))
    assert "Ghost-chilled hands" in rolls.pool.text() and "-1d" in rolls.pool.text()
    assert rolls.harm.isChecked() and rolls.pool.text().startswith("Pool 1d")
    assert "Ghost-chilled hands" in rolls.harm.toolTip()
    # a check box does not wrap: it stays no wider than the longest other one on the page
    assert rolls.harm.sizeHint().width() <= rolls.assist.sizeHint().width()
    assert rolls.roller.roll("action", random.Random(1)).pool == 1
    rolls.harm.setFocus()
    qtbot.keyClick(rolls.harm, Qt.Key.Key_Space)  # the GM: the harm does not apply here
    assert rolls.pool.text().startswith("Pool 2d")
    assert "Ghost-chilled hands" not in rolls.pool.text()
    choose_with_keys(qtbot, rolls.action_pick, 0)  # by hand: the sheet's harm is not counted
    assert "Ghost-chilled hands" not in rolls.pool.text() and not rolls.harm.isEnabled()


def test_the_tick_points_to_a_crew_open_in_another_tab(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    box = screen.rolls.roller
    screen.set_target(DocumentOwner(SCOUNDREL, _strained()))
    assert "open a crew" in box.tick.toolTip()
    crew = DocumentOwner(CREW, Crew(name="Lanterns"))
    box.set_crews([crew])
    assert "Lanterns" in box.tick.toolTip() and "tab" in box.tick.toolTip()


def test_the_window_part_tells_the_roller_which_crews_are_open(qtbot: QtBot) -> None:
    part = BladesWindowPart(None)
    screen = part.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    scoundrel = DocumentOwner(SCOUNDREL, _strained())
    crew = DocumentOwner(CREW, Crew(name="Lanterns"))
    part.adopt(scoundrel)
    part.adopt(crew)
    part.current_changed(scoundrel, None)
    assert "Lanterns" in screen.rolls.roller.tick.toolTip()
    part.released(crew)
    assert "Lanterns" not in screen.rolls.roller.tick.toolTip()


def test_fortune_and_group_odds_read_like_the_tables(qtbot: QtBot) -> None:
    """The tables read two decimals ("25.00%"); the fortune and group lines rounded to one
    ("6.2%" for exactly 1/16), so the same chance read two ways on one page."""
    screen = _screen(qtbot)
    rolls = screen.rolls
    rolls.fortune_dice.setValue(1)
    assert "Full success 16.67%" in rolls.fortune.text()
    assert rolls.results.item(3, 1).text() == "25.00%"  # 2d, as the group's members
    assert "Bad outcome 6.25%" in rolls.group.text()  # two members of 2d: (1/4)^2
    assert "1/16" in rolls.group.toolTip()


def test_a_faction_just_added_is_ready_for_its_status(qtbot: QtBot) -> None:
    """Adding a faction left its name in the field and no row selected, so setting its
    status (war) took a click on the row first."""
    editor = SYSTEM_UI.new_editor("blades.crew")
    widget = editor.widget()
    qtbot.addWidget(widget)
    assert isinstance(widget, CrewWidget)
    widget.show()
    widget.faction_name.setFocus()
    qtbot.keyClicks(widget.faction_name, "The Red Sashes")
    qtbot.keyClick(widget.faction_name, Qt.Key.Key_Return)
    assert widget.faction_name.text() == ""
    assert widget.set_status.isEnabled()
    widget.status_spin.setValue(-3)
    qtbot.mouseClick(widget.set_status, Qt.MouseButton.LeftButton)
    assert editor.owner.document.factions[0].status == -3


def test_a_turf_named_turf_is_not_said_twice(qtbot: QtBot) -> None:
    """A claim named "Turf" that is a turf listed as "Turf (turf)"."""
    from seforge.systems.blades import crew as crew_rules

    editor = SYSTEM_UI.new_editor("blades.crew")
    widget = editor.widget()
    qtbot.addWidget(widget)
    assert isinstance(widget, CrewWidget)
    editor.owner.apply("Claims", lambda c: (crew_rules.add_claim(c, "Turf", True),
                                            crew_rules.add_claim(c, "Lookout", True))[-1])
    texts = [widget.claims.item(i).text() for i in range(widget.claims.count())]
    assert texts == ["Turf — not held", "Lookout (turf) — not held"]


def test_the_rep_box_says_what_a_score_earns_by_target_tier(qtbot: QtBot) -> None:
    """The rep box's tip said "2 per score, one more per Tier the target is above you",
    a rule told again in the page and half of it (less rep against a lower Tier); it
    gives the core's numbers for this crew now."""
    editor = SYSTEM_UI.new_editor("blades.crew")
    widget = editor.widget()
    qtbot.addWidget(widget)
    assert isinstance(widget, CrewWidget)
    editor.owner.apply("Tier 2", lambda c: setattr(c, "tier", 2))
    tip = widget.rep_amount.toolTip()
    assert "Tier 2 crew" in tip
    assert "Tier 0: 0, Tier 1: 1, Tier 2: 2, Tier 3: 3" in tip
