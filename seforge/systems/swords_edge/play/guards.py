"""Refusals shared by every play operation: :class:`PlayRuleError` and the checks
that raise it (out of the game, no session, a Doom pending, out of the scene)."""

from __future__ import annotations

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.models import (
    Character,
)


class PlayRuleError(Exception):
    """The rules do not allow this now; ``str()`` says why in plain words."""


def require_playing(character: Character, doing: str) -> None:
    if character.play.out_of_play:
        raise PlayRuleError(
            f"cannot {doing}: the character is out of the game after a Doom"
        )


def require_session(character: Character, doing: str) -> None:
    require_playing(character, doing)
    if not character.play.session_running:
        raise PlayRuleError(f"cannot {doing}: no session is running (start one first)")


def require_no_doom(character: Character, doing: str) -> None:
    trait = character.play.doom_trait
    if trait is not None:
        raise PlayRuleError(f"cannot {doing}: a Doom on {trait.value} must be resolved first")


def require_in_scene(character: Character, doing: str) -> None:
    if character.play.removed_from_scene:
        raise PlayRuleError(
            f"cannot {doing}: the character is out of this scene until it ends"
        )


def check_level(level: str | None) -> None:
    if level is not None and level not in LEVELS:
        raise PlayRuleError(
            f"unknown Level of Success {level!r} (known: {', '.join(LEVELS)})"
        )


def pick_free_advancement(character: Character, index: int | None, doing: str) -> int:
    """A held Advancement that is not from a Critical Failure (``index`` or the first)."""
    held = character.play.advancements
    if index is not None:
        if not 0 <= index < len(held):
            raise PlayRuleError(f"there is no held Advancement number {index + 1}")
        if held[index].source == "critical_failure":
            raise PlayRuleError(
                f"cannot {doing} with a Critical Failure Advancement: it can only raise "
                "a Quality used in that Test"
            )
        return index
    for i, adv in enumerate(held):
        if adv.source != "critical_failure":
            return i
    raise PlayRuleError(
        f"cannot {doing}: no Advancement from a Pivot is held "
        "(Critical Failure Advancements only raise the Qualities of their Test)"
    )

