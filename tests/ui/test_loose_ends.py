"""Issue 19, "Broken or misleading": one test per loose end."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMessageBox

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import HistoryEntry
from seforge.systems.swords_edge.nc_builder import user_nc_folder
from tests.ui.helpers import se_part
from ui.shell.focus_ring import FocusRing
from ui.shell.settings import recent_labels
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table.opponents import OpponentLibrary
from ui.systems.swords_edge.rules_dialog import TableRulesDialog


def _page_width(path: Path) -> int:
    return round(float(PdfReader(str(path)).pages[0].mediabox.width))


def test_print_cards_with_the_default_paper_then_a_new_paper_size(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the real opponent library of a GM's Table the window built."""
    import ui.systems.swords_edge.exports
    from seforge.systems.swords_edge.sheet import default_paper_for_locale

    monkeypatch.setattr(ui.systems.swords_edge.exports, "open_file", lambda _p: True)
    assert window.preferences.paper == ""  # "follow the system locale"
    window.ensure_ready()
    se_part(window).gm_table_dock.show()
    assert se_part(window).gm_table is not None
    library_widget = se_part(window).gm_table.opponents
    targets = iter([tmp_path / "first.pdf", tmp_path / "second.pdf"])
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(next(targets)), "")))
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda _p, _t, text, *a: warnings.append(text)))
    library_widget.select("Gorgon", "Dragon")
    library_widget.print_button.click()
    assert warnings == []
    first = tmp_path / "first.pdf"
    locale_width = 612 if default_paper_for_locale().value == "letter" else 595
    assert _page_width(first) == locale_width
    # File › Paper Size reaches the GM's Table built before the change.
    other = "a4" if locale_width == 612 else "letter"
    window.paper_actions[other].trigger()
    library_widget.print_button.click()
    assert _page_width(tmp_path / "second.pdf") == (595 if other == "a4" else 612)


def test_book_opponent_edit_is_a_copy_with_a_clear_label(qtbot: object, app_dirs: object
                                                         ) -> None:
    lib = OpponentLibrary()
    qtbot.addWidget(lib)  # type: ignore[attr-defined]
    lib.select("Gorgon")
    assert not lib.edit_button.isEnabled()  # the book is not edited in place
    assert lib.copy_button.isEnabled()
    lib.copy_button.click()
    assert lib.editing_path is None
    assert lib.editor_title.text().startswith("A copy of the book's Gorgon")
    assert lib.save_editor() is not None
    assert lib.editor_title.text() == "Editing Gorgon.senc"
    lib.tree.clearSelection()
    for index in range(lib.tree.topLevelItemCount()):
        item = lib.tree.topLevelItem(index)
        if item.data(0, Qt.ItemDataRole.UserRole).origin == "own":
            item.setSelected(True)
    assert [e.origin for e in lib.selected_entries()] == ["own"]
    assert lib.edit_button.isEnabled()  # a file of the GM's own is edited in place
    lib.edit_button.click()
    assert lib.editor_title.text() == "Editing Gorgon.senc"
    # Double click on a book opponent opens a copy, never the book.
    lib.select("Dragon")
    lib.open_selected()
    assert lib.editing_path is None and "copy of the book's Dragon" in lib.editor_title.text()


def test_broken_file_preview_is_escaped(qtbot: object, app_dirs: tuple[Path, Path]) -> None:
    folder = user_nc_folder(app_dirs[1])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "<b>Bold & co.senc").write_text("{not json", encoding="utf-8")
    lib = OpponentLibrary()
    qtbot.addWidget(lib)  # type: ignore[attr-defined]
    lib.select("<b>Bold & co.senc")
    text = lib.preview.toPlainText()
    assert "<b>Bold & co.senc" in text  # shown as typed, not as markup
    assert "cannot be read" in text


def test_recent_labels_show_the_folder_where_names_collide() -> None:
    paths = ["/games/a/sarah.sechar", "/games/b/sarah.sechar", "/games/a/rogue.sechar",
             "/x/same/crag.sechar", "/y/same/crag.sechar"]
    assert recent_labels(paths) == [
        "sarah.sechar — a", "sarah.sechar — b", "rogue.sechar",
        "crag.sechar — /x/same", "crag.sechar — /y/same"]


def test_recent_files_drop_what_is_gone(window: MainWindow, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a" / "sarah.sechar", tmp_path / "b" / "sarah.sechar"
    for path in (first, second):
        path.parent.mkdir()
        save_character(library.load_pc("sarah-x"), path)
        window.open_path(path)
    window.close_current()
    window.close_current()
    shown = [window.start_page.recent_list.item(i).text()
             for i in range(window.start_page.recent_list.count())]
    assert shown == ["sarah.sechar — b", "sarah.sechar — a"]
    second.unlink()
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda *a: None))
    assert window.open_path(second) is None  # "no such file"
    assert window.preferences.recent_files == [str(first.resolve())]
    assert window.start_page.recent_list.count() == 1
    first.unlink()
    window.recent_menu.aboutToShow.emit()  # a file deleted behind our back goes too
    assert window.preferences.recent_files == []
    assert [a.text() for a in window.recent_menu.actions()] == ["No recent files"]


