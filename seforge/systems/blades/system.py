"""The Blades in the Dark game system object (cheap to import: everything heavy is
imported inside the methods)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from seforge.core.credits import SourceCredit
from seforge.core.library import LibraryEntry, document_title
from seforge.core.systems import (
    CheckProblem,
    CheckReport,
    CliVerb,
    DocumentFormat,
    ExportOptions,
    OddsVerb,
    SheetImport,
    SheetReader,
)
from seforge.systems.blades.credits import CREDITS

SYSTEM_ID = "blades"


CHARACTER_FORMAT = "blades.character"
CREW_FORMAT = "blades.crew"


def _read_sheet(sheet: Path, number: int) -> SheetImport:
    from seforge.systems.blades.sheet_form import import_sheet

    return import_sheet(sheet, number, SYSTEM)


SHEET_READER = SheetReader(
    subjects=("Blades in the Dark sheets",),  # sheet_form.SUBJECT (a test keeps them equal)
    field_name=r"b\d{1,3}_data",
    formats=(CHARACTER_FORMAT, CREW_FORMAT),
    read=_read_sheet,
)
"""``seforge import``: a scoundrel or crew sheet gives back its document (``--character N``
picks one document of a PDF holding several)."""


ODDS = OddsVerb.in_module("Blades action rolls, resistance and fortune: the highest d6",
                          "seforge.systems.blades.cli", run="run_odds")


class BladesSystem:
    """Blades in the Dark for SEForge (one instance: :data:`SYSTEM`; a plain class, as
    every verb loads it and :mod:`dataclasses` costs a start about 8 ms)."""

    id = SYSTEM_ID
    title = "Blades in the Dark"
    order = 30
    aliases: Sequence[str] = ()
    credits: Sequence[SourceCredit] = CREDITS
    odds: OddsVerb | None = ODDS
    export_options: ExportOptions | None = None
    sheet_reader: SheetReader | None = SHEET_READER

    @property
    def formats(self) -> Sequence[DocumentFormat]:
        return (
            DocumentFormat(CHARACTER_FORMAT, "Blades in the Dark scoundrel", ".blades"),
            DocumentFormat(CREW_FORMAT, "Blades in the Dark crew", ".bladescrew"),
        )

    @property
    def cli_verbs(self) -> Sequence[CliVerb]:
        return ()

    def reference_tables(self) -> Sequence[Any]:
        from seforge.systems.blades.reference import tables

        return tables()

    def library(self) -> Sequence[Any]:
        from seforge.core.resources import resource_path

        folder = resource_path("systems", "blades")
        if not folder.is_dir():
            return ()
        return tuple(LibraryEntry(path.stem, path, document_title(path))
                     for path in sorted(folder.glob("*.blades")))

    def check(self, path: Path) -> CheckReport:
        from seforge.core.documents import peek_format
        from seforge.systems.blades.documents import CREW, SCOUNDREL

        if CREW.accepts(peek_format(path)):
            return _check_crew(CREW.load(path))
        from seforge.systems.blades import rules

        scoundrel = SCOUNDREL.load(path)
        return CheckReport(
            problems=tuple(rules.check_scoundrel(scoundrel)),
            figures={"spent": rules.spent(scoundrel), "budget": rules.budget(scoundrel)},
            lines=tuple(rules.ledger_lines(scoundrel)),
        )

    def export_sheets(self, paths: Sequence[Path], out: Path, paper: str | None = None, *,
                      first_page: int = 1, total_pages: int | None = None) -> int:
        from seforge.core.pdf.geometry import PaperSize
        from seforge.systems.blades.sheet import export

        return export(paths, out, PaperSize(paper) if paper else None, first_page=first_page)



def _check_crew(crew: Any) -> CheckReport:
    from seforge.systems.blades import crew as rules

    problems: list[CheckProblem] = []
    if crew.coin > rules.vault_cap(crew):
        problems.append(CheckProblem(
            f"The lair holds {rules.vault_cap(crew)} coin, not {crew.coin}.", "error",
            "blades.crew.coin"))
    if crew.rep > rules.rep_to_fill(crew):
        problems.append(CheckProblem(
            f"Rep {crew.rep} is over the track ({rules.rep_to_fill(crew)} with "
            f"{rules.turf(crew)} turf).", "error", "blades.crew.rep"))
    if rules.turf(crew) > rules.MAX_TURF:
        problems.append(CheckProblem(f"A crew holds at most {rules.MAX_TURF} turf.", "error",
                                     "blades.crew.turf"))
    if crew.heat >= crew.heat_boxes:
        problems.append(CheckProblem(
            f"Heat {crew.heat} fills the {crew.heat_boxes}-box track; it becomes a wanted "
            "level.", "error", "blades.crew.heat"))
    if rules.upgrade_boxes_used(crew) > rules.upgrade_boxes_allowed(crew):
        problems.append(CheckProblem(
            f"{rules.upgrade_boxes_used(crew)} upgrade boxes are marked but the crew has "
            f"{rules.upgrade_boxes_allowed(crew)} (two at creation, two per advance).",
            "error", "blades.crew.upgrades"))
    if len(crew.special_abilities) > rules.abilities_allowed(crew):
        problems.append(CheckProblem(
            f"{len(crew.special_abilities)} crew special abilities but "
            f"{rules.abilities_allowed(crew)} allowed.", "error", "blades.crew.ability"))
    if crew.crew_type and not crew.special_abilities:
        problems.append(CheckProblem("Choose the crew's special ability.", "warning",
                                     "blades.crew.ability"))
    try:
        rules.board(crew)
    except ValueError as refused:
        problems.append(CheckProblem(str(refused), "error", "blades.crew.clocks"))
    return CheckReport(problems=tuple(problems),
                       figures={"tier": crew.tier, "rep": crew.rep, "heat": crew.heat,
                                "wanted": crew.wanted},
                       lines=(f"{rules.war_hold(crew).summary()}; rep {crew.rep} of "
                              f"{rules.rep_to_fill(crew)}; heat {crew.heat}, wanted "
                              f"{crew.wanted}",))


SYSTEM = BladesSystem()
