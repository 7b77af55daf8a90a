"""Recovery Tests."""

from __future__ import annotations

from seforge.systems.swords_edge.resolution.recovery import (
    RECOVERY_TN,
    WEEKLY_RECOVERY,
    recovery_removed,
)


def test_recovery() -> None:
    names = ("Average", "Good", "Great", "Exceptional", "Legendary")
    assert [recovery_removed(n, daily=False) for n in names] == [1, 1, 2, 2, 3]
    assert [recovery_removed(n, daily=True) for n in names] == [1, 2, 3, 4, 5]
    assert recovery_removed(None, daily=False) == 0
    assert recovery_removed(None, daily=True) == 0
    assert (RECOVERY_TN, WEEKLY_RECOVERY) == (17, 1)
