"""Several opponents: how one exchange is settled, and the exact odds of a whole conflict
against several opponents or problems.

Rules (``reference/sword-of-life.txt``):

- ``sol.opponents`` (lines 192-223): the realistic method splits the player's hand between
  the opponents; the less realistic one spends the hand's successes on the first opponent
  until it is beaten and carries the rest on; the cinematic one deals a full hand against
  each;
- ``sol.exchange`` (lines 131-172): a positive margin lowers that opponent's tracked score, a
  negative one the player's (always for a problem, line 166; in combat and debate only when
  the table says so, sol.md 1.2 step 7 [I]); a score at 0 is out.

The tracker (:mod:`.conflict`) and the odds below settle an exchange with the same functions
(:func:`contest`, :func:`carry_contest`, :func:`hit`), so what the virtual deck does and
what the odds count cannot drift apart.

Whole-conflict odds: an absorbing Markov chain over the joint state (the player's score and
every opponent's), each exchange enumerated exactly over the hands' compositions (one deck
shared by every hand of the exchange, or the player's deck and the GM's), in fractions. The
realistic method needs a split the player chooses each exchange; the odds assume [A] the
hand is split as evenly as it goes, the odd cards to the earliest opponents still standing
(:func:`even_split`). No pydantic here: ``seforge odds`` loads this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

from seforge.core.frozen import FrozenRecord
from seforge.core.odds import Distribution, _compositions, _hand_ways, absorbing_chain
from seforge.systems.sword_of_life.odds import (
    DECK_SIZE,
    STANDARD_DECK,
    ConflictKind,
    ConflictOdds,
    HandCounts,
    Status,
    effective_margin,
    hand_status,
    pair_successes,
    why_not_score,
)
from seforge.systems.sword_of_life.rule_options import (
    AceRule,
    AutoResolution,
    DeuceTarget,
    ExchangeRules,
    RuleScope,
    TableRules,
)


class Method(StrEnum):
    """How the player meets several opponents or problems (lines 192-223)."""

    SPLIT = "split"
    """Realistic: the player's cards are split between the opponents before the draw."""
    CARRY = "carry"
    """Less realistic: successes go to the first opponent until it is beaten, the rest on."""
    CINEMATIC = "cinematic"
    """A full hand against each opponent."""


METHOD_LABELS: dict[Method, str] = {
    Method.SPLIT: "Realistic",
    Method.CARRY: "Less realistic",
    Method.CINEMATIC: "Cinematic",
}
"""Each method's short name (a choice in a narrow box)."""
METHOD_NOTES: dict[Method, str] = {
    Method.SPLIT: "The player's cards are split between the opponents before the draw.",
    Method.CARRY: "One hand: its successes go to the first opponent until it is beaten, the "
                  "rest carry on to the next.",
    Method.CINEMATIC: "The player draws a full hand against each opponent.",
}
"""How the player's hand meets several opponents under each method (our own words)."""


MAX_WHOLE_OPPONENTS = 6
"""The whole-conflict odds track at most this many opponents (the joint state grows as the
product of every side's score)."""
MAX_WHOLE_STATES = 4000
"""... and at most this many joint states (scores multiplied out)."""
WORK_BUDGET = 3_000_000
"""How many hand pairings and outcomes one whole-conflict computation may count (a few
seconds); past it the odds are refused with the reason rather than keep a window waiting.
Several hands from one deck under the Ace rules grow fastest."""
TOO_MUCH = ("too many hands to count exactly for the whole conflict (several hands each "
            "exchange{rules}); fewer opponents, smaller hands or the carry method")


class _Work:
    """The budget of the computation under way."""

    left = 0
    rules = ""
    weight = 1
    """What one hand pairing costs: reading four kinds of card is dearer than two."""

    @classmethod
    def spend(cls, amount: int) -> None:
        cls.left -= amount
        if cls.left < 0:
            raise ValueError(TOO_MUCH.format(rules=cls.rules))


