"""``seforge odds`` for Sword's Edge: exact chances of one roll, as a table or as JSON.

``seforge.cli`` hands the arguments after ``odds`` to :func:`main` (through
``SYSTEM.run_odds``) when no other ``--system`` is named.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from seforge.core.cli import EXIT_OK, OneLineParser

TYPE_CHECKING = False  # as typing's, without importing typing (see seforge.core.cli)

if TYPE_CHECKING:  # the dice load when the verb runs: the other verbs start without them
    from fractions import Fraction

    from seforge.systems.swords_edge.dice import Odds

CRITICALS_READINGS = ("first", "final")
"""``dice.CRITICALS_READINGS``, restated so that the parser needs no import (a test
keeps them equal)."""

MAX_LUCK = 10
MAX_NUMBER = 1000
"""Modifiers and TNs beyond +-1000 are refused as typing mistakes (real ones stay under 30)."""


def _whole(what: str, low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        shown = text if len(text) <= 12 else text[:12] + "..."
        stripped = text.strip()
        digits = stripped.removeprefix("-").removeprefix("+")
        if not digits.isdigit() or not digits.isascii():
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {shown!r}")
        value = int(stripped) if len(digits) <= 8 else high + 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{what} must be between {low} and {high}, not {shown}"
            )
        return value

    return parse


_luck = _whole("Luck", 0, MAX_LUCK)


HELP = "exact chances of 2d10 + modifier against a TN"
"""The verb's help line in ``seforge --help``."""


def build_parser(prog: str = "seforge odds") -> argparse.ArgumentParser:
    """The parser of Sword's Edge's ``odds`` arguments."""
    parser = OneLineParser(
        prog=prog,
        description=(
            "Exact chances (all 100 dice pairs counted) of 2d10 plus a modifier "
            "reaching a Target Number, by Level of Success, with optional Luck rerolls."
        ),
    )
    parser.add_argument(
        "--modifier", type=_whole("the modifier", -MAX_NUMBER, MAX_NUMBER), required=True,
        metavar="M",
        help="total modifier added to the dice (may be negative)",
    )
    parser.add_argument("--tn", type=_whole("the TN", -MAX_NUMBER, MAX_NUMBER), required=True,
                        metavar="T", help="Target Number")
    parser.add_argument(
        "--luck", type=_luck, default=0, metavar="N",
        help=f"Luck available for rerolls, 0..{MAX_LUCK} (default 0)",
    )
    parser.add_argument(
        "--criticals", choices=CRITICALS_READINGS, default="first",
        help="judge natural 2 and 20 on the first roll (default: a natural 2 stands, "
        "Luck cannot save it) or on the final dice after Luck rerolls",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--system",
        default="swords-edge",
        metavar="ID",
        help="the game system (default swords-edge); another system takes its own options: "
        "see 'seforge odds --system ID --help'",
    )
    return parser


def main(argv: Sequence[str], prog: str = "seforge odds") -> int:
    """Parse ``argv`` (the arguments after ``odds``) and print the odds.

    As every ``seforge`` verb's parser, ``--help`` exits 0 and a bad argument exits 2 with
    one line on stderr (SystemExit, as argparse does).
    """
    return run(build_parser(prog).parse_args(list(argv)))


def _percent(p: Fraction) -> str:
    from seforge.core.probability_text import format_probability

    return format_probability(p, fixed=True).rjust(6)


def format_table(modifier: int, tn: int, result: Odds) -> str:
    """The plain-text report of ``seforge odds``."""
    from seforge.systems.swords_edge.dice import LEVELS, needs_text

    lines = [
        f"2d10 {modifier:+d} vs TN {tn}: needs {needs_text(modifier, tn)}",
        f"  Success            {_percent(result.success)}",
    ]
    lines.extend(f"    {name:<16} {_percent(result.levels[name])}" for name in LEVELS)
    lines.append(f"  Critical failure   {_percent(result.critical_failure)}")
    lines.append(f"  Critical success   {_percent(result.critical_success)}")
    if len(result.with_luck) > 1:
        lines.append("  With Luck rerolls")
        for k, p in enumerate(result.with_luck):
            label = "no Luck" if k == 0 else f"up to {k} Luck"
            lines.append(f"    {label:<16} {_percent(p)}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the odds asked for; always exits 0."""
    from seforge.systems.swords_edge.dice import odds, odds_json

    modifier: int = args.modifier
    tn: int = args.tn
    result = odds(modifier, tn, args.luck, args.criticals)
    if args.json:
        import json

        print(json.dumps(odds_json(result)))
    else:
        print(format_table(modifier, tn, result))
    return EXIT_OK
