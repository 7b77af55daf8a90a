"""Taking Penalty Ranks off: the shared removal order, end of day and end of
week (book: *Recovery*)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from seforge.systems.swords_edge.models import (
    TRAITS,
    Character,
)
from seforge.systems.swords_edge.play.guards import check_level, require_no_doom, require_playing
from seforge.systems.swords_edge.play.history import record
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.resolution.recovery import WEEKLY_RECOVERY, recovery_removed


def _removal_order(
    counts: dict[str, int], order: Sequence[str] | None
) -> Callable[[], str | None]:
    """Pick the next key to take one Penalty Rank from (see module notes)."""
    default = list(counts)

    def pick() -> str | None:
        if order is not None:
            for key in order:
                if counts.get(key, 0) > 0:
                    return key
        best: str | None = None
        for key in default:
            if counts[key] > 0 and (best is None or counts[key] > counts[best]):
                best = key
        return best

    return pick


def _removable(character: Character, scene_only: bool) -> dict[str, int]:
    play = character.play
    traits = play.scene_penalty_ranks if scene_only else play.penalty_ranks
    sfx = play.scene_sfx_penalty_ranks if scene_only else play.sfx_penalty_ranks
    counts: dict[str, int] = {QualityKey.of_trait(t): traits.get(t, 0) for t in TRAITS}
    counts.update({QualityKey.of("sfx", name): n for name, n in sfx.items()})
    return counts


def remove_penalties(
    character: Character, amount: int, scene_only: bool, order: Sequence[str] | None = None
) -> dict[str, int]:
    """Take up to ``amount`` Penalty Ranks off; returns what came off per key."""
    play = character.play
    counts = _removable(character, scene_only)
    pick = _removal_order(counts, order)
    removed: dict[str, int] = {}
    for _ in range(amount):
        key = pick()
        if key is None:
            break
        counts[key] -= 1
        removed[key] = removed.get(key, 0) + 1
    traits = dict(play.penalty_ranks)
    scene_traits = dict(play.scene_penalty_ranks)
    sfx = dict(play.sfx_penalty_ranks)
    scene_sfx = dict(play.scene_sfx_penalty_ranks)
    for key, n in removed.items():
        trait = QualityKey.parse(key).trait
        if trait is not None:
            traits[trait] = traits.get(trait, 0) - n
            scene_traits[trait] = min(
                traits[trait], scene_traits.get(trait, 0) - (n if scene_only else 0)
            )
        else:
            name = QualityKey.parse(key).rest
            sfx[name] = sfx.get(name, 0) - n
            scene_sfx[name] = min(sfx[name], scene_sfx.get(name, 0) - (n if scene_only else 0))
    play.penalty_ranks = {t: n for t, n in traits.items() if n > 0}
    play.scene_penalty_ranks = {t: n for t, n in scene_traits.items() if n > 0}
    play.sfx_penalty_ranks = {k: n for k, n in sfx.items() if n > 0}
    play.scene_sfx_penalty_ranks = {k: n for k, n in scene_sfx.items() if n > 0}
    return removed


def describe_removed(removed: dict[str, int]) -> str:
    parts = []
    for key, n in removed.items():
        name = QualityKey.parse(key).rest
        parts.append(f"{n} from {name}")
    return ", ".join(parts)


def end_of_day(
    character: Character,
    level: str | None,
    *,
    order: Sequence[str] | None = None,
    why: str = "",
) -> None:
    """The end-of-day Recovery Test at ``level`` (None: failed); any Penalty Ranks."""
    require_playing(character, "recover")
    require_no_doom(character, "recover")
    check_level(level)
    amount = recovery_removed(level, daily=True)
    removed = remove_penalties(character, amount, scene_only=False, order=order)
    total = sum(removed.values())
    if level is None:
        what = "End of day: the Recovery Test failed"
    else:
        what = f"End of day: {level} Recovery removed {total}"
        if removed:
            what += f" ({describe_removed(removed)})"
    record(character, "end_of_day", what, why)


def end_of_week(
    character: Character, *, order: Sequence[str] | None = None, why: str = ""
) -> None:
    """A week of game time removes one Penalty Rank by itself."""
    require_playing(character, "recover")
    require_no_doom(character, "recover")
    removed = remove_penalties(character, WEEKLY_RECOVERY, scene_only=False, order=order)
    what = "End of week: " + (
        f"removed {describe_removed(removed)}" if removed else "no Penalty Ranks to remove"
    )
    record(character, "end_of_week", what, why)

