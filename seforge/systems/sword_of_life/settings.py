"""The table settings of Sword of Life: every point the text leaves open, named, with a default.

Source: ``reference/sword-of-life.txt``; the reading notes ``reference/systems/sol.md`` mark
these points [A] (assumed) and propose the defaults used here.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from seforge.systems.sword_of_life.rule_options import AceRule as AceRule
from seforge.systems.sword_of_life.rule_options import AutoResolution as AutoResolution
from seforge.systems.sword_of_life.rule_options import DeuceTarget as DeuceTarget
from seforge.systems.sword_of_life.rule_options import Reshuffle as Reshuffle
from seforge.systems.sword_of_life.rule_options import RuleScope as RuleScope


class TableSettings(BaseModel):
    """The assumptions of one table, used by the odds, the tracker and the virtual deck."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)
    """A value set on a field is validated (a combo box hands over a plain str)."""

    shared_deck: bool = True
    """[A] sol.md 2.1: both hands come from one shuffled deck (dependent); else one deck each."""
    aces: AceRule = AceRule.NONE
    """The Essence-and-Antithesis rule in play (optional in the text; off by default)."""
    floor_at_zero: bool = True
    """[A] sol.md 1.4: under Rule 1 a hand's total never drops below 0."""
    deuce_target: DeuceTarget = DeuceTarget.OWN
    """[A] sol.md 1.4: under Rule 1 a black Deuce cancels successes in its own hand."""
    rule_scope: RuleScope = RuleScope.BOTH
    """[A] sol.md 1.4: the Ace/Deuce rule reads the GM's hands too."""
    auto_resolution: AutoResolution = AutoResolution.STATUS_FIRST
    """[A] sol.md 1.4: how an automatic result (Rule 2) turns into a margin."""
    reshuffle: Reshuffle = Reshuffle.EVERY_EXCHANGE
    """[A] sol.md 2.1: a fresh, full deck for every exchange (the odds assume it)."""
    symmetric_losses: bool = True
    """[I] sol.md 1.2 step 7: a negative margin lowers the player's own score in combat and
    debate too (the text shows it only for problems)."""
