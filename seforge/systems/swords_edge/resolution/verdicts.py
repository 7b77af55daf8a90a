"""What a pair of dice did in a step: the Level, the Stress, what happens to the NC
and what comes next, in words (book: *Tests*, *Momentum*, *Damage*, *Undefended*)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from seforge.core.probability_text import format_probability
from seforge.systems.swords_edge.dice import (
    DIE_FACES,
    RollOutcome,
    level_for_margin,
    roll_outcome,
)
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.ranks import format_modifier
from seforge.systems.swords_edge.resolution.opponents import Opponent
from seforge.systems.swords_edge.resolution.steps import STEP_TITLES, Role, Step
from seforge.systems.swords_edge.resolution.stress import (
    REGULAR_STRESS_LIMIT,
    apply_stress_to_nc,
    stress_result,
)
from seforge.systems.swords_edge.resolution.tns import momentum_bonus
from seforge.systems.swords_edge.resolution.undefended import (
    UNDEFENDED_PC_TN,
    UNDEFENDED_TN,
    UndefendedBands,
    defender_benefits,
    seize_failure_level,
    undefended_pc_level,
)
from seforge.systems.swords_edge.wording import with_article


def format_chance(chance: Fraction) -> str:
    """A chance as the GM screen prints it: ``"99%"``, ``"4.5%"``, ``"0.1%"``.

    One decimal at most, trailing ``.0`` dropped; a chance that is not exactly 0
    or 1 never rounds to ``"0%"`` or ``"100%"``.
    """
    return format_probability(chance)


@dataclass(frozen=True)
class NextStep:
    """A follow-up the screen can offer as a button."""

    label: str
    step: Step
    role: Role = "attack"
    momentum_level: Level | None = None


@dataclass(frozen=True)
class Verdict:
    """What one roll did, in words, plus the numbers behind them."""

    headline: str
    lines: tuple[str, ...]
    success: bool
    level: Level | None
    total: int
    stress: int = 0
    next_steps: tuple[NextStep, ...] = ()


def judged_outcome(d1: int, d2: int, modifier: int, tn: int, rerolled: bool = False
                   ) -> RollOutcome:
    """:func:`~seforge.systems.swords_edge.dice.roll_outcome`, except that a pair with a rerolled
    die is
    judged by its total alone (no Critical Failure or Success after a reroll)."""
    outcome = roll_outcome(d1, d2, modifier, tn)
    if not rerolled or outcome.critical is None:
        return outcome
    margin = outcome.margin
    return RollOutcome(margin >= 0, outcome.total, margin,
                       level_for_margin(margin) if margin >= 0 else None, None)


def critical_lines(d1: int, d2: int) -> list[str]:
    if d1 == d2 == DIE_FACES:
        return ["Natural 20, a Critical Success: the PC gains a Stunt at Good, linked to "
                "the Trait used and fitting what just happened."]
    if d1 == d2 == 1:
        return ["Natural 2, a Critical Failure: the PC gains an Advancement to raise a "
                "Quality used in this Test (the Trait only if it was the sole Quality)."]
    return []


def nc_stress_line(opponent: Opponent, stress: int) -> str:
    """What ``stress`` more Stress does to ``opponent``, said as what it does once applied
    (the verdict is read before the GM applies it: "has taken" read as done)."""
    nc = opponent.nc
    result = apply_stress_to_nc(nc.type, nc.rank, opponent.stress, stress)
    name = f"{opponent.name} ({nc.type.value})"
    if result.removed:
        return f"This Stress takes {name} out of the scene."
    if nc.type is NCType.REGULAR:
        return (f"This Stress brings {name} to {result.stress_total} of "
                f"{REGULAR_STRESS_LIMIT} Stress.")
    assert result.rank is not None
    return (f"This Stress drops {name} to {result.rank.label}, TN "
            f"{result.rank.target_number}.")


def _pc_stress_lines(level: Level) -> list[str]:
    result = stress_result(level)
    lines = [f"The PC takes {result.penalty_ranks} Penalty Ranks on the Trait used."]
    if result.undefended:
        lines.append("The PC is Undefended for the rest of the scene.")
    if result.doom:
        lines.append("The PC suffers a Doom (and, surviving it, a Basic Weakness).")
    return lines


def judge(
    step: Step,
    d1: int,
    d2: int,
    modifier: int,
    tn: int,
    *,
    role: Role = "attack",
    opponents: Sequence[Opponent] = (),
    target_undefended: bool = False,
    lost_momentum_by_critical: bool = False,
    rerolled: bool = False,
) -> Verdict:
    """Name the result of ``d1`` + ``d2`` + ``modifier`` against ``tn`` in ``step``.

    ``role`` matters for the Action only: "attack" inflicts Stress on the first
    opponent (the target), "defend" earns the defender's benefits. ``rerolled``
    says a die was rerolled with Luck: the pair then counts by its total alone
    (criticals belong to the first roll, see :func:`seforge.systems.swords_edge.dice.odds`).
    """
    outcome = judged_outcome(d1, d2, modifier, tn, rerolled)
    crit = [] if rerolled else critical_lines(d1, d2)
    level = outcome.level
    vs = f"{outcome.total} vs TN {tn}"
    if step in ("momentum", "seize"):
        title = STEP_TITLES[step]
        if outcome.success:
            assert level is not None
            bonus = momentum_bonus(level) if step == "momentum" else 0
            lines = ["The PC holds the Momentum and acts."]
            if bonus:
                lines.append(f"{format_modifier(bonus)} on the PC's first Action this round.")
            if step == "momentum" and outcome.critical == "success":
                lines.append("The NCs cannot try to Seize the Momentum back.")
            return Verdict(f"{title} won: {level} ({vs})", tuple(lines + crit), True, level,
                           outcome.total, 0,
                           (NextStep(f"Go to Action ({format_modifier(bonus)})", "action",
                                     "attack", level if step == "momentum" else None),))
        if step == "seize":
            hit = seize_failure_level(tn)
            lines = ["The PC is Undefended against this attack.",
                     f"The NCs' TN {tn} read against {UNDEFENDED_TN}: {with_article(hit)} hit.",
                     *_pc_stress_lines(hit),
                     "(No harm if this was the free Seize earned by a Great defence.)"]
            return Verdict(f"Seize failed ({vs})", tuple(lines + crit), False, None,
                           outcome.total, stress_result(hit).penalty_ranks)
        lines = ["The NCs hold the Momentum; the PC defends."]
        nexts = [NextStep("Go to Action (defend)", "action", "defend")]
        if outcome.critical == "failure":
            lines.append("After a natural 2 the PC cannot Seize the Momentum this round.")
        else:
            lines.append("On their turn the PC may try to Seize the Momentum.")
            nexts.append(NextStep("Try to Seize the Momentum", "seize", "attack"))
        return Verdict(f"Momentum lost ({vs})", tuple(lines + crit), False, None,
                       outcome.total, 0, tuple(nexts))
    # the Action
    if role == "defend":
        if outcome.success:
            assert level is not None
            benefit = defender_benefits(level, lost_momentum_by_critical)
            return Verdict(f"Defence holds: {level} ({vs})", (benefit.text, *crit), True,
                           level, outcome.total)
        return Verdict(f"Defence fails ({vs})",
                       ("The NC's attack lands. The book gives no Level for a failed "
                        "defence: the GM sets the Stress.", *crit), False, None, outcome.total)
    if not outcome.success:
        return Verdict(f"Miss ({vs})", ("No Stress.", *crit), False, None, outcome.total)
    assert level is not None
    result = stress_result(level)
    lines = [f"{result.penalty_ranks} Stress."]
    if opponents:
        lines.append(nc_stress_line(opponents[0], result.penalty_ranks))
        if len(opponents) > 1:
            lines.append("Spreading Stress over the other NCs is the GM's call.")
    if target_undefended:
        lines.append(f"(Against an Undefended target, TN {UNDEFENDED_TN}.)")
    return Verdict(f"Success: {level} ({vs})", tuple(lines + crit), True, level,
                   outcome.total, result.penalty_ranks)


def judge_undefended_pc(
    d1: int, d2: int, modifier: int, bands: UndefendedBands = "seven"
) -> Verdict:
    """An Undefended PC's roll: which hit it takes (book: *Undefended*); ``bands``
    follows the table rule *Undefended bands as printed*."""
    total = d1 + d2 + modifier
    level = undefended_pc_level(total, d1 == d2 == 1, natural_twenty=d1 == d2 == DIE_FACES,
                                bands=bands)
    crit = critical_lines(d1, d2)
    if level is None:
        return Verdict(f"No hit ({total}, above {UNDEFENDED_PC_TN})",
                       ("The attack does no Stress.", *crit), True, None, total)
    stress = stress_result(level).penalty_ranks
    return Verdict(f"Hit: {level} ({total} vs {UNDEFENDED_PC_TN})",
                   tuple(_pc_stress_lines(level) + crit), False, level, total, stress)


def level_rank(level: Level | str) -> int:
    """Position of a Level (Average 0), re-exported for screens."""
    return Level.parse(level).step
