"""The arithmetic of a Test: Target Numbers, bonuses, penalties, Stress and recovery.

Every function is pure and names the book section it follows. The rules are
restated here in our own words; where the book is unclear or its examples do not
add up, the docstring says which reading we took and why.

Levels of Success are the strings of :data:`seforge.systems.swords_edge.dice.LEVELS`
("Average" .. "Legendary"); ``None`` stands for "no success".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from seforge.systems.swords_edge.dice import LEVELS, level_for_margin, level_index
from seforge.systems.swords_edge.models import (
    Character,
    Element,
    ElementKind,
    NarrativeCharacter,
    NCQuality,
    NCType,
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


def momentum_bonus(level: str | None) -> int:
    """The attacker's bonus for a Momentum win: +2 for each Level above Average.

    Good +2, Great +4, Exceptional +6, Legendary +8; nothing for Average or a
    loss. It applies to the first Action only (first round). Book: *Momentum*
    and *Levels of Success*.
    """
    if level is None:
        return 0
    return RANK_STEP * level_index(level)


def multiple_action_penalty(action_index: int) -> int:
    """The penalty for acting or reacting again in the same round.

    ``action_index`` counts from 0: the first action is free, the second (index
    1) is at -2, the third at -4, the fourth at -6, and so on. Reacting counts
    as an action. Book: *Action*.
    """
    if action_index < 0:
        raise ValueError(f"action_index counts from 0, not {action_index}")
    return -RANK_STEP * action_index


RANGES: tuple[str, ...] = ("touch", "close", "near", "medium", "far", "excessive", "sight")
"""The range bands, nearest first (book: *Range*)."""

_RANGE_PENALTY_RANKS: dict[str, int] = {
    "touch": 0,
    "close": 0,
    "near": 0,
    "medium": 1,
    "far": 2,
    "excessive": 3,
    "sight": 4,
}


def range_penalty_ranks(range_band: str) -> int:
    """Temporary Penalty Ranks for a ranged attack at ``range_band``.

    None up to near, then one at medium, two at far, three at excessive and four
    at sight. Book: *Range* (an optional rule).
    """
    key = range_band.strip().lower()
    if key not in _RANGE_PENALTY_RANKS:
        raise ValueError(f"unknown range {range_band!r} (known: {', '.join(RANGES)})")
    return _RANGE_PENALTY_RANKS[key]


def range_modifier(range_band: str) -> int:
    """The roll modifier for ``range_band``: -2 per Penalty Rank."""
    return penalty_modifier(range_penalty_ranks(range_band))


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


def stress_for_level(level: str) -> int:
    """Penalty Ranks a success inflicts: Average 1, Good 2, Great 3, Exceptional 4,
    Legendary 5 (book: *Damage*)."""
    return level_index(level) + 1


def stress_result(level: str) -> StressResult:
    """The full effect of a successful attack at ``level`` (book: *Damage*).

    Exceptional also leaves the defender Undefended, unable to act or react for
    the rest of the scene. Legendary also brings a Doom and, for a defender still
    in the game afterwards, a Basic Weakness tied to what caused it.
    """
    index = level_index(level)
    return StressResult(
        penalty_ranks=index + 1,
        undefended=index == LEVELS.index("Exceptional"),
        doom=index == LEVELS.index("Legendary"),
        weakness_rank=LEGENDARY_WEAKNESS_RANK if index == LEVELS.index("Legendary") else None,
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


# ---------------------------------------------------------------------- Undefended


UNDEFENDED_TN = 5
"""The TN an attacker rolls against when the defender is Undefended."""

UNDEFENDED_PC_TN = 17
"""The mark an Undefended PC's roll is measured from (book: *Undefended*)."""


UndefendedBands = Literal["seven", "printed"]
"""How an Undefended PC's roll is read: 7-point bands (default) or as printed (L557)."""

UNDEFENDED_PRINTED_FLOORS: tuple[tuple[int, str], ...] = (
    (11, "Average"), (5, "Good"), (3, "Great"), (-4, "Exceptional"),
)
"""The printed bands (11-17 Average, 5-10 Good, 3-4 Great). Results under 3 need
Penalty Ranks; the book prints nothing there, so we go on in 7-point steps."""


