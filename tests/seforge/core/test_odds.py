"""The exact-odds engines against brute-force oracles that enumerate every roll or every hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from itertools import permutations, product
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seforge.core import odds
from seforge.core.odds import Contest, Distribution


def oracle(
    faces: Sequence[Any], count: int, read: Callable[[tuple[Any, ...]], Hashable]
) -> dict[Hashable, Fraction]:
    """Every ordered roll of ``count`` fair dice with these faces, read by ``read``."""
    tally: Counter[Hashable] = Counter(read(roll) for roll in product(faces, repeat=count))
    total = len(faces) ** count
    return {key: Fraction(n, total) for key, n in tally.items()}


def d20_face(tn: int, focus: int, complication_range: int) -> Callable[[int], tuple[int, int]]:
    def read(face: int) -> tuple[int, int]:
        successes = 2 if face <= focus else 1 if face <= tn else 0
        return successes, 1 if face > 20 - complication_range else 0

    return read


CHALLENGE_DIE = [(1, 0), (2, 0), (0, 0), (0, 0), (1, 1), (1, 1)]


# the Distribution type ------------------------------------------------------------------------


def test_distribution_keeps_exact_fractions_and_drops_zero_weights() -> None:
    dist = Distribution({"a": 1, "b": Fraction(1, 2), "c": 0})
    assert dist["a"] == Fraction(2, 3)
    assert dist["b"] == Fraction(1, 3)
    assert "c" not in dist
    assert dist["missing"] == 0
    assert len(dist) == 2


def test_distribution_refuses_bad_weights() -> None:
    with pytest.raises(ValueError, match="negative"):
        Distribution({"a": -1, "b": 2})
    with pytest.raises(ValueError, match="at least one"):
        Distribution({})
    with pytest.raises(ValueError, match="positive"):
        Distribution({"a": 0})
    with pytest.raises(TypeError, match="exact"):
        Distribution({"a": 0.5})  # type: ignore[dict-item]


def test_equal_when_probabilities_agree_whatever_the_route() -> None:
    assert Distribution({1: 2, 2: 2}) == Distribution.uniform([1, 2])
    assert Distribution({1: 1, 2: 2}) != Distribution.uniform([1, 2])


def test_mean_p_given_and_histogram() -> None:
    d6 = odds.die(6)
    assert d6.mean() == Fraction(7, 2)
    assert d6.p(lambda face: face >= 5) == Fraction(1, 3)
    assert d6.given(lambda face: face > 4) == Distribution.uniform([5, 6])
    with pytest.raises(ValueError, match="never"):
        d6.given(lambda face: face > 6)
    hist = odds.pool_sum(odds.custom_die(CHALLENGE_DIE), 1).histogram()
    assert hist["0,0"] == {"exact": "1/3", "approx": pytest.approx(1 / 3)}
    assert list(odds.contest(d6, d6).histogram()) == ["loss", "tie", "win"]


def test_bind_is_a_dependent_two_stage_experiment() -> None:
    # roll a d4, then roll that many coins: brute force over every (d4, coins) sequence
    coin = Distribution.uniform([0, 1])
    staged = odds.die(4).bind(lambda n: odds.pool_sum(coin, n))
    expected: Counter[int] = Counter()
    for n in range(1, 5):
        for flips in product([0, 1], repeat=n):
            expected[sum(flips)] += Fraction(1, 4) / 2**n  # type: ignore[assignment]
    assert staged.as_dict() == dict(expected)


# dice pools -------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(("tn", "focus", "crange"), [(12, 3, 1), (20, 20, 2), (7, 0, 3)])
def test_d20_pool_successes_and_complications_match_enumeration(
    count: int, tn: int, focus: int, crange: int
) -> None:
    read = d20_face(tn, focus, crange)
    die = odds.custom_die({face: read(face) for face in range(1, 21)})
    faces = list(range(1, 21))
    if count <= 3:  # 20^5 ordered rolls is too slow for a unit test
        expected = oracle(
            faces, count, lambda roll: tuple(map(sum, zip(*(read(f) for f in roll), strict=True)))
        )
        assert odds.pool_sum(die, count).as_dict() == expected
    # 4 and 5 dice: every ordered roll of face *readings*, each weighted by its number of faces
    readings = Counter(read(f) for f in faces)
    weighted: Counter[Hashable] = Counter()
    for roll in product(readings, repeat=count):
        ways = 1
        for reading in roll:
            ways *= readings[reading]
        weighted[tuple(map(sum, zip(*roll, strict=True)))] += ways
    total = 20**count
    assert odds.pool_sum(die, count).as_dict() == {
        k: Fraction(n, total) for k, n in weighted.items()
    }


@pytest.mark.parametrize("count", [1, 2, 3, 5, 6, 7])
def test_challenge_dice_sums_match_enumeration(count: int) -> None:
    expected = oracle(CHALLENGE_DIE, count, lambda roll: tuple(map(sum, zip(*roll, strict=True))))
    assert odds.pool_sum(odds.custom_die(CHALLENGE_DIE), count).as_dict() == expected


def test_pool_sum_of_numbers_and_refusals() -> None:
    assert odds.pool_sum(odds.die(6), 2)[7] == Fraction(1, 6)
    with pytest.raises(ValueError):
        odds.pool_sum(odds.die(6), 0)
    with pytest.raises(TypeError):
        odds.add_outcomes((1, 2), (1,))


def test_mixed_dice_sum_and_fold_match_enumeration() -> None:
    # two d20s read as successes against TN 8, beside one Fortune die that always reads as a 1
    read = d20_face(8, 1, 1)
    d20 = odds.custom_die({face: read(face) for face in range(1, 21)})
    fortune = Distribution.point(read(1))
    mixed = odds.sum_of([d20, d20, fortune])
    expected = oracle(
        list(range(1, 21)),
        2,
        lambda roll: tuple(map(sum, zip(*(read(f) for f in (*roll, 1)), strict=True))),
    )
    assert mixed.as_dict() == expected
    d4, d8 = odds.die(4), odds.die(8)
    best = odds.fold_of([d4, d8, d4], 0, max)
    tally = Counter(max(r) for r in product(range(1, 5), range(1, 9), range(1, 5)))
    assert best.as_dict() == {k: Fraction(n, 128) for k, n in tally.items()}
    with pytest.raises(ValueError, match="at least one die"):
        odds.sum_of([])


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_highest_and_lowest_match_enumeration(count: int) -> None:
    faces = list(range(1, 7))
    assert odds.highest(odds.die(6), count).as_dict() == oracle(faces, count, max)
    assert odds.lowest(odds.die(6), count).as_dict() == oracle(faces, count, min)


def test_highest_of_an_uneven_die_matches_enumeration() -> None:
    faces = [1, 1, 2, 5, 5, 5, 9]
    assert odds.highest(odds.custom_die(faces), 3).as_dict() == oracle(faces, 3, max)
    assert odds.lowest(odds.custom_die(faces), 3).as_dict() == oracle(faces, 3, min)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
def test_highest_die_and_count_of_sixes_in_one_fold(count: int) -> None:
    faces = list(range(1, 7))
    folded = odds.pool_fold(
        odds.die(6), count, (0, 0), lambda s, f: (max(s[0], f), s[1] + (f == 6))
    )
    expected = oracle(faces, count, lambda roll: (max(roll, default=0), roll.count(6)))
    assert folded.as_dict() == expected


def test_zero_dice_read_the_lowest_of_two() -> None:
    zero = odds.highest_or_lowest_of(odds.die(6), 0)
    assert zero.as_dict() == oracle(list(range(1, 7)), 2, min)
    # the reading notes' worked numbers: P(6) = 1/36, P(4 or 5) = 2/9, P(1-3) = 3/4
    assert zero[6] == Fraction(1, 36)
    assert zero.p(lambda f: f in (4, 5)) == Fraction(2, 9)
    assert zero.p(lambda f: f <= 3) == Fraction(3, 4)
    assert zero.mean(lambda f: 6 - f) == Fraction(125, 36)
    assert odds.highest_or_lowest_of(odds.die(6), 2) == odds.highest(odds.die(6), 2)


def test_count_matching_is_binomial() -> None:
    hits = odds.count_matching(odds.die(6), 5, lambda f: f >= 5)
    for k in range(6):
        assert hits[k] == comb(5, k) * Fraction(1, 3) ** k * Fraction(2, 3) ** (5 - k)


# opposed rolls ----------------------------------------------------------------------------------


def test_contest_and_margin_match_enumeration() -> None:
    read = d20_face(10, 2, 1)
    faces = [read(f) for f in range(1, 21)]
    die = odds.custom_die(faces)
    first, second = odds.pool_sum(die, 1), odds.pool_sum(die, 2)
    expected: Counter[Contest] = Counter()
    margins: Counter[int] = Counter()
    for roll in product(faces, repeat=3):
        a = sum(face[0] for face in roll[:1])
        b = sum(face[0] for face in roll[1:])
        expected[Contest.WIN if a > b else Contest.LOSS if a < b else Contest.TIE] += 1
        margins[a - b] += 1
    total = 20**3
    result = odds.contest(first, second, key=lambda outcome: outcome[0])
    assert result.as_dict() == {k: Fraction(n, total) for k, n in expected.items()}
    got = odds.margin(first, second, value=lambda outcome: outcome[0])
    assert got.as_dict() == {k: Fraction(n, total) for k, n in margins.items()}


def test_contest_of_equal_dice_is_symmetric() -> None:
    result = odds.contest(odds.die(6), odds.die(6))
    assert result[Contest.WIN] == result[Contest.LOSS] == Fraction(5, 12)


# cards ------------------------------------------------------------------------------------------


def hands_oracle(deck: dict[str, int], sizes: Sequence[int]) -> dict[Hashable, Fraction]:
    """Every ordering of the whole deck, dealt into consecutive hands."""
    kinds = list(deck)
    cards = [kind for kind in kinds for _ in range(deck[kind])]
    tally: Counter[Hashable] = Counter()
    for order in permutations(range(len(cards))):
        hands = []
        at = 0
        for size in sizes:
            dealt = [cards[i] for i in order[at : at + size]]
            hands.append(tuple(dealt.count(kind) for kind in kinds))
            at += size
        tally[tuple(hands)] += 1
    total = sum(tally.values())
    return {key: Fraction(n, total) for key, n in tally.items()}


@pytest.mark.parametrize("sizes", [[1], [3], [2, 2], [1, 3], [3, 2, 1], [0, 2]])
def test_shared_deck_hands_match_every_ordering(sizes: list[int]) -> None:
    deck = {"red ace": 1, "red": 2, "black": 3, "deuce": 1}
    assert odds.draw_hands(deck, sizes).as_dict() == hands_oracle(deck, sizes)


def test_one_hand_matches_every_ordering_and_separate_decks_are_independent() -> None:
    deck = {"r": 3, "b": 2, "x": 2}
    one = odds.draw(deck, 3)
    assert {(hand,): p for hand, p in one.items()} == hands_oracle(deck, [3])
    separate = odds.draw_hands_separate(deck, [2, 3])
    two = odds.draw(deck, 2)
    for (first, second), prob in separate.items():
        assert prob == two[first] * one[second]
    assert sum(p for _, p in separate.items()) == 1


def test_card_odds_match_the_worked_numbers() -> None:
    colours = {"red": 26, "black": 26}
    assert odds.draw(colours, 5).p(lambda hand: hand[0] >= 3) == Fraction(1, 2)
    shared = odds.draw_hands(colours, [1, 1])
    assert shared.p(lambda h: h[0][0] > h[1][0]) == Fraction(13, 51)
    separate = odds.draw_hands_separate(colours, [1, 1])
    assert separate.p(lambda h: h[0][0] > h[1][0]) == Fraction(1, 4)
    five_four = odds.draw_hands(colours, [5, 4])
    assert five_four.p(lambda h: h[0][0] > h[1][0]) == Fraction(1, 2)
    assert five_four.p(lambda h: h[0][0] == h[1][0]) == Fraction(171971, 704718)
    honours = {"red ace": 2, "other": 50}
    assert odds.draw(honours, 5).p(lambda hand: hand[0] >= 1) == Fraction(245, 1326)


def test_draws_refuse_impossible_hands() -> None:
    with pytest.raises(ValueError, match="cannot draw 4 cards from a deck of 3"):
        odds.draw({"a": 3}, 4)
    with pytest.raises(ValueError, match="cannot deal"):
        odds.draw_hands({"a": 3, "b": 1}, [2, 3])
    with pytest.raises(ValueError, match="negative"):
        odds.draw({"a": -1}, 0)


# multi-round conflicts --------------------------------------------------------------------------


def brute_conflict(
    state: tuple[int, int], exchange: Distribution[int], depth: int
) -> dict[tuple[int, int], Fraction]:
    """Expand every sequence of exchanges up to ``depth`` rounds (ties are dropped here)."""
    p, o = state
    if p <= 0 or o <= 0:
        return {state: Fraction(1)}
    no_tie = exchange.given(lambda m: m != 0)
    result: dict[tuple[int, int], Fraction] = {}
    for m, prob in no_tie.items():
        nxt = (p, o - m) if m > 0 else (p + m, o)
        for end, q in brute_conflict(nxt, exchange, depth - 1).items():
            result[end] = result.get(end, Fraction(0)) + prob * q
    return result


def clamp_end(state: tuple[int, int]) -> tuple[int, int]:
    return (max(state[0], 0), max(state[1], 0))


def test_conflict_chain_with_ties_matches_expanding_every_exchange() -> None:
    exchange = Distribution({-2: 1, -1: 3, 0: 2, 1: 3, 2: 2})

    def step(state: tuple[int, int]) -> Distribution[tuple[int, int]]:
        p, o = state
        return exchange.map(lambda m: clamp_end((p, o - m) if m > 0 else (p + m, o)))

    def is_end(state: tuple[int, int]) -> bool:
        return state[0] <= 0 or state[1] <= 0

    result = odds.absorbing_chain((3, 4), step, is_end)
    expected: dict[tuple[int, int], Fraction] = {}
    for end, prob in brute_conflict((3, 4), exchange, 20).items():
        key = clamp_end(end)
        expected[key] = expected.get(key, Fraction(0)) + prob
    assert result.ends.as_dict() == expected  # ties only lengthen the conflict
    assert result.ends.p(lambda s: s[1] == 0) > 0


def test_extended_card_conflicts_match_the_reading_notes() -> None:
    """Sword of Life: each exchange is a shared-deck draw; the margin lowers a score."""
    colours = {"red": 26, "black": 26}

    def exchange(cards: int, against: int) -> Distribution[int]:
        return odds.draw_hands(colours, [cards, against]).map(lambda h: h[0][0] - h[1][0])

    def is_end(state: tuple[int, int]) -> bool:
        return state[0] <= 0 or state[1] <= 0

    def depleting(state: tuple[int, int]) -> Distribution[tuple[int, int]]:
        p, o = state  # each side draws as many cards as its score
        return exchange(p, o).map(lambda m: (p, o - m) if m > 0 else (p + m, o))

    def combat(state: tuple[int, int]) -> Distribution[tuple[int, int]]:
        p, o = state  # Edge 5 against Edge 4 draw; Grip is what falls
        return exchange(5, 4).map(lambda m: (p, o - m) if m > 0 else (p + m, o))

    debate = odds.absorbing_chain((5, 6), depleting, is_end)
    assert round(float(debate.ends.p(lambda s: s[1] <= 0)), 6) == 0.250535
    fight = odds.absorbing_chain((5, 4), combat, is_end)
    assert round(float(fight.ends.p(lambda s: s[1] <= 0)), 6) == 0.872206
    assert fight.expected_steps > 1


def test_chain_expected_steps_of_a_geometric_wait() -> None:
    # each round ends the conflict with probability 1/3: expected 3 rounds
    def step(state: str) -> Distribution[str]:
        return Distribution({"end": 1, "go": 2})

    result = odds.absorbing_chain("go", step, lambda s: s == "end")
    assert result.ends == Distribution.point("end")
    assert result.expected_steps == 3
    assert odds.absorbing_chain("end", step, lambda s: s == "end").expected_steps == 0


@pytest.mark.parametrize(("up", "down", "stay"), [(2, 1, 0), (1, 1, 2), (3, 5, 1)])
def test_a_chain_with_cycles_matches_gamblers_ruin(up: int, down: int, stay: int) -> None:
    """A track that can move both ways (a pursuit, a tug-of-war) against the closed form."""
    top = 5

    def step(state: int) -> Distribution[int]:
        return Distribution({state + 1: up, state - 1: down, state: stay})

    result = odds.absorbing_chain(2, step, lambda s: s in (0, top))
    ratio = Fraction(down, up)
    expected = (1 - ratio**2) / (1 - ratio**top) if ratio != 1 else Fraction(2, top)
    assert result.ends[top] == expected
    assert result.ends[0] == 1 - expected
    if up == down:  # a fair walk takes k(N - k) moves, stretched by the chance of staying
        assert result.expected_steps == Fraction(2 * (top - 2)) / Fraction(
            up + down, up + down + stay
        )


def test_chain_refuses_a_conflict_that_can_never_end() -> None:
    def step(state: int) -> Distribution[int]:
        return Distribution.uniform([1, 2]) if state in (1, 2) else Distribution.point(9)

    with pytest.raises(ValueError, match="never end"):
        odds.absorbing_chain(1, step, lambda s: s == 9)
    with pytest.raises(ValueError, match="never end"):  # a state that only loops on itself
        odds.absorbing_chain(1, lambda s: Distribution.point(s), lambda s: s == 9)


# clocks -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("segments", "rolls"), [(4, 1), (4, 3), (6, 4), (8, 5)])
def test_clock_filling_matches_every_roll_sequence(segments: int, rolls: int) -> None:
    ticks = [0, 1, 1, 2, 3, -1]  # a face -> ticks map with a step back

    def read(seq: tuple[int, ...]) -> int:
        filled = 0
        for tick in seq:
            if filled < segments:
                filled = min(segments, max(0, filled + tick))
        return filled

    expected = oracle(ticks, rolls, read)
    got = odds.clock_progress(segments, odds.custom_die(ticks), rolls)
    assert got.as_dict() == expected
    assert odds.p_clock_full(segments, odds.custom_die(ticks), rolls) == expected.get(
        segments, Fraction(0)
    )


def test_expected_rolls_to_fill_a_clock() -> None:
    assert odds.expected_rolls_to_fill(4, Distribution.point(1)) == 4
    # the Blades notes' worked check: 4 segments, 2 ticks with probability 3/4 -> 8/3 rolls
    assert odds.expected_rolls_to_fill(4, Distribution({2: 3, 0: 1})) == Fraction(8, 3)
    assert odds.expected_rolls_to_fill(4, Distribution.point(2), filled=1) == 2
    # one tick half the time: a negative binomial wait of 2 rolls per segment
    assert odds.expected_rolls_to_fill(6, Distribution.uniform([0, 1])) == 12
    # the expectation agrees with the tail sum of P(not full after n rolls), cut off far out
    ticks = odds.custom_die([0, 1, 1, 2, 3, -1])
    tail = sum(1 - odds.p_clock_full(4, ticks, n) for n in range(0, 60))
    exact = odds.expected_rolls_to_fill(4, ticks)
    assert abs(exact - tail) < Fraction(1, 10**6)
    with pytest.raises(ValueError, match="might never fill"):
        odds.expected_rolls_to_fill(4, Distribution.uniform([0, -1]))


def test_clock_filling_refusals_and_start() -> None:
    ticks = Distribution.point(1)
    assert odds.p_clock_full(4, ticks, 2, filled=2) == 1
    assert odds.p_clock_full(4, ticks, 1, filled=2) == 0
    with pytest.raises(ValueError, match="cannot have 5 filled"):
        odds.clock_progress(4, ticks, 1, filled=5)


# properties -------------------------------------------------------------------------------------

faces_strategy = st.lists(st.integers(min_value=-3, max_value=6), min_size=1, max_size=6)


@settings(max_examples=40, deadline=None)
@given(faces=faces_strategy, count=st.integers(min_value=1, max_value=4))
def test_every_engine_sums_to_one(faces: list[int], count: int) -> None:
    die = odds.custom_die(faces)
    for dist in (
        odds.pool_sum(die, count),
        odds.highest(die, count),
        odds.lowest(die, count),
        odds.contest(die, odds.pool_sum(die, count)),
        odds.margin(die, die),
        odds.clock_progress(4, die, count),
    ):
        assert sum(p for _, p in dist.items()) == 1
        assert all(p > 0 for _, p in dist.items())


@settings(max_examples=40, deadline=None)
@given(faces=faces_strategy, count=st.integers(min_value=1, max_value=4))
def test_mean_of_a_sum_is_the_sum_of_means(faces: list[int], count: int) -> None:
    die = odds.custom_die(faces)
    assert odds.pool_sum(die, count).mean() == count * die.mean()


@settings(max_examples=30, deadline=None)
@given(
    deck=st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=4),
    sizes=st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=3),
)
def test_shared_deck_marginals_equal_one_hand(deck: list[int], sizes: list[int]) -> None:
    named = {str(i): n for i, n in enumerate(deck)}
    if sum(sizes) > sum(deck):
        return
    hands = odds.draw_hands(named, sizes)
    assert sum(p for _, p in hands.items()) == 1
    # by symmetry each dealt hand on its own is a plain hypergeometric draw
    for position, size in enumerate(sizes):
        assert hands.map(lambda h, at=position: h[at]) == odds.draw(named, size)
