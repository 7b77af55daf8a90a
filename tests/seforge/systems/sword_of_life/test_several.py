"""Whole-conflict odds against several opponents: a brute-force oracle that deals every
sequence of cards through the tracker itself, and the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache

import pytest

from seforge.systems.sword_of_life.cli import run
from seforge.systems.sword_of_life.conflict import draw_exchange
from seforge.systems.sword_of_life.conflict_model import FULL_DECK, DeckState, Side, SolConflict
from seforge.systems.sword_of_life.odds import ConflictKind, conflict
from seforge.systems.sword_of_life.rule_options import TableRules
from seforge.systems.sword_of_life.settings import AceRule, Reshuffle, TableSettings
from seforge.systems.sword_of_life.several import (
    MAX_WHOLE_OPPONENTS,
    Fighter,
    Method,
    even_split,
    whole_conflict,
)

KINDS_PLAIN = {"red": [c for c in FULL_DECK if c[1] in "HD"],
               "black": [c for c in FULL_DECK if c[1] in "SC"]}
KINDS_HONOURS = {"red ace": ["AH", "AD"],
                 "red": [c for c in FULL_DECK if c[1] in "HD" and c[0] != "A"],
                 "black deuce": ["2S", "2C"],
                 "black": [c for c in FULL_DECK if c[1] in "SC" and c[0] != "2"]}


def dealing_order(method: str, kind: str, state: tuple[int, ...],
                  player: Fighter, opponents: list[Fighter]) -> list[bool]:
    """Which cards of the exchange are the player's (True) in the order the tracker deals."""
    combat = kind == "combat"
    n = player.cards if combat else state[0]
    active = [i for i in range(len(opponents)) if state[i + 1] > 0]
    ms = [opponents[i].cards if combat else state[i + 1] for i in active]
    if method == "carry" and len(active) > 1:
        return [True] * n + [False] * sum(ms)
    mine = even_split(n, len(active)) if method == "split" and len(active) > 1 else (
        [n] * len(active) if method == "cinematic" else [n])
    order: list[bool] = []
    for count, m in zip(mine, ms, strict=False):
        order += [True] * count + [False] * m
    return order


def oracle_step(method: str, kind: str, settings: TableSettings, state: tuple[int, ...],
                player: Fighter, opponents: list[Fighter]) -> dict[tuple[int, ...], Fraction]:
    """Every sequence of card kinds the exchange can deal, each through ``draw_exchange``."""
    kinds = KINDS_PLAIN if settings.aces == AceRule.NONE else KINDS_HONOURS
    order = dealing_order(method, kind, state, player, opponents)
    out: dict[tuple[int, ...], Fraction] = {}
    for sequence in itertools.product(kinds, repeat=len(order)):
        p, piles = stacked_piles(kinds, order, sequence, shared_deck=settings.shared_deck)
        if not p:
            continue
        end = tracked_end(method, kind, settings, state, player, opponents, piles)
        out[end] = out.get(end, Fraction(0)) + p
    assert sum(out.values()) == 1
    return out


def stacked_piles(kinds: dict[str, list[str]], order: list[bool], sequence: tuple[str, ...],
                  *, shared_deck: bool) -> tuple[Fraction, list[list[str]]]:
    """The chance of dealing ``sequence`` (a card kind each, in the dealing ``order``) and
    the player's and the GM's piles that deal it (the chance is 0 when a kind runs out)."""
    left = [{k: len(v) for k, v in kinds.items()},
            {k: len(v) for k, v in kinds.items()}]
    used = [{k: 0 for k in kinds}, {k: 0 for k in kinds}]
    piles: list[list[str]] = [[], []]
    p = Fraction(1)
    for mine, card_kind in zip(order, sequence, strict=True):
        deck = 0 if mine or shared_deck else 1
        total = sum(left[deck].values())
        if not left[deck][card_kind]:
            return Fraction(0), piles
        p *= Fraction(left[deck][card_kind], total)
        left[deck][card_kind] -= 1
        # a shared deck hands out distinct cards across both sides
        piles[deck].append(kinds[card_kind][used[deck][card_kind]])
        used[deck][card_kind] += 1
    return p, piles