# settling one exchange (shared with the tracker) --------------------------------------------


def statuses(mine: HandCounts, theirs: HandCounts,
             rules: ExchangeRules) -> tuple[Status, Status]:
    """Both hands' automatic results (Rule 2; the GM's only when the rule reads both)."""
    their_rule = rules.aces if rules.rule_scope == RuleScope.BOTH else AceRule.NONE
    return (hand_status(mine[0], mine[2], rule=AceRule(rules.aces)),
            hand_status(theirs[0], theirs[2], rule=AceRule(their_rule)))


def successes(mine: HandCounts, theirs: HandCounts, rules: ExchangeRules) -> tuple[int, int]:
    return pair_successes(mine, theirs, rule=AceRule(rules.aces),
                          scope=RuleScope(rules.rule_scope), floor_at_zero=rules.floor_at_zero,
                          deuce_target=DeuceTarget(rules.deuce_target))


def contest(mine: HandCounts, theirs: HandCounts, rules: ExchangeRules) -> tuple[int, int, int]:
    """One hand against one opponent: (player's successes, theirs, margin applied)."""
    my, their = successes(mine, theirs, rules)
    my_status, their_status = statuses(mine, theirs, rules)
    return my, their, effective_margin(my - their, my_status, their_status,
                                       AutoResolution(rules.auto_resolution))


def carry_pool(mine: HandCounts, rules: ExchangeRules) -> int:
    """The successes the less realistic method's single hand has to spend."""
    return successes(mine, (0, 0, 0), rules)[0]


def carry_contest(left: int, mine: HandCounts, theirs: HandCounts, score: int,
                  rules: ExchangeRules) -> tuple[int, int, int, int]:
    """Less realistic: spend from ``left`` on an opponent of ``score`` that drew ``theirs``.

    Returns (successes spent, the opponent's successes, margin applied, successes left). The
    player spends what beats the opponent outright (its successes plus its score) or all
    that is left.
    """
    _, their = successes(mine, theirs, rules)
    if (rules.deuce_target == DeuceTarget.OTHER and rules.aces == AceRule.DOUBLE
            and rules.rule_scope == RuleScope.BOTH):  # their Deuces eat the pool
        left = max(0, left - 2 * theirs[2])
    spend = max(0, min(left, their + score))
    my_status, their_status = statuses(mine, theirs, rules)
    margin = effective_margin(spend - their, my_status, their_status,
                              AutoResolution(rules.auto_resolution))
    return spend, their, margin, left - spend


def player_loses(kind: ConflictKind | str, symmetric_losses: bool) -> bool:
    """Whether a lost exchange costs the player: always in a problem (line 166), in combat
    and debate as the table says."""
    return symmetric_losses or ConflictKind(kind) == ConflictKind.PROBLEM


def hit(player: int, opponent: int, margin: int, *, loses: bool) -> tuple[int, int]:
    """The two scores after a margin: the loser loses it (never below 0)."""
    if margin > 0:
        return player, max(0, opponent - margin)
    if margin < 0 and loses:
        return max(0, player + margin), opponent
    return player, opponent


def even_split(cards: int, opponents: int) -> list[int]:
    """[A] The whole-conflict odds' realistic split: as even as it goes, the odd cards to the
    earliest opponents."""
    base, extra = divmod(cards, opponents)
    return [base + (1 if i < extra else 0) for i in range(opponents)]


# whole-conflict odds ------------------------------------------------------------------------


class Fighter(FrozenRecord):
    """One side as the odds see it: its fixed draw (Edge in combat), score and bonus cards."""

    _FIELDS = ("cards", "score", "bonus")
    __slots__ = _FIELDS
    cards: int
    score: int
    bonus: int

    def __init__(self, cards: int, score: int, bonus: int = 0) -> None:
        self._init(cards, score, bonus)


State = tuple[int, ...]
"""(player's score, each opponent's score)."""
WON: State = (1,)
LOST: State = (0,)


