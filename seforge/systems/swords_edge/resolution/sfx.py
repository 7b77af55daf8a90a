"""SFX Qualities: the SFX Component Table, SFX Action and Momentum TNs, casting
time (book: *Use of SFX Quality*, *Casting Time*)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from seforge.systems.swords_edge.ranks import Rank

# ---------------------------------------------------------------------------- SFX


SFX_RANKS: tuple[Rank, ...] = (
    Rank.BASIC,
    Rank.AVERAGE,
    Rank.GOOD,
    Rank.GREAT,
    Rank.EXCEPTIONAL,
    Rank.LEGENDARY,
    Rank.MYTHIC,
)
"""The rows of the SFX Component Table, Basic to Mythic."""

SFX_COMPONENTS: dict[str, tuple[str, ...]] = {
    "reach": ("personal", "touch", "close", "far", "sight", "known", "described"),
    "duration": ("turn", "minute", "hour", "day", "week", "month", "year"),
    "area": (
        "personal",
        "pantry/5",
        "room/10",
        "field/100",
        "village/500",
        "city/1000",
        "province/10,000",
    ),
    "energy": (
        "candle/child",
        "hearth/adult",
        "bonfire/sturdy adult",
        "smithy/horse",
        "forest fire/elephant",
        "volcano/titan",
        "beyond comprehension",
    ),
}
"""Labels per component, one per Rank of :data:`SFX_RANKS` (book: SFX Component Table)."""

_SFX_ALIASES: dict[str, dict[str, str]] = {
    "duration": {"instantaneous": "turn", "instant": "turn"},
}


def sfx_rank(component: str, label: str) -> Rank:
    """The Rank of a table entry, e.g. ``sfx_rank("reach", "close")`` is Good.

    Matching ignores case; a label may also be just the part before or after
    the slash ("adult", "room"). "instantaneous" counts as a turn, as in the
    book's casting-time example.
    """
    key = component.strip().lower()
    if key not in SFX_COMPONENTS:
        known = ", ".join(SFX_COMPONENTS)
        raise ValueError(f"unknown SFX component {component!r} (known: {known})")
    wanted = label.strip().lower()
    wanted = _SFX_ALIASES.get(key, {}).get(wanted, wanted)
    for rank, entry in zip(SFX_RANKS, SFX_COMPONENTS[key], strict=True):
        if wanted == entry or wanted in entry.split("/"):
            return rank
    raise ValueError(f"unknown {key} {label!r} (known: {', '.join(SFX_COMPONENTS[key])})")


def sfx_modifier(rank: Rank) -> int:
    """The SFX table's TN modifier: Basic none (0), Average +1 ... Mythic +6."""
    if rank < Rank.BASIC:
        raise ValueError(f"the SFX Component Table starts at Basic, not {rank.label}")
    return int(rank) - int(Rank.BASIC)


def sfx_rounds(rank: Rank) -> int:
    """Rounds Required for a component at ``rank``: Basic 0 ... Mythic 6."""
    return sfx_modifier(rank)


TargetReading = Literal["ladder", "table"]


def target_sfx_modifier(rank: Rank) -> int:
    """What a regular's or hero's Quality at ``rank`` adds to an SFX TN under the
    table reading: the SFX Component Table's modifier (Average +1 ... Mythic +6).
    The table stops at Basic (no modifier); below it we keep its one-per-step slope
    (Poor -1, Weak -2), so a weak target eases the SFX as on the ladder."""
    return int(rank) - int(Rank.BASIC)


def _target_total(target_modifiers: Iterable[Rank | int], reading: TargetReading) -> int:
    total = 0
    for item in target_modifiers:
        if isinstance(item, Rank):
            total += target_sfx_modifier(item) if reading == "table" else item.modifier
        else:
            total += item
    return total


def sfx_action_tn(
    reach: Rank,
    duration: Rank,
    area: Rank,
    energy: Rank,
    target_modifiers: Sequence[Rank | int] = (),
    *,
    target_reading: TargetReading = "table",
) -> int:
    """The TN of an SFX Action Test (book: *Use of SFX Quality*).

    The highest of the four component Ranks gives the base TN from the ladder;
    each of the other three adds its SFX table modifier (on a tie one of the
    tied components is the base and the other adds its modifier). Book example:
    "Hypnotism" at close / a minute / personal / an adult is Good 17 + 1 + 0 + 1
    = 19.

    Against a regular or hero, its relevant Qualities (always the fitting Trait)
    also modify the TN, never set the base. ``target_modifiers`` lists them: an
    int is added as it is; a Rank is converted according to ``target_reading``.
    The book's goon example disagrees with itself: it lists the goon's Average
    Charisma as +0, then says the SFX table adds +1 for it, then keeps the
    total at 19, the same as without the goon. The sentence that states the
    rule names the SFX Component Table (L713, L738), so ``"table"`` (the
    default) adds the table's modifier (Average +1, total 20; see
    :func:`target_sfx_modifier`). ``"ladder"`` (table rule *SFX against a Trait
    uses the ladder*) adds the Rank's ladder modifier (Average +0, total 19), as NC
    Qualities do everywhere else.
    """
    ranks = sorted((reach, duration, area, energy), reverse=True)
    base = ranks[0].target_number
    return base + sum(sfx_modifier(r) for r in ranks[1:]) + _target_total(
        target_modifiers, target_reading
    )


MomentumReading = Literal["table", "example"]


def sfx_momentum_tn(
    area: Rank,
    energy: Rank,
    target_modifiers: Sequence[Rank | int] = (),
    *,
    reading: MomentumReading = "table",
    target_reading: TargetReading = "table",
) -> int:
    """The TN of the Momentum Test that starts an SFX (book: *Use of SFX Quality*).

    The rule: the Area of Effect gives the TN and the Energy modifies it, both
    from the SFX Component Table. The book's example (a lightning blast at a
    giant: Area Average, Energy Great) then starts from a TN of 7 it labels
    Basic and adds 4 for the Great Energy, for 11. That matches neither the
    ladder (Basic is 8, Average 12) nor the table (Great is +3).

    * ``"table"`` (default): the Area's Rank TN from the ladder plus the
      Energy's table modifier. The giant: 12 + 3 = 15.
    * ``"example"``: the example's method: the Area counts one Rank lower
      (Average read as Basic, as the example labels it) and the Energy adds its
      ladder modifier (Great +4). The giant: 8 + 4 = 12. The example's own 11
      cannot come out of any reading on our ladder, as it starts from a TN of 7
      that the ladder does not have.

    ``target_modifiers`` and ``target_reading`` work as in :func:`sfx_action_tn`
    (a regular's or hero's Qualities modify SFX Momentum too).
    """
    if reading == "table":
        tn = area.target_number + sfx_modifier(energy)
    else:
        lowered = area.shifted(-1) or Rank.WEAK
        tn = lowered.target_number + energy.modifier
    return tn + _target_total(target_modifiers, target_reading)


def casting_time(reach: Rank, duration: Rank, area: Rank, energy: Rank) -> int:
    """Rounds needed to prepare an SFX under the optional Casting Time rule.

    The sum of the four components' Rounds Required. Book: *Casting Time*
    (teleporting to the next room: close 2 + a turn 0 + personal 0 + adult 1 = 3).
    """
    return sum(sfx_rounds(r) for r in (reach, duration, area, energy))
