"""The Elements table model: one row per Element of the open character."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont

from seforge.systems.swords_edge.models import (
    MAX_GM_EXTRA_COST,
    TRAITS,
    Acquired,
    Element,
    ElementKind,
)
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank
from ui.systems.swords_edge.commands import SetTextCommand, kind_label
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.trait_style import trait_chip, trait_colour

COLUMNS = ("Element", "Rank", "Trait", "Kind", "GM charge")
NAME, RANK, TRAIT, KIND, GM = range(len(COLUMNS))
EDITABLE = frozenset({NAME, RANK, TRAIT, KIND})

ModelIndex = QModelIndex | QPersistentModelIndex
IN_PLAY = " (in play)"
"""After the kind of an Element gained in play."""


def column_texts(column: int) -> list[str]:
    """Every text the Rank, Trait, Kind or GM charge column may show: the widest sets
    the column's width, so that no change to an Element moves the columns."""
    if column == RANK:
        return [rank.display() for rank in Rank]
    if column == TRAIT:
        return [trait.value for trait in TRAITS] + ["—"]
    if column == KIND:
        return [kind_label(kind) + suffix for kind in ElementKind for suffix in ("", IN_PLAY)]
    if column == GM:
        return [f"+{MAX_GM_EXTRA_COST}", "—"]
    return []


class ElementsModel(QAbstractTableModel):
    """Shows ``document.character.elements``.

    The name, Rank, Trait and Kind cells are editable in place. The name is written
    here (through SetTextCommand); the Rank, Trait and Kind cells are edited by
    ``ui.systems.swords_edge.element_delegates.ElementCellDelegate``, which pushes the same undo
    commands
    as the details area. The GM charge stays read-only in the table."""

    def __init__(self, document: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._rows = len(document.character.elements)
        self._snapshot: list[tuple[object, ...]] = self._take_snapshot()

    def _take_snapshot(self) -> list[tuple[object, ...]]:
        return [
            (e.name, e.rank, e.trait, e.kind, e.gm_extra_cost, e.acquired)
            for e in self.document.character.elements
        ]

    def element(self, row: int) -> Element:
        return self.document.character.elements[row]

    def refresh(self) -> None:
        """Bring the view up to date: reset on a structural change, else update the
        rows whose content changed."""
        snapshot = self._take_snapshot()
        if len(snapshot) != self._rows:
            self.beginResetModel()
            self._rows = len(snapshot)
            self._snapshot = snapshot
            self.endResetModel()
            return
        for row, (old, new) in enumerate(zip(self._snapshot, snapshot, strict=True)):
            if old != new:
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
        self._snapshot = snapshot

    def refresh_colours(self) -> None:
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(self._rows - 1, len(COLUMNS) - 1))

    # -- Qt model API -----------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole:
                return COLUMNS[section]
            if role == Qt.ItemDataRole.ToolTipRole and section == GM:
                return "Extra Ranks the GM charges for a Quality that covers too much"
        elif role == Qt.ItemDataRole.DisplayRole:
            return str(section + 1)
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() in EDITABLE:
            base |= Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= self._rows:
            return None
        element = self.element(index.row())
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(element, column, role == Qt.ItemDataRole.EditRole)
        if role == Qt.ItemDataRole.DecorationRole and column == TRAIT:
            return trait_chip(element.trait)
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == TRAIT and element.trait is not None:
                return trait_colour(element.trait)
            if column == NAME and not element.name.strip():
                return QColor("#8a857c")
        if role == Qt.ItemDataRole.FontRole and column == TRAIT:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == GM:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(element, column)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._text(element, column, False)
        return None

    def _text(self, element: Element, column: int, editing: bool) -> str:
        if column == NAME:
            return element.name if editing or element.name.strip() else "(unnamed)"
        if column == RANK:
            return element.rank.display()
        if column == TRAIT:
            return element.trait.value if element.trait is not None else "—"
        if column == KIND:
            text = kind_label(element.kind)
            if element.acquired is Acquired.PLAY:
                text += IN_PLAY
            return text
        if column == GM:
            return f"+{element.gm_extra_cost}" if element.gm_extra_cost else "—"
        return ""

    def _tooltip(self, element: Element, column: int) -> str:
        if column == NAME:  # the whole name too: a narrow window elides it in the cell
            name = element.name.strip()
            rename = "Double-click or press F2 to rename"
            return f"{name}\n{rename}" if name else rename
        if column == RANK:
            return "Double-click or press F2 to change the Rank"
        if column == KIND:
            change = "Double-click or press F2 to change the kind"
            if element.kind is ElementKind.WEAKNESS:
                return ("A Weakness hinders; taking one at creation gives one more Rank "
                        f"to spend. {change}")
            return change
        if column == TRAIT:
            return "The Trait this Element is used with. Double-click or press F2 to change it"
        return ""

    def setData(
        self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != NAME:
            return False
        text = str(value)
        if text == self.element(index.row()).name:
            return False
        self.document.push(SetTextCommand(self.document, QualityKey.of_element(index.row()), text))
        return True
