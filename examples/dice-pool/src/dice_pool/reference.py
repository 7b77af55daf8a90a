"""The Dice Pool GM screen's reference tables (the core's table type, shared by every
system). Every number comes from the exact odds; nothing is rounded before it is shown."""

from __future__ import annotations

from seforge.core.probability_text import format_probability
from seforge.core.reference import ReferenceSource, ReferenceTable

from dice_pool import rules
from dice_pool.odds import at_least, successes

TARGETS = (4, 5, 6)
"""The targets the odds table shows (on a d6)."""
SOURCE = ReferenceSource("Dice Pool (the example plug-in's own rules)", "dice_pool.rules")


def odds_table() -> ReferenceTable:
    """The chance of at least one success and of two or more, by pool and target."""
    rows: list[tuple[str, ...]] = []
    for dice in range(1, rules.MAX_POOL + 1):
        row = [f"{dice}d6"]
        for target in TARGETS:
            chances = at_least(successes(dice, target))
            two = format_probability(chances[2], 1, fixed=True) if dice >= 2 else "—"
            row.append(f"{format_probability(chances[1], 1, fixed=True)} / {two}")
        rows.append(tuple(row))
    return ReferenceTable(
        "odds", "Chance of 1+ / 2+ successes",
        ("Pool", *(f"Target {t}+" for t in TARGETS)), tuple(rows),
        notes="Each cell: the chance of at least one success, then of at least two. "
              "The GM Screen's calculator gives every count, and any die.",
        source=SOURCE)


def rules_table() -> ReferenceTable:
    return ReferenceTable(
        "rules", "How a roll works", ("Rule", "In short"),
        (("Pool", "roll as many dice as the trait's pool"),
         ("Target", "the GM names a target; each die at or above it is a success"),
         ("Result", "more successes, more done; none is a setback"),
         ("Pools", f"a trait rolls {rules.MIN_POOL} to {rules.MAX_POOL} dice"),
         ("Budget", f"a character shares {rules.BUDGET} dice among at most "
                    f"{rules.MAX_TRAITS} traits")),
        source=SOURCE)


def tables() -> tuple[ReferenceTable, ...]:
    """Every table, in the order the GM screen lists them."""
    return (rules_table(), odds_table())
