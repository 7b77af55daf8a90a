"""``seforge export`` of several systems' files: one PDF whose page references ("more on
p. N", "cut short on p. N", a party's "PDF page X of Y") count through the joined PDF,
not through each system's part of it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.cli import main
from seforge.core.pdf.flow import number_pages_from
from seforge.systems import registry

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ROOT / "resources" / "systems"
LONG = " ".join(f"word{i}" for i in range(400))
REFERENCE = re.compile(r"(?i)(more on p\.|cut short on p\.|PDF page) ?(\d+)(?: of (\d+))?")


def _spilling(tmp_path: Path) -> dict[str, Path]:
    """A document of three systems, each with more text than its sheet holds."""
    made: dict[str, Path] = {}
    se = json.loads((SYSTEMS / "swords_edge" / "library" / "pcs" / "captain.json").read_text())
    se["notes"], se["concept"]["name"] = LONG, LONG[:150]
    sol = json.loads((SYSTEMS / "sword_of_life" / "library" / "police-detective.sol")
                     .read_text())
    sol["notes"], sol["career"] = LONG, LONG[:190]
    blades = json.loads((SYSTEMS / "blades" / "nadja-hound.blades").read_text())
    blades["notes"] = LONG
    for name, data in (("hero.sechar", se), ("detective.sol", sol), ("nadja.blades", blades)):
        made[name] = tmp_path / name
        made[name].write_text(json.dumps(data), encoding="utf-8")
    return made


def _references(pdf: Path) -> list[list[tuple[str, int, int | None]]]:
    """Each page's references: (kind, page named, pages in all or None)."""
    pages = []
    for page in PdfReader(pdf).pages:
        found = REFERENCE.findall(page.extract_text() or "")
        pages.append(sorted({(kind.lower(), int(n), int(total) if total else None)
                             for kind, n, total in found}))
    return pages


def test_a_joined_pdf_counts_its_page_references_through(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = _spilling(tmp_path)
    out = tmp_path / "table.pdf"
    party = SYSTEMS / "swords_edge" / "library" / "pcs" / "captain.json"
    assert main(["export", str(files["detective.sol"]), str(files["hero.sechar"]), str(party),
                 str(files["nadja.blades"]), "-o", str(out)]) == 0
    assert "8 page(s)" in capsys.readouterr().out
    # Sword of Life (pages 1-2), Sword's Edge's party (3-5), Blades (6-8)
    assert _references(out) == [
        [("more on p.", 2, None)],
        [],
        [("more on p.", 4, None), ("pdf page", 3, 8)],
        [("pdf page", 4, 8)],
        [("pdf page", 5, 8)],
        [("more on p.", 7, None)],
        [("cut short on p.", 6, None), ("more on p.", 8, None)],
        [],
    ]


def test_each_system_alone_still_counts_from_one(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    files = _spilling(tmp_path)
    out = tmp_path / "nadja.pdf"
    assert main(["export", str(files["nadja.blades"]), "-o", str(out)]) == 0
    assert "3 page(s)" in capsys.readouterr().out  # her notes' pages count too
    assert _references(out) == [[("more on p.", 2, None)],
                                [("cut short on p.", 1, None), ("more on p.", 3, None)], []]


def test_a_system_numbers_its_part_from_the_page_it_is_given(tmp_path: Path) -> None:
    files = _spilling(tmp_path)
    systems = {s.id: s for s in registry().load_all()[0]}
    out = tmp_path / "part.pdf"
    pages = systems["sword-of-life"].export_sheets([files["detective.sol"]], out, "a4",
                                                   first_page=9, total_pages=12)
    assert pages == len(PdfReader(out).pages) == 2
    assert _references(out)[0] == [("more on p.", 10, None)]


def test_page_numbers_start_at_one(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(tmp_path / "x.pdf"))
    number_pages_from(canvas, 5)
    assert canvas.getPageNumber() == 5
    with pytest.raises(ValueError, match="start at 1"):
        number_pages_from(canvas, 0)
