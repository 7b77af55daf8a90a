"""The GM screen's reference tables, as core ReferenceTables
(:mod:`seforge.core.reference`), each with the rulebook section and lines it summarises.

Every number comes from the core (:mod:`seforge.systems.swords_edge.ranks`,
:mod:`seforge.systems.swords_edge.resolution`,
:mod:`seforge.systems.swords_edge.dice`, :mod:`seforge.systems.swords_edge.play`), so a table
cannot drift from the rules
the rest of the program applies. The wording is ours: the tables summarise the
book, they do not quote it.
"""

from __future__ import annotations

from dataclasses import replace

from seforge.core.reference import ReferenceSource, find_table
from seforge.core.reference import ReferenceTable as ReferenceTable  # re-exported
from seforge.core.reference import search as search  # re-exported for the GM screen
from seforge.systems.swords_edge.dice import LEVEL_STEP, LEVELS, NATURAL_MAX, NATURAL_MIN
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.play.luck import DEFAULT_LUCK
from seforge.systems.swords_edge.ranks import QUALITY_RANKS, Rank, format_modifier
from seforge.systems.swords_edge.resolution.qualities import exertion_cost
from seforge.systems.swords_edge.resolution.ranges import (
    RANGES,
    range_modifier,
    range_penalty_ranks,
)
from seforge.systems.swords_edge.resolution.recovery import (
    RECOVERY_TN,
    WEEKLY_RECOVERY,
    recovery_removed,
)
from seforge.systems.swords_edge.resolution.sfx import (
    SFX_COMPONENTS,
    SFX_RANKS,
    sfx_modifier,
    sfx_rounds,
)
from seforge.systems.swords_edge.resolution.stress import REGULAR_STRESS_LIMIT, stress_result
from seforge.systems.swords_edge.resolution.tns import momentum_bonus, multiple_action_penalty
from seforge.systems.swords_edge.resolution.undefended import (
    UNDEFENDED_PC_TN,
    UNDEFENDED_TN,
    DefenderBenefit,
    defender_benefits,
)
from seforge.systems.swords_edge.wording import plural, with_article

# ------------------------------------------------------------------------- Ranks

_RANK_EXAMPLES: dict[Rank, tuple[str, str]] = {
    Rank.WEAK: ("Climbing a flight of stairs", "Reading a street sign"),
    Rank.POOR: ("Hopping over a puddle", "Counting change"),
    Rank.BASIC: ("Swimming across a calm pond", "Following a cooking recipe"),
    Rank.AVERAGE: ("Scaling a garden wall", "Balancing a shop's ledger"),
    Rank.GOOD: ("Riding a half-broken horse", "Translating an old letter"),
    Rank.GREAT: ("Leaping between rooftops", "Designing a stone bridge"),
    Rank.EXCEPTIONAL: ("Crossing a rope bridge in a gale", "Breaking an army's cipher"),
    Rank.LEGENDARY: ("Outrunning a galloping horse", "Solving a centuries-old riddle"),
    Rank.MYTHIC: ("Climbing up a waterfall", "Reading a god's mind"),
}


def _ranks_table() -> ReferenceTable:
    rows = tuple(
        (
            rank.label,
            "—" if rank is Rank.MYTHIC else format_modifier(rank.modifier),
            str(rank.target_number),
            *_RANK_EXAMPLES[rank],
        )
        for rank in Rank
    )
    return ReferenceTable(
        "ranks",
        "Ranks",
        ("Rank", "Modifier", "TN", "Physical task", "Mental task"),
        rows,
        "A Quality adds its modifier to the roll; a task or an NC sets a TN. Mythic is a "
        "TN only: no Quality reaches it.",
    )


# ------------------------------------------------------------- Levels of Success


def _band(index: int) -> str:
    low = index * LEVEL_STEP
    if index == len(LEVELS) - 1:
        return f"{low}+"
    return f"{low}–{low + LEVEL_STEP - 1}"


def _benefit(level: Level) -> str:
    benefit: DefenderBenefit = defender_benefits(level, lost_momentum_by_critical=False)
    return "—" if benefit == DefenderBenefit() else benefit.text


