"""The fields of a Sword of Life conflict file (``sword-of-life.conflict``): the sides, the
log of exchanges, the decks and the card kept face down; and the cards themselves.

Version 2 of the file keeps how much of each side's Grip lost was written to its character's
file (``written_grip``); version 1 kept only whether it was (``written_back``), and reads as
all the Grip lost so far written (:func:`migrate_v1`).

What a conflict does with them (the tracker's rules, the mutators) is in
:mod:`seforge.systems.sword_of_life.conflict`, which offers these names too.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from seforge.systems.sword_of_life.character import Characteristic
from seforge.systems.sword_of_life.odds import ConflictKind
from seforge.systems.sword_of_life.settings import TableSettings
from seforge.systems.sword_of_life.several import Method

RANKS = "A23456789TJQK"
SUITS = "SHDC"
"""Spades, hearts, diamonds, clubs: hearts and diamonds are red."""
FULL_DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
MAX_SCORE = 52
MAX_OPPONENTS = 12
CONFLICT_VERSION = 2
"""The version of the file written: 2 keeps how much Grip lost each side had written back."""


def is_red(card: str) -> bool:
    return card[1] in "HD"


def card_label(card: str) -> str:
    """"AH" -> "A♥", "TS" -> "10♠"."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[card[1]]


class SideCharacter(BaseModel):
    """The character a side was taken from: its ratings when it joined, and its file."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    path: str = Field(default="", max_length=4096)
    """The ``.sol`` file the results are written back to (empty: not written back)."""
    ratings: dict[Characteristic, int] = Field(default_factory=dict)
    """Edge, Grip (current, after wounds), Point and Temper."""
    specialties: dict[Characteristic, int] = Field(default_factory=dict)
    """The effective rating of each characteristic's specialty (``sol.effective``)."""
    specialty_names: dict[Characteristic, str] = Field(default_factory=dict)
    use_specialty: bool = False
    """The specialty applies to this conflict: its rating is drawn instead."""
    written_back: bool = False
    """Grip lost in this conflict has been written to the character's file (``written_grip``
    of it; False: none)."""
    written_grip: int = Field(default=0, ge=0, le=MAX_SCORE)
    """How much of the Grip lost (counted from the side's start) the character's file has had
    written, while ``written_back``: a write later lowers the sheet by what was lost since."""


class Side(BaseModel):
    """One participant: a character, an opponent or a k-card problem."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    name: str = ""
    cards: int = Field(default=3, ge=0, le=MAX_SCORE)
    """The fixed draw in combat (Edge); unused in debate and problems (they draw the score)."""
    score: int = Field(default=3, ge=0, le=MAX_SCORE)
    """The tracked score: Grip (combat), Point (debate), Point or the problem's cards."""
    start: int = Field(default=3, ge=0, le=MAX_SCORE)
    bonus: int = Field(default=0, ge=-MAX_SCORE, le=MAX_SCORE)
    """Extra cards (equipment, a GM's award) or fewer (a poor idea)."""
    split: int = Field(default=0, ge=0, le=MAX_SCORE)
    """Realistic method: how many of the player's cards go against this opponent."""
    character: SideCharacter | None = None
    """Set when the side was taken from a character's ``.sol`` file."""


class Contest(BaseModel):
    """One line of the log: a hand against one opponent."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    exchange: int
    opponent: str
    player_cards: list[str] = Field(default_factory=list)
    opposition_cards: list[str] = Field(default_factory=list)
    player_successes: int = 0
    opposition_successes: int = 0
    margin: int = 0
    """The margin applied (after automatic results, and the carry method's spending)."""
    result: str = ""
    reshuffled: bool = False


class DeckState(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    draw_pile: list[str] = Field(default_factory=list)
    """The cards still to be drawn, the top one last."""
    discard: list[str] = Field(default_factory=list)


class SavedCard(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    card: str
    turns: int = 1


class SolConflict(BaseModel):
    """The fields of a ``sword-of-life.conflict`` file."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    name: str = ""
    kind: ConflictKind = ConflictKind.COMBAT
    method: Method = Method.SPLIT
    settings: TableSettings = Field(default_factory=TableSettings)
    player: Side = Field(default_factory=lambda: Side(name="Player"))
    opponents: list[Side] = Field(default_factory=lambda: [Side(name="Opponent")],
                                  max_length=MAX_OPPONENTS)
    deck: DeckState = Field(default_factory=DeckState)
    gm_deck: DeckState = Field(default_factory=DeckState)
    """The GM's own deck, used when the setting says one deck each."""
    saved: SavedCard | None = None
    problem_tests: Characteristic = "point"
    """What a problem tests (lines 112-119): Edge (city traffic), Grip (radiation, falls),
    Point (repairs) or Temper (horror); a character drawn against it draws that."""
    time_per_exchange: str = Field(default="", max_length=100)
    """How long one attempt takes in the story, e.g. "half an hour" (text line 160)."""
    exchanges: int = 0
    log: list[Contest] = Field(default_factory=list)
    notes: str = ""


def migrate_v1(fields: dict[str, Any]) -> dict[str, Any]:
    """Version 1's fields as version 2's: a side marked ``written_back`` had all the Grip it
    had lost written (its start less its score, in combat), which becomes its
    ``written_grip``. Fields of the wrong type are left as they are, for validation to name."""
    combat = fields.get("kind", ConflictKind.COMBAT.value) == ConflictKind.COMBAT.value
    out = dict(fields)
    if isinstance(fields.get("player"), dict):
        out["player"] = _written_v1(fields["player"], combat)
    if isinstance(fields.get("opponents"), list):
        out["opponents"] = [_written_v1(side, combat) if isinstance(side, dict) else side
                            for side in fields["opponents"]]
    return out


def _written_v1(side: dict[str, Any], combat: bool) -> dict[str, Any]:
    character = side.get("character")
    if not (isinstance(character, dict) and character.get("written_back") is True
            and "written_grip" not in character):
        return side
    default = Side.model_fields["start"].default
    start, score = side.get("start", default), side.get("score", default)
    numbers = all(isinstance(n, int) and not isinstance(n, bool) for n in (start, score))
    lost = min(MAX_SCORE, max(0, start - score)) if combat and numbers else 0
    return {**side, "character": {**character, "written_grip": lost}}
