"""Exact odds for any game system: finite distributions over outcomes, as fractions.

A :class:`Distribution` (defined in :mod:`seforge.core.distribution`, importable from here
too) maps each outcome (any hashable value: a number, a tuple such as
``(successes, complications)``, an enum) to its exact probability. Internally it keeps integer
weights over one integer total, so combining two distributions is integer arithmetic and the
fractions are built only when asked for. Nothing is ever simulated.

The engines cover every calculator the supported systems need:

- one die with an outcome per face (:func:`die`, :func:`custom_die`), e.g. a d20 that reads as
  ``(successes, complications)`` or a Challenge Die that reads as ``(damage, effects)``;
- a pool of identical dice folded into one reading: its sum (:func:`pool_sum`), its highest or
  lowest die (:func:`highest`, :func:`lowest`, :func:`highest_or_lowest_of` for "zero dice means
  the lowest of two"), or any running state (:func:`pool_fold`, e.g. highest die and count of
  sixes at once); dice that differ (d20s beside Fortune dice) go through :func:`sum_of` and
  :func:`fold_of`;
- opposed rolls of two independent distributions (:func:`contest`, :func:`margin`);
- cards drawn without replacement: one hand (:func:`draw`, multivariate hypergeometric), several
  hands dealt in turn from one shuffled deck (:func:`draw_hands`, dependent) or from separate
  decks (:func:`draw_hands_separate`);
- multi-round conflicts as an absorbing Markov chain (:func:`absorbing_chain`): the exact
  probability of each end state and the expected number of rounds from a start state;
- progress clocks (:func:`clock_progress`, :func:`p_clock_full`,
  :func:`expected_rolls_to_fill`): how full a clock of S segments is after N rolls, given the
  ticks one roll adds, and how many rolls it takes on average.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Any, Generic, TypeVar

from seforge.core.distribution import Distribution as Distribution
from seforge.core.distribution import Weight as Weight
from seforge.core.distribution import add_outcomes as add_outcomes

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
S = TypeVar("S", bound=Hashable)
K = TypeVar("K", bound=Hashable)


# dice ---------------------------------------------------------------------------------------


def die(faces: int) -> Distribution[int]:
    """A fair die numbered 1..faces."""
    if faces < 1:
        raise ValueError(f"a die needs at least one face, not {faces}")
    return Distribution.uniform(range(1, faces + 1))


def custom_die(face_outcomes: Sequence[T] | Mapping[int, T]) -> Distribution[T]:
    """A fair die read through its faces: one outcome per face (a list, or face -> outcome)."""
    outcomes = (
        list(face_outcomes.values()) if isinstance(face_outcomes, Mapping) else list(face_outcomes)
    )
    if not outcomes:
        raise ValueError("a die needs at least one face")
    return Distribution.uniform(outcomes)


def pool_fold(
    single: Distribution[T], count: int, initial: S, step: Callable[[S, T], S]
) -> Distribution[S]:
    """Roll ``count`` independent copies of ``single`` and fold them into a running state.

    The state after each die is ``step(state, face)``; only distinct states are kept, so a
    reading such as "highest die and how many sixes" costs (faces x states) per die.
    """
    if count < 0:
        raise ValueError(f"a pool cannot have {count} dice")
    state: Distribution[S] = Distribution.point(initial)
    for _ in range(count):
        state = state.combine(single, step)
    return state


def pool_sum(single: Distribution[T], count: int) -> Distribution[T]:
    """The sum of ``count`` independent copies (numbers, or tuples added item by item).

    Uses repeated squaring, so large pools stay cheap. ``count`` must be at least 1.
    """
    if count < 1:
        raise ValueError(f"a sum needs at least one die, not {count}")
    result: Distribution[T] | None = None
    power = single
    remaining = count
    while remaining:
        if remaining & 1:
            result = power if result is None else result.convolve(power)
        remaining >>= 1
        if remaining:
            power = power.convolve(power)
    assert result is not None
    return result


def sum_of(dice: Iterable[Distribution[T]]) -> Distribution[T]:
    """The sum of independent, possibly different dice (e.g. d20s beside Fortune dice)."""
    result: Distribution[T] | None = None
    for single in dice:
        result = single if result is None else result.convolve(single)
    if result is None:
        raise ValueError("a sum needs at least one die")
    return result


def fold_of(
    dice: Iterable[Distribution[T]], initial: S, step: Callable[[S, T], S]
) -> Distribution[S]:
    """Fold independent, possibly different dice into a running state, one die at a time."""
    state: Distribution[S] = Distribution.point(initial)
    for single in dice:
        state = state.combine(single, step)
    return state


def highest(single: Distribution[T], count: int) -> Distribution[T]:
    """The highest of ``count`` independent dice (outcomes must be ordered)."""
    if count < 1:
        raise ValueError(f"the highest die needs at least one die, not {count}")
    return _extreme(single, count, highest=True)


def lowest(single: Distribution[T], count: int) -> Distribution[T]:
    """The lowest of ``count`` independent dice (outcomes must be ordered)."""
    if count < 1:
        raise ValueError(f"the lowest die needs at least one die, not {count}")
    return _extreme(single, count, highest=False)


def _extreme(single: Distribution[T], count: int, *, highest: bool) -> Distribution[T]:
    # Closed form over the cumulative weights: P(max <= x) = F(x)^n.
    order: list[Any] = sorted(single._weights, reverse=not highest)
    weights: dict[T, int] = {}
    below = 0
    for outcome in order:
        upto = below + single._weights[outcome]
        weights[outcome] = upto**count - below**count
        below = upto
    return Distribution._from_ints(weights)


def highest_or_lowest_of(
    single: Distribution[T], count: int, *, lowest_of_when_empty: int = 2
) -> Distribution[T]:
    """The highest of ``count`` dice, or with no dice (count <= 0) the lowest of a few."""
    if count >= 1:
        return highest(single, count)
    return lowest(single, lowest_of_when_empty)


def count_matching(
    single: Distribution[T], count: int, predicate: Callable[[T], bool]
) -> Distribution[int]:
    """How many of ``count`` independent dice satisfy ``predicate`` (binomial, exact)."""
    return pool_fold(
        single.map(lambda outcome: 1 if predicate(outcome) else 0),
        count,
        0,
        lambda total, hit: total + hit,
    )


# opposed rolls ------------------------------------------------------------------------------


class Contest(StrEnum):
    """How the first side of an opposed roll fares."""

    WIN = "win"
    TIE = "tie"
    LOSS = "loss"


def contest(
    first: Distribution[T], second: Distribution[U], key: Callable[[Any], Any] | None = None
) -> Distribution[Contest]:
    """Win/tie/loss of two independent rolls compared by ``key`` (the outcome itself)."""
    read: Callable[[Any], Any] = key if key is not None else (lambda outcome: outcome)

    def compare(left: T, right: U) -> Contest:
        a, b = read(left), read(right)
        if a > b:
            return Contest.WIN
        if a < b:
            return Contest.LOSS
        return Contest.TIE

    return first.combine(second, compare)


def margin(
    first: Distribution[T], second: Distribution[U], value: Callable[[Any], int] | None = None
) -> Distribution[int]:
    """The first side's margin (its value minus the other's) for two independent rolls."""
    read: Callable[[Any], int] = value if value is not None else (lambda outcome: outcome)
    return first.map(read).combine(second.map(read), lambda a, b: a - b)


# cards --------------------------------------------------------------------------------------

Hand = tuple[int, ...]
"""How many cards of each kind a hand holds, in the order of the deck's kinds."""


