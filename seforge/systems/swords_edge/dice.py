"""Exact chances of a Sword's Edge roll: 2d10 plus a modifier against a Target Number.

Nothing here is simulated. Two ten-sided dice give 100 equally likely ordered
pairs, so every probability is a count over those pairs, kept exact with
:class:`fractions.Fraction` (floats only for display, see :func:`odds_json`).

The rules the counts follow (book: *Tests*, *Critical Failure*, *Critical
Success*, *Levels of Success*, *Luck*):

* The roll succeeds when the dice total plus the modifier reaches the TN.
* Two ones (a natural 2) fail whatever the total; two tens (a natural 20)
  succeed whatever the total, at Average when the total falls short of the TN.
* A success starts at Average and climbs one Level for each full 7 points the
  result is over the TN, stopping at Legendary.
* Luck rerolls (see :func:`odds` for the exact policy we assume).

Everything depends on the modifier and the TN only through ``tn - modifier``
(what the dice must show), so the caches are keyed by that one number: two
questions with the same gap share one table.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from seforge.core.frozen import FrozenRecord
from seforge.systems.swords_edge.kinds import Level

LEVELS: tuple[Level, ...] = tuple(Level)
"""The Levels of Success, lowest first (:class:`~seforge.systems.swords_edge.kinds.Level`)."""

LEVEL_STEP = 7
"""Points over the TN that buy one more Level of Success."""

DIE_FACES = 10
OUTCOMES = DIE_FACES * DIE_FACES
"""Ordered pairs of two d10: every one is equally likely."""

NATURAL_MIN = 2
NATURAL_MAX = 20

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (seforge odds)

if TYPE_CHECKING:
    from typing import Literal

    Critical = Literal["failure", "success"]
    CriticalsReading = Literal["first", "final"]
    """When criticals are judged around Luck rerolls (table rule *Criticals follow Luck
    rerolls*): on the ``first`` roll only (default), or on the dice as they ``final``ly
    stand."""
else:  # at run time the two names only need to exist (they are read as annotations)
    Critical = CriticalsReading = str


def level_for_margin(margin: int) -> Level:
    """The Level of a success that beat its TN by ``margin`` points (0 = just made it).

    0-6 is Average, 7-13 Good, 14-20 Great, 21-27 Exceptional and 28 or more
    Legendary, which is as high as it goes (book: *Levels of Success*).
    """
    if margin < 0:
        raise ValueError(f"a success cannot fall short of its TN (margin {margin})")
    return LEVELS[min(margin // LEVEL_STEP, Level.LEGENDARY.step)]


def level_index(level: str) -> int:
    """Position of ``level`` in :data:`LEVELS` (Average = 0); any case is accepted."""
    return Level.parse(level).step


class RollOutcome(FrozenRecord):
    """What one pair of dice did against one TN.

    ``margin`` is ``total - tn`` and may be negative (a failure, or a natural 20
    that still fell short). ``level`` is None exactly when ``success`` is False.
    """

    _FIELDS = ("success", "total", "margin", "level", "critical")
    __slots__ = _FIELDS
    success: bool
    total: int
    margin: int
    level: Level | None
    critical: Critical | None

    def __init__(self, success: bool, total: int, margin: int, level: Level | None,
                 critical: Critical | None) -> None:
        self._init(success, total, margin, level, critical)


def _check_die(value: int) -> None:
    if not 1 <= value <= DIE_FACES:
        raise ValueError(f"a d10 shows 1..10, not {value}")


def roll_outcome(d1: int, d2: int, modifier: int, tn: int) -> RollOutcome:
    """Judge the dice ``d1`` and ``d2`` plus ``modifier`` against ``tn``.

    Two ones are a Critical Failure: the roll fails even if the total reaches the
    TN. Two tens are a Critical Success: the roll succeeds, at least at Average
    when the total is short, otherwise at the Level its margin earns (book:
    *Critical Failure*, *Critical Success*, *Levels of Success*).
    """
    _check_die(d1)
    _check_die(d2)
    total = d1 + d2 + modifier
    margin = total - tn
    if d1 == d2 == 1:
        return RollOutcome(False, total, margin, None, "failure")
    if d1 == d2 == DIE_FACES:
        return RollOutcome(True, total, margin, level_for_margin(max(margin, 0)), "success")
    if margin >= 0:
        return RollOutcome(True, total, margin, level_for_margin(margin), None)
    return RollOutcome(False, total, margin, None, None)


def needed_roll(modifier: int, tn: int) -> int:
    """The dice total a player must roll, as in "needs 9+ on 2d10".

    The raw figure ``tn - modifier`` is clamped to 3..20:

    * 3 means every roll but the natural 2 succeeds. A total of 2 can only come
      from two ones, which always fail, so "needs 2+" would promise too much.
    * 20 means only the natural 20 succeeds, which it always does; a raw figure
      above 20 is therefore shown as 20 as well.
    """
    return max(NATURAL_MIN + 1, min(NATURAL_MAX, tn - modifier))


def needs_text(modifier: int, tn: int) -> str:
    """What a player must roll, in words: "9+ on 2d10"; at the ends, "only a natural 20"
    (a 20 cannot be beaten, so "20+" would read oddly) and "3+ on 2d10 (all but a
    natural 2)" (two ones always fail)."""
    need = needed_roll(modifier, tn)
    if need >= NATURAL_MAX:
        return "a natural 20 on 2d10"
    if need <= NATURAL_MIN + 1:
        return "3+ on 2d10 (anything but a natural 2)"
    return f"{need}+ on 2d10"


