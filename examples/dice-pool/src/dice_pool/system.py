"""The Dice Pool game system object, the target of the ``seforge.systems`` entry point.

Cheap to import (the command line lists systems without loading them, and loads this one
only when asked for it): pydantic, the odds engine and ReportLab are imported inside the
methods that need them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from seforge.core.credits import SourceCredit
from seforge.core.systems import (
    CheckReport,
    CliVerb,
    DocumentFormat,
    ExportOptions,
    OddsVerb,
    SheetReader,
)

from dice_pool.formats import (
    CHARACTER_FORMAT,
    CHARACTER_SUFFIX,
    CHARACTER_TITLE,
    SYSTEM_ID,
    TITLE,
)

if TYPE_CHECKING:  # the types only: listing systems stays light
    from seforge.core.library import LibraryEntry
    from seforge.core.reference import ReferenceTable


ODDS = OddsVerb.in_module("Dice Pool: N dice, each at or above a target a success",
                          "dice_pool.cli")
"""``seforge odds --system dice-pool --dice N --target T [--sides S] [--json]``."""


@dataclass(frozen=True)
class DicePoolSystem:
    """Dice Pool for SEForge."""

    id: str = SYSTEM_ID
    title: str = TITLE
    order: int = 100
    """After the games SEForge ships."""
    aliases: Sequence[str] = ()
    credits: Sequence[SourceCredit] = ()
    cli_verbs: Sequence[CliVerb] = ()
    odds: OddsVerb | None = field(default_factory=lambda: ODDS)
    export_options: ExportOptions | None = None
    sheet_reader: SheetReader | None = None

    @property
    def formats(self) -> Sequence[DocumentFormat]:
        return (DocumentFormat(CHARACTER_FORMAT, CHARACTER_TITLE, CHARACTER_SUFFIX),)

    def reference_tables(self) -> Sequence[ReferenceTable]:
        from dice_pool.reference import tables

        return tables()

    def library(self) -> Sequence[LibraryEntry]:
        return ()  # no ready-made characters: the samples are examples, not a library

    def check(self, path: Path) -> CheckReport:
        from dice_pool.documents import CHARACTER
        from dice_pool.rules import report

        return report(CHARACTER.load(path))

    def export_sheets(self, paths: Sequence[Path], out: Path, paper: str | None = None, *,
                      first_page: int = 1, total_pages: int | None = None) -> int:
        """A page per character; the sheets print no page references, so ``first_page``
        and ``total_pages`` (a joined export's numbering) change nothing."""
        from dice_pool.sheet import export

        return export(paths, out, paper)


SYSTEM = DicePoolSystem()
