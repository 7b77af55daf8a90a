"""Timings of the game-free odds engines (``seforge.core.odds``), target well under 5 ms each.

    python -m tests.benchmarks.core_odds [--repeat N]

Standalone for now; ``run()`` has the shape of an entry of ``BENCHMARKS`` in run.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.benchmarks.odds_cases import standalone, time_cases
from tests.benchmarks.run import Result

TARGET_MS = 5.0


def _cases() -> dict[str, tuple[str, Callable[[], object]]]:
    from seforge.core import odds

    def d20(face: int) -> tuple[int, int]:  # TN 12, Focus 3, complication on a 20
        return (2 if face <= 3 else 1 if face <= 12 else 0), (1 if face == 20 else 0)

    pool = odds.custom_die({face: d20(face) for face in range(1, 21)})
    challenge = odds.custom_die([(1, 0), (2, 0), (0, 0), (0, 0), (1, 1), (1, 1)])
    colours = {"red ace": 2, "red": 24, "black deuce": 2, "black": 24}

    def blades(state: tuple[int, int], face: int) -> tuple[int, int]:
        return max(state[0], face), state[1] + (face == 6)

    return {
        "odds-5d20": ("5d20 with (successes, complications) per face",
                      lambda: odds.pool_sum(pool, 5)),
        "odds-5d20-opposed": ("two 5d20 pools opposed (win/tie/loss)",
                              lambda: odds.contest(odds.pool_sum(pool, 5), odds.pool_sum(pool, 5),
                                                   key=lambda outcome: outcome[0])),
        "odds-10cd": ("sum of 10 Challenge Dice (damage, effects)",
                      lambda: odds.pool_sum(challenge, 10)),
        "odds-blades-6d": ("Blades 6d6: highest die and count of sixes",
                           lambda: odds.pool_fold(odds.die(6), 6, (0, 0), blades)),
        "odds-cards-5v4": ("5 vs 4 cards from one deck of four kinds",
                           lambda: odds.draw_hands(colours, [5, 4])),
    }


def run(repeat: int, scratch: Path | None = None) -> list[Result]:
    return time_cases(_cases(), repeat, lambda _name: TARGET_MS)


def main() -> int:
    return standalone(__doc__.splitlines()[0], run, repeat=21)


if __name__ == "__main__":
    raise SystemExit(main())