class Odds(FrozenRecord):
    """Exact chances of one roll.

    ``levels[L]`` is the chance of succeeding at exactly Level ``L`` (they add up
    to ``success``). ``with_luck[k]`` is the chance of succeeding when up to ``k``
    Luck may be spent on rerolls (``with_luck[0] == success``). The two critical
    chances describe the first roll, before any reroll.
    """

    _FIELDS = ("success", "critical_failure", "critical_success", "levels", "with_luck")
    __slots__ = _FIELDS
    success: Fraction
    critical_failure: Fraction
    critical_success: Fraction
    levels: dict[str, Fraction]
    with_luck: tuple[Fraction, ...]

    def __init__(self, success: Fraction, critical_failure: Fraction,
                 critical_success: Fraction, levels: dict[str, Fraction],
                 with_luck: tuple[Fraction, ...]) -> None:
        self._init(success, critical_failure, critical_success, levels, with_luck)

    @property
    def failure(self) -> Fraction:
        """The chance the first roll fails."""
        return 1 - self.success


@cache
def _first_roll_counts(need: int) -> tuple[int, tuple[int, ...]]:
    """Successes and per-Level successes among the 100 first rolls.

    ``need`` is ``tn - modifier``: the dice total that just makes it.
    """
    per_level = [0] * len(LEVELS)
    for d1 in range(1, DIE_FACES + 1):
        for d2 in range(1, DIE_FACES + 1):
            if d1 == d2 == 1:
                continue
            margin = d1 + d2 - need
            if d1 == d2 == DIE_FACES:
                margin = max(margin, 0)
            if margin >= 0:
                per_level[level_for_margin(margin).step] += 1
    return sum(per_level), tuple(per_level)


def _runs(luck: int) -> int:
    """How many equally likely sequences ``luck`` rerolls can produce."""
    runs: int = DIE_FACES**luck
    return runs


CRITICALS_READINGS: tuple[CriticalsReading, ...] = ("first", "final")


def _succeeds(need: int, low: int, high: int, final: bool) -> bool:
    """Does a pair that has been rerolled succeed? By its total alone, or (``final``)
    with two tens always succeeding and two ones always failing."""
    if final:
        if low == high == DIE_FACES:
            return True
        if low == high == 1:
            return False
    return low + high >= need


