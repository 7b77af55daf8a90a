"""Sword's Edge as a GameSystem: what the registry, ``check``, ``export`` and the command
line get from it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from seforge.cli import main
from seforge.core.systems import CheckReport, GameSystem
from seforge.systems import registry
from seforge.systems.swords_edge import library, reference
from seforge.systems.swords_edge.fileformat import CHARACTER_KIND, NC_KIND, save_character
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.scene import SCENE_KIND
from seforge.systems.swords_edge.system import SYSTEM

ROOT = Path(__file__).resolve().parents[4]


def test_the_registry_gives_sword_s_edge() -> None:
    assert isinstance(SYSTEM, GameSystem)
    assert registry().get("swords-edge") is SYSTEM
    assert (SYSTEM.id, SYSTEM.title) == ("swords-edge", "Sword's Edge")
    assert registry().primary() is SYSTEM  # the first in order: the default system
    assert registry().get("se") is SYSTEM


def test_formats_restate_the_document_kinds() -> None:
    kinds = (CHARACTER_KIND, NC_KIND, SCENE_KIND)
    assert [(f.id, f.suffix, f.aliases, f.title) for f in SYSTEM.formats] == [
        (k.format_id, k.suffix, k.aliases, k.title) for k in kinds]
    assert registry().for_format("seforge.character")[0] is SYSTEM
    assert registry().for_suffix(".SENC")[0] is SYSTEM


def test_export_options_name_every_option_they_add() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    before = {action.dest for action in parser._actions}
    assert SYSTEM.export_options is not None
    SYSTEM.export_options.add(parser.add_argument_group("Sword's Edge"))
    added = {action.dest for action in parser._actions} - before
    assert added == set(SYSTEM.export_options.dests)


def test_reference_tables_and_library() -> None:
    assert tuple(SYSTEM.reference_tables()) == reference.TABLES
    assert list(SYSTEM.library()) == library.list_entries() != []


def test_check_reports_spent_budget_and_rule_ids(tmp_path: Path) -> None:
    report = SYSTEM.check(library.list_entries("pc")[0].path)
    assert isinstance(report, CheckReport) and report.legal
    assert list(report.figures) == ["spent", "budget"]
    path = tmp_path / "blank.sechar"
    save_character(Character(), path)
    bad = SYSTEM.check(path)
    assert not bad.legal and bad.problems
    assert all(p.rule and p.severity in ("error", "warning") for p in bad.problems)
    assert bad.as_json()["problems"][0]["rule"] == bad.problems[0].rule


def test_export_sheets_writes_one_pdf(tmp_path: Path) -> None:
    pcs = [e.path for e in library.list_entries("pc")[:2]]
    out = tmp_path / "party.pdf"
    assert SYSTEM.export_sheets(pcs, out) >= 2
    assert out.read_bytes().startswith(b"%PDF")
    ncs = [e.path for e in library.list_entries("nc")[:3]]
    assert SYSTEM.export_sheets(ncs, tmp_path / "cards.pdf") >= 1


def test_check_prints_the_same_for_an_old_and_a_new_id_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = library.list_entries("pc")[0].path
    assert json.loads(old.read_text(encoding="utf-8"))["format"] == "seforge.character"
    new = tmp_path / "new.sechar"
    save_character(CHARACTER_KIND.load(old), new)
    assert main(["check", "--json", str(old)]) == 0
    old_out = json.loads(capsys.readouterr().out)
    assert main(["check", "--json", str(new)]) == 0
    new_out = json.loads(capsys.readouterr().out)
    assert {**old_out, "file": ""} == {**new_out, "file": ""}
    assert list(old_out) == ["file", "legal", "spent", "budget", "ledger", "problems",
                             "table_rules"]


def test_importing_the_system_and_listing_systems_stay_light() -> None:
    code = ("import sys, io, contextlib\n"
            "import seforge.systems.swords_edge.system\n"
            "heavy = [m for m in ('pydantic', 'reportlab', 'seforge.systems.swords_edge.models')"
            " if m in sys.modules]\n"
            "assert not heavy, heavy\n"
            "del sys.modules['seforge.systems.swords_edge.system']\n"
            "from seforge.cli import main\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):\n"
            "    main(['--help'])\n"
            "assert 'seforge.systems.swords_edge.models' not in sys.modules\n"
            "assert 'pydantic' not in sys.modules and 'importlib.metadata' not in sys.modules\n"
            "print(out.getvalue())\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert "swords-edge=Sword'sEdge" in "".join(result.stdout.split())
