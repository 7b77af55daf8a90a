"""A group roll reads by position: the result that counts, at the position the GM set, with
what it typically costs there (the "consequences" reference table)."""

from __future__ import annotations

from seforge.systems.blades import reference
from seforge.systems.blades.levels import ResultLevel
from seforge.systems.blades.roller import GroupRoll, Roll


def test_the_consequence_of_a_result_at_a_position() -> None:
    assert [result for result, _cost in reference.consequences_at("desperate")] == [
        "4/5", "1-3"]
    assert "severe harm" in reference.consequence_of("desperate", ResultLevel.PARTIAL)
    assert "worse position" in reference.consequence_of("Risky", ResultLevel.FAILURE)
    assert reference.consequence_of("risky", ResultLevel.SUCCESS) == ""
    assert reference.consequence_of("risky", ResultLevel.CRITICAL) == ""


def test_a_group_roll_says_its_result_at_the_position() -> None:
    group = GroupRoll((Roll(2, (1, 2)), Roll(1, (5,))))
    text = group.describe((1, 2), "desperate")
    assert "Counts: partial success at a desperate position (severe harm, a serious " \
           "complication, reduced effect); the leader takes 1 stress" in text
    assert "Counts: partial success; the leader" in group.describe()  # no position: as before
    full = GroupRoll((Roll(2, (6, 2)),))
    assert "Counts: full success at a risky position; the leader takes no stress" in \
        full.describe(position="risky")