def undefended_pc_level(
    result: int, natural_two: bool, *, natural_twenty: bool = False,
    bands: UndefendedBands = "seven",
) -> str | None:
    """The Level of the attack that hits an Undefended PC, from the PC's own roll.

    The PC rolls 2d10 changed only by Penalty Ranks; how far the result falls
    short of 17 is the attacker's margin, read on the usual 7-point bands:
    17 - result of 0..6 is Average, 7..13 Good, 14..20 Great, and so on. A
    natural 2 is a Legendary hit. Book: *Undefended*.

    Readings we chose:

    * A result of 17 is still an Average hit: the book lists 11-17 as Average.
    * A result of 18 or more means the attack does no Stress (None). The book
      lists no band above 17, and the bands work as a mirror of an attacker's
      roll against TN 5 (``5 + (17 - result)``), under which 18 and up would be
      a miss. For the same reason we let a natural 20 (``natural_twenty``) avoid
      the hit even when Penalty Ranks pull the result under 18, as any Critical
      Success on a Test succeeds.
    * A result of 4 is a Good hit (shortfall 13). The book's bands put 5-10 at
      Good and 3-4 at Great, which breaks its own 7-point rule (its Good band
      holds six results); we follow the rule, so only 3 and below reach Great.
      ``bands="printed"`` (table rule *Undefended bands as printed*) reads the
      printed bands instead: 4 is then Great (:data:`UNDEFENDED_PRINTED_FLOORS`).
    """
    if natural_two:
        return "Legendary"
    if natural_twenty:
        return None
    shortfall = UNDEFENDED_PC_TN - result
    if shortfall < 0:
        return None
    if bands == "printed":
        for floor, level in UNDEFENDED_PRINTED_FLOORS:
            if result >= floor:
                return level
        return "Legendary"
    return level_for_margin(shortfall)


def seize_failure_level(nc_action_tn: int) -> str:
    """The Level of the hit a PC takes after failing to Seize the Momentum.

    The NC side's Action TN stands in for an attack roll against the Undefended
    TN of 5: 5 is Average, 12 Good, 19 Great, 26 Exceptional, 33 Legendary.
    Book: *Seize the Momentum* (TN 27 against 5 gives Exceptional). A TN under 5
    (only a Weak NC sets one) still lands an Average hit: the PC did fail.
    """
    return level_for_margin(max(nc_action_tn - UNDEFENDED_TN, 0))


# ---------------------------------------------------------------- defender benefits


@dataclass(frozen=True)
class DefenderBenefit:
    """What a defender's success at some Level earns (book: *Levels of Success*).

    ``bonus_next_round``: added to the defender's next-round Action.
    ``free_seize``: a Seize the Momentum attempt that costs nothing and, if it
    fails, does not leave the defender Undefended.
    ``riposte`` / ``riposte_bonus``: a counterattack, with a bonus to it.
    ``immediate_momentum``: the defender takes the Momentum without a roll.
    """

    bonus_next_round: int = 0
    free_seize: bool = False
    riposte: bool = False
    riposte_bonus: int = 0
    immediate_momentum: bool = False
    text: str = "No extra benefit."


_GOOD_BENEFIT = DefenderBenefit(
    bonus_next_round=2, text="+2 to this defender's Action next round."
)


def defender_benefits(level: str | None, lost_momentum_by_critical: bool) -> DefenderBenefit:
    """The benefit of a defender's success at ``level``, as data.

    Good: +2 next round. Great: a free, risk-free attempt to Seize the Momentum.
    Exceptional: that attempt plus a riposte. Legendary: the Momentum at once and
    a riposte at +2. A defender who lost the Momentum to a Critical Failure gets
    only the Good benefit from a Great or Exceptional success; Legendary is not
    reduced. Average or no success: nothing.
    """
    if level is None or level_index(level) == 0:
        return DefenderBenefit()
    name = LEVELS[level_index(level)]
    if name == "Good":
        return _GOOD_BENEFIT
    if name in ("Great", "Exceptional") and lost_momentum_by_critical:
        return _GOOD_BENEFIT
    if name == "Great":
        return DefenderBenefit(
            free_seize=True,
            text="A free try at Seizing the Momentum; failing it costs nothing.",
        )
    if name == "Exceptional":
        return DefenderBenefit(
            free_seize=True,
            riposte=True,
            text="A free try at Seizing the Momentum (no risk) and a counterattack.",
        )
    return DefenderBenefit(
        riposte=True,
        riposte_bonus=2,
        immediate_momentum=True,
        text="Takes the Momentum at once, no roll, and counterattacks at +2.",
    )


