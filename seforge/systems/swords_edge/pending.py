"""A Test in progress: one model that the GM screen's calculator and the scene
tracker both draw, and that a scene file stores (pure core, no Qt).

A :class:`PendingTest` holds who acts (a PC by name, or a plain modifier), whom
they face (each NC with its Stress and the Qualities it applies per step), the
step (Momentum, Action, Seize the Momentum), the PC's Qualities chosen per step,
those spent on Momentum, the Luck spent on rerolls, the Action's situation
(role, Momentum Level, action number, range, Undefended), the dice and the
verdict. It is a pydantic model, so it round-trips through JSON (the model is in
:mod:`seforge.systems.swords_edge.pending_models`, the reading of a judged roll in
:mod:`seforge.systems.swords_edge.judged_rolls`; both are re-exported here).

The functions below are its only mutators: each changes the model in place or
raises :class:`RefusedError` (a ValueError) with a plain reason and leaves
it as it was. The :class:`~seforge.systems.swords_edge.models.Character` behind ``actor`` is not
part
of the model (it belongs to its own document): the functions that need it take
it as an argument.

Spent Qualities (book: *Momentum*): a Quality other than a Trait put into a
Momentum Test (or a Seize) cannot be used again in that scene. ``scene_spent``
holds those spent before the current step; a roll judged in the Momentum or
Seize step records its own in ``spent_here``, which joins ``scene_spent`` when
the Test moves on to another step. Re-judging the same step (after a Luck
reroll, or a corrected die) therefore still counts the Qualities it used: the
book's Tella, Charisma and "Royalty" (+6), rerolls her 2 into a 7 and makes 17
against TN 14.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import ValidationError

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.dice import DIE_FACES
from seforge.systems.swords_edge.judged_rolls import Consequence, consequences, roll_line
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import Character, NarrativeCharacter, Trait
from seforge.systems.swords_edge.pending_models import (
    JUDGE_FIRST,
    LOG_LIMIT,
    MAX_ACTION_NUMBER,
    MAX_PENALTY_RANKS,
    NO_TN,
    PLAIN_RANGE,
    JudgedNextStep,
    JudgedRoll,
    PendingNC,
    PendingTest,
    RollKind,
    pending_from_json,
    pending_to_json,
)
from seforge.systems.swords_edge.resolution.breakdown import (
    TNBreakdown,
    joint_action_tn,
    momentum_tn,
    undefended_pc_tn,
    undefended_target_tn,
)
from seforge.systems.swords_edge.resolution.opponents import (
    Opponent,
    default_applied,
    nc_spent_by_momentum,
    regrouped_momentum,
)
from seforge.systems.swords_edge.resolution.qualities import (
    ModifierPart,
    QualityChoice,
    action_extras,
    choice_notes,
    default_chosen,
    linked_trait_keys,
    pc_choices,
    selection_luck,
    selection_modifier,
    selection_problems,
    spent_by_momentum,
    spent_problem,
)
from seforge.systems.swords_edge.resolution.steps import STEPS, Step
from seforge.systems.swords_edge.resolution.stress import penalty_modifier
from seforge.systems.swords_edge.resolution.verdicts import (
    NextStep,
    Verdict,
    judge,
    judge_undefended_pc,
)
from seforge.systems.swords_edge.table_rules import criticals_reading, undefended_bands

__all__ = [
    "JUDGE_FIRST",
    "LOG_LIMIT",
    "MAX_ACTION_NUMBER",
    "MAX_PENALTY_RANKS",
    "NO_TN",
    "PLAIN_RANGE",
    "Consequence",
    "JudgedNextStep",
    "JudgedRoll",
    "PendingNC",
    "PendingTest",
    "RollKind",
    "add_opponent",
    "apply_stress",
    "clear_log",
    "clear_opponents",
    "consequences",
    "exertion_luck",
    "go_to",
    "judge_test",
    "luck_reroll",
    "luck_spent",
    "modifier",
    "modifier_parts",
    "nc_blocked",
    "new_scene",
    "pairing_test",
    "pc_notes",
    "pc_options",
    "pending_from_json",
    "pending_to_json",
    "problems",
    "remove_opponent",
    "roll_line",
    "roll_reroll",
    "roll_test",
    "secure_die",
    "set_actor",
    "set_dice",
    "set_nc_applied",
    "set_nc_stress",
    "set_options",
    "set_penalty_ranks",
    "set_plain_modifier",
    "set_step",
    "set_trait",
    "take_offer",
    "tn",
    "toggle_quality",
]


# --------------------------------------------------------------- helpers


FIELD_LABELS = {
    "plain_modifier": "Plain modifier",
    "penalty_ranks": "Penalty Ranks",
    "momentum_level": "Momentum Level",
    "action_number": "Action number",
    "range_band": "Range",
    "dice": "Dice",
    "role": "Role",
    "reading": "Group TN reading",
}
"""How a refusal names the setting it is about."""


def _check(test: PendingTest, changes: dict[str, Any]) -> None:
    """Apply ``changes`` all or nothing (validated as the model validates them)."""
    data = test.model_dump()
    data.update(changes)
    try:
        checked = PendingTest.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first.get("loc") else ""
        message = str(first.get("msg", "not allowed")).removeprefix("Value error, ")
        label = FIELD_LABELS.get(field, field.replace("_", " "))
        raise RefusedError(f"{label}: {message}" if label else message) from None
    for name in changes:
        object.__setattr__(test, name, getattr(checked, name))


def _merge_spent(test: PendingTest) -> None:
    if test.spent_here:
        test.scene_spent = sorted(set(test.scene_spent) | set(test.spent_here))
        test.spent_here = []
    for step in STEPS:
        test.chosen[step] = [k for k in test.chosen[step] if k not in test.scene_spent]


# ------------------------------------------------------------- who acts


def set_actor(test: PendingTest, actor: str | None, penalty_ranks: int = 0,
              spent: Iterable[str] | None = None) -> None:
    """Another PC acts (None: a plain modifier). Their Qualities start from the
    defaults (the Trait everywhere; Concept, Background, Faculty in the Action);
    ``spent`` are those already spent on Momentum this scene (None: what this
    Test remembers for that PC)."""
    previous = test.actor
    _check(test, {"actor": actor, "penalty_ranks": penalty_ranks})
    _merge_spent(test)
    by_pc = dict(test.spent_by_pc)
    if previous is not None and test.scene_spent:
        by_pc[previous] = list(test.scene_spent)
    remembered = by_pc.pop(actor, []) if actor is not None else []
    test.spent_by_pc = by_pc
    test.scene_spent = sorted(set(remembered if spent is None else spent))
    test.spent_here = []
    test.chosen = default_chosen(test.trait)
    _merge_spent(test)


def set_plain_modifier(test: PendingTest, value: int) -> None:
    _check(test, {"plain_modifier": value})


def set_trait(test: PendingTest, trait: Trait, penalty_ranks: int = 0) -> None:
    """The PC uses ``trait``: the PC's and the NCs' defaults follow it (an NC's
    Momentum and Action both bring its matching Trait; a group's Momentum none)."""
    _check(test, {"trait": trait, "penalty_ranks": penalty_ranks})
    test.chosen = default_chosen(trait)
    _merge_spent(test)
    size = len(test.opponents)
    for entry in test.opponents:
        entry.applied["momentum"] = sorted(default_applied(entry.nc, "momentum", trait, size))
        entry.applied["action"] = sorted(default_applied(entry.nc, "action", trait))


def set_penalty_ranks(test: PendingTest, value: int) -> None:
    _check(test, {"penalty_ranks": value})


def pc_options(test: PendingTest, character: Character) -> list[QualityChoice]:
    """What the PC may bring into the current step (spent ones marked)."""
    penalties = dict(character.play.penalty_ranks)
    penalties[test.trait] = test.penalty_ranks
    return pc_choices(character, test.trait, test.scene_spent, penalties)


def pc_notes(test: PendingTest, character: Character) -> dict[str, str]:
    """Per PC Quality: spent, its Luck cost, what it needs (from the core's rules)."""
    return choice_notes(pc_options(test, character), test.selected())


def toggle_quality(test: PendingTest, character: Character, key: str, on: bool) -> None:
    """Put the PC's Quality ``key`` into the current step, or take it out."""
    choices = {c.key: c for c in pc_options(test, character)}
    choice = choices.get(key)
    if choice is None:
        raise RefusedError(f"{character.name or 'the PC'} has no Quality {key!r}")
    keys = set(test.chosen[test.step])
    if on:
        if choice.spent:
            raise RefusedError(spent_problem(choice))
        keys.add(key)
        # A Faculty or Element brings its linked Trait into the Test (L301, L429).
        keys |= {k for k in linked_trait_keys(list(choices.values()), {key})
                 if k in choices and not choices[k].spent}
    else:
        keys.discard(key)
    test.chosen[test.step] = [c for c in choices if c in keys]


# ----------------------------------------------------------- opposition


def add_opponent(test: PendingTest, nc: NarrativeCharacter, *, library_id: str = "",
                 scene_id: str = "", stress: int = 0) -> PendingNC:
    """Add ``nc`` (a copy) with its default applied Qualities per step."""
    if stress < 0:
        raise RefusedError("Stress cannot be negative")
    size = len(test.opponents) + 1
    entry = PendingNC(
        uid=f"nc{test.next_uid}", nc=nc.model_copy(deep=True), library_id=library_id,
        scene_id=scene_id, stress=min(stress, 10),
        applied={step: sorted(default_applied(nc, step, test.trait, size)) for step in STEPS},
    )
    test.next_uid += 1
    _regroup(test, size - 1, size)
    test.opponents = [*test.opponents, entry]
    return test.opponents[-1]


def _regroup(test: PendingTest, old_size: int, new_size: int) -> None:
    """A group's Momentum adds no Trait by default (L465-469): the NCs already in
    the Test follow the new size unless the GM changed their Momentum boxes."""
    for entry in test.opponents:
        entry.applied["momentum"] = sorted(regrouped_momentum(
            entry.nc, test.trait, set(entry.applied["momentum"]), old_size, new_size))


def remove_opponent(test: PendingTest, uid: str) -> None:
    test.opponent(uid)
    test.opponents = [o for o in test.opponents if o.uid != uid]
    _regroup(test, len(test.opponents) + 1, len(test.opponents))


def clear_opponents(test: PendingTest) -> None:
    test.opponents = []


def nc_blocked(test: PendingTest, uid: str) -> set[str]:
    """The keys of an NC's Qualities it may not apply in the current step: in the
    Action, what its Momentum used (all but a Trait)."""
    entry = test.opponent(uid)
    if test.step != "action":
        return set()
    return nc_spent_by_momentum(entry.nc, entry.applied["momentum"])


def set_nc_applied(test: PendingTest, uid: str, key: str, on: bool,
                   step: Step | None = None) -> None:
    """Tick (or untick) an NC Quality for ``step`` (default: the current step)."""
    entry = test.opponent(uid)
    chosen_step = step or test.step
    if key not in {o.key for o in entry.options()}:
        raise RefusedError(f"{entry.nc.name or 'the NC'} has no usable Quality {key!r}")
    if on and chosen_step == "action" and test.step == "action" \
            and key in nc_blocked(test, uid):
        raise RefusedError(f"{entry.nc.name} used it for Momentum: only a Trait may "
                               "count in both.")
    keys = set(entry.applied[chosen_step])
    if on:
        keys.add(key)
    else:
        keys.discard(key)
    entry.applied[chosen_step] = sorted(keys)


def set_nc_stress(test: PendingTest, uid: str, stress: int) -> None:
    entry = test.opponent(uid)
    if not 0 <= stress <= 10:
        raise RefusedError("Stress goes from 0 to 10")
    entry.stress = stress


def apply_stress(test: PendingTest) -> PendingNC:
    """Add the judged attack's Stress to the first NC still in the Test."""
    verdict = test.verdict
    active = test.active()
    if verdict is None or verdict.step != "action" or verdict.stress <= 0 or not active:
        raise RefusedError("No Stress to apply: judge a successful attack first.")
    if test.role != "attack" or verdict.undefended_pc:
        raise RefusedError("Only the PC's attack puts Stress on an NC.")
    target = active[0]
    target.stress = min(target.stress + verdict.stress, 10)
    test.verdict = verdict.model_copy(update={"stress": 0})
    return target


# ---------------------------------------------------------------- steps


def set_step(test: PendingTest, step: Step) -> None:
    """Move to ``step``. The Qualities the last Momentum roll spent stay spent."""
    if step not in STEPS:
        raise RefusedError(f"unknown step {step!r}")
    if step != test.step:
        _merge_spent(test)
    test.step = step
    if step == "action":
        # What an NC's Momentum used (all but a Trait) cannot count in its Action,
        # even when its Action defaults would bring it (a hero's best Element).
        for entry in test.opponents:
            blocked = nc_blocked(test, entry.uid)
            entry.applied["action"] = [k for k in entry.applied["action"] if k not in blocked]


def set_options(test: PendingTest, **changes: Any) -> None:
    """Change the Action's situation (``role``, ``momentum_level``, ``first_action``,
    ``action_number``, ``range_band``, ``target_undefended``, ``pc_undefended``,
    ``lost_by_critical``) or the group ``reading``; all or nothing."""
    allowed = {"role", "momentum_level", "first_action", "action_number", "range_band",
               "target_undefended", "pc_undefended", "lost_by_critical", "reading"}
    unknown = set(changes) - allowed
    if unknown:
        raise RefusedError(f"not an option of a Test: {', '.join(sorted(unknown))}")
    _check(test, changes)


def go_to(test: PendingTest, next_step: NextStep) -> None:
    """Follow a verdict's next step with its settings filled in."""
    set_step(test, next_step.step)
    set_options(test, role=next_step.role, momentum_level=next_step.momentum_level,
                first_action=True, action_number=1, pc_undefended=False,
                target_undefended=False)


def new_scene(test: PendingTest) -> None:
    """A new scene: every Quality spent on Momentum is usable again."""
    test.scene_spent = []
    test.spent_here = []
    test.spent_by_pc = {}


# ----------------------------------------------------------------- numbers


def modifier_parts(test: PendingTest, character: Character | None) -> list[ModifierPart]:
    """What the PC's modifier in the current step is made of."""
    step = test.step
    if step == "action" and test.pc_undefended:
        return [ModifierPart("Penalty Ranks", penalty_modifier(test.penalty_ranks))]
    parts: list[ModifierPart] = []
    if character is None:
        parts.append(ModifierPart("Plain modifier", test.plain_modifier))
        if test.penalty_ranks:
            parts.append(ModifierPart("Penalty Ranks", penalty_modifier(test.penalty_ranks)))
    else:
        choices = pc_options(test, character)
        chosen = test.selected()
        for choice in choices:
            if choice.key in chosen and not choice.spent:
                parts.append(ModifierPart(choice.name, choice.modifier))
        fetish = selection_modifier(character, choices, chosen) - sum(p.value for p in parts)
        if fetish:
            parts.append(ModifierPart("Fetish", fetish))
    if step == "action":
        parts.extend(action_extras(test.momentum_level, test.first_action,
                                   test.action_number, test.range_band))
    return parts


def modifier(test: PendingTest, character: Character | None) -> int:
    return sum(p.value for p in modifier_parts(test, character))


def tn(test: PendingTest) -> TNBreakdown | None:
    """The TN of the current step with its parts (None: nobody to roll against)."""
    step = test.step
    if step == "action" and test.pc_undefended:
        return undefended_pc_tn()
    if step == "action" and test.target_undefended:
        return undefended_target_tn()
    active = test.active()
    if not active:
        return None
    opponents = [_opponent_now(test, o) for o in active]
    if step == "momentum":
        return momentum_tn(opponents)
    return joint_action_tn(opponents, test.reading)


def _opponent_now(test: PendingTest, entry: PendingNC) -> Opponent:
    blocked = nc_blocked(test, entry.uid)
    applied = frozenset(k for k in entry.applied[test.step] if k not in blocked)
    return Opponent(entry.nc, applied, entry.stress)


def exertion_luck(test: PendingTest, character: Character | None) -> int:
    """Luck the extra Traits and Elements of the current step cost."""
    if character is None:
        return 0
    return selection_luck(pc_options(test, character), test.selected())


def luck_spent(test: PendingTest, character: Character | None) -> int:
    """All the Luck this Test costs so far: exertion in this step plus rerolls."""
    return exertion_luck(test, character) + test.luck_rerolls


def problems(test: PendingTest, character: Character | None) -> list[str]:
    if character is None:
        return []
    return selection_problems(pc_options(test, character), test.chosen[test.step])


# ------------------------------------------------------------------ dice


def set_dice(test: PendingTest, d1: int, d2: int) -> None:
    """The dice as rolled (a fresh roll: no reroll yet)."""
    _check(test, {"dice": (d1, d2), "rerolled": False})


def judge_test(test: PendingTest, character: Character | None,
               kind: RollKind = "entered") -> Verdict:
    """Judge the dice in the current step, record the verdict and log it.

    A Momentum or Seize roll of a PC records the Qualities it spends (all but the
    Trait) in ``spent_here``; judging that step again replaces them.
    """
    breakdown = tn(test)
    if breakdown is None:
        raise RefusedError(NO_TN)
    step = test.step
    d1, d2 = test.dice
    mod = modifier(test, character)
    options = None if character is None else character.options
    undefended_pc = step == "action" and test.pc_undefended
    if undefended_pc:
        verdict = judge_undefended_pc(d1, d2, mod, undefended_bands(options))
    else:
        verdict = judge(step, d1, d2, mod, breakdown.total, role=test.role,
                        opponents=[_opponent_now(test, o) for o in test.active()],
                        target_undefended=test.target_undefended,
                        lost_momentum_by_critical=test.lost_by_critical,
                        rerolled=test.rerolled and criticals_reading(options) == "first")
    if step in ("momentum", "seize") and character is not None:
        test.spent_here = sorted(spent_by_momentum(test.selected(),
                                                   pc_options(test, character)))
    judged = JudgedRoll.of(verdict, step, (d1, d2), test.rerolled, mod,
                           breakdown.total, undefended_pc)
    judged.kind = kind
    judged.actor = test.actor
    if character is not None and not undefended_pc:
        judged.used = sorted(test.selected())
        judged.trait = test.trait
    test.verdict = judged
    test.log = [*test.log, judged][-LOG_LIMIT:]
    return verdict


def luck_reroll(test: PendingTest, character: Character | None, value: int) -> Verdict:
    """Spend a Luck to reroll the lower die (it showed ``value``), keep the better,
    and judge again (book: *Luck*, Reroll)."""
    if test.verdict is None or test.verdict.step != test.step:
        raise RefusedError(JUDGE_FIRST)
    if not 1 <= value <= DIE_FACES:
        raise RefusedError(f"a d10 shows 1..{DIE_FACES}, not {value}")
    if tn(test) is None:
        raise RefusedError(NO_TN)
    d1, d2 = test.dice
    options = None if character is None else character.options
    if d1 == d2 == 1 and not test.rerolled and criticals_reading(options) == "first":
        raise RefusedError(
            "A natural 2 stands: the Test fails and earns its Advancement, so Luck cannot "
            "reroll it (the table rule \"Criticals follow Luck rerolls\" allows it).")
    if d1 <= d2:
        d1 = max(d1, value)
    else:
        d2 = max(d2, value)
    test.dice = (d1, d2)
    test.rerolled = True
    test.luck_rerolls += 1
    return judge_test(test, character, "reroll")


# ------------------------------------------------------------ dice roller

DieRoller = Callable[[], int]


def secure_die() -> int:
    """One d10 from the operating system's secure source (:mod:`secrets`)."""
    return secrets.randbelow(DIE_FACES) + 1


def roll_test(test: PendingTest, character: Character | None,
              die: DieRoller = secure_die) -> Verdict:
    """Roll 2d10 for the current step and judge them (logged as rolled)."""
    if tn(test) is None:
        raise RefusedError(NO_TN)
    set_dice(test, die(), die())
    return judge_test(test, character, "rolled")


def roll_reroll(test: PendingTest, character: Character | None,
                die: DieRoller = secure_die) -> Verdict:
    """Spend a Luck: roll a d10 for the lower die, keep the better, judge again."""
    if test.verdict is None or test.verdict.step != test.step:
        raise RefusedError(JUDGE_FIRST)
    return luck_reroll(test, character, die())


def take_offer(test: PendingTest) -> None:
    """Mark what the last roll's critical offered as recorded (it is offered once)."""
    if test.verdict is None or not consequences(test):
        raise RefusedError("The last roll offers nothing to record.")
    test.verdict = test.verdict.model_copy(update={"offer_taken": True})


def clear_log(test: PendingTest) -> None:
    test.log = []


# ------------------------------------------------------------- pairings


def pairing_test(
    actor: str | None,
    opponents: Sequence[tuple[NarrativeCharacter, int, str]],
    *,
    trait: Trait = Trait.PHYSIQUE,
    penalty_ranks: int = 0,
    spent: Iterable[str] = (),
    momentum_level: Level | str | None = None,
) -> PendingTest:
    """A Test for a scene pairing: ``opponents`` are (NC, Stress taken, scene id).

    With a ``momentum_level`` the PC has won the Momentum at that Level and the
    Test opens on the Action (attacking); without one, on the Momentum.
    """
    test = PendingTest(trait=trait)
    set_actor(test, actor, penalty_ranks, spent)
    for nc, stress, scene_id in opponents:
        add_opponent(test, nc, scene_id=scene_id, stress=stress)
    step: Step = "momentum" if momentum_level is None else "action"
    level = None if momentum_level is None else Level.named(momentum_level)
    go_to(test, NextStep("", step, "attack", level))
    return test

