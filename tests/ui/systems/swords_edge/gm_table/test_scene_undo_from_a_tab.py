"""A scene step undone or redone from a PC's tab: the scene and every PC agree after
any order of Undo and Redo, from the scene or from the PCs' tabs. Each history is one
line, so a step with later steps on the other history takes those along (and the user
is told which); a redo that a new edit made impossible is thrown away, never half made."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.play.session import start_session
from tests.ui.helpers import se_part, type_into
from ui.shell.window import MainWindow
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

LUCK = 2
PCS = ("jyrell", "tella-of-jost")


class Table:
    """Two PCs open in tabs and in the GM's Table scene, each facing a Goblin."""

    def __init__(self, window: MainWindow, tmp_path: Path) -> None:
        self.window = window
        self.documents: list[CharacterDocument] = []
        for pc in PCS:
            character = library.load_pc(pc)
            start_session(character, luck=LUCK)
            path = tmp_path / f"{pc}.sechar"
            save_character(character, path)
            document = window.open_path(path)
            assert isinstance(document, CharacterDocument)
            self.documents.append(document)
        part = se_part(window)
        table = part.show_gm_table()
        assert table is not None
        self.tracker: SceneTracker = table.scene
        menu = self.tracker.pc_menu  # Add PCs: the open characters
        menu.aboutToShow.emit()
        for document in self.documents:
            next(a for a in menu.actions() if a.text() == document.character.name).trigger()
        self.ids = [e.id for e in self.tracker.scene.pcs]
        goblins = self.tracker.add_nc(library.load_nc("goblin"), 2)
        for pc_id, goblin in zip(self.ids, goblins, strict=True):
            assert self.tracker.pair(pc_id, [goblin])
        assert part.gm_dock is not None
        self.calc = part.gm_dock.calculator

    def test_with_a_reroll(self, i: int) -> None:
        """The GM opens the PC's pairing in the calculator, rolls, and spends a Luck on
        a reroll."""
        QTest.mouseClick(self.tracker.panels[self.ids[i]].buttons["calculator"],
                         Qt.MouseButton.LeftButton)
        faces = iter([2, 3, 6])
        self.calc.die_roller = lambda: next(faces)
        QTest.mouseClick(self.calc.roll_button, Qt.MouseButton.LeftButton)
        QTest.mouseClick(self.calc.roll_reroll_button, Qt.MouseButton.LeftButton)

    def roll(self, i: int) -> None:
        QTest.mouseClick(self.tracker.panels[self.ids[i]].buttons["calculator"],
                         Qt.MouseButton.LeftButton)
        faces = iter([5, 5])
        self.calc.die_roller = lambda: next(faces)
        QTest.mouseClick(self.calc.roll_button, Qt.MouseButton.LeftButton)

    def in_tab(self, i: int) -> None:
        """Make the PC's character tab current (Edit > Undo is its history's)."""
        document = self.documents[i]
        for index in range(self.window.tabs.count()):
            editor = self.window.editor_at(index)
            if editor.document is document:
                self.window.tabs.setCurrentIndex(index)
                editor.name_edit.setFocus()
                assert self.window.undo_group.activeStack() is document.undo_stack
                return
        raise AssertionError("no tab")

    def in_scene(self) -> None:
        self.tracker.overview.setFocus()
        assert self.window.undo_group.activeStack() is self.tracker.undo_stack

    def undo(self) -> None:
        assert self.window.undo_action.isEnabled()
        self.window.undo_action.trigger()

    def redo(self) -> None:
        assert self.window.redo_action.isEnabled()
        self.window.redo_action.trigger()

    def spent(self) -> list[int]:
        """The Luck each PC has spent, as its own document has it."""
        return [LUCK - d.character.play.luck for d in self.documents]

    def assert_agree(self) -> None:
        """The scene says of each PC what the PC's document says."""
        scene = self.tracker.scene
        for pc_id, document in zip(self.ids, self.documents, strict=True):
            luck = document.character.play.luck
            spent = LUCK - luck
            assert scene.pc(pc_id).luck_spent == spent
            name = document.character.name
            assert sum(f"{name} spends 1 Luck" in line for line in scene.log) == spent
            assert sum(f"{name} · Momentum · Luck reroll" in line for line in scene.log) \
                == spent
            status = self.tracker.panels[pc_id].status_label.text()
            assert status.startswith(f"Luck {luck} ")
            assert ("spent this scene" in status) == (spent > 0)
            test = scene.pc(pc_id).test
            assert (test.luck_rerolls if test is not None else 0) == spent


def test_undo_in_a_pcs_tab_behind_another_pcs_test_takes_the_scene_along(
        window: MainWindow, tmp_path: Path) -> None:
    table = Table(window, tmp_path)
    table.test_with_a_reroll(0)
    table.test_with_a_reroll(1)
    assert table.spent() == [1, 1]
    table.assert_agree()

    # Undo in Jyrell's tab: his reroll goes from his sheet and from the scene, and the
    # scene's later steps (Tella's Test) go first, on the scene and on Tella.
    table.in_tab(0)
    assert window.undo_action.text().endswith(
        "Scene: Luck reroll (Jyrell) (and 2 later scene steps)")
    table.undo()
    assert table.spent() == [0, 0]
    table.assert_agree()
    told = table.tracker.status_label.text()
    assert told.startswith("Also undone") and "Tella of Jost" in told and "the scene" in told
    assert window.statusBar().currentMessage() == told

    # Redo in his tab brings back his reroll only, in both places.
    table.redo()
    assert table.spent() == [1, 0]
    table.assert_agree()
    # Tella's comes back from her tab.
    table.in_tab(1)
    table.redo()
    table.redo()
    assert table.spent() == [1, 1]
    table.assert_agree()
    assert not window.redo_action.isEnabled()


