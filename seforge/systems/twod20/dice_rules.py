"""The table settings the 2d20 dice read, apart from the pydantic
:class:`~seforge.systems.twod20.settings.TableSettings` (which re-exports the two rules), so
that ``seforge odds --system 2d20`` starts without pydantic.

The dice take any :class:`DiceRules`: a table's ``TableSettings``, or by default
:data:`DEFAULT_DICE_RULES`, which restates ``TableSettings()``'s values for these four
settings (a test keeps them equal).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol


class OpposedTieRule(StrEnum):
    """Who wins an opposed test when both sides succeed (the documents say nothing)."""

    MOMENTUM_DEFENDER = "momentum-defender"
    """More Momentum wins; equal Momentum: the defender (side B) wins. The default."""
    MOMENTUM_ATTACKER = "momentum-attacker"
    """More Momentum wins; equal Momentum: the attacker (side A) wins."""
    MOMENTUM_DRAW = "momentum-draw"
    """More Momentum wins; equal Momentum is a draw the GM settles."""


class AssistGate(StrEnum):
    """When helpers' successes count (the assist-die mechanics are not in the documents)."""

    LEADER_SUCCEEDS = "leader-succeeds"
    """Helpers' successes count only if the leader scores at least one success (default)."""
    ALWAYS = "always"
    """Helpers' successes always count."""


class DiceRules(Protocol):
    """The settings of :class:`~seforge.systems.twod20.settings.TableSettings` the dice read."""

    @property
    def pool_cap(self) -> int: ...

    @property
    def natural_one_doubles(self) -> bool: ...

    @property
    def assist_gate(self) -> AssistGate: ...

    @property
    def opposed_tie_rule(self) -> OpposedTieRule: ...


class _DefaultDiceRules:
    """``TableSettings()`` as far as the dice read it (immutable, hashable)."""

    __slots__ = ()

    @property
    def pool_cap(self) -> int:
        return 5

    @property
    def natural_one_doubles(self) -> bool:
        return False

    @property
    def assist_gate(self) -> AssistGate:
        return AssistGate.LEADER_SUCCEEDS

    @property
    def opposed_tie_rule(self) -> OpposedTieRule:
        return OpposedTieRule.MOMENTUM_DEFENDER

    def __repr__(self) -> str:
        return "DEFAULT_DICE_RULES"


DEFAULT_DICE_RULES: DiceRules = _DefaultDiceRules()
"""The default table's rules for the dice (``TableSettings()``'s values)."""
