"""``seforge export --paper`` reaches every system's sheets, not only Sword's Edge's."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = {
    "blades": ROOT / "resources" / "systems" / "blades" / "nadja-hound.blades",
    "sword-of-life": ROOT / "resources" / "systems" / "sword_of_life" / "library"
    / "police-detective.sol",
    "2d20": ROOT / "resources" / "systems" / "twod20" / "ilse-varga.s2d20",
    "swords-edge": ROOT / "resources" / "systems" / "swords_edge" / "library" / "pcs"
    / "captain.json",
}
SIZES = {"a4": (595, 842), "letter": (612, 792)}


@pytest.mark.parametrize("paper", sorted(SIZES))
@pytest.mark.parametrize("system", sorted(SAMPLES))
def test_paper_reaches_the_system(system: str, paper: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.pdf"
    assert main(["export", str(SAMPLES[system]), "-o", str(out), "--paper", paper]) == 0
    capsys.readouterr()
    box = PdfReader(out).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == SIZES[paper]
