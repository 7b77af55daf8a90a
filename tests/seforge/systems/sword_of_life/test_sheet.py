"""The Sword of Life sheet's ratings table with names too long for their cell."""

from __future__ import annotations

from pathlib import Path

from seforge.systems.sword_of_life.character import Specialty
from seforge.systems.sword_of_life.documents import CHARACTER
from seforge.systems.sword_of_life.sheet import write_pdf
from tests.seforge.core.pdf.corpus import assert_no_overlap, needs_poppler, words

pytestmark = needs_poppler
LIBRARY = Path(__file__).parents[4] / "resources" / "systems" / "sword_of_life" / "library"
LONG = "Navigation " + "through the outer asteroid belt " * 6


def test_a_row_cut_short_keeps_its_columns_and_the_marker_overlaps_no_row(
        tmp_path: Path) -> None:
    """A specialty named at length: its row printed the cut name alone (the
    characteristic, cards and why were left out), and "... 1 more in full on p. 2"
    was drawn over the table's last row."""
    found = CHARACTER.load(LIBRARY / "fighter-pilot.sol")
    found.specialties = {"point": [Specialty(name=LONG.strip(), in_career=True)]}
    pdf = tmp_path / "sheet.pdf"
    write_pdf([found], pdf, "a4")
    _pages, found_words = words(pdf)
    first = [w for w in found_words if w.page == 1]
    navigation = [w for w in first if w.text == "Navigation"]
    assert len(navigation) == 2, "in the Point box and in the ratings table"
    row = [w for w in first if abs(w.y0 - max(navigation, key=lambda w: w.y0).y0) < 2]
    assert {"Point", "6"} <= {w.text for w in row}, [w.text for w in row]
    marker = [w for w in first if w.text == "more"]
    assert marker
    for word in first:  # nothing the marker's line crosses, not even partly
        if word is not marker[0] and word.x0 < marker[0].x1 and marker[0].x0 < word.x1:
            assert word.y1 <= marker[0].y0 + 0.5 or word.y0 >= marker[0].y1 - 0.5, word
    assert_no_overlap(first)
