"""Drive the editor the way a user does: through its widgets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow

from seforge.systems.swords_edge.models import ElementKind, Trait
from seforge.systems.swords_edge.ranks import Rank
from ui.shell.window import MainWindow
from ui.systems.swords_edge.editor import CharacterEditor
from ui.systems.swords_edge.widgets import HistoryLineEdit
from ui.systems.swords_edge.window_part import SwordsEdgeWindowPart

if TYPE_CHECKING:
    import pytest
    from pytestqt.qtbot import QtBot

    from seforge.systems.swords_edge.models import Character
    from ui.systems.swords_edge.gm import GMDock
    from ui.systems.swords_edge.gm.calculator import CalculatorTab


def shown_windows() -> list[MainWindow]:
    """The main windows on screen (a test that runs ``ui.app.main`` finds its window so)."""
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, MainWindow) and w.isVisible()]


def se_part(window: MainWindow) -> SwordsEdgeWindowPart:
    """What Sword's Edge added to ``window`` (its docks, menu and actions), typed."""
    part = window.part("swords-edge")
    assert isinstance(part, SwordsEdgeWindowPart)
    return part


def type_into(edit: HistoryLineEdit, text: str) -> None:
    """Type ``text`` key by key into an empty (or selected-all) line edit."""
    edit.setFocus()
    edit.selectAll()
    QTest.keyClicks(edit, text)


def choose_rank(editor: CharacterEditor, key: str, rank: Rank) -> bool:
    if key.startswith("trait:"):
        combo = editor.trait_rows[Trait(key.removeprefix("trait:"))].combo
    elif key.startswith("element:"):
        editor.elements.select_row(int(key.removeprefix("element:")))
        combo = editor.elements.rank_combo
    else:
        combo = editor.core_ranks[key]
    return combo.choose(rank)


def summary(window: MainWindow) -> str:
    return se_part(window).budget_panel.summary.text()


def problem_rules(window: MainWindow) -> list[str]:
    from ui.systems.swords_edge.budget_panel import RULE_ROLE

    return [str(i.data(RULE_ROLE)) for i in se_part(window).budget_panel.problem_items()
            if i.data(RULE_ROLE)]


def build_sarah_x(window: MainWindow) -> CharacterEditor:
    """Build the book's Sarah X from a new character, widget by widget."""
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.name_edit, "Sarah X")
    type_into(editor.campaign_edit, "Western")
    type_into(editor.core_names["concept"], "Bounty Hunter")
    assert choose_rank(editor, "concept", Rank.EXCEPTIONAL)
    type_into(editor.core_names["background"], "Military")
    type_into(editor.core_names["faculty"], "Hunting")
    editor.faculty_trait.choose(Trait.CUNNING)
    assert choose_rank(editor, "trait:Cunning", Rank.EXCEPTIONAL)
    QTest.mouseClick(editor.elements.add_button, Qt.MouseButton.LeftButton)
    assert editor.elements.current_row() == 0
    type_into(editor.elements.name_edit, "Sharp Eyes")
    editor.elements.trait_combo.choose(Trait.CUNNING)
    assert editor.document.character.elements[0].kind is ElementKind.QUALITY
    type_into(editor.pivot_edits["goal"], "Make amends for her father's actions.")
    type_into(editor.pivot_edits["quirk"], "That's some fine dirt.")
    type_into(editor.pivot_edits["style"], "Stoic")
    return editor


def against_two_troopers(dock: GMDock, pc: Character) -> CalculatorTab:
    """The GM Screen's Test calculator, shown, with ``pc`` acting against two of the
    book's Shock Troopers."""
    from seforge.systems.swords_edge.library import list_entries

    calc = dock.calculator
    dock.tabs.setCurrentWidget(calc)
    calc.actor_combo.choose(pc)
    trooper = next(e.id for e in list_entries("nc") if e.name == "Shock Troopers")
    calc.add_library_by_id(trooper)
    calc.add_library_by_id(trooper)
    return calc


TITLE_BAR = 30
"""The window manager's title bar, left out of a laptop screen's room."""


def laptop_window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                  size: tuple[int, int]) -> MainWindow:
    """The built window on a laptop screen of ``size`` (less a title bar), sized to all of
    its room: on a screen where the first window would open maximized, the test sizes it
    itself."""
    from PySide6.QtCore import QRect

    from ui.shell import screen_fit
    from ui.shell.settings import Preferences

    width, height = size
    area = QRect(0, 0, width, height - TITLE_BAR)
    monkeypatch.setattr(screen_fit, "available", lambda _widget: QRect(area))
    window = MainWindow(Preferences(), 3_600_000)
    qtbot.addWidget(window)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.show()
    window.ensure_ready()
    window.setGeometry(area)
    return window


def gm_dock_window(qtbot: QtBot, pc: Character, held: list[QMainWindow]) -> GMDock:
    """The Sword's Edge GM Screen docked in a window of its own, with ``pc`` to act (the
    window is kept in ``held``: one nobody holds is deleted under the test)."""
    from ui.systems.swords_edge.gm import GMDock

    window = QMainWindow()
    held.append(window)
    qtbot.addWidget(window)
    dock = GMDock(lambda: [pc], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(1100, 900)
    window.show()
    return dock


def settle() -> None:
    """Let the window lay out and redraw (a few rounds of queued events)."""
    for _ in range(4):
        QApplication.processEvents()


def laptop_gm_screen(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
                     pc_id: str, made: list[MainWindow]) -> tuple[MainWindow, GMDock]:
    """A laptop-sized window (``size``) with the book character ``pc_id`` open and the
    Sword's Edge GM Screen docked in front (the window is kept in ``made``)."""
    from seforge.systems.swords_edge.library import load_pc

    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    part = se_part(window)
    part.open_book_character(load_pc(pc_id))
    settle()
    window.gm_screen_dock.show()
    window.gm_screen_dock.raise_()
    dock = part.gm_dock
    assert dock is not None
    return window, dock