def tracked_end(method: str, kind: str, settings: TableSettings, state: tuple[int, ...],
                player: Fighter, opponents: list[Fighter],
                piles: list[list[str]]) -> tuple[int, ...]:
    """The state after the tracker deals one exchange from the stacked ``piles``: (0,) the
    player is out, (1,) every opponent is, else the scores."""
    doc = SolConflict(kind=kind, method=method, settings=settings,
                      player=Side(cards=player.cards, score=state[0]),
                      opponents=[Side(name=str(i), cards=o.cards, score=state[i + 1])
                                 for i, o in enumerate(opponents)])
    active = [i for i in range(len(opponents)) if state[i + 1] > 0]
    n = player.cards if kind == "combat" else state[0]
    for i, share in zip(active, even_split(n, len(active)), strict=True):
        doc.opponents[i].split = share
    doc.deck = DeckState(draw_pile=list(reversed(piles[0])))
    doc.gm_deck = DeckState(draw_pile=list(reversed(piles[1])))
    draw_exchange(doc, random_never())
    after = (doc.player.score, *(o.score for o in doc.opponents))
    return (0,) if after[0] <= 0 else (1,) if not any(after[1:]) else after


class random_never:  # noqa: N801 - stands in for random.Random
    """The deck is stacked: the tracker must not shuffle it."""

    def shuffle(self, cards: list[str]) -> None:
        raise AssertionError("the oracle's deck was shuffled")


def oracle(method: str, kind: str, settings: TableSettings, player: Fighter,
           opponents: list[Fighter]) -> tuple[Fraction, Fraction]:
    """P(win) and E[exchanges], by first-step analysis over the tracker's own exchanges."""

    @cache
    def solve(state: tuple[int, ...]) -> tuple[Fraction, Fraction]:
        if state == (1,):
            return Fraction(1), Fraction(0)
        if state == (0,):
            return Fraction(0), Fraction(0)
        moves = oracle_step(method, kind, settings, state, player, opponents)
        stay = moves.pop(state, Fraction(0))
        win = sum((p * solve(s)[0] for s, p in moves.items()), Fraction(0)) / (1 - stay)
        steps = (1 + sum((p * solve(s)[1] for s, p in moves.items()), Fraction(0))) / (
            1 - stay)
        return win, steps

    return solve((player.score, *(o.score for o in opponents)))


CASES = [
    ("cinematic", "combat", {}, Fighter(2, 2), [Fighter(1, 1), Fighter(1, 1)]),
    ("split", "combat", {}, Fighter(3, 2), [Fighter(1, 1), Fighter(1, 2)]),
    ("carry", "combat", {}, Fighter(3, 2), [Fighter(1, 1), Fighter(1, 1)]),
    ("carry", "debate", {}, Fighter(0, 2), [Fighter(0, 1), Fighter(0, 2)]),
    ("cinematic", "problem", {"symmetric_losses": False}, Fighter(0, 2),
     [Fighter(0, 1), Fighter(0, 1)]),
    ("split", "combat", {"shared_deck": False}, Fighter(2, 1), [Fighter(1, 1), Fighter(1, 1)]),
    ("carry", "combat", {"aces": "double"}, Fighter(2, 1), [Fighter(1, 1), Fighter(1, 1)]),
    ("cinematic", "combat", {"aces": "auto"}, Fighter(1, 1), [Fighter(1, 1), Fighter(1, 1)]),
    ("carry", "combat", {"aces": "double", "deuce_target": "other"}, Fighter(2, 1),
     [Fighter(1, 1), Fighter(1, 1)]),
]


@pytest.mark.parametrize(("method", "kind", "table", "player", "opponents"), CASES)
def test_the_chain_agrees_with_the_tracker_dealt_card_by_card(
        method: str, kind: str, table: dict[str, object], player: Fighter,
        opponents: list[Fighter]) -> None:
    settings = TableSettings.model_validate({**table, "reshuffle": Reshuffle.WHEN_EMPTY})
    win, steps = oracle(method, kind, settings, player, opponents)
    odds = whole_conflict(kind, method, player, opponents, settings,
                          symmetric_losses=settings.symmetric_losses)
    assert (odds.win, odds.expected_exchanges) == (win, steps)
    assert odds.loss == 1 - win


