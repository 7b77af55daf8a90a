"""Exact odds of Sword of Life's card draws and of whole extended conflicts.

Rules (``reference/sword-of-life.txt``):

- ``sol.draw`` (lines 108-129): the player draws N cards, the GM M cards; a red card is a
  success, a black one a failure; the margin is the player's successes minus the GM's.
- ``sol.aces.double`` (Rule 1, lines 229-234) and ``sol.aces.auto`` (Rule 2, lines 236-240).
- ``sol.conflict.extended`` (lines 131-172): the loser of an exchange loses the margin from
  a tracked score; combat draws Edge and wounds Grip, debate and problems draw the score
  they lose.

Every number here is a Fraction from an enumeration of hand compositions
(:func:`seforge.core.odds.draw_hands`, multivariate hypergeometric; the two hands are dealt
from one deck and so depend on each other, or from one deck each) and from the core's
absorbing Markov chain; nothing is simulated. Reading notes: ``systems/sol.md`` 2.1-2.6.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from seforge.core.frozen import FrozenRecord
from seforge.core.odds import Distribution, absorbing_chain, draw, draw_hands, draw_hands_separate
from seforge.systems.sword_of_life.rule_options import (
    AceRule,
    AutoResolution,
    DeuceTarget,
    ExchangeRules,
    RuleScope,
    TableRules,
)

if TYPE_CHECKING:  # pydantic loads only for a whole conflict's odds
    from seforge.systems.sword_of_life.settings import TableSettings

DECK_SIZE = 52
"""An ordinary deck without jokers ([A] sol.md 2.1)."""


class DeckMix(FrozenRecord):
    """How many cards of each kind a deck holds (the 52-card deck by default)."""

    _FIELDS = ("red_aces", "other_red", "black_deuces", "other_black")
    __slots__ = _FIELDS
    red_aces: int
    other_red: int
    black_deuces: int
    other_black: int

    def __init__(self, red_aces: int = 2, other_red: int = 24, black_deuces: int = 2,
                 other_black: int = 24) -> None:
        self._init(red_aces, other_red, black_deuces, other_black)

    @property
    def size(self) -> int:
        return self.red_aces + self.other_red + self.black_deuces + self.other_black

    def counts(self) -> dict[str, int]:
        return {
            "red ace": self.red_aces,
            "red": self.other_red,
            "black deuce": self.black_deuces,
            "black": self.other_black,
        }


STANDARD_DECK = DeckMix()


class Status(StrEnum):
    """A hand's automatic result under Rule 2 (sol.md 2.4)."""

    SUCCESS = "success"
    NORMAL = "normal"
    FAILURE = "failure"


_RANK = {Status.FAILURE: 0, Status.NORMAL: 1, Status.SUCCESS: 2}


def hand_successes(
    red_aces: int, other_red: int, black_deuces: int, *, rule: AceRule, floor_at_zero: bool
) -> int:
    """The successes a hand counts (``sol.draw``; ``sol.aces.double`` under Rule 1)."""
    if rule == AceRule.DOUBLE:
        total = other_red + 2 * red_aces - 2 * black_deuces
        return max(0, total) if floor_at_zero else total
    return red_aces + other_red


HandCounts = tuple[int, int, int]
"""(red Aces, other red cards, black Deuces) of a hand."""


def pair_successes(
    mine: HandCounts,
    theirs: HandCounts,
    *,
    rule: AceRule,
    scope: RuleScope = RuleScope.BOTH,
    floor_at_zero: bool = True,
    deuce_target: DeuceTarget = DeuceTarget.OWN,
) -> tuple[int, int]:
    """Both sides' successes (``sol.draw``; ``sol.aces.double`` under Rule 1, reading the
    player's hand, and the opposition's too when ``scope`` is both sides)."""
    player_rule = rule == AceRule.DOUBLE
    opposition_rule = player_rule and scope == RuleScope.BOTH
    (pa, pr, pd), (oa, orr, od) = mine, theirs
    my_total = pr + (2 * pa if player_rule else pa)
    their_total = orr + (2 * oa if opposition_rule else oa)
    my_deuces = 2 * pd if player_rule else 0
    their_deuces = 2 * od if opposition_rule else 0
    if deuce_target == DeuceTarget.OWN:
        my_total -= my_deuces
        their_total -= their_deuces
    else:
        my_total -= their_deuces
        their_total -= my_deuces
    if floor_at_zero:
        return max(0, my_total), max(0, their_total)
    return my_total, their_total


