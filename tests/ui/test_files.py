"""Saving, opening, closing: files, prompts and error messages."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    load_character,
    save_character,
)
from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import build_sarah_x, se_part, type_into
from ui.shell.settings import load_preferences
from ui.shell.window import MainWindow


def _save_to(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))


def test_save_reopen_and_compare(window: MainWindow, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    editor = build_sarah_x(window)
    _save_to(monkeypatch, tmp_path / "sarah")
    window.save_action.trigger()
    saved = tmp_path / "sarah.sechar"
    assert saved.exists()
    assert not window.isWindowModified()
    assert window.windowTitle() == "Sarah X[*]"
    assert window.tabs.tabText(0) == "Sarah X"
    assert window.tabs.tabToolTip(0).startswith("sarah.sechar\n")
    assert load_character(saved) == editor.document.character
    built = editor.document.character.model_copy(deep=True)
    window.close_action.trigger()
    assert window.tabs.count() == 0
    assert window.stack.currentWidget() is window.start_page
    document = window.open_path(saved)
    assert document is not None
    assert document.character == built
    assert str(saved.resolve()) == load_preferences().recent_files[0]


def test_opening_an_open_file_switches_to_its_tab(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    first = window.open_path(path)
    window.new_document()
    assert window.tabs.currentIndex() == 1
    again = window.open_path(path)
    assert again is first
    assert window.tabs.count() == 2
    assert window.tabs.currentIndex() == 0


def test_broken_file_shows_the_core_message(window: MainWindow, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    good = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), good)
    window.open_path(good)
    window.new_document()
    broken = tmp_path / "broken.sechar"
    broken.write_text('{"format": "seforge.character", "version": 1, "name": ', "utf-8")
    with pytest.raises(CharacterFileError) as expected:
        load_character(broken)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda parent, title, text, *a: shown.append(text)))
    assert window.open_path(broken) is None
    assert shown == [str(expected.value)]
    assert window.tabs.count() == 2
    assert window.documents()[0].character.name == "Sarah X"
    assert window.tabs.currentIndex() == 1


def test_any_extension_opens_and_save_as_appends_suffix(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    odd = tmp_path / "sarah.json"
    save_character(load_pc("sarah-x"), odd)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a, **k: ([str(odd)], "")))
    window.open_action.trigger()
    assert window.current_document() is not None
    _save_to(monkeypatch, tmp_path / "copy")
    window.save_as_action.trigger()
    assert (tmp_path / "copy.sechar").exists()
    _save_to(monkeypatch, tmp_path / "kept.SECHAR")
    window.save_as_action.trigger()
    assert (tmp_path / "kept.SECHAR").exists()


def test_unsaved_changes_prompt_on_closing_a_tab(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.name_edit, "Sarah X")
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save]
    asked: list[str] = []

    def question(parent: object, title: str, text: str, *args: object) -> object:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    _save_to(monkeypatch, tmp_path / "x.sechar")
    assert not window.close_current()
    assert window.tabs.count() == 1
    assert window.close_current()
    assert len(asked) == 2 and "“Sarah X”" in asked[0]  # by its name, as its tab
    assert load_character(tmp_path / "x.sechar").name == "Sarah X"


def test_quit_asks_for_every_modified_document(window: MainWindow, prompts: list[str]) -> None:
    se_part(window).open_book_character(load_pc("jyrell"))
    window.new_document()
    assert window.close()
    assert len(prompts) == 1 and "Jyrell" in prompts[0]


def test_start_page_lists_recent_files(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    window.open_path(path)
    window.close_current()
    assert window.start_page.recent_list.count() == 1
    item = window.start_page.recent_list.item(0)
    window.start_page.recent_list.itemActivated.emit(item)
    assert window.current_document() is not None
    assert window.current_document().path == path  # type: ignore[union-attr]


def test_revert_is_offered_as_soon_as_a_new_document_is_saved(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new document has no file to go back to; its first Save As gives it one, and
    File › Revert to Saved is offered at once (it stayed greyed until another tab was
    shown)."""
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    type_into(editor.name_edit, "Sarah X")
    assert not window.revert_action.isEnabled()
    _save_to(monkeypatch, tmp_path / "sarah")
    window.save_as_action.trigger()
    assert (tmp_path / "sarah.sechar").exists()
    assert window.revert_action.isEnabled()