def why_not_whole(kind: ConflictKind | str, player: Fighter,
                  opponents: Sequence[Fighter]) -> str | None:
    """Why the whole-conflict odds are not computed for these sides (None when they are)."""
    kind = ConflictKind(kind)
    if not opponents:
        return "a conflict needs at least one opponent"
    if len(opponents) > MAX_WHOLE_OPPONENTS:
        return (f"the whole-conflict odds follow at most {MAX_WHOLE_OPPONENTS} opponents, "
                f"not {len(opponents)}")
    for who, side in (("the player's", player), *(("an opponent's", o) for o in opponents)):
        problem = why_not_score(who, side.score, kind)
        if problem is not None:
            return problem
        if side.cards < 0:
            return f"{who} cards cannot be negative"
    states = player.score
    for side in opponents:
        states *= side.score + 1
    if states > MAX_WHOLE_STATES:
        return (f"the scores make {states} joint states; the whole-conflict odds follow at "
                f"most {MAX_WHOLE_STATES}")
    return None


def _rules_key(rules: ExchangeRules) -> tuple[bool, str, bool, str, str, str]:
    return (bool(rules.shared_deck), AceRule(rules.aces).value, bool(rules.floor_at_zero),
            DeuceTarget(rules.deuce_target).value, RuleScope(rules.rule_scope).value,
            AutoResolution(rules.auto_resolution).value)


def whole_conflict(
    kind: ConflictKind | str,
    method: Method | str,
    player: Fighter,
    opponents: Sequence[Fighter],
    rules: ExchangeRules | None = None,
    *,
    symmetric_losses: bool = True,
) -> ConflictOdds:
    """``sol.opponents`` + ``sol.exchange``: the chance the player beats every opponent
    before being beaten, and the expected number of exchanges. ValueError with the reason
    when the odds are out of reach or the conflict cannot be dealt or never ends."""
    kind, method = ConflictKind(kind), Method(method)
    reason = why_not_whole(kind, player, opponents)
    if reason is not None:
        raise ValueError(reason)
    table = rules if rules is not None else TableRules()
    args = (kind, method, player, tuple(opponents), _rules_key(table),
            player_loses(kind, symmetric_losses))
    if args in _REFUSED:  # a window redrawing must not count it all again to refuse it
        raise ValueError(_REFUSED[args])
    try:
        return _whole(*args)
    except ValueError as error:
        if len(_REFUSED) > 256:
            _REFUSED.clear()
        _REFUSED[args] = str(error)
        raise


_REFUSED: dict[tuple[object, ...], str] = {}


