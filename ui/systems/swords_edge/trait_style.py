"""How each Trait looks: a colour (one shade for light, one for dark) and a short label."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

from seforge.systems.swords_edge.kinds import Trait
from ui.shell.theme import is_dark

_COLOURS: dict[Trait, tuple[str, str]] = {
    Trait.PHYSIQUE: ("#b8412c", "#f07a5f"),
    Trait.CHARISMA: ("#7b3fa0", "#c394e6"),
    Trait.CUNNING: ("#1f6f8b", "#5fc1e0"),
}

SHORT_LABELS: dict[Trait, str] = {
    Trait.PHYSIQUE: "PHY",
    Trait.CHARISMA: "CHA",
    Trait.CUNNING: "CUN",
}

DESCRIPTIONS: dict[Trait, str] = {
    Trait.PHYSIQUE: "Body: strength, toughness, speed and agility.",
    Trait.CHARISMA: "Presence: personality, willpower and the pull on others.",
    Trait.CUNNING: "Mind: wits, perception and what the character knows.",
}


def trait_colour(trait: Trait | None, dark: bool | None = None) -> QColor:
    if trait is None:
        return QColor("#8a857c")
    use_dark = is_dark() if dark is None else dark
    light, dark_shade = _COLOURS[trait]
    return QColor(dark_shade if use_dark else light)


def trait_chip(trait: Trait | None, size: int = 12, dark: bool | None = None) -> QIcon:
    """A small rounded square in the Trait's colour (hollow when unlinked)."""
    pixmap = QPixmap(size * 2, size * 2)
    pixmap.setDevicePixelRatio(2.0)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = trait_colour(trait, dark)
    rect = QRectF(1, 1, size - 2, size - 2)
    if trait is None:
        painter.setPen(colour)
        painter.setBrush(Qt.BrushStyle.NoBrush)
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
    painter.drawRoundedRect(rect, 3, 3)
    painter.end()
    icon = QIcon()
    for mode in (QIcon.Mode.Normal, QIcon.Mode.Selected, QIcon.Mode.Active):
        icon.addPixmap(pixmap, mode)
    return icon


def trait_text(trait: Trait | None) -> str:
    return "— no Trait —" if trait is None else trait.value
