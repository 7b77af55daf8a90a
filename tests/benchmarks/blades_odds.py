"""Timings of the Blades in the Dark odds (``seforge.systems.blades.odds``), target < 5 ms each.

    python -m tests.benchmarks.blades_odds [--repeat N]

Standalone like ``core_odds``; ``run()`` has the shape of an entry of ``BENCHMARKS`` in run.py.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from tests.benchmarks.run import Result, median, timed

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
    results = []
    for name, (what, func) in _cases().items():
        value = median(timed(func, repeat))
        results.append(Result(name, what, round(value, 3), "ms", f"< {TARGET_MS:g} ms",
                              value < TARGET_MS))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    results = run(args.repeat)
    for result in results:
        print(f"{result.name:24} {result.value:8.3f} {result.unit}  {result.target:>8}  "
              f"{'ok' if result.ok else 'SLOW'}  {result.what}")
    return 0 if all(result.ok for result in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
