"""Issue 12: the builder's widgets refuse what the rules forbid, the reason in the
tooltip (a Stunt at creation, L539; a Quality gained in play off its start, L397)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel

from seforge.systems.swords_edge.editing import STUNT_AT_CREATION
from seforge.systems.swords_edge.models import Acquired, Element, ElementKind, Trait
from seforge.systems.swords_edge.ranks import Rank
from tests.ui.helpers import build_sarah_x
from ui.shell.window import MainWindow
from ui.systems.swords_edge.commands import InsertElementCommand


def test_no_stunt_for_a_creation_element(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    panel = editor.elements
    stunt = panel.add_actions[ElementKind.STUNT]
    assert not stunt.isEnabled() and STUNT_AT_CREATION in stunt.toolTip()
    assert panel.add_element(ElementKind.STUNT) == -1
    panel.select_row(0)
    combo = panel.kind_combo
    row = combo.findData(ElementKind.STUNT)
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    assert not model.item(row).isEnabled()
    assert STUNT_AT_CREATION in combo.itemData(row, Qt.ItemDataRole.ToolTipRole)
    combo.activated.emit(row)  # even if forced, nothing changes
    assert window.current_document().character.elements[0].kind is ElementKind.QUALITY  # type: ignore[union-attr]


def test_a_quality_gained_in_play_keeps_its_start(window: MainWindow) -> None:
    editor = build_sarah_x(window)
    document = window.current_document()
    assert document is not None
    stunt = Element(name="Cliff Climbing", rank=Rank.GOOD, trait=Trait.CUNNING,
                    kind=ElementKind.STUNT, acquired=Acquired.PLAY)
    document.push(InsertElementCommand(document, 1, stunt))
    editor.elements.select_row(1)
    combo = editor.elements.rank_combo
    assert combo.item(Rank.GOOD).isEnabled()
    assert not combo.item(Rank.LEGENDARY).isEnabled()
    assert "Advancements" in combo.item(Rank.LEGENDARY).toolTip()
    # a Stunt gained in play may stay a Stunt
    kinds = editor.elements.kind_combo
    model = kinds.model()
    assert isinstance(model, QStandardItemModel)
    assert model.item(kinds.findData(ElementKind.STUNT)).isEnabled()


def test_table_rules_dialog_offers_the_fetish_only_with_the_subsystem(
        window: MainWindow) -> None:
    from ui.systems.swords_edge.rules_dialog import TableRulesDialog

    build_sarah_x(window)
    document = window.current_document()
    assert document is not None
    dialog = TableRulesDialog(document, window)
    fetish, subsystem = dialog.boxes["fetish"], dialog.boxes["sfx_subsystem"]
    assert not fetish.isEnabled() and "Needs" in fetish.toolTip()
    subsystem.setChecked(True)
    assert fetish.isEnabled()
    fetish.setChecked(True)
    assert dialog.apply()
    assert document.character.options.fetish_rule
    window.undo()
    assert not document.character.options.sfx_subsystem
    assert not document.character.options.fetish
