"""Issue 12, hole 6: the Play panel and the party view show any play state the core
accepts (Mythic Traits, every Penalty Rank box, the most Luck) without failing."""

from __future__ import annotations

from pathlib import Path

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import MAX_LUCK, MAX_PENALTY_RANKS, PlayState, Trait
from seforge.systems.swords_edge.ranks import Rank
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm_table.party import PartyView
from ui.systems.swords_edge.play import PlayPanel


def _extreme(tmp_path: Path) -> Path:
    tella = library.load_pc("tella-of-jost")
    tella.traits = {**tella.traits, Trait.PHYSIQUE: Rank.MYTHIC, Trait.CUNNING: Rank.WEAK}
    tella.play = PlayState(
        luck=MAX_LUCK,
        penalty_ranks={Trait.CUNNING: MAX_PENALTY_RANKS, Trait.CHARISMA: MAX_PENALTY_RANKS},
        scene_penalty_ranks={Trait.CUNNING: 2},
        sfx_penalty_ranks={"Voice of Command": MAX_PENALTY_RANKS},
    )
    path = tmp_path / "tella.sechar"
    save_character(tella, path)
    return path


def test_play_panel_shows_extreme_state(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from seforge.systems.swords_edge.fileformat import load_character

    character = load_character(_extreme(tmp_path))
    panel = PlayPanel(CharacterDocument(character))
    qtbot.addWidget(panel)
    panel.show()
    assert panel.luck_tokens.count() == MAX_LUCK
    assert panel.luck_tokens.sizeHint().width() < 600
    assert not panel.grab().isNull()


def test_party_view_shows_extreme_state(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    view = PartyView()
    qtbot.addWidget(view)
    view.add_characters([_extreme(tmp_path)])
    text = view.column_texts()[0]
    assert "Physique Mythic" in text
    assert f"Luck {MAX_LUCK}" in text
    assert "Cunning -6 (7 PR: -6)" in text


def test_gm_dock_takes_a_mythic_quality(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMainWindow

    from ui.systems.swords_edge.gm.dock import GMDock

    sarah = library.load_pc("sarah-x")
    sarah.concept.rank = Rank.MYTHIC
    sarah.elements[0].rank = Rank.MYTHIC
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = GMDock(lambda: [sarah], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    assert dock.calculator.actor_combo.choose(sarah)
    assert dock.calculator.choose_quality("Bounty Hunter")


def test_sfx_penalty_line_only_under_the_subsystem(qtbot) -> None:  # type: ignore[no-untyped-def]
    tella = library.load_pc("tella-of-jost")
    panel = PlayPanel(CharacterDocument(tella))
    qtbot.addWidget(panel)
    panel.show()
    assert not panel.sfx_label.isVisible()  # the simple way: an SFX is a Quality
    tella.options.sfx_subsystem = True
    panel.refresh()
    assert panel.sfx_label.isVisible() and "Voice of Command 0" in panel.sfx_label.text()


def test_critical_failure_dialog_records_a_second_trait(qtbot) -> None:  # type: ignore[no-untyped-def]
    from ui.systems.swords_edge.play.dialogs import CriticalFailureDialog

    dialog = CriticalFailureDialog(library.load_pc("sarah-x"))
    qtbot.addWidget(dialog)
    dialog.set_values(["concept"], Trait.CUNNING, Trait.PHYSIQUE)  # L363: Luck added Physique
    assert dialog.values() == (["concept", "trait:Physique"], Trait.CUNNING)
