"""An extended conflict at the table: the tracker, the virtual deck and the exchange log.

Rules (``reference/sword-of-life.txt``):

- ``sol.exchange`` (lines 131-172): each exchange's margin lowers the loser's tracked score
  (Grip in combat, Point in debate, the card count of a problem; the player's Point for a
  problem); a score at 0 ends the conflict for that side;
- ``sol.opponents`` (lines 192-223): several opponents are met by splitting the hand
  (realistic), by carrying successes from one to the next (less realistic) or with a full hand
  against each (cinematic);
- ``sol.saved-card`` (lines 242-248): a player who aims or plans keeps one unflipped card for up
  to two turns and discards the rest of the hand.

The deck itself is shuffled with a ``random.Random`` the caller gives (a seed in tests): only
the odds must be exact, not the shuffle. The document keeps the draw pile and the discards, so
an undo puts the very same cards back. The document's fields (the sides, the log, the decks)
are in :mod:`seforge.systems.sword_of_life.conflict_model`.
"""

from __future__ import annotations

import random

from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.character import (
    CHARACTERISTICS,
    LABELS,
    Characteristic,
    SolCharacter,
)
from seforge.systems.sword_of_life.conflict_model import (
    FULL_DECK,
    MAX_OPPONENTS,
    MAX_SCORE,
    Contest,
    DeckState,
    SavedCard,
    Side,
    SideCharacter,
    SolConflict,
    is_red,
)
from seforge.systems.sword_of_life.odds import (
    ConflictKind,
    Status,
)
from seforge.systems.sword_of_life.settings import (
    Reshuffle,
    TableSettings,
)
from seforge.systems.sword_of_life.several import Method as Method
from seforge.systems.sword_of_life.several import (
    carry_contest,
    carry_pool,
    contest,
    hit,
    player_loses,
    statuses,
    successes,
)

SAVE_TURNS = 2
"""A saved card may be held for two turns at most (line 246)."""


# reading the state --------------------------------------------------------------------------


def draw_count(conflict: SolConflict, side: Side) -> int:
    """How many cards a side draws now: Edge in combat, else its current score; plus bonus."""
    base = side.cards if conflict.kind == ConflictKind.COMBAT else side.score
    return max(0, base + side.bonus)


def standing(conflict: SolConflict) -> list[int]:
    """The indexes of the opponents still in the conflict."""
    return [i for i, side in enumerate(conflict.opponents) if side.score > 0]


def splits(conflict: SolConflict) -> bool:
    """Whether the player's hand is split between opponents now: the realistic method
    with two or more opponents still standing."""
    return conflict.method == Method.SPLIT and len(standing(conflict)) > 1


def winner(conflict: SolConflict) -> str | None:
    """"player", "opposition" or None while the conflict goes on."""
    if conflict.player.score <= 0:
        return "opposition"
    if not standing(conflict):
        return "player"
    return None


def zero_state(conflict: SolConflict, *, player: bool) -> str:
    """What a score at 0 means (sol.md 1.2 step 8), in our words."""
    if conflict.kind == ConflictKind.COMBAT:
        return "unconscious"
    if conflict.kind == ConflictKind.DEBATE:
        return "persuaded"
    return "stuck: the problem is beyond them for now" if player else "solved"


def why_not_draw(conflict: SolConflict) -> str | None:
    """Why the next exchange cannot be drawn (None when it can)."""
    if winner(conflict) is not None:
        return "the conflict is over"
    active = standing(conflict)
    n = draw_count(conflict, conflict.player)
    if splits(conflict):
        given = sum(conflict.opponents[i].split for i in active)
        if given != n:
            return f"split the player's {n} cards between the opponents ({given} given so far)"
    hands = len(active) if conflict.method == Method.CINEMATIC else 1
    needed = n * hands + (1 if conflict.saved else 0)  # a held card is out of the deck
    theirs = sum(draw_count(conflict, conflict.opponents[i]) for i in active)
    if conflict.settings.shared_deck and needed + theirs > len(FULL_DECK):
        return f"one deck cannot deal {needed + theirs} cards in one exchange"
    if max(needed, theirs) > len(FULL_DECK):
        return f"a deck holds only {len(FULL_DECK)} cards"
    return None


