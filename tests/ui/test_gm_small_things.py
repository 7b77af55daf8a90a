"""Issue 26, the Sword's Edge items a user notices, each driven through the widgets:
an invoked Weakness in the calculator, the result gone after "Go to Action", whose
Stress a dialog takes (and a title that fits), Penalty Rank boxes that are not
buttons, one numbering of scenes, and where "Add characters…" opens."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QFileDialog,
    QMainWindow,
    QMessageBox,
)

from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.models import Character, NCType, Trait
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.ranks import Rank
from tests.ui.test_gm_calculator import add_quick, click, roll
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.gm import GMDock
from ui.systems.swords_edge.gm.calculator import CalculatorTab
from ui.systems.swords_edge.gm_table import folders
from ui.systems.swords_edge.gm_table.party import PartyView
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker
from ui.systems.swords_edge.play import PlayPanel
from ui.systems.swords_edge.play.widgets import PenaltyTrack
from ui.systems.swords_edge.widgets import TITLE_BAR_EXTRA

_WINDOWS: list[QMainWindow] = []


def _calculator(qtbot: object, character: Character) -> CalculatorTab:
    window = QMainWindow()
    _WINDOWS.append(window)  # kept alive for the test
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    dock = GMDock(lambda: [character], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(1000, 800)
    window.show()
    calc = dock.calculator
    combo = calc.actor_combo
    index = next(i for i in range(combo.count()) if combo.itemText(i).startswith("The Rogue"))
    combo.setCurrentIndex(index)
    calc.trait_combo.setCurrentIndex(calc.trait_combo.findData(Trait.PHYSIQUE.value))
    return calc


def test_an_invoked_weakness_can_be_put_into_a_test(qtbot: object) -> None:
    rogue = load_pc("the-rogue")  # "Lunger", a Basic Weakness on Physique
    calc = _calculator(qtbot, rogue)
    add_quick(calc, NCType.REGULAR, Rank.AVERAGE)
    boxes = {box.text(): box for box in calc.qualities_box.findChildren(QCheckBox)}
    lunger = next(box for text, box in boxes.items() if text.startswith("Lunger -2"))
    assert "invoked" in lunger.text() and lunger.isEnabled() and not lunger.isChecked()
    assert lunger.toolTip().startswith("Weakness: Lunger -2")
    before, luck = calc.modifier(), calc.luck_label.text()
    click(lunger)
    assert lunger.isChecked()
    assert calc.modifier() == before - 2
    assert "Lunger -2" in calc.modifier_label.text()
    assert calc.luck_label.text() == luck  # invoking it costs the PC no Luck
    # Put into the Momentum roll with a Quality, the Quality is spent for the scene
    # and the Weakness is not (a penalty is not used up).
    six_gun = next(box for text, box in boxes.items() if text.startswith("Six-gun God"))
    click(six_gun)
    roll(calc, 9, 9)
    assert calc.test.spent_here == ["element:0"]


def test_go_to_action_clears_the_momentum_result(qtbot: object) -> None:
    calc = _calculator(qtbot, load_pc("the-rogue"))
    add_quick(calc, NCType.REGULAR, Rank.AVERAGE)
    roll(calc, 9, 9)
    assert calc.result_label.text() and calc.next_buttons
    go = next(b for b in calc.next_buttons if b.text().startswith("Go to Action"))
    click(go)
    assert calc.step() == "action"
    assert calc.result_label.text() == "" and calc.result_detail.text() == ""
    assert calc.next_buttons == []
    assert all(not b.isVisible() for b in calc.findChildren(type(go))
               if b.text().startswith("Go to Action"))
    # Undo brings the Momentum step back with its result and button.
    calc.owner.undo_stack.undo()
    assert calc.step() == "momentum" and calc.result_label.text() and calc.next_buttons


@pytest.fixture
def tracker(qtbot: object) -> SceneTracker:
    tracker = SceneTracker(autosave=False, registry=DocumentRegistry())
    qtbot.addWidget(tracker)  # type: ignore[attr-defined]
    tracker.resize(1200, 700)
    tracker.show()
    return tracker


def test_take_stress_says_whose_and_its_title_fits(tracker: SceneTracker) -> None:
    pc = tracker.add_pc(load_pc("the-rogue"))
    assert pc is not None
    seen: list[tuple[str, int]] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        seen.append((dialog.windowTitle(), dialog.minimumWidth()))
        dialog.reject()

    QTimer.singleShot(0, look)
    click(tracker.panels[pc].buttons["stress"])
    assert seen
    title, width = seen[0]
    assert title == "Take Stress: The Rogue"
    font = QFont(QApplication.font())
    font.setBold(True)
    full = f"{title} — {QGuiApplication.applicationDisplayName()}"
    assert width >= QFontMetrics(font).horizontalAdvance(full) + TITLE_BAR_EXTRA - 1


def test_penalty_rank_boxes_are_a_display_not_buttons(qtbot: object) -> None:
    from ui.systems.swords_edge.document import CharacterDocument

    rogue = load_pc("the-rogue")
    start_session(rogue)
    document = CharacterDocument(rogue)
    panel = PlayPanel(document)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    panel.show()
    assert panel.take_stress(Trait.PHYSIQUE, 1)
    track = panel.tracks[Trait.PHYSIQUE]
    assert isinstance(track, PenaltyTrack)
    state, steps = track.state(), document.undo_stack.count()
    # Not a control: no focus, no pointing hand, and a click changes nothing.
    assert track.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert track.cursor().shape() == Qt.CursorShape.ArrowCursor
    for box in range(7):
        centre = QPoint(1 + box * track.BOX + track.BOX // 2, track.BOX // 2)
        QTest.mouseClick(track, Qt.MouseButton.LeftButton, pos=centre)
    assert track.state() == state and document.undo_stack.count() == steps
    # Drawn as one flat gauge like the sheet's: inside an empty box, by its edge, the
    # page's own colour (no raised, shaded face as a button has), and no gap between
    # boxes (a row of separate squares reads as a row of buttons).
    assert track.GAP == 0
    image = track.grab().toImage()
    background = track.palette().window().color()
    empty = 1 + 6 * track.BOX  # the last box: empty, and crossed out for the Rogue
    # (top right and bottom left: clear of the cross of a box the Trait cannot use)
    assert image.pixelColor(empty + track.BOX - 4, 4) == background
    assert image.pixelColor(empty + 4, track.BOX - 5) == background


def test_the_scene_is_numbered_as_in_the_play_dock(tracker: SceneTracker,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda _p, _t, text: warned.append(text)))
    rogue = load_pc("the-rogue")
    pc = tracker.add_pc(rogue)
    assert pc is not None
    document = tracker.document_of(pc)
    assert document is not None
    panel = PlayPanel(document)
    document.changed.connect(lambda _c: panel.refresh())
    assert tracker.number_label.text() == "Session 1 · Scene 1"
    assert panel.status.text().startswith("Session 1 · Scene 1")
    assert tracker.name_edit.text() == ""  # no made-up "Scene 1" of its own
    assert tracker.finish_scene()
    assert warned and "no file to write" in warned[0]  # a book PC without a file
    assert tracker.number_label.text() == "Session 1 · Scene 1"  # the scene that ended
    tracker.next_scene()
    assert tracker.number_label.text() == "Session 1 · Scene 2"
    assert panel.status.text().startswith("Session 1 · Scene 2")
    panel.deleteLater()


def test_add_characters_opens_in_the_characters_folder(qtbot: object, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(folders, "_last_used", {})
    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(folders, "documents_folder", lambda: documents)
    party_folder = tmp_path / "party"
    party_folder.mkdir()
    path = party_folder / "the-rogue.sechar"
    save_character(load_pc("the-rogue"), path)
    asked: list[str] = []
    answer: list[str] = []

    def get_names(_parent: object, _title: str, folder: str, _filter: str
                  ) -> tuple[list[str], str]:
        asked.append(folder)
        return list(answer), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(get_names))
    view = PartyView()
    qtbot.addWidget(view)  # type: ignore[attr-defined]
    # A new campaign: the documents folder, not the home folder.
    click(view.add_button)
    assert asked[-1] == str(documents)
    # The folder the user chose from is where the next dialog opens.
    answer[:] = [str(path)]
    click(view.add_button)
    assert view.pcs and view.pcs[0][0] == path
    answer[:] = []
    click(view.add_button)
    assert asked[-1] == str(party_folder)
    # In a later session (nothing remembered): the party's own characters' folder.
    monkeypatch.setattr(folders, "_last_used", {})
    click(view.add_button)
    assert asked[-1] == str(party_folder)