def _compositions(counts: Sequence[int], size: int) -> Iterator[Hand]:
    """Every way to take ``size`` cards from piles of ``counts`` cards (counts per pile)."""
    if not counts:
        if size == 0:
            yield ()
        return
    first, rest = counts[0], counts[1:]
    rest_total = sum(rest)
    for taken in range(max(0, size - rest_total), min(first, size) + 1):
        for tail in _compositions(rest, size - taken):
            yield (taken, *tail)


def _hand_ways(counts: Sequence[int], hand: Hand) -> int:
    ways = 1
    for available, taken in zip(counts, hand, strict=True):
        ways *= math.comb(available, taken)
    return ways


def _check_deck(deck: Mapping[K, int], sizes: Sequence[int]) -> list[int]:
    counts = list(deck.values())
    if any(count < 0 for count in counts):
        raise ValueError("a deck cannot hold a negative number of cards")
    if any(size < 0 for size in sizes):
        raise ValueError("a hand cannot hold a negative number of cards")
    return counts


def draw(deck: Mapping[K, int], size: int) -> Distribution[Hand]:
    """One hand of ``size`` cards from a shuffled deck (multivariate hypergeometric).

    ``deck`` maps each kind of card to how many the deck holds; the hand counts each kind in
    that same order.
    """
    counts = _check_deck(deck, [size])
    if size > sum(counts):
        raise ValueError(f"cannot draw {size} cards from a deck of {sum(counts)}")
    return Distribution._from_ints(
        {hand: _hand_ways(counts, hand) for hand in _compositions(counts, size)}
    )