# mutators (each changes the document in place; RefusedError says why not) -------------------


def _deal(deck: DeckState, count: int, rng: random.Random) -> tuple[list[str], bool]:
    reshuffled = False
    if len(deck.draw_pile) < count:
        deck.draw_pile = deck.draw_pile + deck.discard
        deck.discard = []
        rng.shuffle(deck.draw_pile)
        reshuffled = True
    cards = [deck.draw_pile.pop() for _ in range(count)]
    return cards, reshuffled


def _fresh(deck: DeckState, rng: random.Random, held: SavedCard | None = None) -> None:
    """A full deck shuffled afresh, less the card a player holds face down."""
    deck.draw_pile = [card for card in FULL_DECK if held is None or card != held.card]
    rng.shuffle(deck.draw_pile)
    deck.discard = []


def counts(cards: list[str]) -> tuple[int, int, int]:
    """(red Aces, other red cards, black Deuces) of real cards."""
    aces = sum(1 for c in cards if c[0] == "A" and is_red(c))
    reds = sum(1 for c in cards if is_red(c)) - aces
    deuces = sum(1 for c in cards if c[0] == "2" and not is_red(c))
    return aces, reds, deuces


def read_contest(mine: list[str], theirs: list[str],
                 settings: TableSettings) -> tuple[int, int, Status, Status]:
    """Both hands' successes and Rule 2 statuses (``sol.draw``, ``sol.aces.*``)."""
    mine_counts, their_counts = counts(mine), counts(theirs)
    my_successes, their_successes = successes(mine_counts, their_counts, settings)
    my_status, their_status = statuses(mine_counts, their_counts, settings)
    return my_successes, their_successes, my_status, their_status


def read_cards(cards: list[str], settings: TableSettings, *, player: bool) -> tuple[int, Status]:
    """One hand read alone: its successes and Rule 2 status."""
    if player:
        mine, _, status, _ = read_contest(cards, [], settings)
        return mine, status
    _, theirs, _, status = read_contest([], cards, settings)
    return theirs, status


def _apply(conflict: SolConflict, index: int, margin: int) -> str:
    opponent = conflict.opponents[index]
    player = conflict.player
    loses = player_loses(conflict.kind, conflict.settings.symmetric_losses)
    player.score, opponent.score = hit(player.score, opponent.score, margin, loses=loses)
    if margin > 0:
        text = f"{opponent.name or 'the opposition'} loses {margin}"
        if opponent.score == 0:
            text += f" and is {zero_state(conflict, player=False)}"
        return text
    if margin < 0:
        if not loses:
            return "the opposition holds (a loss costs the player nothing at this table)"
        text = f"{player.name or 'the player'} loses {-margin}"
        if player.score == 0:
            text += f" and is {zero_state(conflict, player=True)}"
        return text
    return "still engaged, nothing changes"


def why_not_margin(conflict: SolConflict) -> str | None:
    """Why no margin drawn with real cards can be entered now (None when one can)."""
    return "the conflict is over" if winner(conflict) is not None else None


def apply_margin(conflict: SolConflict, index: int, margin: int) -> None:
    """Mutator: apply a margin drawn with real cards to the right score, and log it."""
    if (reason := why_not_margin(conflict)) is not None:
        raise RefusedError(reason)
    if not 0 <= index < len(conflict.opponents) or conflict.opponents[index].score <= 0:
        raise RefusedError("that opponent is not in the conflict")
    conflict.exchanges += 1
    result = _apply(conflict, index, margin)
    conflict.log = [*conflict.log, Contest(
        exchange=conflict.exchanges, opponent=conflict.opponents[index].name, margin=margin,
        result=f"margin {margin:+d} entered by hand: {result}")]


