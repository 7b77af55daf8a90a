"""Timings of Sword of Life's exact odds (``seforge.systems.sword_of_life.odds``).

    python -m tests.benchmarks.sword_of_life_odds [--repeat N]

Standalone like ``core_odds``; ``run()`` has the shape of an entry of ``BENCHMARKS`` in run.py.
Each case clears the odds caches first, so it times a cold computation.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.benchmarks.odds_cases import standalone, time_cases
from tests.benchmarks.run import Result

TARGETS_MS = {
    "sol-5v4": 5.0,
    "sol-8v8-rule1": 50.0,
    "sol-26v26-rule2": 100.0,
    "sol-matrix-8x8": 100.0,
    "sol-combat-5-5-v-4-4": 100.0,
    "sol-debate-8v8": 500.0,
    "sol-debate-12v12": 3000.0,
}


def _cases() -> dict[str, tuple[str, Callable[[], object]]]:
    from seforge.systems.sword_of_life import odds
    from seforge.systems.sword_of_life.settings import AceRule, TableSettings

    rule1 = TableSettings(aces=AceRule.DOUBLE)
    rule2 = TableSettings(aces=AceRule.AUTO)
    return {
        "sol-5v4": ("5 vs 4 cards, one deck: win/tie/loss", lambda: odds.exchange(5, 4).win),
        "sol-8v8-rule1": ("8 vs 8 cards, Rule 1 (Ace 2, Deuce -2)",
                          lambda: odds.exchange(8, 8, rule1).win),
        "sol-26v26-rule2": ("26 vs 26 cards (whole deck), Rule 2 statuses",
                            lambda: odds.exchange(26, 26, rule2).automatic()),
        "sol-matrix-8x8": ("the 1-8 x 1-8 P(win) matrix",
                           lambda: [odds.exchange(n, m).win for n in range(1, 9)
                                    for m in range(1, 9)]),
        "sol-combat-5-5-v-4-4": ("whole combat, Edge 5/Grip 5 vs Edge 4/Grip 4",
                                 lambda: odds.conflict(odds.ConflictKind.COMBAT, 5, 4,
                                                       player_cards=5, opposition_cards=4)),
        "sol-debate-8v8": ("whole debate, Point 8 vs Point 8",
                           lambda: odds.conflict(odds.ConflictKind.DEBATE, 8, 8)),
        "sol-debate-12v12": ("whole debate at the cap, Point 12 vs 12",
                             lambda: odds.conflict(odds.ConflictKind.DEBATE, 12, 12)),
    }


def _clear() -> None:
    from seforge.systems.sword_of_life import odds

    odds._joint.cache_clear()
    odds._conflict.cache_clear()


def run(repeat: int, scratch: Path | None = None) -> list[Result]:
    return time_cases(_cases(), repeat, TARGETS_MS.__getitem__, setup=_clear)


def main() -> int:
    return standalone(__doc__.splitlines()[0], run, repeat=5)


if __name__ == "__main__":
    raise SystemExit(main())