def draw_hands(deck: Mapping[K, int], sizes: Sequence[int]) -> Distribution[tuple[Hand, ...]]:
    """Several hands dealt in turn from one shuffled deck, without replacement (dependent)."""
    counts = _check_deck(deck, sizes)
    if sum(sizes) > sum(counts):
        raise ValueError(f"cannot deal {sum(sizes)} cards from a deck of {sum(counts)}")
    weights: dict[tuple[Hand, ...], int] = {(): 1}
    remaining_of: dict[tuple[Hand, ...], list[int]] = {(): counts}
    for size in sizes:
        next_weights: dict[tuple[Hand, ...], int] = {}
        next_remaining: dict[tuple[Hand, ...], list[int]] = {}
        for hands, weight in weights.items():
            left = remaining_of[hands]
            for hand in _compositions(left, size):
                key = (*hands, hand)
                next_weights[key] = weight * _hand_ways(left, hand)
                next_remaining[key] = [a - b for a, b in zip(left, hand, strict=True)]
        weights, remaining_of = next_weights, next_remaining
    return Distribution._from_ints(weights)


def draw_hands_separate(
    deck: Mapping[K, int], sizes: Sequence[int]
) -> Distribution[tuple[Hand, ...]]:
    """Several hands, each from its own full shuffled deck (independent)."""
    result: Distribution[tuple[Hand, ...]] = Distribution.point(())
    for size in sizes:
        result = result.combine(draw(deck, size), lambda hands, hand: (*hands, hand))
    return result


# multi-round conflicts ----------------------------------------------------------------------


class ChainResult(Generic[S]):
    """The exact outcome of an absorbing Markov chain from one start state."""

    __slots__ = ("ends", "expected_steps")

    def __init__(self, ends: Distribution[S], expected_steps: Fraction) -> None:
        self.ends = ends
        """The probability of finishing in each absorbing state."""
        self.expected_steps = expected_steps
        """The expected number of steps (rounds) before the chain stops."""

    def __repr__(self) -> str:
        return f"ChainResult(ends={self.ends!r}, expected_steps={self.expected_steps})"