@pytest.mark.parametrize("kind", list(ConflictKind))
@pytest.mark.parametrize("aces", list(AceRule))
def test_one_opponent_is_the_one_opponent_chain(kind: ConflictKind, aces: AceRule) -> None:
    settings = TableSettings(aces=aces)
    combat = kind == ConflictKind.COMBAT
    for method in Method:
        several = whole_conflict(kind, method, Fighter(5 if combat else 0, 4),
                                 [Fighter(4 if combat else 0, 3)], settings)
        one = conflict(kind, 4, 3, player_cards=5 if combat else 0,
                       opposition_cards=4 if combat else 0, settings=settings)
        assert (several.win, several.expected_exchanges) == (one.win, one.expected_exchanges)


def test_the_texts_example_1_and_plain_values() -> None:
    odds = whole_conflict("combat", "split", Fighter(5, 5), [Fighter(4, 4)])
    assert round(float(odds.win), 4) == 0.8722 and round(float(odds.expected_exchanges), 2) == 4.84
    assert whole_conflict(ConflictKind.COMBAT, Method.SPLIT, Fighter(5, 5),
                          [Fighter(4, 4)]) == odds


def test_the_odds_state_their_limits() -> None:
    with pytest.raises(ValueError, match="at most"):
        whole_conflict("combat", "cinematic", Fighter(5, 5), [Fighter(3, 3)] * 7)
    with pytest.raises(ValueError, match="from 0 to 12"):
        whole_conflict("debate", "cinematic", Fighter(0, 13), [Fighter(0, 3)])
    with pytest.raises(ValueError, match="joint states"):
        whole_conflict("combat", "carry", Fighter(5, 20), [Fighter(3, 20)] * 3)
    with pytest.raises(ValueError, match="cannot deal"):
        whole_conflict("combat", "cinematic", Fighter(20, 3), [Fighter(8, 3)] * 3)
    with pytest.raises(ValueError, match="too many hands"):  # a deterministic work budget
        whole_conflict("combat", "cinematic", Fighter(6, 6), [Fighter(4, 4)] * 3,
                       TableRules(aces=AceRule.DOUBLE))
    with pytest.raises(ValueError, match="never end"):
        whole_conflict("combat", "cinematic", Fighter(0, 3), [Fighter(0, 3)] * 2)
    assert MAX_WHOLE_OPPONENTS == 6


def cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert run([*argv, "--json"], "sol") == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("method", [m.value for m in Method])
def test_the_command_line_gives_the_same_figures(method: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(["--cards", "6", "--conflict", "combat", "--scores", "6", "--opponents",
                     "3 3", "3 2", "--method", method], capsys)
    odds = whole_conflict("combat", method, Fighter(6, 6), [Fighter(3, 3), Fighter(3, 2)],
                          TableRules())
    assert data["conflict"] == {"win": float(odds.win), "loss": float(odds.loss),
                                "expected_exchanges": float(odds.expected_exchanges),
                                "method": method, "opponents": 2}
    debate = cli_json(["--cards", "5", "--conflict", "debate", "--scores", "5",
                       "--opponents", "3", "4", "--method", method], capsys)
    odds = whole_conflict("debate", method, Fighter(0, 5), [Fighter(0, 3), Fighter(0, 4)])
    assert debate["conflict"]["win"] == float(odds.win)  # type: ignore[index]


@pytest.mark.parametrize("bad", [
    ["--cards", "5", "--opponents", "3 3"],
    ["--cards", "5", "--conflict", "combat", "--scores", "5", "4", "--opponents", "3 3"],
    ["--cards", "5", "--conflict", "combat", "--scores", "5", "--opponents", "3"],
    ["--cards", "5", "--conflict", "combat", "--scores", "5", "--opponents", "3 3 3"],
    ["--cards", "5", "--conflict", "combat", "--scores", "5", "--opponents", *["3 3"] * 7],
    ["--cards", "5", "--conflict", "combat", "--scores", "5", "--opponents", "3 3",
     "--method", "duel"],
    ["--cards", "5", "--conflict", "combat", "--scores", "20", "--opponents", "3 20",
     "3 20", "3 20"],
])
def test_bad_several_opponents_exit_2_with_one_line(bad: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = run(bad, "seforge odds --system sol")
    except SystemExit as stop:
        code = int(stop.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