class _Dealer:
    """Deals one exchange's hands and remembers what it dealt (for the discards) and whether
    a deck was shuffled afresh on the way."""

    def __init__(self, player_deck: DeckState, gm_deck: DeckState, rng: random.Random,
                 reshuffled: bool) -> None:
        self.player_deck = player_deck
        self.gm_deck = gm_deck
        self.rng = rng
        self.reshuffled = reshuffled
        self.used: list[str] = []
        self.used_gm: list[str] = []

    def deal(self, deck: DeckState, count: int) -> list[str]:
        cards, again = _deal(deck, count, self.rng)
        self.reshuffled = self.reshuffled or again
        (self.used if deck is self.player_deck else self.used_gm).extend(cards)
        return cards

    def player(self, count: int) -> list[str]:
        return self.deal(self.player_deck, count)

    def gm(self, count: int) -> list[str]:
        return self.deal(self.gm_deck, count)


def _start_decks(conflict: SolConflict, player_deck: DeckState, gm_deck: DeckState,
                 rng: random.Random) -> bool:
    """A fresh deck where the table's rule or an empty deck calls for one; whether the
    player's was."""
    settings = conflict.settings
    reshuffled = False
    if settings.reshuffle == Reshuffle.EVERY_EXCHANGE or not (
            player_deck.draw_pile or player_deck.discard):
        _fresh(player_deck, rng, conflict.saved)
        reshuffled = True
    if not settings.shared_deck and (settings.reshuffle == Reshuffle.EVERY_EXCHANGE or not (
            gm_deck.draw_pile or gm_deck.discard)):
        _fresh(gm_deck, rng)
    return reshuffled


def draw_exchange(conflict: SolConflict, rng: random.Random) -> None:
    """Mutator: deal one exchange from the virtual deck, read it, apply it and log it."""
    reason = why_not_draw(conflict)
    if reason is not None:
        raise RefusedError(reason)
    player_deck = conflict.deck
    gm_deck = conflict.deck if conflict.settings.shared_deck else conflict.gm_deck
    dealer = _Dealer(player_deck, gm_deck, rng,
                     _start_decks(conflict, player_deck, gm_deck, rng))
    conflict.exchanges += 1
    active = standing(conflict)
    saved = [conflict.saved.card] if conflict.saved is not None else []
    conflict.saved = None
    if conflict.method == Method.CARRY and len(active) > 1:
        contests = _carry_contests(conflict, dealer, active, saved)
    else:
        contests = _hand_contests(conflict, dealer, active, saved)
    if contests:
        contests[0].reshuffled = dealer.reshuffled
    player_deck.discard = player_deck.discard + dealer.used + saved
    if gm_deck is not player_deck:
        gm_deck.discard = gm_deck.discard + dealer.used_gm
    conflict.log = [*conflict.log, *contests]


def _carry_contests(conflict: SolConflict, dealer: _Dealer, active: list[int],
                    saved: list[str]) -> list[Contest]:
    """Less realistic: one hand, its successes carried from one opponent to the next."""
    settings = conflict.settings
    hand = saved + dealer.player(draw_count(conflict, conflict.player))
    mine_counts = counts(hand)
    left = carry_pool(mine_counts, settings)
    contests: list[Contest] = []
    for index in active:
        opponent = conflict.opponents[index]
        theirs_cards = dealer.gm(draw_count(conflict, opponent))
        spend, theirs, margin, left = carry_contest(
            left, mine_counts, counts(theirs_cards), opponent.score, settings)
        result = _apply(conflict, index, margin)
        contests.append(Contest(
            exchange=conflict.exchanges, opponent=opponent.name, player_cards=hand,
            opposition_cards=theirs_cards, player_successes=spend,
            opposition_successes=theirs, margin=margin, result=result))
        if conflict.player.score <= 0:
            break
    return contests


def _hand_contests(conflict: SolConflict, dealer: _Dealer, active: list[int],
                   saved: list[str]) -> list[Contest]:
    """A hand against each opponent still standing: the realistic split, or a full hand
    (one opponent, or cinematic)."""
    n = draw_count(conflict, conflict.player)
    split = conflict.method == Method.SPLIT and len(active) > 1
    contests: list[Contest] = []
    for position, index in enumerate(active):
        opponent = conflict.opponents[index]
        hand = (saved if position == 0 else []) + dealer.player(opponent.split if split else n)
        theirs_cards = dealer.gm(draw_count(conflict, opponent))
        mine, theirs, margin = contest(counts(hand), counts(theirs_cards), conflict.settings)
        result = _apply(conflict, index, margin)
        contests.append(Contest(
            exchange=conflict.exchanges, opponent=opponent.name, player_cards=hand,
            opposition_cards=theirs_cards, player_successes=mine,
            opposition_successes=theirs, margin=margin, result=result))
        if conflict.player.score <= 0:
            break
    return contests


