"""The names of the Dice Pool system and its document, known without importing pydantic
(the system object and ``seforge --help`` need them cheaply)."""

from __future__ import annotations

SYSTEM_ID = "dice-pool"
TITLE = "Dice Pool"
CHARACTER_FORMAT = "dice-pool.character"
CHARACTER_SUFFIX = ".dicepool"
CHARACTER_TITLE = "Dice Pool character"
