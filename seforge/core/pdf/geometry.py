"""Page geometry for every printed document: paper sizes and layout rectangles.

All geometry is in PDF points with the origin at the bottom-left corner of the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from reportlab.lib.pagesizes import A4, LETTER


class PaperSize(StrEnum):
    A4 = "a4"
    LETTER = "letter"


PAGE_SIZES: dict[PaperSize, tuple[float, float]] = {
    PaperSize.A4: (float(A4[0]), float(A4[1])),
    PaperSize.LETTER: (float(LETTER[0]), float(LETTER[1])),
}

@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: ``x``, ``y`` is the bottom-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, max(0.0, self.w - 2 * dx),
                    max(0.0, self.h - 2 * dy))

    def take_top(self, h: float) -> Rect:
        """The top ``h`` points of this rectangle."""
        return Rect(self.x, self.top - h, self.w, h)

    def below(self, h: float) -> Rect:
        """What is left under the top ``h`` points."""
        return Rect(self.x, self.y, self.w, max(0.0, self.h - h))

    def take_left(self, w: float) -> Rect:
        return Rect(self.x, self.y, w, self.h)

    def take_right(self, w: float) -> Rect:
        return Rect(self.right - w, self.y, w, self.h)

    def columns(self, n: int, gap: float) -> tuple[Rect, ...]:
        """``n`` equal columns separated by ``gap``."""
        w = (self.w - gap * (n - 1)) / n
        return tuple(Rect(self.x + i * (w + gap), self.y, w, self.h) for i in range(n))

    def contains(self, x: float, y: float, tolerance: float = 0.5) -> bool:
        return (self.x - tolerance <= x <= self.right + tolerance
                and self.y - tolerance <= y <= self.top + tolerance)

    def contains_rect(self, other: Rect, tolerance: float = 0.5) -> bool:
        return (self.contains(other.x, other.y, tolerance)
                and self.contains(other.right, other.top, tolerance))
