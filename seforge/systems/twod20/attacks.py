"""Attack Difficulty from range: [S] "Range" lines 593-629 (notes §3.1 ``range_difficulty_matrix``).

Rule ``2d20.range``: a ranged attack's Difficulty is the base ranged Difficulty (a setting, D2
by default because [S] says D2 in the attack procedure and "remains at 1" in the Range section)
plus one step for each range band between the weapon's range and the target's.
"""

from __future__ import annotations

from seforge.systems.twod20.settings import DEFAULT_SETTINGS, TableSettings

RANGES = ("Close", "Medium", "Long", "Extreme")

RANGE_STEPS: dict[str, tuple[int, ...]] = {
    "Close": (0, 1, 2, 3),
    "Medium": (1, 0, 1, 2),
    "Long": (2, 1, 0, 1),
    "Extreme": (3, 2, 1, 0),
}
"""Steps added by the weapon's range (row) against the target's range (column)."""

MELEE_DIFFICULTY = 1
"""Melee and mental attacks test at D1 [S] lines 536-541; [C] attacks are Average (D1)."""


def ranged_difficulty(weapon_range: str, target_range: str,
                      settings: TableSettings = DEFAULT_SETTINGS) -> int:
    """The Difficulty of a ranged attack (ValueError for an unknown range)."""
    if weapon_range not in RANGE_STEPS or target_range not in RANGES:
        raise ValueError(f"ranges are {', '.join(RANGES)}")
    return settings.ranged_base_difficulty + RANGE_STEPS[weapon_range][RANGES.index(target_range)]