def hand_status(red_aces: int, black_deuces: int, *, rule: AceRule) -> Status:
    """``sol.aces.auto``: a red Ace succeeds outright and beats a black Deuce, which fails."""
    if rule != AceRule.AUTO:
        return Status.NORMAL
    if red_aces:
        return Status.SUCCESS
    if black_deuces:
        return Status.FAILURE
    return Status.NORMAL


def effective_margin(
    margin: int, player: Status, opposition: Status, resolution: AutoResolution
) -> int:
    """The margin applied to the tracked scores once automatic results are read
    ([A] ``TableSettings.auto_resolution``)."""
    if resolution == AutoResolution.CARDS_ONLY or _RANK[player] == _RANK[opposition]:
        return margin
    if _RANK[player] > _RANK[opposition]:
        return max(margin, 1)
    return min(margin, -1)


Reading = tuple[int, Status, Status]
"""(margin of successes, the player's status, the opposition's status)."""


class ExchangeOdds(FrozenRecord):
    """The exact odds of one exchange: N cards against M."""

    _FIELDS = ("player_cards", "opposition_cards", "joint", "resolution")
    __slots__ = _FIELDS
    player_cards: int
    opposition_cards: int
    joint: Distribution[Reading]
    """Margin of successes with both hands' Rule 2 statuses."""
    resolution: AutoResolution

    def __init__(self, player_cards: int, opposition_cards: int, joint: Distribution[Reading],
                 resolution: AutoResolution) -> None:
        self._init(player_cards, opposition_cards, joint, resolution)

    @property
    def margin(self) -> Distribution[int]:
        """The player's successes minus the opposition's (the cards alone)."""
        return self.joint.map(lambda reading: reading[0])

    @property
    def effective(self) -> Distribution[int]:
        """The margin applied to the scores (automatic results read as the setting says)."""
        return self.joint.map(
            lambda r: effective_margin(r[0], r[1], r[2], self.resolution)
        )

    @property
    def win(self) -> Fraction:
        return self.effective.p(lambda k: k > 0)

    @property
    def tie(self) -> Fraction:
        return self.effective[0]

    @property
    def loss(self) -> Fraction:
        return self.effective.p(lambda k: k < 0)

    def at_least(self, k: int) -> Fraction:
        """P(the player's margin is at least ``k``), e.g. clearing a k-card problem at once."""
        return self.effective.p(lambda margin: margin >= k)

    @property
    def expected_margin(self) -> Fraction:
        return self.margin.mean()

    def statuses(self) -> Distribution[tuple[Status, Status]]:
        """The joint table of automatic results (player, opposition)."""
        return self.joint.map(lambda reading: (reading[1], reading[2]))

    def automatic(self) -> dict[str, Fraction]:
        """The probability of each side's automatic result (Rule 2)."""
        table = self.statuses()
        return {
            "player_success": table.p(lambda s: s[0] == Status.SUCCESS),
            "player_failure": table.p(lambda s: s[0] == Status.FAILURE),
            "opposition_success": table.p(lambda s: s[1] == Status.SUCCESS),
            "opposition_failure": table.p(lambda s: s[1] == Status.FAILURE),
        }


MAX_CARDS = DECK_SIZE
"""No hand can hold more cards than a deck."""


def why_not_exchange(
    player_cards: int, opposition_cards: int, *, shared_deck: bool, deck_size: int = DECK_SIZE
) -> str | None:
    """Why N cards against M cannot be dealt (None when they can)."""
    for who, cards in (("the player", player_cards), ("the opposition", opposition_cards)):
        if cards < 0:
            raise ValueError(f"{who} cannot draw {cards} cards")
    if shared_deck and player_cards + opposition_cards > deck_size:
        return (
            f"one deck of {deck_size} cards cannot deal {player_cards} + {opposition_cards} "
            "cards; use separate decks or fewer cards"
        )
    if not shared_deck and max(player_cards, opposition_cards) > deck_size:
        return f"a hand cannot hold more than the deck's {deck_size} cards"
    return None


def exchange(
    player_cards: int,
    opposition_cards: int,
    settings: ExchangeRules | None = None,
    *,
    deck: DeckMix = STANDARD_DECK,
) -> ExchangeOdds:
    """The exact odds of one exchange (``sol.draw``): ValueError when it cannot be dealt."""
    table = settings if settings is not None else TableRules()
    problem = why_not_exchange(
        player_cards, opposition_cards, shared_deck=table.shared_deck, deck_size=deck.size
    )
    if problem is not None:
        raise ValueError(problem)
    joint = _joint(
        player_cards,
        opposition_cards,
        table.shared_deck,
        table.aces,
        table.floor_at_zero,
        table.rule_scope,
        table.deuce_target,
        deck,
    )
    return ExchangeOdds(player_cards, opposition_cards, joint, table.auto_resolution)


