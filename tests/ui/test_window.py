"""The window as a whole: menus, docks, themes, start page, refresh speed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMenu, QWidget

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.ranks import Rank
from tests.ui.helpers import choose_rank, se_part
from ui.shell.settings import load_preferences
from ui.shell.window import MainWindow
from ui.systems.swords_edge.commands import SetRankCommand


def test_start_page_until_a_character_opens(window: MainWindow) -> None:
    assert window.windowTitle() == "SEForge"
    assert window.stack.currentWidget() is window.start_page
    assert not window.save_action.isEnabled()
    window.start_page.new_button.click()
    assert window.stack.currentWidget() is window.tabs
    assert window.tabs.isMovable() and window.tabs.tabsClosable()
    window.new_document()
    assert [window.tabs.tabText(i) for i in range(2)] == ["Untitled", "Untitled 2"]
    assert len(window.documents()) == 2


def test_a_system_part_is_reached_by_its_id_only(window: MainWindow) -> None:
    """No attribute of a system's part on the window itself (mypy sees every access)."""
    part = se_part(window)
    assert window.part("swords-edge") is part and part.budget_dock is not None
    with pytest.raises(AttributeError):
        getattr(window, "play_dock")  # noqa: B009  (the very access that must fail)
    with pytest.raises(KeyError):
        window.part("no-such-system")


def test_standard_shortcuts(window: MainWindow) -> None:
    assert window.new_action.shortcut() == QKeySequence(QKeySequence.StandardKey.New)
    assert window.save_as_action.shortcut() == QKeySequence("Ctrl+Shift+S")
    assert QKeySequence("Ctrl+Shift+Z") in window.redo_action.shortcuts()
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)


def test_add_dock_puts_it_in_the_view_menu(window: MainWindow) -> None:
    dock = QDockWidget("GM Screen", window)
    dock.setWidget(QLabel("gm"))
    seen: list[int] = []
    window.documents_changed.connect(lambda: seen.append(len(window.documents())))
    window.add_dock(dock, Qt.DockWidgetArea.LeftDockWidgetArea)
    assert dock.toggleViewAction() in window.view_menu.actions()
    assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    window.new_document()
    assert seen == [1]


def test_theme_switch_is_remembered(window: MainWindow, qapp: QApplication) -> None:
    window.theme_actions["dark"].trigger()
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 128
    assert load_preferences().theme == "dark"
    window.theme_actions["light"].trigger()
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 128


def test_controls_have_names_and_tooltips(window: MainWindow) -> None:
    se_part(window).open_book_character(load_pc("sarah-x"))
    editor = window.current_editor()
    assert editor is not None
    editor.elements.select_row(0)
    missing = [
        w.objectName() or type(w).__name__
        for w in editor.findChildren(QWidget)
        if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(editor)
        and type(w).__name__ not in ("QScrollBar", "QWidget", "QScrollArea", "CharacterEditor")
        and not w.objectName().startswith("qt_")
        and (not w.accessibleName() or not w.toolTip())
    ]
    assert missing == []


def test_budget_panel_updates_synchronously_on_each_edit(window: MainWindow) -> None:
    """Every pushed edit updates the budget panel before push() returns (its speed is
    measured by the 'rank' benchmark, not asserted here)."""
    document = se_part(window).open_book_character(load_pc("sarah-x"))
    editor = window.current_editor()
    assert editor is not None
    choose_rank(editor, "background", Rank.GOOD)
    for i in range(6):
        rank = Rank.GREAT if i % 2 == 0 else Rank.GOOD
        document.push(SetRankCommand(document, "background", rank))
        expected = "7 of 6" if rank is Rank.GREAT else "6 of 6"
        assert expected in se_part(window).budget_panel.summary.text()


def test_gm_docks_are_installed_and_built_on_demand(window: MainWindow, qtbot: object) -> None:
    window.ensure_ready()
    names = [a.text() for a in window.view_menu.actions()]
    assert {"Play", "GM Screen", "GM's Table"} <= set(names)
    assert se_part(window).gm_table is None, "the GM's Table is built only when first shown"
    se_part(window).gm_table_dock.show()
    assert se_part(window).gm_table is not None
    assert se_part(window).gm_table_dock.widget() is se_part(window).gm_table


def test_play_dock_follows_the_current_character(window: MainWindow) -> None:
    from seforge.systems.swords_edge import library

    window.ensure_ready()
    assert se_part(window).play_dock is not None
    jyrell = se_part(window).open_book_character(library.load_pc("jyrell"))
    panel = se_part(window).play_dock.panel_for(jyrell)
    assert se_part(window).play_dock.stack.currentWidget().widget() is panel
    panel.start_session()
    assert jyrell.character.play.session_running
    assert jyrell.is_modified()
    window.undo_action.trigger()
    assert not jyrell.character.play.session_running
    window.close_current()
    assert se_part(window).play_dock.stack.currentWidget() is se_part(window).play_dock.placeholder


def test_file_menu_exports_write_real_pdfs(window: MainWindow, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from pypdf import PdfReader
    from PySide6.QtWidgets import QFileDialog

    from seforge.systems.swords_edge import library

    targets = iter([tmp_path / "rogue", tmp_path / "party.pdf", tmp_path / "blank.pdf"])
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(next(targets)), "")))
    se_part(window).open_book_character(library.load_pc("the-rogue"))
    se_part(window).open_book_character(library.load_pc("sarah-x"))
    window.set_paper("letter")
    sheet = se_part(window).export_sheet()
    assert sheet == tmp_path / "rogue.pdf", "the .pdf suffix is added"
    reader = PdfReader(str(sheet))
    assert len(reader.pages) == 1 and "Sarah X" in reader.pages[0].extract_text()
    assert round(float(reader.pages[0].mediabox.width)) == 612  # Letter
    party = se_part(window).export_party()
    assert party is not None and len(PdfReader(str(party)).pages) == 2
    blank = se_part(window).print_blank()
    assert blank is not None and "WHO ARE YOU?" in PdfReader(str(blank)).pages[0].extract_text()


def test_dock_placement_survives_a_restart(qtbot: object, prompts: list[str]) -> None:
    from PySide6.QtCore import Qt

    first = MainWindow(autosave_interval_ms=50)
    qtbot.addWidget(first)  # type: ignore[attr-defined]
    first.show()
    first.ensure_ready()
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first.gm_screen_dock)
    first.gm_screen_dock.show()
    first.close()  # a clean exit saves the layout

    second = MainWindow(autosave_interval_ms=50)
    qtbot.addWidget(second)  # type: ignore[attr-defined]
    second.show()
    second.ensure_ready()
    assert second.dockWidgetArea(second.gm_screen_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert second.gm_screen_dock.isVisible()
    second.close()


def test_the_blank_sheet_names_its_game_beside_another_games_document(
        window: MainWindow, qtbot: object) -> None:
    """"Print Blank Sheet…" stayed on the File menu with a Blades scoundrel open and wrote a
    Sword's Edge sheet: the entry says whose sheet it writes."""
    window.ensure_ready()
    window.new_document("blades")
    texts: list[str] = []

    def read(menu: QMenu) -> None:
        menu.aboutToShow.emit()
        for action in menu.actions():
            texts.append(action.text().replace("&", ""))
            if action.menu() is not None:
                read(action.menu())

    read(window.file_menu)
    blank = [t for t in texts if "Blank" in t]
    assert blank == ["Blank Sword's Edge Sheet (PDF)…"]
