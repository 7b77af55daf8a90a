"""``seforge odds --system sol``: the exact odds of one exchange on the command line.

    seforge odds --system sol --cards N --against M [--separate-decks]
                 [--aces none|double|auto] [--json]

JSON: ``{"win", "tie", "loss", "margin": {"k": p}}`` (the margin is the player's successes
minus the opposition's), and with ``--aces auto`` also ``"automatic"``: the probability of each
side's automatic success and failure. ``--conflict KIND --scores P O`` adds the chance of
winning the whole extended conflict from those scores: ``"conflict": {"win", "loss",
"expected_exchanges"}`` (in combat N and M are the Edge draws and P, O the Grips).
``--opponents "E G" "E G" ...`` makes it a conflict against several opponents (each its
draw and its score; in a debate or a problem the score is drawn, so one number will do),
met by ``--method split|carry|cinematic`` (realistic, less realistic, cinematic); then
``--scores P`` gives the player's score alone. The JSON margin is the one applied to the
scores (with ``--aces auto`` the automatic results decide it); ``"cards_margin"`` is then the
cards' own.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from fractions import Fraction

from seforge.core.cli import OneLineParser, one_line
from seforge.core.probability_text import percent
from seforge.systems.sword_of_life.odds import (
    MAX_CARDS,
    ConflictKind,
    ConflictOdds,
    ExchangeOdds,
    conflict,
    exchange,
    why_not_exchange,
)
from seforge.systems.sword_of_life.rule_options import AceRule, RuleScope, TableRules
from seforge.systems.sword_of_life.several import (
    MAX_WHOLE_OPPONENTS,
    Fighter,
    Method,
    whole_conflict,
)

EXIT_OK, EXIT_BAD = 0, 2


def _cards(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
    if not 0 <= value <= MAX_CARDS:
        raise argparse.ArgumentTypeError(f"a hand holds 0 to {MAX_CARDS} cards, not {value}")
    return value


def _opponent(text: str) -> tuple[int, int | None]:
    parts = text.replace(",", " ").split()
    if not 1 <= len(parts) <= 2:
        raise argparse.ArgumentTypeError(
            f"an opponent is its draw and its score, e.g. \"4 4\", not {text[:20]!r}")
    numbers = [_cards(part) for part in parts]
    return (numbers[0], numbers[1]) if len(numbers) == 2 else (numbers[0], None)


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=prog,
        description="Exact odds of a Sword of Life exchange: N cards against M, every hand "
        "counted (red cards succeed, black ones fail).",
    )
    parser.add_argument("--cards", type=_cards, required=True, metavar="N",
                        help="the player's cards")
    parser.add_argument("--against", type=_cards, metavar="M",
                        help="the opposition's cards (a rating or a k-card problem; with "
                        "--opponents, the first opponent's by default)")
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
    parser.add_argument("--scores", type=_cards, nargs="+", metavar="P O",
                        help="with --conflict: the player's and the opposition's tracked "
                        "scores (Grip in combat; Point or a problem's cards otherwise); "
                        "with --opponents, the player's alone")
    parser.add_argument("--opponents", type=_opponent, nargs="+", metavar='"E G"',
                        help="with --conflict: several opponents, each its draw and its "
                        "score (one number, the score, in a debate or a problem)")
    parser.add_argument("--method", choices=[method.value for method in Method],
                        default=Method.SPLIT.value,
                        help="with --opponents: split the hand (realistic; the odds assume "
                        "an even split), carry successes on (less realistic), or a full "
                        "hand against each (cinematic)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _p(value: Fraction) -> float:
    return float(value)


def run(argv: Sequence[str], prog: str) -> int:
    args = build_parser(prog).parse_args(list(argv))
    settings = _table_rules(args)
    several = args.opponents is not None
    problem = _why_not_arguments(args, several, settings)
    if problem is not None:
        return _bad(prog, problem)
    whole: ConflictOdds | None = None
    if args.conflict is not None:
        try:
            whole = _whole_conflict(args, several, settings)
        except ValueError as error:
            return _bad(prog, str(error))
    odds = exchange(args.cards, args.against, settings)
    if args.json:
        import json

        print(json.dumps(_json_payload(args, odds, settings, whole, several)))
        return EXIT_OK
    _print_text(args, odds, settings, whole, several)
    return EXIT_OK


def _table_rules(args: argparse.Namespace) -> TableRules:
    """The table's rules the options name."""
    scope = RuleScope.PLAYER if args.player_only else RuleScope.BOTH
    return TableRules(shared_deck=not args.separate_decks, aces=AceRule(args.aces),
                      floor_at_zero=not args.no_floor, rule_scope=scope)


