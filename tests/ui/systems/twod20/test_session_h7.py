"""Found playing a 2d20 session in the real app (session 14, H7): the roller's damage has a
target of its own (someone on the other side by default) whose Armour is the Soak, the
record's test boxes are not offered for someone else, the test's Apply says beforehand why
it cannot write, the log says what a test paid and banked, and the result lines keep their
room so nothing below them jumps."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QScrollArea, QStyle, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Side
from seforge.systems.twod20.models import Character
from tests.ui.helpers import settle
from tests.ui.shell.layout_check import SLACK, problems
from tests.ui.systems.twod20.test_laptop_text import choose, conan_tracker_tab
from tests.ui.systems.twod20.test_roller_target import click, gm_page, pick
from tests.ui.systems.twod20.test_session import Loaded
from tests.ui.systems.twod20.test_session_h4 import open_ilse
from ui.shell.window import MainWindow
from ui.systems.twod20.gm_screen import GmScreen
from ui.systems.twod20.roller_view import RECORD

THAK = "Thak the Reaver"


def thak() -> Character:
    """Thak, a Conan NPC wearing Armour 2 (as the played session's record had him)."""
    return Character.model_validate({
        "name": THAK, "profile": "conan", "role": "npc", "armour": 2, "courage": 1,
        "attributes": {"Agility": 10, "Awareness": 9, "Brawn": 12, "Coordination": 9,
                       "Intelligence": 7, "Personality": 8, "Willpower": 9}})


def table(window: MainWindow, tmp_path: Path) -> GmScreen:
    """The GM Screen with Ilse's record open and the tracker holding Ilse (a PC, added by
    name) and Thak (an NPC, added from his record)."""
    page = gm_page(window)
    open_ilse(window, tmp_path)
    page.conflict_owner.apply("Set up", lambda d: cf.add_momentum(cf.add_combatant(
        cf.add_combatant(d, "Captain Ilse Varga", Side.PC), THAK, record=thak()), 2))
    return page


def test_the_damage_hits_someone_on_the_other_side_with_their_own_armour(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc = page.roller, page.calculator
    pick(roller.who, RECORD)                              # Ilse (the open record) attacks
    assert roller.hits.currentData() == THAK              # ... and hits Thak by default
    calc.dmg_dice.setValue(3)
    calc.armour.setValue(0)                               # the calculator's Armour: not Thak's
    calc.cover.setValue(0)
    roller.source = Loaded([1, 2, 2])                     # 1 + 2 + 2 = 5 damage
    click(qtbot, roller.roll_damage_button)
    assert roller.last_stress == 3                        # less Thak's Armour 2
    assert f"{THAK}'s Armour" in roller.damage_result.text()
    stress = cf.find(page.conflict_owner.document, THAK).stress     # an SRD tracker
    click(qtbot, roller.apply_damage_button)
    assert cf.find(page.conflict_owner.document, THAK).stress == stress + 3
    assert THAK in roller.log.item(0).text()
    # Thak strikes back: the damage now hits Ilse (the record on the other side) by default
    pick(roller.who, THAK)
    assert roller.hits.currentData() != THAK
    # one picked by hand stays picked while Who stays
    pick(roller.hits, "Captain Ilse Varga")
    roller.refresh()
    assert roller.hits.currentData() == "Captain Ilse Varga"


def test_no_soak_says_nothing_of_piercing(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc = page.roller, page.calculator
    pick(roller.who, THAK)
    pick(roller.hits, "Captain Ilse Varga")               # added by name: no Armour known
    calc.dmg_dice.setValue(1)
    calc.armour.setValue(0)
    calc.cover.setValue(0)
    roller.qualities.setText("Piercing 1")
    roller.source = Loaded([5])                           # 1 + an Effect
    click(qtbot, roller.roll_damage_button)
    text = roller.damage_result.text()
    assert "the calculator's Armour" in text and "Piercing" not in text.split(". Soak")[1]


def test_the_record_s_test_boxes_are_not_offered_for_someone_else(
        window: MainWindow, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller = page.roller
    pick(roller.who, RECORD)
    assert roller.test_pick.attribute.isEnabled() and roller.test_pick.skill.isEnabled()
    pick(roller.who, THAK)
    for box in (roller.test_pick.attribute, roller.test_pick.skill):
        assert not box.isEnabled()
        assert THAK in box.toolTip()


def test_apply_test_says_why_not_before_the_roll(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc = page.roller, page.calculator
    pick(roller.who, RECORD)
    calc.dice_count.setValue(3)
    calc.fortune.setValue(0)
    note = roller.apply_test_note
    assert "keeps only the Fortune" in note.text()        # said before rolling
    assert note.isVisibleTo(roller)
    roller.source = Loaded([1, 2, 3])
    click(qtbot, roller.roll_test_button)
    assert not roller.apply_test_button.isEnabled()
    assert "keeps only the Fortune" in note.text()
    pick(roller.who, "Captain Ilse Varga")                # the tracker can take it
    assert roller.apply_test_button.isEnabled() and note.text() == ""


def test_the_log_says_what_the_test_paid_and_banked(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc = page.roller, page.calculator
    pick(roller.who, "Captain Ilse Varga")
    calc.tn.setValue(12)
    calc.focus.setValue(1)
    calc.dice_count.setValue(3)                           # one d20 bought, for 1 Momentum
    roller.source = Loaded([1, 1, 20])
    click(qtbot, roller.roll_test_button)
    roll = roller.last_test
    assert roll is not None and roll.verdict.momentum > 0
    click(qtbot, roller.apply_test_button)
    line = roller.log.item(0).text()
    assert "1 Momentum spent on 1 bought d20" in line
    assert f"{roll.verdict.momentum} Momentum banked" in line


def _y(widget: QWidget, page: QWidget) -> int:
    QApplication.processEvents()
    return widget.mapTo(page, QPoint(0, 0)).y()


def test_the_result_lines_keep_their_room(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = table(window, tmp_path)
    roller, calc = page.roller, page.calculator
    pick(roller.who, "Captain Ilse Varga")
    calc.tn.setValue(12)
    calc.dice_count.setValue(2)
    qtbot.waitUntil(lambda: roller.log.isVisible())
    before = {w: _y(w, page) for w in (roller.weapon, roller.log)}
    roller.source = Loaded([1, 20, 20])
    click(qtbot, roller.roll_test_button)
    calc.dmg_dice.setValue(3)                             # Ilse's pistol
    roller.qualities.setText("Piercing 1")
    roller.source = Loaded([5, 6, 1])
    click(qtbot, roller.roll_damage_button)
    pick(roller.who, RECORD)                              # Apply test cannot write it: said
    assert roller.apply_test_note.text()
    assert {w: _y(w, page) for w in before} == before
    # the calculator's "Cannot pay" line: shown when Who cannot pay, its room kept
    calc.fortune.setValue(2)                              # the record has 2 Fortune
    below = calc.untrained
    top = _y(below, page)
    pick(roller.who, "Captain Ilse Varga")                # in the tracker: none
    assert calc.pay_note.text() and calc.pay_note.isVisibleTo(page)
    assert _y(below, page) == top
    pick(roller.who, RECORD)
    assert not calc.pay_note.text() and _y(below, page) == top


def test_a_combatant_from_a_record_keeps_its_armour() -> None:
    conflict = cf.add_combatant(cf.new_conflict("conan"), THAK, record=thak())
    saved = json.loads(conflict.model_dump_json())
    assert saved["combatants"][0]["armour"] == 2 and saved["combatants"][0]["courage"] == 1


def test_the_docked_tracker_s_heads_read_whole_and_nothing_scrolls_inside_it(
        each_laptop: MainWindow, qtbot: QtBot) -> None:
    """At 1024x768 the docked tracker's heads read "…" (Acted, Harms, Morale, Status), the
    Conan track wrapped onto three lines and the table settings scrolled inside the
    scrolling page: short heads (whole in their tooltips), Cover and Morale left to the
    character's panel when even those do not fit, and the settings as tall as they are."""
    conan_tracker_tab(each_laptop, qtbot)
    page = each_laptop.gm_screen_dock.show_page("2d20")
    assert isinstance(page, GmScreen)
    choose(qtbot, page.profile, 1)
    page.tabs.setCurrentIndex(2)  # Conflict
    settle()
    view = page.conflict
    table = view.table
    header = table.horizontalHeader()
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    for section in range(header.count()):
        item = table.horizontalHeaderItem(section)
        assert item is not None and item.toolTip()
        if header.isSectionHidden(section):
            continue
        wanted = header.fontMetrics().horizontalAdvance(item.text()) + 2 * margin
        assert wanted <= header.sectionSize(section) + SLACK, item.text()
    assert header.length() <= table.viewport().width()
    heading = table.horizontalHeaderItem(4)
    assert heading is not None and "Vigor / Resolve" in heading.toolTip()
    lines = header.fontMetrics().lineSpacing()
    assert all(table.rowHeight(row) < 3 * lines for row in range(table.rowCount()))
    assert view.findChildren(QScrollArea) == []
    assert problems(each_laptop.gm_screen_dock) == []
