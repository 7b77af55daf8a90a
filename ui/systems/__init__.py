"""Each game system's editor, docks and dialogs, one package per system.

A package ``ui.systems.X`` uses only ``seforge.systems.X``, ``seforge.core`` and
``ui.shell``. :func:`register_builtin` puts every built-in system's UI in the shell's
registry, imported only when that system is first shown.
"""

from __future__ import annotations

import importlib.util

from ui.shell.system_uis import UI_REGISTRY

BUILTIN_SYSTEM_UIS: dict[str, str] = {
    "swords-edge": "ui.systems.swords_edge.swords_edge_ui:SYSTEM_UI",
    "2d20": "ui.systems.twod20.twod20_ui:SYSTEM_UI",
    "blades": "ui.systems.blades.blades_ui:SYSTEM_UI",
    "sword-of-life": "ui.systems.sword_of_life.sword_of_life_ui:SYSTEM_UI",
}


def core_file_info(system_id: str) -> tuple[list[str], list[str]]:
    """A system's document suffixes and format ids (aliases too), from its core: for a
    system UI that does not name them itself."""
    from seforge.systems import registry

    formats = registry().get(system_id).formats
    return ([f.suffix for f in formats],
            [i for f in formats for i in (f.id, *f.aliases)])


def register_builtin() -> None:
    """Register the built-in system UIs whose package is present."""
    if UI_REGISTRY.file_info is None:
        UI_REGISTRY.file_info = core_file_info
    for system_id, target in BUILTIN_SYSTEM_UIS.items():
        module = target.partition(":")[0]
        try:
            present = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            present = False
        if present:
            UI_REGISTRY.register_lazy(system_id, target)