def absorbing_chain(
    start: S,
    step: Callable[[S], Distribution[S]],
    is_end: Callable[[S], bool],
    *,
    max_states: int = 10_000,
) -> ChainResult[S]:
    """Solve a multi-round conflict exactly.

    ``step(state)`` gives the distribution of the next state from a state that is not an end
    (ties may leave the state unchanged). Every state reachable from ``start`` is explored, then
    the linear system of the chain is solved over fractions. Refused (ValueError) when some
    reachable state can never end, or when more than ``max_states`` states are reachable.
    """
    if is_end(start):
        return ChainResult(Distribution.point(start), Fraction(0))
    chain = _explore(start, step, is_end, max_states)
    size = len(chain.transient)
    index = chain.index
    order = _acyclic_order(
        size, [[index[f] for f, _ in chain.moves[i] if f in index] for i in range(size)]
    )
    if order is not None:
        solved = _solve_acyclic(order, chain.moves, index, chain.end_index)
        first_sparse = solved[index[start]]
        end_probs = {chain.ends[j]: prob for j, prob in first_sparse.items() if j >= 0 and prob}
        return ChainResult(Distribution(end_probs), first_sparse.get(-1, Fraction(0)))
    return _solve_chain(chain, start)


class _Chain(Generic[S]):
    """The states reachable from a start: transient ones (numbered from 0, the start
    first), absorbing ones (numbered in order of discovery) and each transient state's
    moves."""

    __slots__ = ("end_index", "ends", "index", "moves", "transient")

    def __init__(self) -> None:
        self.transient: list[S] = []
        self.index: dict[S, int] = {}
        self.ends: list[S] = []
        self.end_index: dict[S, int] = {}
        self.moves: list[list[tuple[S, Fraction]]] = []


def _explore(
    start: S, step: Callable[[S], Distribution[S]], is_end: Callable[[S], bool],
    max_states: int,
) -> _Chain[S]:
    """Every state reachable from ``start`` (ValueError past ``max_states``)."""
    chain: _Chain[S] = _Chain()
    index, moves = chain.index, chain.moves
    queue = [start]
    index[start] = 0
    chain.transient.append(start)
    while queue:
        state = queue.pop()
        outgoing = list(step(state).items())
        moves_at = index[state]
        while len(moves) <= moves_at:
            moves.append([])
        moves[moves_at] = outgoing
        for following, _ in outgoing:
            if is_end(following):
                if following not in chain.end_index:
                    chain.end_index[following] = len(chain.ends)
                    chain.ends.append(following)
            elif following not in index:
                index[following] = len(chain.transient)
                chain.transient.append(following)
                queue.append(following)
                if len(chain.transient) > max_states:
                    raise ValueError(f"the conflict reaches more than {max_states} states")
    return chain


def _solve_chain(chain: _Chain[S], start: S) -> ChainResult[S]:
    """The general solver (the transient states form a cycle): Gaussian elimination."""
    size = len(chain.transient)
    width = len(chain.ends) + 1  # absorption probabilities, then expected steps
    # Rows of (I - Q) | R, 1 for each transient state.
    rows: list[list[Fraction]] = []
    for i in range(size):
        row = [Fraction(0)] * (size + width)
        row[i] += 1
        for following, prob in chain.moves[i]:
            if following in chain.end_index:
                row[size + chain.end_index[following]] += prob
            else:
                row[chain.index[following]] -= prob
        row[size + width - 1] = Fraction(1)
        rows.append(row)
    solution = _solve(rows, size, width)
    first = solution[chain.index[start]]
    end_probs = {end: first[j] for j, end in enumerate(chain.ends) if first[j]}
    if sum(end_probs.values()) != 1:
        raise ValueError("some reachable state can never end the conflict")
    return ChainResult(Distribution(end_probs), first[width - 1])


def _acyclic_order(size: int, successors: list[list[int]]) -> list[int] | None:
    """The states with every successor before its predecessors (self-loops allowed).

    None when the transient states form a cycle (the general solver then takes over).
    """
    state_of = [0] * size  # 0 unseen, 1 on the stack, 2 done
    order: list[int] = []
    for root in range(size):
        if state_of[root]:
            continue
        stack: list[tuple[int, int]] = [(root, 0)]
        state_of[root] = 1
        while stack:
            node, at = stack[-1]
            nexts = successors[node]
            if at < len(nexts):
                stack[-1] = (node, at + 1)
                following = nexts[at]
                if following == node:
                    continue
                if state_of[following] == 1:
                    return None
                if state_of[following] == 0:
                    state_of[following] = 1
                    stack.append((following, 0))
            else:
                state_of[node] = 2
                order.append(node)
                stack.pop()
    return order


