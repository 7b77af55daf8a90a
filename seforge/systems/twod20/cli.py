"""``seforge odds --system 2d20 ...``: exact odds of one skill test on the command line.

Contract (issue 16): ``--tn T --difficulty D [--focus F] [--dice N] [--fortune K]
[--complication-range R] [--json]``. JSON keys: ``success``, ``complication``,
``expected_successes`` and ``momentum`` (``momentum["k"]`` = P(success with exactly k
Momentum), summing to ``success``). Bad numbers exit 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from seforge.core.cli import OneLineParser, one_line
from seforge.core.probability_text import percent

EXIT_BAD_ARGS = 2


def _count(text: str) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; use 0 or more")
    if value > 1000:
        raise argparse.ArgumentTypeError(f"{value} is far too large")
    return value


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=prog,
        description="Exact odds of a 2d20 skill test (every face of every d20 counted).",
    )
    parser.add_argument("--tn", type=_count, required=True, metavar="T",
                        help="target number: attribute + skill (Expertise in Conan)")
    parser.add_argument("--difficulty", type=_count, required=True, metavar="D",
                        help="successes needed, 0 to 10 (the ladder names 0 to 5)")
    parser.add_argument("--focus", type=_count, default=0, metavar="F",
                        help="a d20 at or under F scores two successes (default 0)")
    parser.add_argument("--dice", type=_count, default=2, metavar="N",
                        help="d20s rolled, at least 2 (default 2)")
    parser.add_argument("--fortune", type=_count, default=0, metavar="K",
                        help="Fortune dice, each counting as a rolled 1 (default 0)")
    parser.add_argument("--complication-range", type=_count, default=1, metavar="R",
                        help="1: complications on 20 only; 2: on 19-20; ... (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser


def run(argv: Sequence[str], prog: str) -> int:
    from seforge.systems.twod20.dice import SkillTest, skill_odds, why_not

    parser = build_parser(prog)
    args = parser.parse_args(list(argv))
    spec = SkillTest(args.tn, args.difficulty, args.focus, args.dice, args.fortune,
                    args.complication_range)
    reason = why_not(spec)
    if reason is not None:
        print(f"{prog}: {one_line(reason)}", file=sys.stderr)
        return EXIT_BAD_ARGS
    odds = skill_odds(spec)
    if args.json:
        import json

        print(json.dumps(odds.as_json(), indent=2))
        return 0
    fortune = f" + {spec.fortune} Fortune" if spec.fortune else ""
    print(f"{spec.dice}d20{fortune}, TN {spec.tn}, Focus {spec.focus}, "
          f"Difficulty {spec.difficulty}, complication range {spec.complication_range}")
    print(f"  success              {percent(odds.success):>8}  ({odds.success})")
    print(f"  complication         {percent(odds.complication):>8}  ({odds.complication})")
    print(f"  expected successes   {float(odds.expected_successes):8.3f}  "
          f"({odds.expected_successes})")
    print("  Momentum (success with exactly k):")
    for k, p in sorted(odds.momentum.items()):
        print(f"    {k:2d}  {percent(p):>8}  ({p})")
    return 0
