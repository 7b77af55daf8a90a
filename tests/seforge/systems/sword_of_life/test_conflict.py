"""The conflict tracker and the virtual deck."""

from __future__ import annotations

import random

import pytest

from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.conflict import (
    Method,
    aim,
    apply_margin,
    draw_exchange,
    read_cards,
    remove_opponent,
    reset,
    why_not_draw,
    winner,
)
from seforge.systems.sword_of_life.conflict_model import (
    FULL_DECK,
    DeckState,
    Side,
    SolConflict,
    card_label,
)
from seforge.systems.sword_of_life.odds import ConflictKind, Status
from seforge.systems.sword_of_life.settings import AceRule, Reshuffle, TableSettings


def combat(**settings: object) -> SolConflict:
    return SolConflict(
        kind=ConflictKind.COMBAT,
        settings=TableSettings.model_validate(settings),
        player=Side(name="Ilse", cards=5, score=5, start=5),
        opponents=[Side(name="Thug", cards=4, score=4, start=4)],
    )


def reds(cards: list[str]) -> int:
    return sum(1 for card in cards if card[1] in "HD")


def test_a_combat_runs_to_its_end_and_every_exchange_adds_up() -> None:
    fight = combat()
    rng = random.Random(7)
    grips = (5, 4)
    while winner(fight) is None:
        draw_exchange(fight, rng)
        contest = fight.log[-1]
        assert len(contest.player_cards) == 5 and len(contest.opposition_cards) == 4
        assert len(set(contest.player_cards + contest.opposition_cards)) == 9
        assert contest.player_successes == reds(contest.player_cards)
        assert contest.opposition_successes == reds(contest.opposition_cards)
        assert contest.margin == contest.player_successes - contest.opposition_successes
        assert contest.reshuffled  # every exchange by default
        p, o = grips
        if contest.margin > 0:
            o = max(0, o - contest.margin)
        else:
            p = max(0, p + contest.margin)
        grips = (p, o)
        assert (fight.player.score, fight.opponents[0].score) == grips
        assert fight.player.cards == 5  # Edge is never worn down
    assert winner(fight) in ("player", "opposition")
    assert "unconscious" in fight.log[-1].result
    with pytest.raises(RefusedError, match="over"):
        draw_exchange(fight, rng)
    reset(fight)
    assert (fight.player.score, fight.opponents[0].score, fight.log) == (5, 4, [])


def test_a_persistent_deck_never_repeats_a_card_until_it_reshuffles() -> None:
    fight = combat(reshuffle=Reshuffle.WHEN_EMPTY)
    fight.player.score = fight.opponents[0].score = 52
    rng = random.Random(3)
    seen: list[str] = []
    for _ in range(5):  # 5 x 9 = 45 cards
        draw_exchange(fight, rng)
        seen += fight.log[-1].player_cards + fight.log[-1].opposition_cards
    assert len(seen) == len(set(seen)) == 45
    assert len(fight.deck.draw_pile) == 7 and len(fight.deck.discard) == 45
    draw_exchange(fight, rng)
    assert fight.log[-1].reshuffled
    assert sorted(fight.deck.draw_pile + fight.deck.discard) == sorted(FULL_DECK)


def test_separate_decks_deal_the_gm_from_their_own() -> None:
    fight = combat(shared_deck=False)
    draw_exchange(fight, random.Random(1))
    assert len(fight.deck.discard) == 5 and len(fight.gm_deck.discard) == 4


def stacked(cards_in_deal_order: list[str]) -> DeckState:
    """A deck whose next cards are dealt in this order (the rest after)."""
    rest = [card for card in FULL_DECK if card not in cards_in_deal_order]
    return DeckState(draw_pile=rest + list(reversed(cards_in_deal_order)))


def test_the_pilot_carries_successes_from_one_problem_to_the_next() -> None:
    pilot = SolConflict(
        kind=ConflictKind.PROBLEM, method=Method.CARRY,
        settings=TableSettings(reshuffle=Reshuffle.WHEN_EMPTY),
        player=Side(name="Pilot", score=5, start=5),
        opponents=[Side(name="defensive fire", score=1, start=1),
                   Side(name="engine targeting", score=2, start=2)],
        deck=stacked(["3H", "4S", "5C", "6D", "7H", "8S", "9C", "TS"]),
    )
    draw_exchange(pilot, random.Random(0))
    first, second = pilot.log[-2:]
    assert first.player_cards == ["3H", "4S", "5C", "6D", "7H"]
    assert (first.player_successes, first.opposition_successes, first.margin) == (1, 0, 1)
    assert (second.player_successes, second.opposition_successes, second.margin) == (2, 0, 2)
    assert [side.score for side in pilot.opponents] == [0, 0]
    assert winner(pilot) == "player"
    assert "solved" in second.result


def test_two_reds_on_the_target_leave_a_complete_miss() -> None:
    pilot = SolConflict(
        kind=ConflictKind.PROBLEM, method=Method.CARRY,
        settings=TableSettings(reshuffle=Reshuffle.WHEN_EMPTY),
        player=Side(score=5, start=5),
        opponents=[Side(name="fire", score=1, start=1), Side(name="target", score=2, start=2)],
        deck=stacked(["3H", "4S", "5C", "6D", "7H", "8S", "9H", "TD"]),
    )
    draw_exchange(pilot, random.Random(0))
    assert pilot.log[-1].margin == 0
    assert [side.score for side in pilot.opponents] == [0, 2]
    assert pilot.player.score == 5


