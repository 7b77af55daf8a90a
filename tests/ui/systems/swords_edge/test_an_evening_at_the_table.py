"""Found in a played evening of Sword's Edge (a new character built, a session in the Play
dock, a scene run from the GM's Table), at 1024x768 and 1366x768:

- the Play dock's heading wrapped to two lines once the character was out of the scene
  ("Session 1 · Scene 2 (running) · out of this scene"), pushing every box 17 px down
  under the mouse (a click meant for End session landed on nothing);
- the scene tracker's status line under the log took one line or two as its text went,
  moving the log and the Give Stress row up and down;
- End session ended the running scene without a word about its Penalty Ranks, which then
  missed the scene's Recovery Test and Luck without warning (only the daily Test
  and a week's rest reach them after);
- a Quality on a Trait was cut at 28 characters in the builder's Trait rows
  ("Gunshot that spins them rou…") with half the row empty beside it;
- the Elements table's Rank, Trait and Kind columns took the width of what they held, so
  raising a Rank or linking a Trait shifted every column under the mouse;
- the NC editor's TN summary scrolled sideways beside the sheet;
- the Test calculator's roll history jumped when its Apply Stress button went.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QScrollArea
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.models import Element, ElementKind, NCType, Trait
from seforge.systems.swords_edge.ranks import Rank
from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.editor import CharacterEditor
from ui.systems.swords_edge.gm import GMDock
from ui.systems.swords_edge.gm_table import NCEditor
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker
from ui.systems.swords_edge.play import PlayPanel
from ui.systems.swords_edge.play.dialogs import EndSessionDialog

STUNT = "Gunshot that spins them round"


def _settle(qtbot: QtBot) -> None:
    QApplication.processEvents()
    qtbot.wait(20)


def test_out_of_the_scene_moves_no_box_in_the_play_dock(qtbot: QtBot) -> None:
    panel = PlayPanel(CharacterDocument(make_sarah()))
    qtbot.addWidget(panel)
    panel.set_two_columns(False)
    panel.resize(320, 1600)  # the side dock at 1024x768
    panel.show()
    assert panel.start_session()
    _settle(qtbot)
    box = panel.start_button.parentWidget()
    assert box is not None
    top = box.y()
    panel.character.play.removed_from_scene = True
    panel.refresh()
    _settle(qtbot)
    assert "out of this scene" in panel.status.text()
    assert box.y() == top


def test_the_scene_status_line_moves_nothing_above_it(qtbot: QtBot) -> None:
    tracker = SceneTracker(autosave=False)
    qtbot.addWidget(tracker)
    tracker.resize(1000, 500)
    tracker.show()
    _settle(qtbot)
    button = tracker.overview_stress_button
    top = button.mapTo(tracker, button.rect().topLeft()).y()
    tracker.add_nc(library.load_nc("desert-acolytes-leader"), 2)  # a long line: two lines
    _settle(qtbot)
    assert tracker.status_label.text()
    assert button.mapTo(tracker, button.rect().topLeft()).y() == top
    tracker.add_nc(library.load_nc("goblin"), 1)  # a short one
    _settle(qtbot)
    assert button.mapTo(tracker, button.rect().topLeft()).y() == top


def _end_session_note(qtbot: QtBot, panel: PlayPanel,
                      monkeypatch: pytest.MonkeyPatch) -> str:
    seen: list[str] = []

    def look(self: EndSessionDialog) -> int:
        seen.append(self.note.text())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(EndSessionDialog, "exec", look)
    QTest.mouseClick(panel.end_session_button, Qt.MouseButton.LeftButton)
    assert len(seen) == 1
    return seen[0]


def test_end_session_says_this_scenes_penalty_ranks_miss_its_recovery(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    panel = PlayPanel(CharacterDocument(make_sarah()))
    qtbot.addWidget(panel)
    assert panel.start_session()
    plain = _end_session_note(qtbot, panel, monkeypatch)
    assert "Penalty Rank" not in plain  # nothing taken in this scene: nothing to say
    assert panel.take_stress(Trait.PHYSIQUE, 2)
    note = _end_session_note(qtbot, panel, monkeypatch)
    assert "2 Penalty Ranks" in note and "End scene" in note
    # they miss the scene's Test, not every Test: the daily one still reaches them
    assert "Recovery Test" in note and "daily Recovery Test" in note


def test_a_long_quality_on_a_trait_uses_the_room_it_has(qtbot: QtBot) -> None:
    character = make_sarah()
    character.elements.append(Element(name=STUNT, rank=Rank.GOOD, trait=Trait.CUNNING,
                                      kind=ElementKind.STUNT))
    editor = CharacterEditor(CharacterDocument(character))
    qtbot.addWidget(editor)
    editor.resize(930, 900)  # the builder at 1366x768
    editor.show()
    _settle(qtbot)
    linked = editor.trait_rows[Trait.CUNNING].linked
    assert linked.shown_text() == linked.text()
    assert STUNT in linked.shown_text()


def test_the_element_columns_stay_put_as_ranks_and_traits_change(qtbot: QtBot) -> None:
    character = make_sarah()
    character.elements.append(Element(name="Let It Ride", rank=Rank.BASIC, trait=None,
                                      kind=ElementKind.WEAKNESS))
    document = CharacterDocument(character)
    editor = CharacterEditor(document)
    qtbot.addWidget(editor)
    editor.resize(700, 900)
    editor.show()
    _settle(qtbot)
    header = editor.elements.table.horizontalHeader()

    def edges() -> list[int]:
        return [header.sectionViewportPosition(c) for c in range(header.count())]

    before = edges()
    character.elements[0].rank = Rank.EXCEPTIONAL
    character.elements[1].trait = Trait.CHARISMA
    character.elements[1].acquired = character.elements[1].acquired.PLAY
    editor.refresh()
    _settle(qtbot)
    assert edges() == before


def test_the_nc_editors_tn_summary_never_scrolls_sideways(qtbot: QtBot) -> None:
    """Beside the NC editor's sheet at 1366x768 the summary's heading ("Each Stress drops
    it one Rank (and its TN); out below Weak.") was one unbroken line wider than its
    column: the summary scrolled sideways and hid the TN column."""
    editor = NCEditor(library.load_nc("dragon"))
    qtbot.addWidget(editor)
    editor.resize(830, 300)  # the Editor tab in the GM's Table at 1366x768
    editor.show()
    _settle(qtbot)
    side = editor.splitter.widget(1)
    assert isinstance(side, QScrollArea)
    assert not side.horizontalScrollBar().isVisible()
    sheet = side.widget()
    assert sheet is not None and sheet.width() <= side.viewport().width()


def test_applying_the_stress_moves_no_roll_in_the_history(qtbot: QtBot) -> None:
    """The Test calculator's "Apply 1 Stress to …" came and went under the result, and
    the roll history below it jumped up under the mouse once it was clicked."""
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = GMDock(list, parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(1000, 2400)  # the whole page in view: no scrolling hides a move
    window.show()
    calc = dock.calculator
    dock.tabs.setCurrentWidget(calc)
    calc.quick_type.setCurrentIndex(calc.quick_type.findData(NCType.MINION.value))
    calc.quick_rank.setCurrentIndex(calc.quick_rank.findData(int(Rank.AVERAGE)))
    QTest.mouseClick(calc.add_quick_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(calc.step_buttons["action"], Qt.MouseButton.LeftButton)
    _settle(qtbot)
    log = calc.log_list

    def top() -> int:
        return log.mapTo(window, log.rect().topLeft()).y()

    before = top()
    calc.die1.setValue(9)
    calc.die2.setValue(8)
    QTest.mouseClick(calc.judge_button, Qt.MouseButton.LeftButton)
    _settle(qtbot)
    assert calc.apply_stress_button.isVisible()
    shown = top()
    QTest.mouseClick(calc.apply_stress_button, Qt.MouseButton.LeftButton)
    _settle(qtbot)
    assert not calc.apply_stress_button.isVisible()
    assert top() == shown
    assert before <= shown
