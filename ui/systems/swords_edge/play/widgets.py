"""Painted pieces of the play panel: Luck tokens and a Trait's Penalty Rank boxes."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QComboBox, QSizePolicy, QWidget

from seforge.systems.swords_edge.models import MAX_PENALTY_RANKS, TRAITS, Trait
from ui.systems.swords_edge.trait_style import trait_chip, trait_colour

SCENE_COLOUR = QColor("#d98e04")
"""Penalty Ranks taken in the current scene (still recoverable at its end)."""


class LuckTokens(QWidget):
    """A row of round tokens, one per Luck held; past ``MAX_TOKENS`` the row ends
    with the count in figures, so any amount fits."""

    MAX_TOKENS = 12

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._count = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Luck tokens")
        self.set_count(0)

    def set_count(self, count: int) -> None:
        self._count = count
        text = f"{count} Luck held"
        self.setToolTip(text)
        self.setAccessibleDescription(text)
        self.updateGeometry()
        self.update()

    def count(self) -> int:
        return self._count

    def _drawn(self) -> int:
        return max(0, min(self._count, self.MAX_TOKENS))

    def sizeHint(self) -> QSize:
        return QSize(max(6, self._drawn()) * 24 + 8 + (40 if self._count > self._drawn() else 0),
                     26)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor("#c9a227")
        edge = QColor("#7a5c00")
        if self._count <= 0:
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignVCenter, "no Luck")
        drawn = self._drawn()
        for i in range(drawn):
            rect = QRectF(4 + i * 24, 4, 18, 18)
            painter.setPen(QPen(edge, 1.5))
            painter.setBrush(fill)
            painter.drawEllipse(rect)
            painter.drawEllipse(rect.adjusted(5, 5, -5, -5))
        if self._count > drawn:
            painter.setPen(self.palette().text().color())
            painter.drawText(QRectF(4 + drawn * 24, 0, 60, 26), Qt.AlignmentFlag.AlignVCenter,
                             f"= {self._count}")
        painter.end()


class PenaltyTrack(QWidget):
    """Seven boxes, -1 to -7, like the sheet: older Penalty Ranks filled in the
    Trait's colour, this scene's in amber, boxes the Trait cannot use crossed out.

    A display only (Stress is taken with the row below it, and recovered at the end
    of a scene), so it is drawn as one gauge, as on the printed sheet: the boxes
    joined in a single frame, thin dividers, small muted numbers; nothing raised,
    spaced or labelled like a row of buttons. It takes no focus and no clicks."""

    BOX = 24
    GAP = 0

    def __init__(self, trait: Trait, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._trait = trait
        self._total = 0
        self._scene = 0
        self._capacity = MAX_PENALTY_RANKS
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAccessibleName(f"{trait.value} Penalty Ranks")
        self.set_state(0, 0, MAX_PENALTY_RANKS)

    def set_state(self, total: int, scene: int, capacity: int, working: str = "") -> None:
        """``capacity``: boxes before the Trait is Weak (its Rank's steps above Weak)."""
        self._total, self._scene, self._capacity = total, scene, capacity
        text = f"{total} Penalty Rank{'s' if total != 1 else ''} on {self._trait.value}"
        if scene:
            text += f", {scene} from this scene"
        if working:
            text += f"; works at {working}"
        self.setAccessibleDescription(text)
        text += "\n(Take Stress adds Penalty Ranks; ending a scene can recover them.)"
        self.setToolTip(text)
        self.update()

    def state(self) -> tuple[int, int, int]:
        return self._total, self._scene, self._capacity

    def sizeHint(self) -> QSize:
        width = MAX_PENALTY_RANKS * (self.BOX + self.GAP) + 2
        return QSize(width, self.BOX + 2)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        text_colour = self.palette().windowText().color()
        frame = QColor(text_colour)
        frame.setAlphaF(0.55)  # a printed line in either theme, not a button's edge
        divider = QColor(text_colour)
        divider.setAlphaF(0.25)
        muted = self.palette().placeholderText().color()
        colour = trait_colour(self._trait)
        older = self._total - self._scene
        font = painter.font()
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.8))
        painter.setFont(font)
        for i in range(MAX_PENALTY_RANKS):
            rect = QRectF(1 + i * (self.BOX + self.GAP), 1, self.BOX, self.BOX)
            usable = i < self._capacity
            if i < older:
                painter.fillRect(rect, colour)
            elif i < self._total:
                painter.fillRect(rect, QBrush(SCENE_COLOUR))
            if i:
                painter.setPen(QPen(divider, 1))
                painter.drawLine(rect.topLeft(), rect.bottomLeft())
            if not usable:
                painter.setPen(QPen(muted, 1))
                painter.drawLine(rect.topLeft(), rect.bottomRight())
            painter.setPen(QColor("white") if i < self._total else muted)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"-{i + 1}")
        painter.setPen(QPen(frame, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(1, 1, MAX_PENALTY_RANKS * (self.BOX + self.GAP), self.BOX))
        painter.end()


class TraitCombo(QComboBox):
    """The three Traits with their colour chips; :meth:`trait` is the current one."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        for trait in TRAITS:
            self.addItem(trait_chip(trait), trait.value)
        self.setAccessibleName(name)
        self.setToolTip(name)

    def trait(self) -> Trait:
        return TRAITS[max(self.currentIndex(), 0)]

    def set_trait(self, trait: Trait) -> None:
        self.setCurrentIndex(TRAITS.index(trait))
