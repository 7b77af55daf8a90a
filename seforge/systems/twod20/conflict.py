"""The 2d20 conflict tracker (format ``2d20.conflict``, suffix ``.s2d20conflict``).

One document holds the table's state in a conflict (notes ``2d20.md`` §5): the group's
Momentum pool, Threat [S] or Doom [C], each character's Fortune, the action order with keeping
the initiative, Stress or Vigor/Resolve with Harms, Cover and Morale dice, and timed effects.
Every change is a function here that returns a new tracker or raises
``seforge.core.trackers.RefusedError`` with the reason; each has a ``why_not_*`` twin the UI
asks to grey out a control. Rules and ids:

- ``2d20.momentum.cap`` the pool holds at most ``momentum_cap`` (a setting, 6 [X]); more is lost.
- ``2d20.momentum.round`` it loses ``momentum_loss_per_round`` (1) at the end of each round [C].
- ``2d20.order.alternate`` [S] "Action Order" lines 21-40: after a turn an opposing side acts;
  a side with nobody left passes; each character acts once a round.
- ``2d20.order.keep`` [S] lines 25-31: keeping the initiative costs ``keep_initiative_cost`` (2)
  Momentum, or +2 Threat/Doom for PCs; NPCs spend 2 Threat/Doom; a side that kept it must let
  an enemy act before keeping it again. The same price lets the last actor's side open the next
  round (lines 37-39).
- ``2d20.order.pcs-first`` [C] "Turn sequence": PCs act first; the GM spends 1 Doom per NPC to
  seize the initiative (also the SRD "Player Priority" variant, 1 Threat).
- ``2d20.order.opener`` [S] lines 19-22: the GM picks a PC to open round 1, or spends 2 Threat
  (``npc_opener_cost``) to have an NPC open it.
- ``2d20.order.defeated`` [S] "Defeated" line 974: a Defeated character cannot act, so is not
  "still to act", cannot take a turn, act early or seize the initiative.
- ``2d20.damage.srd`` / ``2d20.damage.conan`` Stress to Harms (see :mod:`.damage`).
- ``2d20.harm.treated`` [S] "Recovering from Damage": a new Harm of a type undoes the treatment of
  every Harm of that type.
- ``2d20.scene.end`` [S]: all Stress is removed at the end of a scene.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from seforge.core.limits import NAME_CHARS
from seforge.core.systems import CheckProblem, CheckReport
from seforge.core.trackers import Excess, Pool, RefusedError, TimedEffect, TimeUnit
from seforge.systems.twod20.damage import MAX_COVER_DICE, harms_conan, harms_srd
from seforge.systems.twod20.harm_state import defeated, harm_status
from seforge.systems.twod20.models import Character, Harm, HarmKind, Role
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.settings import (
    TableSettings,
    fill_profile_defaults,
    profile_settings,
    settings_for_profile,
)

MAX_TRACK = 99
MAX_GM_POOL = 999


class Side(StrEnum):
    PC = "pc"
    NPC = "npc"

    @property
    def other(self) -> Side:
        return Side.NPC if self is Side.PC else Side.PC

    @property
    def label(self) -> str:
        return "the player characters" if self is Side.PC else "the NPCs"


class OrderMode(StrEnum):
    ALTERNATING = "alternating"
    """Sides take turns [S] (the standard action order)."""
    PCS_FIRST = "pcs-first"
    """PCs act first, then NPCs, unless the GM seizes the initiative [C] (also the SRD's
    "Player Priority" variant, where the interruption costs 1 Threat)."""
    INITIATIVE = "initiative"
    """[S] "Variant: Initiative Scores": after the opener, highest score first; PCs win ties
    across sides; acting earlier costs 2 (1 for an NPC tied with the PC due)."""
    NARRATIVE = "narrative"
    """[S] "Variant: Narrative First": the GM picks every turn; each acts once a round."""


class Payment(StrEnum):
    """How a side pays for keeping the initiative."""

    MOMENTUM = "momentum"
    """PCs spend from the group's Momentum pool."""
    GM_POOL = "gm-pool"
    """PCs add to Threat/Doom; NPCs spend from it."""


