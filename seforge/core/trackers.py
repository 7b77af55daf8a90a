"""Trackers every game system needs at the table, as small immutable values.

Each tracker is a frozen dataclass. A mutator returns a new tracker and never changes the old
one, so an undo stack or a history snapshot can keep the old value as it is. A change the rules
of the tracker do not allow is refused with :class:`RefusedError`, whose message says why in one
line; every mutator has a ``why_not_*`` twin that returns that reason (or ``None``) without
raising, for a view that wants to grey out a button and explain it in a tooltip.

- :class:`Pool`: a bounded counter (2d20 Momentum capped at 6, Threat and Doom, Fortune, coin);
- :class:`BoxTrack`: a row of boxes filled and cleared (Stress, armour boxes, experience);
- :class:`TieredTrack`: rows of boxes by severity where a mark that finds its row full moves
  up a row (Blades harm, 2d20 Harms, penalty ranks);
- :class:`Clock` and :class:`ClockBoard`: progress clocks (usually 4, 6, 8 or 12 segments), and how
  clocks relate (linked, racing, tug-of-war) as data (defined in :mod:`seforge.core.clocks`);
- :class:`OpposedTrack`: two scores worn down by the margin of each exchange (a card conflict,
  a debate, a chase);
- :class:`TimedEffect`: an effect that lasts so many turns, rounds or scenes;
- :class:`TurnOrder`: who acts in a round, in a fixed order or in any order with each acting once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from seforge.core.clocks import CLOCK_SIZES as CLOCK_SIZES
from seforge.core.clocks import MAX_CLOCK_SEGMENTS as MAX_CLOCK_SEGMENTS
from seforge.core.clocks import Clock as Clock
from seforge.core.clocks import ClockBoard as ClockBoard
from seforge.core.clocks import ClockLink as ClockLink
from seforge.core.clocks import LinkKind as LinkKind
from seforge.core.refused import RefusedError as RefusedError
from seforge.core.refused import amount_problem as _amount_problem
from seforge.core.refused import refuse_if as _refuse_if


class Excess(StrEnum):
    """What a pool does with a gain beyond its cap."""

    REFUSE = "refuse"
    """The gain is refused; the player must spend first."""
    DISCARD = "discard"
    """The pool fills to its cap and the rest is lost."""


# pools --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pool:
    """A counter between ``floor`` and ``cap`` (no cap when ``cap`` is None)."""

    name: str
    value: int = 0
    cap: int | None = None
    floor: int = 0
    excess: Excess = Excess.REFUSE

    def __post_init__(self) -> None:
        if self.cap is not None and self.cap < self.floor:
            raise RefusedError(f"{self.name}: the cap {self.cap} is below the floor {self.floor}")
        if self.value < self.floor:
            raise RefusedError(
                f"{self.name} cannot be below {self.floor} (it would be {self.value})"
            )
        if self.cap is not None and self.value > self.cap:
            raise RefusedError(f"{self.name} cannot be above {self.cap} (it would be {self.value})")

    @property
    def room(self) -> int | None:
        """How much more the pool can take (None: no limit)."""
        return None if self.cap is None else self.cap - self.value

    def why_not_gain(self, amount: int) -> str | None:
        problem = _amount_problem(amount)
        if problem is not None:
            return problem
        room = self.room
        if room is not None and amount > room and self.excess is Excess.REFUSE:
            return f"{self.name} is capped at {self.cap}: it can take {room} more, not {amount}"
        return None

    def gain(self, amount: int) -> Pool:
        """Add ``amount`` (beyond the cap: refused, or lost when ``excess`` is DISCARD)."""
        _refuse_if(self.why_not_gain(amount))
        value = self.value + amount
        if self.cap is not None:
            value = min(value, self.cap)
        return replace(self, value=value)

    def overflow(self, amount: int) -> int:
        """How much of a gain of ``amount`` would not fit under the cap."""
        room = self.room
        return 0 if room is None else max(0, amount - room)

    def why_not_spend(self, amount: int) -> str | None:
        problem = _amount_problem(amount)
        if problem is not None:
            return problem
        if self.value - amount < self.floor:
            return f"{self.name} has {self.value - self.floor} to spend, not {amount}"
        return None

    def spend(self, amount: int) -> Pool:
        """Take ``amount`` away (refused when the pool holds less)."""
        _refuse_if(self.why_not_spend(amount))
        return replace(self, value=self.value - amount)

    def why_not_set(self, value: int) -> str | None:
        if value < self.floor:
            return f"{self.name} cannot be below {self.floor}"
        if self.cap is not None and value > self.cap:
            return f"{self.name} cannot be above {self.cap}"
        return None

    def set(self, value: int) -> Pool:
        _refuse_if(self.why_not_set(value))
        return replace(self, value=value)

    def decay(self, amount: int = 1) -> Pool:
        """Lose up to ``amount`` without going below the floor (Momentum fading each round)."""
        _refuse_if(_amount_problem(amount))
        return replace(self, value=max(self.floor, self.value - amount))


# box tracks ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoxTrack:
    """A row of ``boxes`` boxes of which ``marked`` are filled."""

    name: str
    boxes: int
    marked: int = 0

    def __post_init__(self) -> None:
        if self.boxes < 1:
            raise RefusedError(f"{self.name} needs at least one box, not {self.boxes}")
        if not 0 <= self.marked <= self.boxes:
            raise RefusedError(
                f"{self.name} has {self.boxes} boxes: {self.marked} cannot be marked"
            )

    @property
    def free(self) -> int:
        return self.boxes - self.marked

    @property
    def full(self) -> bool:
        return self.marked == self.boxes

    def overflow(self, amount: int) -> int:
        """How many marks of ``amount`` would not fit (what a system turns into Trauma)."""
        return max(0, amount - self.free)

    def why_not_mark(self, amount: int = 1) -> str | None:
        problem = _amount_problem(amount)
        if problem is not None:
            return problem
        if amount > self.free:
            return f"{self.name} has {self.free} free boxes, not {amount}"
        return None

    def mark(self, amount: int = 1) -> BoxTrack:
        _refuse_if(self.why_not_mark(amount))
        return replace(self, marked=self.marked + amount)

    def why_not_clear(self, amount: int = 1) -> str | None:
        problem = _amount_problem(amount)
        if problem is not None:
            return problem
        if amount > self.marked:
            return f"{self.name} has {self.marked} marked boxes, not {amount}"
        return None

    def clear(self, amount: int = 1) -> BoxTrack:
        _refuse_if(self.why_not_clear(amount))
        return replace(self, marked=self.marked - amount)

    def clear_all(self) -> BoxTrack:
        return replace(self, marked=0)


# tiered tracks ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tier:
    """One row of a tiered track: its label and how many boxes it holds."""

    label: str
    boxes: int


@dataclass(frozen=True)
class TieredTrack:
    """Rows of boxes by severity; a mark that finds its row full goes to the next row up.

    ``marked`` holds what is written in each row's boxes (an empty string is never stored),
    lowest row first. A mark beyond the top row is refused: the system decides what that means
    (out of action, dead, Defeated) from :meth:`landing_tier` returning None.
    """

    name: str
    tiers: tuple[Tier, ...]
    marked: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if not self.tiers:
            raise RefusedError(f"{self.name} needs at least one row")
        if any(tier.boxes < 1 for tier in self.tiers):
            raise RefusedError(f"{self.name}: every row needs at least one box")
        if not self.marked:
            object.__setattr__(self, "marked", tuple(() for _ in self.tiers))
        if len(self.marked) != len(self.tiers):
            raise RefusedError(f"{self.name} has {len(self.tiers)} rows, not {len(self.marked)}")
        for tier, row in zip(self.tiers, self.marked, strict=True):
            if len(row) > tier.boxes:
                raise RefusedError(f"{self.name}: the row {tier.label} holds only {tier.boxes}")

    def _check_tier(self, tier: int) -> str | None:
        if not 0 <= tier < len(self.tiers):
            return f"{self.name} has rows 0 to {len(self.tiers) - 1}, not {tier}"
        return None

    def free_in(self, tier: int) -> int:
        _refuse_if(self._check_tier(tier))
        return self.tiers[tier].boxes - len(self.marked[tier])

    def landing_tier(self, tier: int) -> int | None:
        """The row a mark of severity ``tier`` lands in, or None if it goes past the top."""
        _refuse_if(self._check_tier(tier))
        for row in range(tier, len(self.tiers)):
            if self.free_in(row) > 0:
                return row
        return None

    def why_not_mark(self, tier: int, text: str = "") -> str | None:
        problem = self._check_tier(tier)
        if problem is not None:
            return problem
        if self.landing_tier(tier) is None:
            return f"{self.name} is full from the row {self.tiers[tier].label} up"
        return None

    def mark(self, tier: int, text: str = "") -> TieredTrack:
        """Mark a box in ``tier``, or in the first row above it with a free box."""
        _refuse_if(self.why_not_mark(tier, text))
        row = self.landing_tier(tier)
        assert row is not None
        entry = text or self.tiers[row].label
        marked = list(self.marked)
        marked[row] = (*marked[row], entry)
        return replace(self, marked=tuple(marked))

    def why_not_clear(self, tier: int, index: int = -1) -> str | None:
        problem = self._check_tier(tier)
        if problem is not None:
            return problem
        row = self.marked[tier]
        if not row:
            return f"nothing is marked in the row {self.tiers[tier].label}"
        if not -len(row) <= index < len(row):
            return f"the row {self.tiers[tier].label} has {len(row)} marks, not {index + 1}"
        return None

    def clear(self, tier: int, index: int = -1) -> TieredTrack:
        _refuse_if(self.why_not_clear(tier, index))
        row = list(self.marked[tier])
        del row[index]
        marked = list(self.marked)
        marked[tier] = tuple(row)
        return replace(self, marked=tuple(marked))

    def worst(self) -> int | None:
        """The highest row with a mark (None when nothing is marked)."""
        rows = [i for i, row in enumerate(self.marked) if row]
        return rows[-1] if rows else None

    def shift_down(self) -> TieredTrack:
        """Move every mark one row down; marks in the lowest row are cleared (Blades recovery).

        A mark that finds the lower row full stays where it is.
        """
        marked = [list(row) for row in self.marked]
        marked[0] = []
        for row in range(1, len(marked)):
            kept: list[str] = []
            for entry in marked[row]:
                if len(marked[row - 1]) < self.tiers[row - 1].boxes:
                    marked[row - 1].append(entry)
                else:
                    kept.append(entry)
            marked[row] = kept
        return replace(self, marked=tuple(tuple(row) for row in marked))


# opposed tracks -----------------------------------------------------------------------------


@dataclass(frozen=True)
class OpposedTrack:
    """Two sides' scores; each exchange's margin wears down the side that lost it.

    A positive margin lowers the second side's score, a negative one the first side's; a side
    at zero has lost. Scores never go below zero.
    """

    first: str
    second: str
    first_score: int
    second_score: int

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise RefusedError("the two sides of a conflict need different names")
        if self.first_score < 0 or self.second_score < 0:
            raise RefusedError("a score in a conflict cannot be below 0")

    @property
    def winner(self) -> str | None:
        """The side still standing once the other is at zero (None while both stand)."""
        if self.second_score == 0 and self.first_score > 0:
            return self.first
        if self.first_score == 0 and self.second_score > 0:
            return self.second
        return None

    @property
    def over(self) -> bool:
        return self.first_score == 0 or self.second_score == 0

    def why_not_apply(self, margin: int) -> str | None:
        if self.over:
            return "the conflict is already over"
        return None

    def apply(self, margin: int) -> OpposedTrack:
        """Apply one exchange's margin (from the first side's point of view)."""
        _refuse_if(self.why_not_apply(margin))
        if margin > 0:
            return replace(self, second_score=max(0, self.second_score - margin))
        return replace(self, first_score=max(0, self.first_score + margin))


# timed effects ------------------------------------------------------------------------------


class TimeUnit(StrEnum):
    TURN = "turn"
    ROUND = "round"
    SCENE = "scene"


@dataclass(frozen=True)
class TimedEffect:
    """An effect that lasts ``remaining`` units of time (turns, rounds or scenes)."""

    name: str
    remaining: int
    unit: TimeUnit = TimeUnit.ROUND

    def __post_init__(self) -> None:
        if self.remaining < 0:
            raise RefusedError(f"{self.name} cannot last {self.remaining} {self.unit}s")

    @property
    def expired(self) -> bool:
        return self.remaining == 0

    def pass_time(self, unit: TimeUnit, amount: int = 1) -> TimedEffect:
        """Let ``amount`` units pass; only units the effect counts in shorten it."""
        _refuse_if(_amount_problem(amount))
        if unit is not self.unit:
            return self
        return replace(self, remaining=max(0, self.remaining - amount))

    def extend(self, amount: int) -> TimedEffect:
        _refuse_if(_amount_problem(amount))
        return replace(self, remaining=self.remaining + amount)


# turn order ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnOrder:
    """Who acts in a round.

    ``order`` lists the combatants. In a fixed order (``any_order`` False) ``advance`` moves to
    the next one; with ``any_order`` each may take a turn once per round in any order (popcorn,
    alternating sides), tracked in ``acted``.
    """

    order: tuple[str, ...] = ()
    current: int = 0
    round: int = 1
    acted: frozenset[str] = frozenset()
    any_order: bool = False

    def __post_init__(self) -> None:
        if len(set(self.order)) != len(self.order):
            raise RefusedError("the same name cannot be twice in the turn order")
        if self.order and not 0 <= self.current < len(self.order):
            raise RefusedError(
                f"there is no turn {self.current + 1} in a round of {len(self.order)}"
            )
        if not self.acted <= set(self.order):
            raise RefusedError("only someone in the turn order can have acted")

    @property
    def acting(self) -> str | None:
        """Whose turn it is in a fixed order (None when nobody is in the order)."""
        return self.order[self.current] if self.order and not self.any_order else None

    @property
    def waiting(self) -> tuple[str, ...]:
        """Who has not acted yet this round."""
        return tuple(name for name in self.order if name not in self.acted)

    def add(self, name: str, at: int | None = None) -> TurnOrder:
        if not name.strip():
            raise RefusedError("a name in the turn order cannot be blank")
        if name in self.order:
            raise RefusedError(f"{name} is already in the turn order")
        order = list(self.order)
        position = len(order) if at is None else max(0, min(at, len(order)))
        order.insert(position, name)
        current = self.current + 1 if self.order and position <= self.current else self.current
        return replace(self, order=tuple(order), current=current)

    def remove(self, name: str) -> TurnOrder:
        if name not in self.order:
            raise RefusedError(f"{name} is not in the turn order")
        position = self.order.index(name)
        order = tuple(n for n in self.order if n != name)
        current = self.current - 1 if position < self.current else self.current
        acted = self.acted - {name}
        if current >= len(order):  # the last one left while acting: the round is over
            if order and not self.any_order:
                return replace(
                    self, order=order, current=0, acted=frozenset(), round=self.round + 1
                )
            current = 0
        return replace(self, order=order, current=current, acted=acted)

    def move(self, name: str, to: int) -> TurnOrder:
        """Put ``name`` at position ``to``; the one acting stays the one acting."""
        acting = self.acting
        moved = self.remove(name)
        order = list(moved.order)
        order.insert(max(0, min(to, len(order))), name)
        current = order.index(acting) if acting is not None else 0
        return replace(self, order=tuple(order), current=current)

    def why_not_take_turn(self, name: str) -> str | None:
        if name not in self.order:
            return f"{name} is not in the turn order"
        if name in self.acted:
            return f"{name} has already acted this round"
        if not self.any_order and name != self.acting:
            return f"it is {self.acting}'s turn, not {name}'s"
        return None

    def take_turn(self, name: str) -> TurnOrder:
        """Record that ``name`` acted; in a fixed order, play moves to the next one."""
        _refuse_if(self.why_not_take_turn(name))
        acted = self.acted | {name}
        if self.any_order:
            return replace(self, acted=acted)
        if self.current + 1 < len(self.order):
            return replace(self, acted=acted, current=self.current + 1)
        return replace(self, acted=frozenset(), current=0, round=self.round + 1)

    def next_round(self) -> TurnOrder:
        """Start a new round: nobody has acted, the first in the order acts."""
        return replace(self, acted=frozenset(), current=0, round=self.round + 1)

    @classmethod
    def of(cls, names: Sequence[str], *, any_order: bool = False) -> TurnOrder:
        return cls(order=tuple(names), any_order=any_order)
