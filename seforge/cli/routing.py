"""Which game system reads a file, by the format id written in it.

``seforge check`` and ``seforge export`` ask :func:`system_for_file` for each file: the
system whose formats name the file's format id (or one of its aliases). A file that
cannot be read, or whose format no system claims, goes to :data:`DEFAULT_SYSTEM`, the
first system (files written before game systems are its own): its loader then gives its
usual one-line message.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seforge.core.systems import GameSystem

DEFAULT_SYSTEM = "swords-edge"


def default_system() -> GameSystem:
    from seforge.systems import registry

    return registry().get(DEFAULT_SYSTEM)


def system_for_format(format_id: str) -> GameSystem | None:
    """The system that reads ``format_id``, or None. The system named by the id's prefix
    (``blades`` for ``blades.crew``) is tried first, then the default system (whose old
    ids start with ``seforge.``), so the others stay unloaded."""
    from seforge.core.systems import SystemLoadError
    from seforge.systems import BUILTIN_SYSTEMS, registry

    systems = registry()
    prefix = format_id.partition(".")[0]
    # a built-in is found without listing the installed entry points (about 30 ms)
    candidates = [prefix] if prefix in BUILTIN_SYSTEMS else []
    for system_id in dict.fromkeys((*candidates, DEFAULT_SYSTEM)):
        try:
            system = systems.get(system_id)
        except SystemLoadError:
            continue
        if any(format_id == f.id or format_id in f.aliases for f in system.formats):
            return system
    try:
        return systems.for_format(format_id)[0]
    except SystemLoadError:
        return None


def system_for_file(path: str | Path) -> GameSystem:
    """The system that reads the file at ``path`` (the default system when none does)."""
    from seforge.core.documents import DocumentFileError, peek_format

    try:
        format_id = peek_format(Path(path))
    except DocumentFileError:
        return default_system()
    return system_for_format(format_id) or default_system()
