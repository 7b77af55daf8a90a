"""Exact odds of a 2d20 skill test: successes, complications, Momentum, assistance, opposition.

Rules (ids in brackets, sources in the notes ``2d20.md`` §1.1 and §2):

- [``2d20.test.success``] each d20 at or under the target number (TN = attribute + skill or
  Expertise) scores 1 success, at or under the Focus 2 [C] "Taking Action"; the test succeeds
  with at least as many successes as the Difficulty, and every success beyond it is Momentum.
- [``2d20.test.complication``] a die in the complication range (20; 19-20 untrained [C];
  +1 per listed reason [S]) causes one complication; the range is 1..20 faces.
- [``2d20.test.fortune``] a Fortune die counts as a rolled 1 and never causes a complication
  [C] "Fortune points"; it still counts toward the pool cap.
- [``2d20.pool.cap``] at most ``pool_cap`` d20s (rolled + Fortune), 5 by default [C].
- Assistance and opposed tests follow the settings in :mod:`.settings` (notes §2.2, §2.3).

Each die is a generating function in (successes, complications) and a pool is its power
(``seforge.core.odds.pool_sum``), so every answer is an exact Fraction.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from seforge.core.frozen import FrozenRecord
from seforge.core.odds import Distribution, custom_die, pool_sum
from seforge.systems.twod20.dice_rules import (
    DEFAULT_DICE_RULES,
    AssistGate,
    DiceRules,
    OpposedTieRule,
)

MAX_TN = 40
"""Highest target number accepted (an attribute of 20 plus a skill of 20 is already absurd)."""
MAX_DIFFICULTY = 10
"""Highest Difficulty accepted: the ladder names 0..5 and modifiers stack (notes §4.2)."""
MAX_COMPLICATION_RANGE = 20


class SkillTestError(ValueError):
    """A test set-up the rules refuse; the message is one line for the user."""


class SkillTest(FrozenRecord):
    """One skill test as the calculator or the command line enters it."""

    _FIELDS = ("tn", "difficulty", "focus", "dice", "fortune", "complication_range")
    __slots__ = _FIELDS
    tn: int
    difficulty: int
    focus: int
    dice: int
    """d20s rolled (base 2 plus the bought ones)."""
    fortune: int
    """Fortune dice, each counting as a rolled 1."""
    complication_range: int
    """1: complication on a 20 only; 2: on 19-20; and so on."""

    def __init__(self, tn: int, difficulty: int = 1, focus: int = 0, dice: int = 2,
                 fortune: int = 0, complication_range: int = 1) -> None:
        self._init(tn, difficulty, focus, dice, fortune, complication_range)

    @property
    def pool_size(self) -> int:
        return self.dice + self.fortune


def why_not(spec: SkillTest, settings: DiceRules = DEFAULT_DICE_RULES,
            min_dice: int = 2) -> str | None:
    """The reason ``spec`` is not a legal test (rule ids in the text's docstring), or None."""
    if not 0 <= spec.tn <= MAX_TN:
        return f"the target number must be 0 to {MAX_TN}, not {spec.tn}"
    if not 0 <= spec.difficulty <= MAX_DIFFICULTY:
        return f"the Difficulty must be 0 to {MAX_DIFFICULTY}, not {spec.difficulty}"
    if spec.focus < 0:
        return f"the Focus cannot be negative ({spec.focus})"
    if spec.focus > spec.tn:
        return f"the Focus ({spec.focus}) cannot be above the target number ({spec.tn})"
    if spec.fortune < 0:
        return f"the Fortune dice cannot be negative ({spec.fortune})"
    if spec.dice < min_dice:
        return f"a test rolls at least {min_dice} d20s, not {spec.dice}"
    if spec.pool_size > settings.pool_cap:
        return (f"a test has at most {settings.pool_cap} d20s, Fortune dice included; "
                f"this one has {spec.pool_size}")
    if not 1 <= spec.complication_range <= MAX_COMPLICATION_RANGE:
        return (f"the complication range must be 1 to {MAX_COMPLICATION_RANGE} faces, "
                f"not {spec.complication_range}")
    return None


def complication_range(untrained: bool, reasons: int = 0) -> int:
    """Faces that cause a complication [``2d20.test.complication``]: 1 (a 20), 2 untrained
    (19-20), +1 per listed reason, at most 20 (the cap is the notes' reading [I])."""
    if reasons < 0:
        raise SkillTestError(f"the number of reasons cannot be negative ({reasons})")
    return min(MAX_COMPLICATION_RANGE, (2 if untrained else 1) + reasons)


class Limits(FrozenRecord):
    """The legal range of each input of a test, given the others (for a form's controls)."""

    _FIELDS = ("focus_max", "dice_max", "fortune_max", "focus_reason", "pool_reason")
    __slots__ = _FIELDS
    focus_max: int
    dice_max: int
    fortune_max: int
    focus_reason: str
    pool_reason: str

    def __init__(self, focus_max: int, dice_max: int, fortune_max: int, focus_reason: str,
                 pool_reason: str) -> None:
        self._init(focus_max, dice_max, fortune_max, focus_reason, pool_reason)


def limits(spec: SkillTest, settings: DiceRules = DEFAULT_DICE_RULES,
           min_dice: int = 2) -> Limits:
    """How far Focus, rolled dice and Fortune dice may go [``2d20.pool.cap``]."""
    cap = settings.pool_cap
    return Limits(
        focus_max=max(0, min(spec.tn, MAX_TN)),
        dice_max=max(min_dice, cap - spec.fortune),
        fortune_max=max(0, cap - spec.dice),
        focus_reason=f"the Focus is at most the target number ({spec.tn})",
        pool_reason=f"the pool holds at most {cap} d20s, Fortune dice included",
    )


def check_spec(spec: SkillTest, settings: DiceRules = DEFAULT_DICE_RULES,
               min_dice: int = 2) -> None:
    reason = why_not(spec, settings, min_dice)
    if reason is not None:
        raise SkillTestError(reason)


# one die ------------------------------------------------------------------------------------


def face_successes(face: int, tn: int, focus: int, natural_one_doubles: bool = False) -> int:
    """Successes one d20 face scores [``2d20.test.success``]: 0, 1 or 2."""
    if face > tn:
        return 0
    if face <= min(focus, tn) or (natural_one_doubles and face == 1):
        return 2
    return 1


def face_complications(face: int, complication_range: int) -> int:
    """1 when ``face`` is in the complication range [``2d20.test.complication``]."""
    return 1 if face >= 21 - complication_range else 0


@lru_cache(maxsize=512)
def d20(tn: int, focus: int, complication_range: int,
        natural_one_doubles: bool = False) -> Distribution[tuple[int, int]]:
    """One d20 as (successes, complications), every face equally likely."""
    return custom_die({
        face: (face_successes(face, tn, focus, natural_one_doubles),
               face_complications(face, complication_range))
        for face in range(1, 21)
    })


def pool(spec: SkillTest, settings: DiceRules = DEFAULT_DICE_RULES
         ) -> Distribution[tuple[int, int]]:
    """The joint (successes, complications) of the whole pool, Fortune dice included."""
    fortune_each = face_successes(1, spec.tn, spec.focus, settings.natural_one_doubles)
    fixed: Distribution[tuple[int, int]] = Distribution.point((fortune_each * spec.fortune, 0))
    if spec.dice == 0:
        return fixed
    rolled = pool_sum(d20(spec.tn, spec.focus, spec.complication_range,
                          settings.natural_one_doubles), spec.dice)
    return rolled.convolve(fixed) if spec.fortune else rolled


# results ------------------------------------------------------------------------------------


class SkillOdds(FrozenRecord):
    """The exact answer for one test."""

    _FIELDS = ("success", "complication", "expected_successes", "expected_complications",
               "success_clean", "momentum", "successes")
    __slots__ = _FIELDS
    success: Fraction
    complication: Fraction
    """P(at least one complication)."""
    expected_successes: Fraction
    expected_complications: Fraction
    success_clean: Fraction
    """P(success with no complication)."""
    momentum: dict[int, Fraction]
    """``momentum[k]`` = P(success with exactly k Momentum); the values sum to ``success``."""
    successes: dict[int, Fraction]
    """P(exactly s successes) for every s the pool can score."""

    def __init__(self, success: Fraction, complication: Fraction, expected_successes: Fraction,
                 expected_complications: Fraction, success_clean: Fraction,
                 momentum: dict[int, Fraction] | None = None,
                 successes: dict[int, Fraction] | None = None) -> None:
        self._init(success, complication, expected_successes, expected_complications, success_clean,
                   {} if momentum is None else momentum, {} if successes is None else successes)

    def as_json(self) -> dict[str, object]:
        """The command line's JSON: the four keys of the issue's contract, as floats."""
        return {
            "success": float(self.success),
            "complication": float(self.complication),
            "expected_successes": float(self.expected_successes),
            "momentum": {str(k): float(p) for k, p in sorted(self.momentum.items())},
        }


def odds_of(joint: Distribution[tuple[int, int]], difficulty: int) -> SkillOdds:
    """Read a (successes, complications) distribution against a Difficulty."""
    successes: dict[int, Fraction] = {}
    for (s, _c), p in joint.items():
        successes[s] = successes.get(s, Fraction(0)) + p
    top = max(successes)
    momentum = {k: successes.get(difficulty + k, Fraction(0))
                for k in range(0, max(0, top - difficulty) + 1)} if top >= difficulty else {}
    return SkillOdds(
        success=joint.p(lambda o: o[0] >= difficulty),
        complication=joint.p(lambda o: o[1] >= 1),
        expected_successes=joint.mean(lambda o: o[0]),
        expected_complications=joint.mean(lambda o: o[1]),
        success_clean=joint.p(lambda o: o[0] >= difficulty and o[1] == 0),
        momentum=momentum,
        successes=dict(sorted(successes.items())),
    )


def skill_odds(spec: SkillTest, settings: DiceRules = DEFAULT_DICE_RULES) -> SkillOdds:
    """P(success), P(complication), E[successes] and the Momentum histogram of one test."""
    check_spec(spec, settings)
    return odds_of(pool(spec, settings), spec.difficulty)


# assistance ---------------------------------------------------------------------------------


class Helper(FrozenRecord):
    """One assistant: their own TN, Focus and complication range, usually one d20."""

    _FIELDS = ("tn", "focus", "dice", "complication_range")
    __slots__ = _FIELDS
    tn: int
    focus: int
    dice: int
    complication_range: int

    def __init__(self, tn: int, focus: int = 0, dice: int = 1, complication_range: int = 1) -> None:
        self._init(tn, focus, dice, complication_range)


def assist_counts(settings: DiceRules, leader_successes: int) -> bool:
    """Whether the assistants' successes count, the leader having scored
    ``leader_successes`` (``settings.assist_gate``; complications always count)."""
    return settings.assist_gate is AssistGate.ALWAYS or leader_successes >= 1


def assisted_pool(leader: SkillTest, helpers: Sequence[Helper],
                  settings: DiceRules = DEFAULT_DICE_RULES) -> Distribution[tuple[int, int]]:
    """(successes, complications) of a led test with assistants [``2d20.test.assist``].

    Each helper rolls their own pool; their successes count per ``settings.assist_gate`` (by
    default only when the leader scores at least one success); their complications always
    count. Helpers' dice do not count toward the leader's pool cap (an assumption, notes §2.2).
    """
    check_spec(leader, settings)
    led = pool(leader, settings)
    if not helpers:
        return led
    helping: Distribution[tuple[int, int]] | None = None
    for helper in helpers:
        spec = SkillTest(helper.tn, 0, helper.focus, helper.dice, 0, helper.complication_range)
        check_spec(spec, settings, min_dice=1)
        one = pool(spec, settings)
        helping = one if helping is None else helping.convolve(one)
    assert helping is not None

    def join(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
        return a[0] + (b[0] if assist_counts(settings, a[0]) else 0), a[1] + b[1]

    return led.combine(helping, join)


def assisted_odds(leader: SkillTest, helpers: Sequence[Helper],
                  settings: DiceRules = DEFAULT_DICE_RULES) -> SkillOdds:
    return odds_of(assisted_pool(leader, helpers, settings), leader.difficulty)


# opposed tests ------------------------------------------------------------------------------


class OpposedOdds(FrozenRecord):
    """The categories of an opposed test [``2d20.test.opposed``] (notes §2.3)."""

    _FIELDS = ("only_a", "only_b", "both_fail", "both_a_more", "both_b_more", "both_equal",
               "a_wins", "b_wins", "draw")
    __slots__ = _FIELDS
    only_a: Fraction
    only_b: Fraction
    both_fail: Fraction
    both_a_more: Fraction
    """Both succeed and A generated more Momentum."""
    both_b_more: Fraction
    both_equal: Fraction
    a_wins: Fraction
    """P(A wins) under the tie rule in force."""
    b_wins: Fraction
    draw: Fraction
    """P(nobody wins): both fail, plus equal Momentum under the draw rule."""

    def __init__(self, only_a: Fraction, only_b: Fraction, both_fail: Fraction,
                 both_a_more: Fraction, both_b_more: Fraction, both_equal: Fraction,
                 a_wins: Fraction, b_wins: Fraction, draw: Fraction) -> None:
        self._init(only_a, only_b, both_fail, both_a_more, both_b_more, both_equal, a_wins, b_wins,
                   draw)


def opposed_from(a: Distribution[int], b: Distribution[int], difficulty_a: int,
                 difficulty_b: int, rule: OpposedTieRule) -> OpposedOdds:
    """The categories from each side's success count."""
    def category(sa: int, sb: int) -> str:
        ok_a, ok_b = sa >= difficulty_a, sb >= difficulty_b
        if ok_a and not ok_b:
            return "a"
        if ok_b and not ok_a:
            return "b"
        if not ok_a:
            return "fail"
        ma, mb = sa - difficulty_a, sb - difficulty_b
        return "a_more" if ma > mb else "b_more" if mb > ma else "equal"

    joint = a.combine(b, category)
    only_a, only_b, equal = joint["a"], joint["b"], joint["equal"]
    a_more, b_more, fail = joint["a_more"], joint["b_more"], joint["fail"]
    a_wins = only_a + a_more + (equal if rule is OpposedTieRule.MOMENTUM_ATTACKER else 0)
    b_wins = only_b + b_more + (equal if rule is OpposedTieRule.MOMENTUM_DEFENDER else 0)
    return OpposedOdds(only_a, only_b, fail, a_more, b_more, equal, a_wins, b_wins,
                       1 - a_wins - b_wins)


def opposed_odds(a: SkillTest, b: SkillTest, settings: DiceRules = DEFAULT_DICE_RULES
                 ) -> OpposedOdds:
    """Two independent tests against each other (A the attacker or asker, B the defender)."""
    check_spec(a, settings)
    check_spec(b, settings)
    sa = pool(a, settings).map(lambda o: o[0])
    sb = pool(b, settings).map(lambda o: o[0])
    return opposed_from(sa, sb, a.difficulty, b.difficulty, settings.opposed_tie_rule)


# judging dice on the table ------------------------------------------------------------------


class Judgement(FrozenRecord):
    """What a roll on the table means, and what comes next (our own words)."""

    _FIELDS = ("successes", "complications", "success", "momentum", "short_by", "per_die",
               "next_steps")
    __slots__ = _FIELDS
    successes: int
    complications: int
    success: bool
    momentum: int
    short_by: int
    per_die: tuple[tuple[int, int, int], ...]
    """Each rolled face with its successes and complications."""
    next_steps: tuple[str, ...]

    def __init__(self, successes: int, complications: int, success: bool, momentum: int,
                 short_by: int, per_die: tuple[tuple[int, int, int], ...],
                 next_steps: tuple[str, ...]) -> None:
        self._init(successes, complications, success, momentum, short_by, per_die, next_steps)


def _check_faces(faces: Sequence[int]) -> None:
    for face in faces:
        if not 1 <= face <= 20:
            raise SkillTestError(f"a d20 shows 1 to 20, not {face}")


def assistance(helpers: Sequence[tuple[Helper, Sequence[int]]],
               settings: DiceRules = DEFAULT_DICE_RULES) -> tuple[int, int]:
    """(successes, complications) the assistants rolled: each helper with the faces of their
    own d20s, judged against their own TN, Focus and complication range
    [``2d20.test.assist``]. Whether the successes count is :func:`assist_counts`'s."""
    successes = complications = 0
    for helper, faces in helpers:
        check_spec(SkillTest(helper.tn, 0, helper.focus, len(faces), 0,
                             helper.complication_range), settings, min_dice=1)
        _check_faces(faces)
        successes += sum(face_successes(face, helper.tn, helper.focus,
                                        settings.natural_one_doubles) for face in faces)
        complications += sum(face_complications(face, helper.complication_range)
                             for face in faces)
    return successes, complications


def judge(faces: Sequence[int], spec: SkillTest, settings: DiceRules = DEFAULT_DICE_RULES,
          helpers: Sequence[tuple[Helper, Sequence[int]]] = ()) -> Judgement:
    """Judge the faces the players rolled (Fortune dice come from ``spec.fortune``), with
    the assistants' own faces (:func:`assistance`) as :func:`assisted_pool` counts them."""
    check_spec(SkillTest(spec.tn, spec.difficulty, spec.focus, len(faces), spec.fortune,
                        spec.complication_range), settings, min_dice=1)
    _check_faces(faces)
    per_die = tuple(
        (face, face_successes(face, spec.tn, spec.focus, settings.natural_one_doubles),
         face_complications(face, spec.complication_range))
        for face in faces
    )
    fortune_each = face_successes(1, spec.tn, spec.focus, settings.natural_one_doubles)
    successes = sum(s for _, s, _ in per_die) + fortune_each * spec.fortune
    complications = sum(c for _, _, c in per_die)
    helped, helper_complications = assistance(helpers, settings)
    uncounted = 0
    if assist_counts(settings, successes):
        successes += helped
    else:
        uncounted = helped
    complications += helper_complications
    success = successes >= spec.difficulty
    momentum = successes - spec.difficulty if success else 0
    steps: list[str] = []
    if success:
        steps.append("Success." if momentum == 0 else
                     f"Success with {momentum} Momentum: spend it now, or bank what the "
                     "group pool can hold.")
    else:
        short = spec.difficulty - successes
        steps.append(f"Failure: {short} success{'es' if short != 1 else ''} short; "
                     "ask whether the table allows success at a cost.")
    if uncounted:
        steps.append(f"The assistants' successes ({uncounted}) do not count: the leader "
                     "scored none.")
    if complications:
        steps.append(
            f"{complications} complication{'s' if complications != 1 else ''}: the GM adds "
            "a new problem for each.")
    return Judgement(successes, complications, success, momentum,
                     0 if success else spec.difficulty - successes, per_die, tuple(steps))
