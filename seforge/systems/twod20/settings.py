"""Every rule the 2d20 documents leave open, as a labelled setting with a default.

The SRD chapter [S] relies on a "Chapter 1: Core Rules" that is not supplied, and the Conan
screen [C] is a summary, so some numbers are not in either document (notes ``2d20.md`` §1.1,
§1.2, §2.2, §2.3, §6 and summary "Coverage"). Each one is a field here, with its default and the
reason; a record or a tracker carries its own copy, and the calculator takes one.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from seforge.systems.twod20.dice_rules import AssistGate as AssistGate
from seforge.systems.twod20.dice_rules import OpposedTieRule as OpposedTieRule

DEFAULT_BONUS_DIE_PRICES = (1, 2, 3)


class TableSettings(BaseModel):
    """The open rules, with the notes' defaults. Names are stable (saved in documents)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pool_cap: int = Field(default=5, ge=2, le=10)
    """Most d20s in one test, Fortune dice included: 2 + 3 bought [C] "no more than three
    additional d20s". Talents may raise it, so it is a setting. Rule ``2d20.pool.cap``."""
    bonus_die_prices: tuple[int, ...] = Field(default=DEFAULT_BONUS_DIE_PRICES, max_length=8)
    """Momentum (or Threat/Doom) each bought d20 costs, first to last. Not in either document;
    1, 2, 3 is the usual 2d20 convention [X]. Fortune dice are paid with Fortune instead."""
    momentum_cap: int = Field(default=6, ge=0, le=99)
    """Most Momentum the group pool can bank. Not in either document; 6 is the usual
    convention [X]. Momentum beyond it is lost."""
    momentum_loss_per_round: int = Field(default=1, ge=0, le=99)
    """Momentum the group pool loses at the end of each round: 1 [C] "Turn sequence"."""
    keep_initiative_cost: int = Field(default=2, ge=0, le=99)
    """Momentum (or Threat added by a PC, spent by an NPC) to keep the initiative: 2 [S]
    "Action Order" lines 25-31."""
    opposed_tie_rule: OpposedTieRule = OpposedTieRule.MOMENTUM_DEFENDER
    """Who wins an opposed test when both succeed; the engine always reports the separate
    categories too (notes §2.3)."""
    assist_gate: AssistGate = AssistGate.LEADER_SUCCEEDS
    """When assistants' successes count (notes §2.2 "Assistance [X]")."""
    natural_one_doubles: bool = False
    """A rolled 1 always scores two successes, Focus or not ([X] flag, off by default)."""
    ranged_base_difficulty: int = Field(default=2, ge=0, le=5)
    """Base Difficulty of a ranged attack: [S] says D2 in the attack procedure (line 538) but
    D1 in the Range section; the notes flag the conflict (§6). Default D2."""
    harm_limit: int = Field(default=3, ge=1, le=10)
    """Harms that leave a character Defeated: 3 [S] line 948 (the Number of Harms variant
    changes it)."""
    harm_threshold: int = Field(default=5, ge=1, le=20)
    """Stress from one attack that causes a Harm: 5 [S] line 927, [C] "Stress and Harm"
    (the Scale variant raises it)."""


DEFAULT_SETTINGS = TableSettings()


SETTING_LABELS: dict[str, str] = {
    "pool_cap": "Most d20s in a test",
    "bonus_die_prices": "Price of each bought d20",
    "momentum_cap": "Momentum pool cap",
    "momentum_loss_per_round": "Momentum lost each round",
    "keep_initiative_cost": "Cost to keep the initiative",
    "opposed_tie_rule": "Opposed test when both succeed",
    "assist_gate": "Assistants' successes count",
    "natural_one_doubles": "A rolled 1 always scores 2",
    "ranged_base_difficulty": "Ranged attack base Difficulty",
    "harm_limit": "Harms before Defeated",
    "harm_threshold": "Stress in one hit that causes a Harm",
}
"""The label each setting has in the app and the README (our own words)."""


def bonus_die_cost(settings: TableSettings, bought: int) -> int:
    """What ``bought`` extra d20s cost in total (the last price repeats if the list is short).

    Rule ``2d20.pool.price``; the prices are a setting (see :class:`TableSettings`).
    """
    if bought < 0:
        raise ValueError(f"the number of bought dice cannot be negative ({bought})")
    prices = settings.bonus_die_prices or (0,)
    return sum(prices[min(index, len(prices) - 1)] for index in range(bought))


def parse_prices(text: str) -> tuple[int, ...]:
    """Bought-die prices typed as "1, 2, 3" (ValueError with a one-line reason)."""
    parts = [part for part in text.replace(",", " ").split() if part]
    if not parts:
        raise ValueError("type at least one price, e.g. 1, 2, 3")
    try:
        prices = tuple(int(part) for part in parts)
    except ValueError:
        raise ValueError("prices are whole numbers, e.g. 1, 2, 3") from None
    if any(price < 0 or price > 99 for price in prices):
        raise ValueError("each price is 0 to 99")
    if len(prices) > 8:
        raise ValueError("at most 8 prices")
    return prices
