"""Found in a played session's PDF: the printed Penalty track did not cross out the boxes
past Weak as the Play dock does, and the Faculty's name sat higher than Concept's and
Background's (it made room for its "Trait:" line alone)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.play.state import penalty_room
from seforge.systems.swords_edge.sheet import PaperSize, export_sheets, render_sheets
from seforge.systems.swords_edge.sheet.layout import sheet_layout
from tests.seforge.conftest import make_sarah
from tests.seforge.systems.swords_edge.test_sheet import fragments, read_pdf

DPI = 100


def _darkness_on_diagonal(image: Any, cell: Any, page_height: float) -> float:
    """How dark a box is a quarter of the way along its top-left to bottom-right
    diagonal, away from the number printed in its middle (0 white, 255 black)."""
    k = DPI / 72
    values = []
    for t in (0.18, 0.25, 0.75, 0.82):
        x = round((cell.x + t * cell.w) * k)
        y = round((page_height - (cell.top - t * cell.h)) * k)
        near = [image.getpixel((x + dx, y + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        values.append(255 - min(sum(p) / 3 for p in near))
    return min(values)


@pytest.mark.parametrize("paper", [PaperSize.A4, PaperSize.LETTER])
def test_boxes_past_weak_are_crossed_out(paper: PaperSize, tmp_path: Path) -> None:
    from PIL import Image

    character = make_sarah()  # Average, Average, Exceptional: 3, 3 and 6 boxes to Weak
    pdf = tmp_path / "sheet.pdf"
    export_sheets([character], pdf, paper)
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "page")], check=True, capture_output=True, timeout=60)
    layout = sheet_layout(paper)
    (png,) = tmp_path.glob("page*.png")
    with Image.open(png) as opened:
        image = opened.convert("RGB")
        for trait, cells in zip((Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING),
                                layout.penalty_boxes, strict=True):
            room = penalty_room(character, trait)
            crossed = [_darkness_on_diagonal(image, cell, layout.height) > 60 for cell in cells]
            assert crossed == [i >= room for i in range(len(cells))], trait


def test_the_three_quality_names_sit_on_one_line() -> None:
    character = make_sarah()
    data, _count = render_sheets([character], PaperSize.A4)
    found = {f.text: f.y for f in fragments(read_pdf(data).pages[0])}
    names = [character.concept.name, character.background.name, character.faculty.name]
    ys = [found[name] for name in names]
    assert max(ys) - min(ys) < 0.5, dict(zip(names, ys, strict=True))
