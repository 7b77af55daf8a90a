"""The table rules: readings where tables differ, each a switch on ``RuleOptions``.

This module is the one place that describes them for people (the Table Rules
dialog, the README and ``seforge check`` read it). Titles and explanations are
our own words; ``lines`` are the rulebook lines the reading comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: seforge check starts without the resolution modules
    from seforge.systems.swords_edge.dice import CriticalsReading
    from seforge.systems.swords_edge.models import RuleOptions
    from seforge.systems.swords_edge.resolution.sfx import TargetReading
    from seforge.systems.swords_edge.resolution.undefended import UndefendedBands


@dataclass(frozen=True)
class TableRule:
    field: str
    """The ``RuleOptions`` field that holds the switch."""
    title: str
    explanation: str
    """One line: what switching it on changes."""
    default_text: str
    """One line: what happens with the switch off (the default)."""
    lines: str
    """Rulebook lines (swords-edge-rules.txt) the reading rests on."""
    needs: str | None = None
    """Another rule's field that must be on for this one to take effect."""


TABLE_RULES: tuple[TableRule, ...] = (
    TableRule(
        "sfx_subsystem", "SFX Qualities subsystem",
        "SFX powers are bought at Basic (one Rank, then one per step), need an activation "
        "Test, can take casting time and suffer arcane failure; the Fetish rule becomes "
        "available.",
        "An SFX is an ordinary Element: bought at Good for one Rank and used like any Quality.",
        "L665, L677",
    ),
    TableRule(
        "fetish", "Fetish rule",
        "Every SFX power comes with a Fetish, a Basic Weakness on the same Trait that "
        "counts against every Test of that Trait; losing it loses the power.",
        "No Fetish is needed; a Fetish on a sheet works like any Weakness.",
        "L689-691", needs="sfx_subsystem",
    ),
    TableRule(
        "trait_lowering_refunds", "Lowering a Trait below Average refunds Ranks",
        "A Trait may drop under Average at creation and gives back one Rank per step.",
        "Traits stay at Average or above at creation.",
        "L211, L281 (Myrrdin, L1276)",
    ),
    TableRule(
        "weakness_bonus_each", "Every creation Weakness earns a Rank",
        "Each Weakness taken at creation adds one Rank to spend.",
        "One bonus Rank in all, however many Weaknesses are taken at creation.",
        "L325",
    ),
    TableRule(
        "fetish_earns_bonus", "A Fetish earns the Weakness bonus",
        "A Fetish taken at creation adds a Rank to spend, like a creation Weakness.",
        "A Fetish is the price of its power and adds no Rank.",
        "L325, L689", needs="fetish",
    ),
    TableRule(
        "criticals_on_final_dice", "Criticals follow Luck rerolls",
        "Natural 2 and natural 20 are judged on the dice as they stand after rerolls.",
        "Criticals are judged on the first roll: a natural 2 stands and rerolls cannot "
        "turn it into a success; a rerolled pair counts by its total only.",
        "L363, L529",
    ),
    TableRule(
        "sfx_trait_ladder", "SFX against a Trait uses the ladder",
        "A regular's or hero's Trait adds its usual ladder modifier (+2 a step) to an SFX TN.",
        "A regular's or hero's Trait adds the SFX Component Table's modifier to an SFX TN.",
        "L713, L738",
    ),
    TableRule(
        "undefended_printed_bands", "Undefended bands as printed",
        "An Undefended PC's result is read on the printed bands (11-17 Average, 5-10 Good, "
        "3-4 Great).",
        "An Undefended PC's shortfall from 17 is read in 7-point bands like any margin.",
        "L557",
    ),
)

_BY_FIELD = {rule.field: rule for rule in TABLE_RULES}


def table_rule(field: str) -> TableRule:
    """The table rule stored in ``RuleOptions.<field>`` (KeyError if none)."""
    return _BY_FIELD[field]


def differing_rules(options: RuleOptions, reference: RuleOptions) -> list[TableRule]:
    """The table rules whose switch differs between ``options`` and ``reference``."""
    return [
        rule for rule in TABLE_RULES
        if getattr(options, rule.field) != getattr(reference, rule.field)
    ]


def rules_on(options: RuleOptions) -> list[TableRule]:
    """The table rules switched on in ``options``."""
    return [rule for rule in TABLE_RULES if getattr(options, rule.field)]



def criticals_reading(options: RuleOptions | None) -> CriticalsReading:
    """How ``seforge.systems.swords_edge.dice.odds`` judges criticals for a character with
    ``options``
    (None: no character, the default reading)."""
    return "final" if options is not None and options.criticals_on_final_dice else "first"


def undefended_bands(options: RuleOptions | None) -> UndefendedBands:
    """How an Undefended PC's roll is read for a character with ``options``."""
    return "printed" if options is not None and options.undefended_printed_bands else "seven"


def sfx_target_reading(options: RuleOptions | None) -> TargetReading:
    """How a regular's or hero's Trait modifies an SFX TN at a table with ``options``."""
    return "ladder" if options is not None and options.sfx_trait_ladder else "table"
