"""Printable character sheets (PDF, drawn with ReportLab).

One sheet per character, laid out like the book's sheet, plus continuation pages
when a character has more Elements than the sheet has rows, and a page of the
text that did not fit its box (:mod:`seforge.systems.swords_edge.sheet.spill`). Every sheet carries
fill-in fields (:mod:`seforge.systems.swords_edge.sheet.form`) that
:mod:`seforge.systems.swords_edge.sheet.readback`
reads back. A party PDF has an outline and page numbers, and may start with the
GM's summary and add reference back pages (:mod:`seforge.systems.swords_edge.sheet.extras`)::

    export_sheets([sarah, rogue], Path("party.pdf"), PaperSize.LETTER,
                  options=SheetOptions(party_summary=True))
    export_blank(Path("blank.pdf"))

Everything here but the paper sizes loads on first use (from
:mod:`~seforge.systems.swords_edge.sheet.render` and
:mod:`~seforge.systems.swords_edge.sheet.draw`): reading a sheet back
(:mod:`~seforge.systems.swords_edge.sheet.readback`, ``seforge import``) imports this
package without loading ReportLab, the fonts or the drawing code.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from seforge.core.pdf.paper import default_paper_for_locale
from seforge.systems.swords_edge.sheet.layout import PaperSize

if TYPE_CHECKING:
    from seforge.systems.swords_edge.sheet.draw import SheetOptions
    from seforge.systems.swords_edge.sheet.render import (
        draw_blank_pages,
        draw_sheet_pages,
        export_blank,
        export_sheets,
        page_count,
        page_label_drawers,
        render_blank,
        render_sheets,
        write_pdf,
    )

__all__ = [
    "SUBJECT",
    "PaperSize",
    "SheetOptions",
    "default_paper_for_locale",
    "draw_blank_pages",
    "draw_sheet_pages",
    "export_blank",
    "export_sheets",
    "page_count",
    "page_label_drawers",
    "render_blank",
    "render_sheets",
    "write_pdf",
]

SUBJECT = "Sword's Edge character sheet"
APP_NAME = "SEForge"

_LAZY: dict[str, str] = {
    "SheetOptions": "draw",
    **dict.fromkeys(("draw_blank_pages", "draw_sheet_pages", "export_blank", "export_sheets",
                     "page_count", "page_label_drawers", "render_blank", "render_sheets",
                     "write_pdf"), "render"),
}


def __getattr__(name: str) -> Any:
    """The drawing names, imported on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
