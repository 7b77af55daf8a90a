"""In-place editors for the Elements table's Rank, Trait and Kind cells.

Each editor is the same widget the details area uses (RankCombo, TraitLinkCombo and
a combo of the Element kinds), and each commit pushes the same undo command the
details area pushes (SetRankCommand, SetLinkCommand, SetKindCommand) onto the
document; the model itself is never written. Which Ranks may be chosen comes from
``seforge.systems.swords_edge.editing.rank_choices``, asked again at commit time so a stale editor
cannot
commit a Rank the core no longer allows. Enter commits, Esc cancels (Qt's delegate
keys); leaving the editor also commits, as for the name cell.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from seforge.systems.swords_edge import editing
from seforge.systems.swords_edge.models import Element, ElementKind
from seforge.systems.swords_edge.quality_key import QualityKey
from ui.systems.swords_edge.commands import (
    KIND_LABELS,
    SetKindCommand,
    SetLinkCommand,
    SetRankCommand,
    kind_label,
)
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.elements_model import KIND, RANK, TRAIT
from ui.systems.swords_edge.rank_combo import RankCombo
from ui.systems.swords_edge.widgets import TraitLinkCombo

ModelIndex = QModelIndex | QPersistentModelIndex

KIND_EDITOR_TIP = "What sort of Element this is; it changes how it is bought"

KIND_HELP: dict[ElementKind, str] = {
    ElementKind.QUALITY: "An extra Quality tied to a Trait (bought at Good)",
    ElementKind.ITEM: "A signature piece of gear that works like a Quality",
    ElementKind.SFX: "A power beyond the ordinary; bought like any Element unless the "
                     "SFX Qualities subsystem table rule is on",
    ElementKind.WEAKNESS: "A flaw that hinders you; one taken now adds a Rank to spend",
    ElementKind.FETISH: "The price of an SFX power under the Fetish table rule",
    ElementKind.STUNT: "A trick learned in play; not bought with creation Ranks",
}
"""What each kind means; the tooltips of the kind combos (table and details area)."""


def apply_kind_choices(combo: QComboBox, choices: list[editing.KindChoice]) -> None:
    """Grey out the kinds the core refuses, the reason as the item's tooltip."""
    model = combo.model()
    for choice in choices:
        row = combo.findData(choice.kind)
        if row < 0:
            continue
        item = model.item(row) if hasattr(model, "item") else None
        if item is not None:
            item.setEnabled(choice.allowed)
        tip = KIND_HELP[choice.kind] if choice.allowed else f"Not offered: {choice.reason}"
        combo.setItemData(row, tip, Qt.ItemDataRole.ToolTipRole)


def kind_allowed(document: CharacterDocument, index: int | None, kind: ElementKind) -> bool:
    return any(c.kind is kind and c.allowed
               for c in editing.kind_choices(document.character, index))


class ElementCellDelegate(QStyledItemDelegate):
    """Edits the Rank, Trait or Kind cell of an Element row through undo commands."""

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document

    # -- helpers --------------------------------------------------------------------
    def _element(self, index: ModelIndex) -> Element | None:
        elements = self.document.character.elements
        if not index.isValid() or not 0 <= index.row() < len(elements):
            return None
        return elements[index.row()]

    @staticmethod
    def _key(index: ModelIndex) -> str:
        return QualityKey.of_element(index.row())

    # -- QStyledItemDelegate ----------------------------------------------------------
    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        column = index.column()
        if column == RANK:
            rank_editor = RankCombo(parent)
            rank_editor.setAccessibleName("Element Rank")
            rank_editor.setToolTip(
                "The Element's Rank; greyed-out Ranks say why when hovered. "
                "Enter keeps the choice, Esc cancels"
            )
            return rank_editor
        if column == TRAIT:
            trait_editor = TraitLinkCombo(parent=parent)
            trait_editor.setAccessibleName("Element Trait")
            trait_editor.setToolTip(
                "The Trait this Element is rolled with. Enter keeps the choice, Esc cancels"
            )
            # Remember the user's pick so ``trait()`` answers with it at commit time.
            trait_editor.trait_chosen.connect(trait_editor.set_trait)
            return trait_editor
        if column == KIND:
            kind_editor = QComboBox(parent)
            kind_editor.setAccessibleName("Element kind")
            kind_editor.setToolTip(f"{KIND_EDITOR_TIP}. Enter keeps the choice, Esc cancels")
            for kind in KIND_LABELS:
                kind_editor.addItem(kind_label(kind), kind)
                kind_editor.setItemData(
                    kind_editor.count() - 1, KIND_HELP[kind], Qt.ItemDataRole.ToolTipRole
                )
            return kind_editor
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        element = self._element(index)
        if element is None:
            return
        if isinstance(editor, RankCombo):
            editor.set_choices(
                editing.rank_choices(self.document.character, self._key(index)), element.rank
            )
        elif isinstance(editor, TraitLinkCombo):
            editor.set_trait(element.trait)
        elif isinstance(editor, QComboBox) and index.column() == KIND:
            apply_kind_choices(editor, editing.kind_choices(self.document.character,
                                                            index.row()))
            position = editor.findData(element.kind)
            if editor.currentIndex() != position:
                editor.setCurrentIndex(position)
        else:
            super().setEditorData(editor, index)

    def setModelData(
        self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex
    ) -> None:
        element = self._element(index)
        if element is None:
            return
        if isinstance(editor, RankCombo):
            rank = editor.currentData(Qt.ItemDataRole.UserRole)
            if rank is None or rank == element.rank:
                return
            key = self._key(index)
            choices = editing.rank_choices(self.document.character, key)
            if not any(c.rank == rank and c.allowed for c in choices):
                return
            self.document.push(SetRankCommand(self.document, key, rank))
        elif isinstance(editor, TraitLinkCombo):
            trait = editor.trait()
            if trait != element.trait:
                self.document.push(SetLinkCommand(self.document, self._key(index), trait))
        elif isinstance(editor, QComboBox) and index.column() == KIND:
            data = editor.currentData()
            if data is None:
                return
            kind = ElementKind(data)  # the combo hands the str enum back as a str
            if kind is not element.kind and kind_allowed(self.document, index.row(), kind):
                self.document.push(SetKindCommand(self.document, index.row(), kind))
        else:
            super().setModelData(editor, model, index)
