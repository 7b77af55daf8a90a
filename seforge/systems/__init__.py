"""The game systems SEForge ships, one package each (they never import each other).

Nothing here lists them: every system, built in or installed as its own package, declares
an entry point in the group ``seforge.systems`` (the built-ins in SEForge's own
``pyproject.toml``), and :func:`registry` returns the app's
:data:`seforge.core.systems.REGISTRY`, which finds them there. Knowing which systems exist
imports none of them; a system's object is imported the first time it is asked for.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's, without importing typing (see seforge.core.cli)

if TYPE_CHECKING:
    # the registry loads when asked for: importing this package stays light
    from seforge.core.systems import SystemRegistry


def registry() -> SystemRegistry:
    """The app's registry of game systems (the installed ``seforge.systems`` entry points)."""
    from seforge.core.systems import REGISTRY

    return REGISTRY
