"""Which game system reads a file, by the format id written in it.

``seforge check`` and ``seforge export`` ask :func:`system_for_file` for each file: the
system whose formats name the file's format id (or one of its aliases). A file that
cannot be read, or whose format no system claims, goes to the system whose document
suffix the file has (its loader then gives its usual one-line message), else to the first
system in order.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seforge.core.systems import GameSystem


def default_system() -> GameSystem:
    from seforge.systems import registry

    return registry().primary()


def system_for_format(format_id: str) -> GameSystem | None:
    """The system that reads ``format_id``, or None. The system named by the id's prefix
    (``blades`` for ``blades.crew``) is tried first, so the others stay unloaded."""
    from seforge.core.systems import SystemLoadError
    from seforge.systems import registry

    systems = registry()
    prefix = format_id.partition(".")[0]
    if prefix in systems.ids():
        try:
            system = systems.get(prefix)
        except SystemLoadError:
            system = None
        if system is not None and any(format_id == f.id or format_id in f.aliases
                                      for f in system.formats):
            return system
    try:
        return systems.for_format(format_id)[0]
    except SystemLoadError:
        return None


def system_for_suffix(path: str | Path) -> GameSystem | None:
    """The system whose documents end like ``path`` (None when none does)."""
    from seforge.core.systems import SystemLoadError
    from seforge.systems import registry

    suffix = Path(path).suffix
    if not suffix:
        return None
    try:
        return registry().for_suffix(suffix)[0]
    except SystemLoadError:
        return None


def system_for_file(path: str | Path) -> GameSystem:
    """The system that reads the file at ``path`` (by its format, else its suffix, else
    the first system)."""
    from seforge.core.documents import DocumentFileError, peek_format

    try:
        format_id = peek_format(Path(path))
    except DocumentFileError:
        return system_for_suffix(path) or default_system()
    return system_for_format(format_id) or system_for_suffix(path) or default_system()
