"""Refusals shared by every play operation: :class:`RefusedError` and the checks
that raise it (out of the game, no session, a Doom pending, out of the scene)."""

from __future__ import annotations

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import Character

OUT_OF_GAME = "the character is out of the game after a Doom"
"""Why nothing can be done with a character a Doom took out of the game."""


OUT_OF_SCENE = "the character is out of this scene until it ends"
"""Why a character a Doom took out of the scene cannot act in it."""


NO_PENALTIES = "there are no Penalty Ranks to clear"
"""Why clearing all Penalty Ranks is refused."""


def not_enough_luck(needed: int, held: int) -> str:
    """Why spending ``needed`` Luck is refused to a character holding ``held``."""
    return f"not enough Luck: {needed} needed, {held} held"


def no_held_advancement(index: int) -> str:
    """Why held Advancement ``index`` (counted from 0) cannot be used: there is none."""
    return f"there is no held Advancement number {index + 1}"


def cannot(doing: str, why: str) -> str:
    """A refusal of a step: "cannot ``doing``: ``why``" (:func:`reason_alone` takes the
    reason back out of it)."""
    return f"cannot {doing}: {why}"


def reason_alone(refusal: str) -> str:
    """The reason of ``refusal`` without its "cannot …: " lead (see :func:`cannot`), for a
    control that already names the step it refuses: "cannot take Stress: the character is
    out…" beside the Take button reads "the character is out…"."""
    if refusal.startswith("cannot ") and ": " in refusal:
        return refusal.split(": ", 1)[1]
    return refusal


def require_playing(character: Character, doing: str) -> None:
    if character.play.out_of_play:
        raise RefusedError(cannot(doing, OUT_OF_GAME))


def require_session(character: Character, doing: str) -> None:
    require_playing(character, doing)
    if not character.play.session_running:
        raise RefusedError(cannot(doing, "no session is running (start one first)"))


def require_no_doom(character: Character, doing: str) -> None:
    trait = character.play.doom_trait
    if trait is not None:
        raise RefusedError(cannot(doing, f"a Doom on {trait.value} must be resolved first"))


def require_in_scene(character: Character, doing: str) -> None:
    if character.play.removed_from_scene:
        raise RefusedError(cannot(doing, OUT_OF_SCENE))


def check_level(level: str | None) -> None:
    """Refuse anything but the exact name of a Level of Success (None is fine)."""
    if level is not None:
        try:
            Level.named(level)
        except ValueError as error:
            raise RefusedError(str(error)) from None


def pick_free_advancement(character: Character, index: int | None, doing: str) -> int:
    """A held Advancement that is not from a Critical Failure (``index`` or the first)."""
    held = character.play.advancements
    if index is not None:
        if not 0 <= index < len(held):
            raise RefusedError(no_held_advancement(index))
        if held[index].source == "critical_failure":
            raise RefusedError(cannot(
                doing, "a Critical Failure Advancement can only raise a Quality used in "
                "that Test"))
        return index
    for i, adv in enumerate(held):
        if adv.source != "critical_failure":
            return i
    raise RefusedError(cannot(
        doing, "no Advancement from a Pivot is held "
        "(Critical Failure Advancements only raise the Qualities of their Test)"))