def why_not_aim(conflict: SolConflict) -> str | None:
    """Why the player cannot aim (save a card) now (None when they can)."""
    if winner(conflict) is not None:
        return "the conflict is over"
    if conflict.saved is not None and conflict.saved.turns >= SAVE_TURNS:
        return f"a card can be kept for {SAVE_TURNS} turns at most; draw with it now"
    return None


def aim(conflict: SolConflict, rng: random.Random) -> None:
    """Mutator (``sol.saved-card``): keep one unflipped card; the rest of the hand is discarded.

    A second turn of aiming keeps the same card; a third is refused (two turns at most).
    """
    reason = why_not_aim(conflict)
    if reason is not None:
        raise RefusedError(reason)
    if conflict.saved is not None:
        conflict.saved = SavedCard(card=conflict.saved.card, turns=conflict.saved.turns + 1)
        text = "keeps aiming with the saved card"
    else:
        deck = conflict.deck
        if conflict.settings.reshuffle == Reshuffle.EVERY_EXCHANGE or not (
                deck.draw_pile or deck.discard):
            _fresh(deck, rng)
        n = max(1, draw_count(conflict, conflict.player))
        cards, _ = _deal(deck, n, rng)
        conflict.saved = SavedCard(card=cards[0], turns=1)
        deck.discard = deck.discard + cards[1:]
        text = f"aims: keeps one card face down and discards {len(cards) - 1}"
    conflict.exchanges += 1
    conflict.log = [*conflict.log, Contest(exchange=conflict.exchanges,
                                           opponent=conflict.player.name, result=text)]


def reset(conflict: SolConflict) -> None:
    """Mutator: every score back to its start, the log and the deck cleared. A character's
    Grip lost written to its sheet stays there and stays marked (undo the write to take it
    back): the side starts again where its sheet is (:func:`fresh_score`), so a later write
    lowers the sheet by what is lost after that only, never by the same Grip twice, and a
    smaller loss than was written is still written."""
    for side in (conflict.player, *conflict.opponents):
        side.score = fresh_score(conflict, side)
    conflict.log = []
    conflict.exchanges = 0
    conflict.saved = None
    conflict.deck = DeckState()
    conflict.gm_deck = DeckState()


def add_opponent(conflict: SolConflict, side: Side) -> None:
    if len(conflict.opponents) >= MAX_OPPONENTS:
        raise RefusedError(f"a conflict tracks at most {MAX_OPPONENTS} opponents")
    conflict.opponents = [*conflict.opponents, side]


def remove_opponent(conflict: SolConflict, index: int) -> None:
    if len(conflict.opponents) <= 1:
        raise RefusedError("a conflict needs at least one opponent or problem")
    if not 0 <= index < len(conflict.opponents):
        raise RefusedError("there is no such opponent")
    conflict.opponents = [s for i, s in enumerate(conflict.opponents) if i != index]


def set_side(conflict: SolConflict, index: int | None, **values: object) -> None:
    """Mutator: change a side's fields (index None is the player); scores start afresh when
    the starting score changes before the first exchange."""
    side = conflict.player if index is None else conflict.opponents[index]
    data = side.model_dump()
    data.update(values)
    fresh = Side.model_validate(data)
    if not conflict.log:  # before the first exchange the score typed is where it starts
        # (less, or plus, the Grip its sheet has had written, which stays lost: see reset)
        if "start" in values:
            fresh.score = fresh_score(conflict, fresh)
        elif "score" in values:
            fresh.start = min(MAX_SCORE, fresh.score + _written_off(conflict, fresh))
    if index is None:
        conflict.player = fresh
    else:
        opponents = list(conflict.opponents)
        opponents[index] = fresh
        conflict.opponents = opponents


