"""Fill-in fields (AcroForm) for the 2d20 player sheet.

Each field holds its value but draws nothing itself: the sheet prints every value in the
embedded DejaVu faces (any script, shrunk to fit), and a PDF reader draws a value only once
it is edited. Widgets are small raw PDF objects with one shared empty appearance (ReportLab's
own fields would draw every value again in Helvetica over the printed one). An edited value is
drawn in the form's embedded Unicode font on white (:mod:`seforge.core.pdf.form`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from seforge.core.pdf.form_read import ON
from seforge.core.pdf.geometry import Rect

if TYPE_CHECKING:  # reading a sheet back draws nothing: no ReportLab
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["ON", "FieldWriter", "SheetField"]


@dataclass(frozen=True)
class SheetField:
    """One field: its name, where it sits, its kind (``text``, ``multiline``, ``check`` or
    ``hidden``), its help text and the size a reader draws an edited value at."""

    name: str
    rect: Rect
    kind: str = "text"
    tooltip: str = ""
    size: float = 8.0


class FieldWriter:
    """Adds fields to one canvas (it owns the shared appearances)."""

    def __init__(self, canvas: Canvas) -> None:
        from seforge.core.pdf.form import WidgetWriter

        self.canvas = canvas
        self._writer = WidgetWriter(canvas)

    def add(self, field: SheetField, value: str) -> None:
        self._writer.add(field.name, field.rect, field.kind, value, tooltip=field.tooltip,
                         size=field.size, align=0)
