"""The table settings of Sword of Life: every point the text leaves open, named, with a default.

Source: ``reference/sword-of-life.txt``; the reading notes ``reference/systems/sol.md`` mark
these points [A] (assumed) and propose the defaults used here.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class AceRule(StrEnum):
    """The "Essence and Antithesis" option (sword-of-life.txt, lines 225-240)."""

    NONE = "none"
    """Plain cards: red is a success, black a failure."""
    DOUBLE = "double"
    """Rule 1: a red Ace is two successes, a black Deuce takes two away."""
    AUTO = "auto"
    """Rule 2: a red Ace wins outright, a black Deuce fails outright, the Ace beats the Deuce."""


class RuleScope(StrEnum):
    """Whose hands the Ace/Deuce rule reads ([A] sol.md 1.4: both sides by default)."""

    BOTH = "both"
    PLAYER = "player"


class DeuceTarget(StrEnum):
    """Whose successes a black Deuce cancels under Rule 1 ([A] sol.md 1.4)."""

    OWN = "own"
    """The hand that drew it (the notes' reading)."""
    OTHER = "other"
    """The other side's hand."""


class Reshuffle(StrEnum):
    """When the virtual deck is shuffled again ([A] sol.md 2.1: every exchange by default)."""

    EVERY_EXCHANGE = "every-exchange"
    WHEN_EMPTY = "when-empty"


class AutoResolution(StrEnum):
    """How Rule 2's automatic results decide an exchange ([A] sol.md 1.4: the text is silent)."""

    STATUS_FIRST = "status-first"
    """An automatic success beats a plain hand, which beats an automatic failure; the better
    side wins by at least one (its margin is raised to 1 when the cards said less); equal
    statuses compare successes as usual."""
    CARDS_ONLY = "cards-only"
    """The automatic results are only reported; the cards' margin decides."""


class TableSettings(BaseModel):
    """The assumptions of one table, used by the odds, the tracker and the virtual deck."""

    model_config = ConfigDict(extra="forbid")

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