@lru_cache(maxsize=128)
def _whole(kind: ConflictKind, method: Method, player: Fighter,
           opponents: tuple[Fighter, ...], key: tuple[bool, str, bool, str, str, str],
           loses: bool) -> ConflictOdds:
    shared, aces, floor, deuce, scope, resolution = key
    rules = TableRules(shared_deck=shared, aces=AceRule(aces), floor_at_zero=floor,
                       deuce_target=DeuceTarget(deuce), rule_scope=RuleScope(scope),
                       auto_resolution=AutoResolution(resolution))
    plain = rules.aces == AceRule.NONE
    full: tuple[int, ...] = ((STANDARD_DECK.red_aces + STANDARD_DECK.other_red,
                              STANDARD_DECK.black_deuces + STANDARD_DECK.other_black)
                             if plain else tuple(STANDARD_DECK.counts().values()))
    combat = kind == ConflictKind.COMBAT

    def draws(state: State) -> tuple[int, list[int]]:
        n = player.cards + player.bonus if combat else state[0] + player.bonus
        ms = [(o.cards + o.bonus if combat else state[i + 1] + o.bonus)
              for i, o in enumerate(opponents)]
        return max(0, n), [max(0, m) for m in ms]

    def step(state: State) -> Distribution[State]:
        n, ms = draws(state)
        contests = [i for i in range(len(opponents)) if state[i + 1] > 0]
        carry = method == Method.CARRY and len(contests) > 1
        if len(contests) == 1 or method == Method.CINEMATIC:
            mine = [n] * len(contests)
        elif method == Method.SPLIT:
            mine = even_split(n, len(contests))
        else:
            mine = [n]
        theirs = [ms[i] for i in contests]
        total_mine, total_theirs = sum(mine), sum(theirs)
        if shared and total_mine + total_theirs > DECK_SIZE:
            raise ValueError(f"one deck cannot deal {total_mine + total_theirs} cards in one "
                             "exchange; use separate decks or fewer cards")
        if not shared and max(total_mine, total_theirs) > DECK_SIZE:
            raise ValueError(f"a deck holds only {DECK_SIZE} cards")
        outcome: dict[State, int] = {}
        if not carry:
            pairs = tuple(zip(mine, theirs, strict=True))
            vectors = _margin_vectors(pairs, full, key)
            _Work.spend(len(vectors) * len(contests))
            for margins, weight in vectors.items():
                now = list(state)
                for index, margin in zip(contests, margins, strict=True):
                    if now[0] <= 0:
                        break  # the player is out: the rest of the exchange is moot
                    now[0], now[index + 1] = hit(now[0], now[index + 1], margin, loses=loses)
                end = LOST if now[0] <= 0 else WON if not any(now[1:]) else tuple(now)
                outcome[end] = outcome.get(end, 0) + weight
            return Distribution(outcome)
        branches: dict[_Branch, int] = {(full, full, state, 0, (0, 0, 0)): 1}
        branches = _deal_player(branches, n, plain, rules)
        for position, index in enumerate(contests):
            following: dict[_Branch, int] = {}
            for branch, weight in branches.items():
                deck, gm, scores, left, hand = branch
                gm_deck = deck if shared else gm
                their_ways = _ways(gm_deck, theirs[position])
                _Work.spend(_Work.weight * len(their_ways))
                for their_hand, p_theirs in their_ways:
                    after_theirs = _less(gm_deck, their_hand)
                    margin, rest = _carry(left, hand, _counts(their_hand, plain),
                                          scores[index + 1], key)
                    if scores[0] > 0:  # once the player is out the rest is moot
                        p, o = hit(scores[0], scores[index + 1], margin, loses=loses)
                    else:
                        p, o = scores[0], scores[index + 1]
                    new_scores = (p, *scores[1:index + 1], o, *scores[index + 2:])
                    branch_key: _Branch = (after_theirs if shared else deck,
                                           gm if shared else after_theirs, new_scores, rest,
                                           hand)
                    following[branch_key] = following.get(branch_key, 0) + weight * p_theirs
            branches = following
        for (_, _, final, _, _), weight in branches.items():
            end = LOST if final[0] <= 0 else WON if not any(final[1:]) else final
            outcome[end] = outcome.get(end, 0) + weight
        return Distribution(outcome)

    def is_end(state: State) -> bool:
        return len(state) == 1

    start: State = (player.score, *(o.score for o in opponents))
    if start[0] <= 0:
        return ConflictOdds(Fraction(0), Fraction(1), Fraction(0))
    if not any(start[1:]):
        return ConflictOdds(Fraction(1), Fraction(0), Fraction(0))
    _Work.left = WORK_BUDGET
    _Work.rules = "" if plain else ", four kinds of card under the Ace rules"
    _Work.weight = 1 if plain else 8
    try:
        result = absorbing_chain(start, step, is_end, max_states=MAX_WHOLE_STATES)
    except ValueError as error:
        text = str(error)
        if "deck" in text or "states" in text or "too many" in text:
            raise
        raise ValueError("this conflict can never end: no exchange can change a score "
                         f"({text})") from None
    win = result.ends[WON]
    return ConflictOdds(win=win, loss=1 - win, expected_exchanges=result.expected_steps)


