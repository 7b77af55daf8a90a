"""Each game system's editor, docks and dialogs, one package per system.

A package ``ui.systems.X`` uses only ``seforge.systems.X``, ``seforge.core`` and
``ui.shell``. Its ``SYSTEM_UI`` is declared in the ``seforge.ui_systems`` entry-point
group (see :mod:`ui.shell.system_uis`); nothing here lists the systems.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seforge.core.library import LibraryEntry


def core_file_info(system_id: str) -> tuple[list[str], list[str]]:
    """A system's document suffixes and format ids (aliases too), from its core: for a
    system UI that does not name them itself."""
    from seforge.systems import registry

    formats = registry().get(system_id).formats
    return ([f.suffix for f in formats],
            [i for f in formats for i in (f.id, *f.aliases)])


def core_library(system_id: str) -> Sequence[LibraryEntry]:
    """A system's ready-made documents, from its core."""
    from seforge.systems import registry

    return registry().get(system_id).library()


def system_order() -> list[str]:
    """The ids of the systems whose cores load, in the core's order (the first is the
    command line's default): the window lists them so, and Ctrl+N on the start page makes
    the first one's first document."""
    from seforge.systems import registry

    return [system.id for system in registry().load_all()[0]]
