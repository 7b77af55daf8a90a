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

The document itself is in :mod:`.conflict_model`, the pools in :mod:`.conflict_pools` and the
action order in :mod:`.conflict_order`; every public name of the tracker is importable from here.
"""

from __future__ import annotations

from pydantic import ValidationError

from seforge.core.limits import NAME_CHARS
from seforge.core.systems import CheckProblem, CheckReport
from seforge.core.trackers import Pool, RefusedError, TimeUnit
from seforge.systems.twod20.conflict_model import (
    MAX_GM_POOL,
    MAX_TRACK,
    Combatant,
    Conflict,
    Effect,
    OrderMode,
    Payment,
    Side,
    find,
    gm_pool_name,
    new_conflict,
    refuse,
    with_combatant,
)
from seforge.systems.twod20.conflict_order import (
    act_early,
    act_early_cost,
    can_act,
    end_round,
    end_scene,
    initiative_due,
    is_defeated,
    is_opening,
    keep_initiative,
    npc_open,
    npc_opening_cost,
    seize_initiative,
    take_turn,
    waiting,
    why_cannot_act,
    why_not_act_early,
    why_not_end_round,
    why_not_keep_initiative,
    why_not_npc_open,
    why_not_seize,
    why_not_take_turn,
)
from seforge.systems.twod20.conflict_pools import (
    add_gm_pool,
    add_momentum,
    change_settings,
    momentum_overflow,
    set_settings,
    spend_gm_pool,
    spend_momentum,
    starting_doom,
    why_not_add_gm_pool,
    why_not_spend_gm_pool,
    why_not_spend_momentum,
)
from seforge.systems.twod20.damage import harms_conan, harms_srd, harms_with_intense
from seforge.systems.twod20.harm_state import harm_status, harms_marked
from seforge.systems.twod20.models import Character, Harm, HarmKind, Role
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.settings import settings_for_profile

__all__ = [
    "MAX_GM_POOL",
    "MAX_TRACK",
    "Combatant",
    "Conflict",
    "Effect",
    "OrderMode",
    "Payment",
    "Side",
    "act_early",
    "act_early_cost",
    "add_combatant",
    "add_effect",
    "add_gm_pool",
    "add_harm",
    "add_momentum",
    "can_act",
    "change_profile",
    "change_settings",
    "check_conflict",
    "end_round",
    "end_scene",
    "find",
    "gain_fortune",
    "gm_pool_name",
    "initiative_due",
    "is_defeated",
    "is_opening",
    "keep_initiative",
    "momentum_overflow",
    "new_conflict",
    "npc_open",
    "npc_opening_cost",
    "recover_stress",
    "remove_combatant",
    "remove_effect",
    "remove_harm",
    "seize_initiative",
    "set_order_mode",
    "set_settings",
    "set_soak",
    "set_treated",
    "spend_fortune",
    "spend_gm_pool",
    "spend_momentum",
    "start_session",
    "starting_doom",
    "status",
    "stress_harms",
    "stress_harms_marked",
    "take_stress",
    "take_turn",
    "update_combatant",
    "waiting",
    "why_cannot_act",
    "why_not_act_early",
    "why_not_add",
    "why_not_add_gm_pool",
    "why_not_end_round",
    "why_not_keep_initiative",
    "why_not_npc_open",
    "why_not_seize",
    "why_not_set_soak",
    "why_not_spend_fortune",
    "why_not_spend_gm_pool",
    "why_not_spend_momentum",
    "why_not_start_session",
    "why_not_take_turn",
]


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
    refuse(why_not_add(conflict, name))
    fields: dict[str, object] = {"name": name.strip(), "side": side}
    if record is not None:
        from seforge.systems.twod20.records import derived

        fields["side"] = Side.PC if record.role is Role.PC else Side.NPC
        fields["fortune"] = record.fortune
        fields["harms"] = [h.model_copy() for h in record.harms]
        fields["armour"], fields["courage"] = record.armour, record.courage
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
    return with_combatant(conflict, changed)


def why_not_set_soak(conflict: Conflict, name: str, armour: int | None,
                     courage: int | None) -> str | None:
    """Why ``name``'s Armour and Courage cannot be set to these (None: not known)."""
    find(conflict, name)
    for label, value in (("Armour", armour), ("Courage", courage)):
        if value is not None and not 0 <= value <= MAX_TRACK:
            return f"{label} is a number from 0 to {MAX_TRACK}, not {value}"
    return None


def set_soak(conflict: Conflict, name: str, armour: int | None, courage: int | None
             ) -> Conflict:
    """Set ``name``'s Armour (physical Soak) and Courage (mental Soak), the static Soak the
    roller uses when damage hits them [S] "Soak"; None: not known (the roller then uses the
    calculator's Armour)."""
    refuse(why_not_set_soak(conflict, name, armour, courage))
    combatant = find(conflict, name)
    return with_combatant(conflict, combatant.model_copy(
        update={"armour": armour, "courage": courage}))


def why_not_spend_fortune(conflict: Conflict, name: str, amount: int = 1) -> str | None:
    combatant = find(conflict, name)
    return Pool(f"{name}'s Fortune", combatant.fortune).why_not_spend(amount)


