"""``seforge check FILE.senc``: an NC of the opponent library is read and summed up (its
TNs, and where it departs from its type's template); before, check read every Sword's Edge
file as a character and refused an NC with "expected 'swords-edge.character'"."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from seforge.cli import main
from seforge.core.resources import resource_path
from seforge.systems.swords_edge.cli.check import NC_FORMATS
from seforge.systems.swords_edge.fileformat import NC_KIND

VETERAN = resource_path("systems", "swords_edge", "library", "ncs", "veteran-military.json")


def test_the_restated_format_ids_are_the_nc_kinds() -> None:
    assert (NC_KIND.format_id, *NC_KIND.aliases) == NC_FORMATS


def test_an_nc_is_checked_with_its_tns(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "veteran.senc"
    shutil.copy(VETERAN, path)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("veteran.senc: Sword's Edge NC, no problems")
    assert out[1] == '  NC "Veteran Military": Average regular (TN 12)'
    assert "  Soldier (or Sailor or Airman or Marine) +4: TN 16" in out
    assert any(line.startswith("  Beside its template: Concept at Great +4") for line in out)
    assert main(["check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "nc" and data["legal"] is True and data["tn"] == 12
    assert {"quality": "Physique +2", "tn": 14} in data["qualities"]


def test_a_broken_nc_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.senc"
    path.write_text(VETERAN.read_text(encoding="utf-8").replace('"Average"', '"Huge"', 1),
                    encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("seforge check: odd.senc: field 'rank': unknown Rank 'Huge'")
    assert "\n" not in err
