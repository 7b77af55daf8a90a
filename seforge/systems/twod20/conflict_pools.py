"""The pools of the 2d20 conflict tracker: the group's Momentum (capped, rule
``2d20.momentum.cap``) and the GM's Threat or Doom, with the table settings that bound them.
"""

from __future__ import annotations

from seforge.core.trackers import Excess, Pool, RefusedError
from seforge.systems.twod20.conflict_model import (
    MAX_GM_POOL,
    Conflict,
    Side,
    gm_pool_name,
    refuse,
)
from seforge.systems.twod20.settings import TableSettings


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
    refuse(why_not_spend_momentum(conflict, amount))
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