def _levels_table() -> ReferenceTable:
    rows = tuple(
        (
            level,
            _band(index),
            "—" if momentum_bonus(level) == 0 else format_modifier(momentum_bonus(level)),
            _benefit(level),
        )
        for index, level in enumerate(LEVELS)
    )
    return ReferenceTable(
        "levels",
        "Levels of Success",
        ("Level", "Points over the TN", "Momentum win: first Action", "Defender's reward"),
        rows,
        f"Reaching the TN is an Average success; every further {LEVEL_STEP} points climbs "
        "one Level. A defender who lost the Momentum to a natural 2 gets only the Good "
        "reward from a Great or Exceptional defence.",
    )


# ------------------------------------------------------------------------ Stress


def _stress_effect(level: Level) -> str:
    result = stress_result(level)
    extras: list[str] = []
    if result.undefended:
        extras.append("the target is Undefended for the rest of the scene")
    if result.doom:
        extras.append("a Doom")
    if result.weakness_rank is not None:
        extras.append(
            f"a survivor also gains {with_article(result.weakness_rank.label)} "
            f"({format_modifier(result.weakness_rank.modifier)}) Weakness"
        )
    return "; ".join(extras) if extras else "—"


def _stress_table() -> ReferenceTable:
    rows = tuple(
        (level, str(stress_result(level).penalty_ranks), _stress_effect(level))
        for level in LEVELS
    )
    return ReferenceTable(
        "stress",
        "Stress by Level",
        ("Attack's Level", "Penalty Ranks", "Also"),
        rows,
        "Penalty Ranks land on the Trait the defender used. A Penalty Rank on a Weak Trait "
        "is a Doom.",
    )


# ----------------------------------------------------------------------- NC types


def _nc_types_table() -> ReferenceTable:
    plus = format_modifier
    rows = (
        (
            NCType.MINION.value.capitalize(),
            f"Concept {plus(Rank.GOOD.modifier)}, nothing else",
            "Out at the first Stress",
        ),
        (
            NCType.REGULAR.value.capitalize(),
            f"Concept {plus(Rank.GOOD.modifier)}; Traits {plus(Rank.GOOD.modifier)}, "
            f"{plus(Rank.AVERAGE.modifier)} and {plus(Rank.BASIC.modifier)}",
            f"Out once it has taken {REGULAR_STRESS_LIMIT} Stress in all",
        ),
        (
            NCType.HERO.value.capitalize(),
            f"Concept {plus(Rank.GREAT.modifier)}; Traits {plus(Rank.GOOD.modifier)}, "
            f"{plus(Rank.GREAT.modifier)} and {plus(Rank.EXCEPTIONAL.modifier)}; "
            f"Elements, typically {plus(Rank.GREAT.modifier)} and {plus(Rank.GOOD.modifier)}",
            "Each Stress lowers its Rank (and TN) by one step; out when pushed below Weak",
        ),
    )
    return ReferenceTable(
        "nc_types",
        "Narrative Character types",
        ("Type", "Built with", "Stress"),
        rows,
        "The NC's Rank sets its base TN; a Quality that applies raises it. An NC's Trait "
        "counts in Momentum, never its Concept; a Quality it spends on Momentum is not "
        "available for the Action. Rank and type are independent.",
    )


# ----------------------------------------------------------------------- Recovery


def _recovery_table() -> ReferenceTable:
    rows = tuple(
        (
            level,
            str(recovery_removed(level, daily=False)),
            str(recovery_removed(level, daily=True)),
        )
        for level in LEVELS
    )
    return ReferenceTable(
        "recovery",
        "Recovery",
        ("Level", "End of scene removes", "End of day removes"),
        rows,
        f"TN {RECOVERY_TN}, no Momentum Test, never a Trait (other fitting Qualities may "
        "help). The scene Test and Luck (one per Penalty Rank) reach only Stress taken in "
        f"that scene. Every in-game week clears {plural(WEEKLY_RECOVERY, 'Penalty Rank')} "
        "by itself; an Advancement at the end of a session clears them all. The day column "
        "above Great is our reading of the book.",
    )


# -------------------------------------------------------------------------- Range


