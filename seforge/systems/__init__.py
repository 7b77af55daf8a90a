"""The game systems SEForge ships, one package each (they never import each other).

:func:`registry` returns :data:`seforge.core.systems.REGISTRY` with every built-in system
registered lazily: knowing which systems exist imports none of them, and a system's
package is imported the first time it is asked for. A system installed as its own
package joins through the ``seforge.systems`` entry-point group instead.
"""

from __future__ import annotations

import importlib.util

from seforge.core.systems import REGISTRY, SystemRegistry

BUILTIN_SYSTEMS: dict[str, str] = {
    "swords-edge": "seforge.systems.swords_edge.system:SYSTEM",
    "2d20": "seforge.systems.twod20.system:SYSTEM",
    "blades": "seforge.systems.blades.system:SYSTEM",
    "sword-of-life": "seforge.systems.sword_of_life.system:SYSTEM",
}
"""Each built-in system's id and the ``module:attribute`` of its GameSystem object."""

SYSTEM_ALIASES: dict[str, str] = {"sol": "sword-of-life"}
"""Short names the command line accepts for a system id (``seforge odds --system sol``)."""

_registered = False


def _present(target: str) -> bool:
    module = target.partition(":")[0]
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def registry() -> SystemRegistry:
    """The app's registry with the built-in systems registered (once)."""
    global _registered
    if not _registered:
        _registered = True
        for system_id, target in BUILTIN_SYSTEMS.items():
            if system_id not in REGISTRY.ids() and _present(target):
                REGISTRY.register_lazy(system_id, target)
    return REGISTRY
