"""Rolling the dice for real, and what a roll writes to a sheet.

The dice come from the operating system's secure random source
(:class:`random.SystemRandom`, which reads ``os.urandom``); a test passes its own
``Random``. Reading a roll uses the same rules as the odds (:func:`odds.result_of`), so
the roller and the exact odds can never disagree. What a roll changes on a scoundrel or a
crew is done by the rules' own mutators, through the document owner in the UI (one undo
step each).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from seforge.systems.blades.levels import (
    DEFAULT_TICKS_BY_EFFECT,
    RESULT_ORDER,
    Effect,
    ResultLevel,
    effect_step,
)
from seforge.systems.blades.odds import MAX_DICE, result_of
from seforge.systems.blades.reference import consequence_of

_SYSTEM = random.SystemRandom()

LEVEL_WORDS: dict[ResultLevel, str] = {
    ResultLevel.CRITICAL: "critical",
    ResultLevel.SUCCESS: "full success",
    ResultLevel.PARTIAL: "partial success",
    ResultLevel.FAILURE: "bad outcome",
}


@dataclass(frozen=True)
class Roll:
    """The dice of one roll and how they read."""

    pool: int
    dice: tuple[int, ...]

    @property
    def zero_dice(self) -> bool:
        """Zero (or fewer) dice: two dice were rolled and the lowest is read."""
        return self.pool <= 0

    @property
    def read(self) -> int:
        return min(self.dice) if self.zero_dice else max(self.dice)

    @property
    def sixes(self) -> int:
        return 0 if self.zero_dice else self.dice.count(6)

    @property
    def level(self) -> ResultLevel:
        return result_of(self.read, self.sixes)

    @property
    def stress(self) -> int:
        """As a resistance roll: 6 minus the die read, or -1 (one stress cleared) on a
        critical (SRD, Resistance & Armor, line 323)."""
        return -1 if self.level is ResultLevel.CRITICAL else 6 - self.read

    def ticks(self, effect: Effect, ticks_by_effect: dict[str, int] | None = None) -> int:
        """Clock segments this action fills at ``effect`` (as the clock odds count them)."""
        table = ticks_by_effect or DEFAULT_TICKS_BY_EFFECT
        if self.level is ResultLevel.FAILURE:
            return 0
        if self.level is ResultLevel.CRITICAL:
            return table[effect_step(effect, 1).value]
        return table[effect.value]

    def describe(self, kind: str = "action") -> str:
        """The dice and the die read; for an action or a fortune roll its result level
        (a resistance roll always succeeds: its stress, said by the caller, is its result)."""
        shown = ", ".join(str(d) for d in self.dice)
        how = "lowest of two" if self.zero_dice else "highest"
        text = f"{max(0, self.pool)}d [{shown}]: {how} {self.read}"  # -1d (harm) rolls as 0d
        return text if kind == "resistance" else f"{text}, {LEVEL_WORDS[self.level]}"


@dataclass(frozen=True)
class GroupRoll:
    """A group action: every member's roll, the best of which counts for the group; the
    leader takes 1 stress for each member whose roll is a 1-3 (the rule the odds use,
    :func:`seforge.systems.blades.odds.group_action`: beyond the supplied text, notes §6)."""

    rolls: tuple[Roll, ...]

    @property
    def best(self) -> Roll:
        """The member's roll that counts: the best result level (the first such roll)."""
        return max(self.rolls, key=lambda r: RESULT_ORDER.index(r.level))

    @property
    def level(self) -> ResultLevel:
        return self.best.level

    @property
    def leader_stress(self) -> int:
        """1 stress for the leader per member who rolled a 1-3."""
        return sum(1 for r in self.rolls if r.level is ResultLevel.FAILURE)

    def describe(self, numbers: Sequence[int] = (), position: str = "") -> str:
        """Each member's dice and result (member 1, 2... or the ``numbers`` given), then
        the result that counts (at ``position`` when given, with what it typically costs
        there: :func:`reference.consequence_of`) and the leader's stress."""
        names = list(numbers) or list(range(1, len(self.rolls) + 1))
        members = "; ".join(f"member {n} {r.describe()}"
                            for n, r in zip(names, self.rolls, strict=True))
        stress = self.leader_stress
        cost = (f"the leader takes {stress} stress" if stress else
                "the leader takes no stress")
        counts = LEVEL_WORDS[self.level]
        if position:
            counts += f" at a {position} position"
            consequence = consequence_of(position, self.level)
            counts += f" ({consequence})" if consequence else ""
        return f"{members}. Counts: {counts}; {cost}"


def roll_group(pools: list[int], rng: random.Random | None = None) -> GroupRoll:
    """Roll a group action: one roll of each member's pool (in the order given)."""
    if not pools:
        raise ValueError("a group action needs at least one member")
    return GroupRoll(tuple(roll(pool, rng) for pool in pools))


def roll(pool: int, rng: random.Random | None = None) -> Roll:
    """Roll ``pool`` dice (two, read low, when the pool is zero or less)."""
    if pool > MAX_DICE:
        raise ValueError(f"a pool of {pool} dice is more than the {MAX_DICE} the roller rolls")
    source = rng or _SYSTEM
    count = 2 if pool <= 0 else pool
    return Roll(pool, tuple(source.randint(1, 6) for _ in range(count)))