def test_splitting_the_hand_needs_every_card_placed() -> None:
    officer = SolConflict(
        kind=ConflictKind.COMBAT, method=Method.SPLIT,
        player=Side(name="Officer", cards=6, score=6, start=6),
        opponents=[Side(name="A", cards=3, score=3, start=3, split=5),
                   Side(name="B", cards=3, score=3, start=3)],
    )
    assert why_not_draw(officer) == "split the player's 6 cards between the opponents (5 given " \
        "so far)"
    officer.opponents[1].split = 1
    assert why_not_draw(officer) is None
    draw_exchange(officer, random.Random(5))
    a, b = officer.log
    assert (len(a.player_cards), len(b.player_cards)) == (5, 1)
    assert len(set(a.player_cards + b.player_cards + a.opposition_cards +
                   b.opposition_cards)) == 12


def test_cinematic_gives_a_full_hand_against_each() -> None:
    hero = SolConflict(
        kind=ConflictKind.COMBAT, method=Method.CINEMATIC,
        player=Side(cards=6, score=6, start=6),
        opponents=[Side(name="A", cards=3, score=3, start=3),
                   Side(name="B", cards=3, score=3, start=3)],
    )
    draw_exchange(hero, random.Random(2))
    assert [len(c.player_cards) for c in hero.log] == [6, 6]


def test_a_saved_card_is_held_two_turns_then_drawn_with_the_hand() -> None:
    fight = combat()
    rng = random.Random(11)
    aim(fight, rng)
    held = fight.saved
    assert held is not None and held.turns == 1
    aim(fight, rng)
    assert fight.saved is not None and fight.saved.turns == 2
    with pytest.raises(RefusedError, match="2 turns at most"):
        aim(fight, rng)
    draw_exchange(fight, rng)
    hand = fight.log[-1].player_cards
    assert hand[0] == held.card and len(hand) == 6
    assert len(set(hand + fight.log[-1].opposition_cards)) == 10
    assert fight.saved is None


def test_real_cards_under_the_ace_rules() -> None:
    double = TableSettings(aces=AceRule.DOUBLE)
    assert read_cards(["AH", "2S", "3D"], double, player=True) == (1, Status.NORMAL)
    assert read_cards(["2S", "2C", "3D"], double, player=True) == (0, Status.NORMAL)
    assert read_cards(["2S", "2C", "3D"], TableSettings(aces=AceRule.DOUBLE,
                                                        floor_at_zero=False), player=True)[0] == -3
    auto = TableSettings(aces=AceRule.AUTO)
    assert read_cards(["AD", "2S"], auto, player=True) == (1, Status.SUCCESS)
    assert read_cards(["5D", "2S"], auto, player=True) == (1, Status.FAILURE)
    player_only = TableSettings(aces=AceRule.AUTO, rule_scope="player")
    assert read_cards(["AD"], player_only, player=False) == (1, Status.NORMAL)
    assert card_label("TS") == "10\u2660"


def test_margins_entered_by_hand_go_to_the_right_score() -> None:
    debate = SolConflict(kind=ConflictKind.DEBATE, player=Side(score=5, start=5),
                         opponents=[Side(name="NPC", score=6, start=6)])
    apply_margin(debate, 0, 2)
    assert debate.opponents[0].score == 4
    apply_margin(debate, 0, -5)
    assert debate.player.score == 0
    assert "persuaded" in debate.log[-1].result
    assert winner(debate) == "opposition"
    with pytest.raises(RefusedError):
        apply_margin(debate, 0, 1)
    with pytest.raises(RefusedError, match="at least one"):
        remove_opponent(debate, 0)


def test_without_symmetric_losses_combat_costs_the_player_nothing() -> None:
    fight = combat(symmetric_losses=False)
    apply_margin(fight, 0, -3)
    assert fight.player.score == 5


def test_a_deuce_may_cancel_the_other_sides_successes() -> None:
    from seforge.systems.sword_of_life.conflict import read_contest
    from seforge.systems.sword_of_life.settings import DeuceTarget

    own = TableSettings(aces=AceRule.DOUBLE)
    other = TableSettings(aces=AceRule.DOUBLE, deuce_target=DeuceTarget.OTHER)
    mine, theirs = ["AH", "2S", "5D"], ["3H", "4D", "9H"]
    assert read_contest(mine, theirs, own)[:2] == (1, 3)
    assert read_contest(mine, theirs, other)[:2] == (3, 1)


def test_a_deal_bigger_than_the_deck_is_refused_before_any_card_moves() -> None:
    hero = SolConflict(
        kind=ConflictKind.COMBAT, method=Method.CINEMATIC,
        player=Side(cards=20, score=3, start=3),
        opponents=[Side(name="A", cards=6, score=3, start=3),
                   Side(name="B", cards=5, score=3, start=3)],
    )
    assert why_not_draw(hero) is None  # 2 x 20 + 6 + 5 = 51 cards
    aim(hero, random.Random(0))
    assert why_not_draw(hero) is None  # the held card + 51 from the deck: all 52
    wider = hero.model_copy(deep=True)
    wider.opponents[1].cards = 6
    assert why_not_draw(wider) == "one deck cannot deal 53 cards in one exchange"
    with pytest.raises(RefusedError, match="53 cards"):
        draw_exchange(wider, random.Random(0))
    draw_exchange(hero, random.Random(0))
    dealt = [card for contest in hero.log[-2:] for card in contest.opposition_cards]
    dealt += hero.log[-2].player_cards + hero.log[-1].player_cards
    assert sorted(dealt) == sorted(FULL_DECK)