@lru_cache(maxsize=4096)
def _joint(
    n: int,
    m: int,
    shared: bool,
    rule: AceRule,
    floor_at_zero: bool,
    scope: RuleScope,
    deuce_target: DeuceTarget,
    deck: DeckMix,
) -> Distribution[Reading]:
    opposition_rule = rule if scope == RuleScope.BOTH else AceRule.NONE
    if rule == AceRule.NONE:  # colours alone decide: a two-kind deck is enough
        colours = {"red": deck.red_aces + deck.other_red,
                   "black": deck.black_deuces + deck.other_black}
        pairs = (draw_hands(colours, [n, m]) if shared
                 else draw_hands_separate(colours, [n, m]))
        return pairs.map(lambda pair: (pair[0][0] - pair[1][0], Status.NORMAL, Status.NORMAL))
    counts = deck.counts()
    hands = draw_hands(counts, [n, m]) if shared else draw_hands_separate(counts, [n, m])

    def read(pair: tuple[tuple[int, ...], ...]) -> Reading:
        (pa, pr, pd, _), (oa, orr, od, _) = pair
        mine, theirs = pair_successes((pa, pr, pd), (oa, orr, od), rule=rule, scope=scope,
                                      floor_at_zero=floor_at_zero, deuce_target=deuce_target)
        return (
            mine - theirs,
            hand_status(pa, pd, rule=rule),
            hand_status(oa, od, rule=opposition_rule),
        )

    return hands.map(read)


def one_hand_successes(cards: int, settings: ExchangeRules | None = None) -> Distribution[int]:
    """The successes of one hand of ``cards`` cards (e.g. P(at least 3 red in 5))."""
    table = settings if settings is not None else TableRules()
    return draw(STANDARD_DECK.counts(), cards).map(
        lambda h: hand_successes(h[0], h[1], h[2], rule=table.aces,
                                 floor_at_zero=table.floor_at_zero)
    )


# extended conflicts -------------------------------------------------------------------------


class ConflictKind(StrEnum):
    """What an extended conflict wears down (sol.md 1.2 step 7, 2.5)."""

    COMBAT = "combat"
    """Both sides draw Edge (fixed); the loser of an exchange loses Grip (wounds)."""
    DEBATE = "debate"
    """Both sides draw their Point for this conversation, and the loser loses Point."""
    PROBLEM = "problem"
    """The player draws Point for this problem and a k-card problem draws k; a win takes cards
    off the problem, a loss takes Point off the player."""


KIND_LABELS: dict[ConflictKind, str] = {
    ConflictKind.COMBAT: "Combat",
    ConflictKind.DEBATE: "Debate",
    ConflictKind.PROBLEM: "Problem",
}
"""Each kind of conflict's short name (a choice in a narrow box)."""
KIND_NOTES: dict[ConflictKind, str] = {
    ConflictKind.COMBAT: "Both sides draw as many cards as their Edge; the side that loses an "
                         "exchange loses Grip (wounds).",
    ConflictKind.DEBATE: "Both sides draw their Point for this debate, and the side that loses "
                         "an exchange loses Point.",
    ConflictKind.PROBLEM: "The player draws the characteristic the problem tests, a k-card "
                          "problem draws k; a won exchange takes cards off the problem, a lost "
                          "one lowers the player's score.",
}
"""What each kind draws and what a lost exchange wears down, in a sentence (our own words)."""
WHOLE_NOTES: dict[ConflictKind, str] = {
    ConflictKind.COMBAT: "Combat: every exchange each side draws its Edge, the cards N and M "
                         "set for one exchange; the scores are the two sides' Grip.",
    ConflictKind.DEBATE: "Debate: every exchange each side draws its Point as it stands, the "
                         "scores set here; N and M of one exchange are not used.",
    ConflictKind.PROBLEM: "Problem: every exchange the player draws its score as it stands and "
                          "the problem the cards it has left, both set here; N and M of one "
                          "exchange are not used.",
}
"""What the whole-conflict odds draw for each kind (:func:`conflict`: the cards given count in
combat only; a debate or a problem draws the scores), in our own words."""