def defender_benefit(level: str | None, lost_momentum_by_critical: bool) -> str:
    """A short description of :func:`defender_benefits` for the GM screen."""
    return defender_benefits(level, lost_momentum_by_critical).text


# ------------------------------------------------------------------------- Recovery


RECOVERY_TN = 17
"""The Recovery Test is against a Good TN (book: *Recovery*)."""

WEEKLY_RECOVERY = 1
"""Penalty Ranks a character sheds by itself at the end of each in-game week."""

_SCENE_RECOVERY = (1, 1, 2, 2, 3)


def recovery_removed(level: str | None, daily: bool) -> int:
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
    index = level_index(level)
    return index + 1 if daily else _SCENE_RECOVERY[index]


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


# ------------------------------------------------------------------ Luck and setup


def exertion_cost(extra_traits: int, extra_elements: int) -> int:
    """Luck needed to bring extra Traits and Elements into one Test: one each.

    A Test allows one Trait and one Element for free (book: *Luck*, Exertion).
    """
    if extra_traits < 0 or extra_elements < 0:
        raise ValueError("extra Traits and Elements cannot be negative")
    return extra_traits + extra_elements


def trait_key(trait: Trait) -> str:
    """The stable key of a Trait in a Test setup: ``"trait:Physique"``."""
    return f"trait:{trait.value}"


def element_key(index: int) -> str:
    """The stable key of ``character.elements[index]``: ``"element:2"``."""
    return f"element:{index}"


QualitySource = Literal["concept", "background", "faculty", "trait", "element"]


@dataclass(frozen=True)
class ActionOption:
    """A Quality a PC may put into an Action Test."""

    key: str
    name: str
    modifier: int
    source: QualitySource


_PLAYER_ELEMENT_KINDS = frozenset(
    {ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX, ElementKind.STUNT}
)


def available_for_action(
    character: Character, trait: Trait, used_in_momentum: set[str]
) -> list[ActionOption]:
    """What the PC may apply in the Action that follows a Momentum Test on ``trait``.

    Concept, Background, the Faculty if it is linked to ``trait``, the Trait
    itself, and the Elements linked to ``trait``, minus anything already spent
    on Momentum (matched by key). The Trait stays available even if used for
    Momentum: that is the one Quality allowed in both. Book: *Tests*, *Action*.

    Element count: one Element is free; each further Element costs one Luck
    (see :func:`exertion_cost` and :meth:`TestSetup.action_luck_cost`). Which one
    is "the free one" is the player's choice, so no option is marked as costly.

    The Trait's modifier already includes its Penalty Ranks. Weaknesses and
    Fetishes are not offered: others invoke a Weakness (and pay Luck for it), and
    a Fetish applies on its own whenever its Trait is used (see
    :func:`fetish_modifier`).
    """
    options: list[ActionOption] = []
    if "concept" not in used_in_momentum:
        concept = character.concept
        options.append(ActionOption("concept", concept.name, concept.rank.play_modifier, "concept"))
    if "background" not in used_in_momentum:
        background = character.background
        options.append(
            ActionOption("background", background.name, background.rank.play_modifier, "background")
        )
    if character.faculty.trait is trait and "faculty" not in used_in_momentum:
        faculty = character.faculty
        options.append(ActionOption("faculty", faculty.name, faculty.rank.play_modifier, "faculty"))
    options.append(
        ActionOption(trait_key(trait), trait.value, trait_modifier(character, trait), "trait")
    )
    for index, element in enumerate(character.elements):
        key = element_key(index)
        if (
            element.trait is trait
            and element.kind in _PLAYER_ELEMENT_KINDS
            and key not in used_in_momentum
            and sfx_usable(character, element)
        ):
            options.append(ActionOption(key, element.name, element.rank.play_modifier, "element"))
    return options


def trait_modifier(character: Character, trait: Trait) -> int:
    """The Trait's modifier in a Test, its Penalty Ranks taken off (-2 each). A
    Mythic Trait (a problem ``check`` reports) counts as Legendary."""
    penalty = max(0, character.play.penalty_ranks.get(trait, 0))
    return min(character.trait_rank(trait), Rank.LEGENDARY).modifier + penalty_modifier(penalty)


