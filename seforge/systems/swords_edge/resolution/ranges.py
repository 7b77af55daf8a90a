"""The range bands and what they cost a ranged attack (book: *Range*, an optional rule)."""

from __future__ import annotations

from seforge.systems.swords_edge.resolution.stress import penalty_modifier

RANGES: tuple[str, ...] = ("touch", "close", "near", "medium", "far", "excessive", "sight")
"""The range bands, nearest first (book: *Range*)."""

_RANGE_PENALTY_RANKS: dict[str, int] = {
    "touch": 0,
    "close": 0,
    "near": 0,
    "medium": 1,
    "far": 2,
    "excessive": 3,
    "sight": 4,
}


def range_penalty_ranks(range_band: str) -> int:
    """Temporary Penalty Ranks for a ranged attack at ``range_band``.

    None up to near, then one at medium, two at far, three at excessive and four
    at sight. Book: *Range* (an optional rule).
    """
    key = range_band.strip().lower()
    if key not in _RANGE_PENALTY_RANKS:
        raise ValueError(f"unknown range {range_band!r} (known: {', '.join(RANGES)})")
    return _RANGE_PENALTY_RANKS[key]


def range_modifier(range_band: str) -> int:
    """The roll modifier for ``range_band``: -2 per Penalty Rank."""
    return penalty_modifier(range_penalty_ranks(range_band))
