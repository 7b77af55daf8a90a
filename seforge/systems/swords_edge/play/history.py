"""A character's play history: a compact snapshot after each change, restoring a
state, and the character as it was after any entry (on top of the game-free
:mod:`seforge.core.history`; the file format is unchanged)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from seforge.core import history as core_history
from seforge.core.history import History, HistoryError, utc_now
from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character, HistoryEntry

CHARACTER_HISTORY: History[Character] = History(
    Character, carried=("portrait",), noun="character"
)
"""A character keeps its history in ``history``; snapshots leave out the portrait."""

clock: Callable[[], str] = utc_now
"""Where history timestamps come from (tests may replace it)."""

_QUIET_KINDS = ("start_session", "end_scene", "change_pivot")
"""Changes that do not count as something happening in the scene (for Pivots)."""


def snapshot(character: Character) -> dict[str, Any]:
    """The character as compact JSON data, without portrait and history."""
    return CHARACTER_HISTORY.snapshot(character)


def full_dump(character: Character) -> dict[str, Any]:
    """Everything about the character as JSON data (for undo)."""
    return core_history.dump(character)


def restore(character: Character, data: dict[str, Any]) -> None:
    """Make ``character`` equal to ``data`` (from :func:`full_dump`) in place, so
    every holder of the object sees the restored state."""
    core_history.restore(character, data)


def record(
    character: Character,
    kind: str,
    what: str,
    why: str = "",
    *,
    scene: int | None = None,
) -> HistoryEntry:
    """Add a history entry for a change just made (``kind``: the operation's name)."""
    play = character.play
    if play.session_running and kind not in _QUIET_KINDS:
        play.scene_has_events = True
    entry = HistoryEntry(
        session=play.session,
        scene=play.scene if scene is None else scene,
        what=what,
        why=why,
        at=clock(),
        kind=kind,
        snapshot=snapshot(character),
    )
    CHARACTER_HISTORY.append(character, entry)
    return entry


def trial_copy(character: Character) -> Character:
    """A copy of ``character`` to try a play rule on (to learn whether it would refuse):
    deep, but sharing the history's entries, which no rule changes in place."""
    return CHARACTER_HISTORY.copy_sharing_history(character)


def state_at(character: Character, entry_index: int) -> Character:
    """The character as it was just after history entry ``entry_index``.

    The portrait is today's; the history ends with that entry. Raises RefusedError
    for an entry written without a snapshot (by an older SEForge or by hand).
    """
    try:
        return CHARACTER_HISTORY.state_at(character, entry_index)
    except HistoryError as error:
        raise RefusedError(str(error)) from error
