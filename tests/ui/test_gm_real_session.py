"""What a GM running the Example of Play in the installed app (xdotool, Xvfb, 1366x768 and
1024x768, light and dark) found wrong at the GM's Table and in the Test calculator."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QMainWindow,
    QStyleOptionViewItem,
    QTabBar,
    QTableWidget,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library, scene_autosave
from tests.ui.document_helpers import gm_table
from tests.ui.helpers import gm_dock_window, laptop_gm_screen, laptop_window, settle
from tests.ui.keyboard import launched_window
from tests.ui.shell.layout_check import problems
from tests.ui.test_gm_calculator import add_book_nc
from ui.shell.keys import mnemonic
from ui.shell.window import MainWindow
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.gm.calculator import CalculatorTab
from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
from ui.systems.swords_edge.gm_table.scene.autosave import autosave_folder
from ui.systems.swords_edge.gm_table.scene.dialogs import (
    AddOpponentsDialog,
    FacesDialog,
    StuntDialog,
)
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker


@pytest.fixture
def tracker(qtbot: QtBot) -> Iterator[SceneTracker]:
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    yield tracker


def _shown(qtbot: QtBot, dialog: QDialog) -> QDialog:
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None
                    and dialog.isAncestorOf(QApplication.focusWidget()))
    return dialog


def _ok(dialog: QDialog) -> QWidget:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None
    return ok


def test_typing_a_stunts_name_goes_into_the_name_not_onto_ok(qtbot: QtBot) -> None:
    """Found: the Stunt dialog opened with the keyboard on OK, so the space in "Stand and
    Deliver" pressed it ("Give the Stunt a name") and the dialog closed."""
    dialog = _shown(qtbot, StuntDialog("Tella of Jost"))
    assert isinstance(dialog, StuntDialog)
    assert QApplication.focusWidget() is dialog.name
    QTest.keyClicks(QApplication.focusWidget(), "Stand and Deliver")
    assert dialog.isVisible() and dialog.name.text() == "Stand and Deliver"


def test_tab_reads_a_scene_dialog_down_to_ok_and_cancel(qtbot: QtBot,
                                                         tracker: SceneTracker) -> None:
    pc = tracker.add_pc(library.load_pc("jyrell"))
    assert pc is not None
    tracker.add_nc(library.load_nc("shock-troopers"), 2)
    dialog = _shown(qtbot, FacesDialog(tracker.scene, pc, tracker))
    assert isinstance(dialog, FacesDialog)
    first, second = dialog.boxes.values()
    assert QApplication.focusWidget() is first
    QTest.keyClick(first, Qt.Key.Key_Space)  # ticks the box, does not press OK
    assert first.isChecked() and dialog.isVisible()
    seen = []
    for _ in range(3):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    assert seen[0] is second
    assert seen[1] is _ok(dialog)
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    assert seen[2] is buttons.button(QDialogButtonBox.StandardButton.Cancel)


def test_the_add_opponents_search_has_the_keyboard(qtbot: QtBot) -> None:
    dialog = _shown(qtbot, AddOpponentsDialog([library.load_nc("goblin"),
                                               library.load_nc("shock-troopers")]))
    assert isinstance(dialog, AddOpponentsDialog)
    assert QApplication.focusWidget() is dialog.search
    QTest.keyClicks(dialog.search, "Shock")
    assert dialog.list.count() == 1


def test_no_box_in_a_dialog_without_fields_breaks(qtbot: QtBot,
                                                  tracker: SceneTracker) -> None:
    pc = tracker.add_pc(library.load_pc("jyrell"))
    assert pc is not None
    dialog = FacesDialog(tracker.scene, pc, tracker)  # no NC yet: a line of text only
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.findChildren(QCheckBox)