def _why_not_arguments(args: argparse.Namespace, several: bool,
                       settings: TableRules) -> str | None:
    """Why the options do not make a question (None if they do); fills in ``--against``
    from the first opponent when it is left out."""
    if several and args.conflict is None:
        return "--opponents goes with --conflict"
    if several and len(args.opponents) > MAX_WHOLE_OPPONENTS:
        return f"at most {MAX_WHOLE_OPPONENTS} opponents"
    if args.against is None:
        if not several:
            return "the following arguments are required: --against"
        args.against = args.opponents[0][0]
    problem = why_not_exchange(args.cards, args.against, shared_deck=settings.shared_deck)
    if problem is not None:
        return problem
    if (args.conflict is None) != (args.scores is None):
        return "--conflict and --scores go together"
    if args.scores is not None and len(args.scores) != (1 if several else 2):
        return ("--scores takes the player's score alone with --opponents"
                if several else "--scores takes two scores: the player's and the "
                "opposition's")
    return None


def _whole_conflict(args: argparse.Namespace, several: bool,
                    settings: TableRules) -> ConflictOdds:
    """The odds of the whole extended conflict; ValueError says why there are none."""
    kind = ConflictKind(args.conflict)
    combat = kind == ConflictKind.COMBAT
    if several:
        fighters = []
        for cards, score in args.opponents:
            if score is None and combat:
                raise ValueError("in combat each opponent is its Edge and its Grip")
            fighters.append(Fighter(cards if combat else 0, cards if score is None else score))
        return whole_conflict(kind, Method(args.method),
                              Fighter(args.cards if combat else 0, args.scores[0]),
                              fighters, settings)
    from seforge.systems.sword_of_life.settings import TableSettings

    return conflict(kind, args.scores[0], args.scores[1],
                    player_cards=args.cards if combat else 0,
                    opposition_cards=args.against if combat else 0,
                    settings=TableSettings(shared_deck=settings.shared_deck,
                                           aces=settings.aces,
                                           floor_at_zero=settings.floor_at_zero,
                                           rule_scope=settings.rule_scope))


def _json_payload(args: argparse.Namespace, odds: ExchangeOdds, settings: TableRules,
                  whole: ConflictOdds | None, several: bool) -> dict[str, object]:
    margin = odds.effective  # what the scores lose: the win/tie/loss figures add it up
    payload: dict[str, object] = {
        "win": _p(odds.win),
        "tie": _p(odds.tie),
        "loss": _p(odds.loss),
        "margin": {str(k): _p(margin[k]) for k in margin.support()},
    }
    if settings.aces == AceRule.AUTO:
        payload["automatic"] = {key: _p(p) for key, p in odds.automatic().items()}
        cards = odds.margin
        payload["cards_margin"] = {str(k): _p(cards[k]) for k in cards.support()}
    if whole is not None:
        whole_payload: dict[str, object] = {
            "win": _p(whole.win), "loss": _p(whole.loss),
            "expected_exchanges": _p(whole.expected_exchanges)}
        if several:
            whole_payload["method"] = args.method
            whole_payload["opponents"] = len(args.opponents)
        payload["conflict"] = whole_payload
    return payload


def _print_text(args: argparse.Namespace, odds: ExchangeOdds, settings: TableRules,
                whole: ConflictOdds | None, several: bool) -> None:
    margin = odds.effective
    deck = "separate decks" if args.separate_decks else "one shared deck"
    print(f"{args.cards} cards against {args.against}, {deck}, aces: {settings.aces.value}")
    for label, p in (("win", odds.win), ("tie", odds.tie), ("loss", odds.loss)):
        print(f"  {label:5} {percent(p):>8}  ({p})")
    print(f"  expected margin {odds.expected_margin}")
    print("  margin applied:" if settings.aces == AceRule.AUTO else "  margin:")
    for k in margin.support():
        print(f"    {k:+3d}  {percent(margin[k]):>8}")
    if settings.aces == AceRule.AUTO:
        print("  automatic results:")
        for key, p in odds.automatic().items():
            print(f"    {key.replace('_', ' '):20} {percent(p):>8}  ({p})")
    if whole is not None:
        against = (" and ".join(f"{c} {s}" if s is not None else str(c)
                                for c, s in args.opponents) + f" ({args.method})"
                   if several else str(args.scores[1]))
        print(f"  whole {args.conflict} from {args.scores[0]} against {against}: win "
              f"{percent(whole.win)}, {float(whole.expected_exchanges):.2f} exchanges on "
              "average")


def _bad(prog: str, problem: str) -> int:
    print(f"{prog}: {one_line(problem)}", file=sys.stderr)
    return EXIT_BAD