class Combatant(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = Field(min_length=1)
    side: Side = Side.PC
    fortune: int = Field(default=0, ge=0, le=MAX_TRACK)
    initiative: int = Field(default=0, ge=0, le=MAX_TRACK)
    """Initiative score (the initiative-score variant): max(Agility, Insight) [S]."""
    acted: bool = False
    stress: int = Field(default=0, ge=0, le=MAX_TRACK)
    """SRD: Stress marked."""
    max_stress: int = Field(default=10, ge=0, le=MAX_TRACK)
    vigor: int = Field(default=10, ge=0, le=MAX_TRACK)
    """Conan: Vigor left."""
    max_vigor: int = Field(default=10, ge=0, le=MAX_TRACK)
    resolve: int = Field(default=10, ge=0, le=MAX_TRACK)
    max_resolve: int = Field(default=10, ge=0, le=MAX_TRACK)
    harms: list[Harm] = Field(default_factory=list, max_length=20)
    cover_dice: int = Field(default=0, ge=0, le=MAX_COVER_DICE)
    morale_dice: int = Field(default=0, ge=0, le=MAX_COVER_DICE)
    notes: str = ""


class Effect(BaseModel):
    """A timed effect on a character (or the scene when ``target`` is empty)."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = Field(min_length=1)
    target: str = ""
    remaining: int = Field(default=1, ge=0, le=MAX_TRACK)
    unit: TimeUnit = TimeUnit.ROUND


class Conflict(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = ""
    profile: Profile = Profile.SRD2022
    settings: TableSettings = Field(default_factory=TableSettings)
    order_mode: OrderMode = OrderMode.ALTERNATING
    round: int = Field(default=1, ge=1, le=9999)
    momentum: int = Field(default=0, ge=0, le=MAX_TRACK)
    gm_pool: int = Field(default=0, ge=0, le=MAX_GM_POOL)
    """Threat [S] or Doom [C]."""
    combatants: list[Combatant] = Field(default_factory=list, max_length=60)
    next_side: Side | None = None
    """The side due to act next (None: either, e.g. at the start of a round)."""
    keep_locked: list[Side] = Field(default_factory=list)
    """Sides that kept the initiative and must let an enemy act before keeping it again."""
    last_actor: str = ""
    effects: list[Effect] = Field(default_factory=list, max_length=100)
    notes: str = ""

    @model_validator(mode="before")
    @classmethod
    def _profile_defaults(cls, data: Any) -> Any:
        return fill_profile_defaults(data)


def new_conflict(profile: Profile | str = Profile.SRD2022, name: str = "") -> Conflict:
    info = profile_info(profile)
    mode = OrderMode.PCS_FIRST if info.id is Profile.CONAN else OrderMode.ALTERNATING
    return Conflict(name=name, profile=info.id, order_mode=mode,
                    settings=profile_settings(info.id))


def _refuse(reason: str | None) -> None:
    if reason is not None:
        raise RefusedError(reason)


def gm_pool_name(conflict: Conflict) -> str:
    return profile_info(conflict.profile).gm_pool


def find(conflict: Conflict, name: str) -> Combatant:
    for combatant in conflict.combatants:
        if combatant.name == name:
            return combatant
    raise RefusedError(f"{name} is not in this conflict")


# pools --------------------------------------------------------------------------------------


def _momentum_pool(conflict: Conflict) -> Pool:
    cap = conflict.settings.momentum_cap
    return Pool("Momentum", min(conflict.momentum, max(cap, conflict.momentum)),
                cap=max(cap, conflict.momentum), excess=Excess.DISCARD)


def momentum_overflow(conflict: Conflict, amount: int) -> int:
    """How much of a gain of ``amount`` Momentum the cap would lose."""
    return max(0, conflict.momentum + amount - conflict.settings.momentum_cap)


def add_momentum(conflict: Conflict, amount: int) -> Conflict:
    """Bank ``amount`` Momentum; what goes over the cap is lost [``2d20.momentum.cap``]."""
    if amount < 0:
        raise RefusedError(f"the amount must be zero or more, not {amount}")
    value = min(conflict.momentum + amount, max(conflict.settings.momentum_cap,
                                                conflict.momentum))
    return conflict.model_copy(update={"momentum": value})


def why_not_spend_momentum(conflict: Conflict, amount: int) -> str | None:
    return _momentum_pool(conflict).why_not_spend(amount)


def spend_momentum(conflict: Conflict, amount: int) -> Conflict:
    _refuse(why_not_spend_momentum(conflict, amount))
    return conflict.model_copy(update={"momentum": conflict.momentum - amount})


def _gm(conflict: Conflict) -> Pool:
    return Pool(gm_pool_name(conflict), conflict.gm_pool, cap=MAX_GM_POOL)


def why_not_add_gm_pool(conflict: Conflict, amount: int) -> str | None:
    return _gm(conflict).why_not_gain(amount)


def add_gm_pool(conflict: Conflict, amount: int) -> Conflict:
    return conflict.model_copy(update={"gm_pool": _gm(conflict).gain(amount).value})


def why_not_spend_gm_pool(conflict: Conflict, amount: int) -> str | None:
    return _gm(conflict).why_not_spend(amount)


def spend_gm_pool(conflict: Conflict, amount: int) -> Conflict:
    return conflict.model_copy(update={"gm_pool": _gm(conflict).spend(amount).value})


def starting_doom(conflict: Conflict) -> int:
    """The GM's Doom at the start of a Conan session: 3 per player character [C] "Doom"."""
    return 3 * sum(c.side is Side.PC for c in conflict.combatants)


def change_settings(conflict: Conflict, settings: TableSettings) -> Conflict:
    """New settings; Momentum above a lowered cap is lost."""
    momentum = min(conflict.momentum, settings.momentum_cap)
    return conflict.model_copy(update={"settings": settings, "momentum": momentum})


def set_settings(conflict: Conflict, **values: object) -> Conflict:
    """Change some settings by name (validated; refused with the reason)."""
    from seforge.systems.twod20.settings import changed_settings

    return change_settings(conflict, changed_settings(conflict.settings, **values))


# characters ---------------------------------------------------------------------------------


def why_not_add(conflict: Conflict, name: str) -> str | None:
    if not name.strip():
        return "a character needs a name"
    if len(name.strip()) > NAME_CHARS:
        return f"a name is limited to {NAME_CHARS} characters"
    if any(c.name == name.strip() for c in conflict.combatants):
        return f"{name.strip()} is already in this conflict"
    return None


def add_combatant(conflict: Conflict, name: str, side: Side = Side.PC,
                  record: Character | None = None) -> Conflict:
    """Add a character, with its tracks from ``record`` when one is given."""
    _refuse(why_not_add(conflict, name))
    fields: dict[str, object] = {"name": name.strip(), "side": side}
    if record is not None:
        from seforge.systems.twod20.records import derived

        fields["side"] = Side.PC if record.role is Role.PC else Side.NPC
        fields["fortune"] = record.fortune
        fields["harms"] = [h.model_copy() for h in record.harms]
        if record.profile is Profile.CONAN:
            fields["max_vigor"] = derived(record, "vigor")
            fields["max_resolve"] = derived(record, "resolve")
            fields["vigor"] = max(0, derived(record, "vigor") - record.vigor_lost)
            fields["resolve"] = max(0, derived(record, "resolve") - record.resolve_lost)
        else:
            fields["max_stress"] = derived(record, "max_stress")
            fields["stress"] = min(record.stress, derived(record, "max_stress"))
            fields["initiative"] = derived(record, "initiative")
    combatant = Combatant.model_validate(fields)
    return conflict.model_copy(update={"combatants": [*conflict.combatants, combatant]})


def remove_combatant(conflict: Conflict, name: str) -> Conflict:
    find(conflict, name)
    kept = [c for c in conflict.combatants if c.name != name]
    effects = [e for e in conflict.effects if e.target != name]
    return conflict.model_copy(update={"combatants": kept, "effects": effects})


def _with(conflict: Conflict, changed: Combatant) -> Conflict:
    combatants = [changed if c.name == changed.name else c for c in conflict.combatants]
    return conflict.model_copy(update={"combatants": combatants})


def update_combatant(conflict: Conflict, name: str, **values: object) -> Conflict:
    """Set fields of one character (validated: a value out of range is refused)."""
    current = find(conflict, name)
    data = current.model_dump()
    data.update(values)
    try:
        changed = Combatant.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        raise RefusedError(f"{name}: {where} {first['msg'].lower()}") from None
    return _with(conflict, changed)


def why_not_spend_fortune(conflict: Conflict, name: str, amount: int = 1) -> str | None:
    combatant = find(conflict, name)
    return Pool(f"{name}'s Fortune", combatant.fortune).why_not_spend(amount)


def spend_fortune(conflict: Conflict, name: str, amount: int = 1) -> Conflict:
    _refuse(why_not_spend_fortune(conflict, name, amount))
    combatant = find(conflict, name)
    return _with(conflict, combatant.model_copy(update={"fortune": combatant.fortune - amount}))


def gain_fortune(conflict: Conflict, name: str, amount: int = 1) -> Conflict:
    combatant = find(conflict, name)
    value = Pool("Fortune", combatant.fortune, cap=MAX_TRACK).gain(amount).value
    return _with(conflict, combatant.model_copy(update={"fortune": value}))


# action order -------------------------------------------------------------------------------


def is_defeated(conflict: Conflict, combatant: Combatant) -> bool:
    """Defeated by Harms under the table's rule [``2d20.order.defeated``]."""
    return defeated(conflict.settings, combatant.harms)


def can_act(conflict: Conflict, combatant: Combatant) -> bool:
    return not combatant.acted and not is_defeated(conflict, combatant)


def waiting(conflict: Conflict, side: Side | None = None) -> list[str]:
    """Who is still to act this round (on ``side``): not yet acted and not Defeated."""
    return [c.name for c in conflict.combatants
            if can_act(conflict, c) and (side is None or c.side is side)]


def why_cannot_act(conflict: Conflict, combatant: Combatant) -> str | None:
    """Why ``combatant`` cannot act at all this round (acted, or Defeated)."""
    if is_defeated(conflict, combatant):
        return (f"{combatant.name} is Defeated ({len(combatant.harms)} Harms) and cannot act; "
                "spending 1 Fortune or an ally's D3 test revives them")
    if combatant.acted:
        return f"{combatant.name} has already acted this round"
    return None


def is_opening(conflict: Conflict) -> bool:
    """Nobody has acted yet in round 1 (who opens is the GM's pick [S] lines 19-22)."""
    return conflict.round == 1 and not conflict.last_actor and not any(
        c.acted for c in conflict.combatants)


def why_not_npc_open(conflict: Conflict, name: str) -> str | None:
    """Why ``name`` cannot open round 1 as an NPC for ``npc_opener_cost`` Threat."""
    try:
        combatant = find(conflict, name)
    except RefusedError as exc:
        return exc.reason
    if conflict.order_mode is not OrderMode.ALTERNATING:
        return "an NPC opening for Threat belongs to the alternating action order"
    if combatant.side is not Side.NPC:
        return "a player character opens round 1 without paying"
    if not is_opening(conflict):
        return "round 1 has already begun"
    reason = why_cannot_act(conflict, combatant)
    if reason is not None:
        return reason
    return why_not_spend_gm_pool(conflict, conflict.settings.npc_opener_cost)


def npc_open(conflict: Conflict, name: str) -> Conflict:
    """The GM spends ``npc_opener_cost`` (2) Threat so the NPC ``name`` opens round 1
    [``2d20.order.opener``]."""
    _refuse(why_not_npc_open(conflict, name))
    paid = spend_gm_pool(conflict, conflict.settings.npc_opener_cost)
    return _after_turn(paid, find(paid, name))


def why_not_take_turn(conflict: Conflict, name: str) -> str | None:
    try:
        combatant = find(conflict, name)
    except RefusedError as exc:
        return exc.reason
    reason = why_cannot_act(conflict, combatant)
    if reason is not None:
        return reason
    if conflict.order_mode is OrderMode.NARRATIVE:
        return None
    if (conflict.order_mode is OrderMode.ALTERNATING and combatant.side is Side.NPC
            and is_opening(conflict) and conflict.settings.npc_opener_cost > 0):
        cost = conflict.settings.npc_opener_cost
        return (f"the GM picks a player character to open round 1, or spends {cost} "
                f"{gm_pool_name(conflict)} to have {name} open it")
    if conflict.order_mode is OrderMode.INITIATIVE:
        first = initiative_due(conflict)
        if first is not None and combatant.name not in first:
            return (f"{' or '.join(first)} acts first by initiative; acting earlier costs "
                    f"{act_early_cost(conflict, name)} {gm_pool_name(conflict)}")
        return None
    if conflict.order_mode is OrderMode.PCS_FIRST:
        if combatant.side is Side.NPC and waiting(conflict, Side.PC):
            return ("the player characters act first; spend "
                    f"{conflict.settings.seize_initiative_cost} {gm_pool_name(conflict)} "
                    f"to seize the initiative for {name}")
        return None
    due = conflict.next_side
    if due is not None and combatant.side is not due and waiting(conflict, due):
        return f"it is {due.label}' turn to act"
    return None


def initiative_due(conflict: Conflict) -> list[str] | None:
    """Who may act now by initiative score (None: anyone, i.e. the round's opener).

    The highest score among those still to act; on a tie across sides the PCs come first, on
    a tie within a side that side picks [S] "Variant: Initiative Scores".
    """
    left = [c for c in conflict.combatants if can_act(conflict, c)]
    if not left or (conflict.round == 1 and not conflict.last_actor):
        return None
    top = max(c.initiative for c in left)
    tied = [c for c in left if c.initiative == top]
    pcs = [c.name for c in tied if c.side is Side.PC]
    return pcs or [c.name for c in tied]


def act_early_cost(conflict: Conflict, name: str) -> int:
    """Threat to act before one's initiative: ``act_early_cost`` (2); an NPC tied with the PC
    due pays ``initiative_tie_cost`` (1) [S] lines 53-59."""
    combatant = find(conflict, name)
    left = [c.initiative for c in conflict.combatants if can_act(conflict, c)]
    if combatant.side is Side.NPC and left and combatant.initiative == max(left):
        return conflict.settings.initiative_tie_cost
    return conflict.settings.act_early_cost


def why_not_act_early(conflict: Conflict, name: str) -> str | None:
    if conflict.order_mode is not OrderMode.INITIATIVE:
        return "acting earlier belongs to the initiative-score order"
    try:
        combatant = find(conflict, name)
    except RefusedError as exc:
        return exc.reason
    reason = why_cannot_act(conflict, combatant)
    if reason is not None:
        return reason
    if why_not_take_turn(conflict, name) is None:
        return f"{name} may act now without paying"
    if combatant.side is Side.NPC:
        return why_not_spend_gm_pool(conflict, act_early_cost(conflict, name))
    return why_not_add_gm_pool(conflict, act_early_cost(conflict, name))


def act_early(conflict: Conflict, name: str) -> Conflict:
    """``name`` acts before their initiative: a PC adds the cost to Threat, an NPC spends it
    (rule ``2d20.order.initiative``)."""
    _refuse(why_not_act_early(conflict, name))
    cost = act_early_cost(conflict, name)
    paid = (spend_gm_pool(conflict, cost) if find(conflict, name).side is Side.NPC
            else add_gm_pool(conflict, cost))
    return _after_turn(paid, find(paid, name))


def _after_turn(conflict: Conflict, actor: Combatant) -> Conflict:
    combatants = [c.model_copy(update={"acted": True}) if c.name == actor.name else c
                  for c in conflict.combatants]
    locked = [s for s in conflict.keep_locked if s is actor.side]
    effects = [e.model_copy(update={"remaining": TimedEffect(e.name, e.remaining, e.unit)
                                    .pass_time(TimeUnit.TURN).remaining})
               if e.target == actor.name and e.unit is TimeUnit.TURN else e
               for e in conflict.effects]
    effects = [e for e in effects if e.remaining > 0]
    return conflict.model_copy(update={
        "combatants": combatants, "last_actor": actor.name, "next_side": actor.side.other,
        "keep_locked": locked, "effects": effects,
    })


def take_turn(conflict: Conflict, name: str) -> Conflict:
    """``name`` takes their turn; then an opposing side is due [``2d20.order.alternate``].

    The character's turn-long effects count down by one.
    """
    _refuse(why_not_take_turn(conflict, name))
    return _after_turn(conflict, find(conflict, name))


def why_not_seize(conflict: Conflict, name: str) -> str | None:
    try:
        combatant = find(conflict, name)
    except RefusedError as exc:
        return exc.reason
    if combatant.side is not Side.NPC:
        return "only an NPC can seize the initiative"
    reason = why_cannot_act(conflict, combatant)
    if reason is not None:
        return reason
    return why_not_spend_gm_pool(conflict, conflict.settings.seize_initiative_cost)


def seize_initiative(conflict: Conflict, name: str) -> Conflict:
    """The GM pays ``seize_initiative_cost`` (1) Doom/Threat so an NPC acts now
    [``2d20.order.pcs-first``]."""
    _refuse(why_not_seize(conflict, name))
    paid = spend_gm_pool(conflict, conflict.settings.seize_initiative_cost)
    return _after_turn(paid, find(paid, name))


def _why_not_pay(conflict: Conflict, side: Side, payment: Payment) -> str | None:
    cost = conflict.settings.keep_initiative_cost
    if side is Side.NPC:
        if payment is Payment.MOMENTUM:
            return f"NPCs pay with {gm_pool_name(conflict)}, not Momentum"
        return why_not_spend_gm_pool(conflict, cost)
    if payment is Payment.MOMENTUM:
        return why_not_spend_momentum(conflict, cost)
    return why_not_add_gm_pool(conflict, cost)


def _pay(conflict: Conflict, side: Side, payment: Payment) -> Conflict:
    cost = conflict.settings.keep_initiative_cost
    if side is Side.NPC:
        return spend_gm_pool(conflict, cost)
    if payment is Payment.MOMENTUM:
        return spend_momentum(conflict, cost)
    return add_gm_pool(conflict, cost)


def why_not_keep_initiative(conflict: Conflict, payment: Payment) -> str | None:
    if conflict.order_mode is not OrderMode.ALTERNATING:
        return "keeping the initiative belongs to the alternating action order"
    if not conflict.last_actor:
        return "nobody has acted yet this round"
    try:
        side = find(conflict, conflict.last_actor).side
    except RefusedError as exc:
        return exc.reason
    if conflict.next_side is side:
        return f"{side.label} already have the initiative"
    if side in conflict.keep_locked:
        return f"{side.label} kept the initiative last time: an enemy must act first"
    if not waiting(conflict, side):
        return f"nobody among {side.label} is left to act this round"
    return _why_not_pay(conflict, side, payment)


def keep_initiative(conflict: Conflict, payment: Payment) -> Conflict:
    """The last actor's side pays to let an ally act next [``2d20.order.keep``]."""
    _refuse(why_not_keep_initiative(conflict, payment))
    side = find(conflict, conflict.last_actor).side
    paid = _pay(conflict, side, payment)
    return paid.model_copy(update={"next_side": side, "keep_locked": [*paid.keep_locked, side]})


def why_not_end_round(conflict: Conflict, opener: Side | None = None,
                      payment: Payment = Payment.MOMENTUM) -> str | None:
    if opener is None or not conflict.last_actor:
        return None
    try:
        side = find(conflict, conflict.last_actor).side
    except RefusedError:
        return None
    if opener is side and conflict.order_mode is OrderMode.ALTERNATING:
        return _why_not_pay(conflict, side, payment)
    return None


def end_round(conflict: Conflict, opener: Side | None = None,
              payment: Payment = Payment.MOMENTUM) -> Conflict:
    """Close the round: Momentum fades [``2d20.momentum.round``], everyone may act again,
    round-long effects count down, and ``opener``'s side is due first. The last actor's own
    side opening costs the keep-the-initiative price [``2d20.order.keep``]."""
    _refuse(why_not_end_round(conflict, opener, payment))
    paid = conflict
    if opener is not None and conflict.last_actor and conflict.order_mode is \
            OrderMode.ALTERNATING and opener is find(conflict, conflict.last_actor).side:
        paid = _pay(conflict, opener, payment)
    fade = paid.settings.momentum_loss_per_round
    effects = [e.model_copy(update={"remaining": TimedEffect(e.name, e.remaining, e.unit)
                                    .pass_time(TimeUnit.ROUND).remaining})
               for e in paid.effects]
    return paid.model_copy(update={
        "round": paid.round + 1,
        "momentum": max(0, paid.momentum - fade),
        "combatants": [c.model_copy(update={"acted": False}) for c in paid.combatants],
        "next_side": opener,
        "last_actor": "",
        "effects": [e for e in effects if e.remaining > 0],
    })


def end_scene(conflict: Conflict) -> Conflict:
    """End of scene: SRD Stress is cleared [``2d20.scene.end``]; scene-long effects count
    down; the round count starts again."""
    effects = [e.model_copy(update={"remaining": TimedEffect(e.name, e.remaining, e.unit)
                                    .pass_time(TimeUnit.SCENE).remaining})
               for e in conflict.effects]
    combatants = [c.model_copy(update={"stress": 0, "acted": False})
                  if conflict.profile is Profile.SRD2022 else
                  c.model_copy(update={"acted": False}) for c in conflict.combatants]
    return conflict.model_copy(update={
        "round": 1, "combatants": combatants, "next_side": None, "last_actor": "",
        "keep_locked": [], "effects": [e for e in effects if e.remaining > 0],
    })


# damage -------------------------------------------------------------------------------------


def _new_harms(combatant: Combatant, kind: HarmKind, count: int) -> list[Harm]:
    harms = [h.model_copy(update={"treated": False}) if h.kind is kind and count else h
             for h in combatant.harms]
    label = "Wound" if kind is HarmKind.WOUND else "Trauma"
    harms += [Harm(kind=kind, name=f"{label} {len(harms) + i + 1}") for i in range(count)]
    return harms


def stress_harms(conflict: Conflict, name: str, amount: int, mental: bool = False) -> int:
    """How many Harms ``amount`` Stress would cause ``name`` now."""
    c = find(conflict, name)
    threshold = conflict.settings.harm_threshold
    if conflict.profile is Profile.CONAN:
        return harms_conan(amount, c.resolve if mental else c.vigor, threshold)
    return harms_srd(amount, c.stress, c.max_stress, threshold)


def take_stress(conflict: Conflict, name: str, amount: int, mental: bool = False) -> Conflict:
    """``name`` takes ``amount`` Stress after Resistance; Harms follow the profile's rule
    [``2d20.damage.srd``, ``2d20.damage.conan``, ``2d20.harm.treated``]."""
    if amount < 0:
        raise RefusedError(f"Stress taken must be zero or more, not {amount}")
    c = find(conflict, name)
    harms = stress_harms(conflict, name, amount, mental)
    update: dict[str, object] = {}
    if conflict.profile is Profile.CONAN:
        track = "resolve" if mental else "vigor"
        update[track] = max(0, getattr(c, track) - amount)
    else:
        update["stress"] = min(c.max_stress, c.stress + amount)
    update["harms"] = _new_harms(c, HarmKind.TRAUMA if mental else HarmKind.WOUND, harms)
    return _with(conflict, c.model_copy(update=update))


def recover_stress(conflict: Conflict, name: str, amount: int, mental: bool = False
                   ) -> Conflict:
    """Remove ``amount`` Stress (SRD) or give back Vigor/Resolve (Conan)."""
    if amount < 0:
        raise RefusedError(f"the amount must be zero or more, not {amount}")
    c = find(conflict, name)
    if conflict.profile is Profile.CONAN:
        track = "resolve" if mental else "vigor"
        top = c.max_resolve if mental else c.max_vigor
        return _with(conflict, c.model_copy(update={track: min(top, getattr(c, track) + amount)}))
    return _with(conflict, c.model_copy(update={"stress": max(0, c.stress - amount)}))


def add_harm(conflict: Conflict, name: str, kind: HarmKind) -> Conflict:
    c = find(conflict, name)
    if len(c.harms) >= 20:
        raise RefusedError(f"{name} cannot hold more Harms")
    return _with(conflict, c.model_copy(update={"harms": _new_harms(c, kind, 1)}))


def remove_harm(conflict: Conflict, name: str, index: int) -> Conflict:
    c = find(conflict, name)
    if not 0 <= index < len(c.harms):
        raise RefusedError(f"{name} has no Harm number {index + 1}")
    return _with(conflict, c.model_copy(
        update={"harms": [h for i, h in enumerate(c.harms) if i != index]}))


def set_treated(conflict: Conflict, name: str, index: int, treated: bool) -> Conflict:
    c = find(conflict, name)
    if not 0 <= index < len(c.harms):
        raise RefusedError(f"{name} has no Harm number {index + 1}")
    harms = [h.model_copy(update={"treated": treated}) if i == index else h
             for i, h in enumerate(c.harms)]
    return _with(conflict, c.model_copy(update={"harms": harms}))


def status(conflict: Conflict, name: str) -> str:
    """Defeated / Dying in words, from the Harms under the table's Harm-limit rule [S] line
    948 ("" when neither, and always under the Conan screen's no-limit rule)."""
    c = find(conflict, name)
    return harm_status(conflict.settings, conflict.profile, c.harms)


# timed effects ------------------------------------------------------------------------------


def add_effect(conflict: Conflict, name: str, remaining: int, unit: TimeUnit = TimeUnit.ROUND,
               target: str = "") -> Conflict:
    if not name.strip():
        raise RefusedError("an effect needs a name")
    if len(name.strip()) > NAME_CHARS:
        raise RefusedError(f"an effect's name is limited to {NAME_CHARS} characters")
    if remaining < 1:
        raise RefusedError(f"an effect lasts at least 1 {unit.value}, not {remaining}")
    if target:
        find(conflict, target)
    effect = Effect(name=name.strip(), target=target, remaining=remaining, unit=unit)
    return conflict.model_copy(update={"effects": [*conflict.effects, effect]})


def remove_effect(conflict: Conflict, index: int) -> Conflict:
    if not 0 <= index < len(conflict.effects):
        raise RefusedError(f"there is no effect number {index + 1}")
    return conflict.model_copy(
        update={"effects": [e for i, e in enumerate(conflict.effects) if i != index]})


# check --------------------------------------------------------------------------------------


def _status_suffix(conflict: Conflict, name: str) -> str:
    text = status(conflict, name)
    return f": {text}" if text else ""


def check_conflict(conflict: Conflict) -> CheckReport:
    problems: list[CheckProblem] = []
    if conflict.momentum > conflict.settings.momentum_cap:
        problems.append(CheckProblem(
            f"Momentum {conflict.momentum} is over the pool's cap of "
            f"{conflict.settings.momentum_cap}.", "error", "2d20.momentum.cap"))
    names = [c.name for c in conflict.combatants]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.append(CheckProblem(f"{name} is in the conflict twice.", "error",
                                     "2d20.conflict.names"))
    from seforge.systems.twod20.settings import HarmLimitRule

    for c in conflict.combatants:
        if (conflict.settings.harm_limit_rule is HarmLimitRule.DEFEATED
                and len(c.harms) > conflict.settings.harm_limit):
            problems.append(CheckProblem(
                f"{c.name} has {len(c.harms)} Harms, more than the "
                f"{conflict.settings.harm_limit} that leave a character Defeated.",
                "error", "2d20.harms"))
        if conflict.profile is Profile.SRD2022 and c.stress > c.max_stress:
            problems.append(CheckProblem(f"{c.name}'s Stress is over their maximum.",
                                         "error", "2d20.stress.max"))
    figures = {"profile": conflict.profile.value, "round": conflict.round,
               "momentum": conflict.momentum, gm_pool_name(conflict).lower(): conflict.gm_pool,
               "characters": len(conflict.combatants)}
    lines = (f"Round {conflict.round}; Momentum {conflict.momentum}/"
             f"{conflict.settings.momentum_cap}; {gm_pool_name(conflict)} {conflict.gm_pool}",
             *(f"{c.name} ({c.side.value})" + _status_suffix(conflict, c.name)
               for c in conflict.combatants))
    return CheckReport(tuple(problems), figures, lines)


def change_profile(conflict: Conflict, profile: Profile | str) -> Conflict:
    """The tracker in another profile (Threat becomes Doom and so on); the usual action
    order of that profile is chosen, the characters and pools stay."""
    wanted = Profile(profile)
    if wanted is conflict.profile:
        return conflict
    mode = OrderMode.PCS_FIRST if wanted is Profile.CONAN else OrderMode.ALTERNATING
    settings = settings_for_profile(conflict.settings, conflict.profile, wanted)
    return conflict.model_copy(update={"profile": wanted, "order_mode": mode,
                                       "settings": settings,
                                       "next_side": None, "keep_locked": []})


def set_order_mode(conflict: Conflict, mode: OrderMode) -> Conflict:
    return conflict.model_copy(update={"order_mode": OrderMode(mode), "next_side": None,
                                       "keep_locked": []})


def why_not_start_session(conflict: Conflict) -> str | None:
    if conflict.profile is not Profile.CONAN:
        return "the SRD chapter gives no starting Threat or Fortune"
    if not any(c.side is Side.PC for c in conflict.combatants):
        return "add the player characters first"
    return None


def start_session(conflict: Conflict, fortune_each: int = 3) -> Conflict:
    """Conan: Doom starts at 3 per PC and each PC at 2 or 3 Fortune [C] "Doom", "Fortune
    points" (rule ``2d20.session.start``)."""
    reason = why_not_start_session(conflict)
    if reason is not None:
        raise RefusedError(reason)
    if fortune_each not in (2, 3):
        raise RefusedError(f"a PC starts a session with 2 or 3 Fortune, not {fortune_each}")
    combatants = [c.model_copy(update={"fortune": fortune_each}) if c.side is Side.PC else c
                  for c in conflict.combatants]
    return conflict.model_copy(update={"gm_pool": starting_doom(conflict),
                                       "combatants": combatants})
