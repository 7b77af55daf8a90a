"""The calculator's dice roller keeps its rolls in the acting PC's history, through
the PC's owner (issue 13, "the log is part of the character's history")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.library import load_nc
from seforge.systems.swords_edge.play.session import start_session
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm.calculator import CalculatorTab


def _open_in_session(window: MainWindow, tmp_path: Path, luck: int
                     ) -> tuple[CharacterDocument, CalculatorTab]:
    sarah = library.load_pc("sarah-x")
    start_session(sarah, luck=luck)
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    document = window.open_path(path)
    assert document is not None and not document.is_modified()
    window.ensure_ready()
    assert se_part(window).gm_dock is not None
    se_part(window).gm_dock.ensure_built()
    calc = se_part(window).gm_dock.calculator
    assert calc.actor_combo.choose(document.character)
    calc.add_library_by_id("desert-acolytes-leader")
    return document, calc


def test_a_roll_goes_into_the_history_and_undo_takes_it_back(
        window: MainWindow, tmp_path: Path) -> None:
    document, calc = _open_in_session(window, tmp_path, luck=1)
    kept = len(document.character.history)
    faces = iter([3, 5, 9])
    calc.die_roller = lambda: next(faces)
    QTest.mouseClick(calc.roll_button, Qt.MouseButton.LeftButton)
    history = document.character.history
    assert len(history) == kept + 1 and history[-1].kind == "roll"
    assert "rolled 3 and 5" in history[-1].what
    assert document.is_modified() and window.tabs.tabText(0).endswith(" *")
    # A Luck reroll spends the PC's Luck on the owner, one step with its roll.
    QTest.mouseClick(calc.roll_reroll_button, Qt.MouseButton.LeftButton)
    assert document.character.play.luck == 0
    assert [e.kind for e in document.character.history[-2:]] == ["spend_luck", "roll"]
    assert "Luck reroll 9 and 5" in document.character.history[-1].what
    # With no Luck left the core's reason refuses the next one; the Test is unchanged.
    log_size = calc.log_list.count()
    QTest.mouseClick(calc.roll_reroll_button, Qt.MouseButton.LeftButton)
    assert "not enough Luck" in calc.message_label.text()
    assert calc.log_list.count() == log_size and document.character.play.luck == 0
    document.undo_stack.undo()
    assert document.character.play.luck == 1
    assert len(document.character.history) == kept + 1
    document.undo_stack.undo()
    assert len(document.character.history) == kept
    assert not document.is_modified()


def test_a_scene_pairing_roll_goes_into_the_history_once(qtbot: object) -> None:
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm.calculator_pc_step import owner_step
    from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

    dock = GMDock(lambda: [])
    qtbot.addWidget(dock)  # type: ignore[attr-defined]
    tracker = SceneTracker(open_calculator=CalculatorBridge(dock.calculator, lambda: [], dock),
                           autosave=False)
    qtbot.addWidget(tracker)  # type: ignore[attr-defined]
    dock.set_pc_step(owner_step(tracker.registry))  # the scene records, not the calculator
    jyrell = library.load_pc("jyrell")
    start_session(jyrell)
    pc_id = tracker.add_pc(jyrell)
    assert pc_id is not None
    tracker.pair(pc_id, tracker.add_nc(load_nc("shock-troopers"), 2))
    QTest.mouseClick(tracker.panels[pc_id].buttons["calculator"], Qt.MouseButton.LeftButton)
    document = tracker.document_of(pc_id)
    assert document is not None
    kept = len(jyrell.history)
    faces = iter([4, 4])
    dock.calculator.die_roller = lambda: next(faces)
    QTest.mouseClick(dock.calculator.roll_button, Qt.MouseButton.LeftButton)
    rolls = [e for e in jyrell.history[kept:] if e.kind == "roll"]
    assert len(rolls) == 1 and "rolled 4 and 4" in rolls[0].what
    assert tracker.scene.log[-1].startswith("Jyrell · Momentum · rolled 4 and 4")
    document.undo_stack.undo()
    assert not [e for e in jyrell.history[kept:] if e.kind == "roll"]
