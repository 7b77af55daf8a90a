"""The choices a Sword of Life table makes, and the ones one exchange's odds read, apart from
the pydantic :class:`~seforge.systems.sword_of_life.settings.TableSettings` (which
re-exports the choices), so that ``seforge odds --system sol`` starts without pydantic.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol


class AceRule(StrEnum):
    """The "Essence and Antithesis" option (sword-of-life.txt, lines 225-240)."""

    NONE = "none"
    """Plain cards: red is a success, black a failure."""
    DOUBLE = "double"
    """Rule 1: a red Ace is two successes, a black Deuce takes two away."""
    AUTO = "auto"
    """Rule 2: a red Ace wins outright, a black Deuce fails outright, the Ace beats the Deuce."""


ACE_RULE_LABELS: dict[AceRule, str] = {
    AceRule.NONE: "Plain cards",
    AceRule.DOUBLE: "Rule 1: Ace 2, Deuce -2",
    AceRule.AUTO: "Rule 2: automatic",
}
"""Each Ace rule's short name (a choice in a narrow box)."""
ACE_RULE_NOTES: dict[AceRule, str] = {
    AceRule.NONE: "Every red card is a success and every black one a failure.",
    AceRule.DOUBLE: "A red Ace counts as two successes; a black Deuce takes two away.",
    AceRule.AUTO: "A red Ace is an automatic success and a black Deuce an automatic failure; "
                  "an Ace beats a Deuce.",
}
"""What each Ace rule does to a hand (our own words)."""


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


class ExchangeRules(Protocol):
    """The table settings one exchange's odds read (``TableSettings`` is one)."""

    @property
    def shared_deck(self) -> bool: ...

    @property
    def aces(self) -> AceRule: ...

    @property
    def floor_at_zero(self) -> bool: ...

    @property
    def deuce_target(self) -> DeuceTarget: ...

    @property
    def rule_scope(self) -> RuleScope: ...

    @property
    def auto_resolution(self) -> AutoResolution: ...


class TableRules:
    """An :class:`ExchangeRules` without pydantic, for the command line; its defaults are
    ``TableSettings()``'s (a test keeps them equal)."""

    __slots__ = ("aces", "auto_resolution", "deuce_target", "floor_at_zero", "rule_scope",
                 "shared_deck")

    def __init__(self, *, shared_deck: bool = True, aces: AceRule = AceRule.NONE,
                 floor_at_zero: bool = True, deuce_target: DeuceTarget = DeuceTarget.OWN,
                 rule_scope: RuleScope = RuleScope.BOTH,
                 auto_resolution: AutoResolution = AutoResolution.STATUS_FIRST) -> None:
        self.shared_deck = shared_deck
        self.aces = aces
        self.floor_at_zero = floor_at_zero
        self.deuce_target = deuce_target
        self.rule_scope = rule_scope
        self.auto_resolution = auto_resolution
