"""Issue 32 through the real widgets: the profile rules, Defeated characters who cannot act,
the GM Screen following the open record's profile, and a Conan PC kept for a session from
the window (rolls applied, Fortune and Doom spent, Wounds taken) and printed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QComboBox, QFileDialog
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import OrderMode, Side
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.models import Character, HarmKind
from seforge.systems.twod20.player_sheet import read_player_sheet
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.settings import HarmLimitRule
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.twod20.gm_screen import GmScreen
from ui.systems.twod20.record_editor import RecordEditor
from ui.systems.twod20.twod20_ui import SYSTEM_UI

THAK = Path(__file__).parents[4] / "resources" / "systems" / "twod20" / "thak-the-reaver.s2d20"


class Loaded:
    """Dice showing the given faces, in order (the roller's source, for a repeatable test)."""

    def __init__(self, faces: list[int]) -> None:
        self._faces: Iterator[int] = iter(faces)

    def randint(self, a: int, b: int) -> int:
        face = next(self._faces)
        assert a <= face <= b
        return face


def pick(combo: QComboBox, data: object) -> None:
    """Choose the item holding ``data`` as a user would (the index changes, signals fire)."""
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def open_thak(qtbot: QtBot, tmp_path: Path) -> RecordEditor:
    path = tmp_path / "thak.s2d20"
    shutil.copy(THAK, path)
    made = SYSTEM_UI.open_editor(path)
    assert isinstance(made, RecordEditor)
    qtbot.addWidget(made)
    made.resize(1366, 740)
    made.show()
    return made


def test_thak_under_conan_takes_a_fourth_wound_from_the_editor(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    ed = open_thak(qtbot, tmp_path)
    for _ in range(4):
        assert ed.add_wound.isEnabled()
        ed.add_wound.click()
    assert len(ed.owner.document.harms) == 4
    assert "Wounds ■■■■□ 4" in ed.wounds_label.text()
    assert "Defeated" not in ed.wounds_label.text()
    # the SRD's rule, chosen in the record's own rules panel, blocks with the reason
    pick(ed.rules.controls["harm_limit_rule"], HarmLimitRule.DEFEATED.value)  # type: ignore[arg-type]
    assert ed.owner.document.settings.harm_limit_rule is HarmLimitRule.DEFEATED
    assert not ed.add_wound.isEnabled()
    assert "leave the character Defeated" in ed.add_wound.toolTip()
    ed.owner.undo_stack.undo()
    assert ed.owner.document.settings.harm_limit_rule is HarmLimitRule.NONE
    assert ed.add_wound.isEnabled()


def test_every_attack_row_is_in_view(qtbot: QtBot, tmp_path: Path) -> None:
    ed = open_thak(qtbot, tmp_path)
    add = next(b for b in ed.findChildren(type(ed.add_wound)) if b.text() == "Add attack")
    for _ in range(4):
        add.click()
    table = ed.weapons
    assert table.rowCount() == 6
    last = table.rowCount() - 1
    assert table.rowViewportPosition(last) + table.rowHeight(last) <= table.viewport().height()
    damage = table.item(0, 4)
    assert damage is not None and damage.text() == "7§, Parrying"   # 4 + Brawn 12's bonus 3
    assert "Brawn bonus 3" in damage.toolTip()


def test_condition_boxes_follow_the_owner(qtbot: QtBot, tmp_path: Path) -> None:
    ed = open_thak(qtbot, tmp_path)
    vigor = ed.track_boxes["vigor"]
    assert vigor.value() == 14 and vigor.maximum() == 14
    vigor.setValue(9)
    assert ed.owner.document.vigor_lost == 5
    ed.owner.undo_stack.undo()
    assert vigor.value() == 14


def test_defeated_character_greyed_with_the_reason(qtbot: QtBot) -> None:
    gm = SYSTEM_UI.gm_screen()
    assert isinstance(gm, GmScreen)
    qtbot.addWidget(gm)
    gm.show()
    owner = gm.conflict_owner
    owner.apply("set up", lambda d: cf.add_gm_pool(
        cf.add_combatant(cf.add_combatant(d, "Ana", Side.PC), "Guard", Side.NPC), 1))
    view = gm.conflict
    view.select("Guard")
    # SRD: an NPC opening round 1 costs 2 Threat; the GM has 1
    assert not view.turn_button.isEnabled()
    assert "spends 2 Threat to have Guard open it" in view.turn_button.toolTip()
    assert view.seize_button.text() == "Open round 1 (2 Threat)"
    assert not view.seize_button.isEnabled()
    owner.apply("more Threat", lambda d: cf.add_gm_pool(d, 2))
    view.select("Guard")
    assert view.seize_button.isEnabled()
    view.seize_button.click()
    assert owner.document.gm_pool == 1 and owner.document.last_actor == "Guard"
    for _ in range(3):
        owner.apply("hurt", lambda d: cf.add_harm(d, "Ana", HarmKind.WOUND))
    view.select("Ana")
    assert not view.turn_button.isEnabled()
    assert "Ana is Defeated" in view.turn_button.toolTip()
    assert "still to act: nobody" in view.order_label.text()
    pick(view.table_settings.set_order, OrderMode.PCS_FIRST.value)
    view.select("Ana")
    assert not view.turn_button.isEnabled() and "cannot act" in view.turn_button.toolTip()


def test_gm_screen_follows_the_open_records_profile(window: MainWindow, tmp_path: Path
                                                  ) -> None:
    path = tmp_path / "thak.s2d20"
    shutil.copy(THAK, path)
    dock = window.gm_screen_dock
    dock.show()
    assert window.open_file(path)
    assert dock.current_system() == "2d20"
    page = dock.page("2d20")
    assert isinstance(page, GmScreen)
    assert page.calculator.profile is Profile.CONAN
    assert page.reference.profile is Profile.CONAN
    assert page.conflict_owner.document.profile is Profile.SRD2022     # the tracker is untouched
    assert "Showing Conan for Thak the Reaver" in page.summary.text()
    assert page.roller.who.itemData(0) is not None
    window.new_document("2d20", "2d20.character")                      # an SRD record
    assert page.calculator.profile is Profile.SRD2022


def _valeria(window: MainWindow) -> tuple[DocumentOwner[Character], RecordEditor]:
    """A Conan PC made in the window's record editor, with 3 Fortune and an attack."""
    owner = window.new_document("2d20", "2d20.character")
    assert isinstance(owner, DocumentOwner)
    editor = window.current_editor()
    assert isinstance(editor, RecordEditor)
    pick(editor.profile, Profile.CONAN.value)
    editor.name.setText("Valeria")
    editor.name.editingFinished.emit()
    editor.numbers["fortune"].setValue(3)
    add = next(b for b in editor.findChildren(type(editor.add_wound))
               if b.text() == "Add attack")
    add.click()
    assert owner.document.profile is Profile.CONAN and owner.document.fortune == 3
    return owner, editor


def _gm_screen_for(window: MainWindow, owner: DocumentOwner[Character]) -> GmScreen:
    dock = window.gm_screen_dock
    dock.show()
    page = dock.page("2d20")
    assert isinstance(page, GmScreen)
    window.tabs.setCurrentIndex(window.tabs.currentIndex())
    page.set_record(owner)  # what the window part does for the current tab
    return page


def _test_applied_to_her(page: GmScreen, owner: DocumentOwner[Character]) -> None:
    """A test with 1 bought d20 and a Fortune die, rolled with known faces, applied to her."""
    roller = page.roller
    calc = page.calculator
    calc.tn.setValue(12)
    calc.focus.setValue(2)
    calc.dice_count.setValue(3)
    calc.fortune.setValue(1)
    roller.source = Loaded([1, 7, 20])
    pick(roller.who, roller.who.itemData(0))
    roller.roll_test_button.click()
    assert roller.last_test is not None and roller.last_test.verdict.momentum == 4
    assert roller.apply_test_button.isEnabled()
    roller.apply_test_button.click()
    assert owner.document.fortune == 2                               # the Fortune die spent
    assert "Applied the test to Valeria" in roller.log.item(0).text()


def _the_same_roll_in_the_tracker(page: GmScreen, owner: DocumentOwner[Character]) -> None:
    """Momentum banked, the bought die paid in Doom; the GM spends that Doom to seize the
    initiative for an NPC."""
    roller = page.roller
    tracker = page.conflict_owner
    tracker.apply("Conan table", lambda d: cf.change_profile(d, Profile.CONAN))
    tracker.apply("Valeria joins", lambda d: cf.add_combatant(
        d, "Valeria", record=CHARACTER_KIND.model.model_validate(owner.document.model_dump())))
    roller.source = Loaded([1, 7, 20])
    pick(roller.who, "Valeria")
    pick(roller.pay, False)
    roller.roll_test_button.click()
    roller.apply_test_button.click()
    assert tracker.document.momentum == 4 and tracker.document.gm_pool == 1
    assert cf.find(tracker.document, "Valeria").fortune == 1
    tracker.apply("Thak", lambda d: cf.add_combatant(d, "Thak", Side.NPC))
    page.conflict.select("Thak")
    page.conflict.seize_button.click()
    assert tracker.document.gm_pool == 0 and tracker.document.last_actor == "Thak"


def _damage_taken(page: GmScreen, owner: DocumentOwner[Character],
                  editor: RecordEditor) -> None:
    """4 Wounds on the record, past the SRD's three, never blocked."""
    roller = page.roller
    calc = page.calculator
    pick(roller.who, roller.who.itemData(0))
    pick(roller.hits, roller.who.itemData(0))
    calc.dmg_dice.setValue(5)
    calc.armour.setValue(0)
    calc.cover.setValue(0)
    for _ in range(2):
        roller.source = Loaded([2, 2, 2, 5, 6])                      # 8 damage, 2 Effects
        roller.roll_damage_button.click()
        assert roller.last_stress == 8
        roller.apply_damage_button.click()
    hurt = owner.document
    assert sum(h.kind is HarmKind.WOUND for h in hurt.harms) >= 3
    roller.source = Loaded([2, 2, 2, 2, 2])
    roller.roll_damage_button.click()
    roller.apply_damage_button.click()
    assert len(owner.document.harms) > 3 and editor.add_wound.isEnabled()


def test_a_conan_pc_kept_for_a_session_from_the_window(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    owner, editor = _valeria(window)
    page = _gm_screen_for(window, owner)
    _test_applied_to_her(page, owner)
    _the_same_roll_in_the_tracker(page, owner)
    _damage_taken(page, owner, editor)
    # Fortune spent outside a roll; then everything undoes one step at a time
    page.roller.spend_fortune_button.click()
    assert owner.document.fortune == 1
    owner.undo_stack.undo()
    assert owner.document.fortune == 2
    # printed: the GM's stat card, and her player sheet from the editor, read back whole
    out = tmp_path / "valeria.pdf"
    SYSTEM_UI.export_pdf(owner, out)
    assert "Valeria" in PdfReader(out).pages[0].extract_text()
    sheet = tmp_path / "valeria sheet.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(sheet), "")))
    editor.sheet_button.click()
    assert "Player sheet saved" in editor.message.text()
    assert read_player_sheet(sheet).character == owner.document
