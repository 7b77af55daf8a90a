"""``seforge import`` does only the work reading a sheet needs (issue 28): reading any
system's sheet back loads no ReportLab (the drawing half of the form module and of each
sheet loads when a sheet is drawn), and a sheet whose ``/Subject`` names its system goes to
that system without its fields (its saved copy too) being read twice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from seforge.cli import import_cmd
from seforge.systems.blades.documents import SCOUNDREL
from tests.seforge.systems.blades.test_sheet import cutter

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ROOT / "resources" / "systems"


def _export(tmp_path: Path, source: Path) -> Path:
    sheet = tmp_path / f"{source.stem}.pdf"
    done = subprocess.run([sys.executable, "-m", "seforge", "export", str(source), "-o",
                           str(sheet)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    return sheet


@pytest.mark.parametrize("source, suffix", [
    (SYSTEMS / "swords_edge" / "library" / "pcs" / "crag.json", ".sechar"),
    (SYSTEMS / "blades" / "nadja-hound.blades", ".blades"),
    (SYSTEMS / "twod20" / "ilse-varga.s2d20", ".s2d20"),
    (SYSTEMS / "sword_of_life" / "library" / "fighter-pilot.sol", ".sol"),
])
def test_reading_a_sheet_back_loads_no_reportlab(tmp_path: Path, source: Path,
                                                  suffix: str) -> None:
    sheet = _export(tmp_path, source)
    out = tmp_path / f"back{suffix}"
    probe = ("import sys, runpy\n"
             f"sys.argv = ['seforge', 'import', {str(sheet)!r}, '-o', {str(out)!r}]\n"
             "try:\n"
             "    runpy.run_module('seforge', run_name='__main__')\n"
             "except SystemExit as done:\n"
             "    assert done.code == 0, done.code\n"
             "print(sorted(m for m in sys.modules if m.startswith(('reportlab.pdfgen', "
             "'reportlab.pdfbase', 'uharfbuzz'))))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert out.is_file()
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_known_subject_is_routed_without_reading_the_fields(tmp_path: Path) -> None:
    from seforge.systems.blades.sheet import render

    SCOUNDREL.save(cutter(), tmp_path / "silas.blades")
    sheet = tmp_path / "silas.pdf"
    sheet.write_bytes(render([cutter()])[0])
    subject, names = import_cmd.sniff(sheet) or ("", [])
    assert subject == "Blades in the Dark sheets" and names  # unknown: every field read
    assert import_cmd.sniff(sheet, {subject}) == (subject, [])
    found = import_cmd.find_reader(sheet)
    assert not isinstance(found, str) and found[0].id == "blades"
