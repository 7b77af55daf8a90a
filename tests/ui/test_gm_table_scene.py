"""The book's Example of Play, run through the scene tracker's widgets."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character, save_character
from seforge.systems.swords_edge.models import Trait
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker
from ui.systems.swords_edge.play.dialogs import EndSceneDialog


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []

    def warning(parent: object, title: str, text: str, *args: object) -> object:
        seen.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warning))
    return seen


def _party(tmp_path: Path) -> list[Path]:
    paths = []
    for pc_id in ("jyrell", "kyle-devos", "tella-of-jost"):
        pc = library.load_pc(pc_id)
        path = tmp_path / f"{pc_id}.sechar"
        save_character(pc, path)
        paths.append(path)
    return paths


def _click(qtbot: object, button: object) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]


def test_example_of_play_through_the_tracker(qtbot, tmp_path: Path, warnings: list[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, list[str]]] = []
    tracker = SceneTracker(open_calculator=lambda pc, ncs: calls.append(
        (pc.name, [n.name for n in ncs])))
    qtbot.addWidget(tracker)
    tracker.show()
    paths = _party(tmp_path)
    jyrell, kyle, tella = (tracker.add_pc_file(p) for p in paths)
    assert (jyrell, kyle, tella) == ("jyrell", "kyle-devos", "tella-of-jost")
    assert "Jyrell: session 1 started with 3 Luck." in tracker.scene.log

    troopers = library.load_nc("shock-troopers")
    first = tracker.add_nc(troopers, 2)
    assert tracker.nc_states() == {"Shock Troopers 1": "Poor (TN 5)",
                                   "Shock Troopers 2": "Poor (TN 5)"}
    assert tracker.pair(jyrell, first)
    panel = tracker.panels[jyrell]
    assert panel.momentum_label.text().startswith("Momentum TN 7 ·")
    assert tracker.record_momentum(jyrell, True, "Good", ["trait:Physique", "element:1"])
    panel = tracker.panels[jyrell]
    assert "Jyrell holds the Momentum (Good, +2 on the first Action)" in \
        panel.momentum_label.text()
    assert panel.findChild(object, "spent").text().endswith("\"Fist and Feet\"")

    # Open the pairing in the calculator: the callback gets the PC and both NCs.
    _click(qtbot, tracker.panels[jyrell].buttons["calculator"])
    assert calls == [("Jyrell", ["Shock Troopers 1", "Shock Troopers 2"])]

    # Good hit: two Stress, one on each minion (the buttons beside each row).
    for nc_id in first:
        _click(qtbot, tracker.panels[jyrell].stress_buttons[nc_id])
    states = tracker.nc_states()
    assert states["Shock Troopers 1"].startswith("out") and \
        states["Shock Troopers 2"].startswith("out")
    assert all(tracker.scene.nc(i).removed for i in first)
    assert tracker.panels[jyrell].momentum_label.text() == "Momentum: no opponent faced"
    assert tracker.give_luck(jyrell, "a gladiator's flourish")

    # Three more (TN 9); reusing the spent Element is refused with the core's words.
    second = tracker.add_nc(troopers, 3)
    assert tracker.scene.nc(second[0]).name == "Shock Troopers 3"
    tracker.pair(jyrell, second)
    assert tracker.panels[jyrell].momentum_label.text().startswith("Momentum TN 9")
    assert not tracker.record_momentum(jyrell, True, "Good", ["trait:Physique", "element:1"])
    assert "already put into Momentum" in warnings[-1]
    assert tracker.record_momentum(jyrell, True, "Good", ["trait:Physique", "background"])
    for nc_id in second:
        _click(qtbot, tracker.panels[jyrell].stress_buttons[nc_id])
    assert not tracker.scene.active_ncs()
    assert all(v.startswith("out") for v in tracker.nc_states().values())

    # Tella against the leader: her Charisma brings the Momentum TN to 14.
    (leader,) = tracker.add_nc(library.load_nc("desert-acolytes-leader"))
    tracker.pair(tella, [leader])
    assert tracker.panels[tella].momentum_label.text().startswith("Momentum TN 12")
    menu = tracker.panels[tella].applies_buttons[leader].menu()
    charisma = next(a for a in menu.actions() if a.data() == "trait:Charisma")
    charisma.trigger()
    assert tracker.panels[tella].momentum_label.text().startswith("Momentum TN 14")
    assert tracker.panels[tella].applies_buttons[leader].text() == "Charisma +2"
    assert tracker.spend_luck(tella, "reroll", why="the 2 became a 7")
    assert tracker.record_momentum(tella, True, "Average", ["trait:Charisma", "background"])
    # A Great hit: 3 Stress on a regular takes her out; first one Stress shows "1 of 3".
    panel = tracker.panels[tella]
    _click(qtbot, panel.stress_buttons[leader])
    assert tracker.nc_states()["Desert Acolytes' Leader"] == "Average (TN 12), 1 of 3 Stress"
    panel = tracker.panels[tella]
    panel.stress_spins[leader].setValue(2)
    _click(qtbot, panel.stress_buttons[leader])
    assert tracker.scene.nc(leader).removed
    assert tracker.nc_states()["Desert Acolytes' Leader"] == "out (Stress)"

    # Stress on PCs; a Stress with no Level known is refused by the core.
    assert tracker.pc_takes_stress(kyle, Trait.CUNNING, "Good", "a fusion rifle's glare")
    assert tracker.pc_takes_stress(jyrell, Trait.PHYSIQUE, "Average")
    assert "Penalty Ranks: Cunning 2" in tracker.panels[kyle].status_label.text()

    # End the scene through its dialog.
    def run_dialog(dialog: EndSceneDialog) -> int:
        assert set(dialog.recovery) == {jyrell, kyle, tella}
        dialog.set_values(kyle, recovery="Average")
        dialog.set_values(jyrell, luck=1, pivot="style")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(EndSceneDialog, "exec", run_dialog)
    written: list[list[Path]] = []
    tracker.files_written.connect(written.append)
    _click(qtbot, tracker.end_button)
    assert tracker.scene.ended and written == [paths]
    log = [tracker.log_list.item(i).text() for i in range(tracker.log_list.count())]
    assert any("Jyrell: an Advancement from the Style" in line for line in log)
    assert any("Kyle Devos: Scene 1 ended; Average Recovery removed 1" in line for line in log)
    assert not tracker.end_button.isEnabled() and tracker.new_button.isEnabled()

    back = load_character(paths[0])
    assert back.play.scene == 2 and back.play.luck == 3
    assert [a.source for a in back.play.advancements] == ["pivot"]
    assert [h.kind for h in back.history] == [
        "start_session", "gain_luck", "take_stress", "earn_pivot", "end_scene"]
    kyle_back = load_character(paths[1])
    assert kyle_back.play.penalty_ranks == {Trait.CUNNING: 1}
    assert kyle_back.play.scene_penalty_ranks == {}
    raw = json.loads(paths[2].read_text(encoding="utf-8"))
    assert raw["play"]["luck"] == 2
    assert [h["kind"] for h in raw["history"]] == ["start_session", "spend_luck", "end_scene"]

    # The next scene keeps the PCs.
    _click(qtbot, tracker.new_button)
    assert [p.id for p in tracker.scene.pcs] == [jyrell, kyle, tella]
    assert not tracker.scene.ncs and not tracker.scene.ended


def test_end_scene_refused_leaves_files_untouched(qtbot, tmp_path: Path,
                                                  warnings: list[str]) -> None:
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    paths = _party(tmp_path)
    before = [p.read_bytes() for p in paths]
    ids = [tracker.add_pc_file(p) for p in paths]
    tracker.pc_takes_stress(ids[1], Trait.PHYSIQUE, "Great")
    tracker.pc_takes_stress(ids[1], Trait.PHYSIQUE, "Good")  # past Weak: a Doom
    assert tracker.panels[ids[1]].findChild(object, "pc_alert") is not None
    assert tracker.panels[ids[1]].buttons["doom"].isEnabled()
    assert not tracker.finish_scene(pivot_touched={ids[0]: "goal"})
    assert "Doom" in warnings[-1]
    assert [p.read_bytes() for p in paths] == before
    assert not tracker.scene.ended
    assert tracker.resolve_doom(ids[1], "survived", weakness_name="Shattered Arm")
    assert tracker.finish_scene(pivot_touched={ids[0]: "goal"})
    assert load_character(paths[1]).elements[-1].name == "Shattered Arm"


def test_refusals_show_the_core_message(qtbot, warnings: list[str]) -> None:
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    jyrell = library.load_pc("jyrell")
    pc_id = tracker.add_pc(jyrell)
    assert tracker.add_pc(jyrell) is None
    assert "already in the scene" in warnings[-1]
    (goblin,) = tracker.add_nc(library.load_nc("goblin"))
    tracker.remove_nc(goblin, "fled")
    assert not tracker.remove_nc(goblin)
    assert "already out" in warnings[-1]
    assert not tracker.record_momentum(pc_id, True)
    assert "faces no NC" in warnings[-1]
    # An unsaved PC: the scene ends, and the GM is told there was no file to write.
    assert tracker.finish_scene()
    assert "no file to write" in warnings[-1]


def test_faces_dialog_and_drag_pairing(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.systems.swords_edge.gm_table.scene.tracker import FacesDialog

    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    pc_id = tracker.add_pc(library.load_pc("jyrell"))
    ids = tracker.add_nc(library.load_nc("goblin"), 3)

    def tick(dialog: FacesDialog) -> int:
        dialog.boxes[ids[0]].setChecked(True)
        dialog.boxes[ids[2]].setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(FacesDialog, "exec", tick)
    _click(qtbot, tracker.panels[pc_id].buttons["faces"])
    assert tracker.scene.pc(pc_id).facing == [ids[0], ids[2]]
    # What a drop of the middle goblin does.
    tracker.overview.selectRow(1)
    mime = tracker.overview.mimeData([tracker.overview.item(1, 0)])
    assert bytes(mime.data("application/x-seforge-scene-nc").data()).decode() == ids[1]
    tracker.add_to_pairing(pc_id, [ids[1]])
    assert tracker.scene.pc(pc_id).facing == [ids[0], ids[2], ids[1]]
    assert tracker.nc_states()["Goblin 2"].startswith("Basic")


def test_open_in_calculator_fills_the_gm_dock(qtbot) -> None:
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge

    dock = GMDock(lambda: [])
    qtbot.addWidget(dock)
    bridge = CalculatorBridge(dock.calculator, lambda: [], dock)
    tracker = SceneTracker(open_calculator=bridge)
    qtbot.addWidget(tracker)
    jyrell = library.load_pc("jyrell")
    pc_id = tracker.add_pc(jyrell)
    ids = tracker.add_nc(library.load_nc("shock-troopers"), 2)
    tracker.pair(pc_id, ids)
    tracker.record_momentum(pc_id, True, "Good", ["trait:Physique", "element:1"])
    tracker.nc_takes_stress(ids[0], 1)
    (gorgon,) = tracker.add_nc(library.load_nc("gorgon"))
    tracker.nc_takes_stress(gorgon, 1)
    tracker.pair(pc_id, [ids[1], gorgon])
    tracker.record_momentum(pc_id, True, "Good", ["trait:Physique"])
    _click(qtbot, tracker.panels[pc_id].buttons["calculator"])
    calc = dock.calculator
    assert calc.character() is jyrell
    assert [c.nc.name for c in calc.cards] == ["Shock Troopers 2", "Gorgon"]
    assert [c.stress_spin.value() for c in calc.cards] == [0, 1]
    assert calc.cards[1].opponent().rank.label == "Good"  # a hero down one Rank
    assert calc.step() == "action" and calc.level_combo.currentData() == "Good"
    assert not calc.quality_boxes["element:1"].isEnabled()  # spent on Momentum
    assert dock.tabs.currentWidget() is calc


def test_autosave_and_restore(qtbot, tmp_path: Path, warnings: list[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    from seforge.systems.swords_edge.scene import load_scene
    from ui.systems.swords_edge.gm_table.scene.autosave import autosave_path, autosave_paths_path
    from ui.systems.swords_edge.gm_table.window import GMTableWidget

    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    assert not autosave_path().exists()  # nothing written until something changes
    paths = _party(tmp_path)
    jyrell = tracker.add_pc_file(paths[0])
    tella = tracker.add_pc(library.load_pc("tella-of-jost"))  # no file, yet restorable
    assert autosave_path().exists()
    (leader,) = tracker.add_nc(library.load_nc("desert-acolytes-leader"))
    goblins = tracker.add_nc(library.load_nc("goblin"), 2)
    tracker.pair(jyrell, [leader, goblins[0]])
    tracker.pair(tella, [goblins[1]])
    tracker.nc_takes_stress(leader, 2)
    tracker.pc_takes_stress(jyrell, Trait.PHYSIQUE, "Good")  # only in the scene, not on file
    tracker.name_edit.setText("The cavern gate")
    tracker.name_edit.editingFinished.emit()  # the field left: one step
    saved = load_scene(autosave_path())
    assert saved.name == "The cavern gate" and saved.nc(leader).stress == 2
    sidecar = json.loads(autosave_paths_path().read_text(encoding="utf-8"))
    assert sidecar["format"] == "swords-edge.scene-pcs" and sidecar["version"] == 3
    pcs = sidecar["pcs"]
    assert pcs[jyrell]["path"] == str(paths[0]) and pcs[tella]["path"] is None
    # a PC with a file: what the scene did to it, never the PC itself
    assert pcs[jyrell]["character"] is None
    assert {"path": ["play", "penalty_ranks", "Physique"], "add": 2} in [
        change for patch in pcs[jyrell]["changes"] for change in patch]
    assert pcs[tella]["character"]["name"] == "Tella of Jost"

    # A new GM's Table: "Discard" removes the autosave and keeps the empty scene...
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Discard))
    before = autosave_path().read_bytes(), autosave_paths_path().read_bytes()
    table = GMTableWidget()
    qtbot.addWidget(table)
    table.show()  # asked once on screen
    qtbot.waitUntil(lambda: not autosave_path().exists())
    assert not table.scene.scene.pcs
    assert not autosave_paths_path().exists()
    autosave_path().write_bytes(before[0])
    autosave_paths_path().write_bytes(before[1])

    # ... "Restore" brings back the NCs' Stress, the pairings and both PCs as they stood
    # in the scene: Jyrell keeps the Stress not yet written to his file, and Tella
    # (never saved to a file) comes back too.
    asked: list[str] = []

    def restore(_parent: object, _title: str, text: str, *args: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", staticmethod(restore))
    table = GMTableWidget()
    qtbot.addWidget(table)
    assert not asked  # not while the table is built...
    table.show()
    qtbot.waitUntil(lambda: bool(asked))  # ...but once it is on screen
    other = table.scene
    assert "Restore" in asked[0]
    scene = other.scene
    assert scene.name == "The cavern gate" and other.name_edit.text() == "The cavern gate"
    assert [p.id for p in scene.pcs] == [jyrell, tella]
    assert scene.pc(jyrell).facing == [leader, goblins[0]]
    assert scene.nc(leader).stress == 2
    assert other.nc_states()["Desert Acolytes' Leader"] == "Average (TN 12), 2 of 3 Stress"
    assert other.paths == {jyrell: paths[0], tella: None}
    character = scene.character(jyrell)
    assert character.name == "Jyrell" and character.play.session_running
    assert character.play.penalty_ranks[Trait.PHYSIQUE] == 2
    assert load_character(paths[0]).play.penalty_ranks == {}, "the file is not written yet"
    assert scene.character(tella).name == "Tella of Jost"
    # The restored scene goes on, and ending it writes Jyrell's file.
    assert other.nc_takes_stress(goblins[0], 1)
    assert load_scene(autosave_path()).nc(goblins[0]).removed
    assert other.finish_scene()
    assert load_character(paths[0]).play.scene == 2


def test_stunt_from_the_pc_panel(qtbot, warnings: list[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.systems.swords_edge.gm_table.scene.tracker import StuntDialog

    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    jyrell = library.load_pc("jyrell")
    pc_id = tracker.add_pc(jyrell)
    count = len(jyrell.elements)

    def fill(dialog: StuntDialog) -> int:
        dialog.name.setText("Whirlwind Kick")
        dialog.trait.setCurrentIndex(dialog.trait.findData(Trait.PHYSIQUE.value))
        dialog.why.setText("a natural 20")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(StuntDialog, "exec", fill)
    button = tracker.panels[pc_id].buttons["stunt"]
    assert button.isEnabled()
    _click(qtbot, button)
    assert len(jyrell.elements) == count + 1
    assert jyrell.elements[-1].name == "Whirlwind Kick"
    assert jyrell.elements[-1].trait is Trait.PHYSIQUE
    assert tracker.scene.log[-1] == 'Jyrell gains the Stunt "Whirlwind Kick" (Physique, Good).'

    # No name: the core refuses and nothing changes.
    monkeypatch.setattr(StuntDialog, "exec", lambda _d: QDialog.DialogCode.Accepted)
    _click(qtbot, tracker.panels[pc_id].buttons["stunt"])
    assert "name" in warnings[-1] and len(jyrell.elements) == count + 1
    assert tracker.note("The cavern shakes.")
    assert tracker.log_list.item(tracker.log_list.count() - 1).text() == "The cavern shakes."


def test_pivot_touched_from_the_pc_panel(qtbot, warnings: list[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The one PivotDialog, asking which Pivot came into play: an Advancement once."""
    from ui.systems.swords_edge.play.dialogs import PivotDialog

    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    jyrell = library.load_pc("jyrell")
    pc_id = tracker.add_pc(jyrell)
    offered: list[list[str]] = []

    def touch_style(dialog: PivotDialog) -> int:
        offered.append([dialog.slot.itemData(i) for i in range(dialog.slot.count())])
        assert not dialog.text.isVisibleTo(dialog)  # no new text: the Pivot stays
        dialog.set_values("style", "faced his old master")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PivotDialog, "exec", touch_style)
    button = tracker.panels[pc_id].buttons["pivot"]
    assert button.isEnabled()
    _click(qtbot, button)
    assert offered and "style" in offered[0]
    assert [a.source for a in jyrell.play.advancements] == ["pivot"]
    assert not warnings
    assert not tracker.panels[pc_id].buttons["pivot"].isEnabled()  # one per scene


