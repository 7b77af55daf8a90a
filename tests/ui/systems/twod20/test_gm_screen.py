"""The 2d20 GM screen driven through its real widgets: calculator, dice judge, reference
tables and the conflict tracker (through its DocumentOwner)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QFileDialog, QSpinBox
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Side
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.system import SYSTEM
from ui.shell.system_uis import SystemUi
from ui.shell.theme import apply_theme
from ui.systems.twod20.gm_screen import GmScreen
from ui.systems.twod20.twod20_ui import SYSTEM_UI


def screen(qtbot: QtBot) -> GmScreen:
    gm = SYSTEM_UI.gm_screen()
    assert isinstance(gm, GmScreen)
    qtbot.addWidget(gm)
    gm.resize(1366, 740)
    gm.show()
    return gm


def test_system_ui_satisfies_the_protocol() -> None:
    assert isinstance(SYSTEM_UI, SystemUi)
    assert [c.format_id for c in SYSTEM_UI.new_document_choices()] == [
        "2d20.character", "2d20.conflict"]


def test_calculator_shows_exact_answers(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    calc = gm.calculator
    calc.tn.setValue(10)
    calc.difficulty.setValue(1)
    assert calc.p_success.text() == "75.00%"
    assert calc.p_success.toolTip() == "exactly 3/4"
    assert calc.p_complication.toolTip() == "exactly 39/400"
    calc.difficulty.setValue(2)
    calc.focus.setValue(3)
    assert calc.p_success.toolTip() == "exactly 2/5"
    chances = [calc.momentum_table.item(r, 1).toolTip()
               for r in range(calc.momentum_table.rowCount())]
    assert chances[0].startswith("exactly")
    calc.untrained.setChecked(True)
    assert calc.range_label.text() == "19-20"
    assert calc.p_complication.toolTip() == "exactly 19/100"


def test_calculator_ranges_come_from_the_rules(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    calc = gm.calculator
    calc.tn.setValue(6)
    assert calc.focus.maximum() == 6
    calc.dice_count.setValue(4)
    assert calc.fortune.maximum() == 1
    calc.fortune.setValue(1)
    assert calc.dice_count.maximum() == 4
    assert "Fortune dice included" in calc.fortune.toolTip()
    assert "2 bought d20s: 3 Momentum" in calc.cost_label.text()


def test_opposed_and_damage_results(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    calc = gm.calculator
    calc.tn.setValue(10)
    calc.opposed_group.setChecked(True)
    assert calc.last_opposed is not None
    assert calc.last_opposed.both_equal == Fraction(5, 16)
    assert calc.opposed_table.item(5, 1).toolTip() == "exactly 5/16"
    calc.dmg_dice.setValue(4)
    calc.vicious.setValue(1)
    calc.armour.setValue(1)
    calc.cover.setValue(1)
    calc.maximum.setValue(10)
    assert calc.last_damage is not None
    none = calc.last_damage.harm_bands()["0"]
    assert 1 - none == Fraction(29, 144)
    assert calc.harm_table.item(0, 0).toolTip() == f"exactly {none.numerator}/{none.denominator}"
    assert calc.effects_table.rowCount() == 5
    assert calc.effects_table.item(0, 1).toolTip() == "exactly 16/81"     # (2/3) ** 4
    assert calc.effects_table.height() >= calc.effects_table.rowViewportPosition(4) + (
        calc.effects_table.rowHeight(4))  # every row in view


def test_judging_entered_dice(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    calc = gm.calculator
    calc.tn.setValue(12)
    calc.difficulty.setValue(2)
    calc.focus.setValue(3)
    qtbot.keyClicks(calc.faces, "2 11 20")
    qtbot.keyClick(calc.faces, Qt.Key.Key_Return)
    assert "3 successes, 1 complications" in calc.verdict.text()
    assert "1 Momentum" in calc.verdict.text()
    calc.faces.setText("2 x")
    calc.judge_button.click()
    assert "whole numbers" in calc.verdict.text()


def test_reference_search_and_sources(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    ref = gm.reference
    qtbot.keyClicks(ref.search, "called shot")
    assert ref.list.count() == 0                    # an SRD screen: Conan spends are not there
    ref.search.clear()
    qtbot.keyClicks(ref.search, "secondary target")
    assert ref.list.count() == 1
    assert ref.table.rowCount() == 1 and ref.table.item(0, 0).text() == "Secondary Target"
    assert "Common Conflict Momentum" in ref.source.text()


def test_profile_picker_drives_everything_and_is_undoable(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    owner = gm.conflict_owner
    with qtbot.waitSignal(owner.changed):
        gm.profile.setCurrentIndex(gm.profile.findData(Profile.CONAN.value))
    assert owner.document.profile is Profile.CONAN
    assert gm.conflict.gm_name.text() == "Doom"
    assert gm.reference.profile is Profile.CONAN and gm.calculator.profile is Profile.CONAN
    assert gm.calculator.current_label.text() == "Vigor or Resolve left"
    owner.undo_stack.undo()
    assert gm.profile.currentData() == Profile.SRD2022.value
    assert gm.conflict.gm_name.text() == "Threat"


def test_conflict_tracker_round_through_the_widgets(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    view, owner = gm.conflict, gm.conflict_owner
    for name, side in (("Ana", 0), ("Guard", 1)):
        view.new_side.setCurrentIndex(side)
        qtbot.keyClicks(view.new_name, name)
        view.add_button.click()
    assert [c.name for c in owner.document.combatants] == ["Ana", "Guard"]
    for _ in range(3):
        view.momentum_add.click()
    assert view.momentum_label.text() == "3 / 6"
    view.select("Ana")
    view.turn_button.click()
    assert owner.document.combatants[0].acted
    assert view.keep_momentum.isEnabled() is False   # nobody left on the PC side
    assert "nobody among the player characters" in view.keep_momentum.toolTip()
    view.select("Ana")
    assert not view.turn_button.isEnabled() and "already acted" in view.turn_button.toolTip()
    view.select("Guard")
    view.stress_amount.setValue(6)
    assert "cause 1 Harm now" in view.take_button.toolTip()   # 5+ Stress, max not reached
    view.stress_amount.setValue(10)
    assert "cause 2 Harms now" in view.take_button.toolTip()  # 5+ and reaching max 10
    view.take_button.click()
    guard = owner.document.combatants[1]
    assert guard.stress == 10 and len(guard.harms) == 2
    assert view.table.item(1, 5).text() == "2 (2W 0T)"
    owner.undo_stack.undo()
    assert owner.document.combatants[1].harms == []


def test_conflict_refusals_and_undo(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    view, owner = gm.conflict, gm.conflict_owner
    owner.apply("add", lambda d: cf.add_combatant(d, "Ana", Side.PC))
    assert not view.momentum_spend.isEnabled()
    assert "has 0 to spend" in view.momentum_spend.toolTip()
    view.new_name.setText("Ana")
    view.add_button.click()
    assert "already in this conflict" in view.message.text()
    assert len(owner.document.combatants) == 1
    view.table_settings.set_cap.setValue(2)
    for _ in range(4):
        view.momentum_add.click()
    assert owner.document.momentum == 2
    view.end_round_button.click()
    assert owner.document.momentum == 1 and owner.document.round == 2
    owner.undo_stack.undo()
    assert owner.document.round == 1 and view.round_label.text() == "Round 1"


def test_dark_theme_builds_cleanly(qtbot: QtBot, qapp: QApplication) -> None:
    apply_theme(qapp, "dark")
    try:
        gm = screen(qtbot)
        gm.tabs.setCurrentIndex(2)
        assert not gm.grab().isNull()
    finally:
        apply_theme(qapp, "light")


def test_ranged_attack_difficulty_and_settings_follow_the_tracker(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    calc, view = gm.calculator, gm.conflict
    calc.attack_kind.setCurrentIndex(calc.attack_kind.findData("ranged"))
    assert calc.ranges_row.isVisibleTo(calc)
    calc.target_range.setCurrentIndex(calc.target_range.findData("Long"))
    assert calc.difficulty.value() == 2 + 2                 # D2 base, Close weapon at Long
    view.table_settings.set_ranged.setValue(1)                             # the SRD's other reading
    assert gm.conflict_owner.document.settings.ranged_base_difficulty == 1
    assert calc.difficulty.value() == 1 + 2
    view.table_settings.set_pool.setValue(6)
    assert calc.dice_count.maximum() == 6
    view.table_settings.set_prices.setText("2 2")
    view.table_settings.set_prices.editingFinished.emit()
    assert gm.conflict_owner.document.settings.bonus_die_prices == (2, 2)
    calc.dice_count.setValue(5)
    assert "3 bought d20s: 6 Momentum" in calc.cost_label.text()
    view.table_settings.set_prices.setText("x")
    view.table_settings.set_prices.editingFinished.emit()
    assert "whole numbers" in view.message.text()
    assert view.table_settings.set_prices.text() == "2, 2"


def test_conan_session_start_button(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    view, owner = gm.conflict, gm.conflict_owner
    assert not view.session_button.isEnabled()
    assert "no starting Threat" in view.session_button.toolTip()
    gm.profile.setCurrentIndex(gm.profile.findData(Profile.CONAN.value))
    owner.apply("add", lambda d: cf.add_combatant(d, "Conan", Side.PC))
    owner.apply("add", lambda d: cf.add_combatant(d, "Valeria", Side.PC))
    view.session_fortune.setValue(2)
    view.session_button.click()
    assert owner.document.gm_pool == 6
    assert [c.fortune for c in owner.document.combatants] == [2, 2]


def test_add_a_character_from_a_record(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    gm = screen(qtbot)
    sample = SYSTEM.library()[0].path                       # Ilse, SRD, max Stress 12
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *args: (str(sample), "")))
    gm.conflict.record_button.click()
    ilse = gm.conflict_owner.document.combatants[0]
    assert (ilse.name, ilse.max_stress, ilse.fortune, len(ilse.harms)) == (
        "Captain Ilse Varga", 12, 2, 1)
    assert gm.conflict.selected() == "Captain Ilse Varga"
    bad = tmp_path / "bad.s2d20"
    bad.write_text("{}")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args: (str(bad), "")))
    gm.conflict.record_button.click()
    assert "Not added" in gm.conflict.message.text()
    assert len(gm.conflict_owner.document.combatants) == 1


def test_conan_hazard_cost(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    calc = gm.calculator
    assert not calc.hazard_group.isVisibleTo(calc)
    gm.profile.setCurrentIndex(gm.profile.findData(Profile.CONAN.value))
    assert calc.hazard_group.isVisibleTo(calc)
    calc.hazard_group.dice.setValue(4)
    pierce = calc.hazard_group.qualities["Piercing"]
    knock = calc.hazard_group.qualities["Knockdown"]
    assert isinstance(pierce, QSpinBox) and isinstance(knock, QCheckBox)
    pierce.setValue(2)
    knock.setChecked(True)
    calc.hazard_group.test.setCurrentIndex(calc.hazard_group.test.findData(2))
    assert calc.hazard_group.cost.text() == "5 Doom"                # the notes' check #12


def test_track_maximums_per_profile(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    view, owner = gm.conflict, gm.conflict_owner
    owner.apply("add", lambda d: cf.add_combatant(d, "Ana", Side.PC))
    view.select("Ana")
    assert view.max_label.text() == "Maximum Stress" and not view.resolve_max.isVisibleTo(view)
    view.track_max.setValue(12)
    assert owner.document.combatants[0].max_stress == 12
    gm.profile.setCurrentIndex(gm.profile.findData(Profile.CONAN.value))
    view.select("Ana")
    assert view.max_label.text() == "Maximum Vigor" and view.resolve_max.isVisibleTo(view)
    view.resolve_max.setValue(7)
    ana = owner.document.combatants[0]
    assert ana.max_resolve == 7 and ana.resolve == 7


def test_initiative_score_order_in_the_tracker(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    view, owner = gm.conflict, gm.conflict_owner
    for name, side in (("Ana", Side.PC), ("Guard", Side.NPC), ("Chief", Side.NPC)):
        owner.apply("add", lambda d, n=name, s=side: cf.add_combatant(d, n, s))
    view.table_settings.set_order.setCurrentIndex(view.table_settings.set_order.findData("initiative"))
    assert owner.document.order_mode.value == "initiative"
    view.select("Guard")
    assert view.initiative.isVisibleTo(view)
    view.initiative.setValue(12)
    view.select("Chief")
    view.turn_button.click()                                  # the opener
    assert "Next by initiative: Guard" in view.order_label.text()
    view.select("Ana")
    assert not view.turn_button.isEnabled() and "Guard acts first" in view.turn_button.toolTip()
    assert view.early_button.isEnabled() and "2 Threat" in view.early_button.toolTip()
    view.early_button.click()
    assert owner.document.gm_pool == 2 and owner.document.combatants[0].acted


def test_undo_and_redo_buttons_on_the_tracker(qtbot: QtBot) -> None:
    gm = screen(qtbot)
    view, owner = gm.conflict, gm.conflict_owner
    assert not view.undo_button.isEnabled()
    view.momentum_add.click()
    assert view.undo_button.isEnabled() and "Bank 1 Momentum" in view.undo_button.toolTip()
    view.undo_button.click()
    assert owner.document.momentum == 0 and view.redo_button.isEnabled()
    view.redo_button.click()
    assert owner.document.momentum == 1


def test_apply_stress_names_the_rules_of_whoever_takes_it(qtbot: QtBot) -> None:
    """An SRD tracker and a Conan record open in the window: the record takes the Stress
    under its own (Conan) rules, a tracker character under the tracker's (SRD)."""
    from seforge.systems.twod20.documents import CHARACTER_KIND
    from seforge.systems.twod20.models import new_character
    from ui.shell.document_owner import DocumentOwner

    gm = screen(qtbot)
    gm.conflict_owner.apply("add", lambda d: cf.add_combatant(d, "Guard", Side.NPC))
    record = DocumentOwner(CHARACTER_KIND, new_character(Profile.CONAN, name="Valeria"))
    gm.set_record(record)
    roller = gm.roller
    roller.roll_damage_button.click()
    roller.hits.setCurrentIndex(roller.hits.findText("Valeria (the open record)"))
    assert "with the Harms of Conan's rules" in roller.apply_damage_button.toolTip()
    roller.hits.setCurrentIndex(roller.hits.findData("Guard"))
    assert "with the Harms of 2d20 SRD 2022's rules" in roller.apply_damage_button.toolTip()


def test_a_typed_maximum_is_applied_once_without_clamping_on_the_way(qtbot: QtBot) -> None:
    """Typing 12 as a Guard's maximum Stress with 6 marked: one undo step, the 6 kept (the
    digit 1 on the way used to be applied as a maximum and left him at 1 Stress)."""
    gm = screen(qtbot)
    owner = gm.conflict_owner
    owner.apply("add", lambda d: cf.take_stress(cf.add_combatant(d, "Guard", Side.NPC),
                                                "Guard", 4))
    view = gm.conflict
    view.select("Guard")
    steps = owner.undo_stack.count()
    view.track_max.selectAll()
    qtbot.keyClicks(view.track_max, "12")
    qtbot.keyClick(view.track_max, Qt.Key.Key_Return)
    guard = cf.find(owner.document, "Guard")
    assert (guard.stress, guard.max_stress) == (4, 12)
    assert owner.undo_stack.count() == steps + 1
