"""Luck during a session, and rolls kept in the history (book: *Luck*)."""

from __future__ import annotations

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import (
    MAX_LUCK,
    Character,
)
from seforge.systems.swords_edge.play.guards import not_enough_luck, require_session
from seforge.systems.swords_edge.play.history import record

DEFAULT_LUCK = 3
"""Luck each player gets at the start of a session unless the GM chooses otherwise."""


LUCK_PURPOSES: dict[str, str] = {
    "exertion": "add another Trait or Element to a Test",
    "reroll": "reroll one of the two dice",
    "gm": "a use the GM agreed to",
    "remove_stress": "remove this scene's Penalty Ranks",
}
"""What Luck can be spent on; ``remove_stress`` happens through
:func:`~seforge.systems.swords_edge.play.session.end_scene`."""


def record_roll(character: Character, line: str, why: str = "") -> None:
    """Keep a roll of the dice (one line of a roll log) in the character's history."""
    text = line.strip()
    if not text:
        raise RefusedError("a roll needs a line saying what was rolled")
    record(character, "roll", f"Rolled: {text}", why)


def spend_luck_on_roll(character: Character, line: str, why: str = "") -> None:
    """A Luck reroll: spend one Luck and keep the roll it gave in the history."""
    spend_luck(character, "reroll", 1, why)
    record_roll(character, line, why)


def spend_luck(character: Character, purpose: str, amount: int = 1, why: str = "") -> None:
    """Spend Luck on ``purpose`` (a key of :data:`LUCK_PURPOSES`)."""
    require_session(character, "spend Luck")
    if purpose not in LUCK_PURPOSES:
        raise RefusedError(
            f"unknown use of Luck {purpose!r} (known: {', '.join(LUCK_PURPOSES)})"
        )
    if purpose == "remove_stress":
        raise RefusedError(
            "Luck removes Penalty Ranks only as a scene ends, and only that scene's: "
            "spend it when ending the scene"
        )
    if amount < 1:
        raise RefusedError("spend at least one Luck")
    play = character.play
    if amount > play.luck:
        raise RefusedError(not_enough_luck(amount, play.luck))
    play.luck -= amount
    record(
        character,
        "spend_luck",
        f"Spent {amount} Luck to {LUCK_PURPOSES[purpose]}",
        why,
    )


def _add_luck(character: Character, amount: int, doing: str, too_few: str) -> None:
    """Add ``amount`` Luck (in a session, at least one, up to :data:`MAX_LUCK`)."""
    require_session(character, doing)
    if amount < 1:
        raise RefusedError(too_few)
    if character.play.luck + amount > MAX_LUCK:
        raise RefusedError(f"a character holds at most {MAX_LUCK} Luck")
    character.play.luck += amount


def refund_exertion(character: Character, amount: int = 1, why: str = "") -> None:
    """Give back Luck spent on Exertion for Qualities taken out of a roll before it was
    judged again: they were never in the Test as judged, so their Luck was never
    spent (``pending.EXERTION_READING``)."""
    _add_luck(character, amount, "get Luck back", "give back at least one Luck")
    record(
        character,
        "refund_luck",
        f"Got back {amount} Luck spent to {LUCK_PURPOSES['exertion']}",
        why,
    )


def gain_luck(character: Character, reason: str, amount: int = 1) -> None:
    """Give the character Luck (a Weakness invoked, a GM reward...)."""
    _add_luck(character, amount, "gain Luck", "gain at least one Luck")
    record(character, "gain_luck", f"Gained {amount} Luck", reason)

