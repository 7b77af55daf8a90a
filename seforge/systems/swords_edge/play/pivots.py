"""Pivots: when they may change, and the Advancement a Pivot earns (book: *Pivots*)."""

from __future__ import annotations

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.editing import PIVOT_SLOTS
from seforge.systems.swords_edge.models import (
    Character,
    HeldAdvancement,
)
from seforge.systems.swords_edge.play.guards import OUT_OF_GAME, OUT_OF_SCENE, cannot
from seforge.systems.swords_edge.play.history import record


def _no_slot(slot: str) -> str:
    return f"there is no Pivot slot {slot!r} (Goal, Quirk or Style)"


def pivot_earn_reason(character: Character) -> str:
    """Why no Pivot Advancement can be earned now, whichever Pivot ("" when one can).

    A character a Doom took out of the scene cannot bring a Pivot into it: the book has
    such a character unable to "mechanically interact in the scene" until it ends, and a
    Pivot earns its Advancement by being worked into the scene [*Doom*, *Pivots*]."""
    play = character.play
    if reason := _not_in_play(character):
        return reason
    if not any(getattr(character.pivots, slot) for slot in PIVOT_SLOTS):
        return "the character has no Pivot"
    if play.pivot_advancement_this_scene:
        return "a Pivot Advancement was already earned in this scene"
    return ""


def _not_in_play(character: Character) -> str:
    """Why the character cannot earn from a Pivot at all now: out of the game, no session,
    or out of this scene ("" when none of these)."""
    play = character.play
    if play.out_of_play:
        return OUT_OF_GAME
    if not play.session_running:
        return "no session is running"
    if play.removed_from_scene:
        return OUT_OF_SCENE
    return ""


def pivot_advancement_reason(character: Character, slot: str) -> str:
    """Why a Pivot Advancement cannot be earned from ``slot`` now ("" when it can)."""
    play = character.play
    if reason := _not_in_play(character):
        return reason
    if slot not in PIVOT_SLOTS:
        return _no_slot(slot)
    if not getattr(character.pivots, slot):
        return f"the character has no {slot.capitalize()} Pivot"
    if play.pivot_advancement_this_scene:
        return "a Pivot Advancement was already earned in this scene"
    return ""


def pivot_change_reason(character: Character) -> str:
    """Why Pivots cannot be changed now ("" when they can)."""
    play = character.play
    if play.session_running and (play.scene > 1 or play.scene_has_events):
        return (
            "Pivots change only at the start or the end of a session; "
            "this session is already under way"
        )
    return ""


def earn_pivot_advancement(character: Character, slot: str, why: str = "") -> None:
    """A Pivot came into play this scene: gain an Advancement (one per scene)."""
    reason = pivot_advancement_reason(character, slot)
    if reason:
        raise RefusedError(cannot("earn a Pivot Advancement", reason))
    play = character.play
    text = getattr(character.pivots, slot)
    play.advancements = [
        *play.advancements,
        HeldAdvancement(
            source="pivot",
            note=f"{slot.capitalize()}: {text}",
            earned_session=play.session,
            earned_scene=play.scene,
        ),
    ]
    play.pivot_advancement_this_scene = True
    record(character, "earn_pivot", f"Advancement from the {slot.capitalize()} Pivot", why)


def change_pivot(character: Character, slot: str, text: str | None, why: str = "") -> None:
    """Set, replace or (with blank text) remove a Pivot; see :func:`pivot_change_reason`."""
    if slot not in PIVOT_SLOTS:
        raise RefusedError(_no_slot(slot))
    reason = pivot_change_reason(character)
    if reason:
        raise RefusedError(reason)
    value = text.strip() if text and text.strip() else None
    old = getattr(character.pivots, slot)
    setattr(character.pivots, slot, value)
    if value is None:
        what = f"Removed the {slot.capitalize()} Pivot"
    elif old is None:
        what = f'{slot.capitalize()} Pivot set to "{value}"'
    else:
        what = f'{slot.capitalize()} Pivot changed to "{value}"'
    record(character, "change_pivot", what, why)

