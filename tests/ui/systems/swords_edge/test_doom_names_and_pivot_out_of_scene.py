"""Found in a played evening (session 15): a Doom survived with the name fields left
blank made up "Mark of Doom (Charisma)" and "Legendary wound (Charisma)" though the
guide says the Doom asks for both names; and "Earn from Pivot" was still offered to a
character a Doom had taken out of the scene."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox, QWidget

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.play.pivots import earn_pivot_advancement
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.play.stress import resolve_doom, take_stress
from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm_table.scene.dialogs import DoomDialog
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker
from ui.systems.swords_edge.play import PlayPanel
from ui.systems.swords_edge.play.dialogs import EndSceneDialog

CH = Trait.CHARISMA


@pytest.fixture
def panel(qtbot) -> PlayPanel:  # type: ignore[no-untyped-def]
    document = CharacterDocument(make_sarah())
    panel = PlayPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    return panel


def _click(qtbot, button: QWidget) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _legendary_doom(qtbot, panel: PlayPanel) -> None:  # type: ignore[no-untyped-def]
    _click(qtbot, panel.start_button)
    panel.stress_trait.setCurrentIndex(panel.stress_trait.findText(CH.value))
    panel.stress_level.setCurrentIndex(panel.stress_level.count() - 1)  # Legendary: Doom
    _click(qtbot, panel.stress_button)
    assert panel.character.play.doom_trait is CH


def test_the_core_refuses_a_doom_weakness_without_a_name() -> None:
    c = make_sarah()
    start_session(c)
    take_stress(c, CH, 5, legendary=True)
    with pytest.raises(RefusedError, match=r"name the Poor Weakness.*and the Basic"):
        resolve_doom(c, "survived")
    with pytest.raises(RefusedError, match="name the Basic Weakness"):
        resolve_doom(c, "survived", weakness_name="Stammer")
    assert c.play.doom_trait is CH and not c.play.removed_from_scene  # nothing changed
    resolve_doom(c, "survived", weakness_name="Stammer", legendary_weakness_name="Scarred")
    assert [e.name for e in c.elements[-2:]] == ["Stammer", "Scarred"]


def test_survived_is_greyed_saying_why_until_both_weaknesses_are_named(  # type: ignore[no-untyped-def]
        panel: PlayPanel, qtbot) -> None:
    _legendary_doom(qtbot, panel)
    before = len(panel.character.elements)
    assert not panel.survive_button.isEnabled()
    assert panel.survive_button.toolTip().startswith("Not now: name the Poor Weakness")
    assert "Basic Weakness" in panel.survive_button.accessibleDescription()
    _click(qtbot, panel.survive_button)  # greyed: nothing made up
    assert len(panel.character.elements) == before
    qtbot.keyClicks(panel.weakness_name, "Stammer")
    assert not panel.survive_button.isEnabled()
    assert "Poor" not in panel.survive_button.toolTip()
    qtbot.keyClicks(panel.legendary_weakness_name, "Scarred")
    assert panel.survive_button.isEnabled()
    _click(qtbot, panel.survive_button)
    names = [e.name for e in panel.character.elements]
    assert "Stammer" in names and "Scarred" in names
    assert not any("Mark of Doom" in n or "Legendary wound" in n for n in names)


def test_the_scenes_doom_dialog_asks_for_both_names(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = make_sarah()
    start_session(c)
    take_stress(c, CH, 5, legendary=True)
    dialog = DoomDialog("Sarah", c)
    qtbot.addWidget(dialog)
    dialog.show()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.outcome.setCurrentIndex(dialog.outcome.findData("survived"))
    assert dialog.weakness.isVisible() and dialog.legendary.isVisible()
    assert not ok.isEnabled() and "name the Poor Weakness" in dialog.reason.text()
    qtbot.keyClicks(dialog.weakness, "Stammer")
    qtbot.keyClicks(dialog.legendary, "Scarred")
    assert ok.isEnabled() and not dialog.reason.isVisible()
    dialog.outcome.setCurrentIndex(dialog.outcome.findData("out"))  # the dead need no name
    assert not dialog.weakness.isVisible() and not dialog.legendary.isVisible()
    assert ok.isEnabled()


def test_earn_from_pivot_is_greyed_once_out_of_the_scene(panel: PlayPanel, qtbot) -> None:  # type: ignore[no-untyped-def]
    _legendary_doom(qtbot, panel)
    qtbot.keyClicks(panel.weakness_name, "Stammer")
    qtbot.keyClicks(panel.legendary_weakness_name, "Scarred")
    _click(qtbot, panel.survive_button)
    assert panel.character.play.removed_from_scene
    assert not panel.pivot_button.isEnabled()
    assert panel.pivot_button.toolTip() == (
        "Not now: the character is out of this scene until it ends")
    with pytest.raises(RefusedError, match="out of this scene"):
        earn_pivot_advancement(panel.character, "goal")
    assert panel.end_scene()
    assert panel.pivot_button.isEnabled()  # back in play with the next scene


def test_the_scene_offers_no_pivot_to_a_pc_out_of_it(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda *a: QMessageBox.StandardButton.Ok))
    pc = library.load_pc("kyle-devos")
    path = tmp_path / "kyle.sechar"
    save_character(pc, path)
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    kyle = tracker.add_pc_file(path)
    assert tracker.panels[kyle].buttons["pivot"].isEnabled()
    tracker.pc_takes_stress(kyle, Trait.PHYSIQUE, "Legendary")
    assert tracker.resolve_doom(kyle, "survived", weakness_name="Bad Leg",
                                legendary_weakness_name="Scarred")
    button = tracker.panels[kyle].buttons["pivot"]
    assert not button.isEnabled() and "out of this scene" in button.toolTip()
    dialog = EndSceneDialog([(kyle, tracker.scene.character(kyle))])
    qtbot.addWidget(dialog)
    assert not dialog.pivot[kyle].isEnabled()
    assert "out of this scene" in dialog.pivot[kyle].toolTip()


def test_the_scene_doom_button_runs_the_named_dialog(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pc = library.load_pc("kyle-devos")
    path = tmp_path / "kyle.sechar"
    save_character(pc, path)
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    kyle = tracker.add_pc_file(path)
    tracker.pc_takes_stress(kyle, Trait.PHYSIQUE, "Legendary")

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, DoomDialog)
        dialog.outcome.setCurrentIndex(dialog.outcome.findData("survived"))
        dialog.weakness.setText("Bad Leg")
        dialog.legendary.setText("Scarred")
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, fill)
    assert tracker.doom_dialog(kyle)
    names = [e.name for e in tracker.scene.character(kyle).elements]
    assert names[-2:] == ["Bad Leg", "Scarred"]
