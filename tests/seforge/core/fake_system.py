"""A made-up game system for the registry tests (imported only through the registry)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from seforge.core.credits import SourceCredit
from seforge.core.systems import (
    CheckProblem,
    CheckReport,
    CliVerb,
    DocumentFormat,
    ExportOptions,
    OddsVerb,
    SheetReader,
)


@dataclass(frozen=True)
class Table:
    id: str
    title: str


@dataclass(frozen=True)
class Item:
    id: str
    path: Path


class FakeSystem:
    def __init__(self, system_id: str = "fake-dice") -> None:
        self.id = system_id
        self.title = "Fake Dice"
        self.formats = (
            DocumentFormat("fake-dice.character", "Fake Dice character", ".fdchar", ("fd-char",)),
            DocumentFormat("fake-dice.nc", "Fake Dice NC", ".fdnc"),
        )
        self.cli_verbs = (CliVerb("fake-roll", "Roll fake dice", "tests.seforge.core.fake_cli"),)
        self.sheet_reader: SheetReader | None = None
        self.order = 50
        self.aliases: tuple[str, ...] = ("fd",) if system_id == "fake-dice" else ()
        self.credits: tuple[SourceCredit, ...] = ()
        self.odds: OddsVerb | None = OddsVerb("fake dice", self.run_odds, self._parser)
        self.export_options: ExportOptions | None = None

    def reference_tables(self) -> Sequence[Table]:
        return (Table("fake-table", "A table"),)

    def library(self) -> Sequence[Item]:
        return ()

    def check(self, path: Path) -> CheckReport:
        text = path.read_text(encoding="utf-8")
        return CheckReport(problems=(CheckProblem("empty"),) if not text else ())

    def export_sheets(self, paths: Sequence[Path], out: Path, paper: str | None = None) -> int:
        out.write_text("".join(p.read_text(encoding="utf-8") for p in paths), encoding="utf-8")
        return len(paths)

    def run_odds(self, argv: Sequence[str], prog: str) -> int:
        print(f"{prog}: {' '.join(argv)}")
        return 0

    @staticmethod
    def _parser(prog: str) -> object:
        import argparse

        return argparse.ArgumentParser(prog=prog)


SYSTEM = FakeSystem()


def make_other() -> FakeSystem:
    return FakeSystem("other-dice")


def broken() -> FakeSystem:
    raise RuntimeError("the plug-in\nhas a bug")


NOT_A_SYSTEM = object()