def test_mixed_orders_of_undo_and_redo_keep_the_scene_and_the_pcs_agreeing(
        window: MainWindow, tmp_path: Path) -> None:
    table = Table(window, tmp_path)
    table.test_with_a_reroll(0)
    table.test_with_a_reroll(1)

    table.in_scene()
    table.undo()  # Tella's reroll, in the scene
    assert table.spent() == [1, 0]
    table.assert_agree()
    table.in_tab(0)
    table.undo()  # Jyrell's reroll, from his tab: Tella's roll goes first
    assert table.spent() == [0, 0]
    table.assert_agree()
    assert "Roll (Tella of Jost)" in table.tracker.status_label.text()

    # Redo from Tella's tab: her roll needs Jyrell's reroll before it, on the scene.
    table.in_tab(1)
    table.redo()
    assert table.spent() == [1, 0]
    table.assert_agree()
    assert table.tracker.status_label.text().startswith("Also redone")
    assert "Luck reroll (Jyrell)" in table.tracker.status_label.text()
    table.redo()  # her reroll
    assert table.spent() == [1, 1]
    table.assert_agree()

    # Undo from Tella's tab with her step on top of the scene: only hers goes.
    table.undo()
    assert table.spent() == [1, 0]
    table.assert_agree()
    # ...and Redo in the scene brings it back on her sheet too.
    table.in_scene()
    table.redo()
    assert table.spent() == [1, 1]
    table.assert_agree()


def test_a_scene_redo_a_new_edit_in_a_tab_made_impossible_is_thrown_away(
        window: MainWindow, tmp_path: Path) -> None:
    table = Table(window, tmp_path)
    table.test_with_a_reroll(0)
    table.test_with_a_reroll(1)

    # Tella's reroll undone in the scene, then a new edit in her tab: her history's
    # redo is gone, so the scene's Redo of her reroll must go too.
    table.in_scene()
    table.undo()
    table.in_tab(1)
    editor = window.editor_at(window.tabs.currentIndex())
    type_into(editor.player_edit, "Sam")
    editor.player_edit.editingFinished.emit()
    assert not window.redo_action.isEnabled()
    table.in_scene()
    assert not window.redo_action.isEnabled()
    assert table.spent() == [1, 0]
    table.assert_agree()


def test_a_pcs_redo_a_new_scene_step_made_impossible_is_thrown_away(
        window: MainWindow, tmp_path: Path) -> None:
    table = Table(window, tmp_path)
    table.test_with_a_reroll(0)
    table.test_with_a_reroll(1)
    # Jyrell's reroll undone from his tab (Tella's Test goes first), then a new step in
    # the scene: his tab's Redo of the reroll must go too.
    table.in_tab(0)
    table.undo()
    table.assert_agree()
    table.roll(1)
    table.in_tab(0)
    assert not window.redo_action.isEnabled()
    assert table.spent() == [0, 0]
    table.assert_agree()


UNDO_ALONG = re.compile(r"^&Undo (.+) \(and (\d+) later (scene )?steps?\)$")


def test_edit_undo_says_beforehand_which_later_steps_go_along(
        window: MainWindow, tmp_path: Path) -> None:
    """Edit › Undo names what it will take along before it is pressed (the status line
    names it after): in Jyrell's tab his reroll has Tella's later Test on top of it in
    the scene."""
    table = Table(window, tmp_path)
    table.test_with_a_reroll(0)
    table.in_scene()
    assert window.undo_action.text() == "&Undo Scene: Luck reroll"  # nothing later
    table.test_with_a_reroll(1)

    table.in_tab(0)
    text = window.undo_action.text()
    found = UNDO_ALONG.match(text)
    assert found is not None, text
    assert found.group(1) == "Scene: Luck reroll (Jyrell)" and found.group(3)
    count = int(found.group(2))
    ahead = window.undo_action.toolTip()
    assert ahead.startswith("Undo Scene: Luck reroll (Jyrell). Also undoes")
    table.undo()
    told = table.tracker.status_label.text()
    assert told.removeprefix("Also undone") == ahead.split("Also undoes", 1)[1]
    assert told.count("(Tella of Jost)") == count
    assert not UNDO_ALONG.match(window.undo_action.text())  # nothing later now

    # In the scene, a Luck gained in Jyrell's Play dock after the step goes along.
    table.redo()
    part = se_part(window)
    assert part.play_dock is not None
    part.play_dock.show()
    panel = part.play_dock.panel_for(table.documents[0])
    panel.refresh()
    QTest.mouseClick(panel.gain_button, Qt.MouseButton.LeftButton)
    table.in_scene()
    assert window.undo_action.text() == "&Undo Scene: Luck reroll (and 1 later step)"
    assert "in Jyrell's history, Gain" in window.undo_action.toolTip()
