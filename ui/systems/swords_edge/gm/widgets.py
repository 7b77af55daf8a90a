"""Small widgets shared by the GM screen's tabs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QComboBox,
    QLayout,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.wording import distinct_titles
from ui.shell.widgets import tip

CharactersProvider = Callable[[], list[Character]]

PLAIN = "Plain modifier"
"""The choice of no character (short: the docked combo shows it whole at 1024x768)."""
PLAIN_TIP = "No character: the Plain modifier box gives the PC's total modifier"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class OrdinalSpinBox(QSpinBox):
    """Shows 1st, 2nd, 3rd…"""

    def textFromValue(self, value: int) -> str:
        return ordinal(value)

    def valueFromText(self, text: str) -> int:
        digits = "".join(ch for ch in text if ch.isdigit())
        return int(digits) if digits else self.minimum()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        digits = "".join(ch for ch in text if ch.isdigit())
        if not digits:
            return (QValidator.State.Intermediate, text, pos)
        value = int(digits)
        if self.minimum() <= value <= self.maximum():
            return (QValidator.State.Acceptable, text, pos)
        return (QValidator.State.Invalid, text, pos)


def fill_with_scroll(tab: QWidget, content: QWidget, name: str = "") -> QScrollArea:
    """Put ``content`` (its layout already filled) in a scroll area that fills ``tab``.

    The content keeps at least its minimum size, so a narrow dock scrolls instead of
    squeezing the controls on top of each other.
    """
    layout = content.layout()
    if layout is not None:
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
    scroll = QScrollArea(tab)
    scroll.setWidgetResizable(True)
    scroll.setWidget(content)
    if name:
        scroll.setAccessibleName(name)
    outer = QVBoxLayout(tab)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.addWidget(scroll)
    return scroll


def die_spin(name: str, parent: QWidget) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(1, 10)
    spin.setValue(5)
    spin.setAccessibleName(name)
    spin.setToolTip(f"{name}: what it shows (1-10)")
    return spin


def character_title(character: Character, index: int) -> str:
    return character.name.strip() or f"Untitled character {index + 1}"


def character_titles(characters: list[Character]) -> list[str]:
    """The characters' titles, told apart when several share a name (by player, else
    by number)."""
    return distinct_titles([character_title(c, i) for i, c in enumerate(characters)],
                           [c.player for c in characters])


class CharacterCombo(QComboBox):
    """"Plain modifier" plus the open characters; keeps the choice across refreshes."""

    def __init__(self, provider: CharactersProvider, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._provider = provider
        self._characters: list[Character] = []
        tip(self, "Who acts", "The open character who rolls, or a plain modifier typed in")
        self.refresh()

    def refresh(self) -> None:
        current = self.character()
        try:
            characters = list(self._provider())
        except RuntimeError:  # the window behind the provider is gone
            characters = []
        self.blockSignals(True)
        self.clear()
        self.addItem(PLAIN)
        self.setItemData(0, PLAIN_TIP, Qt.ItemDataRole.ToolTipRole)
        self._characters = characters
        for index, title in enumerate(character_titles(characters)):
            self.addItem(title)
            self.setItemData(index + 1, title, Qt.ItemDataRole.ToolTipRole)
        chosen = 0
        for index, character in enumerate(characters):
            if character is current:
                chosen = index + 1
        self.setCurrentIndex(chosen)
        self.blockSignals(False)
        if (chosen == 0) != (current is None):
            self.currentIndexChanged.emit(chosen)

    def refresh_names(self) -> None:
        """Show the characters' current names (after a rename) without changing the choice."""
        for index, title in enumerate(character_titles(self._characters)):
            if self.itemText(index + 1) != title:
                self.setItemText(index + 1, title)
                self.setItemData(index + 1, title, Qt.ItemDataRole.ToolTipRole)

    def character(self) -> Character | None:
        index = self.currentIndex()
        if index <= 0 or index > len(self._characters):
            return None
        return self._characters[index - 1]

    def choose(self, character: Character | None) -> bool:
        if character is None:
            self.setCurrentIndex(0)
            return True
        for index, known in enumerate(self._characters):
            if known is character:
                self.setCurrentIndex(index + 1)
                return True
        return False
