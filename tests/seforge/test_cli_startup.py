"""Each ``seforge`` verb imports only what it needs, so the command line starts fast.

Run in fresh interpreters: what a verb imports shows in ``sys.modules`` only there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from seforge.cli import VERB_MODULES
from seforge.systems.swords_edge import dice, library
from seforge.systems.swords_edge.cli import library as library_cmd
from seforge.systems.swords_edge.cli import odds as odds_cmd

SE = "seforge.systems.swords_edge."
ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "resources" / "systems" / "swords_edge" / "library"
CAPTAIN = LIBRARY / "pcs" / "captain.json"

_PROBE = """
import sys
started = set(sys.modules)  # the interpreter's own start (site, an editable install's finder)
import contextlib, io
from seforge.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exc:  # --help
        code = exc.code
modules = sorted(set(sys.modules) - started)  # before json, which the verb need not load
import json
print(json.dumps({"code": code, "out": out.getvalue(), "modules": modules}))
"""


def loaded_modules(*args: str) -> tuple[int, str, set[str]]:
    """The exit code, the output and the modules loaded by ``seforge ARGS`` run in a
    fresh interpreter (not counting what the interpreter loads before any code runs: an
    editable install's import finder brings pathlib and importlib.metadata there, the
    same for every program)."""
    result = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True,
                            text=True, cwd=ROOT, timeout=120, check=True)
    data = json.loads(result.stdout)
    return data["code"], data["out"], set(data["modules"])


def _heavy(modules: set[str], *roots: str) -> set[str]:
    return {m for m in modules if m.split(".")[0] in roots or m in roots}


def test_odds_needs_no_pydantic_and_no_file_format() -> None:
    code, out, modules = loaded_modules("odds", "--modifier", "2", "--tn", "14")
    assert code == 0 and "vs TN 14" in out  # the probe really ran the verb
    assert not _heavy(modules, "pydantic", "pydantic_core", "reportlab", "PySide6")
    assert not modules & {SE + "models", SE + "fileformat", SE + "library",
                          "seforge.desktop", SE + "validation", "subprocess"}
    other_verbs = {f"seforge.cli.{m}" for v, m in VERB_MODULES.items() if v != "odds"}
    other_verbs |= {SE + "cli.library", SE + "cli.import_sheet", SE + "cli.check",
                    SE + "cli.export"}
    assert not modules & other_verbs


ODDS = {
    "swords-edge": ("odds", "--modifier", "2", "--tn", "14"),
    "blades": ("odds", "--system", "blades", "--dice", "2"),
    "sword-of-life": ("odds", "--system", "sol", "--cards", "3", "--against", "2"),
    "2d20": ("odds", "--system", "2d20", "--tn", "10", "--difficulty", "1"),
}
"""A real ``seforge odds`` of each built-in system."""

HEAVY_FOR_ODDS = {"shutil", "importlib.metadata", "json", "subprocess", "dataclasses"}
"""What no ``seforge odds`` needs: each costs a few per cent of a bare interpreter's start
(``seforge odds --json`` loads ``json`` when it prints). The registry lists the systems
from their metadata without :mod:`importlib.metadata`; the systems' objects and records
are plain classes and FrozenRecords (:mod:`dataclasses` brings ``inspect``, ``ast`` and
``dis``: about a third of a bare start)."""


def test_swords_edge_odds_loads_nothing_it_does_not_need() -> None:
    code, out, modules = loaded_modules(*ODDS["swords-edge"])
    assert code == 0 and "vs TN 14" in out
    assert not modules & HEAVY_FOR_ODDS
    assert not {m for m in modules if m.startswith(SE)} - {
        SE + "cli", SE + "cli.odds", SE + "dice", SE + "kinds", SE + "probability",
        SE + "system", SE + "credits", SE + "limits"}  # limits: declared when imported


@pytest.mark.parametrize("system_id", sorted(ODDS))
def test_every_systems_odds_needs_no_models_and_no_registry(system_id: str) -> None:
    code, out, modules = loaded_modules(*ODDS[system_id])
    assert code == 0 and out.strip()
    assert not _heavy(modules, "pydantic", "pydantic_core", "reportlab", "PySide6")
    assert not modules & {"importlib.metadata", "seforge.core.documents", "dataclasses"}
    others = {p for i, p in (("swords-edge", "swords_edge"), ("blades", "blades"),
                             ("sword-of-life", "sword_of_life"), ("2d20", "twod20"))
              if i != system_id}
    # a named system's odds import no other system; the default's import only the other
    # systems' cheap objects (to find which system comes first)
    light = {"system", "credits", "formats", "limits"}
    assert not {m for m in modules if m.split(".")[2:3] and m.split(".")[2] in others
                and (system_id not in ("swords-edge", "sword-of-life") or (m.split(".")[3:4] and
                     m.split(".")[3] not in light))}


def test_each_systems_odds_verb_runs_its_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    targets = {"swords-edge": "seforge.systems.swords_edge.cli.odds:main",
               "2d20": "seforge.systems.twod20.cli:run",
               "blades": "seforge.systems.blades.cli:run_odds",
               "sword-of-life": "seforge.systems.sword_of_life.cli:run"}
    from seforge.systems import registry

    for system_id, target in targets.items():
        module, _, name = target.partition(":")
        calls: list[tuple[list[str], str]] = []
        monkeypatch.setattr(importlib.import_module(module), name,
                            lambda argv, prog, calls=calls: calls.append((list(argv), prog)) or 7)
        odds = registry().get(system_id).odds
        assert odds is not None and odds.run(["--x"], "p") == 7
        assert calls == [(["--x"], "p")]


@pytest.mark.parametrize("args", [("--help",), ("check", "--help"), ("export", "--help"),
                                  ("library", "--help"), ("import", "--help")])
def test_help_loads_no_models(args: tuple[str, ...]) -> None:
    code, out, modules = loaded_modules(*args)
    assert code == 0 and "usage: seforge" in out
    assert not _heavy(modules, "pydantic", "pydantic_core", "reportlab")
    assert not modules & {"seforge.desktop", SE + "dice", SE + "library"}


def test_check_loads_the_models_but_not_pdf_or_desktop() -> None:
    code, out, modules = loaded_modules("check", str(CAPTAIN))
    assert code == 0 and ": legal" in out
    assert SE + "models" in modules
    assert not _heavy(modules, "reportlab", "PySide6")
    assert not modules & {"seforge.desktop", SE + "sheet", SE + "library"}


@pytest.mark.parametrize(("path", "unneeded"), [
    (ROOT / "resources" / "systems" / "twod20" / "ilse-varga.s2d20",
     {"seforge.systems.twod20.conflict", "seforge.core.trackers", "seforge.core.odds"}),
    (ROOT / "resources" / "systems" / "sword_of_life" / "library" / "fighter-pilot.sol",
     {"seforge.systems.sword_of_life.conflict", "seforge.core.trackers", "seforge.core.odds"}),
    (ROOT / "resources" / "systems" / "blades" / "nadja-hound.blades",
     {"seforge.systems.blades.crew", "seforge.core.trackers", "seforge.core.odds"}),
])
def test_checking_a_character_loads_no_conflict_models(path: Path, unneeded: set[str]) -> None:
    code, out, modules = loaded_modules("check", str(path))
    assert code == 0 and ": legal" in out
    assert not modules & unneeded
    assert not _heavy(modules, "reportlab", "PySide6")


def test_the_systems_are_listed_only_for_the_help(monkeypatch: pytest.MonkeyPatch) -> None:
    import seforge.cli

    def listing() -> str:
        raise AssertionError("listed the installed systems")

    monkeypatch.setattr(seforge.cli, "systems_epilog", listing)
    args = seforge.cli.build_parser("check").parse_args(["check", str(CAPTAIN)])
    assert args.command == "check"
    monkeypatch.setattr(seforge.cli, "systems_epilog", lambda: "Game systems: ours.")
    assert "Game systems: ours." in seforge.cli.build_parser().format_help()


def test_library_kinds_restated_in_the_parser_match_the_library() -> None:
    assert library_cmd.KINDS == library.KINDS


def test_criticals_readings_restated_in_the_parser_match_the_dice() -> None:
    assert odds_cmd.CRITICALS_READINGS == dice.CRITICALS_READINGS
