"""Range bands and their penalties."""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge.resolution.ranges import (
    RANGES,
    range_modifier,
    range_penalty_ranks,
)


def test_ranges() -> None:
    assert [range_penalty_ranks(r) for r in RANGES] == [0, 0, 0, 1, 2, 3, 4]
    assert range_modifier("Far") == -4
    assert range_modifier("sight") == -8
    with pytest.raises(ValueError):
        range_penalty_ranks("orbit")
