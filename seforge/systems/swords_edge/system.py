"""Sword's Edge as a :class:`seforge.core.systems.GameSystem`: :data:`SYSTEM`.

Cheap to import: the registry imports this module to learn the system's formats and verbs
(e.g. to route ``seforge check FILE`` by the file's format), so it imports no pydantic model,
no PDF and no dice here; each method imports what it runs.

The format ids and suffixes restate those of the document kinds
(:data:`~seforge.systems.swords_edge.fileformat.CHARACTER_KIND`, ``NC_KIND``,
:data:`~seforge.systems.swords_edge.scene.SCENE_KIND`), which need pydantic; a test keeps
them equal.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from seforge.core.credits import SourceCredit
from seforge.core.systems import (
    CheckReport,
    CliVerb,
    DocumentFormat,
    ExportOptions,
    OddsVerb,
    SheetImport,
    SheetReader,
)
from seforge.systems.swords_edge.credits import CREDITS

if TYPE_CHECKING:
    from seforge.core.reference import ReferenceTable
    from seforge.systems.swords_edge.library import LibraryEntry

SYSTEM_ID = "swords-edge"
TITLE = "Sword's Edge"

FORMATS: tuple[DocumentFormat, ...] = (
    DocumentFormat("swords-edge.character", "Sword's Edge character", ".sechar",
                   ("seforge.character",)),
    DocumentFormat("swords-edge.nc", "Sword's Edge NC", ".senc", ("seforge.nc",)),
    DocumentFormat("swords-edge.scene", "Sword's Edge scene", ".sescene", ("seforge.scene",)),
)
"""The documents Sword's Edge reads and writes, the character first."""

VERB_HELP: dict[str, str] = {
    "library": "list or show the book's sample characters",
}
"""The help line of each verb Sword's Edge adds to ``seforge``."""

CLI_VERBS: tuple[CliVerb, ...] = (
    CliVerb("library", VERB_HELP["library"], "seforge.systems.swords_edge.cli.library"),
)

SHEET_SUBJECT = "Sword's Edge character sheet"
"""The ``/Subject`` of a character sheet PDF (restates ``sheet.SUBJECT``, which needs
ReportLab; a test keeps them equal)."""


def _read_sheet(sheet: Path, number: int) -> SheetImport:
    from seforge.systems.swords_edge.cli.import_sheet import read

    return read(sheet, number)


SHEET_READER = SheetReader(
    subjects=(SHEET_SUBJECT,),
    field_name=r"c\d{1,3}_(?:data|name)",
    formats=(FORMATS[0].id,),
    read=_read_sheet,
)
"""``seforge import``: a character sheet (exported, or blank and filled in) gives back a
character (``--character N`` picks one of a party's sheets)."""


ODDS = OddsVerb.in_module("Sword's Edge Tests: 2d10 + modifier against a TN",
                          "seforge.systems.swords_edge.cli.odds", run="main")
"""``seforge odds --system swords-edge --modifier M --tn T [--luck N] [--criticals ...]
[--json]``; a bad argument exits 2 with one line (SystemExit, as argparse does)."""


def _add_export_options(group: argparse._ArgumentGroup) -> None:
    from seforge.systems.swords_edge.cli.export import add_options

    add_options(group)


def _run_export(args: argparse.Namespace) -> int:
    from seforge.systems.swords_edge.cli.export import run

    return run(args)


EXPORT_OPTIONS = ExportOptions(
    add=_add_export_options,
    dests=("blank", "cards", "clean_tracks", "party_summary", "reference", "card_size",
           "blank_cards"),
    run=_run_export,
)
"""``seforge export``'s Sword's Edge options: blank sheets, NC cards, the party summary,
reference pages (a test keeps ``dests`` equal to what ``add_options`` adds)."""


class SwordsEdge:
    """The Sword's Edge game system (one instance: :data:`SYSTEM`)."""

    id = SYSTEM_ID
    title = TITLE
    checks_campaigns = True
    """``check`` reads this system's campaigns itself (the party's table rules too; see
    :mod:`seforge.cli.campaign_check`)."""
    formats: Sequence[DocumentFormat] = FORMATS
    order = 0
    aliases: Sequence[str] = ("se",)
    cli_verbs: Sequence[CliVerb] = CLI_VERBS
    credits: Sequence[SourceCredit] = CREDITS
    odds: OddsVerb | None = ODDS
    export_options: ExportOptions | None = EXPORT_OPTIONS
    sheet_reader: SheetReader | None = SHEET_READER

    def reference_tables(self) -> Sequence[ReferenceTable]:
        """The GM screen's tables, each naming its rulebook section and lines."""
        from seforge.systems.swords_edge.reference import TABLES

        return TABLES

    def library(self) -> Sequence[LibraryEntry]:
        """The rulebook's sample PCs and NCs."""
        from seforge.systems.swords_edge import library

        return library.list_entries()

    def check(self, path: Path) -> CheckReport:
        """The ledger and rule problems of a character: figures ``spent`` and ``budget``,
        the validation problems with their rule ids; for a GM's Table scene or a campaign,
        what is in it and its problems (DocumentFileError when unreadable)."""
        from seforge.systems.swords_edge.cli.check import check_file

        return check_file(path)

    def export_sheets(self, paths: Sequence[Path], out: Path, paper: str | None = None, *,
                      first_page: int = 1, total_pages: int | None = None) -> int:
        """Character sheets (NC cards when every file is an NC) in one PDF at ``out``."""
        from seforge.systems.swords_edge.cli.export import export_sheets

        return export_sheets(list(paths), out, paper, first_page=first_page,
                             total_pages=total_pages)



SYSTEM = SwordsEdge()
"""The object the registry loads for ``swords-edge``."""