# the choices of the conflict (each validated: a widget may hand over a plain str) -----------


def set_kind(conflict: SolConflict, kind: ConflictKind | str) -> None:
    """Mutator: combat, debate or problem. Sides taken from characters draw and track what
    the new kind reads (before the first exchange)."""
    conflict.kind = ConflictKind(kind)
    _rederive(conflict)


def set_method(conflict: SolConflict, method: Method | str) -> None:
    conflict.method = Method(method)


def set_problem_tests(conflict: SolConflict, key: Characteristic | str) -> None:
    """Mutator: the characteristic a problem tests."""
    if key not in LABELS:
        raise RefusedError(f"a problem tests Edge, Grip, Point or Temper, not {key!r}")
    conflict.problem_tests = key  # validated on assignment
    _rederive(conflict)


def set_setting(conflict: SolConflict, field: str, value: object) -> None:
    """Mutator: one table setting, validated into the settings' own type."""
    if field not in TableSettings.model_fields:
        raise RefusedError(f"there is no table setting {field!r}")
    data = conflict.settings.model_dump()
    data[field] = value
    conflict.settings = TableSettings.model_validate(data)


def score_name(conflict: SolConflict) -> str:
    """What the tracked score is called in this conflict."""
    if conflict.kind == ConflictKind.COMBAT:
        return "Grip"
    if conflict.kind == ConflictKind.DEBATE:
        return "Point"
    return f"{LABELS[conflict.problem_tests]} / cards"


# characters ----------------------------------------------------------------------------------


def _reads(conflict: SolConflict) -> tuple[Characteristic, Characteristic]:
    """(what a character draws, what it tracks) in this conflict."""
    if conflict.kind == ConflictKind.COMBAT:
        return "edge", "grip"
    if conflict.kind == ConflictKind.DEBATE:
        return "point", "point"
    return conflict.problem_tests, conflict.problem_tests


def _rating(character: SideCharacter, key: Characteristic) -> int:
    if character.use_specialty and key in character.specialties:
        return character.specialties[key]
    return character.ratings.get(key, 0)


def _derive(conflict: SolConflict, side: Side) -> None:
    if side.character is None:
        return
    draws, tracks = _reads(conflict)
    side.cards = min(MAX_SCORE, max(0, _rating(side.character, draws)))
    tracked = side.character.ratings.get(tracks, 0) if tracks == "grip" else _rating(
        side.character, tracks)
    side.start = min(MAX_SCORE, max(0, tracked))
    side.score = fresh_score(conflict, side)


def _rederive(conflict: SolConflict) -> None:
    if conflict.log:
        return  # mid-conflict the scores are the conflict's own
    for side in (conflict.player, *conflict.opponents):
        _derive(conflict, side)


def take_character(conflict: SolConflict, index: int | None, character: SideCharacter,
                   name: str) -> None:
    """Mutator: the side (None: the player) becomes a character from its file: it draws and
    tracks what this conflict reads (combat: Edge and Grip, debate: Point, a problem: what it
    tests; a specialty's rating when it applies). Refused once exchanges are drawn."""
    if conflict.log:
        raise RefusedError("start over before bringing in a character")
    if index is not None and not 0 <= index < len(conflict.opponents):
        raise RefusedError("there is no such opponent")
    side = conflict.player if index is None else conflict.opponents[index]
    fresh = side.model_copy(update={"name": name[:200], "character": character, "bonus": 0})
    _derive(conflict, fresh)
    if index is None:
        conflict.player = fresh
    else:
        opponents = list(conflict.opponents)
        opponents[index] = fresh
        conflict.opponents = opponents


def set_use_specialty(conflict: SolConflict, index: int | None, on: bool) -> None:
    side = conflict.player if index is None else conflict.opponents[index]
    if side.character is None:
        raise RefusedError("only a side taken from a character has specialties")
    if conflict.log:
        raise RefusedError("start over before changing what a character draws")
    side.character = side.character.model_copy(update={"use_specialty": bool(on)})
    _derive(conflict, side)