def fetish_modifier(character: Character, trait: Trait) -> int:
    """The sum of the Fetishes linked to ``trait``: under the Fetish rule they count
    in every Test that uses that Trait, SFX or not (L689). With the rule off a
    Fetish is a plain Weakness, applied only when invoked (L323, L327): 0 here."""
    if not character.options.fetish_rule:
        return 0
    return sum(
        e.rank.play_modifier
        for e in character.elements
        if e.kind is ElementKind.FETISH and e.trait is trait and e.rank < Rank.AVERAGE
    )


def sfx_usable(character: Character, element: Element) -> bool:
    """Can this SFX Quality be used? Under the Fetish rule only while a Fetish below
    Average opens it (L691); under the subsystem not once its Penalty Ranks bring it
    to Weak (L715). Anything else is always usable."""
    if element.kind is not ElementKind.SFX:
        return True
    options = character.options
    if options.sfx_subsystem:
        penalty = max(0, character.play.sfx_penalty_ranks.get(element.name, 0))
        if int(min(element.rank, Rank.LEGENDARY)) - penalty <= int(Rank.WEAK):
            return False
    if not options.fetish_rule:
        return True
    name = element.name.strip().casefold()
    return any(
        e.kind is ElementKind.FETISH and e.rank < Rank.AVERAGE
        and (e.fetish_of or "").strip().casefold() == name
        for e in character.elements
    )


def quality_modifier(character: Character, key: str) -> int:
    """The modifier of the Quality behind a setup key (see :func:`available_for_action`)."""
    if key in ("concept", "background", "faculty"):
        quality = {
            "concept": character.concept,
            "background": character.background,
            "faculty": character.faculty,
        }[key]
        return quality.rank.play_modifier
    kind, _, rest = key.partition(":")
    if kind == "trait":
        for trait in Trait:
            if trait.value == rest:
                return trait_modifier(character, trait)
    elif kind == "element" and rest.isdigit() and int(rest) < len(character.elements):
        return character.elements[int(rest)].rank.play_modifier
    raise ValueError(f"no Quality behind the key {key!r}")


@dataclass
class TestSetup:
    """One PC's Test in the making: the Qualities put into Momentum and Action.

    Keys are those of :func:`available_for_action` ("concept", "background",
    "faculty", "trait:Physique", "element:0"). ``momentum_level`` is the Level
    the Momentum Test won at (for the first-round bonus, None if lost or not yet
    rolled); ``action_index`` counts the PC's earlier actions this round.
    """

    __test__ = False  # not a pytest test class, despite its name

    trait: Trait
    momentum: list[str] = field(default_factory=list)
    action: list[str] = field(default_factory=list)
    momentum_level: str | None = None
    action_index: int = 0
    first_round: bool = True

    def conflicts(self) -> list[str]:
        """Keys used in both Momentum and Action other than the Trait (not allowed)."""
        return [k for k in self.action if k in self.momentum and not k.startswith("trait:")]

    def action_luck_cost(self) -> int:
        """Luck the Action's extra Elements cost: every Element after the first."""
        elements = sum(1 for k in self.action if k.startswith("element:"))
        return exertion_cost(0, max(elements - 1, 0))

    def _fetish(self, character: Character, keys: list[str]) -> int:
        return fetish_modifier(character, self.trait) if trait_key(self.trait) in keys else 0

    def momentum_modifier(self, character: Character) -> int:
        """The Momentum roll's modifier: its Qualities, plus any Fetish of the Trait
        when the Trait is among them."""
        return sum(quality_modifier(character, k) for k in self.momentum) + self._fetish(
            character, self.momentum
        )

    def action_modifier(self, character: Character) -> int:
        """The Action roll's modifier: its Qualities, any Fetish of the Trait (when
        the Trait is applied), the first-round Momentum bonus and the penalty for
        extra actions."""
        bonus = momentum_bonus(self.momentum_level) if self.first_round else 0
        return (
            sum(quality_modifier(character, k) for k in self.action)
            + self._fetish(character, self.action)
            + bonus
            + multiple_action_penalty(self.action_index)
        )
