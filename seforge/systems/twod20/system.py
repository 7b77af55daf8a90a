"""The 2d20 game system object (cheap to import: the work is imported inside the methods)."""

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
from seforge.systems.twod20.credits import CREDITS
from seforge.systems.twod20.formats import CHARACTER_FORMAT, CONFLICT_FORMAT

SAMPLES = ("ilse-varga.s2d20", "thak-the-reaver.s2d20")
"""Sample records shipped in ``resources/systems/twod20``."""


CHARACTER = DocumentFormat(CHARACTER_FORMAT, "2d20 character or NPC", ".s2d20")
CONFLICT = DocumentFormat(CONFLICT_FORMAT, "2d20 conflict tracker", ".s2d20conflict")


def _read_sheet(sheet: Path, number: int) -> SheetImport:
    from seforge.systems.twod20.player_sheet import import_sheet

    return import_sheet(sheet, number, CHARACTER)


SHEET_READER = SheetReader(
    subjects=("2d20 player sheet",),  # player_sheet.SUBJECT (a test keeps them equal)
    field_name=r"attr_\w+",
    formats=(CHARACTER_FORMAT,),
    read=_read_sheet,
)
"""``seforge import``: a player sheet (either profile) gives back its record."""


ODDS = OddsVerb.in_module("2d20 Tests: successes, complications and Momentum",
                          "seforge.systems.twod20.cli")


class TwoD20System:
    """2d20 (SRD 2022 / Conan): records, conflict trackers, reference tables and odds (one
    instance: :data:`SYSTEM`; a plain class, as every verb loads it and :mod:`dataclasses`
    costs a start about 8 ms)."""

    id = "2d20"
    title = "2d20 (SRD 2022 / Conan)"
    formats: Sequence[DocumentFormat] = (CHARACTER, CONFLICT)
    order = 20
    aliases: Sequence[str] = ()
    cli_verbs: Sequence[CliVerb] = ()
    odds: OddsVerb | None = ODDS
    export_options: ExportOptions | None = None
    sheet_reader: SheetReader | None = SHEET_READER
    credits: Sequence[SourceCredit] = CREDITS

    def reference_tables(self) -> Sequence[Any]:
        from seforge.systems.twod20.tables import all_tables

        return all_tables()

    def library(self) -> Sequence[LibraryEntry]:
        from seforge.core.resources import resource_path

        paths = [resource_path("systems", "twod20", name) for name in SAMPLES]
        return tuple(LibraryEntry(path.stem, path, document_title(path)) for path in paths)

    def check(self, path: Path) -> CheckReport:
        from seforge.systems.twod20.records import check_file

        return check_file(path)

    def export_sheets(self, paths: Sequence[Path], out: Path, paper: str | None = None, *,
                      first_page: int = 1, total_pages: int | None = None) -> int:
        """One record: its player sheet, whose fields ``seforge import`` reads back.
        Several: their stat cards, four to a page. Neither prints page references (a
        sheet's continuation and a card's next slot go under its own name), so
        ``first_page`` and ``total_pages`` change nothing."""
        if len(paths) == 1:
            from seforge.core.atomic import atomic_write_bytes
            from seforge.core.documents import peek_format
            from seforge.systems.twod20.documents import CHARACTER_KIND
            from seforge.systems.twod20.player_sheet import player_sheet_pdf

            if not CHARACTER_KIND.accepts(peek_format(paths[0])):
                raise ValueError(f"{Path(paths[0]).name}: only 2d20 character or NPC "
                                 "records print as player sheets")
            data, pages = player_sheet_pdf(CHARACTER_KIND.load(paths[0]), paper)
            atomic_write_bytes(out, data)
            return pages
        from seforge.systems.twod20.cards import export_cards

        return export_cards(paths, out, paper)



SYSTEM = TwoD20System()
