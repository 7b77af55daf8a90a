"""Rolls from the open scoundrel's sheet: pick one of its actions and the action roll's
rating is that action's dots; pick an attribute and the resistance roll's dice are its
rating. The pick reads the sheet through the document's owner each time and follows it
while picked (a dot taken or an advance), so no rating is copied out of the document."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QSpinBox

from seforge.systems.blades import rules
from seforge.systems.blades.models import Scoundrel
from ui.shell.document_owner import DocumentOwner

BY_HAND = "By hand"

Choices = Callable[[Scoundrel], list[tuple[str, str, int]]]
"""A scoundrel's choices for a pick: (key, name, rating), in the sheet's order."""


def action_choices(scoundrel: Scoundrel) -> list[tuple[str, str, int]]:
    """Each action of the scoundrel with its dots, attribute by attribute as on the sheet."""
    return [(action, rules.action_name(action), scoundrel.actions.get(action, 0))
            for actions in scoundrel.house.attribute_map.values() for action in actions]


def attribute_choices(scoundrel: Scoundrel) -> list[tuple[str, str, int]]:
    """Each attribute of the scoundrel with the dice it resists with."""
    return [(attribute, attribute.capitalize(), dice)
            for attribute, dice in rules.resistance_dice(scoundrel).items()]


class SheetPick(QComboBox):
    """"By hand" first, then the open scoundrel's choices with their ratings ("Skirmish
    2"). Picking one sets ``spin`` to its rating, which then follows the sheet; setting
    ``spin`` by hand to another number goes back to "By hand". ``whose``: whose sheet it
    reads, as its tooltip says it ("open scoundrel", "leader")."""

    synced = Signal()
    """The sheet was read again (an edit of the open document, or another document)."""

    def __init__(self, name: str, spin: QSpinBox, choices: Choices, what: str,
                 whose: str = "open scoundrel") -> None:
        super().__init__()
        self.setAccessibleName(name)
        self._spin = spin
        self._choices = choices
        self._what = what
        self._whose = whose
        self._owner: DocumentOwner[Any] | None = None
        self._syncing = False
        self.addItem(BY_HAND, "")
        self.currentIndexChanged.connect(lambda _i: self._picked())
        spin.valueChanged.connect(self._spin_moved)
        self.set_owner(None)

    def scoundrel(self) -> Scoundrel | None:
        owner = self._owner
        return owner.document if owner is not None and isinstance(
            owner.document, Scoundrel) else None

    def choice(self) -> str:
        """The key picked ("skirmish", "prowess"), or "" when set by hand."""
        return str(self.currentData() or "")

    def choice_name(self) -> str:
        key = self.choice()
        scoundrel = self.scoundrel()
        if not key or scoundrel is None:
            return ""
        return next((name for k, name, _r in self._choices(scoundrel) if k == key), "")

    def set_owner(self, owner: DocumentOwner[Any] | None) -> None:
        """The open document (a scoundrel's sheet can be picked from; anything else
        leaves only "By hand")."""
        if self._owner is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self._owner.changed.disconnect(self.sync)
        self._owner = owner
        if owner is not None:
            owner.changed.connect(self.sync)
        self.sync()

    def sync(self) -> None:
        """List the sheet's choices as it has them now; a picked choice's rating goes to
        the spin box."""
        scoundrel = self.scoundrel()
        items = ([(key, f"{name} {rating}") for key, name, rating in self._choices(scoundrel)]
                 if scoundrel is not None else [])
        shown = [(str(self.itemData(i)), self.itemText(i)) for i in range(1, self.count())]
        current = self.choice()
        self._syncing = True
        try:
            if shown != items:
                self.blockSignals(True)
                while self.count() > 1:
                    self.removeItem(1)
                for key, text in items:
                    self.addItem(text, key)
                index = self.findData(current) if current else 0
                self.setCurrentIndex(max(index, 0))
                self.blockSignals(False)
            self._fill_spin()
        finally:
            self._syncing = False
        self.setEnabled(scoundrel is not None)
        self.setToolTip(f"Take the {self._what} from the {self._whose}'s sheet"
                        if scoundrel is not None else
                        f"Open a scoundrel to take the {self._what} from its sheet")
        self.synced.emit()

    def _rating(self) -> int | None:
        scoundrel, key = self.scoundrel(), self.choice()
        if scoundrel is None or not key:
            return None
        return next((r for k, _n, r in self._choices(scoundrel) if k == key), None)

    def _fill_spin(self) -> None:
        rating = self._rating()
        if rating is not None and self._spin.value() != rating:
            self._spin.setValue(rating)

    def _picked(self) -> None:
        self._syncing = True
        try:
            self._fill_spin()
        finally:
            self._syncing = False

    def _spin_moved(self, value: int) -> None:
        if self._syncing:
            return
        rating = self._rating()
        if rating is not None and value != rating:
            self.setCurrentIndex(0)  # set by hand now
