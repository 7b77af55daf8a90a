"""``seforge odds --system blades``: the exact odds of an action or resistance roll.

    seforge odds --system blades --dice N [--resistance] [--json] [--exact]

An action roll prints P(critical), P(success) (exactly one six), P(partial) (best die
4-5) and P(failure) (best die 1-3); ``--json`` prints ``{"critical", "success",
"partial", "failure"}``. With ``--resistance`` it prints the stress the roll costs:
``{"stress": {"-1": p, "0": p, ..., "5": p}}``, where -1 is a critical (one stress
cleared). N = 0 (or less) rolls two dice and keeps the lowest. Probabilities are floats
in 0..1, or exact fractions as text with ``--exact``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from fractions import Fraction

from seforge.core.cli import OneLineParser
from seforge.core.probability_text import percent
from seforge.systems.blades.odds import MAX_DICE, action_roll, resistance_stress

MIN_DICE = -MAX_DICE


def _dice(text: str) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the dice are a whole number, not {text[:40]!r}") from None
    if not MIN_DICE <= value <= MAX_DICE:
        raise argparse.ArgumentTypeError(
            f"the dice run from {MIN_DICE} to {MAX_DICE}, not {value}")
    return value


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=prog,
        description="Exact odds of a Blades in the Dark roll (highest die of N d6; "
        "0 dice rolls two and keeps the lowest).",
    )
    parser.add_argument("--dice", type=_dice, required=True, metavar="N",
                        help=f"dice in the pool, {MIN_DICE}..{MAX_DICE} (0 or less: lowest of 2)")
    parser.add_argument("--resistance", action="store_true",
                        help="a resistance roll: the stress it costs (-1: a critical clears 1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--exact", action="store_true",
                        help="with --json, give each probability as an exact fraction")
    return parser


def _value(p: Fraction, exact: bool) -> float | str:
    return str(p) if exact else float(p)


def run_odds(argv: Sequence[str], prog: str) -> int:
    args = build_parser(prog).parse_args(list(argv))
    if args.resistance:
        stress = resistance_stress(args.dice)
        if args.json:
            import json

            print(json.dumps({"stress": {str(k): _value(stress[k], args.exact)
                                         for k in range(-1, 7)}}))
        else:
            pool = f"{args.dice}d" if args.dice > 0 else "0d (lowest of 2)"
            print(f"Resistance roll, {pool}: stress it costs")
            for k in range(-1, 6):
                label = "clear 1 (critical)" if k == -1 else f"{k} stress"
                print(f"  {label:<20} {percent(stress[k]):>8}  ({stress[k]})")
            print(f"  expected {float(stress.mean()):.3f} stress ({stress.mean()})")
        return 0
    results = action_roll(args.dice)
    from seforge.systems.blades.levels import ResultLevel

    order = (ResultLevel.CRITICAL, ResultLevel.SUCCESS, ResultLevel.PARTIAL, ResultLevel.FAILURE)
    if args.json:
        import json

        print(json.dumps({level.value: _value(results[level], args.exact) for level in order}))
    else:
        pool = f"{args.dice}d" if args.dice > 0 else "0d (lowest of 2, no critical)"
        print(f"Action roll, {pool}")
        names = {ResultLevel.CRITICAL: "critical (two 6s)", ResultLevel.SUCCESS: "success (6)",
                 ResultLevel.PARTIAL: "partial (4-5)", ResultLevel.FAILURE: "bad (1-3)"}
        for level in order:
            print(f"  {names[level]:<20} {percent(results[level]):>8}  ({results[level]})")
    return 0
