"""Sword of Life odds: against an enumeration of real hands and the reading notes' numbers."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from seforge.systems.sword_of_life.odds import (
    STANDARD_DECK,
    ConflictKind,
    DeckMix,
    Status,
    conflict,
    effective_margin,
    exchange,
    one_hand_successes,
)
from seforge.systems.sword_of_life.settings import (
    AceRule,
    AutoResolution,
    DeuceTarget,
    RuleScope,
    TableSettings,
)

# -- an oracle over real cards ------------------------------------------------------------


def real_deck(mix: DeckMix) -> list[tuple[str, int]]:
    """Labelled cards: (kind, serial) so every card is distinct."""
    cards: list[tuple[str, int]] = []
    for kind, count in mix.counts().items():
        cards += [(kind, i) for i in range(count)]
    return cards


def oracle_counts(hand: tuple[tuple[str, int], ...]) -> tuple[int, int, int]:
    kinds = Counter(kind for kind, _ in hand)
    return kinds["red ace"], kinds["red"], kinds["black deuce"]


def oracle_status(aces: int, deuces: int, auto: bool) -> str:
    if not auto:
        return "normal"
    return "success" if aces else "failure" if deuces else "normal"


def oracle_pair(mine: tuple[int, int, int], theirs: tuple[int, int, int],
                s: TableSettings) -> tuple[int, str, str]:
    """The rules written out again, independently of the engine."""
    player_double = s.aces is AceRule.DOUBLE
    their_double = player_double and s.rule_scope is RuleScope.BOTH
    my_points = mine[1] + mine[0] * (2 if player_double else 1)
    their_points = theirs[1] + theirs[0] * (2 if their_double else 1)
    if player_double:
        if s.deuce_target is DeuceTarget.OWN:
            my_points -= 2 * mine[2]
        else:
            their_points -= 2 * mine[2]
    if their_double:
        if s.deuce_target is DeuceTarget.OWN:
            their_points -= 2 * theirs[2]
        else:
            my_points -= 2 * theirs[2]
    if s.floor_at_zero:
        my_points, their_points = max(0, my_points), max(0, their_points)
    auto = s.aces is AceRule.AUTO
    their_auto = auto and s.rule_scope is RuleScope.BOTH
    return (my_points - their_points, oracle_status(mine[0], mine[2], auto),
            oracle_status(theirs[0], theirs[2], their_auto))


def oracle(n: int, m: int, mix: DeckMix, settings: TableSettings) -> Counter[tuple[int, str, str]]:
    """Every pair of real hands, counted (as weights of equally likely deals)."""
    cards = real_deck(mix)
    counts: Counter[tuple[int, str, str]] = Counter()
    for mine in itertools.combinations(range(len(cards)), n):
        rest = [i for i in range(len(cards)) if i not in mine] if settings.shared_deck else list(
            range(len(cards)))
        mine_counts = oracle_counts(tuple(cards[i] for i in mine))
        for theirs in itertools.combinations(rest, m):
            counts[oracle_pair(mine_counts, oracle_counts(tuple(cards[i] for i in theirs)),
                               settings)] += 1
    return counts


def as_probabilities(counts: Counter[tuple[int, str, str]]) -> dict[tuple[int, str, str], Fraction]:
    total = sum(counts.values())
    return {key: Fraction(value, total) for key, value in counts.items()}


SMALL = DeckMix(red_aces=1, other_red=3, black_deuces=1, other_black=3)
SETTINGS = [
    TableSettings(),
    TableSettings(shared_deck=False),
    TableSettings(aces=AceRule.DOUBLE),
    TableSettings(aces=AceRule.DOUBLE, floor_at_zero=False),
    TableSettings(aces=AceRule.DOUBLE, rule_scope=RuleScope.PLAYER, shared_deck=False),
    TableSettings(aces=AceRule.DOUBLE, deuce_target=DeuceTarget.OTHER),
    TableSettings(aces=AceRule.DOUBLE, deuce_target=DeuceTarget.OTHER, floor_at_zero=False,
                  rule_scope=RuleScope.PLAYER),
    TableSettings(aces=AceRule.AUTO),
    TableSettings(aces=AceRule.AUTO, rule_scope=RuleScope.PLAYER),
]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: f"{s.aces}-{s.shared_deck}-"
                         f"{s.deuce_target}-{s.rule_scope}-{s.floor_at_zero}")
@pytest.mark.parametrize(("n", "m"), [(0, 2), (1, 1), (2, 1), (3, 2), (4, 4), (3, 5)])
def test_joint_matches_every_real_deal_of_a_small_deck(
    settings: TableSettings, n: int, m: int
) -> None:
    odds = exchange(n, m, settings, deck=SMALL)
    expected = as_probabilities(oracle(n, m, SMALL, settings))
    got = {(k, a.value, b.value): p for (k, a, b), p in odds.joint.items()}
    assert got == expected


@pytest.mark.parametrize("aces", list(AceRule))
@pytest.mark.parametrize("shared", [True, False])
def test_two_cards_against_one_from_real_52_card_decks(aces: AceRule, shared: bool) -> None:
    settings = TableSettings(aces=aces, shared_deck=shared)
    expected = as_probabilities(oracle(2, 1, STANDARD_DECK, settings))
    got = {(k, a.value, b.value): p for (k, a, b), p in exchange(2, 1, settings).joint.items()}
    assert got == expected


# -- the reading notes' worked numbers (sol.md 2.6) ----------------------------------------


def test_worked_numbers_of_the_notes() -> None:
    assert one_hand_successes(5).p(lambda x: x >= 3) == Fraction(1, 2)
    assert exchange(1, 1).win == Fraction(13, 51)
    assert exchange(1, 1, TableSettings(shared_deck=False)).win == Fraction(1, 4)
    five_four = exchange(5, 4)
    assert (five_four.win, five_four.tie, five_four.loss) == (
        Fraction(1, 2), Fraction(171971, 704718), Fraction(90194, 352359))
    assert exchange(4, 4).at_least(4) == Fraction(1495, 352359)
    assert exchange(5, 0, TableSettings(aces=AceRule.AUTO)).automatic()["player_success"] == (
        Fraction(245, 1326))
    assert exchange(1, 1, TableSettings(aces=AceRule.DOUBLE)).win == Fraction(181, 663)
    assert exchange(5, 3).at_least(3) == Fraction(68549, 469812)


def test_whole_conflicts_of_the_notes() -> None:
    debate = conflict(ConflictKind.DEBATE, 5, 6)
    assert round(float(debate.win), 6) == 0.250535
    combat = conflict(ConflictKind.COMBAT, 5, 4, player_cards=5, opposition_cards=4)
    assert round(float(combat.win), 6) == 0.872206
    assert debate.win + debate.loss == 1


@pytest.mark.parametrize("shared", [True, False])
@pytest.mark.parametrize("n", range(1, 13))
def test_n_against_n_minus_one_wins_exactly_half(shared: bool, n: int) -> None:
    odds = exchange(n, n - 1, TableSettings(shared_deck=shared))
    assert odds.win == Fraction(1, 2)
    even = exchange(n, n, TableSettings(shared_deck=shared))
    assert even.win == even.loss
    assert odds.expected_margin == Fraction(1, 2)


def test_matrix_of_the_notes_rounded() -> None:
    row_five = [0.895, 0.774, 0.636, 0.500, 0.378, 0.276, 0.196, 0.134]
    assert [round(float(exchange(5, m).win), 3) for m in range(1, 9)] == row_five
    tie_three = [0.250, 0.310, 0.309, 0.271, 0.218, 0.164, 0.117, 0.079]
    assert [round(float(exchange(3, m).tie), 3) for m in range(1, 9)] == tie_three


def test_rule_two_closed_forms() -> None:
    from math import comb

    for n in range(0, 9):
        auto = exchange(n, 0, TableSettings(aces=AceRule.AUTO)).automatic()
        assert auto["player_success"] == 1 - Fraction(comb(50, n), comb(52, n))
        assert auto["player_failure"] == Fraction(comb(50, n) - comb(48, n), comb(52, n))


def test_automatic_results_decide_by_status_first() -> None:
    assert effective_margin(-3, Status.SUCCESS, Status.NORMAL, AutoResolution.STATUS_FIRST) == 1
    assert effective_margin(4, Status.FAILURE, Status.NORMAL, AutoResolution.STATUS_FIRST) == -1
    assert effective_margin(2, Status.SUCCESS, Status.SUCCESS, AutoResolution.STATUS_FIRST) == 2
    assert effective_margin(-3, Status.SUCCESS, Status.NORMAL, AutoResolution.CARDS_ONLY) == -3
    odds = exchange(3, 3, TableSettings(aces=AceRule.AUTO))
    assert odds.win + odds.tie + odds.loss == 1
    assert odds.win == odds.loss  # the same rule for both sides keeps it symmetric
    only_cards = exchange(3, 3, TableSettings(aces=AceRule.AUTO,
                                              auto_resolution=AutoResolution.CARDS_ONLY))
    assert only_cards.win == exchange(3, 3).win


def test_a_deal_too_big_for_one_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="one deck of 52"):
        exchange(30, 23)
    assert exchange(30, 23, TableSettings(shared_deck=False)).win > 0
    assert exchange(26, 26).win == exchange(26, 26).loss
    with pytest.raises(ValueError, match="cannot draw -1"):
        exchange(-1, 2)


def test_problem_brute_force_small_chain() -> None:
    """A 1-card problem against Point 1: solve the two-state chain by hand."""
    odds = exchange(1, 1)
    result = conflict(ConflictKind.PROBLEM, 1, 1)
    assert result.win == odds.win / (odds.win + odds.loss)


def test_combat_chain_by_hand_recursion() -> None:
    """The notes' recursion W(p, o), written out independently of the core's chain."""
    from functools import cache

    margins = exchange(3, 2).margin

    @cache
    def w(p: int, o: int) -> Fraction:
        if o <= 0:
            return Fraction(1)
        if p <= 0:
            return Fraction(0)
        total = sum(
            (prob * (w(p, o - k) if k > 0 else w(p + k, o)) for k, prob in margins.items()
             if k != 0),
            Fraction(0),
        )
        return total / (1 - margins[0])

    assert conflict(ConflictKind.COMBAT, 3, 4, player_cards=3, opposition_cards=2).win == w(3, 4)


def test_a_conflict_nobody_can_change_is_refused() -> None:
    with pytest.raises(ValueError, match="never end"):
        conflict(ConflictKind.COMBAT, 3, 3, player_cards=0, opposition_cards=0)
    assert conflict(ConflictKind.COMBAT, 0, 3, player_cards=2, opposition_cards=2).win == 0


def test_whole_conflict_scores_are_capped_with_a_reason() -> None:
    from seforge.systems.sword_of_life.odds import max_chain_score

    assert max_chain_score(ConflictKind.COMBAT) == 20
    with pytest.raises(ValueError, match="from 0 to 12"):
        conflict(ConflictKind.DEBATE, 13, 3)
    with pytest.raises(ValueError, match="one deck of 52"):
        conflict(ConflictKind.COMBAT, 3, 3, player_cards=30, opposition_cards=30)


def test_one_reason_for_a_score_out_of_the_whole_conflict_odds() -> None:
    from seforge.systems.sword_of_life.odds import why_not_score
    from seforge.systems.sword_of_life.several import Fighter, why_not_whole

    assert why_not_score("the player's", 20, ConflictKind.COMBAT) is None
    assert why_not_score("the player's", 0, "debate") is None
    reason = "the player's score must be from 0 to 12 for the whole-conflict odds, not 13"
    assert why_not_score("the player's", 13, ConflictKind.DEBATE) == reason
    assert why_not_whole(ConflictKind.DEBATE, Fighter(0, 13), [Fighter(0, 3)]) == reason
    with pytest.raises(ValueError) as refused:
        conflict(ConflictKind.DEBATE, 13, 3)
    assert str(refused.value) == reason


def test_the_command_lines_table_rules_default_to_the_table_settings() -> None:
    from seforge.systems.sword_of_life.rule_options import ExchangeRules, TableRules

    default = TableSettings()
    light = TableRules()
    for name in [n for n in vars(ExchangeRules) if not n.startswith("_")]:
        assert getattr(light, name) == getattr(default, name), name
    for aces in AceRule:
        ours = exchange(3, 2, TableRules(aces=aces))
        theirs = exchange(3, 2, TableSettings(aces=aces))
        assert (ours.win, ours.tie, ours.loss) == (theirs.win, theirs.tie, theirs.loss)
