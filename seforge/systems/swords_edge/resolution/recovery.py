"""Recovery: shedding Penalty Ranks at the end of a scene, a day or a week
(book: *Recovery*)."""

from __future__ import annotations

from dataclasses import dataclass

from seforge.systems.swords_edge.dice import roll_outcome
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.resolution.verdicts import Verdict, critical_lines

# ------------------------------------------------------------------------- Recovery


RECOVERY_TN = 17
"""The Recovery Test is against a Good TN (book: *Recovery*)."""

WEEKLY_RECOVERY = 1
"""Penalty Ranks a character sheds by itself at the end of each in-game week."""

_SCENE_RECOVERY = (1, 1, 2, 2, 3)


def recovery_removed(level: Level | str | None, daily: bool) -> int:
    """Penalty Ranks a Recovery Test at ``level`` removes (book: *Recovery*).

    End of scene (``daily=False``): Average 1, Good 1, Great 2, Exceptional 2,
    Legendary 3, and only Stress taken in that scene. The Test never uses a
    Trait, though other fitting Qualities may modify it.

    End of day (``daily=True``): the book gives one Penalty Rank for the Test,
    two for Good and three for Great, then waves at the rest; we read it as one
    more per Level: Average 1, Good 2, Great 3, Exceptional 4, Legendary 5.

    A failed Test (``None``) removes nothing.
    """
    if level is None:
        return 0
    index = Level.parse(level).step
    return index + 1 if daily else _SCENE_RECOVERY[index]


@dataclass(frozen=True)
class RecoveryResult:
    verdict: Verdict
    by_test: int
    by_luck: int
    removed: int


def judge_recovery(
    d1: int, d2: int, modifier: int, *, daily: bool, luck: int = 0,
    scene_penalties: int | None = None,
) -> RecoveryResult:
    """A Recovery Test at TN 17 (plus Luck spent on this scene's Penalty Ranks).

    ``scene_penalties`` is how many Penalty Ranks the scene that just ended left
    (None: not known). Luck removes only those, whichever Test is made (L365,
    L640): on the scene path the Test and the Luck together stop there; on the
    daily path the Test may reach older Penalty Ranks but the Luck still may not.
    """
    outcome = roll_outcome(d1, d2, modifier, RECOVERY_TN)
    by_test = recovery_removed(outcome.level, daily)
    lines = []
    by_luck = luck
    if scene_penalties is not None:
        cap = max(0, scene_penalties)
        if daily:
            by_luck = min(luck, cap)
        else:
            by_test = min(by_test, cap)
            by_luck = min(luck, cap - by_test)
        lines.append(f"Only this scene's {cap} Penalty Ranks can go"
                     + (" with Luck." if daily else "."))
    removed = by_test + by_luck
    vs = f"{outcome.total} vs TN {RECOVERY_TN}"
    headline = (f"Recovery {outcome.level}: removes {by_test} ({vs})" if outcome.success
                else f"Recovery fails ({vs})")
    if by_luck:
        lines.append(f"Luck removes {by_luck} more.")
    if by_luck < luck:
        lines.append(f"{luck - by_luck} Luck would find nothing left to remove: keep it.")
    lines.append(f"Penalty Ranks removed: {removed}.")
    verdict = Verdict(headline, tuple(lines + critical_lines(d1, d2)), outcome.success,
                      outcome.level, outcome.total)
    return RecoveryResult(verdict, by_test, by_luck, removed)
