"""``seforge odds --system sol``: the exact odds of one exchange on the command line.

    seforge odds --system sol --cards N --against M [--separate-decks]
                 [--aces none|double|auto] [--json]

JSON: ``{"win", "tie", "loss", "margin": {"k": p}}`` (the margin is the player's successes
minus the opposition's), and with ``--aces auto`` also ``"automatic"``: the probability of each
side's automatic success and failure. ``--conflict KIND --scores P O`` adds the chance of
winning the whole extended conflict from those scores: ``"conflict": {"win", "loss",
"expected_exchanges"}`` (in combat N and M are the Edge draws and P, O the Grips).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from fractions import Fraction

from seforge.cli import OneLineParser, one_line
from seforge.systems.sword_of_life.odds import (
    MAX_CARDS,
    ConflictKind,
    conflict,
    exchange,
    why_not_exchange,
)
from seforge.systems.sword_of_life.rule_options import AceRule, RuleScope, TableRules

EXIT_OK, EXIT_BAD = 0, 2


def _cards(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
    if not 0 <= value <= MAX_CARDS:
        raise argparse.ArgumentTypeError(f"a hand holds 0 to {MAX_CARDS} cards, not {value}")
    return value


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=prog,
        description="Exact odds of a Sword of Life exchange: N cards against M, every hand "
        "counted (red cards succeed, black ones fail).",
    )
    parser.add_argument("--cards", type=_cards, required=True, metavar="N",
                        help="the player's cards")
    parser.add_argument("--against", type=_cards, required=True, metavar="M",
                        help="the opposition's cards (a rating or a k-card problem)")
    parser.add_argument("--separate-decks", action="store_true",
                        help="each side draws from its own deck (default: one shared deck)")
    parser.add_argument("--aces", choices=[rule.value for rule in AceRule], default="none",
                        help="none; double (red Ace counts 2, black Deuce takes 2 away); "
                        "auto (red Ace wins, black Deuce fails, Ace beats Deuce)")
    parser.add_argument("--no-floor", action="store_true",
                        help="with --aces double, let a hand's total go below 0")
    parser.add_argument("--player-only", action="store_true",
                        help="the Ace and Deuce rule reads only the player's hand")
    parser.add_argument("--conflict", choices=[kind.value for kind in ConflictKind],
                        help="also the chance of winning a whole extended conflict")
    parser.add_argument("--scores", type=_cards, nargs=2, metavar=("P", "O"),
                        help="with --conflict: the player's and the opposition's tracked "
                        "scores (Grip in combat; Point or a problem's cards otherwise)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _p(value: Fraction) -> float:
    return float(value)


def run(argv: Sequence[str], prog: str) -> int:
    args = build_parser(prog).parse_args(list(argv))
    shared, aces, floor = not args.separate_decks, AceRule(args.aces), not args.no_floor
    scope = RuleScope.PLAYER if args.player_only else RuleScope.BOTH
    settings = TableRules(shared_deck=shared, aces=aces, floor_at_zero=floor, rule_scope=scope)
    problem = why_not_exchange(args.cards, args.against, shared_deck=settings.shared_deck)
    if problem is not None:
        print(f"{prog}: {one_line(problem)}", file=sys.stderr)
        return EXIT_BAD
    if (args.conflict is None) != (args.scores is None):
        print(f"{prog}: --conflict and --scores go together", file=sys.stderr)
        return EXIT_BAD
    whole = None
    if args.conflict is not None:
        kind = ConflictKind(args.conflict)
        combat = kind is ConflictKind.COMBAT
        from seforge.systems.sword_of_life.settings import TableSettings

        try:
            whole = conflict(kind, args.scores[0], args.scores[1],
                             player_cards=args.cards if combat else 0,
                             opposition_cards=args.against if combat else 0,
                             settings=TableSettings(shared_deck=shared, aces=aces,
                                                    floor_at_zero=floor, rule_scope=scope))
        except ValueError as error:
            print(f"{prog}: {one_line(str(error))}", file=sys.stderr)
            return EXIT_BAD
    odds = exchange(args.cards, args.against, settings)
    margin = odds.margin
    if args.json:
        import json

        payload: dict[str, object] = {
            "win": _p(odds.win),
            "tie": _p(odds.tie),
            "loss": _p(odds.loss),
            "margin": {str(k): _p(margin[k]) for k in margin.support()},
        }
        if settings.aces is AceRule.AUTO:
            payload["automatic"] = {key: _p(p) for key, p in odds.automatic().items()}
        if whole is not None:
            payload["conflict"] = {"win": _p(whole.win), "loss": _p(whole.loss),
                                   "expected_exchanges": _p(whole.expected_exchanges)}
        print(json.dumps(payload))
        return EXIT_OK
    deck = "separate decks" if args.separate_decks else "one shared deck"
    print(f"{args.cards} cards against {args.against}, {deck}, aces: {settings.aces.value}")
    for label, p in (("win", odds.win), ("tie", odds.tie), ("loss", odds.loss)):
        print(f"  {label:5} {float(p):8.2%}  ({p})")
    print(f"  expected margin {odds.expected_margin}")
    print("  margin:")
    for k in margin.support():
        print(f"    {k:+3d}  {float(margin[k]):8.2%}")
    if settings.aces is AceRule.AUTO:
        print("  automatic results:")
        for key, p in odds.automatic().items():
            print(f"    {key.replace('_', ' '):20} {float(p):8.2%}  ({p})")
    if whole is not None:
        print(f"  whole {args.conflict} from {args.scores[0]} against {args.scores[1]}: win "
              f"{float(whole.win):.2%}, {float(whole.expected_exchanges):.2f} exchanges on "
              "average")
    return EXIT_OK