def spend_fortune(conflict: Conflict, name: str, amount: int = 1) -> Conflict:
    refuse(why_not_spend_fortune(conflict, name, amount))
    combatant = find(conflict, name)
    return with_combatant(conflict, combatant.model_copy(
        update={"fortune": combatant.fortune - amount}))


def gain_fortune(conflict: Conflict, name: str, amount: int = 1) -> Conflict:
    combatant = find(conflict, name)
    value = Pool("Fortune", combatant.fortune, cap=MAX_TRACK).gain(amount).value
    return with_combatant(conflict, combatant.model_copy(update={"fortune": value}))


# damage -------------------------------------------------------------------------------------


def _new_harms(combatant: Combatant, kind: HarmKind, count: int) -> list[Harm]:
    harms = [h.model_copy(update={"treated": False}) if h.kind is kind and count else h
             for h in combatant.harms]
    label = "Wound" if kind is HarmKind.WOUND else "Trauma"
    harms += [Harm(kind=kind, name=f"{label} {len(harms) + i + 1}") for i in range(count)]
    return harms


def stress_harms(conflict: Conflict, name: str, amount: int, mental: bool = False,
                 intense: bool = False) -> int:
    """How many Harms ``amount`` Stress would cause ``name`` now (the tracker's Harm
    threshold), with Intense's one more when it fires (``intense``); :func:`take_stress`
    marks no more than the tracker's Harm limit leaves room for (:func:`stress_harms_marked`)."""
    c = find(conflict, name)
    threshold = conflict.settings.harm_threshold
    if conflict.profile is Profile.CONAN:
        harms = harms_conan(amount, c.resolve if mental else c.vigor, threshold)
    else:
        harms = harms_srd(amount, c.stress, c.max_stress, threshold)
    return harms_with_intense(harms, intense)


def stress_harms_marked(conflict: Conflict, name: str, amount: int, mental: bool = False,
                        intense: bool = False) -> int:
    """How many Harms :func:`take_stress` would mark on ``name`` now: those
    :func:`stress_harms` counts, no more than the tracker's Harm limit leaves room for
    [``2d20.harms.limit``]."""
    caused = stress_harms(conflict, name, amount, mental, intense)
    return harms_marked(caused, conflict.settings, len(find(conflict, name).harms))


def take_stress(conflict: Conflict, name: str, amount: int, mental: bool = False,
                intense: bool = False) -> Conflict:
    """``name`` takes ``amount`` Stress after Resistance; Harms follow the profile's rule,
    one more when the hit's Intense fires (``intense``), no more than the Harm limit leaves
    room for [``2d20.damage.srd``, ``2d20.damage.conan``, ``2d20.damage.intense``,
    ``2d20.harms.limit``, ``2d20.harm.treated``]."""
    if amount < 0:
        raise RefusedError(f"Stress taken must be zero or more, not {amount}")
    c = find(conflict, name)
    harms = stress_harms_marked(conflict, name, amount, mental, intense)
    update: dict[str, object] = {}
    if conflict.profile is Profile.CONAN:
        track = "resolve" if mental else "vigor"
        update[track] = max(0, getattr(c, track) - amount)
    else:
        update["stress"] = min(c.max_stress, c.stress + amount)
    update["harms"] = _new_harms(c, HarmKind.TRAUMA if mental else HarmKind.WOUND, harms)
    return with_combatant(conflict, c.model_copy(update=update))


def recover_stress(conflict: Conflict, name: str, amount: int, mental: bool = False
                   ) -> Conflict:
    """Remove ``amount`` Stress (SRD) or give back Vigor/Resolve (Conan)."""
    if amount < 0:
        raise RefusedError(f"the amount must be zero or more, not {amount}")
    c = find(conflict, name)
    if conflict.profile is Profile.CONAN:
        track = "resolve" if mental else "vigor"
        top = c.max_resolve if mental else c.max_vigor
        return with_combatant(conflict, c.model_copy(
            update={track: min(top, getattr(c, track) + amount)}))
    return with_combatant(conflict, c.model_copy(update={"stress": max(0, c.stress - amount)}))


def add_harm(conflict: Conflict, name: str, kind: HarmKind) -> Conflict:
    c = find(conflict, name)
    if len(c.harms) >= 20:
        raise RefusedError(f"{name} cannot hold more Harms")
    return with_combatant(conflict, c.model_copy(update={"harms": _new_harms(c, kind, 1)}))


def remove_harm(conflict: Conflict, name: str, index: int) -> Conflict:
    c = find(conflict, name)
    if not 0 <= index < len(c.harms):
        raise RefusedError(f"{name} has no Harm number {index + 1}")
    return with_combatant(conflict, c.model_copy(
        update={"harms": [h for i, h in enumerate(c.harms) if i != index]}))


def set_treated(conflict: Conflict, name: str, index: int, treated: bool) -> Conflict:
    c = find(conflict, name)
    if not 0 <= index < len(c.harms):
        raise RefusedError(f"{name} has no Harm number {index + 1}")
    harms = [h.model_copy(update={"treated": treated}) if i == index else h
             for i, h in enumerate(c.harms)]
    return with_combatant(conflict, c.model_copy(update={"harms": harms}))


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
