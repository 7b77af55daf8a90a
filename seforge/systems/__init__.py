"""The game systems SEForge ships, one package each (they never import each other).

:func:`registry` returns :data:`seforge.core.systems.REGISTRY` with every built-in system
registered lazily: knowing which systems exist imports none of them, and a system's
package is imported the first time it is asked for. A system installed as its own
package joins through the ``seforge.systems`` entry-point group instead.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's, without importing typing (see seforge.core.cli)

if TYPE_CHECKING:
    from typing import Any

    # the registry loads when asked for: listing the built-ins stays light
    from seforge.core.systems import SystemRegistry

BUILTIN_SYSTEMS: dict[str, str] = {
    "swords-edge": "seforge.systems.swords_edge.system:SYSTEM",
    "2d20": "seforge.systems.twod20.system:SYSTEM",
    "blades": "seforge.systems.blades.system:SYSTEM",
    "sword-of-life": "seforge.systems.sword_of_life.system:SYSTEM",
}
"""Each built-in system's id and the ``module:attribute`` of its GameSystem object."""

BUILTIN_ODDS: dict[str, str] = {
    "swords-edge": "seforge.systems.swords_edge.cli.odds:main",
    "2d20": "seforge.systems.twod20.cli:run",
    "blades": "seforge.systems.blades.cli:run_odds",
    "sword-of-life": "seforge.systems.sword_of_life.cli:run",
}
"""The ``module:function`` behind each built-in system's ``run_odds``, so that ``seforge odds``
runs it without importing the system object and the core's protocols (a test keeps each
equal to what the system's ``run_odds`` calls)."""

SYSTEM_ALIASES: dict[str, str] = {"sol": "sword-of-life"}
"""Short names the command line accepts for a system id (``seforge odds --system sol``)."""

BUILTIN_TITLES: dict[str, str] = {
    "swords-edge": "Sword's Edge",
    "2d20": "2d20 (SRD 2022 / Conan)",
    "blades": "Blades in the Dark",
    "sword-of-life": "Sword of Life",
}
"""Each built-in system's title, known without importing it (``seforge --help`` lists
them); a test keeps them equal to the systems' own titles."""

BUILTIN_VERBS: dict[str, dict[str, str]] = {
    "swords-edge": {
        "library": "list or show the book's sample characters",
    },
}
"""The command line verbs each built-in system adds and their help lines, known without
importing the system (a test keeps them equal to its ``cli_verbs``)."""

BUILTIN_SHEET_READERS: tuple[str, ...] = ("swords-edge", "2d20", "blades")
"""The built-in systems whose sheets ``seforge import`` reads back, known without importing
them (``seforge --help`` lists them; a test keeps it equal to each ``sheet_reader``)."""

_registered = False


def _present(target: str) -> bool:
    """Whether the system's module is here; finding it imports the system's package
    ``__init__`` (kept to a docstring), not the module."""
    import importlib.util

    module = target.partition(":")[0]
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def builtin_ids() -> list[str]:
    """The ids of the built-in systems that are here, without importing their modules."""
    return [system_id for system_id, target in BUILTIN_SYSTEMS.items() if _present(target)]


def load_builtin(system_id: str) -> Any:
    """The GameSystem object of a built-in system, imported straight from its target
    (no registry, no entry points): the quick way for ``seforge odds``. KeyError for an id
    that is not built in."""
    import importlib

    module, _, attribute = BUILTIN_SYSTEMS[system_id].partition(":")
    target = getattr(importlib.import_module(module), attribute)
    factory = callable(target) and not hasattr(target, "run_odds")
    return target() if factory else target


def builtin_odds(system_id: str) -> Any:
    """The function behind a built-in system's ``run_odds`` (taking ``argv`` and ``prog``),
    imported alone; None when the id is not built in or its package is not here."""
    import importlib

    target = BUILTIN_ODDS.get(system_id)
    if target is None:
        return None
    module, _, attribute = target.partition(":")
    try:
        loaded = importlib.import_module(module)
    except ModuleNotFoundError as missing:  # a build without this system
        if missing.name and module.startswith(missing.name):
            return None
        raise
    return getattr(loaded, attribute)


def verb_system(verb: str) -> str | None:
    """The id of the built-in system that adds the command line verb ``verb``, or None."""
    for system_id, verbs in BUILTIN_VERBS.items():
        if verb in verbs and system_id in builtin_ids():
            return system_id
    return None


def registry() -> SystemRegistry:
    """The app's registry with the built-in systems registered (once), without listing
    the installed entry points (that waits until a system not built in is asked for)."""
    global _registered
    from seforge.core.systems import REGISTRY, SystemLoadError

    if not _registered:
        _registered = True
        for system_id, target in BUILTIN_SYSTEMS.items():
            if _present(target):
                try:
                    REGISTRY.register_lazy(system_id, target)
                except SystemLoadError:  # registered already (e.g. by a test)
                    continue
    return REGISTRY
