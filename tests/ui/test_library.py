"""Starting from a book character."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog

from tests.ui.helpers import problem_rules, se_part, summary
from ui.shell.window import MainWindow
from ui.systems.swords_edge.library_dialog import ALL_GENRES, LibraryDialog


def test_library_dialog_filters_and_previews(qtbot: object, window: MainWindow) -> None:
    dialog = LibraryDialog(window)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert "Jyrell" in dialog.visible_names()
    dialog.genre_combo.setCurrentText("Western")
    assert "Sarah X" in dialog.visible_names()
    assert "Jyrell" not in dialog.visible_names()
    dialog.genre_combo.setCurrentText(ALL_GENRES)
    dialog.filter_edit.setText("jyr")
    assert dialog.visible_names() == ["Jyrell"]
    html = dialog.preview.toPlainText()
    assert "Warrior Saint" in html
    assert "Ranks: 7 of 6 spent" in html
    assert "Breaks the creation rules" in html


def test_opening_jyrell_shows_the_overspend(window: MainWindow,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_exec(dialog: LibraryDialog) -> int:
        assert dialog.select("jyrell")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(LibraryDialog, "exec", fake_exec)
    window.start_page.buttons["library"].click()
    document = window.current_document()
    assert document is not None
    assert document.path is None
    assert document.title() == "Jyrell"
    assert document.is_modified()
    assert window.windowTitle() == "Jyrell[*]"
    # shown exactly as stored, never fixed
    assert document.character.concept.rank.label == "Great"
    assert summary(window) == "Ranks: 7 of 6 spent"
    assert "budget.over" in problem_rules(window)
    assert se_part(window).budget_panel.status.text().startswith("✘")
    assert not document.undo_stack.canUndo()


def test_typing_in_the_dialog_finds_a_character(qtbot: object, window: MainWindow) -> None:
    """Found in a real session: the keyboard started on the genre box, so typed letters
    went nowhere and Return opened the first book character."""
    from PySide6.QtCore import Qt

    dialog = LibraryDialog(window)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.show()
    qtbot.waitExposed(dialog)  # type: ignore[attr-defined]
    assert dialog.focusWidget() is dialog.filter_edit
    qtbot.keyClicks(dialog.focusWidget(), "tella")  # type: ignore[attr-defined]
    assert dialog.visible_names() == ["Tella of Jost"]
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)  # type: ignore[attr-defined]
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.selected_id() == "tella-of-jost"
