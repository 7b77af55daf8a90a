"""Alt keys of the character builder: each letter goes to one field.

Found building a character keyboard-only: Alt+G went to Genre and, pressed again, to the
Goal Pivot; Alt+N went round Name, the Element's Name and the Element's Rank ("Ra&nk").
A letter shared by two fields makes a player press it again and look where the cursor
went; every field now has a letter of its own, none of them a menu's."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.ui.helpers import se_part
from ui.shell.keys import mnemonic
from ui.shell.window import MainWindow


def _alt_keys(window: MainWindow, page: QWidget) -> dict[str, list[str]]:
    keys: dict[str, list[str]] = defaultdict(list)
    for action in window.menuBar().actions():
        if action.isVisible() and mnemonic(action.text()):
            keys[str(mnemonic(action.text()))].append(f"menu {action.text()!r}")
    widgets: list[QWidget] = [*page.findChildren(QLabel), *page.findChildren(QAbstractButton),
                              *page.findChildren(QGroupBox)]
    for widget in widgets:
        if not widget.isVisible():
            continue
        if isinstance(widget, QLabel) and widget.textFormat() == Qt.TextFormat.RichText:
            continue
        text = widget.title() if isinstance(widget, QGroupBox) else widget.text()
        key = mnemonic(text)
        if key:
            keys[key].append(f"{type(widget).__name__} {text!r}")
    return keys


def test_every_alt_key_of_the_builder_goes_to_one_place(
        qtbot: QtBot, window: MainWindow) -> None:
    window.new_document()
    part = se_part(window)
    part.add_element_action.trigger()  # the Element's own fields show too
    QApplication.processEvents()
    editor = window.current_editor()
    assert editor is not None
    shared = {key: where for key, where in _alt_keys(window, editor).items() if len(where) > 1}
    assert shared == {}


def test_alt_g_goes_to_the_genre_and_alt_l_to_the_goal(
        qtbot: QtBot, window: MainWindow) -> None:
    window.new_document()
    editor = window.current_editor()
    window.activateWindow()
    qtbot.waitUntil(lambda: editor.isAncestorOf(QApplication.focusWidget()))
    alt = Qt.KeyboardModifier.AltModifier
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_G, alt)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor.genre_edit)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_G, alt)  # again: still there
    assert QApplication.focusWidget() is editor.genre_edit
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_L, alt)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor.pivot_edits["goal"])


def test_alt_down_on_add_element_opens_its_other_kinds(
        qtbot: QtBot, window: MainWindow) -> None:
    """Found keyboard-only: on the Add Element button, Alt+Down (the key of a drop-down)
    did not open the arrow's list of other kinds (Weakness, SFX...): the focus jumped to
    the Goal Pivot instead. It opens the list now, and Enter on Add Weakness adds one."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMenu

    window.new_document()
    editor = window.current_editor()
    button = editor.elements.add_button
    button.setFocus()
    qtbot.waitUntil(button.hasFocus)
    seen: list[str] = []

    def in_the_menu() -> None:
        menu = QApplication.activePopupWidget()
        seen.append(type(menu).__name__)
        if isinstance(menu, QMenu):
            weakness = next(a for a in menu.actions()
                            if a.text().replace("&", "") == "Add Weakness")
            menu.setActiveAction(weakness)
            qtbot.keyClick(menu, Qt.Key.Key_Return)

    QTimer.singleShot(50, in_the_menu)
    qtbot.keyClick(button, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: bool(seen))
    assert seen == ["QMenu"]
    qtbot.waitUntil(lambda: len(editor.document.character.elements) == 1)
    assert editor.document.character.elements[0].kind.value == "weakness"


def test_an_alt_key_brings_its_field_into_view(qtbot: QtBot, window: MainWindow) -> None:
    """Found at 1024 x 768: Alt+L put the cursor in the Goal Pivot, below the fold, and
    the page stayed where it was; the player typed into a field they could not see."""
    window.resize(1024, 700)
    window.new_document()
    editor = window.current_editor()
    window.activateWindow()
    qtbot.waitUntil(lambda: editor.isAncestorOf(QApplication.focusWidget()))
    goal = editor.pivot_edits["goal"]
    qtbot.waitUntil(lambda: editor.verticalScrollBar().maximum() > 0)
    editor.verticalScrollBar().setValue(0)
    assert goal.visibleRegion().isEmpty()  # below the fold to start with
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(goal.hasFocus)
    qtbot.waitUntil(lambda: not goal.visibleRegion().isEmpty())
    assert goal.visibleRegion().boundingRect().height() == goal.height()  # all of it


def test_a_fetish_elements_field_has_a_letter_of_its_own(
        qtbot: QtBot, window: MainWindow) -> None:
    """Found keyboard-only: a Fetish Element's "Fetish of" field took Alt+O, Concept's
    letter, so Alt+O went round the two fields."""
    from seforge.systems.swords_edge.models import ElementKind

    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    panel = editor.elements
    panel.add_actions[ElementKind.FETISH].trigger()  # Add Element's drop-down: Add Fetish
    qtbot.waitUntil(panel.fetish_label.isVisible)
    shared = {key: where for key, where in _alt_keys(window, editor).items() if len(where) > 1}
    assert shared == {}
    key = mnemonic(panel.fetish_label.text())
    assert key is not None
    panel.name_edit.setFocus()
    qtbot.keyClick(panel.name_edit, Qt.Key(ord(key.upper())), Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(panel.fetish_edit.hasFocus)  # one press: the field
