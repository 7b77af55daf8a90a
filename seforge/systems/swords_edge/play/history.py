"""A character's play history: compact snapshots after each change, restoring a
state, and the character as it was after any entry."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from seforge.systems.swords_edge.models import (
    Character,
    HistoryEntry,
)
from seforge.systems.swords_edge.play.guards import PlayRuleError


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


clock: Callable[[], str] = _now

"""Where history timestamps come from (tests may replace it)."""


def snapshot(character: Character) -> dict[str, Any]:
    """The character as compact JSON data, without portrait and history."""
    return character.model_dump(
        mode="json", exclude={"portrait", "history"}, exclude_defaults=True
    )


def full_dump(character: Character) -> dict[str, Any]:
    """Everything about the character as JSON data (for undo)."""
    return character.model_dump(mode="json")


def restore(character: Character, data: dict[str, Any]) -> None:
    """Make ``character`` equal to ``data`` (from :func:`full_dump`) in place, so
    every holder of the object sees the restored state."""
    fresh = Character.model_validate(data)
    for name in Character.model_fields:
        setattr(character, name, getattr(fresh, name))


def record(
    character: Character,
    kind: str,
    what: str,
    why: str = "",
    *,
    scene: int | None = None,
) -> HistoryEntry:
    play = character.play
    if play.session_running and kind not in ("start_session", "end_scene", "change_pivot"):
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
    character.history = [*character.history, entry]
    return entry


def state_at(character: Character, entry_index: int) -> Character:
    """The character as it was just after history entry ``entry_index``.

    The portrait is today's; the history ends with that entry. Raises PlayRuleError
    for an entry written without a snapshot (by an older SEForge or by hand).
    """
    if not -len(character.history) <= entry_index < len(character.history):
        raise PlayRuleError(f"there is no history entry number {entry_index + 1}")
    index = entry_index % len(character.history)
    entry = character.history[index]
    if entry.snapshot is None:
        raise PlayRuleError("that history entry did not keep the character's state")
    past = Character.model_validate(entry.snapshot)
    past.portrait = character.portrait
    past.history = list(character.history[: index + 1])
    return past

