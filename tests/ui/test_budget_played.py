"""The Budget dock calls a character "new" only until it has been played: after a step
of play (a Luck gained in the Play dock) a legal character is a legal character, as built
and advanced, and Undo makes it new again. Found in a player's session."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.validation import check_character
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow
from ui.systems.swords_edge.character_preview import preview_html


def test_a_played_character_is_no_longer_called_new(
        qtbot: QtBot, tmp_path: Path, window: MainWindow) -> None:
    path = tmp_path / "crag.sechar"
    save_character(library.load_pc("crag"), path)
    document = window.open_path(path)
    assert document is not None
    assert not document.character.history
    status = se_part(window).budget_panel.status
    assert status.text().startswith("✔ Legal new character")
    dock = se_part(window).play_dock
    assert dock is not None
    dock.show()
    panel = dock.panel_for(document)
    panel.refresh()
    assert panel.start_button.isEnabled()
    panel.start_button.click()  # a session begins: the first entry of its history
    assert document.character.history
    assert status.text().startswith("✔ Legal character"), status.text()
    window.undo_group.undo()
    assert not document.character.history
    assert status.text().startswith("✔ Legal new character")


def test_the_core_says_whether_the_character_was_played() -> None:
    crag = library.load_pc("crag")
    assert not check_character(crag).played
    assert "Legal new character" in preview_html(crag)
    played = crag.model_copy(deep=True)
    played.history = [*library.load_pc("crag").history]
    assert check_character(played).played is bool(played.history)
