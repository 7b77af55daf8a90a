"""Timings of the Blades in the Dark odds (``seforge.systems.blades.odds``), target < 5 ms each.

    python -m tests.benchmarks.blades_odds [--repeat N]

Standalone like ``core_odds``; ``run()`` has the shape of an entry of ``BENCHMARKS`` in run.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.benchmarks.odds_cases import standalone, time_cases
from tests.benchmarks.run import Result

TARGET_MS = 5.0


def _cases() -> dict[str, tuple[str, Callable[[], object]]]:
    from seforge.systems.blades import odds
    from seforge.systems.blades.facts import Effect

    return {
        "blades-action-6d": ("action roll of 6 dice (result levels)",
                             lambda: odds.action_roll(6)),
        "blades-action-0d": ("action roll of 0 dice (lowest of two)",
                             lambda: odds.action_roll(0)),
        "blades-resist-4d": ("resistance roll of 4 dice (stress distribution)",
                             lambda: odds.resistance_stress(4)),
        "blades-fortune-4v4": ("opposed fortune rolls, 4 dice against 4",
                               lambda: odds.opposed_fortune(4, 4)),
        "blades-clock-12x12": ("12-segment clock within 1..12 rolls of 3d, standard effect",
                               lambda: [odds.clock_fill_odds(12, 3, Effect.STANDARD, n)
                                        for n in range(1, 13)]),
        "blades-clock-expected": ("expected rolls to fill a 12-segment clock with 2d",
                                  lambda: odds.clock_expected_rolls(12, 2, Effect.LIMITED)),
    }


def run(repeat: int, scratch: Path | None = None) -> list[Result]:
    return time_cases(_cases(), repeat, lambda _name: TARGET_MS)


def main() -> int:
    return standalone(__doc__.splitlines()[0], run, repeat=21)


if __name__ == "__main__":
    raise SystemExit(main())
