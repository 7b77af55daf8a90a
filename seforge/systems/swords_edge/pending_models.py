"""The model of a Test in progress (:class:`PendingTest`, its NCs and its judged rolls)
and its JSON; :mod:`seforge.systems.swords_edge.pending` holds its mutators and re-exports
every name here."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.dice import DIE_FACES
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import NarrativeCharacter, Trait
from seforge.systems.swords_edge.resolution.opponents import (
    NCQualityOption,
    Opponent,
    nc_qualities,
)
from seforge.systems.swords_edge.resolution.ranges import RANGES
from seforge.systems.swords_edge.resolution.steps import STEPS, Role, Step
from seforge.systems.swords_edge.resolution.stress import apply_stress_to_nc
from seforge.systems.swords_edge.resolution.tns import GroupActionReading
from seforge.systems.swords_edge.resolution.verdicts import (
    NextStep,
    Verdict,
)

MAX_PENALTY_RANKS = 7
LOG_LIMIT = 200
"""The roll log keeps this many rolls (the oldest go first)."""
MAX_ACTION_NUMBER = 10
MAX_ROUND = 9999
"""The rounds one Test can count (a hand-edited file gets no more)."""
PLAIN_RANGE = (-40, 60)


NO_TN = "Add an NC (or mark the target Undefended) to set a TN."
"""Why a step cannot be judged or rolled yet."""

JUDGE_FIRST = "Judge the roll first: a Luck reroll changes a roll made."
"""Why a Luck reroll needs a judged roll of this step."""



class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", validate_assignment=True)


def _per_step() -> dict[Step, list[str]]:
    return {step: [] for step in STEPS}


def _every_step(value: dict[Step, list[str]]) -> dict[Step, list[str]]:
    """A per-step mapping with every step present (a file may leave some out)."""
    return {step: list(dict.fromkeys(value.get(step, []))) for step in STEPS}


class PendingNC(_Model):
    """An NC in the Test: its sheet, the Stress it has taken, what it applies."""

    uid: str
    """Stable within the Test (views find their NC by it)."""
    nc: NarrativeCharacter
    library_id: str = ""
    """The book NC it was taken from ("" for a typed or scene NC)."""
    scene_id: str = ""
    """The scene's id for it, when the Test belongs to a scene pairing."""
    stress: int = Field(default=0, ge=0, le=10)
    applied: dict[Step, list[str]] = Field(default_factory=_per_step)
    """Per step, the keys of its Qualities the GM ticked (see :func:`nc_qualities`)."""

    @field_validator("applied")
    @classmethod
    def _steps(cls, value: dict[Step, list[str]]) -> dict[Step, list[str]]:
        return _every_step(value)

    def opponent(self, step: Step) -> Opponent:
        return Opponent(self.nc, frozenset(self.applied.get(step, [])), self.stress)

    @property
    def removed(self) -> bool:
        return apply_stress_to_nc(self.nc.type, self.nc.rank, 0, self.stress).removed

    def options(self) -> list[NCQualityOption]:
        """Its usable Qualities, with the TN each gives at its current Rank."""
        return nc_qualities(self.nc, self.opponent("momentum").rank)


class JudgedNextStep(_Model):
    label: str
    step: Step
    role: Role = "attack"
    momentum_level: Level | None = None

    def to_next_step(self) -> NextStep:
        return NextStep(self.label, self.step, self.role, self.momentum_level)


RollKind = Literal["entered", "rolled", "reroll"]


class JudgedRoll(_Model):
    """The verdict on the dice, as the screen shows it (and as the roll log keeps it)."""

    step: Step
    dice: tuple[int, int]
    rerolled: bool = False
    kind: RollKind = "entered"
    """Dice typed in, rolled by the app, or a Luck reroll."""
    actor: str | None = None
    used: list[str] = Field(default_factory=list)
    """The PC's Qualities in the roll (keys), for a Critical Failure's Advancement."""
    exertion: int = 0
    """The Luck the roll's extra Traits and Elements cost the PC (Exertion: spent to put
    them into the roll, book: *Luck*); for the same roll judged again (a die corrected,
    a Luck reroll) only the change: what the Qualities added since cost, or, negative,
    the Luck given back for those taken out (``pending.EXERTION_READING``)."""
    trait: Trait | None = None
    offer_taken: bool = False
    """What its critical offered (see :func:`consequences`) has been recorded."""
    modifier: int
    tn: int
    headline: str
    lines: list[str] = Field(default_factory=list)
    success: bool
    level: Level | None = None
    total: int
    stress: int = 0
    """The Stress still to put on the NC (0 once :func:`~.pending.apply_stress` did)."""
    stress_applied: int = 0
    """The Stress of this roll already put on the NC: a Luck reroll comes before it (the
    Level of an attack is that of its final dice, not a second hit)."""
    next_steps: list[JudgedNextStep] = Field(default_factory=list)
    undefended_pc: bool = False
    target: str | None = None
    """In the Action: the uid of the one NC the roll was against (or that attacked the
    PC); None: every NC together (or not an Action)."""
    round_number: int = Field(default=1, ge=1, le=MAX_ROUND)
    """The Test's :attr:`PendingTest.round_number` when the roll was judged."""
    acting: list[str] | None = None
    """In the Action: the uids of the NCs that acted or reacted in it (none against an
    Undefended target); None in a roll judged before SEForge kept them (its target, else
    every NC of the Test)."""
    nc_earlier: dict[str, list[str]] = Field(default_factory=dict)
    """In the Action: per NC uid, whom that NC had already acted or reacted against in
    the round when the roll was judged (the PCs' names); see
    :func:`~.pending.nc_action_penalty`."""

    @classmethod
    def of(cls, verdict: Verdict, step: Step, dice: tuple[int, int], rerolled: bool,
           mod: int, tn_total: int, undefended_pc: bool) -> JudgedRoll:
        return cls(
            step=step, dice=dice, rerolled=rerolled, modifier=mod, tn=tn_total,
            headline=verdict.headline, lines=list(verdict.lines), success=verdict.success,
            level=verdict.level, total=verdict.total, stress=verdict.stress,
            next_steps=[JudgedNextStep(label=n.label, step=n.step, role=n.role,
                                       momentum_level=n.momentum_level)
                        for n in verdict.next_steps],
            undefended_pc=undefended_pc,
        )


