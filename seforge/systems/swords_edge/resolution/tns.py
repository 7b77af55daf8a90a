"""Target Numbers: what an NC sets alone or in a group, and the Action's
bonuses and penalties (book: *Narrative Characters*, *Momentum*, *Seize the
Momentum*, *Action*, *Levels of Success*).

Every function is pure and names the book section it follows; where the book is
unclear or its examples do not add up, the docstring says which reading we took.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import (
    NarrativeCharacter,
    NCQuality,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank

RANK_STEP = 2
"""One Rank on the modifier ladder is worth 2 points."""

# --------------------------------------------------------------------------- NC TNs


def _applied_modifier(item: NCQuality | Rank | int) -> int:
    if isinstance(item, NCQuality):
        return item.rank.modifier
    if isinstance(item, Rank):
        return item.modifier
    return item


def nc_tn(
    nc: NarrativeCharacter,
    applied: Sequence[NCQuality | Rank | int] = (),
    *,
    rank: Rank | None = None,
) -> int:
    """The TN an NC sets: its Rank's TN plus every Quality of it that applies.

    ``applied`` holds the NC's Qualities that the GM judges relevant; a Quality
    or a bare Rank adds its ladder modifier, an int is added as it is. ``rank``
    replaces ``nc.rank`` when the NC's current Rank differs (a hero that has
    taken Stress). Book: *Narrative Characters* (an Exceptional hero with a +6
    Element sets 37) and *Tests* (Great Physique 23 plus "Man-bear +2" is 25).

    Momentum limits what an NC may apply (a Trait, plus Elements for heroes, never
    the Concept); choosing ``applied`` is the caller's job.
    """
    base = (nc.rank if rank is None else rank).target_number
    return base + sum(_applied_modifier(item) for item in applied)


def nc_trait_modifier(nc: NarrativeCharacter, trait: Trait) -> int:
    """The ladder modifier of one of the NC's Traits, 0 when the NC has none listed."""
    rank = nc.traits.get(trait)
    return 0 if rank is None else rank.modifier


def group_momentum_tn(ncs: Sequence[tuple[Rank, int]]) -> int:
    """The one Momentum TN a group of NCs sets against a PC.

    Each entry is ``(rank, applied)``: the NC's Rank and the sum of the modifiers
    it applies (usually its Trait; minions apply nothing). The highest Rank gives
    the base TN; every other NC adds its Rank modifier, but never less than one
    Rank (+2). Applied modifiers are added on top for every NC, the leader
    included: the +2 floor replaces a low Rank modifier only. Book: *Momentum*
    (three Poor minions: 9; an Average regular with two Basic minions: 16, where
    the book adds no Trait for the regular; two Poor Shock Troopers: 7).

    A Mythic NC can lead a group, but as a second member it has no modifier to
    add and we raise ValueError rather than invent one.
    """
    if not ncs:
        raise ValueError("a group needs at least one NC")
    lead = max(range(len(ncs)), key=lambda i: int(ncs[i][0]))
    tn = ncs[lead][0].target_number + ncs[lead][1]
    for index, (rank, applied) in enumerate(ncs):
        if index != lead:
            tn += max(rank.modifier, RANK_STEP) + applied
    return tn


GroupActionReading = Literal["sum", "printed"]


def group_action_tn(
    ncs: Sequence[tuple[Rank, int]], *, reading: GroupActionReading = "sum"
) -> int:
    """The TN a group of NCs sets when it acts together (as when a PC tries to
    Seize the Momentum from several NCs, or they defend together).

    The first entry is the primary actor: its Rank's TN is the base. Book:
    *Seize the Momentum* (three Basic minions each applying "Bureaucrat +2") and
    the Example of Play (Poor Shock Troopers with a Good Concept).

    ``reading="sum"`` (default): every NC, the primary included, adds the
    modifiers of the Qualities it applies; no +2 floor. This is the book's own
    breakdown for the Bureaucrats (a base of 8 and +6 from three Concepts = 14)
    and fits the Example of Play: two Troopers 5 + 2 + 2 = 9, and three Troopers
    11, the only way Jyrell's 25 can be the Great success the book calls it.

    ``reading="printed"``: the primary gives its base TN only; every other NC adds
    its group step (its Rank modifier, at least +2) and its applied Qualities.
    This reproduces the printed Bureaucrat total of 16 (8 + 2+2 + 2+2) and the
    two-Trooper 9, but makes three Troopers 13, where Jyrell's 25 is only Good.
    """
    if not ncs:
        raise ValueError("a group needs at least one NC")
    base = ncs[0][0].target_number
    if reading == "printed":
        return base + sum(max(rank.modifier, RANK_STEP) + applied for rank, applied in ncs[1:])
    return base + sum(applied for _, applied in ncs)


# ---------------------------------------------------------------- bonuses, penalties


def momentum_bonus(level: Level | str | None) -> int:
    """The attacker's bonus for a Momentum win: +2 for each Level above Average.

    Good +2, Great +4, Exceptional +6, Legendary +8; nothing for Average or a
    loss. It applies to the first Action only (first round). Book: *Momentum*
    and *Levels of Success*.
    """
    if level is None:
        return 0
    return RANK_STEP * Level.parse(level).step


def multiple_action_penalty(action_index: int) -> int:
    """The penalty for acting or reacting again in the same round.

    ``action_index`` counts from 0: the first action is free, the second (index
    1) is at -2, the third at -4, the fourth at -6, and so on. Reacting counts
    as an action. Book: *Action*.
    """
    if action_index < 0:
        raise ValueError(f"action_index counts from 0, not {action_index}")
    return -RANK_STEP * action_index
