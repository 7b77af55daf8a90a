"""The action order of the 2d20 conflict tracker: who may act now, taking a turn, acting
early, seizing and keeping the initiative, opening a round, and the ends of rounds and scenes
(rules ``2d20.order.*``, ``2d20.momentum.round`` and ``2d20.scene.end``; see :mod:`.conflict`).
"""

from __future__ import annotations

from seforge.core.trackers import RefusedError, TimedEffect, TimeUnit
from seforge.systems.twod20.conflict_model import (
    Combatant,
    Conflict,
    OrderMode,
    Payment,
    Side,
    find,
    gm_pool_name,
    refuse,
)
from seforge.systems.twod20.conflict_pools import (
    add_gm_pool,
    spend_gm_pool,
    spend_momentum,
    why_not_add_gm_pool,
    why_not_spend_gm_pool,
    why_not_spend_momentum,
)
from seforge.systems.twod20.harm_state import defeated
from seforge.systems.twod20.profiles import Profile

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


def npc_opening_cost(conflict: Conflict) -> int:
    """What the GM pays for an NPC to open round 1 now (0: nothing to pay, because round 1
    has begun, the order is not the alternating one or the table sets no price); while it is
    above 0 the GM picks a player character to open, or pays it [S] lines 19-22."""
    if conflict.order_mode is not OrderMode.ALTERNATING or not is_opening(conflict):
        return 0
    return conflict.settings.npc_opener_cost


def found(conflict: Conflict, name: str) -> Combatant | str:
    """The combatant named ``name``, or why there is none (the reason :func:`find`
    refuses with): every ``why_not_*`` that names a combatant starts here."""
    try:
        return find(conflict, name)
    except RefusedError as exc:
        return exc.reason


def why_not_npc_open(conflict: Conflict, name: str) -> str | None:
    """Why ``name`` cannot open round 1 as an NPC for ``npc_opener_cost`` Threat."""
    combatant = found(conflict, name)
    if isinstance(combatant, str):
        return combatant
    if conflict.order_mode is not OrderMode.ALTERNATING:
        return "an NPC opening for Threat belongs to the alternating action order"
    if combatant.side is not Side.NPC:
        return "a player character opens round 1 without paying"
    if not is_opening(conflict):
        return "round 1 has already begun"
    return _why_not_act_for(conflict, combatant, conflict.settings.npc_opener_cost)


def npc_open(conflict: Conflict, name: str) -> Conflict:
    """The GM spends ``npc_opener_cost`` (2) Threat so the NPC ``name`` opens round 1
    [``2d20.order.opener``]."""
    refuse(why_not_npc_open(conflict, name))
    return _act_for(conflict, name, conflict.settings.npc_opener_cost)


def _why_not_act_for(conflict: Conflict, npc: Combatant, cost: int) -> str | None:
    """Why ``npc`` cannot act now with the GM paying ``cost`` from their pool."""
    reason = why_cannot_act(conflict, npc)
    if reason is not None:
        return reason
    return why_not_spend_gm_pool(conflict, cost)


def _act_for(conflict: Conflict, name: str, cost: int) -> Conflict:
    """The GM pays ``cost`` from their pool and the NPC ``name`` takes their turn now."""
    paid = spend_gm_pool(conflict, cost)
    return _after_turn(paid, find(paid, name))


def why_not_take_turn(conflict: Conflict, name: str) -> str | None:
    combatant = found(conflict, name)
    if isinstance(combatant, str):
        return combatant
    reason = why_cannot_act(conflict, combatant)
    if reason is not None:
        return reason
    if conflict.order_mode is OrderMode.NARRATIVE:
        return None
    cost = npc_opening_cost(conflict)
    if combatant.side is Side.NPC and cost > 0:
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
    combatant = found(conflict, name)
    if isinstance(combatant, str):
        return combatant
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
    refuse(why_not_act_early(conflict, name))
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
    refuse(why_not_take_turn(conflict, name))
    return _after_turn(conflict, find(conflict, name))


def why_not_seize(conflict: Conflict, name: str) -> str | None:
    combatant = found(conflict, name)
    if isinstance(combatant, str):
        return combatant
    if combatant.side is not Side.NPC:
        return "only an NPC can seize the initiative"
    return _why_not_act_for(conflict, combatant, conflict.settings.seize_initiative_cost)


def seize_initiative(conflict: Conflict, name: str) -> Conflict:
    """The GM pays ``seize_initiative_cost`` (1) Doom/Threat so an NPC acts now
    [``2d20.order.pcs-first``]."""
    refuse(why_not_seize(conflict, name))
    return _act_for(conflict, name, conflict.settings.seize_initiative_cost)


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
    last = found(conflict, conflict.last_actor)
    if isinstance(last, str):
        return last
    side = last.side
    if conflict.next_side is side:
        return f"{side.label} already have the initiative"
    if side in conflict.keep_locked:
        return f"{side.label} kept the initiative last time: an enemy must act first"
    if not waiting(conflict, side):
        return f"nobody among {side.label} is left to act this round"
    return _why_not_pay(conflict, side, payment)


def keep_initiative(conflict: Conflict, payment: Payment) -> Conflict:
    """The last actor's side pays to let an ally act next [``2d20.order.keep``]."""
    refuse(why_not_keep_initiative(conflict, payment))
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
    refuse(why_not_end_round(conflict, opener, payment))
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
