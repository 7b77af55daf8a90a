"""The Sword of Life game system (id ``sword-of-life``; ``sol`` on the command line).

Cheap to import: the heavy modules are imported inside the methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from seforge.core.credits import SourceCredit
from seforge.core.library import LibraryEntry, document_title
from seforge.core.systems import (
    CheckReport,
    CliVerb,
    DocumentFormat,
    ExportOptions,
    OddsVerb,
    SheetImport,
    SheetReader,
)
from seforge.systems.sword_of_life.credits import CREDITS

CHARACTER_FORMAT = "sword-of-life.character"
CONFLICT_FORMAT = "sword-of-life.conflict"
CHARACTER = DocumentFormat(CHARACTER_FORMAT, "Sword of Life character", ".sol")
CONFLICT = DocumentFormat(CONFLICT_FORMAT, "Sword of Life conflict", ".solconflict")


def _read_sheet(sheet: Path, number: int) -> SheetImport:
    from seforge.systems.sword_of_life.sheet_form import import_sheet

    return import_sheet(sheet, number, CHARACTER)


SHEET_READER = SheetReader(
    subjects=("Sword of Life character sheets",),  # sheet_form.SUBJECT (a test keeps them equal)
    field_name=r"sol\d{1,3}_data",
    formats=(CHARACTER_FORMAT,),
    read=_read_sheet,
)
"""``seforge import``: a character sheet gives back its character (``--character N`` picks
one character of a PDF holding several)."""

ODDS = OddsVerb.in_module("Sword of Life exchanges: N cards against M",
                          "seforge.systems.sword_of_life.cli")


class SwordOfLife:
    """Sword of Life for SEForge (one instance: :data:`SYSTEM`; a plain class, as every
    verb loads it and :mod:`dataclasses` costs a start about 8 ms)."""

    id = "sword-of-life"
    title = "Sword of Life"
    formats: Sequence[DocumentFormat] = (CHARACTER, CONFLICT)
    order = 40
    aliases: Sequence[str] = ("sol",)
    cli_verbs: Sequence[CliVerb] = ()
    odds: OddsVerb | None = ODDS
    export_options: ExportOptions | None = None
    sheet_reader: SheetReader | None = SHEET_READER
    credits: Sequence[SourceCredit] = CREDITS

    def reference_tables(self) -> Sequence[Any]:
        from seforge.systems.sword_of_life.reference import tables

        return tables()

    def library(self) -> Sequence[Any]:
        """The sample characters (the text's examples), by file name."""
        from seforge.core.resources import resource_path

        folder = resource_path("systems", "sword_of_life", "library")
        return tuple(LibraryEntry(path.stem, path, document_title(path))
                     for path in sorted(folder.glob("*.sol")))

    def check(self, path: Path) -> CheckReport:
        from seforge.systems.sword_of_life.checking import check_file

        return check_file(path)

    def export_sheets(self, paths: Sequence[Path], out: Path, paper: str | None = None, *,
                      first_page: int = 1, total_pages: int | None = None) -> int:
        from seforge.core.pdf.geometry import PaperSize
        from seforge.systems.sword_of_life.sheet import export_sheets

        return export_sheets(paths, out, PaperSize(paper) if paper else None,
                             first_page=first_page)



SYSTEM = SwordOfLife()