_Branch = tuple[tuple[int, ...], tuple[int, ...], State, int, HandCounts]
"""Part of an exchange dealt so far: (player's deck, GM's deck, scores, successes left to
carry, the carried hand)."""


@lru_cache(maxsize=65536)
def _margin(mine: HandCounts, theirs: HandCounts,
            key: tuple[bool, str, bool, str, str, str]) -> int:
    return contest(mine, theirs, _rules(key))[2]


@lru_cache(maxsize=65536)
def _carry(left: int, mine: HandCounts, theirs: HandCounts, score: int,
           key: tuple[bool, str, bool, str, str, str]) -> tuple[int, int]:
    _, _, margin, rest = carry_contest(left, mine, theirs, score, _rules(key))
    return margin, rest


@lru_cache(maxsize=64)
def _rules(key: tuple[bool, str, bool, str, str, str]) -> TableRules:
    shared, aces, floor, deuce, scope, resolution = key
    return TableRules(shared_deck=shared, aces=AceRule(aces), floor_at_zero=floor,
                      deuce_target=DeuceTarget(deuce), rule_scope=RuleScope(scope),
                      auto_resolution=AutoResolution(resolution))


def _counts(hand: tuple[int, ...], plain: bool) -> HandCounts:
    return (0, hand[0], 0) if plain else (hand[0], hand[1], hand[2])


def _deal_player(branches: dict[_Branch, int], n: int, plain: bool,
                 rules: ExchangeRules) -> dict[_Branch, int]:
    """The less realistic method's single hand, dealt first: its pool of successes."""
    out: dict[_Branch, int] = {}
    for (deck, gm, scores, _, _), weight in branches.items():
        for hand, p in _ways(deck, n):
            counts = _counts(hand, plain)
            # what the carried hand still matters for: its status and its black Deuces
            kept: HandCounts = (min(1, counts[0]), 0, counts[2])
            key = (_less(deck, hand), gm, scores, carry_pool(counts, rules), kept)
            out[key] = out.get(key, 0) + weight * p
    return out


@lru_cache(maxsize=512)
def _margin_vectors(pairs: tuple[tuple[int, int], ...], full: tuple[int, ...],
                    key: tuple[bool, str, bool, str, str, str]) -> dict[tuple[int, ...], int]:
    """The margins of contests (player's cards, opponent's cards) dealt in turn (from one
    deck, or the player's from one and the GM's from another), as weights in ways."""
    shared = key[0]
    plain = len(full) == 2
    branches: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], int] = {
        (full, full, ()): 1}
    for mine, theirs in pairs:
        following: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], int] = {}
        for (deck, gm, margins), weight in branches.items():
            for my_hand, p_mine in _ways(deck, mine):
                after_mine = _less(deck, my_hand)
                gm_deck = after_mine if shared else gm
                my_counts = _counts(my_hand, plain)
                their_ways = _ways(gm_deck, theirs)
                _Work.spend(_Work.weight * len(their_ways))
                for their_hand, p_theirs in their_ways:
                    after_theirs = _less(gm_deck, their_hand)
                    margin = _margin(my_counts, _counts(their_hand, plain), key)
                    branch = (after_theirs if shared else after_mine,
                              gm if shared else after_theirs, (*margins, margin))
                    following[branch] = following.get(branch, 0) + weight * p_mine * p_theirs
        branches = following
    out: dict[tuple[int, ...], int] = {}
    for (_, _, margins), weight in branches.items():
        out[margins] = out.get(margins, 0) + weight
    return out


@lru_cache(maxsize=8192)
def _ways(deck: tuple[int, ...], size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every hand of ``size`` cards from ``deck`` (counts per kind) with its number of ways
    (multivariate hypergeometric, in whole numbers: a branch's weight is a product of them)."""
    if size > sum(deck):
        raise ValueError(f"cannot draw {size} cards from a deck of {sum(deck)}")
    return tuple((hand, _hand_ways(deck, hand)) for hand in _compositions(deck, size))


def _less(deck: tuple[int, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(deck, hand, strict=True))