def _solve_acyclic(
    order: list[int],
    moves: list[list[tuple[S, Fraction]]],
    index: dict[S, int],
    end_index: dict[S, int],
) -> list[dict[int, Fraction]]:
    """Absorption probabilities (by end index) and expected steps (key -1) for each state.

    Each state's row depends only on states already solved, so no elimination is needed:
    x = (sum over other successors of P * x_successor + P(end)) / (1 - P(stay)).
    """
    solved: list[dict[int, Fraction]] = [{} for _ in order]
    for state in order:
        stay = Fraction(0)
        row: dict[int, Fraction] = {-1: Fraction(1)}
        for following, prob in moves[state]:
            if following in end_index:
                j = end_index[following]
                row[j] = row.get(j, Fraction(0)) + prob
            elif index[following] == state:
                stay += prob
            else:
                for j, value in solved[index[following]].items():
                    row[j] = row.get(j, Fraction(0)) + prob * value
        if stay == 1:
            raise ValueError("some reachable state can never end the conflict")
        leave = 1 - stay
        solved[state] = {j: value / leave for j, value in row.items()}
    return solved


def _solve(rows: list[list[Fraction]], size: int, width: int) -> list[list[Fraction]]:
    """Gauss-Jordan elimination over fractions; refuses a singular system."""
    for column in range(size):
        pivot = next((r for r in range(column, size) if rows[r][column] != 0), None)
        if pivot is None:
            raise ValueError("some reachable state can never end the conflict")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        if head != 1:
            rows[column] = [value / head for value in rows[column]]
        pivot_row = rows[column]
        for r in range(size):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                target = rows[r]
                rows[r] = [
                    a - factor * b if b else a for a, b in zip(target, pivot_row, strict=True)
                ]
    return [row[size:] for row in rows]


# progress clocks ----------------------------------------------------------------------------


def clock_progress(
    segments: int, ticks: Distribution[int], rolls: int, *, filled: int = 0
) -> Distribution[int]:
    """How many of a clock's ``segments`` are filled after ``rolls`` rolls.

    Each roll adds ``ticks`` segments (a negative tick empties, as in a tug-of-war); the fill
    stays between 0 and ``segments``, and a full clock stays full.
    """
    if segments < 1:
        raise ValueError(f"a clock needs at least one segment, not {segments}")
    if not 0 <= filled <= segments:
        raise ValueError(f"a clock of {segments} segments cannot have {filled} filled")
    if rolls < 0:
        raise ValueError(f"cannot roll {rolls} times")

    def advance(current: int, tick: int) -> int:
        if current >= segments:
            return segments
        return min(segments, max(0, current + tick))

    return pool_fold(ticks, rolls, filled, advance)


def p_clock_full(
    segments: int, ticks: Distribution[int], rolls: int, *, filled: int = 0
) -> Fraction:
    """P(a clock of ``segments`` segments is full within ``rolls`` rolls)."""
    return clock_progress(segments, ticks, rolls, filled=filled)[segments]


def expected_rolls_to_fill(segments: int, ticks: Distribution[int], *, filled: int = 0) -> Fraction:
    """The expected number of rolls until a clock of ``segments`` segments is full.

    Refused (ValueError) when the clock might never fill (no roll ever adds a tick).
    """
    if not 0 <= filled <= segments or segments < 1:
        raise ValueError(f"a clock of {segments} segments cannot have {filled} filled")

    def step(current: int) -> Distribution[int]:
        return ticks.map(lambda tick: min(segments, max(0, current + tick)))

    try:
        return absorbing_chain(filled, step, lambda state: state >= segments).expected_steps
    except ValueError as error:
        raise ValueError(f"a clock of {segments} segments might never fill") from error