class NCActionElsewhere(_Model):
    """An act or reaction of one of the Test's NCs in another PC's Test of the same scene
    (the scene fills these in: :meth:`~seforge.systems.swords_edge.scene.Scene.pairing_test`)."""

    nc: str
    """The NC's uid in this Test."""
    round_number: int = Field(default=1, ge=1, le=MAX_ROUND)
    """The scene's round it happened in (the rounds of a scene's Tests go on together)."""
    by: str = ""
    """The other PC, as the scene names it."""


class PendingTest(_Model):
    """One Test at the table, from Momentum to the last roll judged."""

    actor: str | None = None
    """The acting PC's name (its scene id in a scene); None: a plain modifier."""
    plain_modifier: int = Field(default=0, ge=PLAIN_RANGE[0], le=PLAIN_RANGE[1])
    trait: Trait = Trait.PHYSIQUE
    penalty_ranks: int = Field(default=0, ge=0, le=MAX_PENALTY_RANKS)
    """Penalty Ranks on ``trait`` for this Test (filled from the PC, editable)."""
    step: Step = "momentum"
    role: Role = "attack"
    momentum_level: Level | None = None
    first_action: bool = True
    action_number: int = Field(default=1, ge=1, le=MAX_ACTION_NUMBER)
    """Which act or reaction of the round the Action is: filled in from the roll log
    when the GM picks whom it is against (see :func:`~.pending.round_so_far`),
    editable."""
    target: str | None = None
    """The uid of the one NC the Action is against (or that attacks the PC); None: all
    the NCs in the Test together, as one action."""
    round_number: int = Field(default=1, ge=1, le=MAX_ROUND)
    """Rounds the GM began by hand (:func:`~.pending.new_round`); each judged roll
    keeps the number it was judged in."""
    nc_penalty: bool = True
    """Whether the NCs' penalty for acting again in the round counts on the TN (the GM
    may leave it out; see :func:`~.pending.nc_action_penalty`)."""
    elsewhere: list[NCActionElsewhere] = Field(default_factory=list)
    """What the Test's NCs did in the other PCs' Tests of the scene, from the round the
    Test is in on (filled in by the scene each time it hands the Test out)."""
    range_band: str = RANGES[0]
    target_undefended: bool = False
    pc_undefended: bool = False
    lost_by_critical: bool = False
    reading: GroupActionReading = "sum"
    opponents: list[PendingNC] = Field(default_factory=list)
    chosen: dict[Step, list[str]] = Field(default_factory=_per_step)
    """Per step, the keys of the PC's Qualities put in (``trait:Physique``, ...)."""
    scene_spent: list[str] = Field(default_factory=list)
    """PC Qualities spent on Momentum earlier in the scene: not usable again."""
    spent_here: list[str] = Field(default_factory=list)
    """Those the roll judged in this Momentum (or Seize) step spends."""
    spent_by_pc: dict[str, list[str]] = Field(default_factory=dict)
    """What the other PCs acting in this calculator spent this scene (by name), kept
    while another PC acts."""
    luck_rerolls: int = Field(default=0, ge=0)
    """Luck spent on rerolls in this Test."""
    dice: tuple[int, int] = (5, 5)
    rerolled: bool = False
    """A die of ``dice`` was rerolled with Luck (criticals no longer apply)."""
    verdict: JudgedRoll | None = None
    log: list[JudgedRoll] = Field(default_factory=list)
    """Every roll judged in this Test, oldest first (at most :data:`LOG_LIMIT`)."""
    next_uid: int = Field(default=1, ge=1)

    @field_validator("chosen")
    @classmethod
    def _steps(cls, value: dict[Step, list[str]]) -> dict[Step, list[str]]:
        return _every_step(value)

    @field_validator("momentum_level", mode="before")
    @classmethod
    def _level(cls, value: str | None) -> Level | None:
        return None if value is None else Level.named(value)

    @field_validator("range_band")
    @classmethod
    def _range(cls, value: str) -> str:
        if value not in RANGES:
            raise ValueError(f"unknown range {value!r} (known: {', '.join(RANGES)})")
        return value

    @field_validator("dice")
    @classmethod
    def _dice(cls, value: tuple[int, int]) -> tuple[int, int]:
        for die in value:
            if not 1 <= die <= DIE_FACES:
                raise ValueError(f"a d10 shows 1..{DIE_FACES}, not {die}")
        return value

    # ------------------------------------------------------------ lookups

    def opponent(self, uid: str) -> PendingNC:
        for entry in self.opponents:
            if entry.uid == uid:
                return entry
        raise RefusedError(f"no NC {uid!r} in this Test")

    def active(self) -> list[PendingNC]:
        """The NCs not yet removed by their Stress."""
        return [o for o in self.opponents if not o.removed]

    def selected(self, step: Step | None = None) -> set[str]:
        """The PC's Qualities in ``step`` (default: the current one), spent ones left out."""
        return set(self.chosen.get(step or self.step, [])) - set(self.scene_spent)


# ------------------------------------------------------------------ JSON


def pending_to_json(test: PendingTest) -> str:
    return test.model_dump_json()


def pending_from_json(text: str | bytes) -> PendingTest:
    return PendingTest.model_validate_json(text)
