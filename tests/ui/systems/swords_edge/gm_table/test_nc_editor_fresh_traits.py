"""A new opponent after another one: the NC editor draws the Traits from the opponent it
now edits. Before, the Trait Ranks the new opponent does not have kept the last
opponent's Ranks (greyed), and ticking one gave the new opponent that old Rank."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.budget import TRAIT_START
from seforge.systems.swords_edge.models import TRAITS, Trait
from seforge.systems.swords_edge.ranks import Rank
from tests.ui.document_helpers import gm_table
from tests.ui.helpers import laptop_window
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table import NCEditor


def _choose(combo: QComboBox, rank: Rank) -> None:
    """Pick ``rank`` in a Rank list as the GM does (the list's ``activated``)."""
    index = combo.findData(int(rank))
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def _shown(editor: NCEditor) -> dict[Trait, tuple[bool, bool, str]]:
    """Each Trait as the editor shows it: ticked, its Rank list enabled, its Rank."""
    return {t: (editor.trait_checks[t].isChecked(), editor.trait_ranks[t].isEnabled(),
                editor.trait_ranks[t].currentText()) for t in TRAITS}


def test_a_new_opponent_shows_its_own_trait_ranks(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, made: list[MainWindow]) -> None:
    window = laptop_window(qtbot, monkeypatch, (1366, 768))
    made.append(window)
    library = gm_table(window).opponents
    editor = library.editor
    library.select("Troll")
    QTest.mouseClick(library.copy_button, Qt.MouseButton.LeftButton)
    assert editor.nc().name == "Troll"
    _choose(editor.trait_ranks[Trait.PHYSIQUE], Rank.LEGENDARY)
    _choose(editor.trait_ranks[Trait.CUNNING], Rank.WEAK)
    assert editor.nc().traits[Trait.PHYSIQUE] is Rank.LEGENDARY
    library.owner.drop_changes()  # the GM lets the edited copy go (no question)

    QTest.mouseClick(library.new_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    new = editor.nc()
    assert new.name == "New opponent" and not new.traits  # a minion: no Traits
    fresh = NCEditor(new)  # the same opponent in an editor that never showed another
    qtbot.addWidget(fresh)
    average = TRAIT_START.display()  # what ticking a Trait gives: where Traits start
    assert _shown(editor) == _shown(fresh) == {t: (False, False, average) for t in TRAITS}

    # Ticking a Trait gives the new opponent the Rank shown, not the Troll's.
    editor.trait_checks[Trait.PHYSIQUE].setChecked(True)
    assert editor.nc().traits == {Trait.PHYSIQUE: TRAIT_START}
    assert _shown(editor)[Trait.PHYSIQUE] == (True, True, average)
    # Taken away again, it shows where it would start once more.
    _choose(editor.trait_ranks[Trait.PHYSIQUE], Rank.GREAT)
    editor.trait_checks[Trait.PHYSIQUE].setChecked(False)
    assert _shown(editor)[Trait.PHYSIQUE] == (False, False, average)
    editor.undo_stack.undo()
    assert _shown(editor)[Trait.PHYSIQUE] == (True, True, Rank.GREAT.display())
