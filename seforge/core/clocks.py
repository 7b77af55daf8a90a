"""Progress clocks (:class:`Clock`, usually 4, 6, 8 or 12 segments) and how clocks relate
(:class:`ClockBoard`: linked, racing, tug-of-war), as small immutable values like every
tracker (:mod:`seforge.core.trackers` re-exports them)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from seforge.core.refused import RefusedError
from seforge.core.refused import amount_problem as _amount_problem
from seforge.core.refused import refuse_if as _refuse_if

CLOCK_SIZES = (4, 6, 8, 12)
"""The usual clock sizes, offered first by a picker."""

MAX_CLOCK_SEGMENTS = 24
"""The largest clock a table can draw and read."""


@dataclass(frozen=True)
class Clock:
    """A progress clock of ``segments`` segments with ``filled`` of them filled.

    ``kind`` is the system's own word for what the clock tracks (danger, project, faction...);
    the core only stores it.
    """

    name: str
    segments: int = 4
    filled: int = 0
    kind: str = ""

    def __post_init__(self) -> None:
        if not 2 <= self.segments <= MAX_CLOCK_SEGMENTS:
            raise RefusedError(
                f"a clock has 2 to {MAX_CLOCK_SEGMENTS} segments, not {self.segments}"
            )
        if not 0 <= self.filled <= self.segments:
            raise RefusedError(
                f"{self.name} has {self.segments} segments: {self.filled} cannot be filled"
            )

    @property
    def full(self) -> bool:
        return self.filled == self.segments

    def why_not_tick(self, amount: int = 1) -> str | None:
        problem = _amount_problem(amount)
        if problem is not None:
            return problem
        if self.full and amount:
            return f"{self.name} is already full"
        return None

    def tick(self, amount: int = 1) -> Clock:
        """Fill ``amount`` segments; ticks beyond the last segment are lost."""
        _refuse_if(self.why_not_tick(amount))
        return replace(self, filled=min(self.segments, self.filled + amount))

    def why_not_untick(self, amount: int = 1) -> str | None:
        problem = _amount_problem(amount)
        if problem is not None:
            return problem
        if amount > self.filled:
            return f"{self.name} has {self.filled} filled segments, not {amount}"
        return None

    def untick(self, amount: int = 1) -> Clock:
        _refuse_if(self.why_not_untick(amount))
        return replace(self, filled=self.filled - amount)


class LinkKind(StrEnum):
    """How two clocks relate."""

    LINKED = "linked"
    """The second clock can only be ticked once the first is full."""
    RACING = "racing"
    """Both race; once either is full, neither can be ticked."""
    TUG_OF_WAR = "tug-of-war"
    """One clock pulled two ways: a tick of the second is an untick of the first."""


@dataclass(frozen=True)
class ClockLink:
    kind: LinkKind
    first: str
    second: str


@dataclass(frozen=True)
class ClockBoard:
    """Named clocks and the links between them."""

    clocks: tuple[Clock, ...] = ()
    links: tuple[ClockLink, ...] = field(default=())

    def __post_init__(self) -> None:
        names = [clock.name for clock in self.clocks]
        if len(set(names)) != len(names):
            raise RefusedError("two clocks cannot share a name")
        for link in self.links:
            for name in (link.first, link.second):
                if name not in names:
                    raise RefusedError(
                        f"a link names the clock {name!r}, which is not on the board"
                    )
            if link.first == link.second:
                raise RefusedError(f"the clock {link.first!r} cannot be linked to itself")
        waits_for = {lk.second: lk.first for lk in self.links if lk.kind is LinkKind.LINKED}
        for name in waits_for:
            seen = {name}
            while name in waits_for:
                name = waits_for[name]
                if name in seen:
                    raise RefusedError(f"linked clocks cannot wait for each other ({name!r})")
                seen.add(name)

    def clock(self, name: str) -> Clock:
        for clock in self.clocks:
            if clock.name == name:
                return clock
        raise RefusedError(f"there is no clock named {name!r}")

    def _with(self, changed: Clock) -> ClockBoard:
        clocks = tuple(changed if c.name == changed.name else c for c in self.clocks)
        return replace(self, clocks=clocks)

    def add(self, clock: Clock) -> ClockBoard:
        if any(c.name == clock.name for c in self.clocks):
            raise RefusedError(f"there is already a clock named {clock.name!r}")
        return replace(self, clocks=(*self.clocks, clock))

    def remove(self, name: str) -> ClockBoard:
        self.clock(name)
        return replace(
            self,
            clocks=tuple(c for c in self.clocks if c.name != name),
            links=tuple(lk for lk in self.links if name not in (lk.first, lk.second)),
        )

    def why_not_link(self, kind: LinkKind, first: str, second: str) -> str | None:
        """Why ``first`` and ``second`` cannot be linked: a pair of clocks is linked once
        (a second link would repeat it, or, the other way round, make each clock wait
        for the other), and the board's own rules (clocks on it, not itself, no cycle)."""
        for made in self.links:
            if {made.first, made.second} == {first, second}:
                return f"{made.first} and {made.second} are linked already ({made.kind})"
        try:
            replace(self, links=(*self.links, ClockLink(kind, first, second)))
        except RefusedError as refused:
            return refused.reason
        return None

    def link(self, kind: LinkKind, first: str, second: str) -> ClockBoard:
        _refuse_if(self.why_not_link(kind, first, second))
        return replace(self, links=(*self.links, ClockLink(kind, first, second)))

    def why_not_unlink(self, first: str, second: str) -> str | None:
        if any({made.first, made.second} == {first, second} for made in self.links):
            return None
        return f"{first} and {second} are not linked"

    def unlink(self, first: str, second: str) -> ClockBoard:
        """The board without the link between ``first`` and ``second`` (either way round;
        a repeated link of an older board goes with it)."""
        _refuse_if(self.why_not_unlink(first, second))
        return replace(self, links=tuple(lk for lk in self.links
                                         if {lk.first, lk.second} != {first, second}))

    def why_not_tick(self, name: str, amount: int = 1) -> str | None:
        try:
            clock = self.clock(name)
        except RefusedError as refused:
            return refused.reason
        for link in self.links:
            linked = link.kind is LinkKind.LINKED and link.second == name
            if linked and not self.clock(link.first).full:
                return f"{name} waits for {link.first} to fill"
            if link.kind is LinkKind.RACING and name in (link.first, link.second):
                for other in (link.first, link.second):
                    if self.clock(other).full:
                        return f"the race is over: {other} is full"
            if link.kind is LinkKind.TUG_OF_WAR and link.second == name:
                return self.clock(link.first).why_not_untick(amount)
        return clock.why_not_tick(amount)

    def tick(self, name: str, amount: int = 1) -> ClockBoard:
        """Tick a clock, as its links allow (a tug-of-war's second side unticks the first)."""
        _refuse_if(self.why_not_tick(name, amount))
        for link in self.links:
            if link.kind is LinkKind.TUG_OF_WAR and link.second == name:
                return self._with(self.clock(link.first).untick(amount))
        return self._with(self.clock(name).tick(amount))

    def untick(self, name: str, amount: int = 1) -> ClockBoard:
        return self._with(self.clock(name).untick(amount))
