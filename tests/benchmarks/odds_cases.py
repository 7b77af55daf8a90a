"""What the odds benchmarks share: timing named cases against a target, and running one
benchmark module on its own (``python -m tests.benchmarks.<module>``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping

from tests.benchmarks.run import Result, median, timed

Cases = Mapping[str, tuple[str, Callable[[], object]]]
"""Each case's name, what it computes and the call to time."""


def time_cases(cases: Cases, repeat: int, target_ms: Callable[[str], float],
               setup: Callable[[], object] | None = None) -> list[Result]:
    """The median milliseconds of each case (``setup`` runs untimed before each run,
    e.g. to clear caches) against its target."""
    results = []
    for name, (what, func) in cases.items():
        value = median(timed(func, repeat, setup=setup))
        target = target_ms(name)
        results.append(Result(name, what, round(value, 3), "ms", f"< {target:g} ms",
                              value < target))
    return results


def standalone(description: str, run: Callable[[int], list[Result]],
               repeat: int = 21) -> int:
    """Parse ``--repeat``, run, print a table; exit 1 when a case misses its target."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--repeat", type=int, default=repeat)
    args = parser.parse_args()
    results = run(args.repeat)
    width = max((len(result.name) for result in results), default=0)
    for result in results:
        print(f"{result.name:{width}} {result.value:9.3f} {result.unit}  {result.target:>10}  "
              f"{'ok' if result.ok else 'SLOW'}  {result.what}")
    return 0 if all(result.ok for result in results) else 1