@cache
def _reroll_count(need: int, low: int, high: int, luck: int, final: bool = False) -> int:
    """Ways to end up succeeding, out of ``10 ** luck`` equally likely reroll runs.

    The dice now show ``low <= high`` and they are past the first roll: only the
    total counts, unless ``final`` (criticals judged on the final dice). While
    failing and holding Luck, the player rerolls the lower die and keeps the better
    of its old and new value. Each run is the sequence of up to ``luck`` reroll
    results; a run that succeeds early leaves its remaining entries unused, so it
    counts ``10 ** left`` times.
    """
    if _succeeds(need, low, high, final):
        return _runs(luck)
    if luck == 0:
        return 0
    ways = 0
    for value in range(1, DIE_FACES + 1):
        kept = max(low, value)
        ways += _reroll_count(need, min(kept, high), max(kept, high), luck - 1, final)
    return ways


@cache
def _luck_counts(need: int, luck: int, criticals: CriticalsReading = "first") -> int:
    """Successful (first roll, reroll run) pairs out of ``100 * 10 ** luck``."""
    final = criticals == "final"
    ways = 0
    for d1 in range(1, DIE_FACES + 1):
        for d2 in range(1, DIE_FACES + 1):
            low, high = min(d1, d2), max(d1, d2)
            if low == high == DIE_FACES:
                ways += _runs(luck)
            elif low == high == 1:
                # A natural 2: by default it stands (the Test fails and its
                # Advancement is earned, L529), so no reroll can save it. Judged on
                # the final dice it is a failure like any other and may be rerolled.
                if final:
                    ways += _reroll_count(need, 1, 1, luck, final)
            else:
                ways += _reroll_count(need, low, high, luck, final)
    return ways


@cache
def _with_luck(need: int, luck: int, criticals: CriticalsReading = "first") -> tuple[Fraction, ...]:
    return tuple(
        Fraction(_luck_counts(need, k, criticals), OUTCOMES * _runs(k))
        for k in range(luck + 1)
    )


@cache
def _first_roll(need: int) -> tuple[Fraction, tuple[Fraction, ...]]:
    success, per_level = _first_roll_counts(need)
    return Fraction(success, OUTCOMES), tuple(Fraction(n, OUTCOMES) for n in per_level)


_ONE_IN_A_HUNDRED = Fraction(1, OUTCOMES)


def odds(
    modifier: int, tn: int, luck: int = 0, criticals: CriticalsReading = "first"
) -> Odds:
    """Exact chances of 2d10 + ``modifier`` against ``tn``, with up to ``luck`` rerolls.

    Luck policy we assume (book: *Luck*, Reroll): a player spends Luck only while
    the roll is failing, one Luck per reroll, always rerolling the lower die and
    keeping the better of that die's old and new value. The book lets a player
    reroll either die; rerolling the lower one is never worse under keep-the-better,
    and it is what the Example of Play does (Tella rerolls her 2, keeps the 4).

    ``criticals="first"`` (the default reading): criticals belong to the first roll
    only. A natural 2 stands: the Test fails and earns its Advancement (L529), so
    Luck cannot reroll it into a success. Once a die has been rerolled the pair is
    judged by its total alone, so two ones after a reroll are not a new Critical
    Failure and two tens after a reroll are not a Critical Success (they succeed
    only if 20 reaches the mark).

    ``criticals="final"`` (the table rule): criticals are judged on the dice as they
    finally stand. A natural 2 may be rerolled like any failure; a reroll that makes
    10+10 succeeds, one that leaves 1+1 fails. A natural 20 never needs a reroll.
    """
    if luck < 0:
        raise ValueError(f"Luck cannot be negative ({luck})")
    if criticals not in CRITICALS_READINGS:
        raise ValueError(f"criticals must be 'first' or 'final', not {criticals!r}")
    need = tn - modifier
    success, per_level = _first_roll(need)
    return Odds(
        success=success,
        critical_failure=_ONE_IN_A_HUNDRED,
        critical_success=_ONE_IN_A_HUNDRED,
        levels=dict(zip(LEVELS, per_level, strict=True)),
        with_luck=_with_luck(need, luck, criticals),
    )


def odds_json(o: Odds) -> dict[str, object]:
    """``o`` as plain JSON-ready data, every chance as a float in 0..1."""
    return {
        "success": float(o.success),
        "critical_failure": float(o.critical_failure),
        "critical_success": float(o.critical_success),
        "levels": {name: float(o.levels[name]) for name in LEVELS},
        "with_luck": [float(p) for p in o.with_luck],
    }
