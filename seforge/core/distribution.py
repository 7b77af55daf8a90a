"""The exact, finite probability distribution every odds engine builds on.

A :class:`Distribution` maps each outcome (any hashable value: a number, a tuple such as
``(successes, complications)``, an enum) to its exact probability, kept as integer weights
over one integer total; :mod:`seforge.core.odds` builds dice, cards, contests, chains and
clocks from it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from enum import StrEnum
from fractions import Fraction
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)

Weight = int | Fraction


class Distribution(Generic[T]):
    """An immutable, exact probability distribution over a finite set of outcomes.

    Outcomes with probability zero are dropped. Equality compares the probabilities, so two
    distributions built by different routes are equal when they agree exactly.
    """

    __slots__ = ("_total", "_weights")

    def __init__(self, weights: Mapping[T, Weight]) -> None:
        """Build from weights proportional to the probabilities (ints or fractions, >= 0)."""
        if not weights:
            raise ValueError("a distribution needs at least one outcome")
        denominator = 1
        for weight in weights.values():
            if not isinstance(weight, int | Fraction) or isinstance(weight, bool):
                raise TypeError(f"odds are exact: a weight is an int or a Fraction, not {weight!r}")
            if weight < 0:
                raise ValueError(f"a weight cannot be negative: {weight}")
            if isinstance(weight, Fraction):
                denominator = math.lcm(denominator, weight.denominator)
        scaled = {
            outcome: int(weight * denominator) for outcome, weight in weights.items() if weight != 0
        }
        self._set(scaled)

    def _set(self, weights: dict[T, int]) -> None:
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs some outcome with a positive weight")
        divisor = math.gcd(total, *weights.values())
        if divisor > 1:
            weights = {outcome: weight // divisor for outcome, weight in weights.items()}
            total //= divisor
        self._weights = weights
        self._total = total

    @classmethod
    def _from_ints(cls, weights: dict[T, int]) -> Distribution[T]:
        made: Distribution[T] = cls.__new__(cls)
        made._set({outcome: weight for outcome, weight in weights.items() if weight})
        return made

    # construction -------------------------------------------------------------------------

    @classmethod
    def point(cls, outcome: T) -> Distribution[T]:
        """The certain outcome."""
        return cls._from_ints({outcome: 1})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Each listed outcome equally likely (a repeated outcome counts once per listing)."""
        weights: dict[T, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        if not weights:
            raise ValueError("a distribution needs at least one outcome")
        return cls._from_ints(weights)

    # reading ------------------------------------------------------------------------------

    def __getitem__(self, outcome: T) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._total)

    def probability(self, outcome: T) -> Fraction:
        """P(outcome): zero for an outcome that cannot happen."""
        return self[outcome]

    def __iter__(self) -> Iterator[T]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._weights

    def items(self) -> Iterator[tuple[T, Fraction]]:
        """Each outcome with its probability."""
        for outcome, weight in self._weights.items():
            yield outcome, Fraction(weight, self._total)

    def as_dict(self) -> dict[T, Fraction]:
        return dict(self.items())

    def support(self) -> list[T]:
        """The possible outcomes, sorted when they can be."""
        outcomes = list(self._weights)
        try:
            return sorted(outcomes)  # type: ignore[type-var]
        except TypeError:
            return outcomes

    def p(self, predicate: Callable[[T], bool]) -> Fraction:
        """P(predicate holds for the outcome)."""
        hits = sum(weight for outcome, weight in self._weights.items() if predicate(outcome))
        return Fraction(hits, self._total)

    def mean(self, value: Callable[[T], Weight] | None = None) -> Fraction:
        """The exact expectation of ``value(outcome)`` (of the outcome itself by default)."""
        read: Callable[[T], Any] = value if value is not None else (lambda outcome: outcome)
        total = sum((Fraction(read(o)) * w for o, w in self._weights.items()), Fraction(0))
        return total / self._total

    def histogram(self) -> dict[str, dict[str, str | float]]:
        """A JSON-ready histogram: outcome text -> exact fraction text and its float."""
        return {
            _outcome_text(outcome): {"exact": str(prob), "approx": float(prob)}
            for outcome, prob in ((o, self[o]) for o in self.support())
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._total == other._total and self._weights == other._weights

    def __hash__(self) -> int:
        return hash((self._total, frozenset(self._weights.items())))

    def __repr__(self) -> str:
        shown = ", ".join(f"{o!r}: {self[o]}" for o in self.support())
        return f"Distribution({{{shown}}})"

    # transforming -------------------------------------------------------------------------

    def map(self, function: Callable[[T], U]) -> Distribution[U]:
        """Read each outcome through ``function``, merging outcomes that read the same."""
        weights: dict[U, int] = {}
        for outcome, weight in self._weights.items():
            key = function(outcome)
            weights[key] = weights.get(key, 0) + weight
        return Distribution._from_ints(weights)

    def given(self, predicate: Callable[[T], bool]) -> Distribution[T]:
        """The distribution conditioned on ``predicate`` (refused if it cannot happen)."""
        kept = {o: w for o, w in self._weights.items() if predicate(o)}
        if not kept:
            raise ValueError("the condition can never hold")
        return Distribution._from_ints(kept)

    def combine(self, other: Distribution[U], function: Callable[[T, U], V]) -> Distribution[V]:
        """The joint reading of two independent distributions through ``function``."""
        weights: dict[V, int] = {}
        for left, left_weight in self._weights.items():
            for right, right_weight in other._weights.items():
                key = function(left, right)
                weights[key] = weights.get(key, 0) + left_weight * right_weight
        return Distribution._from_ints(weights)

    def joint(self, other: Distribution[U]) -> Distribution[tuple[T, U]]:
        """The pair of two independent outcomes."""
        return self.combine(other, lambda left, right: (left, right))

    def convolve(self, other: Distribution[T]) -> Distribution[T]:
        """The sum of two independent outcomes (numbers, or tuples added item by item)."""
        shape = _flat_shape(self._weights) if len(self) * len(other) > 16 else None
        if shape is not None and shape == _flat_shape(other._weights):
            if shape == 0:  # plain numbers
                return self.combine(other, _add_numbers)
            return self.combine(other, _add_flat_tuples)
        return self.combine(other, add_outcomes)

    def bind(self, then: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """A two-stage experiment: the second stage's distribution depends on the first."""
        weights: dict[U, int] = {}
        parts = [(weight, then(outcome)) for outcome, weight in self._weights.items()]
        scale = math.lcm(*(part._total for _, part in parts))
        for weight, part in parts:
            factor = weight * (scale // part._total)
            for outcome, inner in part._weights.items():
                weights[outcome] = weights.get(outcome, 0) + factor * inner
        return Distribution._from_ints(weights)


def _outcome_text(outcome: object) -> str:
    if isinstance(outcome, StrEnum):
        return str(outcome.value)
    if isinstance(outcome, tuple):
        return ",".join(_outcome_text(part) for part in outcome)
    return str(outcome)


def _flat_shape(weights: Mapping[Any, int]) -> int | None:
    """0 when every outcome is an int, n when every one is an n-tuple of ints, else None."""
    shape: int | None = None
    for outcome in weights:
        if type(outcome) is int:
            found = 0
        elif type(outcome) is tuple and all(type(part) is int for part in outcome):
            found = len(outcome)
            if found == 0:
                return None
        else:
            return None
        if shape is None:
            shape = found
        elif shape != found:
            return None
    return shape


def _add_numbers(left: Any, right: Any) -> Any:
    return left + right


def _add_flat_tuples(left: Any, right: Any) -> Any:
    return tuple(map(int.__add__, left, right))


def add_outcomes(left: Any, right: Any) -> Any:
    """Add two outcomes: numbers as numbers, tuples item by item (recursively)."""
    if isinstance(left, tuple):
        if not isinstance(right, tuple) or len(left) != len(right):
            raise TypeError(f"cannot add outcomes {left!r} and {right!r}")
        return tuple(add_outcomes(a, b) for a, b in zip(left, right, strict=True))
    return left + right
