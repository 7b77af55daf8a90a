"""Printed NC cards (through a QPainter) are drawn as the PDF's are: an index card's
short NC larger than on a grid card."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter

from seforge.systems.swords_edge.cards import draw_card_pages
from seforge.systems.swords_edge.nc_builder import new_nc
from ui.systems.swords_edge.printing import PainterCanvas


def _ink(size: str) -> int:
    """How many dark pixels the page of one minion's card holds below its header."""
    image = QImage(595, 842, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        canvas = PainterCanvas(painter, 842, 1.0)
        assert draw_card_pages(canvas, [new_nc("minion", "Weak")], "a4", size=size) == 1
    finally:
        painter.end()
    return sum(1 for y in range(60, 780, 2) for x in range(0, 595, 2)
               if image.pixelColor(x, y).lightness() < 110)


def test_an_index_card_prints_a_short_nc_larger(qapp: object) -> None:
    assert _ink("index") > 1.5 * _ink("grid")  # text about 1.5 times as tall and wide