def _range_table() -> ReferenceTable:
    rows = tuple(
        (
            band.capitalize(),
            str(range_penalty_ranks(band)),
            "—" if range_modifier(band) == 0 else format_modifier(range_modifier(band)),
        )
        for band in RANGES
    )
    return ReferenceTable(
        "range",
        "Range (optional)",
        ("Range", "Penalty Ranks", "Modifier"),
        rows,
        "Temporary Penalty Ranks on a ranged attack. Bands scale with the weapon: medium is "
        "the range where a trained user hits a person half the time, near a quarter of it.",
    )


# ---------------------------------------------------------------------------- SFX


def _sfx_table() -> ReferenceTable:
    rows = tuple(
        (
            rank.label,
            *(SFX_COMPONENTS[c][i].capitalize() for c in ("reach", "duration", "area", "energy")),
            "—" if sfx_modifier(rank) == 0 else format_modifier(sfx_modifier(rank)),
            str(sfx_rounds(rank)),
        )
        for i, rank in enumerate(SFX_RANKS)
    )
    return ReferenceTable(
        "sfx",
        "SFX components",
        ("Rank", "Reach", "Duration", "Area", "Energy", "Modifier", "Rounds"),
        rows,
        "Used with the SFX Qualities subsystem table rule. Action TN: the highest "
        "component's Rank gives the TN, each other component adds its modifier. Momentum "
        "TN: the Area's TN plus the Energy's modifier. A regular's or hero's fitting "
        "Qualities raise both, never set the base; its Trait adds this table's modifier "
        "(a table rule uses the ladder instead). Casting time (optional): add up the "
        "Rounds column.",
    )


# ------------------------------------------------------------------ Luck, Advancement


def _luck_table() -> ReferenceTable:
    rows = (
        (
            "Exertion",
            f"{exertion_cost(1, 0)} per extra Trait or Element",
            "One Trait and one Element are free in a Test; another Element must share a "
            "Trait already in the Test",
        ),
        (
            "Reroll",
            "1 per reroll",
            "Reroll one die at a time; keep the better of the two results. A natural 2 "
            "stands unless your table judges criticals on the final dice",
        ),
        (
            "Clear Stress",
            "1 per Penalty Rank",
            "At the end of a scene, only Penalty Ranks taken in that scene",
        ),
        ("Other", "As agreed", "Any use the GM accepts; it then stays open to everyone"),
        (
            "Getting Luck",
            f"{DEFAULT_LUCK} at session start",
            "More when your Weakness is invoked or the GM rewards good play; unspent Luck "
            "is lost at the session's end",
        ),
    )
    return ReferenceTable(
        "luck",
        "What Luck buys",
        ("Use", "Cost", "Details"),
        rows,
        "An Advancement can be spent as one Luck.",
    )


def _advancement_table() -> ReferenceTable:
    rows = (
        (
            "Raise a Quality",
            "Concept, Background, Faculty or an Element goes up one Rank",
            "Once per session (shared with buying)",
        ),
        ("Buy a Quality", f"A new Quality at {Rank.GOOD.label}", "Once per session (shared)"),
        ("Clear Stress", "All Penalty Ranks go", "At the end of a session"),
        ("Spend as Luck", "Counts as one Luck", "Any time Luck could be spent"),
        (
            "Escape a Doom",
            "Not killed; still leaves the scene and keeps any Weakness earned",
            "Back and able to recover when the scene ends",
        ),
        (
            "From a natural 2",
            "Only raises a Quality used in that Test",
            "A Trait only when it was the sole Quality in the Test",
        ),
    )
    return ReferenceTable(
        "advancement",
        "What an Advancement buys",
        ("Use", "Effect", "Limit"),
        rows,
        "Advancements come from a Critical Failure (natural 2) and from bringing a Pivot "
        "into play.",
    )


# ------------------------------------------------------------------ Test summary