def test_rule_text_comes_from_the_core(qtbot) -> None:
    """The tracker shows the core's rule text (an Exceptional hit is 4 Penalty Ranks)."""
    from seforge.systems.swords_edge.scene_text import hit_levels_text, nc_stress_rule
    from ui.systems.swords_edge.gm_table.scene.dialogs import PCStressDialog

    dialog = PCStressDialog("Jyrell")
    qtbot.addWidget(dialog)
    assert hit_levels_text() in dialog.level.toolTip()
    assert "Exceptional 4 and Undefended" in dialog.level.toolTip()
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    pc_id = tracker.add_pc(library.load_pc("jyrell"))
    (leader,) = tracker.add_nc(library.load_nc("desert-acolytes-leader"))
    tracker.pair(pc_id, [leader])
    button = tracker.panels[pc_id].stress_buttons[leader]
    assert f"({nc_stress_rule(tracker.scene.nc(leader).nc.type)})" in button.toolTip()


def test_naming_the_scene_is_one_undo_step(qtbot, warnings: list[str]) -> None:
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    tracker.show()
    tracker.name_edit.setFocus()
    qtbot.keyClicks(tracker.name_edit, "  The   ambush ")
    assert tracker.scene.name == ""  # nothing changes behind the user while typing
    qtbot.keyClick(tracker.name_edit, Qt.Key.Key_Return)
    assert tracker.scene.name == "The ambush"
    assert tracker.undo_stack.count() == 1
    assert tracker.undo_stack.undoText() == "Scene: Name the scene"
    tracker.setFocus()
    tracker.undo_stack.undo()
    assert tracker.scene.name == "" and tracker.name_edit.text() == ""
    tracker.undo_stack.redo()
    assert tracker.name_edit.text() == "The ambush"
    tracker.name_edit.setFocus()
    tracker.name_edit.setText("x" * 300)
    qtbot.keyClick(tracker.name_edit, Qt.Key.Key_Return)
    assert warnings and "at most" in warnings[-1]
    assert tracker.scene.name == "The ambush" and tracker.undo_stack.count() == 1


def test_the_focused_scene_name_follows_an_undo_and_leaving_keeps_it(qtbot) -> None:
    """The name is committed with Enter and shows as the scene has it ("The ambush"); an
    undo made while the field keeps the focus (Edit › Undo with the mouse) empties the
    field, so leaving it afterwards names nothing again and the redo stays."""
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    tracker.show()
    tracker.activateWindow()
    tracker.name_edit.setFocus()
    qtbot.waitUntil(tracker.name_edit.hasFocus)
    qtbot.keyClicks(tracker.name_edit, "  The   ambush ")
    qtbot.keyClick(tracker.name_edit, Qt.Key.Key_Return)
    assert tracker.scene.name == "The ambush" == tracker.name_edit.text()
    tracker.undo_stack.undo()
    assert tracker.scene.name == "" and tracker.name_edit.text() == ""
    tracker.setFocus()
    qtbot.waitUntil(lambda: not tracker.name_edit.hasFocus())
    assert tracker.scene.name == "" and tracker.undo_stack.canRedo()
