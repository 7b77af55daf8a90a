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

Several actions in a round, the reading *one act or reaction per opponent per
round* (:data:`ROUND_READING`; book: *Action*, L505, L517-523). The Action is
against one NC of the Test (``target``) or all of them together as one action
(None, as Jyrell's single attack on three Shock Troopers in the Example of Play,
L982-984). Attacking and defending count alike: the first act or reaction of a
round is free, each later one costs one Rank more on the acting character's own
roll (-2, -4, -6: L505's debate, L519's and L523's four opponents). A round gives
the character one action against each opponent (L521), so an Action against an NC
already dealt with this round (or against all of them together, or after such an
action) opens the next round, and so does :func:`new_round`; a Momentum or Seize
the Momentum roll opens a new exchange. The count is read from the roll log
(:func:`round_so_far`): each Action roll keeps whom it was against and in which
round; a roll judged again (a corrected die, a Luck reroll) is the same action.
Picking whom the Action is against fills in ``action_number`` (and
``first_action``: the Momentum bonus goes to the action right after the Momentum
Test, L461, L976) from the log; the GM may change it, or leave the penalty out
(:func:`set_action_penalty`). An Action that opens the next round that way moves
``round_number`` on when it is judged, so the round numbers of the log always tell the
rounds apart.

The NCs count the same way (L505 "each character (PC or NC)", L517 "multiple PCs face a
single NC", L523): each PC's Action against an NC (attacking it, or defending against
it) is one act or reaction of that NC's. When several PCs deal with one NC in a round,
its first is free and each later one costs it a Rank more; an NC's modifiers are its
TN (L1128), so its penalty lowers the TN of the later PCs' Tests
(:func:`nc_action_penalty`; the GM may leave it out, :func:`set_nc_penalty`). The count
comes from the other actors' rolls in this Test's log and, in a scene, from the other
PCs' Tests (:attr:`PendingTest.elsewhere`, which the scene fills in, its Tests' rounds
going on together); a roll judged again keeps the count it was judged with.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
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
    MAX_ROUND,
    NO_TN,
    PLAIN_RANGE,
    JudgedNextStep,
    JudgedRoll,
    NCActionElsewhere,
    PendingNC,
    PendingTest,
    RollKind,
    pending_from_json,
    pending_to_json,
)
from seforge.systems.swords_edge.play.history import trial_copy
from seforge.systems.swords_edge.play.luck import spend_luck
from seforge.systems.swords_edge.ranks import format_modifier
from seforge.systems.swords_edge.resolution.breakdown import (
    TNBreakdown,
    TNPart,
    joint_action_tn,
    momentum_tn,
    undefended_pc_tn,
    undefended_target_tn,
    with_parts,
)
from seforge.systems.swords_edge.resolution.opponents import (
    NC_NO_CONCEPT_NOTE,
    NC_NO_CONCEPT_TIP,
    NC_SPENT_NOTE,
    NC_SPENT_TIP,
    Opponent,
    default_applied,
    nc_momentum_barred,
    nc_momentum_refusal,
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
from seforge.systems.swords_edge.resolution.tns import multiple_action_penalty
from seforge.systems.swords_edge.resolution.verdicts import (
    NextStep,
    Verdict,
    judge,
    judge_undefended_pc,
)
from seforge.systems.swords_edge.table_rules import criticals_reading, undefended_bands
from seforge.systems.swords_edge.wording import distinct_titles, ordinal, times

__all__ = [
    "ALL_TOGETHER",
    "EXERTION_READING",
    "JUDGE_FIRST",
    "LOG_LIMIT",
    "MAX_ACTION_NUMBER",
    "MAX_PENALTY_RANKS",
    "NO_TN",
    "PLAIN_RANGE",
    "ROUND_READING",
    "ROUND_TIPS",
    "ActionPenalty",
    "Consequence",
    "JudgedNextStep",
    "JudgedRoll",
    "NCActionElsewhere",
    "NCAgain",
    "NCPenalty",
    "PendingNC",
    "PendingTest",
    "RollKind",
    "RoundSoFar",
    "acting_ncs",
    "action_penalty",
    "action_target",
    "add_opponent",
    "apply_stress",
    "clear_log",
    "clear_opponents",
    "consequences",
    "exertion_change",
    "exertion_due",
    "exertion_luck",
    "exertion_of",
    "exertion_paid",
    "exertion_refund",
    "exertion_refusal",
    "go_to",
    "join_round",
    "judge_test",
    "luck_reroll",
    "luck_spent",
    "modifier",
    "modifier_parts",
    "nc_action_penalty",
    "nc_blocked",
    "nc_blocked_notes",
    "new_round",
    "new_scene",
    "opponent_titles",
    "pairing_test",
    "pc_notes",
    "pc_options",
    "pending_from_json",
    "pending_to_json",
    "problems",
    "remove_opponent",
    "reroll_refusal",
    "roll_line",
    "roll_reroll",
    "roll_test",
    "round_so_far",
    "secure_die",
    "set_action_penalty",
    "set_actor",
    "set_dice",
    "set_nc_applied",
    "set_nc_penalty",
    "set_nc_stress",
    "set_options",
    "set_penalty_ranks",
    "set_plain_modifier",
    "set_step",
    "set_target",
    "set_trait",
    "stress_target",
    "take_offer",
    "target_choices",
    "tn",
    "toggle_quality",
    "turn_from_out_target",
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
    if test.target == uid:
        test.target = None
    _regroup(test, len(test.opponents) + 1, len(test.opponents))


def clear_opponents(test: PendingTest) -> None:
    test.opponents = []
    test.target = None


def nc_blocked_notes(test: PendingTest, uid: str) -> dict[str, tuple[str, str]]:
    """The keys of an NC's Qualities it may not apply in the current step, each with a
    short note and a tooltip saying why: in Momentum, its Concept; in the Action, what
    its Momentum used (all but a Trait)."""
    entry = test.opponent(uid)
    if test.step == "momentum":
        barred = nc_momentum_barred(entry.nc)
        return {key: (NC_NO_CONCEPT_NOTE, NC_NO_CONCEPT_TIP) for key in sorted(barred)}
    if test.step != "action":
        return {}
    spent = nc_spent_by_momentum(entry.nc, entry.applied["momentum"])
    return {key: (NC_SPENT_NOTE, NC_SPENT_TIP) for key in sorted(spent)}


def nc_blocked(test: PendingTest, uid: str) -> set[str]:
    """The keys of an NC's Qualities it may not apply in the current step (see
    :func:`nc_blocked_notes`)."""
    return set(nc_blocked_notes(test, uid))


def set_nc_applied(test: PendingTest, uid: str, key: str, on: bool,
                   step: Step | None = None) -> None:
    """Tick (or untick) an NC Quality for ``step`` (default: the current step)."""
    entry = test.opponent(uid)
    chosen_step = step or test.step
    if key not in {o.key for o in entry.options()}:
        raise RefusedError(f"{entry.nc.name or 'the NC'} has no usable Quality {key!r}")
    if on and chosen_step == "momentum" and key in nc_momentum_barred(entry.nc):
        raise RefusedError(nc_momentum_refusal(entry.nc.name))
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
    turn_from_out_target(test)


def stress_target(test: PendingTest) -> PendingNC | None:
    """The NC the judged attack's Stress goes to: the one it was against (None once it
    is out), or after an attack on all of them together the first NC still in the Test."""
    verdict = test.verdict
    active = test.active()
    if verdict is not None and verdict.target is not None:
        return next((o for o in active if o.uid == verdict.target), None)
    return active[0] if active else None


def apply_stress(test: PendingTest) -> PendingNC:
    """Add the judged attack's Stress to the NC it was against (all of them together:
    the first NC still in the Test). When that takes the NC the Action was against
    out, the Action turns to the next NC not yet dealt with this round, its number
    filled in (the GM may pick another)."""
    verdict = test.verdict
    target = stress_target(test)
    if verdict is None or verdict.step != "action" or verdict.stress <= 0 or target is None:
        raise RefusedError("No Stress to apply: judge a successful attack first.")
    if test.role != "attack" or verdict.undefended_pc:
        raise RefusedError("Only the PC's attack puts Stress on an NC.")
    target.stress = min(target.stress + verdict.stress, 10)
    test.verdict = verdict.model_copy(
        update={"stress": 0, "stress_applied": verdict.stress_applied + verdict.stress})
    turn_from_out_target(test)
    return target


def turn_from_out_target(test: PendingTest) -> None:
    """When the one NC the Action is against is out (its Stress, put on here or in the
    scene by another PC's Test) or no longer in the Test, the Action turns to the next NC
    not yet dealt with this round, its number filled in (the GM may pick another). Left
    pointing at an NC that is out, the Action would count as one against all of them
    together, which opens the next round: the PC's next act would go free."""
    if test.target is None or not test.active():
        return
    gone = next((o for o in test.opponents if o.uid == test.target), None)
    if gone is not None and not gone.removed:
        return
    done = {*round_so_far(test).earlier, test.target}
    left = [o for o in test.active() if o.uid not in done] or test.active()
    set_target(test, left[0].uid)


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
    ``lost_by_critical``, ``nc_penalty``) or the group ``reading``; all or nothing."""
    allowed = {"role", "momentum_level", "first_action", "action_number", "range_band",
               "target_undefended", "pc_undefended", "lost_by_critical", "reading",
               "nc_penalty"}
    unknown = set(changes) - allowed
    if unknown:
        raise RefusedError(f"not an option of a Test: {', '.join(sorted(unknown))}")
    _check(test, changes)


def go_to(test: PendingTest, next_step: NextStep) -> None:
    """Follow a verdict's next step with its settings filled in."""
    set_step(test, next_step.step)
    set_options(test, role=next_step.role, momentum_level=next_step.momentum_level,
                first_action=True, action_number=1, pc_undefended=False,
                target_undefended=False, nc_penalty=True)


def new_scene(test: PendingTest) -> None:
    """A new scene: every Quality spent on Momentum is usable again."""
    test.scene_spent = []
    test.spent_here = []
    test.spent_by_pc = {}


# ------------------------------------------------------ actions in a round

ROUND_READING = "one act or reaction per opponent per round"
"""How SEForge counts a character's actions in a round (see the module's docstring):
each opponent dealt with once a round, acting and reacting alike (L505, L517-523)."""

ALL_TOGETHER = "All of them together (one action)"
"""How the calculator names an Action against every NC of the Test at once."""

ROUND_TIPS: dict[str, str] = {
    "target": "Whom this Action is against (or who attacks the PC). Against one NC at a "
              "time, each further act or reaction in the round costs "
              f"{format_modifier(multiple_action_penalty(1))} more; all of them together "
              "is a single action",
    "new_round": "Start the next round: the next act or reaction is the first again "
                 "(turning to an NC already dealt with this round starts it too); in a "
                 "scene, the other PCs' Tests go on to it when they are opened",
}
"""What the calculator says about whom an Action is against and the round (numbers from
the rules that use them)."""

_EVERYONE = ""
"""The key of an Action against all the NCs together in the roll log's reading."""


@dataclass(frozen=True)
class RoundSoFar:
    """Where the acting character's current Action stands in the round, read from
    the roll log (:func:`round_so_far`)."""

    number: int
    """Which act or reaction of the round it is (1: the first, free)."""
    earlier: tuple[str, ...]
    """Whom the character dealt with earlier this round, in order (NC uids; "" for all
    of them together)."""
    first_since_momentum: bool
    """No earlier Action since the last Momentum (or Seize) roll: the Momentum bonus
    goes to this one."""
    next_round: bool = False
    """The Action begins a round its Test's :attr:`~PendingTest.round_number` does not
    count yet (it is against an NC already dealt with, or against all of them together
    after an earlier action): judging it moves the round number on."""


@dataclass(frozen=True)
class ActionPenalty:
    """The penalty for acting again in the round, as the calculator proposes it
    (:func:`action_penalty`)."""

    number: int
    """Which act or reaction of the round it counts as."""
    amount: int
    """The penalty for that (-2 for the 2nd), counted or not."""
    applied: bool
    """Whether it counts in the modifier (the GM may leave it out)."""
    label: str
    """``"2nd action this round"``."""
    why: str
    """A few sentences in our words: whom the character already dealt with, and why it
    costs what it costs."""

    @property
    def value(self) -> int:
        """What it adds to the PC's modifier now."""
        return self.amount if self.applied else 0


def action_target(test: PendingTest) -> PendingNC | None:
    """The one NC the Action is against, if the GM picked one still in the Test (None:
    all of them together)."""
    if test.target is None:
        return None
    return next((o for o in test.active() if o.uid == test.target), None)


def _key(test: PendingTest) -> str:
    target = action_target(test)
    return target.uid if target is not None else _EVERYONE


def _actions(test: PendingTest) -> list[tuple[int, str]]:
    """(round, whom) of each Action the acting character made since their last
    Momentum or Seize roll; a roll judged again is the same action."""
    found: list[tuple[int, str]] = []
    for entry in test.log:
        if entry.actor != test.actor:
            continue
        if entry.step != "action":
            found = []  # a Momentum (or Seize) roll: a new exchange
            continue
        if entry.undefended_pc:
            continue  # an Undefended PC does not react
        action = (entry.round_number, entry.target or _EVERYONE)
        if not found or found[-1] != action:
            found.append(action)
    return found


def _opens_round(current: tuple[int, list[str]], round_number: int, key: str) -> bool:
    """Whether an Action against ``key`` belongs to a new round after ``current``."""
    number, done = current
    return number != round_number or key == _EVERYONE or _EVERYONE in done or key in done


def round_so_far(test: PendingTest) -> RoundSoFar:
    """Which act or reaction of the round the current Action is, from the roll log
    (the reading :data:`ROUND_READING`)."""
    actions = _actions(test)
    rounds: list[tuple[int, list[str]]] = []
    for number, key in actions:
        if not rounds or _opens_round(rounds[-1], number, key):
            rounds.append((number, []))
        rounds[-1][1].append(key)
    key = _key(test)
    if actions and actions[-1] == (test.round_number, key):
        done = rounds[-1][1]  # the current Action was judged already
        return RoundSoFar(len(done), tuple(done[:-1]), len(actions) == 1)
    if rounds and not _opens_round(rounds[-1], test.round_number, key):
        done = rounds[-1][1]
        return RoundSoFar(len(done) + 1, tuple(done), not actions)
    counted = bool(rounds) and rounds[-1][0] == test.round_number
    return RoundSoFar(1, (), not actions, counted and test.round_number < MAX_ROUND)


def _round_now(test: PendingTest) -> int:
    """The round the current Action belongs to (see :attr:`RoundSoFar.next_round`)."""
    return test.round_number + (1 if round_so_far(test).next_round else 0)


def _fill_in_round(test: PendingTest) -> None:
    """Set the Action's number and Momentum bonus from the roll log; the NCs' penalty
    for acting again counts (the GM may leave it out again)."""
    so_far = round_so_far(test)
    test.action_number = min(so_far.number, MAX_ACTION_NUMBER)
    test.first_action = so_far.first_since_momentum
    test.nc_penalty = True


def set_target(test: PendingTest, uid: str | None) -> None:
    """The Action is against the NC ``uid`` (None: all of them together); its number in
    the round and the Momentum bonus are filled in from the roll log."""
    if uid is not None:
        entry = test.opponent(uid)
        if entry.removed:
            raise RefusedError(f"{entry.nc.name or 'That NC'} is already out: pick "
                               "another NC")
    test.target = uid
    _fill_in_round(test)


def new_round(test: PendingTest) -> None:
    """The next round begins: the next act or reaction is the first of the round."""
    if test.round_number >= MAX_ROUND:
        raise RefusedError(f"A Test counts at most {MAX_ROUND} rounds: start a new Test.")
    test.round_number += 1
    _fill_in_round(test)


def join_round(test: PendingTest, round_number: int) -> None:
    """Go on to the round ``round_number`` (a later round of the scene the Test belongs
    to): the next act or reaction is the first of that round. An earlier or the same
    round changes nothing."""
    if round_number > test.round_number:
        _check(test, {"round_number": round_number})
        _fill_in_round(test)


def opponent_titles(test: PendingTest) -> dict[str, str]:
    """Each NC's name as the calculator shows it (by uid), numbered when several share
    one (two of the book's Shock Troopers: "Shock Troopers (1)", "... (2)")."""
    titles = distinct_titles([o.nc.name or "NC" for o in test.opponents])
    return {o.uid: title for o, title in zip(test.opponents, titles, strict=True)}


def _names(test: PendingTest, keys: Sequence[str]) -> str:
    titles = opponent_titles(test)
    return ", ".join("all of them together" if key == _EVERYONE else
                     titles.get(key, "an NC no longer in the Test") for key in keys)


def action_penalty(test: PendingTest) -> ActionPenalty | None:
    """The penalty for a later act or reaction in the round, while the Action is one
    (None: the first of the round, or not an Action the PC makes)."""
    if test.step != "action" or test.pc_undefended:
        return None
    so_far = round_so_far(test)
    if so_far.number <= 1 and test.action_number <= 1:
        return None
    applied = test.action_number > 1
    number = test.action_number if applied else so_far.number
    each = format_modifier(multiple_action_penalty(1))
    who = test.actor or "The PC"
    if so_far.earlier:
        why = (f"{who} has already acted or reacted {times(len(so_far.earlier))} this "
               f"round ({_names(test, so_far.earlier)}).")
    else:
        why = f"The roll log shows no earlier act or reaction by {who} this round."
    why += (f" Each act or reaction after the first in a round costs {each} more than the "
            f"one before: the {ordinal(number)} is at "
            f"{format_modifier(multiple_action_penalty(number - 1))}.")
    if applied and number != so_far.number:
        why += f" Counted by hand as the {ordinal(number)}."
    if not applied:
        why += " Left out by the GM."
    return ActionPenalty(number, multiple_action_penalty(number - 1), applied,
                         f"{ordinal(number)} action this round", why)


def target_choices(test: PendingTest) -> list[tuple[str | None, str]]:
    """Whom the Action may be against: all the NCs together (None), then each NC still
    in the Test by uid, each with the TN it sets alone."""
    titles = opponent_titles(test)
    choices: list[tuple[str | None, str]] = [(None, ALL_TOGETHER)]
    for entry in test.active():
        alone = joint_action_tn([_opponent_now(test, entry)], test.reading).total
        choices.append((entry.uid, f"{titles[entry.uid]} (TN {alone})"))
    return choices


def set_action_penalty(test: PendingTest, on: bool) -> None:
    """Count the Action's penalty for acting again in the round (its number as the
    roll log gives it), or leave it out (the first action's number)."""
    number = max(round_so_far(test).number, test.action_number) if on else 1
    if on and number <= 1:
        raise RefusedError("This is the first act or reaction of the round: no penalty.")
    _check(test, {"action_number": min(number, MAX_ACTION_NUMBER)})


# ------------------------------------------- the NCs' actions in a round

NO_ONE_ELSE = "the PC in the plain modifier"
"""Whom a roll with no PC acting was made by, as the NCs' count names it."""


@dataclass(frozen=True)
class NCAgain:
    """Where one NC the Action is against stands in the round (:func:`nc_action_penalty`)."""

    uid: str
    title: str
    """The NC's name as the calculator shows it."""
    earlier: tuple[str, ...]
    """Whom it already acted or reacted against this round (the PCs' names), in order."""

    @property
    def number(self) -> int:
        """Which act or reaction of the round this one is for the NC (1: the first)."""
        return len(self.earlier) + 1

    @property
    def amount(self) -> int:
        """The NC's penalty for it (-2 for its 2nd), which comes off its TN."""
        return multiple_action_penalty(self.number - 1)

    @property
    def label(self) -> str:
        """``"Crimelord: 2nd action this round"``."""
        return f"{self.title}: {ordinal(self.number)} action this round"


@dataclass(frozen=True)
class NCPenalty:
    """The penalty of the NCs the Action is against for acting again in the round, as
    the calculator proposes it: it lowers their TN (:func:`nc_action_penalty`)."""

    ncs: tuple[NCAgain, ...]
    """Each NC that acted or reacted earlier this round (at least one)."""
    applied: bool
    """Whether it counts on the TN (the GM may leave it out)."""
    label: str
    """``"Crimelord: 2nd action this round"`` (several: ``"NCs acting again this
    round"``)."""
    short: str
    """Without the NC's name, for a narrow place: ``"NC's 2nd action this round"``."""
    why: str
    """A few sentences in our words: whom each NC already dealt with, and what it costs."""

    @property
    def amount(self) -> int:
        """What it does to the TN, counted or not (-2 for one NC's 2nd action)."""
        return sum(nc.amount for nc in self.ncs)

    @property
    def value(self) -> int:
        """What it does to the TN now."""
        return self.amount if self.applied else 0


def acting_ncs(test: PendingTest, roll: JudgedRoll) -> list[str]:
    """The uids of the NCs that acted or reacted in the Action ``roll`` of ``test``."""
    if roll.step != "action":
        return []
    if roll.acting is not None:
        return list(roll.acting)
    if roll.target is not None:
        return [roll.target]
    return [o.uid for o in test.opponents]


def _judged_already(test: PendingTest) -> JudgedRoll | None:
    """The acting character's roll of the current Action, when it was judged already
    (a corrected die, a Luck reroll: the same action)."""
    for roll in reversed(test.log):
        if roll.actor != test.actor or (roll.step == "action" and roll.undefended_pc):
            continue
        target = action_target(test)
        if roll.step == "action" and roll.round_number == test.round_number \
                and roll.target == (target.uid if target is not None else None):
            return roll
        return None
    return None


def _nc_earlier(test: PendingTest) -> dict[str, list[str]]:
    """Per NC the current Action is against: whom it already acted or reacted against
    this round, from the other PCs' rolls in this Test and in the scene's other Tests
    (:attr:`PendingTest.elsewhere`). A roll judged already keeps what it was judged with."""
    if test.step != "action" or test.pc_undefended or test.target_undefended:
        return {}
    facing = [o.uid for o in _facing_now(test)]
    judged = _judged_already(test)
    if judged is not None:
        return {uid: list(judged.nc_earlier.get(uid, [])) for uid in facing}
    now = _round_now(test)
    found: dict[str, list[str]] = {uid: [] for uid in facing}

    def add(uid: str, who: str) -> None:
        if uid in found and who not in found[uid]:
            found[uid].append(who)

    for entry in test.elsewhere:
        if entry.round_number == now:
            add(entry.nc, entry.by or "another PC")
    for roll in test.log:
        if roll.step == "action" and roll.actor != test.actor and roll.round_number == now:
            for uid in acting_ncs(test, roll):
                add(uid, roll.actor or NO_ONE_ELSE)
    return found


def nc_action_penalty(test: PendingTest) -> NCPenalty | None:
    """The penalty of the NCs the Action is against for acting or reacting again this
    round, as it comes off their TN (None: none of them acted earlier this round, or the
    roll's numbers are fixed: an Undefended PC or target).

    Several PCs against one NC (book: *Action*, L517, L523): each PC's action against it
    is one more reaction of the NC's, the first of the round free, each later one a Rank
    (-2) more. An NC's penalty is on its side of the roll, the TN, as its Qualities are
    (L1128). The first PC to deal with it in a round pays nothing; the second faces a TN 2
    lower, the third 4 lower."""
    earlier = _nc_earlier(test)
    titles = opponent_titles(test)
    ncs = tuple(NCAgain(uid, titles.get(uid, "the NC"), tuple(names))
                for uid, names in earlier.items() if names)
    if not ncs:
        return None
    each = format_modifier(multiple_action_penalty(1))
    sentences = [f"{nc.title} has already acted or reacted {times(len(nc.earlier))} this "
                 f"round (against {', '.join(nc.earlier)}), so this is its "
                 f"{ordinal(nc.number)}: {format_modifier(nc.amount)}." for nc in ncs]
    why = " ".join(sentences) + (
        f" An NC pays for acting again in a round as a PC does, {each} more for each act "
        "or reaction after its first; since the NC's side of the roll is its TN, the "
        "penalty lowers the TN.")
    if not test.nc_penalty:
        why += " Left out by the GM."
    several = "NCs acting again this round"
    label = ncs[0].label if len(ncs) == 1 else several
    short = f"NC's {ordinal(ncs[0].number)} action this round" if len(ncs) == 1 else several
    return NCPenalty(ncs, test.nc_penalty, label, short, why)


def set_nc_penalty(test: PendingTest, on: bool) -> None:
    """Count the NCs' penalty for acting again in the round on the TN, or leave it out."""
    if on and nc_action_penalty(test) is None:
        raise RefusedError("No NC the Action is against acted earlier this round: no "
                           "penalty.")
    _check(test, {"nc_penalty": on})


def _nc_penalty_parts(test: PendingTest) -> list[TNPart]:
    penalty = nc_action_penalty(test)
    if penalty is None or not penalty.applied:
        return []
    return [TNPart(nc.label, nc.amount) for nc in penalty.ncs]


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
        parts.extend(action_extras(test.momentum_level, test.first_action, 1,
                                   test.range_band))
        again = action_penalty(test)
        if again is not None and again.applied:
            parts.append(ModifierPart(again.label, again.value))
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
    active = _facing_now(test)
    if not active:
        return None
    opponents = [_opponent_now(test, o) for o in active]
    if step == "momentum":
        return momentum_tn(opponents)
    breakdown = joint_action_tn(opponents, test.reading)
    if step == "action":
        breakdown = with_parts(breakdown, _nc_penalty_parts(test))
    return breakdown


def _facing_now(test: PendingTest) -> list[PendingNC]:
    """The NCs the current step is against: in the Action, the one picked (if any)."""
    target = action_target(test) if test.step == "action" else None
    return [target] if target is not None else test.active()


def _opponent_now(test: PendingTest, entry: PendingNC) -> Opponent:
    """``entry`` as the rules see it in the current step, named as the calculator names
    it (numbered when another NC of the Test has its name)."""
    blocked = nc_blocked(test, entry.uid)
    applied = frozenset(k for k in entry.applied[test.step] if k not in blocked)
    return Opponent(entry.nc, applied, entry.stress, opponent_titles(test)[entry.uid])


def exertion_luck(test: PendingTest, character: Character | None) -> int:
    """Luck the extra Traits and Elements of the current step cost."""
    if character is None:
        return 0
    return selection_luck(pc_options(test, character), test.selected())


def _same_roll(test: PendingTest, roll: JudgedRoll) -> bool:
    """Whether judging now would judge ``roll`` again (a die corrected, the same dice
    judged once more): the acting PC's roll in this step and, in the Action, against the
    same NC in the same round (the same action, as :func:`_judged_already` reads it)."""
    if roll.actor != test.actor or roll.step != test.step or roll.undefended_pc:
        return False
    if test.step != "action":
        return True
    target = action_target(test)
    return roll.round_number == test.round_number \
        and roll.target == (target.uid if target is not None else None)


def exertion_paid(test: PendingTest) -> int:
    """The Luck already paid for the extra Traits and Elements of the roll that judging
    now would judge again, less what was given back for those taken out (0: judging
    now judges a new roll)."""
    verdict = test.verdict
    if verdict is None or not _same_roll(test, verdict):
        return 0
    paid = 0
    for roll in reversed(test.log):
        if not _same_roll(test, roll):
            break
        paid += roll.exertion
    return paid


EXERTION_READING = (
    "Exertion is the price of an extra Trait or Element in a Test (L363: one Luck for "
    "each one added), so a roll judged again (a die corrected, a Luck reroll) costs "
    "what its Qualities cost now: one ticked since costs its Luck, one taken out gives "
    "its Luck back, as it was never in the Test as judged.")
"""SEForge's reading of Exertion for a roll judged again (docs/rules-readings.md)."""


def exertion_change(test: PendingTest, character: Character | None) -> int:
    """The Luck a roll judged now costs for its extra Traits and Elements, less what the
    roll judged again already paid: negative when fewer are in it now, that Luck coming
    back (:data:`EXERTION_READING`)."""
    return exertion_luck(test, character) - exertion_paid(test)


def exertion_due(test: PendingTest, character: Character | None) -> int:
    """The Luck a roll judged now costs for its extra Traits and Elements: what they
    cost less what the roll judged again already paid (0 when that is more)."""
    return max(0, exertion_change(test, character))


def exertion_refund(test: PendingTest, character: Character | None) -> int:
    """The Luck a roll judged now gives back: what the roll judged again paid for extra
    Traits and Elements that are no longer in it (:data:`EXERTION_READING`)."""
    return max(0, -exertion_change(test, character))


def luck_spent(test: PendingTest, character: Character | None) -> int:
    """All the Luck this Test costs so far: exertion in this step plus rerolls."""
    return exertion_luck(test, character) + test.luck_rerolls


def exertion_refusal(test: PendingTest, character: Character | None) -> str | None:
    """Why the PC cannot pay the Luck its extra Qualities cost for a roll in the current
    step (None: it can, or they cost nothing, or the roll judged again paid them).
    One line."""
    amount = exertion_due(test, character)
    if character is None or amount == 0:
        return None
    try:
        spend_luck(trial_copy(character), "exertion", amount)
    except RefusedError as exc:
        return (f"Not rolled: the extra Traits and Elements cost {amount} Luck, and "
                f"{exc}.")
    return None


def exertion_of(rolls: Iterable[JudgedRoll]) -> int:
    """The Luck ``rolls`` cost for their extra Traits and Elements (Exertion), less what
    they gave back: negative when a roll judged again gave back more than the others
    cost."""
    return sum(roll.exertion for roll in rolls)


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
    if _stress_already_on(test):
        raise RefusedError(STRESS_APPLIED_AGAIN)
    change = exertion_change(test, character)  # before the Action may open the next round
    step = test.step
    d1, d2 = test.dice
    mod = modifier(test, character)
    options = None if character is None else character.options
    undefended_pc = step == "action" and test.pc_undefended
    if undefended_pc:
        verdict = judge_undefended_pc(d1, d2, mod, undefended_bands(options))
    else:
        verdict = judge(step, d1, d2, mod, breakdown.total, role=test.role,
                        opponents=[_opponent_now(test, o) for o in _facing_now(test)],
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
    if step == "action":
        earlier = _nc_earlier(test)
        if not undefended_pc and round_so_far(test).next_round:
            test.round_number += 1  # the Action opened the next round
        target = action_target(test)
        judged.target = target.uid if target is not None else None
        judged.acting = [] if test.target_undefended and not undefended_pc else \
            [o.uid for o in _facing_now(test)]
        judged.nc_earlier = {uid: names for uid, names in earlier.items() if names}
    judged.round_number = test.round_number
    if character is not None and not undefended_pc:
        judged.used = sorted(test.selected())
        judged.trait = test.trait
        judged.exertion = change
    test.verdict = judged
    test.log = [*test.log, judged][-LOG_LIMIT:]
    return verdict


STRESS_APPLIED_AGAIN = (
    "This roll's Stress is already on the NC: press New round for the next attack on it, "
    "or undo Apply Stress to judge this roll again.")
"""Why a roll whose Stress is on the NC is not judged again (it would hit twice)."""


def _stress_already_on(test: PendingTest) -> bool:
    """Whether judging now would judge again an Action whose Stress was applied."""
    verdict = test.verdict
    if test.step != "action" or verdict is None or not verdict.stress_applied:
        return False
    judged = _judged_already(test)
    return judged is not None and judged.round_number == verdict.round_number \
        and judged.target == verdict.target and verdict.actor == test.actor


def reroll_refusal(test: PendingTest) -> str | None:
    """Why the last roll cannot take a Luck reroll now (None: it can). A reroll judges the
    same roll again: not once the Test has moved to another step, lost its TN or turned
    to another NC, nor once the roll's Stress is on the NC (the Level of an attack is
    that of its final dice: applying a better Level again would hit twice)."""
    verdict = test.verdict
    if verdict is None or verdict.step != test.step:
        return JUDGE_FIRST
    if tn(test) is None:
        return NO_TN
    if verdict.stress_applied:
        return ("This roll's Stress is already on the NC: a Luck reroll comes before the "
                "Stress (undo Apply Stress to reroll).")
    target = action_target(test)
    if test.step == "action" and verdict.target != (target.uid if target is not None
                                                     else None):
        return ("The last roll was against another NC: judge a new roll against this "
                "one.")
    return None


def luck_reroll(test: PendingTest, character: Character | None, value: int) -> Verdict:
    """Spend a Luck to reroll the lower die (it showed ``value``), keep the better,
    and judge again (book: *Luck*, Reroll)."""
    refusal = reroll_refusal(test)
    if refusal is not None:
        raise RefusedError(refusal)
    if not 1 <= value <= DIE_FACES:
        raise RefusedError(f"a d10 shows 1..{DIE_FACES}, not {value}")
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
    refusal = reroll_refusal(test)
    if refusal is not None:
        raise RefusedError(refusal)
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