def test_elements_editor_with_nothing_selected_shows_no_rank(window: MainWindow) -> None:
    se_part(window).open_book_character(library.load_pc("sarah-x"))
    editor = window.current_editor()
    assert editor is not None
    elements = editor.elements
    elements.select_row(0)
    assert elements.rank_combo.currentText() == "Good +2"
    elements.table.selectionModel().clearCurrentIndex()
    elements.refresh()
    assert elements.current_row() == -1
    assert elements.rank_combo.currentIndex() == -1
    assert "Weak" not in elements.rank_combo.currentText()
    assert elements.kind_combo.currentIndex() == -1
    elements.select_row(0)
    elements.refresh()
    assert elements.rank_combo.currentText() == "Good +2"


def test_play_history_what_column_is_not_elided(qtbot: object) -> None:
    from tests.seforge.conftest import make_sarah
    from ui.systems.swords_edge.document import CharacterDocument
    from ui.systems.swords_edge.play import PlayPanel

    character = make_sarah()
    what = "Spent 1 Luck to clear this scene's Penalty Ranks on Cunning and Physique"
    character.history.append(HistoryEntry(session=1, scene=2, what=what, why="a long why"))
    panel = PlayPanel(CharacterDocument(character))
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    panel.resize(700, 600)
    panel.show()
    panel.refresh()
    table = panel.history
    # whole: on one line where it fits, else wrapped onto as many lines as it needs
    # (never cut, and never scrolled out of view to the right)
    from PySide6.QtCore import QRect, Qt

    box = QRect(0, 0, table.columnWidth(2) - 8, 10_000)
    needed = table.fontMetrics().boundingRect(box, Qt.TextFlag.TextWordWrap, what).height()
    assert table.rowHeight(0) >= needed
    assert table.horizontalScrollBar().maximum() == 0


def test_budget_problem_click_rings_the_field(window: MainWindow, qtbot: object) -> None:
    window.new_document()
    panel = se_part(window).budget_panel
    item = next(panel.problems.item(i) for i in range(panel.problems.count())
                if "no name" in panel.problems.item(i).text())
    panel.problems.itemClicked.emit(item)
    editor = window.current_editor()
    assert editor is not None
    rings = editor.name_edit.findChildren(FocusRing)
    assert len(rings) == 1 and rings[0].isVisible()
    assert rings[0].geometry() == editor.name_edit.rect()
    panel.problems.itemClicked.emit(item)  # a second click replaces the ring
    qtbot.waitUntil(lambda: len([r for r in editor.name_edit.findChildren(FocusRing)  # type: ignore[attr-defined]
                                 if r.isVisible()]) == 1)
    qtbot.waitUntil(lambda: not [r for r in editor.name_edit.findChildren(FocusRing)  # type: ignore[attr-defined]
                                 if r.isVisible()], timeout=5000)


def test_table_rules_explanations_are_readable(window: MainWindow) -> None:
    document = se_part(window).open_book_character(library.load_pc("sarah-x"))
    dialog = TableRulesDialog(document, window)
    notes = dialog.findChildren(QLabel, "ruleExplanation")
    assert len(notes) == len(dialog.boxes) >= 3
    assert all(note.isEnabled() for note in notes)
    dialog.close()


def test_calculator_character_list_follows_a_rename(window: MainWindow) -> None:
    document = se_part(window).open_book_character(library.load_pc("sarah-x"))
    window.ensure_ready()
    assert se_part(window).gm_dock is not None
    se_part(window).gm_dock.ensure_built()
    combo = se_part(window).gm_dock.calculator.actor_combo
    combo.setCurrentIndex(1)
    assert combo.currentText() == "Sarah X"
    editor = window.current_editor()
    assert editor is not None
    editor.name_edit.selectAll()
    editor.name_edit.insert("Sarah Y")
    editor.name_edit.textEdited.emit("Sarah Y")
    QApplication.processEvents()
    assert document.character.name == "Sarah Y"
    assert combo.currentText() == "Sarah Y" and combo.currentIndex() == 1


def test_book_character_opens_as_a_labelled_copy(qtbot: object) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from ui.systems.swords_edge.library_dialog import LibraryDialog

    dialog = LibraryDialog()
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Open)
    assert button.text() == "Open a &Copy" and "not changed" in button.toolTip()
