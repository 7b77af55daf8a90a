"""The Dice Pool character: a name, a few traits with a pool of dice each, and notes.

The model holds what a file may hold; the budget (how many dice a character may have) is a
rule, checked by :mod:`dice_pool.rules`, so a file that breaks it still opens and says why.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

MAX_STORED_POOL = 99
"""The largest pool a file may hold at all (the rules allow far fewer)."""
MAX_STORED_TRAITS = 64
"""The most traits a file may hold at all (the rules allow far fewer): a file with
thousands is refused in one line rather than building thousands of rows."""


class Trait(BaseModel):
    """One trait and the dice it rolls."""

    name: str = ""
    pool: int = Field(default=1, ge=0, le=MAX_STORED_POOL)


class Character(BaseModel):
    """A Dice Pool character (format ``dice-pool.character``, suffix ``.dicepool``)."""

    name: str = ""
    traits: list[Trait] = Field(default_factory=list, max_length=MAX_STORED_TRAITS)
    notes: str = ""
