"""``seforge odds --system dice-pool``: the exact odds of a Dice Pool roll.

    seforge odds --system dice-pool --dice N --target T [--sides S] [--json] [--exact]

Prints, for each number of successes k, the chance of exactly k and of k or more;
``--json`` prints ``{"successes": {"0": p, "1": p, ...}}`` (exactly k), with each
probability a float, or its exact fraction as text with ``--exact``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from fractions import Fraction

from seforge.core.cli import OneLineParser, print_json, whole_number
from seforge.core.probability_text import format_probability

from dice_pool.odds import (
    DEFAULT_SIDES,
    MAX_DICE,
    MAX_SIDES,
    MIN_DICE,
    MIN_SIDES,
    at_least,
    successes,
    why_not_roll,
)

SUMMARY = "N dice with S sides; each die at or above the target is a success"


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = OneLineParser(prog=prog, description=f"Exact odds of a Dice Pool roll: {SUMMARY}.")
    parser.add_argument("--dice", type=whole_number("the dice", MIN_DICE, MAX_DICE),
                        required=True, metavar="N", help=f"dice rolled, {MIN_DICE}..{MAX_DICE}")
    parser.add_argument("--target", type=whole_number("the target", 1, MAX_SIDES),
                        required=True, metavar="T",
                        help="a die showing this or more is a success")
    parser.add_argument("--sides", type=whole_number("the sides", MIN_SIDES, MAX_SIDES),
                        default=DEFAULT_SIDES, metavar="S",
                        help=f"sides of each die, {MIN_SIDES}..{MAX_SIDES} "
                        f"(default {DEFAULT_SIDES})")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--exact", action="store_true",
                        help="with --json, give each probability as an exact fraction")
    return parser


def share(value: Fraction) -> str:
    return format_probability(value, 1, fixed=True)


def run(argv: Sequence[str], prog: str) -> int:
    parser = build_parser(prog)
    args = parser.parse_args(list(argv))
    reason = why_not_roll(args.dice, args.target, args.sides)
    if reason is not None:
        parser.error(reason)
    exactly = successes(args.dice, args.target, args.sides)
    if args.json:
        print_json({"successes": {str(k): str(p) if args.exact else float(p)
                                  for k, p in enumerate(exactly)}})
        return 0
    print(f"{args.dice}d{args.sides}, each {args.target}+ a success")
    print(f"  {'successes':>9}  {'exactly':>8}  {'or more':>8}  exact")
    for k, (p, q) in enumerate(zip(exactly, at_least(exactly), strict=True)):
        print(f"  {k:>9}  {share(p):>8}  {share(q):>8}  {p}")
    return 0
