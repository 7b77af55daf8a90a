"""Sessions and scenes: starting a session, ending a scene (with Recovery and
Luck) and ending the session (book: *Luck*, *Recovery*, *Advancement*)."""

from __future__ import annotations

from collections.abc import Sequence

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import (
    MAX_LUCK,
    Character,
)
from seforge.systems.swords_edge.play.advancement import use_advancement
from seforge.systems.swords_edge.play.guards import (
    NO_PENALTIES,
    check_level,
    not_enough_luck,
    pick_free_advancement,
    require_no_doom,
    require_playing,
    require_session,
)
from seforge.systems.swords_edge.play.history import record
from seforge.systems.swords_edge.play.luck import DEFAULT_LUCK
from seforge.systems.swords_edge.play.recovery import describe_removed, remove_penalties
from seforge.systems.swords_edge.play.state import has_penalties, scene_penalty_total
from seforge.systems.swords_edge.resolution.recovery import recovery_removed
from seforge.systems.swords_edge.wording import plural


def start_session(character: Character, luck: int = DEFAULT_LUCK, why: str = "") -> None:
    """Begin a session: scene 1, fresh Luck (left-over Luck is gone)."""
    require_playing(character, "start a session")
    play = character.play
    if play.session_running:
        raise RefusedError("a session is already running; end it first")
    require_no_doom(character, "start a session")
    if not 0 <= luck <= MAX_LUCK:
        raise RefusedError(f"Luck goes from 0 to {MAX_LUCK}")
    play.session += 1
    play.scene = 1
    play.session_running = True
    play.luck = luck
    play.scene_has_events = False
    play.scene_penalty_ranks = {}
    play.scene_sfx_penalty_ranks = {}
    play.pivot_advancement_this_scene = False
    play.session_advancement_used = False
    play.removed_from_scene = False
    record(character, "start_session", f"Session {play.session} started with {luck} Luck", why)


def end_scene(
    character: Character,
    recovery_level: str | None = None,
    luck_for_penalties: int = 0,
    *,
    order: Sequence[str] | None = None,
    why: str = "",
) -> None:
    """End the current scene and start the next one.

    ``recovery_level`` is the Level of the Recovery Test (None: not made or failed);
    ``luck_for_penalties`` Luck each remove one more Penalty Rank. Both touch only
    the Penalty Ranks taken in the scene that ends. ``order`` lists keys
    (``trait:Physique``, ``sfx:<name>``) to take Penalty Ranks from first.
    """
    require_session(character, "end a scene")
    require_no_doom(character, "end the scene")
    check_level(recovery_level)
    play = character.play
    if luck_for_penalties < 0:
        raise RefusedError("Luck spent cannot be negative")
    if luck_for_penalties > play.luck:
        raise RefusedError(
            not_enough_luck(luck_for_penalties, play.luck)
        )
    from_scene = scene_penalty_total(character)
    by_test = min(recovery_removed(recovery_level, daily=False), from_scene)
    if luck_for_penalties > from_scene - by_test:
        left = from_scene - by_test
        raise RefusedError(
            "Luck can only remove Penalty Ranks taken in this scene: "
            f"{plural(left, 'Penalty Rank')} of them left after the Recovery Test"
        )
    ended = play.scene
    removed_test = remove_penalties(character, by_test, scene_only=True, order=order)
    removed_luck = remove_penalties(character, luck_for_penalties, scene_only=True, order=order)
    play.luck -= luck_for_penalties
    play.scene += 1
    play.scene_penalty_ranks = {}
    play.scene_sfx_penalty_ranks = {}
    play.pivot_advancement_this_scene = False
    play.removed_from_scene = False
    play.scene_has_events = False
    parts = [f"Scene {ended} ended"]
    if recovery_level is not None:
        detail = describe_removed(removed_test) or "nothing to remove"
        parts.append(f"{recovery_level} Recovery removed {by_test} ({detail})")
    if luck_for_penalties:
        parts.append(
            f"{luck_for_penalties} Luck removed {luck_for_penalties} "
            f"({describe_removed(removed_luck)})"
        )
    record(character, "end_scene", "; ".join(parts), why, scene=ended)


def end_session(
    character: Character,
    clear_penalties_with_advancement: bool = False,
    *,
    advancement: int | None = None,
    why: str = "",
) -> None:
    """End the session: unspent Luck is lost and this scene's Penalty Ranks can no
    longer be recovered by the scene rules. With ``clear_penalties_with_advancement``
    a held Pivot Advancement (``advancement``, else the first one) then removes all
    Penalty Ranks."""
    require_session(character, "end the session")
    require_no_doom(character, "end the session")
    play = character.play
    index = -1
    if clear_penalties_with_advancement:
        index = pick_free_advancement(character, advancement, "clear Penalty Ranks")
        if not has_penalties(character):
            raise RefusedError(NO_PENALTIES)
    lost = play.luck
    play.session_running = False
    play.luck = 0
    play.scene_penalty_ranks = {}
    play.scene_sfx_penalty_ranks = {}
    play.pivot_advancement_this_scene = False
    play.removed_from_scene = False
    play.scene_has_events = False
    what = f"Session {play.session} ended"
    if lost:
        what += f" ({lost} unspent Luck lost)"
    record(character, "end_session", what, why)
    if clear_penalties_with_advancement:
        use_advancement(character, index, "clear_penalties")