WON = (1, 0)
LOST = (0, 1)
MAX_CHAIN_SCORE = 20
"""The largest Grip the whole-conflict odds accept in combat (characteristics run 1-8)."""
MAX_DEPLETING_SCORE = 12
"""The largest score in a debate or a problem (its exact fractions grow fast with it)."""


def max_chain_score(kind: ConflictKind | str) -> int:
    return MAX_CHAIN_SCORE if kind == ConflictKind.COMBAT else MAX_DEPLETING_SCORE


def why_not_score(who: str, score: int, kind: ConflictKind | str) -> str | None:
    """Why ``who``'s score (``who`` as in "the player's") is out of the whole-conflict odds'
    reach, 0 to :func:`max_chain_score` (None when it is in it)."""
    top = max_chain_score(kind)
    if not 0 <= score <= top:
        return f"{who} score must be from 0 to {top} for the whole-conflict odds, not {score}"
    return None


class ConflictOdds(FrozenRecord):
    """The exact chances of a whole extended conflict from its current scores (against one
    opposition: :func:`conflict`; against several: :func:`.several.whole_conflict`)."""

    _FIELDS = ("win", "loss", "expected_exchanges")
    __slots__ = _FIELDS
    win: Fraction
    loss: Fraction
    expected_exchanges: Fraction

    def __init__(self, win: Fraction, loss: Fraction, expected_exchanges: Fraction) -> None:
        self._init(win, loss, expected_exchanges)


def conflict(
    kind: ConflictKind,
    player_score: int,
    opposition_score: int,
    *,
    player_cards: int = 0,
    opposition_cards: int = 0,
    settings: TableSettings | None = None,
) -> ConflictOdds:
    """``sol.conflict.extended``: the chance the player wins the whole conflict.

    In combat ``player_cards``/``opposition_cards`` are the Edge draws (fixed) and the scores
    are Grip; in debate and problems the cards drawn are the current scores plus those
    numbers (a bonus card from equipment, a GM's penalty). Ties change nothing; with
    ``symmetric_losses`` off, a lost exchange costs the player nothing except in problems.
    """
    from seforge.systems.sword_of_life.settings import TableSettings

    kind = ConflictKind(kind)  # a widget may hand over the plain value
    table = settings if settings is not None else TableSettings()
    for who, score in (("the player's", player_score), ("the opposition's", opposition_score)):
        problem = why_not_score(who, score, kind)
        if problem is not None:
            raise ValueError(problem)
    return _conflict(kind, player_score, opposition_score, player_cards, opposition_cards,
                     table.model_dump_json())


@lru_cache(maxsize=256)
def _conflict(
    kind: ConflictKind,
    player_score: int,
    opposition_score: int,
    player_cards: int,
    opposition_cards: int,
    settings_json: str,
) -> ConflictOdds:
    from seforge.systems.sword_of_life.settings import TableSettings

    table = TableSettings.model_validate_json(settings_json)
    player_loses = table.symmetric_losses or kind == ConflictKind.PROBLEM

    def cards(state: tuple[int, int]) -> tuple[int, int]:
        if kind == ConflictKind.COMBAT:
            return max(0, player_cards), max(0, opposition_cards)
        return max(0, state[0] + player_cards), max(0, state[1] + opposition_cards)

    def step(state: tuple[int, int]) -> Distribution[tuple[int, int]]:
        n, m = cards(state)
        margins = exchange(n, m, table).effective
        p, o = state

        def after(k: int) -> tuple[int, int]:
            # every finished conflict is one of two end states, so the chain stays small
            if k > 0:
                return (p, o - k) if o > k else WON
            if k < 0 and player_loses:
                return (p + k, o) if p > -k else LOST
            return p, o

        return margins.map(after)

    def is_end(state: tuple[int, int]) -> bool:
        return state[0] <= 0 or state[1] <= 0

    start = (player_score, opposition_score)
    if not is_end(start):
        problem = why_not_exchange(*cards(start), shared_deck=table.shared_deck)
        if problem is not None:
            raise ValueError(problem)
    try:
        result = absorbing_chain(start, step, is_end)
    except ValueError as error:
        raise ValueError(
            "this conflict can never end: no exchange can change a score "
            f"({error})"
        ) from None
    win = result.ends.p(lambda state: state[1] <= 0 and state[0] > 0)
    return ConflictOdds(win=win, loss=1 - win, expected_exchanges=result.expected_steps)
