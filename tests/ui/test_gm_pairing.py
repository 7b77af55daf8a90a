"""The calculator's public pairing API, and the NCs' Momentum rule in the Action."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QLabel

from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import NCType, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.opponents import parse_quick_qualities, quick_nc
from ui.systems.swords_edge.gm.calculator import CalculatorTab
from ui.systems.swords_edge.gm.nc_card import NCCard


@pytest.fixture
def calc(qtbot: object) -> CalculatorTab:
    tab = CalculatorTab(lambda: [])
    qtbot.addWidget(tab)  # type: ignore[attr-defined]
    tab.resize(900, 900)
    tab.show()
    return tab


def _tick(box: QCheckBox, on: bool = True) -> None:
    if box.isChecked() != on:
        QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    assert box.isChecked() == on


def _choose_step(calc: CalculatorTab, step: str) -> None:
    button = calc.step_buttons[step]  # type: ignore[index]
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.isChecked()


def test_gorgon_stone_gaze_used_for_momentum_is_greyed_in_the_action(
        calc: CalculatorTab) -> None:
    card = calc.add_library_by_id("gorgon")
    calc.trait_combo.setCurrentIndex(calc.trait_combo.findData(Trait.CHARISMA.value))
    assert calc.step() == "momentum"
    gaze, charisma = card.boxes["element:0"], card.boxes["trait:Charisma"]
    assert gaze.text().startswith("Stone Gaze")
    assert charisma.isChecked()  # the NC's Trait matching the PC's
    _tick(gaze)
    assert calc.tn_label.text() == str(23 + 6 + 4)  # Great hero, Charisma, Stone Gaze

    _choose_step(calc, "action")
    assert not gaze.isEnabled() and not gaze.isChecked()
    assert "Momentum" in gaze.toolTip() and "Action" in gaze.toolTip()
    assert "used for Momentum" in gaze.text()
    assert charisma.isEnabled()  # a Trait may modify both
    assert card.boxes["element:1"].isEnabled()  # Create Fear was not used
    _tick(charisma)
    assert calc.tn_label.text() == str(23 + 4 + 6)  # Great hero, Concept, Charisma
    assert "element:0" not in card.applied["action"]

    # Stress on the hero (which re-enables a card's boxes) keeps the rule.
    card.stress_spin.setValue(1)
    assert not gaze.isEnabled() and charisma.isEnabled()

    # Back in the Momentum the Element is usable again, with its own tooltip.
    _choose_step(calc, "momentum")
    assert gaze.isEnabled() and gaze.isChecked()
    assert gaze.toolTip().endswith("— Momentum")
    assert gaze.text() == "Stone Gaze +4"


def test_typed_nc_keeps_its_qualities_in_the_action(calc: CalculatorTab) -> None:
    clerk = quick_nc("Clerk", NCType.MINION, Rank.BASIC, parse_quick_qualities("Bureaucrat +2"))
    card = calc.add_card(NCCard(clerk, calc.trait()))
    _choose_step(calc, "action")
    assert card.boxes["element:0"].isEnabled() and card.boxes["element:0"].isChecked()


def test_load_pairing(calc: CalculatorTab) -> None:
    jyrell = load_pc("jyrell")
    assert calc.characters() == []
    calc.load_pairing(jyrell, [(load_nc("shock-troopers"), 0), (load_nc("gorgon"), 1)],
                      {"element:1"}, "Good")
    assert calc.characters() == [jyrell]
    assert calc.character() is jyrell
    assert [c.nc.name for c in calc.cards] == ["Shock Troopers", "Gorgon"]
    assert [c.stress_spin.value() for c in calc.cards] == [0, 1]
    assert calc.step() == "action" and calc.level_combo.currentData() == "Good"
    assert calc.role_combo.currentData() == "attack"
    assert not calc.quality_boxes["element:1"].isEnabled()

    # A second pairing replaces the NCs and the spent set; the PC is listed once.
    calc.load_pairing(jyrell, [(load_nc("gorgon"), 0)], set(), None)
    assert calc.characters() == [jyrell]
    assert [c.nc.name for c in calc.cards] == ["Gorgon"]
    assert calc.step() == "momentum" and calc.level_combo.currentData() is None
    assert calc.quality_boxes["element:1"].isEnabled()
    assert calc.cards[0].applied["momentum"] == {f"trait:{Trait.PHYSIQUE.value}"}


# ------------------------------------------- the model behind the calculator


def _tella_momentum(calc: CalculatorTab) -> None:
    tella = load_pc("tella-of-jost")
    calc.add_extra_character(tella)
    assert calc.actor_combo.choose(tella)
    calc.trait_combo.setCurrentIndex(calc.trait_combo.findData(Trait.CHARISMA.value))
    card = calc.add_library_by_id("desert-acolytes-leader")
    _tick(card.boxes["trait:Charisma"])
    _tick(calc.quality_boxes["background"])  # "Royalty" Good +2
    assert calc.tn_label.text() == "14"
    assert calc.modifier_label.text().endswith("= +6")


def test_tella_luck_reroll_rejudged_gives_17(calc: CalculatorTab, qtbot: object) -> None:
    _tella_momentum(calc)
    calc.die1.setValue(2)
    calc.die2.setValue(4)
    with qtbot.waitSignal(calc.judged):  # type: ignore[attr-defined]
        QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    assert "12 vs TN 14" in calc.result_label.text()
    # "Royalty" is spent by this roll, but still counts when the roll is judged again.
    assert calc.quality_boxes["background"].isChecked()
    calc.reroll_spin.setValue(7)
    with qtbot.waitSignal(calc.judged):  # type: ignore[attr-defined]
        QTest.mouseClick(calc.reroll_button, Qt.MouseButton.LeftButton)
    assert (calc.die1.value(), calc.die2.value()) == (7, 4)
    assert "17 vs TN 14" in calc.result_label.text()
    assert "won" in calc.result_label.text()
    assert calc.reroll_label.text() == "Rerolls: 1 Luck"
    # Typing the rerolled die in by hand and judging again agrees.
    QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    assert "17 vs TN 14" in calc.result_label.text()
    go = next(b for b in calc.next_buttons if b.text().startswith("Go to Action"))
    QTest.mouseClick(go, Qt.MouseButton.LeftButton)
    assert not calc.quality_boxes["background"].isEnabled()


def test_every_change_is_one_undo_step(calc: CalculatorTab) -> None:
    _tella_momentum(calc)
    stack = calc.owner.undo_stack
    assert calc.quality_boxes["background"].isChecked()
    QTest.mouseClick(calc.undo_button, Qt.MouseButton.LeftButton)
    assert not calc.quality_boxes["background"].isChecked()
    assert calc.modifier_label.text().endswith("= +4")
    # The leader's Charisma was ticked by default (it matches Tella's Trait).
    charisma = calc.cards[0].boxes["trait:Charisma"]
    _tick(charisma, False)
    assert calc.tn_label.text() == "12"
    QTest.mouseClick(calc.undo_button, Qt.MouseButton.LeftButton)
    assert charisma.isChecked() and calc.tn_label.text() == "14"
    QTest.mouseClick(calc.redo_button, Qt.MouseButton.LeftButton)
    assert not charisma.isChecked() and calc.tn_label.text() == "12"
    stack.undo()
    # Undo the NC's arrival: its card goes; redo brings it back.
    stack.undo()
    assert calc.cards == [] and calc.tn_label.text() == "—"
    stack.redo()
    assert len(calc.cards) == 1 and calc.tn_label.text() == "14"
    stack.redo()
    assert not calc.cards[0].boxes["trait:Charisma"].isChecked() and not stack.canRedo()


def test_refused_change_says_why_and_keeps_the_test(calc: CalculatorTab) -> None:
    jyrell = load_pc("jyrell")
    calc.load_pairing(jyrell, [(load_nc("shock-troopers"), 0)], {"element:1"}, "Good")
    box = calc.quality_boxes["element:1"]
    before = calc.owner.test.model_dump_json()
    box.setEnabled(True)  # a stray click that gets past the greyed box
    box.setChecked(True)
    assert "spent on Momentum" in calc.message_label.text()
    assert not box.isChecked() and not box.isEnabled()
    assert calc.owner.test.model_dump_json() == before


def test_no_state_outside_the_model(calc: CalculatorTab) -> None:
    """Two PCs with equal contents stay apart: nothing is keyed by id(character)."""
    jyrell = load_pc("jyrell")
    twin = load_pc("jyrell")
    twin.name = "Jyrell's twin"
    calc.load_pairing(jyrell, [(load_nc("shock-troopers"), 0)], {"element:1"}, "Good")
    assert not hasattr(calc, "spent")
    calc.load_pairing(twin, [(load_nc("shock-troopers"), 0)], set(), "Good")
    assert calc.quality_boxes["element:1"].isEnabled()
    assert calc.owner.test.actor == "Jyrell's twin"


def test_mythic_nc_quality_in_the_calculator(calc: CalculatorTab) -> None:
    from seforge.systems.swords_edge.models import NCQuality

    gorgon = load_nc("gorgon")
    gorgon.elements = [*gorgon.elements, NCQuality(name="Godlike", rank=Rank.MYTHIC)]
    card = calc.add_card(NCCard(gorgon, calc.trait()))
    assert all("Godlike" not in box.text() for box in card.boxes.values())
    note = card.findChild(QLabel, "nc_quality_notes")
    assert note is not None and "Godlike" in note.text() and "Mythic" in note.text()


# ---------------------------------------------- the scene tracker's pairing


def test_tracker_pairing_is_the_calculators_test_and_survives_restore(qtbot: object) -> None:
    from seforge.systems.swords_edge.play.session import start_session
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

    dock = GMDock(lambda: [])
    qtbot.addWidget(dock)  # type: ignore[attr-defined]
    bridge = CalculatorBridge(dock.calculator, lambda: [], dock)
    tracker = SceneTracker(open_calculator=bridge)
    qtbot.addWidget(tracker)  # type: ignore[attr-defined]
    tella = load_pc("tella-of-jost")
    start_session(tella)
    pc_id = tracker.add_pc(tella)
    assert pc_id is not None
    (leader,) = tracker.add_nc(load_nc("desert-acolytes-leader"))
    tracker.pair(pc_id, [leader])
    menu = tracker.panels[pc_id].applies_buttons[leader].menu()
    next(a for a in menu.actions() if a.data() == "trait:Charisma").trigger()
    assert tracker.panels[pc_id].momentum_label.text().startswith("Momentum TN 14")

    QTest.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    calc = dock.calculator
    assert calc.character() is tella
    assert calc.cards[0].boxes["trait:Charisma"].isChecked()  # the GM's tick came along
    calc.trait_combo.setCurrentIndex(calc.trait_combo.findData(Trait.CHARISMA.value))
    _tick(calc.quality_boxes["background"])
    assert calc.tn_label.text() == "14"
    calc.die1.setValue(2)
    calc.die2.setValue(4)
    QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    calc.reroll_spin.setValue(7)
    with qtbot.waitSignal(calc.judged):  # type: ignore[attr-defined]
        QTest.mouseClick(calc.reroll_button, Qt.MouseButton.LeftButton)
    assert "17 vs TN 14" in calc.result_label.text()
    stored = tracker.scene.pc(pc_id).test
    assert stored is not None and stored.verdict is not None and stored.verdict.total == 17
    # The reroll's Luck is spent by the PC in the scene.
    assert tella.play.luck == 2
    assert any("spends 1 Luck" in line for line in tracker.scene.log)
    owner = tracker.document_of(pc_id)  # ...as an undoable edit of her document
    assert owner is not None and owner.undo_stack.undoText().startswith("Scene: Luck reroll")
    # Going on to the Action settles the Momentum in the scene, "Royalty" spent.
    go = next(b for b in calc.next_buttons if b.text().startswith("Go to Action"))
    QTest.mouseClick(go, Qt.MouseButton.LeftButton)
    entry = tracker.scene.pc(pc_id)
    assert (entry.momentum, entry.momentum_level) == ("pc", "Average")
    assert entry.spent_on_momentum == ["background"]
    assert "Tella of Jost has the Momentum" in tracker.scene.log[-1]

    # The autosaved scene brings back the pairing's Test, the GM's tick included.
    other = SceneTracker(open_calculator=bridge)
    qtbot.addWidget(other)  # type: ignore[attr-defined]
    assert other.restore_autosave()
    restored = other.scene.pc(pc_id).test
    assert restored is not None and restored.verdict is not None
    assert restored.verdict.total == 17
    assert other.panels[pc_id].applies_buttons[leader].text() == "Charisma +2"
    assert other.panels[pc_id].momentum_label.text().startswith("Momentum TN 14")


def test_tracker_lists_a_mythic_nc_like_the_calculator(qtbot: object) -> None:
    from seforge.systems.swords_edge.models import NCQuality
    from seforge.systems.swords_edge.resolution.opponents import nc_qualities
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

    tracker = SceneTracker(autosave=False)
    qtbot.addWidget(tracker)  # type: ignore[attr-defined]
    gorgon = load_nc("gorgon")
    gorgon.elements = [*gorgon.elements, NCQuality(name="Godlike", rank=Rank.MYTHIC)]
    pc_id = tracker.add_pc(load_pc("jyrell"))
    assert pc_id is not None
    (nc_id,) = tracker.add_nc(gorgon)
    assert tracker.pair(pc_id, [nc_id])
    menu = tracker.panels[pc_id].applies_buttons[nc_id].menu()
    texts = [a.text() for a in menu.actions()]
    assert all("Godlike" not in t and "+0" not in t for t in texts)
    expected = [f"{o.label} (TN {o.tn})" for o in nc_qualities(gorgon) if o.kind != "concept"]
    assert texts == expected


# ------------------------------------------------------------ the dice roller


def test_roll_button_rerolls_log_and_critical_offer(calc: CalculatorTab, qtbot: object) -> None:
    _tella_momentum(calc)
    faces = iter([2, 4, 7, 1, 1])
    calc.die_roller = lambda: next(faces)
    assert not calc.roll_reroll_button.isEnabled()
    with qtbot.waitSignal(calc.judged):  # type: ignore[attr-defined]
        QTest.mouseClick(calc.roll_button, Qt.MouseButton.LeftButton)
    assert (calc.die1.value(), calc.die2.value()) == (2, 4)
    assert "12 vs TN 14" in calc.result_label.text()
    QTest.mouseClick(calc.roll_reroll_button, Qt.MouseButton.LeftButton)
    assert "17 vs TN 14" in calc.result_label.text()
    log = [calc.log_list.item(i).text() for i in range(calc.log_list.count())]
    assert log[0].startswith("Tella of Jost · Momentum · rolled 2 and 4 · Momentum lost")
    assert log[1].startswith("Tella of Jost · Momentum · Luck reroll 7 and 4 · Momentum won")
    assert not calc.consequence_label.isVisible()
    QTest.mouseClick(calc.roll_button, Qt.MouseButton.LeftButton)  # two ones
    assert calc.consequence_label.isVisible()
    assert calc.consequence_label.text() == (
        "Critical Failure: an Advancement to raise one of Background \"Royalty\".")
    assert calc.log_list.count() == 3
    calc.owner.undo_stack.undo()
    assert calc.log_list.count() == 2 and not calc.consequence_label.isVisible()


def test_rolls_reach_the_scene_log(qtbot: object) -> None:
    from seforge.systems.swords_edge.play.session import start_session
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

    dock = GMDock(lambda: [])
    qtbot.addWidget(dock)  # type: ignore[attr-defined]
    tracker = SceneTracker(open_calculator=CalculatorBridge(dock.calculator, lambda: [], dock),
                           autosave=False)
    qtbot.addWidget(tracker)  # type: ignore[attr-defined]
    jyrell = load_pc("jyrell")
    start_session(jyrell)
    pc_id = tracker.add_pc(jyrell)
    assert pc_id is not None
    ids = tracker.add_nc(load_nc("shock-troopers"), 2)
    tracker.pair(pc_id, ids)
    QTest.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    calc = dock.calculator
    faces = iter([4, 4])
    calc.die_roller = lambda: next(faces)
    QTest.mouseClick(calc.roll_button, Qt.MouseButton.LeftButton)
    assert tracker.scene.log[-1].startswith("Jyrell · Momentum · rolled 4 and 4")
    assert tracker.log_list.item(tracker.log_list.count() - 1).text() == tracker.scene.log[-1]


def test_stress_applied_in_the_calculator_reaches_the_scene(qtbot: object) -> None:
    from seforge.systems.swords_edge.play.session import start_session
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

    dock = GMDock(lambda: [])
    qtbot.addWidget(dock)  # type: ignore[attr-defined]
    tracker = SceneTracker(open_calculator=CalculatorBridge(dock.calculator, lambda: [], dock),
                           autosave=False)
    qtbot.addWidget(tracker)  # type: ignore[attr-defined]
    jyrell = load_pc("jyrell")
    start_session(jyrell)
    pc_id = tracker.add_pc(jyrell)
    assert pc_id is not None
    ids = tracker.add_nc(load_nc("shock-troopers"), 2)
    tracker.pair(pc_id, ids)
    assert tracker.record_momentum(pc_id, True, "Good", ["trait:Physique", "element:1"])
    QTest.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    calc = dock.calculator
    assert calc.step() == "action"
    assert calc.choose_quality("Blades")
    calc.die1.setValue(3)
    calc.die2.setValue(3)
    QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    assert calc.apply_stress_button.text() == "Apply 2 Stress to Shock Troopers 1"
    QTest.mouseClick(calc.apply_stress_button, Qt.MouseButton.LeftButton)
    assert tracker.scene.nc(ids[0]).removed
    assert tracker.nc_states()["Shock Troopers 1"].startswith("out")
    assert "Shock Troopers 1 takes 2 Stress" in " ".join(tracker.scene.log)
    # Opening the pairing again shows only the trooper still standing.
    QTest.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    assert [c.nc.name for c in calc.cards] == ["Shock Troopers 2"]


def test_critical_failure_in_a_pairing_is_recorded_once(qtbot: object) -> None:
    from seforge.systems.swords_edge.play.session import start_session
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

    dock = GMDock(lambda: [])
    qtbot.addWidget(dock)  # type: ignore[attr-defined]
    tracker = SceneTracker(open_calculator=CalculatorBridge(dock.calculator, lambda: [], dock),
                           autosave=False)
    qtbot.addWidget(tracker)  # type: ignore[attr-defined]
    jyrell = load_pc("jyrell")
    start_session(jyrell)
    pc_id = tracker.add_pc(jyrell)
    assert pc_id is not None
    tracker.pair(pc_id, tracker.add_nc(load_nc("shock-troopers"), 2))
    calc = dock.calculator
    assert not calc.offer_button.isVisibleTo(calc)
    QTest.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    assert calc.choose_quality("Fist and Feet")
    faces = iter([1, 1])
    calc.die_roller = lambda: next(faces)
    QTest.mouseClick(calc.roll_button, Qt.MouseButton.LeftButton)
    assert calc.offer_button.isVisibleTo(calc)
    assert "Fist and Feet" in calc.consequence_label.text()
    held = len(jyrell.play.advancements)
    QTest.mouseClick(calc.offer_button, Qt.MouseButton.LeftButton)
    assert len(jyrell.play.advancements) == held + 1
    advancement = jyrell.play.advancements[-1]
    assert advancement.source == "critical_failure" and advancement.qualities == ["element:1"]
    assert "Critical Failure" in tracker.scene.log[-1]
    assert not calc.offer_button.isVisibleTo(calc)  # offered once
    assert not calc.consequence_label.isVisibleTo(calc)


def test_plain_calculator_shows_the_offer_without_a_record_button(calc: CalculatorTab) -> None:
    jyrell = load_pc("jyrell")
    calc.load_pairing(jyrell, [(load_nc("shock-troopers"), 0)], set(), None)
    faces = iter([10, 10])
    calc.die_roller = lambda: next(faces)
    calc.roll()
    assert "Stunt linked to Physique" in calc.consequence_label.text()
    assert not calc.offer_button.isVisibleTo(calc)


def test_calculator_follows_edits_to_the_acting_pc(calc: CalculatorTab) -> None:
    jyrell = load_pc("jyrell")
    calc.load_pairing(jyrell, [(load_nc("shock-troopers"), 0)], set(), None)
    assert calc.quality_boxes["element:0"].text().startswith("Blades +2")
    jyrell.elements[0].rank = Rank.GREAT  # raised in the builder
    calc.refresh_characters()  # what the GM screen does when a document changes
    assert calc.quality_boxes["element:0"].text().startswith("Blades +4")


def test_dice_typed_in_a_row_undo_as_one_step(calc: CalculatorTab) -> None:
    calc.add_card(NCCard(quick_nc("Wall", NCType.MINION, Rank.AVERAGE), calc.trait()))
    count = calc.owner.undo_stack.count()
    for value in (6, 7, 8):
        calc.die1.setValue(value)
    calc.die2.setValue(9)
    assert calc.owner.undo_stack.count() == count + 1
    calc.owner.undo_stack.undo()
    assert (calc.die1.value(), calc.die2.value()) == (5, 5)
    QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    calc.die1.setValue(2)  # after another change, a new step
    assert calc.owner.undo_stack.count() == count + 2


def test_calculator_steps_on_a_pairing_undo_with_the_scene(qtbot: object) -> None:
    """Each calculator step on a scene pairing is one step of the scene's history: its
    Undo takes back the Test, the log lines and the PC's Luck together."""
    from seforge.systems.swords_edge.play.session import start_session
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

    dock = GMDock(lambda: [])
    qtbot.addWidget(dock)  # type: ignore[attr-defined]
    bridge = CalculatorBridge(dock.calculator, lambda: [], dock)
    tracker = SceneTracker(open_calculator=bridge, autosave=False)
    qtbot.addWidget(tracker)  # type: ignore[attr-defined]
    tella = load_pc("tella-of-jost")
    start_session(tella)
    pc_id = tracker.add_pc(tella)
    assert pc_id is not None
    (leader,) = tracker.add_nc(load_nc("desert-acolytes-leader"))
    tracker.pair(pc_id, [leader])
    menu = tracker.panels[pc_id].applies_buttons[leader].menu()
    next(a for a in menu.actions() if a.data() == "trait:Charisma").trigger()
    QTest.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    calc = dock.calculator
    calc.trait_combo.setCurrentIndex(calc.trait_combo.findData(Trait.CHARISMA.value))
    scene_steps = tracker.undo_stack.count()
    own_steps = calc.owner.undo_stack.count()

    _tick(calc.quality_boxes["background"])
    assert tracker.undo_stack.count() == scene_steps + 1  # on the scene's stack...
    assert calc.owner.undo_stack.count() == own_steps  # ...not the calculator's own
    assert tracker.undo_stack.undoText().startswith("Scene: ")
    stored = tracker.scene.pc(pc_id).test
    assert stored is not None and "background" in stored.selected()

    calc.die1.setValue(2)
    calc.die2.setValue(4)
    QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    log_before, luck_before = list(tracker.scene.log), tella.play.luck
    calc.reroll_spin.setValue(7)
    with qtbot.waitSignal(calc.judged):  # type: ignore[attr-defined]
        QTest.mouseClick(calc.reroll_button, Qt.MouseButton.LeftButton)
    assert tella.play.luck == luck_before - 1 and len(tracker.scene.log) > len(log_before)
    assert "17 vs TN 14" in calc.result_label.text()

    # The calculator's Undo is the scene's: the reroll, its log line and its Luck go.
    assert calc.undo_button.isEnabled()
    QTest.mouseClick(calc.undo_button, Qt.MouseButton.LeftButton)
    assert tracker.scene.log == log_before and tella.play.luck == luck_before
    assert "17 vs TN 14" not in calc.result_label.text()
    stored = tracker.scene.pc(pc_id).test
    assert stored is not None and stored.luck_rerolls == 0
    tracker.undo_stack.redo()
    assert tella.play.luck == luck_before - 1 and "17 vs TN 14" in calc.result_label.text()

    # Once the GM moves on to another Test, the scene's Undo leaves the calculator alone.
    calc.load_pairing(load_pc("jyrell"), [(load_nc("goblin"), 0)], set(), None)
    shown = calc.owner.test
    tracker.undo_stack.undo()
    assert tella.play.luck == luck_before and calc.owner.test == shown