def _test_table() -> ReferenceTable:
    step = format_modifier(-multiple_action_penalty(1))
    rows = (
        (
            "Momentum",
            "Decides who acts. Only the Trait is free to reuse; any other Quality spent "
            "here is gone for the Action and for the rest of the scene.",
        ),
        (
            "Group Momentum",
            f"The highest-Ranked NC gives the TN; each other NC adds its Rank modifier, at "
            f"least {step}. No Trait is added unless the GM says so.",
        ),
        (
            "Momentum bonus",
            f"{format_modifier(momentum_bonus(Level.GOOD))} per Level above Average on the "
            "winner's first Action, first round only.",
        ),
        (
            "Action",
            "Concept, Background, Faculty, the Momentum Trait and one Element; more with "
            "Luck. Qualities linked to a Trait must share the Momentum Trait.",
        ),
        (
            "Seize the Momentum",
            "A loser's new Momentum Test on their turn against the NCs' joint Action TN. "
            "Failing leaves them Undefended: the NCs' TN is read against "
            f"{UNDEFENDED_TN} for the hit.",
        ),
        ("Undefended target", f"Attacks on it roll against TN {UNDEFENDED_TN}."),
        (
            "Undefended PC",
            f"Rolls 2d10 with only Penalty Ranks; each full {LEVEL_STEP} points short of "
            f"{UNDEFENDED_PC_TN} is one Level worse for the hit; a natural 2 is Legendary.",
        ),
        (
            "Multiple actions",
            "Each act or reaction after the first in a round costs "
            f"{format_modifier(multiple_action_penalty(1))} more "
            f"(2nd {format_modifier(multiple_action_penalty(1))}, "
            f"3rd {format_modifier(multiple_action_penalty(2))}).",
        ),
        (
            f"Natural {NATURAL_MAX}",
            "Always succeeds (at least Average); the winner of Momentum cannot be Seized "
            "from; earns a Good Stunt tied to the Trait used.",
        ),
        (
            f"Natural {NATURAL_MIN}",
            "Always fails; no Seizing after it; earns an Advancement for a Quality used.",
        ),
    )
    return ReferenceTable(
        "test",
        "Test summary",
        ("Topic", "In short"),
        rows,
        "Only players roll: 2d10 plus the Qualities' modifiers, succeeding on the TN or more.",
    )


RULEBOOK = "swords-edge-rules.txt"
"""The rulebook text the tables summarise (in shared/reference)."""

SOURCES: dict[str, ReferenceSource] = {
    "test": ReferenceSource(RULEBOOK, "Tests", "L405-557", page="18"),
    "ranks": ReferenceSource(RULEBOOK, "Ranks", "L157-191", page="4"),
    "levels": ReferenceSource(RULEBOOK, "Levels of Success", "L584-603", page="30"),
    "stress": ReferenceSource(RULEBOOK, "Damage", "L604-635", page="31"),
    "nc_types": ReferenceSource(RULEBOOK, "Narrative Characters", "L1118-1183", page="58"),
    "recovery": ReferenceSource(RULEBOOK, "Recovery", "L636-656", page="33"),
    "range": ReferenceSource(RULEBOOK, "Range", "L559-583", page="29"),
    # a table inside "SFX Qualities" (p. 36); the contents give no page of its own
    "sfx": ReferenceSource(RULEBOOK, "SFX Component Table", "L717-741"),
    "luck": ReferenceSource(RULEBOOK, "Luck", "L357-388", page="15"),
    "advancement": ReferenceSource(RULEBOOK, "Advancement", "L389-404", page="16"),
}
"""Where each table's facts are in the rulebook (pages from its Contents)."""


def _sourced(*tables: ReferenceTable) -> tuple[ReferenceTable, ...]:
    return tuple(replace(t, source=SOURCES[t.id]) for t in tables)


TABLES: tuple[ReferenceTable, ...] = _sourced(
    _test_table(),
    _ranks_table(),
    _levels_table(),
    _stress_table(),
    _nc_types_table(),
    _recovery_table(),
    _range_table(),
    _sfx_table(),
    _luck_table(),
    _advancement_table(),
)
"""Every table of the GM screen, in the order it shows them."""

QUALITY_MODIFIERS: tuple[int, ...] = tuple(r.modifier for r in QUALITY_RANKS)
"""The ladder's modifiers, Weak to Legendary (handy for spin boxes and tests)."""


def table(table_id: str) -> ReferenceTable:
    """The table with this id; KeyError naming the known ids otherwise."""
    return find_table(TABLES, table_id)
