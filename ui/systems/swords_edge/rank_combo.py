"""RankCombo: a combo box of Ranks ("Great +4") whose forbidden items are greyed out.

The choices come from ``seforge.systems.swords_edge.editing.rank_choices``; an item the core does
not
allow is disabled and carries the core's reason as its tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QWidget

from seforge.systems.swords_edge.editing import RankChoice
from seforge.systems.swords_edge.ranks import QUALITY_RANKS, Rank


def _cost_text(change: int) -> str:
    if change > 0:
        return f"Costs {change} more Rank{'s' if change != 1 else ''}"
    if change < 0:
        return f"Gives back {-change} Rank{'s' if change != -1 else ''}"
    return "No change in Ranks spent"


class RankCombo(QComboBox):
    """Pick a Rank; emits ``rank_chosen`` only when the user picks a different one."""

    rank_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = QStandardItemModel(self)
        for rank in QUALITY_RANKS:
            item = QStandardItem(rank.display())
            item.setData(rank, Qt.ItemDataRole.UserRole)
            self._model.appendRow(item)
        self.setModel(self._model)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._state: tuple[tuple[bool, str, int], ...] = ()
        self._current: Rank | None = None
        self.activated.connect(self._on_activated)

    def item(self, rank: Rank) -> QStandardItem:
        item = self._model.item(QUALITY_RANKS.index(rank))
        assert item is not None
        return item

    def current_rank(self) -> Rank | None:
        return self._current

    def set_choices(self, choices: list[RankChoice], current: Rank) -> None:
        """Show ``current`` and enable/disable items; touches only what changed."""
        state = tuple((c.allowed, c.reason, c.cost_change) for c in choices)
        if state != self._state:
            self._state = state
            for choice in choices:
                item = self.item(choice.rank)
                if item.isEnabled() != choice.allowed:
                    item.setEnabled(choice.allowed)
                tip = choice.reason if not choice.allowed else _cost_text(choice.cost_change)
                if choice.rank == current:
                    tip = "Current Rank"
                item.setData(tip, Qt.ItemDataRole.ToolTipRole)
        if current != self._current:
            self._current = current
            blocked = self.blockSignals(True)
            if current in QUALITY_RANKS:
                self.setCurrentIndex(QUALITY_RANKS.index(current))
            else:
                self.setCurrentIndex(-1)
            self.blockSignals(blocked)

    def clear_rank(self) -> None:
        """Show no Rank (nothing to edit): the combo is blank, not a stale "Weak -6"."""
        self._current = None
        blocked = self.blockSignals(True)
        self.setCurrentIndex(-1)
        self.blockSignals(blocked)

    def choose(self, rank: Rank) -> bool:
        """Pick ``rank`` as the user would; False when the item is disabled."""
        if not self.item(rank).isEnabled():
            return False
        index = QUALITY_RANKS.index(rank)
        self.setCurrentIndex(index)
        self._on_activated(index)
        return True

    def _on_activated(self, index: int) -> None:
        if index < 0:
            return
        rank = QUALITY_RANKS[index]
        if rank != self._current:
            self.rank_chosen.emit(rank)
