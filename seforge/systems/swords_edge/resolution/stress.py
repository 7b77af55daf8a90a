"""Stress, Penalty Ranks and Doom (book: *Damage*, *Doom*, *Narrative Characters*):
what a hit at each Level does to a PC, and what Stress does to each kind of NC."""

from __future__ import annotations

from dataclasses import dataclass

from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.tns import RANK_STEP


def penalty_modifier(penalty_ranks: int) -> int:
    """What ``penalty_ranks`` Penalty Ranks do to a roll: -2 each (book: *Damage*)."""
    if penalty_ranks < 0:
        raise ValueError(f"Penalty Ranks cannot be negative ({penalty_ranks})")
    return -RANK_STEP * penalty_ranks


def effective_trait_rank(rank: Rank, penalty_ranks: int) -> Rank | None:
    """The Rank a Trait works at after ``penalty_ranks`` Penalty Ranks.

    Each Penalty Rank moves the Trait one step down the ladder. None means it
    went below Weak, which is Doom territory (book: *Damage*, *Doom*).
    """
    if penalty_ranks < 0:
        raise ValueError(f"Penalty Ranks cannot be negative ({penalty_ranks})")
    return rank.shifted(-penalty_ranks)


def doom_from_penalty(rank: Rank, penalty_ranks_added: int) -> bool:
    """True when adding Penalty Ranks to a Trait now at ``rank`` brings a Doom.

    A Penalty Rank that lands on a Weak Trait is a Doom, so the question is
    whether the new Penalty Ranks push the Trait past Weak. ``rank`` is the
    Trait's current working Rank (earlier Penalty Ranks already counted). Book:
    *Doom*.
    """
    if penalty_ranks_added < 0:
        raise ValueError(f"Penalty Ranks cannot be negative ({penalty_ranks_added})")
    return penalty_ranks_added > 0 and int(rank) - penalty_ranks_added < int(Rank.WEAK)


# ------------------------------------------------------------------------- Stress


LEGENDARY_WEAKNESS_RANK = Rank.BASIC
"""The extra Weakness a defender who lives through Legendary Stress gains."""

DOOM_WEAKNESS_RANK = Rank.POOR
"""The Weakness a character who lives through a Doom gains (book: *Doom*)."""


@dataclass(frozen=True)
class StressResult:
    """What a successful attack at one Level does to the defender.

    ``weakness_rank`` is the Rank of the extra Weakness a survivor gains (only
    for Legendary Stress); the Weakness that comes with surviving the Doom
    itself is separate (:data:`DOOM_WEAKNESS_RANK`).
    """

    penalty_ranks: int
    undefended: bool
    doom: bool
    weakness_rank: Rank | None


def stress_for_level(level: Level | str) -> int:
    """Penalty Ranks a success inflicts: Average 1, Good 2, Great 3, Exceptional 4,
    Legendary 5 (book: *Damage*)."""
    return Level.parse(level).step + 1


def stress_result(level: Level | str) -> StressResult:
    """The full effect of a successful attack at ``level`` (book: *Damage*).

    Exceptional also leaves the defender Undefended, unable to act or react for
    the rest of the scene. Legendary also brings a Doom and, for a defender still
    in the game afterwards, a Basic Weakness tied to what caused it.
    """
    parsed = Level.parse(level)
    return StressResult(
        penalty_ranks=parsed.step + 1,
        undefended=parsed is Level.EXCEPTIONAL,
        doom=parsed is Level.LEGENDARY,
        weakness_rank=LEGENDARY_WEAKNESS_RANK if parsed is Level.LEGENDARY else None,
    )


REGULAR_STRESS_LIMIT = 3
"""Stress that removes a regular NC."""


@dataclass(frozen=True)
class NCStressResult:
    """An NC after taking Stress: whether it is out, its Rank now, Stress so far.

    ``rank`` is None when the NC is removed; otherwise it is the Rank the NC now
    works at (lowered for a hero, unchanged for minions and regulars).
    """

    removed: bool
    rank: Rank | None
    stress_total: int


def apply_stress_to_nc(
    nc_type: NCType, rank: Rank, stress_taken_so_far: int, new_stress: int
) -> NCStressResult:
    """Add ``new_stress`` to an NC of ``nc_type`` (book: *Narrative Characters*).

    ``rank`` is the NC's printed Rank, before any Stress; ``stress_taken_so_far``
    is what it has taken earlier in the scene. A minion goes at its first Stress,
    a regular once it has taken three in total. A hero drops one Rank per Stress
    (its TN falls with it) and goes once Stress would take it below Weak.
    """
    if stress_taken_so_far < 0 or new_stress < 0:
        raise ValueError("Stress cannot be negative")
    total = stress_taken_so_far + new_stress
    if nc_type is NCType.MINION:
        removed = total >= 1
        return NCStressResult(removed, None if removed else rank, total)
    if nc_type is NCType.REGULAR:
        removed = total >= REGULAR_STRESS_LIMIT
        return NCStressResult(removed, None if removed else rank, total)
    lowered = rank.shifted(-total)
    return NCStressResult(lowered is None, lowered, total)
