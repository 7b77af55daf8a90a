"""A player and a GM at the Sword of Life pages with the keyboard, in the real window at
1024x768 with the GM Screen open: where the focus lands in a new tab, where Tab takes it,
what Enter and Alt+letter do, and what the pages show whole.

Found driving the installed app with xdotool: typing in a new character or conflict went
nowhere, Tab typed a tab into the character's notes (and saved it), went round the sides'
table for ever, Enter added no skill, Alt+A and Alt+D pressed nothing (the GM Screen's
conflict screen had the same letters, so Qt only moved the focus, to a button scrolled out
of view), the specialty placeholders and the log's results were cut short."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QLabel,
    QScrollArea,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.conflict_model import SolConflict
from tests.ui.keyboard import active_window, focused, press, walk
from tests.ui.shell.layout_check import cut_placeholders
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.sword_of_life.builder import CharacterEditor
from ui.systems.sword_of_life.conflict_view import ConflictEditor
from ui.systems.sword_of_life.gm_screen import SolGmScreen


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def gm_page(window: MainWindow) -> SolGmScreen:
    """The GM Screen's Sword of Life page, on screen (as the GM has it open)."""
    window.ensure_ready()
    dock = window.gm_screen_dock
    dock.show()
    dock.follow("sword-of-life")
    page = dock.show_page("sword-of-life")
    assert isinstance(page, SolGmScreen)
    return page


def new_character(window: MainWindow) -> tuple[DocumentOwner[SolCharacter], CharacterEditor]:
    owner = window.new_document("sword-of-life", "sword-of-life.character")
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.widget, CharacterEditor)
    return owner, tab.widget


def new_conflict(window: MainWindow) -> tuple[DocumentOwner[SolConflict], ConflictEditor]:
    owner = window.new_document("sword-of-life", "sword-of-life.conflict")
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.widget, ConflictEditor)
    return owner, tab.widget


@pytest.mark.parametrize("kind", ["character", "conflict"])
def test_a_new_tab_takes_typing_in_its_name(window: MainWindow, qtbot: QtBot,
                                            kind: str) -> None:
    gm_page(window)
    owner = (new_character(window) if kind == "character" else new_conflict(window))[0]
    qtbot.keyClicks(focused(), "Ilse")
    press(Qt.Key.Key_Tab)
    assert owner.document.name == "Ilse"


def test_tab_leaves_the_notes_and_types_no_tab(window: MainWindow, qtbot: QtBot) -> None:
    owner, editor = new_character(window)
    editor.notes.setFocus()
    qtbot.keyClicks(editor.notes, "Ceres beat")
    assert press(Qt.Key.Key_Tab) is not editor.notes
    assert owner.document.notes == "Ceres beat"


def test_enter_adds_the_skill_typed(window: MainWindow, qtbot: QtBot) -> None:
    owner, editor = new_character(window)
    editor.skill_name.setFocus()
    qtbot.keyClicks(editor.skill_name, "forensics")
    press(Qt.Key.Key_Return)
    assert [skill.name for skill in owner.document.skills] == ["forensics"]


def test_tab_goes_through_the_sides_and_out(window: MainWindow) -> None:
    """Tab went from the last box of the sides back to the first, for ever."""
    _owner, editor = new_conflict(window)
    sides = editor.sides
    last = sides.cellWidget(sides.rowCount() - 1, 4)  # the last box that takes a number
    first = sides.cellWidget(0, 0)
    assert last is not None and first is not None
    after = walk(last, 1)[0]
    assert not sides.isAncestorOf(after) and after is not sides
    assert after is editor.add_button
    on_table, before = walk(first, 2, back=True)  # the table (a side to pick), then out
    assert on_table is sides
    assert not sides.isAncestorOf(before) and before is not sides


def test_tab_leaves_every_table(window: MainWindow) -> None:
    _owner, character = new_character(window)
    page = gm_page(window)
    tables = [character.skills, character.ratings, page.conflict.log,
              page.calculator.margins, page.calculator.automatic]
    trapped = [t.accessibleName() for t in tables if t.tabKeyNavigation()]
    assert trapped == []