def grip_lost(conflict: SolConflict, side: Side) -> int:
    """The Grip a side lost in this combat (0 in a debate or a problem: Point lost there is
    for the conversation or the problem only, lines 149 and 166)."""
    if conflict.kind != ConflictKind.COMBAT:
        return 0
    return max(0, side.start - side.score)


def grip_written(side: Side) -> int:
    """How much of a side's Grip lost its character's file has had written from this
    conflict (0: none)."""
    character = side.character
    return character.written_grip if character is not None and character.written_back else 0


def _written_off(conflict: SolConflict, side: Side) -> int:
    """The Grip lost a side's sheet has had written from this combat (0 in other kinds)."""
    return grip_written(side) if conflict.kind == ConflictKind.COMBAT else 0


def fresh_score(conflict: SolConflict, side: Side) -> int:
    """The score a side starts (or starts over) at: its start, less in a combat the Grip
    lost its character's sheet has had written from this conflict (the wounds stay on the
    sheet, and :func:`grip_lost` still counts them as lost and written)."""
    return max(0, side.start - _written_off(conflict, side))


def grip_to_write(conflict: SolConflict, side: Side) -> int:
    """The Grip lost not yet written to the side's file: what the next write lowers the
    sheet by (0 when it gives Grip back: :func:`grip_to_give_back`)."""
    return max(0, grip_lost(conflict, side) - grip_written(side))


def grip_to_give_back(conflict: SolConflict, side: Side) -> int:
    """The Grip the side's file has had written from this combat and the side has won back
    since (its score raised by hand, or its start lowered, mid-conflict): what the next
    write raises the sheet by, so that the sheet ends where the conflict says. Never more
    than this conflict wrote, and nothing outside a combat (a debate or a problem never
    touches Grip, and changing the kind gives no wounds back): docs/rules-readings.md."""
    return max(0, _written_off(conflict, side) - grip_lost(conflict, side))


def to_write_back(conflict: SolConflict) -> list[tuple[int | None, Side]]:
    """The sides taken from a file whose Grip written back is not what they lost: more lost
    than written (:func:`grip_to_write`), or less (:func:`grip_to_give_back`)."""
    out: list[tuple[int | None, Side]] = []
    for index, side in ((None, conflict.player), *enumerate(conflict.opponents)):
        if (side.character is not None and side.character.path
                and (grip_to_write(conflict, side) or grip_to_give_back(conflict, side))):
            out.append((index, side))
    return out


def mark_written_back(conflict: SolConflict, index: int | None,
                      written: bool | int = True) -> None:
    """Mutator: how much of the side's Grip lost has reached its character's file. ``True``:
    all of it now (a write was made: more lost, or some given back); a number: that much
    (a later write was taken back on the sheet, an earlier one stands); ``False`` or 0:
    none (may be written again)."""
    if index is not None and not 0 <= index < len(conflict.opponents):
        raise RefusedError("there is no such opponent")
    side = conflict.player if index is None else conflict.opponents[index]
    if side.character is None:
        raise RefusedError("that side is not a character")
    amount = grip_lost(conflict, side) if written is True else int(written)
    if not 0 <= amount <= MAX_SCORE:
        raise RefusedError(f"the Grip written back is between 0 and {MAX_SCORE}")
    side.character = side.character.model_copy(
        update={"written_back": amount > 0, "written_grip": amount})


def side_character(character: SolCharacter, path: str = "") -> SideCharacter:
    """What a conflict keeps of a character from its ``.sol`` file: its ratings (Grip as it
    is now, after wounds) and each specialty's effective rating (``sol.effective``)."""
    from seforge.systems.sword_of_life.rules import effective_rating, grip_now

    ratings: dict[Characteristic, int] = {
        key: character.characteristics.get(key) for key in CHARACTERISTICS}
    ratings["grip"] = max(0, grip_now(character))
    specialties: dict[Characteristic, int] = {}
    names: dict[Characteristic, str] = {}
    for key in CHARACTERISTICS:
        specialty = character.specialty(key)
        if specialty is not None:
            specialties[key] = effective_rating(ratings[key], in_career=specialty.in_career,
                                                specialty=True)
            names[key] = specialty.name.strip()
    return SideCharacter(path=path, ratings=ratings, specialties=specialties,
                         specialty_names=names)