def test_a_pc_saved_after_joining_the_scene_comes_back_from_its_file(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Found: book PCs put in a scene, then saved (File › Save As), came back after a
    restart as copies of their own (the scene's autosave still said "no file"): opening
    Jyrell's file then gave a second Jyrell ("Jyrell (1)", "Jyrell (2)" in the
    calculator), whose Luck the scene did not see."""
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    pc = tracker.add_pc(library.load_pc("jyrell"))  # a copy from the book: no file
    assert pc is not None and tracker.paths[pc] is None
    document = tracker.document_of(pc)
    assert document is not None
    path = tmp_path / "Jyrell.sechar"
    document.save(path)
    assert tracker.paths[pc] == path
    _scene, stored = scene_autosave.load_autosave(autosave_folder())
    record = stored.pcs[pc]
    assert record.path == str(path.absolute())

    registry = DocumentRegistry()
    again = SceneTracker(registry=registry, autosave=False)
    qtbot.addWidget(again)
    assert again.restore_autosave()
    restored = again.document_of(pc)
    assert restored is not None and restored.path == path
    opened = registry.open(path, "test")
    assert opened is restored  # the file's one document, in the scene and in a tab


def _alt_keys(window: MainWindow) -> dict[str, list[str]]:
    """Each Alt key a visible label, button, group box or tab title takes, with whose."""
    found: dict[str, list[str]] = {}
    texts: list[tuple[str, str]] = []
    for widget in [*window.findChildren(QLabel), *window.findChildren(QAbstractButton),
                   *window.findChildren(QGroupBox)]:
        if not widget.isVisible() or (isinstance(widget, QLabel)
                                      and widget.textFormat() == Qt.TextFormat.RichText):
            continue
        text = widget.title() if isinstance(widget, QGroupBox) else widget.text()
        texts.append((type(widget).__name__, text))
    for bar in window.findChildren(QTabBar):
        if bar.isVisible():
            texts += [("tab", bar.tabText(i)) for i in range(bar.count())]
    for kind, text in texts:
        key = mnemonic(text)
        if key:
            found.setdefault(key, []).append(f"{kind} {text!r}")
    return found


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from launched_window(qtbot)


def test_the_gm_docks_leave_the_menus_alt_keys_alone(qtbot: QtBot,
                                                     window: MainWindow) -> None:
    """Found with a real keyboard: with the GM Screen shown, Alt+F turned to its SFX tab
    instead of opening the File menu (and Alt+C, Alt+V went to the Scene tab, "Open in
    calculator" and the opponent's Preview). No tab title or control of the GM Screen
    and the GM's Table, a scene with a PC and its pairing in the calculator, takes a
    menu's key; and the two docks' tabs have a key each."""
    document = window.new_document()
    table = gm_table(window)
    scene = table.scene
    pc = scene.add_pc(document.character)
    assert pc is not None
    scene.pair(pc, scene.add_nc(library.load_nc("shock-troopers"), 2))
    window.gm_screen_dock.show()
    assert scene.open_in_calculator(pc)
    QApplication.processEvents()
    menus = {mnemonic(a.text()) for a in window.menuBar().actions() if a.isVisible()}
    screen_tabs = window.gm_screen_dock.findChild(QTabWidget, "gm_tabs")
    assert screen_tabs is not None
    clashes: list[str] = []
    tab_keys: list[str] = []
    for table_index in range(table.tabs.count()):
        table.tabs.setCurrentIndex(table_index)
        for screen_index in range(screen_tabs.count()):
            screen_tabs.setCurrentIndex(screen_index)
            QApplication.processEvents()
            found = _alt_keys(window)
            clashes += [f"{who} takes Alt+{key}" for key in menus if key
                        for who in found.get(key, [])]
    for tabs in (table.tabs, screen_tabs):
        tab_keys += [mnemonic(tabs.tabText(i)) or "" for i in range(tabs.count())]
    assert sorted(set(clashes)) == []
    assert len(set(tab_keys)) == len(tab_keys), tab_keys


def _cut_cells(view: QAbstractItemView, column: int) -> list[str]:
    """The texts of ``column`` wider than the column shows them (elided)."""
    model = view.model()
    width = view.columnWidth(column) if isinstance(view, QTableWidget) \
        else view.header().sectionSize(column)  # type: ignore[attr-defined]
    found = []
    for row in range(model.rowCount()):
        index = model.index(row, column)
        option = QStyleOptionViewItem()
        option.initFrom(view)
        wanted = view.itemDelegate().sizeHint(option, index).width()
        if wanted > width:
            found.append(f"{index.data()!r} needs {wanted} px, has {width}")
    return found


def test_at_1024_the_scene_shows_each_opponents_name_whole(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, prompts: list[str]) -> None:
    """Found at 1024x768 (the GM's Table docked under the sheet): the scene's Opponent
    column had shrunk to 45 px ("Des... Acol...", "pone") beside "Jyrell, Tella of
    Jost" in Faces."""
    window = laptop_window(qtbot, monkeypatch, (1024, 768))
    document = window.new_document()
    tella = window.new_document()
    table = gm_table(window)
    scene = table.scene
    jyrell_id = scene.add_pc(document.character)
    tella_id = scene.add_pc(tella.character)
    assert jyrell_id is not None and tella_id is not None
    leader, = scene.add_nc(library.load_nc("desert-acolytes-leader"))
    troopers = scene.add_nc(library.load_nc("shock-troopers"), 2)
    scene.pair(jyrell_id, [leader, *troopers])
    scene.pair(tella_id, [leader])
    scene.nc_takes_stress(leader, 3, "Test calculator")
    table.tabs.setCurrentWidget(scene)
    QApplication.processEvents()
    assert scene.overview.isVisible()
    assert _cut_cells(scene.overview, 0) == []
    for row in range(scene.overview.rowCount()):  # what wraps is still all there
        rect = scene.overview.visualRect(scene.overview.model().index(row, 3))
        assert rect.height() >= scene.overview.fontMetrics().height()


def test_the_opponent_library_gives_the_names_the_room(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, prompts: list[str]) -> None:
    """Found: "Desert Acolytes' Lea..." beside an empty From column that took half the
    spare room."""
    window = laptop_window(qtbot, monkeypatch, (1366, 768))
    window.new_document()
    table = gm_table(window)
    table.tabs.setCurrentWidget(table.opponents)
    table.opponents.search_edit.setText("Acolyte")
    QApplication.processEvents()
    assert table.opponents.tree.topLevelItemCount() == 1
    assert _cut_cells(table.opponents.tree, 0) == []


_WINDOWS: list[QMainWindow] = []
"""The windows of the running test (a window nobody holds is deleted under it)."""


@pytest.fixture
def calc(qtbot: QtBot) -> Iterator[CalculatorTab]:
    """Jyrell in the GM Screen's calculator against the Desert Acolytes' Leader alone,
    the Momentum won (Average): on the Action."""
    jyrell = library.load_pc("jyrell")
    dock = gm_dock_window(qtbot, jyrell, _WINDOWS)
    dock.resize(420, 700)
    calc = dock.calculator
    dock.tabs.setCurrentWidget(calc)
    assert calc.actor_combo.choose(jyrell)
    add_book_nc(calc, "Desert Acolytes' Leader")
    _judge(calc, 9, 9)
    _click(next(b for b in calc.next_buttons if b.text().startswith("Go to Action")))
    assert calc.step() == "action"
    yield calc
    _WINDOWS.clear()


def _click(button: QAbstractButton) -> None:
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def _judge(calc: CalculatorTab, d1: int, d2: int) -> None:
    calc.die1.setValue(d1)
    calc.die2.setValue(d2)
    _click(calc.judge_button)


def test_new_round_is_there_against_a_single_nc(calc: CalculatorTab) -> None:
    """Found: with one NC the row holding New round was hidden with the Against box,
    so a GM could not start the next round."""
    _judge(calc, 4, 4)
    assert calc.new_round_button.isVisible()
    assert not calc.target_combo.isVisible()  # nobody to choose between
    before = calc.owner.test.round_number
    _click(calc.new_round_button)
    assert calc.owner.test.round_number == before + 1


def test_after_its_stress_is_applied_a_roll_is_not_rerolled(calc: CalculatorTab) -> None:
    """Found: Luck reroll stayed available once the Stress was on the NC, and the
    better Level was applied on top of the first (Average 1 + Good 2: the Leader out)."""
    _judge(calc, 1, 3)  # 4 + 14 against 14: Average
    assert calc.reroll_button.isEnabled()
    _click(calc.apply_stress_button)
    assert calc.owner.test.opponents[0].stress == 1
    assert not calc.reroll_button.isEnabled()
    assert not calc.roll_reroll_button.isEnabled()
    assert "Stress is already on the NC" in calc.reroll_button.toolTip()


def test_a_refusal_below_the_fold_comes_into_view(qtbot: QtBot,
                                                  calc: CalculatorTab) -> None:
    """Found: judging again refused with its reason in the line above the page, out of
    sight of the dice the GM had scrolled down to: nothing seemed to happen."""
    _judge(calc, 1, 3)
    _click(calc.apply_stress_button)
    calc.scroll_area.ensureWidgetVisible(calc.judge_button)
    qtbot.waitUntil(lambda: not calc.judge_button.visibleRegion().isEmpty())
    assert calc.message_label.visibleRegion().isEmpty()
    _click(calc.judge_button)  # the same roll judged again: refused
    assert "press New round" in calc.message_label.text()
    qtbot.waitUntil(lambda: not calc.message_label.visibleRegion().isEmpty())


def test_another_test_opened_does_not_keep_the_last_refusal(calc: CalculatorTab) -> None:
    """Found: "Add an NC ... to set a TN" from Tella's Test still stood over Jyrell's."""
    calc._show_message("Add an NC (or mark the target Undefended) to set a TN.")
    character = calc.owner.character
    calc.load_test(calc.owner.test.model_copy(deep=True), character)
    assert calc.message_label.isHidden() and calc.message_label.text() == ""


def test_enter_in_a_die_judges_the_dice(calc: CalculatorTab) -> None:
    """Found: Enter in a die did nothing (Enter on a focused button is the window's:
    :mod:`ui.shell.key_habits`)."""
    calc.die1.setValue(7)
    calc.die2.setFocus()
    calc.die2.selectAll()
    QTest.keyClicks(calc.die2, "6")
    QTest.keyClick(calc.die2, Qt.Key.Key_Return)
    verdict = calc.owner.test.verdict
    assert verdict is not None and verdict.step == "action" and verdict.dice == (7, 6)


def test_the_calculator_names_the_history_its_undo_acts_on(qtbot: QtBot) -> None:
    """Ctrl+Z with the keyboard in the calculator went to the PC's tab (the window asks
    the Sword's Edge part which history a widget's Undo is): the calculator says which
    history its Undo button uses, its own or the scene's."""
    tracker = SceneTracker()
    qtbot.addWidget(tracker)
    jyrell = library.load_pc("jyrell")
    dock = gm_dock_window(qtbot, jyrell, _WINDOWS)
    bridge = CalculatorBridge(dock.calculator)
    tracker.open_calculator = bridge
    calc = dock.calculator
    assert calc.history_stack() is calc.owner.undo_stack
    pc = tracker.add_pc(jyrell)
    assert pc is not None
    tracker.pair(pc, tracker.add_nc(library.load_nc("shock-troopers")))
    assert tracker.open_in_calculator(pc)
    assert calc.history_stack() is tracker.undo_stack
    _WINDOWS.clear()


def test_at_1024_the_sfx_readings_show_their_choice_whole(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow]) -> None:
    """Found at 1024x768, the GM Screen docked beside the sheet: "SFX table modifie" and
    "Rule (Area TN + E" in the SFX tab's two reading boxes (and the page must not grow
    past the dock for them: cut at the right)."""
    _window, dock = laptop_gm_screen(qtbot, monkeypatch, (1024, 768), "jyrell", made)
    dock.tabs.setCurrentWidget(dock.sfx)
    settle()
    assert dock.sfx.momentum_reading.isVisible()
    for index in range(dock.sfx.momentum_reading.count()):
        dock.sfx.momentum_reading.setCurrentIndex(index)
        for other in range(dock.sfx.target_reading.count()):
            dock.sfx.target_reading.setCurrentIndex(other)
            settle()
            assert problems(dock.sfx) == []



def test_ok_in_faces_without_a_change_keeps_the_pairing(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tracker: SceneTracker) -> None:
    """Found: OK in "Whom does Jyrell face?" without a change logged "Jyrell faces
    nobody."; with opponents it paired again, which throws away the Momentum won and the
    rolls of the Test in progress. Dropping an NC the PC already faces did the same."""
    pc = tracker.add_pc(library.load_pc("jyrell"))
    assert pc is not None
    log = list(tracker.scene.log)
    monkeypatch.setattr(FacesDialog, "exec", lambda _d: QDialog.DialogCode.Accepted)
    _click(tracker.panels[pc].buttons["faces"])
    assert tracker.scene.log == log
    troopers = tracker.add_nc(library.load_nc("shock-troopers"), 2)
    tracker.pair(pc, troopers)
    assert tracker.record_momentum(pc, True, "Good", ["trait:Physique"])
    log = list(tracker.scene.log)
    steps = tracker.undo_stack.count()
    _click(tracker.panels[pc].buttons["faces"])  # both ticked as they were: OK
    tracker.add_to_pairing(pc, troopers[:1])     # one dropped where it already is
    assert tracker.scene.pc(pc).momentum == "pc"
    assert tracker.scene.log == log and tracker.undo_stack.count() == steps