def test_no_scroll_area_takes_the_focus(window: MainWindow) -> None:
    _owner, character = new_character(window)
    _conflict_owner, conflict = new_conflict(window)
    page = gm_page(window)
    roots: list[QWidget] = [character, conflict, page, *page.findChildren(QWidget)]
    takers = [area for root in (character, conflict, page)
              for area in root.findChildren(QAbstractScrollArea)
              if isinstance(area, QScrollArea) and area.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert roots and takers == []


def test_the_specialty_placeholders_are_whole_beside_the_gm_screen(
        window: MainWindow) -> None:
    gm_page(window)
    _owner, editor = new_character(window)
    QApplication.processEvents()
    assert cut_placeholders(editor) == []


def test_the_logs_results_are_whole(window: MainWindow, qtbot: QtBot) -> None:
    gm_page(window)
    owner, editor = new_conflict(window)
    editor.rng = random.Random(7)
    while editor.draw_button.isEnabled() and len(owner.document.log) < 8:
        editor.draw_button.click()
    qtbot.wait(50)
    log = editor.log
    short = [r for r in range(log.rowCount()) if log.rowHeight(r) < log.sizeHintForRow(r)]
    assert log.rowCount() and short == []


def test_alt_letters_press_the_button_of_the_pane_worked_in(window: MainWindow,
                                                            qtbot: QtBot) -> None:
    """Alt+A and Alt+D pressed nothing while the GM Screen's conflict screen, with the same
    letters, was open beside the character or the conflict."""
    page = gm_page(window)
    owner, editor = new_character(window)
    editor.skill_name.setFocus()
    qtbot.keyClicks(editor.skill_name, "forensics")
    press(Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # a button's letter clicks it
    qtbot.waitUntil(lambda: [s.name for s in owner.document.skills] == ["forensics"])

    conflict_owner, conflict = new_conflict(window)
    conflict.name_edit.setFocus()
    press(Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: len(conflict_owner.document.log) == 1)
    assert page.owner.document.log == []
    assert "&" not in page.conflict.draw_button.text()  # what shows is what works

    page.setCurrentWidget(page.conflict)
    page.conflict.name_edit.setFocus()
    press(Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: len(page.owner.document.log) == 1)
    qtbot.wait(200)  # (no second click comes)
    assert len(conflict_owner.document.log) == 1
    assert page.conflict.draw_button.text() == "&Draw exchange"
    assert "&" not in conflict.draw_button.text()


def test_each_panes_letters_are_unique(window: MainWindow) -> None:
    """Within one pane two controls with one letter make Alt+letter move the focus between
    them instead of pressing either."""
    from ui.shell.keys import mnemonic
    from ui.shell.mnemonic_scopes import show_mnemonics

    _owner, character = new_character(window)
    _conflict_owner, conflict = new_conflict(window)
    page = gm_page(window)
    for pane in (character, conflict, page):
        show_mnemonics(pane, True)
    views: list[tuple[QWidget, list[str]]] = [(character, []), (conflict, [])]
    for index in range(page.count()):
        page.setCurrentIndex(index)
        views.append((page, [page.tabText(i) for i in range(page.count())]))
        for pane, texts in views[-1:] if index < page.count() - 1 else views:
            shown = [*pane.findChildren(QAbstractButton), *pane.findChildren(QLabel)]
            texts = texts + [w.text() for w in shown if w.isVisibleTo(pane)]
            letters = [key for key in map(mnemonic, texts) if key is not None]
            assert len(letters) == len(set(letters)), (type(pane).__name__, sorted(letters))


def test_a_name_being_typed_stays_while_alt_letters_redraw_the_page(
        window: MainWindow, qtbot: QtBot) -> None:
    """Alt+D (or Alt+A) pressed with a name typed and not yet finished redrew the page
    from the document and erased the name."""
    conflict_owner, conflict = new_conflict(window)
    qtbot.keyClicks(focused(), "Airlock standoff")
    press(Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: len(conflict_owner.document.log) == 1)
    assert conflict.name_edit.text() == "Airlock standoff"
    press(Qt.Key.Key_Tab)
    assert conflict_owner.document.name == "Airlock standoff"

    owner, character = new_character(window)
    qtbot.keyClicks(focused(), "Jonah")
    press(Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # no skill typed: refused
    qtbot.waitUntil(lambda: character.message.text() != "")
    assert character.name_edit.text() == "Jonah"
    press(Qt.Key.Key_Tab)
    assert owner.document.name == "Jonah"
