"""A TN with the parts it is made of, as the GM screen shows it (the sums come from
:mod:`seforge.systems.swords_edge.resolution.tns`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from seforge.systems.swords_edge.ranks import format_modifier
from seforge.systems.swords_edge.resolution.opponents import Opponent
from seforge.systems.swords_edge.resolution.tns import (
    RANK_STEP,
    GroupActionReading,
    group_action_tn,
    group_momentum_tn,
)
from seforge.systems.swords_edge.resolution.undefended import UNDEFENDED_PC_TN, UNDEFENDED_TN


@dataclass(frozen=True)
class TNPart:
    label: str
    value: int


@dataclass(frozen=True)
class TNBreakdown:
    """A TN and the parts it is made of (the parts always add up to ``total``)."""

    total: int
    parts: tuple[TNPart, ...]
    note: str = ""

    def lines(self) -> list[str]:
        """One line per part, ``"+2  Fearless Soldier (Shock Troopers)"``; the first
        part is unsigned."""
        return [f"{p.value if i == 0 else format_modifier(p.value)}  {p.label}"
                for i, p in enumerate(self.parts)]

    def text(self) -> str:
        """``"5 Shock Troopers (Poor) TN, +2 Shock Troopers (Poor) group step = 7"``."""
        return ", ".join(line.replace("  ", " ", 1) for line in self.lines()) + \
            f" = {self.total}"


def _applied_parts(opponent: Opponent) -> list[TNPart]:
    return [TNPart(f"{o.name} ({opponent.name})", o.modifier)
            for o in opponent.applied_options()]


def _base_part(opponent: Opponent) -> TNPart:
    return TNPart(f"{opponent.name} ({opponent.rank.label}) TN", opponent.rank.target_number)


def _checked(total: int, parts: list[TNPart], note: str = "") -> TNBreakdown:
    if sum(p.value for p in parts) != total:  # pragma: no cover - guards the breakdown
        raise AssertionError(f"TN breakdown {parts} does not add up to {total}")
    return TNBreakdown(total, tuple(parts), note)


def momentum_tn(opponents: Sequence[Opponent]) -> TNBreakdown:
    """The joint Momentum TN of ``opponents``
    (:func:`~seforge.systems.swords_edge.resolution.tns.group_momentum_tn`)."""
    pairs = [(o.rank, o.applied_total()) for o in opponents]
    total = group_momentum_tn(pairs)
    lead = max(range(len(pairs)), key=lambda i: int(pairs[i][0]))
    parts = [_base_part(opponents[lead]), *_applied_parts(opponents[lead])]
    for index, opponent in enumerate(opponents):
        if index == lead:
            continue
        step = max(opponent.rank.modifier, RANK_STEP)
        floor = "" if step == opponent.rank.modifier else \
            f", {format_modifier(opponent.rank.modifier)} counts as {format_modifier(step)}"
        parts.append(TNPart(f"{opponent.name} ({opponent.rank.label}{floor})", step))
        parts.extend(_applied_parts(opponent))
    note = "Group: the highest Rank sets the TN, every other NC adds at least one Rank." \
        if len(opponents) > 1 else ""
    return _checked(total, parts, note)


def joint_action_tn(
    opponents: Sequence[Opponent], reading: GroupActionReading = "sum"
) -> TNBreakdown:
    """The NCs' Action TN (as defenders, or against a Seize).

    One NC: its Rank's TN plus its applied Qualities (both readings agree on what
    a lone NC sets, so ``reading`` does not matter). Several NCs:
    :func:`~seforge.systems.swords_edge.resolution.tns.group_action_tn` with ``reading``; the first
    NC is the primary one.
    """
    if len(opponents) == 1:
        only = opponents[0]
        total = only.rank.target_number + only.applied_total()
        return _checked(total, [_base_part(only), *_applied_parts(only)])
    pairs = [(o.rank, o.applied_total()) for o in opponents]
    total = group_action_tn(pairs, reading=reading)
    parts = [_base_part(opponents[0])]
    if reading == "sum":
        for opponent in opponents:
            parts.extend(_applied_parts(opponent))
        note = "Reading: the book's breakdown (every NC adds its applied Qualities)."
    else:
        for opponent in opponents[1:]:
            step = max(opponent.rank.modifier, RANK_STEP)
            parts.append(TNPart(f"{opponent.name} ({opponent.rank.label}) group step",
                                step))
            parts.extend(_applied_parts(opponent))
        note = ("Reading: the book's printed total (the first NC gives its TN only, each "
                "other adds a group step and its Qualities).")
    return _checked(total, parts, note)


def with_parts(breakdown: TNBreakdown, extra: Sequence[TNPart]) -> TNBreakdown:
    """``breakdown`` with ``extra`` parts added to its total (an NC's penalty for acting
    again in the round, say)."""
    if not extra:
        return breakdown
    parts = [*breakdown.parts, *extra]
    return _checked(breakdown.total + sum(p.value for p in extra), parts, breakdown.note)


def undefended_target_tn() -> TNBreakdown:
    return TNBreakdown(UNDEFENDED_TN, (TNPart("Undefended target", UNDEFENDED_TN),))


def undefended_pc_tn() -> TNBreakdown:
    return TNBreakdown(UNDEFENDED_PC_TN + 1,
                       (TNPart(f"Undefended PC: beat {UNDEFENDED_PC_TN} to avoid the hit",
                               UNDEFENDED_PC_TN + 1),),
                       "Only Penalty Ranks modify this roll.")
