"""A GM at the 2d20 pages with the keyboard, in the real window: where the focus lands in a
new tab, where Tab and Shift+Tab take it (every stop shows the focus and follows the page as
it reads, tables included), and what the page says after a step that changed nothing.

Found driving the installed app with xdotool: typing in a new record or conflict went
nowhere, Tab could not leave the conflict's table or the calculator's Momentum table, the
roller came last after every table of odds, and several page scroll areas took the focus with
nothing drawn."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Conflict, Side
from seforge.systems.twod20.models import Character
from seforge.systems.twod20.profiles import Profile
from tests.ui.helpers import laptop_window
from tests.ui.keyboard import active_window, focused, press, walk
from tests.ui.shell.layout_check import cut_placeholders
from tests.ui.systems.twod20.test_roller_target import click, gm_page, pick
from tests.ui.systems.twod20.test_session import Loaded  # dice showing given faces
from ui.shell.window import MainWindow
from ui.systems.twod20.conflict_view import ConflictView
from ui.systems.twod20.record_editor import RecordEditor
from ui.systems.twod20.twod20_ui import ConflictEditor


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def test_a_new_record_takes_typing_in_its_name(window: MainWindow, qtbot: QtBot) -> None:
    owner = window.new_document("2d20", "2d20.character")
    assert isinstance(owner.document, Character)
    qtbot.keyClicks(focused(), "Thak")
    press(Qt.Key.Key_Return)
    assert owner.document.name == "Thak"


def test_a_new_conflict_takes_typing_in_the_name_of_a_character_to_add(
        window: MainWindow, qtbot: QtBot) -> None:
    owner = window.new_document("2d20", "2d20.conflict")
    assert isinstance(owner.document, Conflict)
    qtbot.keyClicks(focused(), "Conan")
    press(Qt.Key.Key_Return)
    assert [c.name for c in owner.document.combatants] == ["Conan"]


def test_tab_leaves_the_conflicts_table_both_ways(window: MainWindow) -> None:
    owner = window.new_document("2d20", "2d20.conflict")
    owner.apply("Set up", lambda d: cf.add_combatant(
        cf.add_combatant(d, "Conan", Side.PC), "Pict", Side.NPC))
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.editor, ConflictEditor)
    view = tab.editor.view
    view.select("Conan")
    assert walk(view.table, 1) == [view.new_name]
    assert walk(view.table, 1, back=True) == [view.undo_button]   # Redo: nothing to redo


def test_the_calculators_tab_order_reads_down_the_page(window: MainWindow) -> None:
    """From the inputs' last control Tab goes to the roller (at the head of the results),
    through it, then to the odds, and on out of the Momentum table; Shift+Tab comes back."""
    page = gm_page(window)
    calc, roller = page.calculator, page.roller
    calc.hazard_group.show()                          # the inputs' last piece, on screen
    last_input = calc.hazard_group.test
    assert walk(last_input, 3) == [roller.writes_to, roller.who, roller.roll_test_button]
    assert walk(roller.writes_to, 1, back=True) == [last_input]
    assert walk(roller.log, 1) == [calc.momentum_table]
    beyond = walk(calc.momentum_table, 1)[0]
    assert beyond is not calc.momentum_table and calc.isAncestorOf(beyond)


def test_no_page_scroll_area_takes_the_focus(window: MainWindow) -> None:
    """A scroll area that took the focus showed nothing where it was."""
    window.new_document("2d20", "2d20.character")
    window.new_document("2d20", "2d20.conflict")
    page = gm_page(window)
    roots: list[QWidget] = [page]
    for index in range(window.tabs.count()):
        widget = window.tabs.widget(index)
        assert widget is not None
        roots.append(widget)
    takers = [area for root in roots for area in root.findChildren(QAbstractScrollArea)
              if isinstance(area, QScrollArea)
              and area.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert takers == []


def test_the_record_reads_name_first_and_the_ledger_last(window: MainWindow) -> None:
    window.new_document("2d20", "2d20.character")
    tab = window.controller.current_tab()
    assert tab is not None
    editor = tab.editor
    assert isinstance(editor, RecordEditor)
    assert walk(editor.name, 1, back=True) != [editor.problems]
    assert walk(editor.sheet_button, 3) == [editor.card_button, editor.derived,
                                             editor.problems]


def test_leaving_the_prices_unchanged_says_nothing(window: MainWindow) -> None:
    owner = window.new_document("2d20", "2d20.conflict")
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.editor, ConflictEditor)
    view: ConflictView = tab.editor.view
    prices = view.table_settings.set_prices
    prices.setFocus()
    press(Qt.Key.Key_Tab)                               # leaves the field as it was
    assert view.message.text() == ""
    assert not owner.undo_stack.canUndo()
    prices.setFocus()
    prices.selectAll()
    QTest.keyClicks(prices, "2, 3, 4")
    press(Qt.Key.Key_Tab)
    assert list(owner.document.settings.bonus_die_prices) == [2, 3, 4]
    assert view.message.text() == "Change the table settings."


def test_tab_goes_along_the_skill_rows_without_stopping_on_the_table(
        window: MainWindow) -> None:
    """The table itself took a stop at the end of each row (its TN cell), with nothing to
    type there, and one between each cell once a cell had been clicked."""
    window.new_document("2d20", "2d20.character")
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.editor, RecordEditor)
    rows = tab.editor.skill_table.rows
    assert walk(tab.editor.track_boxes["stress"], 7) == [*rows[0], *rows[1][:2]]


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_the_rollers_placeholders_are_whole(size: tuple[int, int], qtbot: QtBot,
                                            monkeypatch: pytest.MonkeyPatch,
                                            prompts: list[str]) -> None:
    """Qt cuts a placeholder wider than its field ('e.g. Vicious 1, Piercing 2, Knock…')."""
    made = laptop_window(qtbot, monkeypatch, size)
    page = gm_page(made)
    for _ in range(4):
        QApplication.processEvents()
    page.roller.qualities.clear()
    QApplication.processEvents()
    assert cut_placeholders(page) == []
    made.close()


def test_a_roll_is_written_once_and_again_after_its_undo(window: MainWindow,
                                                         qtbot: QtBot) -> None:
    """Found at the table: Apply test with the wrong payment, Ctrl+Z, and the roll could
    not be written again (the roller had forgotten it), short of rolling anew."""
    page = gm_page(window)
    roller, calc = page.roller, page.calculator
    owner = page.conflict_owner
    owner.apply("Set up", lambda d: cf.add_gm_pool(cf.add_combatant(
        cf.change_profile(d, Profile.CONAN), "Conan", Side.PC), 2))
    calc.tn.setValue(12)
    pick(roller.who, "Conan")
    pick(roller.pay, False)                                  # the bought d20 adds Doom
    calc.dice_count.setValue(3)
    roller.source = Loaded([1, 7, 20])
    click(qtbot, roller.roll_test_button)
    before = owner.document
    click(qtbot, roller.apply_test_button)
    written = owner.document
    assert written.gm_pool == before.gm_pool + 1
    assert not roller.apply_test_button.isEnabled()          # not twice for one roll
    assert "written already" in roller.apply_test_button.toolTip()
    window.activateWindow()
    roller.roll_test_button.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is roller.roll_test_button)
    window.undo_action.trigger()                             # Edit › Undo, from the roller
    assert owner.document == before
    click(qtbot, roller.apply_test_button)                   # the same roll, written again
    assert owner.document == written
    # damage too: written once, again after its undo
    calc.dmg_dice.setValue(2)
    roller.source = Loaded([2, 2])
    click(qtbot, roller.roll_damage_button)
    click(qtbot, roller.apply_damage_button)
    hurt = owner.document
    assert hurt != written and not roller.apply_damage_button.isEnabled()
    owner.undo_stack.undo()
    click(qtbot, roller.apply_damage_button)
    assert owner.document == hurt
